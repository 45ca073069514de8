# The device's small settings files ("opponents", "lang", "opts_<game>" ...):
# one line, "v1 word ...", the version first so that a later format is
# recognised and set aside instead of misread.  Shared by the menus and the
# help screens, which must not import the menus.
from firmware.notice import set_aside_text

SETTINGS_VERSION = "v1"


def load_setting(app, name, parse, default, what, instead):
    """parse(words) of the settings file `name` ("v1 word ..."), or default
    if there is none.  A file that cannot be used is set aside and the
    player told in plain words (what could not be used, what happens
    instead), and default is used."""
    storage = app.board.storage
    if not storage.exists(name):
        return default
    data = storage.read(name)
    if data is not None:
        # The version first, so a later format is recognised and set aside
        # instead of misread.
        try:
            words = data.decode().split()
            if words and words[0] == SETTINGS_VERSION:
                return parse(words[1:])
            why = "another version"
        except (ValueError, UnicodeError):
            why = "settings this program does not know"
        storage.set_aside(name, why)
    app.notify(set_aside_text(what, storage) + instead)
    return default
