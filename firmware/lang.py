# The language of the help screens (Rules, Keys): the file "lang" ("v1 en" or
# "v1 ru"), like the opponents' level.  Its own small module, so that the
# start menu shows its line without loading the help screens; the start
# menu's line itself is in firmware/words.py (words.lang_line), and the
# boot looks for the file (firmware/app.py) before it loads this module.
from firmware.words import LANG_FILE as FILE, LANG_NAMES

LANGS = ("en", "ru")
WORDS = tuple([LANG_NAMES[lang] for lang in LANGS])


def load(app):
    """The language as last chosen; English if none, or if the file cannot
    be used (set aside, the player told)."""
    from firmware.prefs import load_setting as _load_setting

    def parse(words):
        if len(words) != 1 or words[0] not in LANGS:
            raise ValueError("unknown language")
        return words[0]
    return _load_setting(app, FILE, parse, LANGS[0], "The language setting",
                         " English is used.")


def save(app, lang):
    from firmware.prefs import SETTINGS_VERSION
    app.board.storage.write(FILE, ("%s %s" % (SETTINGS_VERSION, lang)).encode())


def step(app, d):
    """The next (d=1) or previous (d=-1) language, saved."""
    save(app, LANGS[(LANGS.index(load(app)) + d) % len(LANGS)])
