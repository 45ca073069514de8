# A match in progress as a few bytes, and back: the device saves it to flash
# and resumes exactly where it was switched off.
#
#   PCTSAVE 1 <game> <seed> <random states> [<setting=value> ...]\n
#   <every action of the match, one byte each; 255 ends a deal>
#
# The deals come from the match's seed, so restoring replays the actions
# through the rules: the same deal, the same position and every carried-over
# point are rebuilt by the rules themselves, and a damaged save can never
# produce an impossible position (it fails to replay).  The random states of
# the computer players are stored, so they continue exactly as they would
# have.  A save is about 40 bytes plus one byte per action: a whole match is
# well under 1 KB, one littlefs block.
from engine import games
from engine.compat import is_digits
from engine.game import IllegalAction, Options
from engine.match import Match
from engine.rng import degenerate

MAGIC = "PCTSAVE"
VERSION = 1
END_OF_DEAL = 255
_ESCAPE = 254  # an action of 254 or more follows in two bytes


# Bounds on a save's first line, above the longest this program writes
# (every setting at its longest, four seats' random states, a 20-digit seed:
# about 450 bytes and 18 words; tests/test_hostile_files.py): a file with a
# longer line, or more words or seats, was not written by it, and split()
# whole, thousands of words exhaust the heap.  Split with a limit, so that
# no more is ever made.
HEAD_MOST = 1024
HEAD_WORDS = 40
SEATS_MOST = 8


class SaveError(ValueError):
    pass


class Log:
    """Every action of a match so far, as the save stores them."""

    def __init__(self):
        self.data = bytearray()
        # The player may take moves back in this match (a device setting,
        # chosen when the match starts; the save keeps it as "+" in the
        # human's slot of the random states).
        self.takebacks = False

    def action(self, a):
        if a < _ESCAPE:
            self.data.append(a)
        else:
            self.data.append(_ESCAPE)
            self.data.append(a >> 8)
            self.data.append(a & 255)

    def end_of_deal(self):
        self.data.append(END_OF_DEAL)


def dumps(match, log, players):
    """The save as bytes (the match's deals replay from match.seed);
    `players` lists the computer players by seat (None for the human), each
    keeping its random stream in `.rng`."""
    states = []
    for p in players:
        if p is None:
            states.append("+" if log.takebacks else "-")
        else:
            states.append("%d,%d" % p.rng.state())
    head = "%s %d %s %d %s" % (MAGIC, VERSION, match.game.NAME, match.seed, ";".join(states))
    opts = match.options.text()
    if opts:
        head += " " + opts
    return head.encode() + b"\n" + bytes(log.data)


def _state(text):
    if text == "-" or text == "+":  # the human's seat (+: take-backs allowed)
        return None
    parts = text.split(",", 2)
    # ASCII digits only, and no more than a 30-bit lane needs.
    if len(parts) == 2 and all(len(p) <= 10 and is_digits(p) for p in parts):
        a, b = int(parts[0]), int(parts[1])
        if not degenerate(a, b):
            return (a, b)
        if a <= 0x3FFFFFFF and b <= 0x3FFFFFFF:
            # A generator stuck at a fixed point would hang the computer's
            # first move (engine/rng.py), checksum or not.
            raise SaveError("the saved game has a damaged random state (one that never changes)")
    raise SaveError("the saved game has a damaged random state")


def header(data):
    """(game id, seed, random states, setting words) from a save's first
    line; SaveError in plain words if it is not a save this program reads."""
    nl = data.find(b"\n")
    if nl < 0:
        raise SaveError("the saved game is cut short")
    words = ()
    if nl <= HEAD_MOST:
        try:
            words = bytes(data[:nl]).decode().split(None, HEAD_WORDS)
        except UnicodeError:
            raise SaveError("the saved game is not readable")
    if nl > HEAD_MOST or len(words) > HEAD_WORDS:
        raise SaveError("the saved game's first line is longer than any this program writes")
    if len(words) < 5 or words[0] != MAGIC:
        raise SaveError("the file is not a saved game")
    if words[1] != str(VERSION):
        raise SaveError("the saved game is from another version (%s)" % words[1][:8])
    # (a bound on its length: CPython's int() refuses 4,300 digits, in
    # words of its own)
    if not is_digits(words[3]) or len(words[3]) > 20:
        raise SaveError("the saved game has a damaged seed")
    states = words[4].split(";", SEATS_MOST)
    if len(states) > SEATS_MOST:
        raise SaveError("the saved game has the wrong number of players")
    return words[2], int(words[3]), [_state(w) for w in states], words[5:]


def loads(data, make_players):
    """Restore a match from save bytes.  make_players(game, match) returns the
    players by seat (None for the human); their random streams are restored.
    Returns (match, state, log, players); `state` is the deal in progress
    (a new deal if the save ends between deals).  SaveError in plain words
    for anything damaged, of another version, or that the rules refuse."""
    name, seed, states, words = header(data)
    try:
        game = games.load(name)
    except ValueError:
        raise SaveError("the saved game is of an unknown game")
    opts = Options(game.SETTINGS)
    try:
        for w in words:
            k, v = w.split("=", 1)
            opts.set(k, v)
    except ValueError:
        raise SaveError("the saved game has settings this program does not know")
    match = Match(game, opts, seed)
    players = make_players(game, match)
    if len(states) != len(players):
        raise SaveError("the saved game has the wrong number of players")
    log = Log()
    log.takebacks = "+" in bytes(data[:data.find(b"\n")]).decode().split()[4].split(";")
    state = match.new_deal()
    body = data[data.find(b"\n") + 1:]
    i = 0
    try:
        while i < len(body):
            b = body[i]
            i += 1
            if b == END_OF_DEAL:
                if not state.done or match.over:
                    raise SaveError("the saved game ends a deal too early")
                match.finish_deal(state)
                log.end_of_deal()
                if match.over:
                    raise SaveError("the saved game is already over")
                state = match.new_deal()
                continue
            if b == _ESCAPE:
                if i + 2 > len(body):
                    raise SaveError("the saved game is cut short")
                b = (body[i] << 8) | body[i + 1]
                i += 2
            state.apply(b)
            log.action(b)
    except IllegalAction:
        raise SaveError("the saved game breaks the rules at move %d" % len(log.data))
    for p, st in zip(players, states):
        if p is not None and st is not None:
            p.rng.set_state(st)
    return match, state, log, players
