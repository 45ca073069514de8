# The device's small settings files ("opponents", "lang", "opts_<game>" ...):
# one line, "v1 word ...", the version first so that a later format is
# recognised and set aside instead of misread.  Shared by the menus, the
# language (firmware/lang.py) and the help screens, which must not import
# the menus.  And what the player is told when a file could not be written
# (the app loads this module for it only then).
from firmware.notice import set_aside_text
from firmware import words

_ = words.section("notice")

SETTINGS_VERSION = "v1"
# The most a settings file holds: the longest the program writes is Sixty-six's
# rule settings, every one at its longest value (about 310 bytes, 14 words;
# tests/test_hostile_files.py).  A file beyond these was not written by this
# program: a larger one is refused unread, and its words are split with a
# limit, since thousands of words in a few KB exhaust the heap.
MOST_BYTES = 512
MOST_WORDS = 32


def load_setting(app, name, parse, default, what, instead):
    """parse(words) of the settings file `name` ("v1 word ..."), or default
    if there is none.  A file that cannot be used is set aside and the
    player told in plain words (what could not be used, what happens
    instead), and default is used."""
    storage = app.board.storage
    if not storage.exists(name):
        return default
    data = storage.read(name, MOST_BYTES)
    if data is not None:
        # The version first, so a later format is recognised and set aside
        # instead of misread.
        try:
            ws = data.decode().split(None, MOST_WORDS)
            if len(ws) > MOST_WORDS:
                why = "longer than any this program writes"
            elif ws and ws[0] == SETTINGS_VERSION:
                return parse(ws[1:])
            else:
                why = "another version"
        except (ValueError, UnicodeError):
            why = "settings this program does not know"
        storage.set_aside(name, why)
    app.notify(set_aside_text(what, storage) + instead)
    return default


def unsaved_text(storage):
    """What the player is told when files could not be written (those in
    storage.untold, which it empties; storage.unsaved says why): what was
    lost, in plain words."""
    out = []
    names, storage.untold = storage.untold, None
    for name in names:
        why = words.phrase(storage.unsaved.get(name, "unreadable"), "notice")
        if name.startswith("save_"):
            if storage.exists(name) or storage.exists(name + ".prev"):
                t = _("The match could not be saved (%s). Play goes on, but if the power goes, "
                      "the moves since its last save are lost.")
            else:
                t = _("The match could not be saved (%s). Play goes on, but if the power goes, "
                      "the match is lost.")
        elif name.startswith("stats_"):
            t = _("The result of this match could not be counted (%s).")
            if storage.exists("save_" + name[6:]):
                t += _(" The match stays saved: continue it to count it.")
        else:
            t = _("The setting could not be saved (%s): the device will not remember it.")
        t = t % why
        if t not in out:
            out.append(t)
    return " ".join(out)
