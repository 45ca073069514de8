# The start menu (the saved matches, the games, Statistics, Keys, About, the
# language) and each game's menu (new match, the rule settings, saved on the
# device).
#
# What the first frame after boot does not need is imported where it is
# used (the saves' reader, the settings files, the notice's text): on a
# Pico each module costs 10-25 ms of littlefs lookups and loading.
import gc

from hal import keys
from engine import games
from firmware.scene import Scene
from firmware import ui, font
from firmware import words

_ = words.section("menu")

# The names of the saved matches (firmware/savegame.py's PREFIX, and the
# single save of earlier versions, firmware/saves.py's LEGACY), known here
# so that the start menu sees there are none without loading their reader.
SAVE_PREFIX = "save_"
LEGACY_SAVE = "game"


def _stored_names(storage):
    """The names of the files in storage, or None where it cannot list them:
    one listing of the folder instead of a lookup per name (about 1 ms each
    on the Pico's flash)."""
    files = getattr(storage, "files", None)  # hal.headless.MemoryStorage
    if files is not None:
        return list(files)
    root = getattr(storage, "root", None)  # hal.storage.Storage
    if root is None:
        return None
    import os
    try:
        return os.listdir(root)
    except OSError:  # no folder yet (a fresh flash): nothing stored
        return []


def may_hold_saves(storage):
    """False when storage holds no saved match (nor the old single save):
    the start menu then has nothing to read and skips firmware.saves and
    the engine's save format (~100 ms of imports on a Pico)."""
    names = _stored_names(storage)
    if names is None:
        return True
    for n in names:
        if n == LEGACY_SAVE or n.startswith(SAVE_PREFIX):
            return True
    return False


def set_aside_text(what, storage, why=None):
    """firmware/notice.py's words for a file set aside, its module loaded
    only when there is one."""
    from firmware.notice import set_aside_text as text
    return text(what, storage, why)


class StartMenu(Scene):
    """A Continue line for every saved match (its game and score), the
    games, Statistics, Keys, About, Language."""

    def __init__(self, app, sel=0):
        Scene.__init__(self, app)
        games.unload()  # back at the start: no game's rules stay in the heap
        problems = []
        self.entries = []  # (label, "continue", "game", "stats", "keys", "about" or "lang", game id)
        if may_hold_saves(app.board.storage):
            self._saved(app, problems)
        if problems:
            app.notify(" ".join(problems))
        for g, t, p in games.GAMES:
            self.entries.append((words.title(t), "game", g))
        self.entries.append((_("Statistics"), "stats", None))
        self.entries.append((_("Power"), "power", None))
        self.entries.append((_("Keys"), "keys", None))
        self.entries.append((_("About"), "about", None))
        self.entries.append((words.lang_line(), "lang", None))
        self.items = [e[0] for e in self.entries]
        self.sel = sel % len(self.items)
        self.top = 0

    def _saved(self, app, problems):
        """A Continue entry for each saved match; what could not be used
        goes into problems."""
        from firmware import saves
        storage = app.board.storage
        why = saves.migrate(storage)
        if why:
            problems.append(set_aside_text(_("The saved match"), storage, why))
        for g, t, p in games.GAMES:
            saved, why = saves.peek(storage, g)
            if why:
                problems.append(set_aside_text(_("The saved %s match") % words.title(t), storage, why)
                                + (_(" The save before it is offered.") if saved else ""))
            if saved is not None:
                label = ui.fit(app.m, (_("Continue %s %s") % (words.title(t), saved.score_text())).strip(),
                               app.m.w - 6)
                self.entries.append((label, "continue", g))
        # (the app releases the saves' module once this menu is made)

    def handle(self, key, event):
        n = len(self.items)
        if key == keys.UP:
            self.sel = (self.sel - 1) % n
        elif key == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif self.entries[self.sel][1] == "lang" and key in (keys.LEFT, keys.RIGHT, keys.OK):
            self._next_lang(-1 if key == keys.LEFT else 1)
        elif key == keys.OK or key == keys.RIGHT:
            label, what, name = self.entries[self.sel]
            if what == "continue":
                self._continue(name)
            elif what == "game":
                self.app.go(GameMenu(self.app, name, self.sel), False)  # (it collected)
            elif what == "stats":
                from firmware.statscreen import StatsScreen
                self.app.go(StatsScreen(self.app, self.sel))
            elif what == "power":
                from firmware.powermenu import PowerMenu
                self.app.go(PowerMenu(self.app, self.sel))
            elif what == "keys":
                from firmware import help
                self.app.go(help.keys_screen(self.app))
            else:
                from firmware import help
                self.app.go(help.about(self.app))
        else:
            return False
        return True

    def _next_lang(self, d):
        from firmware import lang
        lang.step(self.app, d)
        words.use(lang.load(self.app))
        # every line of the menu in the new language, the cursor kept
        self.app.go(StartMenu(self.app, self.sel))

    def _continue(self, name):
        # The save is replayed by the table, once the menus have left the heap.
        self.app.play(name, None, None, load_level(self.app), True)

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, _("POCKET CARD TABLE"))
        self.top = ui.menu_list(fb, m, th, self.items, self.sel, m.line + 5, self.top)


def _load_setting(*args):
    """firmware/prefs.py's load_setting, loaded when a game's menu needs it."""
    from firmware.prefs import load_setting
    return load_setting(*args)


def _version():
    """The settings files' version word (firmware/prefs.py)."""
    from firmware.prefs import SETTINGS_VERSION
    return SETTINGS_VERSION


def load_options(app, game):
    """The game's settings as last saved on the device (defaults if none or
    if the saved text no longer fits the rules)."""
    from engine.game import parse_options

    def parse(words):
        return parse_options(game.SETTINGS, words)
    return _load_setting(app, "opts_" + game.NAME, parse, game.default_options(),
                         _("The %s settings") % words.title(game.TITLE), _(" The standard settings are used."))


# The computer players' level, for every game: the engine's normal AI, its
# heuristic (easy, instant) or the hard search (5-10 s a move on a Pico).
LEVELS = ("normal", "easy", "hard")
LEVEL_FILE = "opponents"


def _level(words):
    if len(words) != 1 or words[0] not in LEVELS:
        raise ValueError("unknown level")
    return words[0]


def load_level(app):
    """The opponents' level as last chosen ("v1 normal"); normal if none, or
    if the file cannot be used."""
    return _load_setting(app, LEVEL_FILE, _level, LEVELS[0],
                         _("The opponents' level"), _(" They play at normal."))


TAKEBACK_FILE = "takebacks_"


def _on_off(words):
    if len(words) != 1 or words[0] not in ("off", "on"):
        raise ValueError("not on or off")
    return 1 if words[0] == "on" else 0


def load_takebacks(app, name):
    """Whether new matches of game `name` allow take-backs (1) or not (0)."""
    return _load_setting(app, TAKEBACK_FILE + name, _on_off, 0,
                         _("The take-back setting"), _(" Take-backs are off."))


# The opponents' level in words, as LEVELS.
LEVEL_WORDS = (("Normal", "The computer searches: 2-3 s a move."),
               ("Easy", "Quick, simpler play by rules of thumb."),
               ("Hard", "A deeper search: 5-10 s a move."))
# Take-backs, per game (a device setting, not a rule: the match keeps the
# choice made when it started, in its save).
TAKEBACK_WORDS = (("Off", "No taking moves back."),
                  ("On", "Pause, Take back: undo your last move. The match is marked."))
NEW_MATCH = "New match"
RULES = "Rules"
RULES_HINT = "How this game is played, with the settings above."
BACK = "Back"
NEW_HINT = "LEFT/RIGHT change a line; OK here starts the match."


def explain_rows(m):
    """Text lines the game menu keeps under its list for the explanation."""
    return 3 if m.big else 2


class GameMenu(Scene):
    """New match, one line per rule setting that applies to the chosen
    variant, the opponents' level (LEFT/RIGHT/OK change a line), Back; the
    selected line's value explained underneath."""

    def __init__(self, app, name, back_sel=0):
        Scene.__init__(self, app)
        from firmware import settings
        self.name = name
        self.back_sel = back_sel
        # The start menu's kept lines go before the game's rules load: compiled
        # from .py (a mip install) they want the heap in one piece.
        font.forget()
        gc.collect()
        self.game = games.load(name)
        self.texts = settings.load(name)
        self.opts = load_options(app, self.game)
        self.level = load_level(app)
        self.takebacks = load_takebacks(app, name)
        m = app.m
        # The list's metrics: the screen above the explanation.
        self.lm = ui.Metrics(m.w, m.h)
        self.lm.h = m.h - explain_rows(m) * m.line - 2
        self.sel = 0
        self.top = 0
        self._rows()

    def _rows(self):
        """The settings shown: those that matter with the present values."""
        from firmware import settings
        self.shown = [s for s in self.game.SETTINGS
                      if settings.applies(self.texts, s[0], self.opts)]

    def _words(self, name):
        from firmware import settings
        return settings.words(self.texts, name, self.opts.get(name))

    def items(self):
        from firmware import settings
        out = [_(NEW_MATCH)]
        for name, values in self.shown:
            out.append("%s: %s" % (settings.label(self.texts, name), self._words(name)[0]))
        out.append(_("Opponents: %s") % _(LEVEL_WORDS[LEVELS.index(self.level)][0]))
        out.append(_("Take-backs: %s") % _(TAKEBACK_WORDS[self.takebacks][0]))
        out.append(_(RULES))
        out.append(_(BACK))
        return out

    def explanation(self):
        """The one line (wrapped) about the selected line's value."""
        ns = len(self.shown)
        if self.sel == 0:
            return _(NEW_HINT)
        if self.sel <= ns:
            return self._words(self.shown[self.sel - 1][0])[1]
        if self.sel == ns + 1:
            return _(LEVEL_WORDS[LEVELS.index(self.level)][1])
        if self.sel == ns + 2:
            return _(TAKEBACK_WORDS[self.takebacks][1])
        if self.sel == ns + 3:
            return _(RULES_HINT)
        return ""

    def _step(self, step):
        name, values = self.shown[self.sel - 1]
        if isinstance(values[0], int):
            values = sorted(values)  # numbers step in order; the default is first in the rules
        i = 0
        cur = self.opts.get(name)
        for j in range(len(values)):
            if values[j] == cur:
                i = j
        self.opts.set(name, values[(i + step) % len(values)])
        self.app.board.storage.write("opts_" + self.name, (
            "%s %s" % (_version(), self.opts.text())).encode())
        self._rows()  # a variant shows its own settings; the cursor stays on this one
        for j in range(len(self.shown)):
            if self.shown[j][0] == name:
                self.sel = j + 1

    def _drop_texts(self):
        """Out of the heap before the next scene loads (the menu is done)."""
        from firmware import settings
        self.texts = None
        settings.unload(self.name)

    def start(self, saved=False):
        """The match (saved: the game's saved one) begins, once the menus
        have left the heap."""
        self._drop_texts()
        if saved:
            self.app.play(self.name, None, None, self.level, True)
        else:
            self.app.play(self.name, self.opts, self.app.new_seed(), self.level,
                          False, self.takebacks == 1)

    def handle(self, key, event):
        ns = len(self.shown)
        n = ns + 5
        setting = 1 <= self.sel <= ns
        change = key == keys.LEFT or key == keys.RIGHT or key == keys.OK
        if key == keys.UP:
            self.sel = (self.sel - 1) % n
        elif key == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif setting and change:
            self._step(-1 if key == keys.LEFT else 1)
        elif self.sel == ns + 1 and change:
            i = LEVELS.index(self.level)
            self.level = LEVELS[(i + (-1 if key == keys.LEFT else 1)) % len(LEVELS)]
            self.app.board.storage.write(LEVEL_FILE, (
                "%s %s" % (_version(), self.level)).encode())
        elif self.sel == ns + 2 and change:
            self.takebacks = 1 - self.takebacks
            self.app.board.storage.write(TAKEBACK_FILE + self.name, (
                "%s %s" % (_version(), ("off", "on")[self.takebacks])).encode())
        elif key == keys.OK and self.sel == ns + 3:
            from firmware import help
            self.app.go(help.rules(self.app, self.game, self.opts, self.texts, self))
        elif key == keys.OK and self.sel == 0:
            from firmware import saves
            storage = self.app.board.storage
            saved, why = saves.peek(storage, self.name)
            if why:
                self.app.notify(set_aside_text(_("The saved %s match") % words.title(self.game.TITLE), storage, why)
                                + (_(" The save before it is offered.") if saved else ""))
            if saved is not None:
                # A match of this game is saved: Continue or Start over?
                from firmware.savedmatch import SavedMatch
                self.app.go(SavedMatch(self.app, self, saved))
            else:
                self.start()
        elif key == keys.BACK or key == keys.MENU or key == keys.OK:
            self._drop_texts()
            self.app.home(self.back_sel)
        else:
            return False
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, words.upper(words.title(self.game.TITLE)))
        lm = self.lm
        self.top = ui.menu_list(fb, lm, th, self.items(), self.sel, m.line + 5, self.top)
        fb.hline(0, lm.h + 1, m.w, th.accent)
        y = lm.h + 3
        for s in ui.wrap(m, self.explanation())[:explain_rows(m)]:
            ui.text(fb, m, s, 2, y, th.text)
            y += m.line
