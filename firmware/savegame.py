# The match in progress on the device's flash: engine.savegame's bytes under
# one storage name ("game").  A save that is damaged, of another version, or
# that the rules refuse to replay is set aside (renamed, never trusted), and
# storage.last_error says why in plain words for the start menu to show.
from engine import games
from engine import savegame as fmt

NAME = "game"


def save(storage, match, log, players):
    return storage.write(NAME, fmt.dumps(match, log, players))


def clear(storage):
    storage.remove(NAME)


def peek(storage):
    """The saved match's game id, or None (nothing saved, or a bad save that
    has just been set aside)."""
    if not storage.exists(NAME):
        return None
    data = storage.read(NAME)
    if data is None:
        return None  # damaged: the storage set it aside and said why
    try:
        name = fmt.header(data)[0]
    except fmt.SaveError as e:
        storage.set_aside(NAME, str(e))
        return None
    # Known by name only: importing the game's rules here would load them
    # at the start menu, beside the table that is being left.
    if name not in games.names():
        storage.set_aside(NAME, "the saved game is of an unknown game")
        return None
    return name


def restore(storage, make_players):
    """(match, state, log, players) of the saved match, or None (the save
    set aside and the reason in storage.last_error)."""
    data = storage.read(NAME)
    if data is None:
        return None
    try:
        return fmt.loads(data, make_players)
    except fmt.SaveError as e:
        storage.set_aside(NAME, str(e))
        return None
