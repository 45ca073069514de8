# Reading the saved matches (firmware/savegame.py writes them): what the
# start menu lists, without loading any game's rules, and the restore the
# table starts from.  A save that fails its check (damaged, of another
# version, refused by the rules) is set aside (renamed, never trusted; the
# reason in storage.last_reason) and the previous generation is offered
# instead.  The single save "game" of earlier versions is moved to its
# game's name once (migrate).  Loaded only while a match is chosen or
# continued: the app releases it before play.
from engine import games
from engine import savegame as fmt
from engine.compat import is_digits
from firmware.savegame import name_of, INFO, PREV

LEGACY = "game"
# The score line's longest: "MATCH " and three numbers of up to 9 digits,
# scores for up to 4 sides, is 66 bytes (tests/test_hostile_files.py).  A
# longer one was not written by this program: refused before it is split.
INFO_MOST = 96
SIDES_MOST = 4


class Saved:
    """What the start menu says about a saved match: its score (the
    player's side first) and the deals played; none for a save written
    before the score line existed."""

    def __init__(self, game, deals=-1, side=0, scores=()):
        self.game = game
        self.deals = deals
        self.side = side
        self.scores = scores

    def score_text(self):
        s = self.scores
        if len(s) == 2:
            return "%d:%d" % (s[self.side], s[1 - self.side])
        return "/".join(["%d" % x for x in s])


def _number(w):
    if w[:1] == "-":
        w = w[1:]
    if not w or len(w) > 9 or not is_digits(w):
        raise fmt.SaveError("the saved game's score line is damaged")
    return int(w)


def _split(game, data):
    """(Saved, the engine's save bytes) of a file; SaveError in plain words."""
    if data[:len(INFO)] != INFO:
        return Saved(game), data  # saved by an earlier version
    nl = data.find(b"\n")
    try:
        words = bytes(data[:nl]).decode().split() if 0 < nl <= INFO_MOST else ()
    except UnicodeError:
        words = ()
    if len(words) != 4 or words[3].count(",") >= SIDES_MOST:
        raise fmt.SaveError("the saved game's score line is damaged")
    scores = [_number(w) for w in words[3].split(",")]
    deals, side = _number(words[1]), _number(words[2])
    if deals < 0 or not 0 <= side < len(scores):
        raise fmt.SaveError("the saved game's score line is damaged")
    return Saved(game, deals, side, scores), data[nl + 1:]


def _check(storage, name, game):
    """The Saved of file `name`, or None: damaged, and set aside."""
    data = storage.read(name)
    if data is None:
        return None  # the storage set it aside and said why
    try:
        info, body = _split(game, data)
        # Known by name only: importing the game's rules here would load
        # them at the start menu.
        if fmt.header(body)[0] != game:
            raise fmt.SaveError("the saved game is of another game")
    except fmt.SaveError as e:
        storage.set_aside(name, str(e))
        return None
    return info


def peek(storage, game):
    """(Saved or None, the reason a save was set aside or None).  A save
    that fails its check is set aside and the previous one, if good, takes
    its place."""
    name = name_of(game)
    why = None
    if storage.exists(name):
        got = _check(storage, name, game)
        if got is not None:
            return got, None
        why = storage.last_reason or "unreadable"
    prev = name + PREV
    if not storage.exists(prev):
        return None, why
    got = _check(storage, prev, game)
    if got is None:
        return None, why or storage.last_reason
    # (No save but the previous one: a power cut between a save's two
    # renames.  It is the last good save; offered without a word, and
    # offered still where the flash refuses the rename: restore reads it.)
    storage.rename(prev, name)
    return got, why


def restore(storage, game, make_players):
    """(what engine.savegame.loads returns or None, the reason a save was
    set aside or None): the save, or if the rules refuse to replay it, the
    previous one."""
    why = None
    name = name_of(game)
    for n in (name, name + PREV):
        if not storage.exists(n):
            continue
        data = storage.read(n)
        if data is None:
            why = why or storage.last_reason or "unreadable"
            continue
        try:
            got = fmt.loads(_split(game, data)[1], make_players)
            if got[0].game.NAME != game:
                raise fmt.SaveError("the saved game is of another game")
        except fmt.SaveError as e:
            storage.set_aside(n, str(e))
            why = why or str(e)
            continue
        if n != name:
            storage.rename(n, name)
        return got, why
    return None, why


def migrate(storage):
    """The single save of earlier versions ("game") moved to its game's
    name; returns the reason it was set aside instead, or None."""
    if not storage.exists(LEGACY):
        return None
    data = storage.read(LEGACY)
    if data is None:
        return storage.last_reason or "unreadable"
    try:
        game = fmt.header(data)[0]
        if game not in games.names():
            raise fmt.SaveError("the saved game is of an unknown game")
        name = name_of(game)
        if storage.exists(name) and storage.read(name) != data:
            raise fmt.SaveError("a newer save of that game is kept")
    except fmt.SaveError as e:
        storage.set_aside(LEGACY, str(e))
        return str(e)
    if storage.exists(name):
        storage.remove(LEGACY)  # the same save, moved before a power cut
    else:
        # Renamed, not copied: the same bytes, and a full flash still
        # renames where it could not write a copy.  Refused: it stays, and
        # is moved at the next start.
        storage.rename(LEGACY, name)
    return None
