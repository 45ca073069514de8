"""Random keys visiting every game, with the live heap watched (issue 17, D6).

Runs under the real micropython at a fixed heap (it runs under CPython too,
from the repository's root, with no heap figures): tests/test_persistence.py
runs 40 simulated minutes of it on each screen, `make soak` (tests/soak.py)
an hour; tests/soak.py's check() judges what it prints.

    main(SEED, MINUTES, KIND, STORAGE_DIR, VISIT_S)

The app is driven only as a player would: keys pushed into a headless board
(board.push, app.step, hal.headless.settle), the screens told apart by their
scene class names, and the game in play read from the save the table wrote
last (engine.savegame.header), so this keeps working whatever the screens look
like inside.  Each visit goes from the start menu into a game (one of the
least visited, its line read off the menu and reached with DOWN or UP, OK,
and OK again in the
game's menu, now and then after changing a setting there; Continue or
Start over when the game has a saved match), plays random
keys there for about VISIT_S simulated seconds (cards, the action row,
pauses, summaries, whatever they lead to) and goes back to
the start menu by random presses of the keys that lead out (MENU, BACK, UP,
DOWN, OK).  The player "thinks" 0.2-1.2 s before each key; the computer's
moves take their own time on the board's clock.

Printed, one JSON object a line:
  {"minute": M, "heap": B, "scene": S, "game": G}  each simulated minute: the
      live heap after a collection, in bytes (-1 on CPython)
  {"menu": B, "visit": N, "after": G, "minute": M, "floors": {S: B}}  at the
      start menu after each visit: what is alive with no game in play, and
      the visit's lightest live heap after a key on each screen seen after
      FLOOR_KEYS keys or more
  {"module": NAME, "minute": M}  a module loaded for the first time
  {"done": true, "minutes": M, "visits": N, "keys": K, "games": {G: visits}}
  {"error": "MemoryError", ...}  and exit status 1 if the heap ran out."""
import gc
import json
import sys

try:
    import framebuf  # noqa: F401
except ImportError:
    sys.path.append("host_sim/shims")

from hal import keys
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
from engine import games
from engine.rng import Rng
from engine.savegame import header
from firmware.savegame import engine_save, PREFIX

# In play: mostly cards and choices, now and then the pause menu.
PLAY_KEYS = (keys.LEFT, keys.LEFT, keys.RIGHT, keys.RIGHT, keys.OK, keys.OK, keys.OK,
             keys.UP, keys.DOWN, keys.BACK, keys.MENU)
# The keys that lead back out of any screen (UP from the pause menu's first
# line wraps to its last, Quit to menu).
OUT_KEYS = (keys.MENU, keys.BACK, keys.UP, keys.UP, keys.OK, keys.OK)


def live_heap():
    """What is alive, less the lines of text the font keeps between frames
    (firmware/font.py: bounded, and which lines a screen left there is no
    leak, only noise in a band of 2 KB)."""
    from firmware import font
    font.forget()
    gc.collect()
    try:
        return gc.mem_alloc()
    except AttributeError:  # CPython
        return -1


def scene(app):
    return type(app.scene).__name__


class Soak:
    def __init__(self, seed, kind, storage_dir=None):
        self.rnd = Rng(seed)
        # With a folder: the files on disk through hal.storage, as on the
        # device, not in the heap (the headless board's default).
        self.board = HeadlessBoard(kind, storage_dir)
        self.last_save = None
        self._watch_saves()
        self.app = App(self.board, seed)
        self.keys = 0
        self.minute = 0
        self.visits = {}
        for g in games.names():
            self.visits[g] = 0
        self.modules = set()  # every module loaded so far
        self.module_minute = 0  # when the last of them was loaded first
        self.floors = {}  # by screen: (this visit's lightest live heap after a key, keys)
        settle(self.app, self.board)
        self.new_modules()

    def game(self):
        """The game the table plays: the save it wrote last names it (None
        if none)."""
        st = self.board.storage
        name = self.last_save
        if name is None or not st.exists(name):
            return None
        data = st.read(name)
        return None if data is None else header(engine_save(data))[0]

    def _watch_saves(self):
        """Remember which game's save the table writes (one file a game)."""
        st = self.board.storage
        write = st.write

        def watched(name, data, keep=False):
            if name.startswith(PREFIX):
                self.last_save = name
            return write(name, data, keep)
        st.write = watched

    def press(self, key):
        """The player thinks, presses a key, and waits for the screen."""
        b = self.board
        b.advance(200 + self.rnd.below(1000))
        self.sample()
        b.push(key)
        self.app.step()
        self.keys += 1
        settle(self.app, b)
        self.new_modules()
        self.sample()
        sc = scene(self.app)
        if sc != "StartMenu":
            h = live_heap()
            f = self.floors.get(sc)
            self.floors[sc] = (min(f[0], h), f[1] + 1) if f else (h, 1)

    def new_modules(self):
        """Say when a module is loaded for the first time: its names go into
        MicroPython's string table for good, so the heap rises once."""
        for name in sys.modules:
            if name not in self.modules:
                self.modules.add(name)
                self.module_minute = self.minute
                print(json.dumps({"module": name, "minute": self.minute}))

    def sample(self):
        while self.board.now >= (self.minute + 1) * 60000:
            self.minute += 1
            print(json.dumps({"minute": self.minute, "heap": live_heap(),
                              "scene": scene(self.app), "game": self.game()}))

    def leave(self):
        """Random presses of the way-out keys until the start menu."""
        for _ in range(400):
            if scene(self.app) == "StartMenu":
                return True
            self.press(OUT_KEYS[self.rnd.below(len(OUT_KEYS))])
        return scene(self.app) == "StartMenu"

    def enter(self):
        """From the start menu into a game, the least visited one if the
        tries allow; returns its id (None if no table was reached)."""
        want = min(self.visits[g] for g in self.visits)
        got = None
        for _ in range(30):
            if scene(self.app) != "StartMenu" and not self.leave():
                return None
            # A line of a least visited game, read off the menu (its
            # Continue line or its name; the saved matches come first),
            # reached the short way round: the list wraps.
            items = self.app.scene.items
            lines = [i for i in range(len(items)) for g, t, p in games.GAMES
                     if self.visits[g] == want
                     and (items[i] == t or items[i].startswith("Continue " + t + " "))]
            k = lines[self.rnd.below(len(lines))] if lines else self.rnd.below(len(items))
            n = len(items)
            k = (k - self.app.scene.sel) % n
            for _ in range(k if 2 * k <= n else n - k):
                self.press(keys.DOWN if 2 * k <= n else keys.UP)
            line = self.app.scene.items[self.app.scene.sel]
            self.press(keys.OK)
            for g, t, p in games.GAMES:
                if line == t or line.startswith("Continue " + t + " "):
                    # (a continued match writes its save at the next move)
                    self.last_save = PREFIX + g
            if scene(self.app) == "GameMenu":
                if self.rnd.below(3) == 0:
                    self.change_a_setting()
                self.press(keys.OK)  # its first line starts a match
            if scene(self.app) == "SavedMatch":
                # the game has a saved match: continue it or start over
                if self.rnd.below(2):
                    self.press(keys.DOWN)
                self.press(keys.OK)
            if scene(self.app) != "Table":
                continue
            got = self.game()
            if got is not None and self.visits[got] == want:
                break
        if got is not None:
            self.visits[got] += 1
        return got

    def change_a_setting(self):
        """Down to a line of the game's menu, a setting changed, back up to
        the first line (the variants and levels get their turns too)."""
        n = 1 + self.rnd.below(4)
        for _ in range(n):
            self.press(keys.DOWN)
        self.press(keys.RIGHT)
        for _ in range(n):
            self.press(keys.UP)

    def play(self, seconds):
        end = self.board.now + seconds * 1000
        while self.board.now < end:
            if scene(self.app) == "StartMenu":
                return  # the random keys quit the match
            self.press(PLAY_KEYS[self.rnd.below(len(PLAY_KEYS))])


# A screen's lightest live heap in a visit is its floor once the visit has
# seen it after this many keys: a summary passed with one key has no floor,
# it has one moment.
FLOOR_KEYS = 10


def floors(seen):
    return dict((sc, f[0]) for sc, f in seen.items() if f[1] >= FLOOR_KEYS)


# A run goes on past its minutes until this many minutes have passed since
# every game was played and the last module was loaded for the first time
# (the warm-up, see tests/soak.py's check), up to three times its minutes: a
# screen first reached late (the statistics at minute 53 of an hour) would
# otherwise leave too few minutes to judge.
AFTER_WARM_UP = 20


def main(seed=1, minutes=5, kind="oled", storage_dir=None, visit_s=40):
    s = Soak(seed, kind, storage_dir)
    n = 0

    def going():
        if s.board.now < minutes * 60000:
            return True
        if s.minute >= 3 * minutes:
            return False
        warm = s.module_minute if min(s.visits.values()) else s.minute
        return s.minute < warm + AFTER_WARM_UP

    try:
        while going():
            g = s.enter()
            s.play(visit_s // 2 + s.rnd.below(visit_s))
            if not s.leave():
                raise AssertionError("no way back to the start menu from " + scene(s.app))
            n += 1
            print(json.dumps({"menu": live_heap(), "visit": n, "after": g, "minute": s.minute,
                              "floors": floors(s.floors)}))
            s.floors = {}
    except MemoryError as e:
        print(json.dumps({"error": "MemoryError", "minute": s.minute, "scene": scene(s.app),
                          "game": s.game(), "visits": n}))
        # Where it ran out, for the report (stderr: the rows stay JSON).
        getattr(sys, "print_exception", lambda e, f: None)(e, sys.stderr)
        sys.exit(1)
    print(json.dumps({"done": True, "minutes": s.minute, "visits": n, "keys": s.keys,
                      "games": s.visits}))

