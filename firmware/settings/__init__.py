# Each game's settings in words a player knows: one small module per game
# (firmware/settings/<game id>.py), loaded by the game menu for the chosen
# game only and dropped again when the menu is left, so the heap holds one
# game's texts at a time.  A module gives:
#   TEXTS = ((setting, label, ((value, word, why), ...)), ...)
#     value is the value's text (str(v)); why is a one-line explanation of
#     that value.  A numeric setting may give one row with value None whose
#     word and why are templates ("%s [point|points]": the forms of a
#     count's noun, firmware/plural.py), used for every number.
#   applies(name, opts): does the setting matter in the chosen variant?
# A setting or value without words still shows (its name with spaces);
# tests/test_settings_texts.py fails until it gets some.
import sys

PACKAGE = "firmware.settings."


class Translated:
    """A game's setting words in another language: the rules text's TEXTS
    (firmware/rules/<game>_<lang>.py, same shape), with applies() from the
    English module."""

    def __init__(self, texts, applies):
        self.TEXTS = texts
        self.applies = applies


def load(game):
    """The text module of game in the player's language, or None when there
    is none.  ImportError when a game's own is missing (a partial copy: the
    game is refused, firmware/partial.py)."""
    try:
        en = __import__(PACKAGE + game, None, None, ["TEXTS"])
    except ImportError:
        from engine import games
        if game in games.names():
            raise
        return None
    from firmware import words
    if words.LANG == "en":
        return en
    from firmware import rules
    name = "%s_%s" % (game, words.LANG)
    mod = rules.text_module(name)
    if not hasattr(mod, "TEXTS"):
        raise ValueError("no %s setting words of %s" % (words.LANG, game))
    t = Translated(mod.TEXTS, en.applies)
    rules.drop(name)  # only the words stay in the heap, not the rules' text
    return t


def unload(game):
    """Forget the text module and this package (MicroPython: their tuples
    leave the heap once the menu drops them; the desktop keeps modules, as
    engine.games does)."""
    if sys.implementation.name != "micropython":
        return
    sys.modules.pop(PACKAGE + game, None)
    sys.modules.pop("firmware.settings", None)
    pkg = sys.modules.get("firmware")
    if pkg is not None and hasattr(pkg, "settings"):
        delattr(pkg, "settings")


def _row(texts, name):
    if texts is not None:
        for r in texts.TEXTS:
            if r[0] == name:
                return r
    return None


def applies(texts, name, opts):
    return texts is None or texts.applies(name, opts)


def label(texts, name):
    r = _row(texts, name)
    return r[1] if r else name.replace("_", " ")


def words(texts, name, value):
    """(word, why) for value of setting name; why may be ""."""
    r = _row(texts, name)
    v = str(value)
    if r:
        template = None
        for w in r[2]:
            if w[0] == v:
                return w[1], w[2]
            if w[0] is None:
                template = w
        if template is not None:
            # a count's noun in its forms: "%s [круг|круга|кругов]"
            from firmware.plural import plural
            n = int(v)
            return plural(template[1], n) % v, plural(template[2], n) % v
    return v.replace("_", " "), ""
