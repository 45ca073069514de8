# A match in progress as a small text, and back: the device saves it to flash
# and resumes exactly where it was switched off.
#
# The text is a game record (docs/records.md) of every deal so far, the
# current one unfinished, under a header line with the random-number states
# of the match and of every computer player.  Restoring replays the record,
# which rebuilds the same deal, the same position and every carried-over
# point through the rules themselves, then puts the random streams back, so
# the computer players continue exactly as they would have.
from engine.game import seat_name, parse_seat
from engine.records import replay, RecordError

MAGIC = "pocket-card-table save"
VERSION = 1


class SaveError(ValueError):
    pass


class Recorder:
    """What a save needs, kept while a match is played: per deal the dealer,
    the pack as dealt (text) and every action (seat, text)."""

    def __init__(self, match):
        self.match = match
        self.deals = []

    def deal(self, state):
        pack = " ".join([state.action_text(c) for c in state.deck])
        self.deals.append((state.dealer, pack, []))

    def action(self, seat, text):
        self.deals[-1][2].append((seat, text))

    def record_lines(self):
        m = self.match
        out = ["game %s" % m.game.NAME]
        t = m.options.text()
        if t:
            out.append("option " + t)
        for dealer, pack, actions in self.deals:
            out.append("deal")
            out.append("dealer %s" % seat_name(dealer))
            out.append("deck " + pack)
            for seat, text in actions:
                out.append("%s %s" % (seat_name(seat), text))
        return out


def dumps(recorder, players):
    """The save text.  `players` lists the computer players by seat (None
    for the human); each keeps its random stream in `.rng`."""
    states = ["%d,%d" % recorder.match.rng.state()]
    for p in players:
        states.append("-" if p is None else "%d,%d" % p.rng.state())
    head = "%s %d rng %s" % (MAGIC, VERSION, " ".join(states))
    return "\n".join([head] + recorder.record_lines()) + "\n"


def _rng(text):
    parts = text.split(",")
    try:
        if len(parts) == 2:
            a, b = int(parts[0]), int(parts[1])
            if 0 < a < 0x40000000 and 0 < b < 0x40000000:
                return (a, b)
    except ValueError:
        pass
    raise SaveError("a bad random state %r in the saved game" % text)


def loads(text, players):
    """Restore a match from a save text.  Returns (match, state, recorder):
    `state` is the deal in progress (None between deals); `players` (as for
    dumps) get their random streams back.  Anything malformed, of another
    version or against the rules raises SaveError in plain words."""
    nl = text.find("\n")
    head = text[:nl] if nl >= 0 else text
    if not head.startswith(MAGIC + " "):
        raise SaveError("this is not a saved game")
    words = head[len(MAGIC) + 1:].split()
    if not words or not words[0].isdigit():
        raise SaveError("the saved game has no version")
    if int(words[0]) != VERSION:
        raise SaveError("the saved game is version %s; this program reads version %d" % (
            words[0], VERSION))
    if len(words) < 2 or words[1] != "rng" or len(words) != len(players) + 3:
        raise SaveError("the saved game's random states do not fit this game")
    states = [None if w == "-" else _rng(w) for w in words[2:]]
    if states[0] is None:
        raise SaveError("the saved game lacks the match's random state")
    record = text[nl + 1:]
    try:
        match = replay(record)
    except RecordError as e:
        raise SaveError("the saved game does not replay: %s" % e)
    if match.nplayers != len(players):
        raise SaveError("the saved game has %d players, not %d" % (match.nplayers, len(players)))
    match.rng.set_state(states[0])
    for p, st in zip(players, states[1:]):
        if p is not None and st is not None:
            p.rng.set_state(st)
    return match, match.unfinished, _recorder(match, record)


def _recorder(match, record):
    """The recorder of a restored match, so that later saves continue the
    same record (the record has already replayed cleanly)."""
    rec = Recorder(match)
    dealer = 0
    for raw in record.split("\n"):
        line = raw.strip()
        if not line:
            continue
        word = line.split()[0]
        rest = line[len(word):].strip()
        if word == "dealer":
            dealer = parse_seat(rest, match.nplayers)
        elif word == "deck":
            rec.deals.append((dealer, rest, []))
        elif word[0] == "P" and word[1:].isdigit():
            rec.deals[-1][2].append((parse_seat(word, match.nplayers), rest))
    return rec
