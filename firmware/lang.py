# The language of the help screens (Rules, Keys): the file "lang" ("v1 en" or
# "v1 ru"), like the opponents' level.  Its own small module, so that the
# start menu shows its line without loading the help screens.
LANGS = ("en", "ru")
WORDS = ("English", "Русский")
FILE = "lang"


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


def line(app):
    """The start menu's line, in the language it names."""
    from firmware import words
    return words.section("menu")("Language: ") + WORDS[LANGS.index(load(app))]


def step(app, d):
    """The next (d=1) or previous (d=-1) language, saved."""
    save(app, LANGS[(LANGS.index(load(app)) + d) % len(LANGS)])
