# The help screens: a game's rules (with the settings in force), the keys
# of this board, About; each a scrollable text.  The rules' texts are small
# modules per game and language (firmware/rules/<game>_<lang>.py), imported
# when the screen opens and dropped when it closes, so the heap holds one
# text at a time and none while a match is played.
import sys

from hal import keys
from firmware.scene import Scene
from firmware import ui
from firmware.lang import load as load_lang

# loading and dropping the texts: firmware/rules/__init__.py (shared with
# the game menu's setting words)
from firmware.rules import text_module, drop  # noqa: E402


def rules_paras(game, lang, opts, texts):
    """(title, paragraphs) of game's rules in lang for the options opts: the
    text's own (a (setting, value, text) row only when that setting has that
    value), then the settings in force in words.  texts: the English setting
    words (firmware/settings/<game>.py), whose applies() says which settings
    matter; the Russian text carries its own words (TEXTS, same shape).
    Raises ImportError when the text is missing: never a silent fallback."""
    from firmware import settings
    mod = text_module("%s_%s" % (game.NAME, lang))
    out = []
    absent = getattr(mod, "ABSENT", ())
    for p in mod.PARAS:
        if isinstance(p, str):
            out.append(p)
        elif _value(opts, p[0], absent) == p[1]:
            out.append(p[2])
    words = mod if hasattr(mod, "TEXTS") else texts
    out.append(mod.IN_FORCE)
    for name, _ in game.SETTINGS:
        if settings.applies(texts, name, opts):
            w, why = settings.words(words, name, opts.get(name))
            out.append("%s: %s. %s" % (settings.label(words, name), w, why))
    title = mod.TITLE
    drop("%s_%s" % (game.NAME, lang))
    return title, out


def _value(opts, name, absent):
    """The text of setting name's value; a setting the engine does not have
    (yet) has the value the text says it has without it (ABSENT)."""
    if hasattr(opts, name):
        return str(opts.get(name))
    for n, v in absent:
        if n == name:
            return v
    return None


def key_names(board, mod):
    """{"UP": "A+X", ...}: the buttons that give each key on this board (the
    profile's labels, in mod's words (LABELS: (English, translation) pairs);
    a chord, or a held button)."""
    # The profiles stay in the heap only where the board holds them anyway
    # (hal/board.py, on the device): a headless board lets them go again.
    resident = "hal.boards" in sys.modules
    from hal.boards import PROFILES
    p = PROFILES.get(board.name)
    if p is None:  # a simulated board: the OLED's six buttons, or the Display Pack
        p = PROFILES["pico_oled" if board.kind == "oled" else "pico_display_pack"]
    if not resident and sys.implementation.name == "micropython":
        sys.modules.pop("hal.boards", None)
        import hal
        if hasattr(hal, "boards"):
            delattr(hal, "boards")
    own = {}
    for i in range(len(p["buttons"])):
        lab = p["labels"][i]
        for a, b in getattr(mod, "LABELS", ()):
            if a == lab:
                lab = b
        own[p["buttons"][i][0]] = lab
    out = {}
    for k in own:
        out[keys.NAMES[k]] = own[k]
    for a, b, k in p["chords"] + p["shifts"]:
        out[keys.NAMES[k]] = own[a] + "+" + own[b]
    for a, k in p["longs"]:
        held = mod.HOLD % own[a]
        out[keys.NAMES[k]] = out[keys.NAMES[k]] + "/" + held if keys.NAMES[k] in out else held
    return out


def keys_paras(board, lang, what="PARAS"):
    """The keys' text (or About's: what="ABOUT") in lang, with this board's
    buttons put in for {UP}, {OK}, ..."""
    name = "keys_" + lang
    mod = text_module(name)
    names = key_names(board, mod)
    if what == "ABOUT":
        from firmware.version import VERSION
        names["VERSION"] = VERSION
    out = [p.format(**names) for p in getattr(mod, what)]
    title = getattr(mod, what + "_TITLE")
    drop(name)
    return title, out


class Pages(Scene):
    """A text that scrolls: UP/DOWN a line, LEFT/RIGHT a page (UP/DOWN are
    chords on the four-button board), OK/BACK/MENU close (back to the scene
    `then`, or to the start menu).  A paragraph that starts with
    "#" is a heading.  Wrapped once, when opened, to the screen's width less
    the scroll bar."""

    def __init__(self, app, title, paras, then=None, back=-1):
        Scene.__init__(self, app)
        m = app.m
        self.title = title
        self.then = then
        self.back = back  # without `then`: the start menu's line to go back to
        tm = ui.Metrics(m.w - 3, m.h)  # the scroll bar's columns stay free
        self.lines = []  # (text, heading?)
        for p in paras:
            head = p[:1] == "#"
            for s in ui.wrap(tm, p[1:] if head else p):
                self.lines.append((s, head))
        self.top = 0
        self.rows = (m.h - m.line - 5) // m.line

    def last_top(self):
        return max(0, len(self.lines) - self.rows)

    def handle(self, key, event):
        step = {keys.UP: -1, keys.DOWN: 1, keys.LEFT: -self.rows + 1, keys.RIGHT: self.rows - 1}
        if key in step:
            top = min(self.last_top(), max(0, self.top + step[key]))
            if top == self.top:
                return False
            self.top = top
            return True
        if key == keys.OK or key == keys.BACK or key == keys.MENU:
            self.close()
            return True
        return False

    def close(self):
        if self.then is None:
            self.app.home(self.back)
        else:
            self.app.go(self.then)

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, self.title)
        y = m.line + 5
        for s, head in self.lines[self.top:self.top + self.rows]:
            ui.text(fb, m, s, 2, y, th.accent if head else th.text)
            y += m.line
        n = len(self.lines)
        if n > self.rows:
            # the scroll bar: where the shown lines are in the whole text
            y0 = m.line + 4
            h = m.h - y0
            bh = max(3, h * self.rows // n)
            by = y0 + (h - bh) * self.top // self.last_top()
            fb.fill_rect(m.w - 2, by, 2, bh, th.accent)


def rules(app, game, opts, texts, then):
    """The Rules screen of game (its module loaded) with the options opts;
    back to the scene then."""
    title, paras = rules_paras(game, load_lang(app), opts, texts)
    return Rules(app, title, paras, then)


def keys_screen(app):
    title, paras = keys_paras(app.board, load_lang(app))
    return Keys(app, title, paras, None, -3)  # back on Keys (then About, Language)


def about(app):
    title, paras = keys_paras(app.board, load_lang(app), "ABOUT")
    return About(app, title, paras, None, -2)  # back on About


# The scenes by name (tests, the robustness runs and the screenshots find
# them so); one code path, Pages.
class Rules(Pages):
    pass


class Keys(Pages):
    pass


class About(Pages):
    pass
