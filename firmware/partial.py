# A copy of the application with files missing (copied by hand, a copy cut
# short): what goes on without them and what the player is told.  Loaded
# only once an import has failed, and it lets itself go again, so that a
# complete copy never holds its code (the heap at Skat's table has no room
# to spare: docs/device.md, "Memory and speed").
#   a text module of the language (firmware/text/): its texts in English,
#     the player told once (text, from firmware/words.py);
#   a game's own module (engine/<package>/, firmware/games/<package>,
#     firmware/settings/<game>, firmware/rules/<game>_<lang>): that game is
#     refused, the others play (missing, from App.step);
#   another module the start menu can do without (Statistics, a deal's
#     summary): that screen is refused, back to the start menu (missing);
#   one that the start menu or a notice needs: nothing can be shown, and
#     firmware/main.py says which file is missing (firmware/incomplete.py).
import sys

from engine.compat import forget_modules
from firmware import words
from firmware.incomplete import module_of

_ = words.section("notice")


class Missing:
    """Stands in for a text module that is not there (in sys.modules, so
    that it is not looked for again at every text): no texts, so each
    shows in English."""
    T = ""


def path(app, mod):
    """The missing file as the player finds it on the flash (without .py or
    .mpy, which differ by copy), broken after its folder where it would
    not fit a line of the notice (its words are not broken: ui.wrap)."""
    p = mod.replace(".", "/")
    if app is not None:
        from firmware import ui
        if ui.text_w(app.m, "(" + p + "):") > app.m.w - 8:  # (with its marks, less the scroll bar)
            i = p.rfind("/") + 1
            p = p[:i] + " " + p[i:]
    return p


def tell(app, text):
    """text on the notice screen at the app's next step, after any notice
    already due."""
    app.notice = app.notice + " " + text if app.notice else text


def text(mod):
    """firmware/words.py's stand-in for the language's text module mod that
    could not be imported; the player told once a module (words.app: the
    application, if one runs)."""
    sys.modules[mod] = Missing
    app = words.app
    told = getattr(app, "texts_missing", None)
    if app is not None and told is None:
        told = app.texts_missing = []
    if told is not None and mod not in told:
        told.append(mod)
        tell(app, _("Some texts are missing from this copy of the program (%s): they are shown "
                    "in English. Copy the program again.") % path(app, mod))
    forget_modules(("firmware.partial",))
    return Missing


def games_of(mod):
    """The titles of the games whose own file mod is (engine/games.py says
    which files a game has), or [] for a module no game owns."""
    from engine import games
    top, sub, name = (mod.split(".") + ["", ""])[:3]
    if top == "engine":
        # engine/<package>/...: the package's games, or the one variant
        # whose own rules it is (engine/sixtysix/schnapsen)
        own = [t for g, t, k in games.GAMES if k == sub and g == name]
        return own or [t for g, t, k in games.GAMES if k == sub]
    if top != "firmware" or not name:
        return []
    if sub == "games":  # the presentation, by package
        return [t for g, t, k in games.GAMES if k == name]
    if sub == "rules":  # <game>_<lang>
        name = name[:name.rfind("_")]
    if sub == "settings" or sub == "rules":
        return [t for g, t, k in games.GAMES if g == name]
    return []


def missing(app, e):
    """App.step's answer to the ImportError e: the player told what cannot
    be used and why, and back to the start menu (a new one: the game that
    failed leaves the heap).  Raises when the start menu or the notice
    itself cannot be made: then nothing can be shown (firmware/main.py)."""
    mod = module_of(e)
    scene = app.scene
    sel = getattr(scene, "back_sel", None)  # a game's menu: its line
    if sel is None:
        sel = getattr(scene, "sel", 0) if type(scene).__name__ == "StartMenu" else 0
    titles = games_of(mod)
    if titles:
        why = _("%s cannot be played: the file %s is missing from this copy of the program. "
                "Copy the program again.") % (", ".join([words.title(t) for t in titles]), path(app, mod))
    else:
        why = _("The file %s is missing from this copy of the program, so this cannot be shown. "
                "Copy the program again.") % path(app, mod)
    from firmware.notice import Notice  # noqa: F401  (raises here, not at every step)
    app.match_due = None
    app.home_sel = sel
    app._go_home()  # (raises if the start menu cannot be made)
    tell(app, why)
    forget_modules(("firmware.partial",))
