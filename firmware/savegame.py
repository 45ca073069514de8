# The matches in progress on the device's flash, one per game, so that
# starting one game never throws away another's match.  "save_<game>" holds
# a line the start menu shows without loading the game's rules, then
# engine.savegame's bytes:
#   MATCH <deals played> <the player's side> <score>,<score>,...\n<save>
# (a file without that line, from an earlier version, is read as well).
# Each write keeps the save it replaces as "save_<game>.prev", which the
# start menu offers when the newest fails its check (firmware/saves.py:
# reading the saves, loaded only where a match is chosen or continued;
# this module is what the table needs to write them).
from engine import savegame as fmt

PREFIX = "save_"
PREV = ".prev"
INFO = b"MATCH "
HUMAN = 0  # the player's seat, as at the table


def name_of(game):
    return PREFIX + game


def save(storage, match, log, players):
    """True when it is on the flash; else the storage keeps the last good
    save, and the app tells the player (storage.untold)."""
    from engine.game import side_of
    side = side_of(match.game, match.options, HUMAN)
    line = "%s%d %d %s\n" % (INFO.decode(), match.deals, side,
                             ",".join(["%d" % x for x in match.scores]))
    return storage.write(name_of(match.game.NAME),
                         line.encode() + fmt.dumps(match, log, players), True)


def clear(storage, game):
    """The game's save and its previous generation removed (the match is
    over, or started again).  Not while the game's statistics could not be
    written (a full flash; "stats_<game>", firmware/stats.py): the save of
    the finished match is then all that records it, and continuing it
    reaches its end and books it again."""
    if "stats_" + game in storage.unsaved:
        return
    storage.remove(name_of(game))
    storage.remove(name_of(game) + PREV)


def engine_save(data):
    """The engine's save in a file's bytes (without the score line)."""
    if data[:len(INFO)] == INFO:
        return data[data.find(b"\n") + 1:]
    return data
