"""How well the AI's sampled worlds guess the real deal, with and without the
inference from the auction and play (engine/determinize.py): `python -m host_sim.inference`
(run by `make bench`; figures in docs/ai.md, "Inference").

Heuristic players play a few deals of every game; at every decision with a
choice, the seat to move samples worlds as the AI does (its Worlds), once
reading the calls and the play (Klaberjass's and Deberts' answers, every card
in Belote and three-hand Sixty-six) and once not, from the same random
streams.  A hidden card
is one whose place the seat cannot know (it lands in more than one place
over the plain samples); the figure is the share of hidden cards a world puts
in the hand (or stock, skat, widow) where they really are, over all of them
and over the key cards the calls speak of (the jacks, the trump suit)."""
import argparse
import time

from engine import games
from engine.game import parse_options
from engine.match import Match
from engine.players import make_player, decide
from engine.rng import Rng
from engine.determinize import sample

PLACES = ("hands", "stock", "skat", "widow", "bottom")


def places(st, seat):
    """card -> place name of every card the seat does not hold itself."""
    out = {}
    for name in PLACES:
        v = getattr(st, name, None)
        if v is None:
            continue
        if name == "hands":
            for p in range(len(v)):
                if p != seat:
                    for c in v[p]:
                        out[c] = p
        elif isinstance(v, int):
            if v >= 0:
                out[v] = name
        else:
            for c in v:
                out[c] = name
    return out


def key(st, c):
    """A card the calls speak of: a jack (the top trumps of these games), or
    a card of the trump suit once it is named."""
    t = getattr(st, "trump", -1)
    return c < 32 and ((c & 7) == 4 or (t is not None and 0 <= t < 4 and c >> 3 == t))


def score(st, seat, worlds=8, seed=1):
    """(hidden cards, right with inference, right without, and the same
    three for the key cards), summed over `worlds` samples of each kind."""
    real = places(st, seat)
    plain = []
    read = []
    r1 = Rng(seed)
    r2 = Rng(seed)
    for k in range(worlds):
        plain.append(places(sample(st, seat, r1, None, False), seat))
        read.append(places(sample(st, seat, r2, None, True), seat))
    hidden = [c for c in real if len(set(w.get(c) for w in plain)) > 1]
    out = [0] * 6
    for c in hidden:
        k = 3 if key(st, c) else 0
        for j in (0, k) if k else (0,):
            out[j] += worlds
            for w in read:
                out[j + 1] += w.get(c) == real[c]
            for w in plain:
                out[j + 2] += w.get(c) == real[c]
    return out


def measure(name, deals, worlds=8, seed=1, opts=()):
    g = games.load(name)
    o = parse_options(g.SETTINGS, list(opts))
    r = Rng(seed)
    m = Match(g, o, r.next30())
    players = [make_player("heuristic", g, r.next30()) for _ in range(m.nplayers)]
    tot = [0] * 6
    points = 0
    for d in range(deals):
        if m.over:
            m = Match(g, o, r.next30())
        st = m.new_deal()
        while not st.done:
            if len(st.legal()) > 1:
                got = score(st, st.to_move, worlds, r.next30())
                if got[0]:
                    for i in range(6):
                        tot[i] += got[i]
                    points += 1
            st.apply(decide(players[st.to_move], st, m))
        m.finish_deal(st)
    def share(i, n):
        return tot[i] / float(tot[n]) if tot[n] else 0.0
    return {"game": name, "points": points, "hidden": tot[0],
            "with": share(1, 0), "without": share(2, 0),
            "key_with": share(4, 3), "key_without": share(5, 3)}


def strength(name, matches, seed=1, opts=()):
    """Duplicate matches of the AI reading the calls against the AI that does
    not, each in the tested side's seats with the heuristic in all others
    (host_sim.tournament.duplicate's dict: counts, share, interval)."""
    from host_sim.tournament import duplicate
    g = games.load(name)
    return duplicate(g, parse_options(g.SETTINGS, list(opts)), matches, "ai", "ai:inference=0",
                     seed, field="heuristic")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.inference", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", help="comma-separated games (default: all)")
    ap.add_argument("--deals", type=int, default=40, help="deals per game (default 40)")
    ap.add_argument("--worlds", type=int, default=8, help="worlds per decision and kind (default 8)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strength", type=int, default=0, metavar="N",
                    help="also N duplicate matches per game of the AI with inference against "
                         "the AI without, the heuristic in the other seats (default 0: none)")
    args = ap.parse_args(argv)
    names = args.games.split(",") if args.games else games.names()
    # Every game and variant (bench.ai_specs: "skat isko" too); the
    # two-hand Sixty-six games read nothing (their draws hide the hand held
    # at a trick) and are left out of the strength runs.
    from host_sim.bench import ai_specs
    specs = ai_specs(names)
    if args.strength:
        print("AI with inference against the AI without, %d duplicate matches each "
              "(the heuristic in the other seats):" % args.strength)
        for label, name, opts in specs:
            if label in ("sixtysix", "sixtysix swabian", "schnapsen"):
                continue  # (nothing read: see docs/ai.md, "Inference")
            r = strength(name, args.strength, args.seed, opts)
            print("  %s: better %d, equal %d, worse %d: %.1f%% (95%% CI %.1f-%.1f%%), %.0f s" % (
                label, r["wins"], r["ties"], r["losses"], 100 * r["share"], 100 * r["lo"],
                100 * r["hi"], r["seconds"]), flush=True)
        return 0
    print("hidden cards placed right by a sampled world (%d deals of heuristic play, "
          "%d worlds per decision):" % (args.deals, args.worlds))
    print("| game | decisions | all hidden: with inference | without | key cards: with | without |")
    print("|---|---|---|---|---|---|")
    for label, name, opts in specs:
        t0 = time.time()
        r = measure(name, args.deals, args.worlds, args.seed, opts)
        print("| %s | %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% | (%.0f s)" % (
            label, r["points"], 100 * r["with"], 100 * r["without"],
            100 * r["key_with"], 100 * r["key_without"], time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
