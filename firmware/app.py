# The scene loop: poll the keys, let the current scene react, redraw only
# when something changed.  A scene is an object with handle(key, event) and
# tick(now) (each returns True when the screen must change), draw(fb), and
# busy() (True while it will change by itself, e.g. the computer's move).
import gc

from hal import keys
from firmware.theme import Theme, palette
from firmware import font
from firmware.ui import Metrics
from engine.compat import forget_modules



def texts():
    """The sections of the language's table in the heap (firmware/words.py)."""
    import sys
    return tuple([m for m in sys.modules if m.startswith("firmware.text.")])


# The table's modules, and every game's presentation (firmware.games.*)
TABLE_MODULES = ("firmware.table", "firmware.summary", "firmware.stats", "firmware.seats", "firmware.overlay",
                 "firmware.dialog", "firmware.chooser", "firmware.marks", "firmware.thinking")


class App:
    def __init__(self, board, seed=None):
        self.board = board
        self.fb = board.display
        self.theme = Theme(board.display.colors)
        self.m = Metrics(board.display.width, board.display.height)
        if board.display.colors > 2:
            board.display.palette = palette()
        # Matches are seeded from the clock at the moment a game is chosen,
        # unless a fixed seed is given (tests, the simulator's --seed).
        self.seed = seed
        self.trace = False  # print each computer decision's cost (firmware/main.py)
        self.scene = None
        self.dirty = True
        self.quit = False
        self.notice = None  # a problem to show before going on
        # A power cut during a write leaves NAME.tmp; the files are intact.
        clean = getattr(board.storage, "clean", None)
        if clean:
            clean()
        # The power policy (firmware/power.py, made by run()): None in tests
        # that step the app by hand.  battery: (per cent or None, on USB)
        # while a battery sense reads, shown in the corner (ui.battery).
        self.power = None
        self.battery = None
        self.touched = 0  # when the last key came
        self.waking = False  # the keys of the press that woke the device: not played
        self.match_due = None  # a match to start (App.play), None: none
        self.home_sel = 0  # the start menu is due (its cursor), None: not
        from firmware import words
        words.app = self
        words.use(self._language())
        self._go_home(False)  # (at boot there is no garbage worth a collection yet)

    def _language(self):
        """The language last chosen: English if none was, found without
        loading firmware/lang.py and the settings reader before the first
        frame."""
        from firmware import words
        if not self.board.storage.exists(words.LANG_FILE):
            return "en"
        from firmware import lang
        return lang.load(self)

    def home(self, sel=0):
        """Back to the start menu: built on the next pass of the loop, after
        the scene that asked for it is released, so that the start menu and
        the next game it loads never share the heap with the last table."""
        self.home_sel = sel
        self.dirty = True

    def play(self, name, opts, seed, level, saved=False, takebacks=False):
        """Start a match of game `name` (saved: continue the saved one), on
        the next pass of the loop: the menus leave the heap first, so that
        the match never shares it with them."""
        self.match_due = (name, opts, seed, level, saved, takebacks)
        self.dirty = True

    def _play(self):
        args, self.match_due = self.match_due, None
        self.scene = None
        forget_modules(("firmware.menu", "firmware.help", "firmware.lang", "firmware.savedmatch",
                 "firmware.statscreen", "firmware.prefs", "firmware.notice", "firmware.powermenu",
                 "firmware.plural")
                + texts())
        gc.collect()
        from firmware.table import start
        scene = start(self, *args)
        forget_modules(("firmware.saves",))  # what read the save is done
        if scene is None:
            self.home_sel = 0
            self._go_home()
        else:
            # (collected again here, ~4 ms on a Pico before the table's first
            # frame: without it the link's screen mirror ran out of a 200k
            # heap on the unix port, tests/test_link_fuzz.py)
            self.go(scene)
            if self.power:
                self.power.at_table(args[0])

    def _go_home(self, collect=True):
        """collect: the garbage of the last scene collected before the menu
        loads (not at boot, where a collection costs ~5 ms and frees
        nothing that matters)."""
        sel, self.home_sel = self.home_sel, None
        self.scene = None
        if self.power:
            self.power.at_table(None)
        import sys
        forget_modules(TABLE_MODULES + tuple([m for m in sys.modules if m.startswith("firmware.games")])
                + texts())
        if collect:
            gc.collect()
        from firmware.menu import StartMenu
        self.go(StartMenu(self, sel), collect)
        forget_modules(("firmware.saves",))  # the start menu has read the saves

    def new_seed(self):
        if self.seed is not None:
            s = self.seed
            self.seed = (self.seed * 31 + 7) & 0x3FFFFFFF
            return s
        return (self.board.ticks_ms() * 2654435 + 12345) & 0x3FFFFFFF

    def go(self, scene, collect=True):
        """Switch to another scene (the old one is dropped; collect: its
        garbage collected)."""
        self.scene = None
        font.forget()  # the last screen's lines: a new screen has its own
        if collect:
            gc.collect()
        self.scene = scene
        self.dirty = True

    def notify(self, text):
        """Show text (a file that could not be used, in plain words) on a
        notice screen before the current scene goes on."""
        self.notice = text

    def step(self):
        """One pass of the loop; returns True if a frame was sent.  A file
        missing from a partial copy stops only what needs it: the player is
        told, back at the start menu (firmware/partial.py)."""
        try:
            if self.home_sel is not None:
                self._go_home()
            if self.board.storage.untold and not self.notice:
                # A write the flash refused (full): the player is told at once,
                # once a file until it is written again (storage.untold).
                from firmware.prefs import unsaved_text
                self.notice = unsaved_text(self.board.storage)
            if self.notice:
                # what found the problem is done: out of the heap
                forget_modules(("firmware.prefs", "hal.storage_trouble"))
                from firmware.notice import Notice
                text, self.notice = self.notice, None
                self.go(Notice(self, text, self.scene))
            now = self.board.ticks_ms()
            events = self.board.buttons.poll(now)
            if events:
                self.touched = now
                if self.waking:
                    # the press that woke the device: dropped up to its release
                    self.waking = bool(self.board.buttons.held())
                    events = ()
            click = False
            for key, event in events:
                # Auto-repeat moves the cursor; it never plays or confirms.
                if event == keys.PRESS or (event == keys.REPEAT and key <= keys.DOWN):
                    if self.scene.handle(key, event):
                        self.dirty = True
                        click = True
            if self.home_sel is not None:
                self._go_home()
            if self.match_due is not None:
                self._play()
            if self.scene.tick(now):
                self.dirty = True
            if not self.dirty:
                return False
            self.dirty = False
            self.fb.fill(self.theme.bg)
            self.scene.draw(self.fb)
            if self.battery is not None:
                self.power.draw(self.fb)  # (the battery's sign)
            self.fb.show()
            if click:
                # after the key's frame: the click blocks for its 2 ms and more
                self.board.sound.click()
            self.scene.after_frame()
            return True
        except ImportError as e:
            # (by __import__ and an existing name: no new interned name in
            # a module the heap always holds, firmware/partial.py)
            __import__("firmware.partial", None, None, ["T"]).missing(self, e)

    def busy(self):
        return self.home_sel is not None or self.match_due is not None or self.scene.busy() \
            or self.notice or self.board.storage.untold is not None  # (a notice due)

    def run(self, until=None):
        """The device's loop (firmware/power.py; until: a test's end)."""
        if self.power is None:
            self.step()  # the start menu on the screen before the power part loads
        font.fast()
        from firmware.power import run
        run(self, until)

