# Speed and memory of the rules, runnable on every runtime (the device too):
#   micropython -X heapsize=96k -m engine.bench --game sixtysix --deals 200
# prints one line of key=value figures that host_sim.bench collects.
import gc
import sys

from engine import games
from engine.compat import ticks_us, ticks_diff
from engine.game import parse_options
from engine.players import make_player
from engine.match import Match
from engine.rng import Rng


def _alloc():
    # gc.mem_alloc exists on MicroPython only.
    f = getattr(gc, "mem_alloc", None)
    return f() if f else -1


def random_deals(game, opts, n, seed):
    """Time n complete deals of random-legal play; returns microseconds."""
    r = Rng(seed)
    players = [make_player("random", game, r.next30()) for _ in range(game.players(opts))]
    t0 = ticks_us()
    actions = 0
    for i in range(n):
        m = Match(game, opts, seed + i)
        st = m.new_deal()
        while not st.done:
            st.apply(players[st.to_move].choose(st.observation(st.to_move)))
            actions += 1
    return ticks_diff(ticks_us(), t0), actions


def main(argv):
    game = None
    deals = 100
    matches = 3
    seed = 1
    opts = []
    i = 0
    while i < len(argv):
        w = argv[i]
        v = argv[i + 1] if i + 1 < len(argv) else None
        if w == "--game":
            game = v
        elif w == "--deals":
            deals = int(v)
        elif w == "--matches":
            matches = int(v)
        elif w == "--seed":
            seed = int(v)
        elif w == "--option":
            opts.append(v)
        else:
            print("usage: bench --game NAME [--deals N] [--matches M] [--seed S] [--option K=V]")
            return 2
        i += 2
    g = games.load(game)
    o = parse_options(g.SETTINGS, opts)
    gc.collect()
    base = _alloc()
    # Full matches between heuristic players: the live heap at its highest,
    # sampled after a collection before every action.
    peak = 0
    for k in range(matches):
        r = Rng(seed + k)
        m = Match(g, o, r.next30())
        players = [make_player("heuristic", g, r.next30()) for _ in range(m.nplayers)]
        while not m.over:
            st = m.new_deal()
            while not st.done:
                gc.collect()
                a = _alloc()
                if a > peak:
                    peak = a
                st.apply(players[st.to_move].choose(st.observation(st.to_move)))
            m.finish_deal(st)
    gc.collect()
    us, actions = random_deals(g, o, deals, seed)
    print("game=%s deals=%d us_total=%d actions=%d live_base=%d live_peak=%d" % (
        game, deals, us, actions, base, peak))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
