"""How much the endgame solver (engine/solver.py) improves the AI's endgame
decisions, per game and per `solve_from` (the most cards left in all the
hands at which the solver takes over): the figures docs/ai.md chose the
BUDGETS column from.

    python -m host_sim.bench_solver --game schnapsen --solve-from 0,6,8,10 --matches 6

Full matches with the AI at its normal level in every seat (solve_from 0,
rollouts only).  At every card play with at most max(solve_from) cards held
and none to come, each AI setting is asked for its choice from the same AI
state (the same random stream), and every legal action is valued exactly on
the true deal (the solver with every card known).  Regret: the exact value of
the best action less that of the one chosen, in the value units of
engine.ai.deal_value (128 per game point); an AI that knew the deal would
have none.  A seat does not know the deal, so some regret is unavoidable
where hands are hidden; where every card is known (two-hand Sixty-six once
the stock is gone), the solver's is zero."""
import argparse
import time

from engine import games
from engine.ai import deal_value, cards_held, GP_SCALE
from engine.game import parse_options, side_of
from engine.match import Match
from engine.players import decide
from engine.rng import Rng
from engine.solver import Solver
from host_sim import tournament


def exact_values(game, options, state, me, scores):
    """Every legal action's exact value on the true deal, for side me."""
    def value(s):
        return deal_value(game, options, s.result, me, scores)
    sv = Solver(game, options, me, value)
    out = {}
    for a in state.legal():
        c = state.clone()
        c._apply(a)
        out[a] = sv.solve(c)
    return out


def measure(name, opts, settings, matches, seed=1):
    """{solve_from: [decisions, regret sum, decisions with regret, seconds,
    work]} over the endgame decisions of `matches` full matches."""
    g = games.load(name)
    o = parse_options(g.SETTINGS, opts)
    top = max(settings)
    out = {}
    for sf in settings:
        out[sf] = [0, 0, 0, 0.0, 0]
    for i in range(matches):
        r = Rng(seed + i)
        m = Match(g, o, r.next30())
        seeds = [r.next30() for _ in range(m.nplayers)]
        players = [tournament.player("ai:solve_from=0", g, seeds[s]) for s in range(m.nplayers)]
        while not m.over:
            st = m.new_deal()
            while not st.done:
                p = players[st.to_move]
                legal = st.legal()
                if len(legal) > 1 and st.hands_final() and cards_held(st) <= top \
                        and any(a in st.hands[st.to_move] for a in legal):
                    me = side_of(g, o, st.to_move)
                    exact = exact_values(g, o, st, me, list(m.scores))
                    best = max(exact.values())
                    rs = p.rng.state()
                    fs = p.fallback.rng.state() if hasattr(p.fallback, "rng") else None
                    for sf in settings:
                        p.rng.set_state(rs)
                        if fs is not None:
                            p.fallback.rng.set_state(fs)
                        p.tune["solve_from"] = sf
                        t0 = time.time()
                        a = decide(p, st, m)
                        row = out[sf]
                        row[3] += time.time() - t0
                        row[4] += p.last_work
                        row[0] += 1
                        loss = best - exact[a]
                        row[1] += loss
                        if loss > 0:  # (the card-point tie-break counts)
                            row[2] += 1
                    p.rng.set_state(rs)
                    if fs is not None:
                        p.fallback.rng.set_state(fs)
                    p.tune["solve_from"] = 0
                a = decide(p, st, m)
                st.apply(a)
            m.finish_deal(st)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--solve-from", default="0,6,8,10")
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    settings = [int(x) for x in a.solve_from.split(",")]
    out = measure(a.game, a.option, settings, a.matches, a.seed)
    label = " ".join([a.game] + a.option)
    for sf in settings:
        n, loss, bad, secs, work = out[sf]
        print("%s solve_from=%d: %d endgame decisions, mean regret %.2f game points, "
              "%.1f%% lose value, %.1f ms and %.0f work units each (CPython)" % (
                  label, sf, n, loss / float(GP_SCALE) / max(1, n), 100.0 * bad / max(1, n),
                  1000 * secs / max(1, n), work / float(max(1, n))))
    return 0


if __name__ == "__main__":
    main()
