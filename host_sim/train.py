"""Train a game's learned move ordering (engine/policy.py): `make train GAME=...`.

    python -m host_sim.train --game klaberjass [--seed 1] [--positions 3000]

1. Positions: matches of the heuristic in every seat (seeds from --seed on);
   every card play of any seat with at least three cards to choose from and
   a trump fixed is a position.
2. Labels: at each position the search itself (engine.ai.AIPlayer) with a
   fixed budget of --budget work units, no pruning and no learned ordering,
   rolls every card out over the same worlds; the card with the best total
   is the label (a tie: the first in the search's order, the heuristic's
   card first).
3. Fit: an averaged multiclass perceptron over the binary features of
   engine/policy.py, in integers only (the positions visited in an order
   drawn from --seed by engine.rng), for --epochs passes; the averaged
   weights are scaled so the largest is 127 in size.

Everything is integer arithmetic over the engine's own deterministic play,
so the same command writes the same table, byte for byte, on any machine:
engine/<game>/policy.py, whose header names the command, the seed, the data
(its SHA-256) and the held-out accuracy.  tests/test_policy.py checks the
header against a re-run of the first positions.
"""
import argparse
import hashlib
import os
import sys
import time

from engine import games, policy
from engine.ai import AIPlayer, card_play
from engine.game import parse_options
from engine.match import Match
from engine.players import Worlds, make_player
from engine.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Per game: (settings, positions, label budget, epochs, keep, worlds,
# hard_worlds).  keep: how many card plays besides the heuristic's the search
# tries; worlds: the most worlds such a card play samples at the normal level;
# hard_worlds: at the hard level (0: the hard level searches every card, as
# without a table).  Measured: docs/ai.md, "The learned policy".
PLANS = {
    "klaberjass": ("", 6000, 3000, 12, 2, 24, 0),
    "deberts": ("", 6000, 3000, 12, 1, 24, 48),
}
PREFIX = 12  # positions whose hash the header records for the quick test


class Labeler(AIPlayer):
    """The search at a fixed budget, every card kept to the end: its pick()
    records the candidates and their totals instead of judging."""
    prune = False

    def pick(self, cands, hint, active, totals, dsum, qsum, n, same):
        self.seen = (list(cands), list(totals), n)
        return AIPlayer.pick(self, cands, hint, active, totals, dsum, qsum, n, same)


def label(lab, game, obs, worlds):
    """(features of each card searched, its total) at one position, or None."""
    lab.seen = None
    lab.choose(obs, worlds)
    if lab.seen is None:
        return None
    cands, totals, n = lab.seen
    ctx = policy.context(obs, game.players(worlds.options))
    rows = []
    for a, v in zip(cands, totals):
        if a in obs.hand:
            rows.append((sorted(policy.features(ctx, a)), v))
    return rows if len(rows) >= 3 else None


def positions(game, options, seed, count, budget, log=None):
    """`count` labelled positions from heuristic matches from `seed` on."""
    out = []
    lab = Labeler(game, seed, budget=budget)
    m = seed
    while len(out) < count:
        r = Rng(m)
        match = Match(game, options, r.next30())
        players = [make_player("heuristic", game, r.next30()) for s in range(match.nplayers)]
        while not match.over and len(out) < count:
            st = match.new_deal()
            while not st.done:
                seat = st.to_move
                obs = st.observation(seat)
                cards = [a for a in obs.legal if a in obs.hand]
                if (len(cards) >= 3 and obs.trump is not None and obs.trump >= 0
                        and card_play(obs) and len(out) < count):
                    w = Worlds(st, seat, options, list(match.scores))
                    rows = label(lab, game, obs, w)
                    if rows is not None:
                        out.append(rows)
                        if log and len(out) % 250 == 0:
                            log("  %d positions (match %d)" % (len(out), m))
                st.apply(players[seat].choose(obs))
            match.finish_deal(st)
        m += 1
    return out


def serialize(data):
    """The positions as text, one line each (hashed for the header)."""
    lines = []
    for rows in data:
        lines.append(";".join("%d:%s" % (v, ",".join(str(i) for i in f)) for f, v in rows))
    return ("\n".join(lines) + "\n").encode()


def best(rows):
    """The label: the first card with the highest total."""
    b = 0
    for j in range(1, len(rows)):
        if rows[j][1] > rows[b][1]:
            b = j
    return b


def fit(data, nfeat, seed, epochs):
    """Averaged perceptron in integers: returns the weights scaled so the
    largest is 127 in size (a list of ints; a negative one rounds half
    down, so -128 may occur: it still fits the table's byte)."""
    w = [0] * nfeat
    u = [0] * nfeat  # sum of c * update, for the average w - u / c
    c = 1
    order = list(range(len(data)))
    rng = Rng(seed)
    for e in range(epochs):
        rng.shuffle(order)
        for k in order:
            rows = data[k]
            y = best(rows)
            p = 0
            ps = None
            for j in range(len(rows)):
                s = 0
                for i in rows[j][0]:
                    s += w[i]
                if ps is None or s > ps:
                    p, ps = j, s
            if p != y and rows[p][1] < rows[y][1]:
                for i in rows[y][0]:
                    w[i] += 1
                    u[i] += c
                for i in rows[p][0]:
                    w[i] -= 1
                    u[i] -= c
            c += 1
    avg = [w[i] * c - u[i] for i in range(nfeat)]  # c times the average
    top = max(abs(a) for a in avg) or 1
    return [(2 * a * 127 + (top if a >= 0 else -top)) // (2 * top) for a in avg]


def accuracy(data, weights, keep):
    """(top-1, within the heuristic's card and the `keep` best) shares of
    the positions whose label the weights find."""
    one = kept = 0
    for rows in data:
        y = best(rows)
        sc = [sum(weights[i] for i in f) for f, v in rows]
        order = sorted(range(1, len(rows)), key=lambda j: -sc[j])
        first = max(range(len(rows)), key=lambda j: (sc[j], -j))
        one += first == y
        kept += y == 0 or y in order[:keep]
    n = float(len(data) or 1)
    return one / n, kept / n


def module_text(name, cmd, seed, count, budget, epochs, search, digest, prefix, weights, acc):
    """The policy module's text; search: (keep, worlds, hard_worlds) for
    engine.ai."""
    keep, worlds, hard = search
    table = bytes(w + 128 for w in weights)
    lines = ["# Generated by `%s` (host_sim/train.py): do not edit." % cmd,
             "# The learned move ordering of %s's card plays (engine/policy.py)." % name,
             "# seed %d; %d positions from heuristic matches from seed %d on, each labelled"
             % (seed, count, seed),
             "# by the search at %d work units; %d epochs of an averaged perceptron." % (budget, epochs),
             "# data sha256 %s" % digest,
             "# first %d positions sha256 %s" % (PREFIX, prefix),
             "# held-out (last fifth, trained on the rest): top-1 %.1f%%, the label kept %.1f%%"
             % (100 * acc[0], 100 * acc[1]),
             "FEATURES = \"jacknine\"",
             "SEED = %d" % seed,
             "POSITIONS = %d" % count,
             "BUDGET = %d" % budget,
             "EPOCHS = %d" % epochs,
             "KEEP = %d" % keep,
             "WORLDS = %d" % worlds,
             "HARD_WORLDS = %d" % hard,
             "WEIGHTS = %r" % table, ""]
    return "\n".join(lines)


def train(name, seed=1, count=None, log=print, out=None):
    opts_text, n0, budget, epochs, keep, worlds, hard = PLANS[name]
    count = count or n0
    game = games.load(name)
    options = parse_options(game.SETTINGS, [o for o in opts_text.split() if o])
    t0 = time.time()
    data = positions(game, options, seed, count, budget, log)
    log("%s: %d positions labelled in %.0f s" % (name, len(data), time.time() - t0))
    raw = serialize(data)
    digest = hashlib.sha256(raw).hexdigest()
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "train-%s.txt" % name), "wb") as f:
        f.write(raw)  # the data, for a look at it (not read back)
    prefix = hashlib.sha256(serialize(data[:PREFIX])).hexdigest()
    cut = len(data) * 4 // 5
    acc = accuracy(data[cut:], fit(data[:cut], policy.NFEATURES, seed, epochs), keep)
    weights = fit(data, policy.NFEATURES, seed, epochs)
    log("%s: held-out top-1 %.1f%%, label kept %.1f%%; in-sample %.1f%% / %.1f%%" % (
        (name, 100 * acc[0], 100 * acc[1]) + tuple(100 * x for x in accuracy(data, weights, keep))))
    cmd = "make train GAME=%s" % name
    if seed != 1 or count != n0:
        cmd = "python -m host_sim.train --game %s --seed %d --positions %d" % (name, seed, count)
    text = module_text(name, cmd, seed, count, budget, epochs, (keep, worlds, hard), digest,
                       prefix, weights, acc)
    if out is None:
        out = os.path.join(ROOT, "engine", games.package(name), "policy.py")
    with open(out, "w") as f:
        f.write(text)
    log("%s: wrote %s (%d weights)" % (name, out, len(weights)))
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.train", description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(PLANS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=None)
    ap.add_argument("--out", default=None, help="write here instead of engine/<game>/policy.py")
    args = ap.parse_args(argv)
    train(args.game, args.seed, args.positions, out=args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
