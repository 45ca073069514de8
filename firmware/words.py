# The device's texts in the player's language (English or Russian).
#
# English is the source, as with gettext: the code writes its texts in
# English and translates them where it shows them, through
#     _ = words.section("table")
# so the English game costs no table at all.  The Russian table is split in
# sections (firmware/text/ru_<section>.py, a string T each: the menus, the
# table, one per game), each imported when first needed and dropped with
# the scene's modules (App.release): the whole table is several times what
# one screen needs, and the heap at Skat's table has no room for it.
# A text missing from its section raises in tests (STRICT) and shows in
# English on the device, where a wrong word beats a crash;
# tests/test_words.py finds every text the code translates and fails on
# any the table lacks.
#
# The engine's own texts (action names, public facts, a deal's reason) are
# English phrases made of comma-, semicolon- or colon-separated pieces;
# `phrase` translates them piece by piece: a piece the section has as it
# stands, or its shape with the numbers, seats and cards as '#' ("bid #"),
# or else word by word.
import sys

PACKAGE = "firmware.text."
LANG = "en"
app = None  # the application (firmware/app.py): told when a text module is missing
STRICT = False  # tests set it: a missing translation is a failure there

# Card ranks as the cards show them, by language (Russian cards: Т = ace),
# and the joker's letters after its star.
RANKS = {"en": ("7", "8", "9", "10", "J", "Q", "K", "A", "JK"),
         "ru": ("7", "8", "9", "10", "В", "Д", "К", "Т", "Дж")}


# The language last chosen is in this file ("v1 ru"; firmware/lang.py reads
# and writes it), and each language's name in itself, for the start menu's
# Language line: here, so that the boot to the start menu loads
# firmware/lang.py (and the settings reader it uses) only when a language
# was chosen (each module costs ~15 ms on a Pico; firmware/app.py).
LANG_FILE = "lang"
LANG_NAMES = {"en": "English", "ru": "Русский"}


def lang_line():
    """The start menu's Language line: the language spoken, in itself."""
    return section("menu")("Language: ") + LANG_NAMES[LANG]


def use(lang):
    """Speak `lang` from now on (the start menu's Language line, at boot)."""
    global LANG
    if lang not in RANKS:
        raise ValueError("unknown language %r" % lang)
    LANG = lang
    from firmware import ui
    ui.RANKS = RANKS[lang]


# The game at the table (firmware.games.load sets it): the section of the
# texts that the games share (firmware/games/base.py, public.py).
GAME = "table"


def game(text):
    """A text of the game at the table."""
    return section(GAME)(text)


def game_phrase(text):
    """An engine phrase of the game at the table."""
    return phrase(text, GAME)


def upper(t):
    """Capitals, Cyrillic too (MicroPython's str.upper knows ASCII only)."""
    out = []
    for c in t:
        if "а" <= c <= "я":
            c = chr(ord(c) - 32)
        elif c == "ё":
            c = "Ё"
        else:
            c = c.upper()
        out.append(c)
    return "".join(out)


def cap(t):
    """The first letter a capital (Cyrillic too)."""
    return upper(t[0]) + t[1:] if t else t


def get(T, text):
    """The translation of text in a section's string T ("\\n<English>\\t<the
    translation>" a line), or None."""
    i = T.find("\n" + text + "\t")
    if i < 0:
        return None
    i += len(text) + 2
    return T[i:T.find("\n", i)]


def table(name):
    """The section's string in the present language."""
    mod = PACKAGE + LANG + "_" + name
    m = sys.modules.get(mod)
    if m is None:
        try:
            m = __import__(mod, None, None, ["T"])
        except ImportError:  # not on the flash: English (firmware/partial.py)
            m = __import__("firmware.partial", None, None, ["T"]).text(mod)
    return m.T


MISSED = None  # a set: tools collect the missing texts instead of failing


def missing(text, name):
    if MISSED is not None:
        MISSED.add((name, text))
        return text
    if STRICT:
        raise KeyError("no %s text in section %s for %r" % (LANG, name, text))
    return text


def title(text):
    """A game's title (engine.games.GAMES): its own section, shared by the
    menus, the table, the statistics and the text game."""
    return section("titles")(text)


def section(name):
    """The translator of one section: English text in, the player's out."""
    def t(text):
        if LANG == "en":
            return text
        r = get(table(name), text)
        if r is None:
            return missing(text, name)
        return r
    return t


def phrase(text, name):
    """An engine phrase (English) in the player's language (the work is in
    firmware/phrase.py, loaded only for another language than English)."""
    if LANG == "en" or not text:
        return text
    from firmware.phrase import translate
    return translate(text, table(name), name, get, missing)
