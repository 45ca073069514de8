# Computer-against-computer matches with a transcript that is the same, byte
# for byte, on CPython and on MicroPython:
#   python -m engine.selfplay --game sixtysix --seed 7 --matches 3
#   micropython -m engine.selfplay --game sixtysix --seed 7 --matches 3
import sys

from engine import games
from engine.game import parse_options, seat_name, side_names
from engine.match import Match
from engine.players import make_player, decide
from engine.rng import Rng
from engine.compat import collect_early
import gc

MICROPYTHON = hasattr(gc, "mem_free")

USAGE = """usage: selfplay --game NAME [--seed N] [--matches K]
                [--players KIND,KIND,...] [--option NAME=VALUE ...] [--quiet]
Plays K computer matches from seed N and prints every deal, action and
result.  KIND is random, heuristic, ai, ai-easy, ai-normal or ai-hard
(default: heuristic for every seat)."""


def collect():
    """MicroPython: a collection after every move, as the device's table
    does (firmware/table.py); CPython's reference counting needs none."""
    if MICROPYTHON:
        gc.collect()


def play_match(game, options, seed, kinds, out=None):
    """One match; returns it.  `out` receives the transcript lines."""
    r = Rng(seed)
    match = Match(game, options, r.next30())
    n = match.nplayers
    players = [make_player(kinds[i % len(kinds)], game, r.next30()) for i in range(n)]
    if out:
        out("match seed %d dealer %s" % (seed, seat_name(match.dealer)))
    while not match.over:
        st = match.new_deal()
        if out:
            out("deal %d dealer %s" % (match.deals + 1, seat_name(st.dealer)))
            for s in range(n):
                out("  %s hand %s" % (seat_name(s), " ".join(
                    [st.action_text(c) for c in sorted(st.hands[s])])))
        while not st.done:
            seat = st.to_move
            a = decide(players[seat], st, match)
            if out:
                out("  %s %s" % (seat_name(seat), st.action_text(a)))
            st.apply(a)
            collect()
        match.finish_deal(st)
        if out:
            out("  result " + st.result.text())
            out("  scores " + " ".join([str(x) for x in match.scores]))
    if out:
        out("winner %s after %d deals" % (side_names(game, options)[match.winner], match.deals))
    return match


def parse_args(argv):
    a = {"game": None, "seed": 1, "matches": 1, "players": "heuristic",
         "options": [], "quiet": False}
    i = 0
    while i < len(argv):
        w = argv[i]
        if w in ("-h", "--help"):
            return None
        if w == "--quiet":
            a["quiet"] = True
            i += 1
            continue
        if i + 1 >= len(argv):
            raise ValueError("%s needs a value" % w)
        v = argv[i + 1]
        if w == "--game":
            a["game"] = v
        elif w == "--seed":
            a["seed"] = int(v)
        elif w == "--matches":
            a["matches"] = int(v)
        elif w == "--players":
            a["players"] = v
        elif w == "--option":
            a["options"].append(v)
        else:
            raise ValueError("unknown argument %r" % w)
        i += 2
    if a["game"] is None:
        raise ValueError("--game is required")
    return a


def main(argv, write=print):
    """Run selfplay with these arguments; `write` gets every line (the
    device's serial link sends them to the desktop)."""
    try:
        a = parse_args(argv)
        if a is None:
            write(USAGE)
            return 0
        game = games.load(a["game"])
        opts = parse_options(game.SETTINGS, a["options"])
        kinds = a["players"].split(",")
        for k in kinds:
            make_player(k, game, 1)
    except ValueError as e:
        write("selfplay: %s" % e)
        write(USAGE)
        return 2
    out = None if a["quiet"] else write
    collect_early()  # as the device does once a game is loaded
    wins = [0] * game.sides(opts)
    for k in range(a["matches"]):
        m = play_match(game, opts, a["seed"] + k, kinds, out)
        wins[m.winner] += 1
    write("matches %d wins %s" % (a["matches"], " ".join([str(w) for w in wins])))
    return 0


def _argv():
    args = sys.argv[1:]
    # MicroPython's `-m engine.selfplay` leaves the module name in argv[0]
    # and nothing else differs.
    return args


if __name__ == "__main__":
    sys.exit(main(_argv()))
