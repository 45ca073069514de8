# The match in progress, kept on the device's flash so that switching off (or
# a flat battery) loses nothing: the game, the match seed and the settings on
# one text line, then every action of the match as one byte each (card codes
# are < 96, other actions 100-254), a 255 closing each finished deal.  The
# match is restored by replaying it through the rules (the decks come from
# the seed), so a damaged file can never produce an impossible position: it
# fails to replay and is dropped.
NAME = "game"
END_OF_DEAL = 255


def save(storage, game_name, seed, opts_text, log):
    head = ("%s %d %s\n" % (game_name, seed, opts_text)).encode()
    storage.write(NAME, head + bytes(log))


def clear(storage):
    # An empty file: the storage interface has write and read only.
    storage.write(NAME, b"")


def load(storage):
    """(game name, seed, settings words, actions bytes) or None."""
    data = storage.read(NAME)
    if not data:
        return None
    i = data.find(b"\n")
    if i < 0:
        return None
    try:
        words = data[:i].decode().split()
        name = words[0]
        seed = int(words[1])
    except (UnicodeError, ValueError, IndexError):
        return None
    return name, seed, words[2:], data[i + 1:]
