"""Strength by duplicate play (`python -m host_sim tournament`).

Match i is played twice from the same seed, so with the same first dealer and
the same sequence of shuffled packs: once with player A in the tested side's
seats, once with player B there; every other seat is B, with the same seeds
at both tables.  The tested side rotates with i (seat P1, P2, ... or the
partnership NS, EW), so both tables see every position.  A's result beats
B's when its side won the match and B's did not, or both won or both lost
and A's final margin (its score less the best other side's, both counted up
to the match target) is larger.

    python -m host_sim tournament --game sixtysix --matches 200 --a ai --b heuristic

A long run shows its progress: a bar with the rate and the time left on a
terminal, a plain line every tenth of the matches in a log
(host_sim/progress.py).
"""
import math
import sys
import time

from engine import games
from engine.game import parse_options, side_of
from engine.match import Match
from engine.players import make_player, decide
from engine.rng import Rng


def player(kind, game, seed):
    """A make_player kind, or a tuned AI (engine/tuning.py): 'ai@N[:attr=V...]'
    with a budget of N work units, 'ai:attr=V...' with the level's own
    budgets (e.g. ai:solve_from=0; ai:inference=0, the AI that does not read
    the calls)."""
    return make_player(kind, game, seed)


def play(game, options, seed, kinds):
    """One full match, kinds[seat] per seat; returns the Match."""
    r = Rng(seed)
    match = Match(game, options, r.next30())
    players = [player(kinds[s], game, r.next30()) for s in range(match.nplayers)]
    while not match.over:
        st = match.new_deal()
        while not st.done:
            st.apply(decide(players[st.to_move], st, match))
        match.finish_deal(st)
    return match


def outcome(match, side):
    """(won, margin) of `side` at the end of a match: its score less the best
    other side's, each counted up to the match target where there is one.
    Points past the target mean nothing in these games (the match ends
    there; what a win is worth depends on how far the loser was from it,
    e.g. Sixty-six's shut-out), so a last deal that overshoots by luck must
    not make one win look better than another."""
    target = getattr(match.options, "match_target", None)
    if type(target) is not int:
        target = None

    def counted(x):
        return x if target is None or x < target else target
    best = None
    for s in range(match.nsides):
        if s != side and (best is None or counted(match.scores[s]) > best):
            best = counted(match.scores[s])
    return (1 if match.winner == side else 0, counted(match.scores[side]) - (best or 0))


def wilson(k, n, z=1.96):
    """95% Wilson score interval of a proportion k/n (k may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / float(n)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def duplicate(game, options, matches, a, b, seed=1, progress=None, field=None):
    """Returns a dict: wins/ties/losses of A's results against B's, the share
    (ties count half) with its interval, and the seconds spent.  `field`:
    the kind in the seats other than the tested side's at both tables (by
    default B; e.g. the heuristic, to compare two AIs against it)."""
    if field is None:
        field = b
    n = game.players(options)
    nsides = game.sides(options)
    w = t = l = 0
    t0 = time.time()
    for i in range(matches):
        side = i % nsides
        test = [s for s in range(n) if side_of(game, options, s) == side]
        ka = [a if s in test else field for s in range(n)]
        kb = [b if s in test else field for s in range(n)]
        ra = outcome(play(game, options, seed + i, ka), side)
        rb = outcome(play(game, options, seed + i, kb), side)
        if ra > rb:
            w += 1
        elif ra == rb:
            t += 1
        else:
            l += 1
        if progress:
            progress(i + 1, w, t, l)
    share = (w + 0.5 * t) / float(matches) if matches else 0.0
    lo, hi = wilson(w + 0.5 * t, matches)
    return {"game": game.NAME, "a": a, "b": b, "matches": matches, "wins": w,
            "ties": t, "losses": l, "share": share, "lo": lo, "hi": hi,
            "strict": w / float(matches) if matches else 0.0,
            "seconds": time.time() - t0}


def match_wins(game, options, matches, a, b, seed=1, progress=None):
    """Plain match wins (the measure for the three-sided games, where one
    deal can decide a match and a duplicate margin says little): match i
    from seed + i with A in seat i % n and B in every other seat; the share
    of the matches A won, with its interval."""
    n = game.players(options)
    w = 0
    t0 = time.time()
    for i in range(matches):
        seat = i % n
        m = play(game, options, seed + i, [a if s == seat else b for s in range(n)])
        if m.winner == side_of(game, options, seat):
            w += 1
        if progress:
            progress(i + 1, w, 0, i + 1 - w)
    lo, hi = wilson(w, matches)
    return {"game": game.NAME, "a": a, "b": b, "matches": matches, "wins": w, "ties": 0,
            "losses": matches - w, "share": w / float(matches) if matches else 0.0,
            "lo": lo, "hi": hi, "strict": w / float(matches) if matches else 0.0,
            "seconds": time.time() - t0, "measure": "match wins"}


def text(r):
    if r.get("measure") == "match wins":
        return ("%s: %s against %s in the other seats, %d matches: %s won %d (%.1f%%, 95%% CI "
                "%.1f-%.1f%%); %.0f s" % (
                    r["game"], r["a"], r["b"], r["matches"], r["a"], r["wins"],
                    100 * r["share"], 100 * r["lo"], 100 * r["hi"], r["seconds"]))
    return ("%s: %s vs %s over %d duplicate matches: A better %d, equal %d, worse %d; "
            "share %.1f%% (95%% CI %.1f-%.1f%%), strictly better %.1f%%; %.0f s" % (
                r["game"], r["a"], r["b"], r["matches"], r["wins"], r["ties"], r["losses"],
                100 * r["share"], 100 * r["lo"], 100 * r["hi"], 100 * r["strict"], r["seconds"]))


def run(game, options, matches, a, b, seed=1, wins=False, label=None, verbose=False):
    """duplicate() (or match_wins() with `wins`) with a progress bar on a
    terminal, plain lines in a log (host_sim.progress); `verbose` adds the
    score every ten matches."""
    from host_sim.progress import Progress
    label = label or game.NAME
    with Progress(matches, "%s: %s vs %s" % (label, a, b), unit="match") as bar:
        def progress(k, w, t, l):
            bar.update(1, ("won %d, lost %d" % (w, l)) if wins
                       else ("better %d, equal %d, worse %d" % (w, t, l)))
            if verbose and (k % 10 == 0 or k == matches):
                bar.write("  %d: %d/%d/%d" % (k, w, t, l))
        if wins:
            r = match_wins(game, options, matches, a, b, seed, progress)
        else:
            r = duplicate(game, options, matches, a, b, seed, progress)
    if label != game.NAME:
        r["game"] = label
    return r


def main(args):
    try:
        game = games.load(args.game)
        opts = parse_options(game.SETTINGS, args.option or [])
        player(args.a, game, 1)
        player(args.b, game, 1)
    except ValueError as e:
        print("tournament: %s" % e, file=sys.stderr)
        return 2
    r = run(game, opts, args.matches, args.a, args.b, args.seed,
            wins=getattr(args, "wins", False), label=getattr(args, "label", None),
            verbose=args.verbose)
    print(text(r))
    if getattr(args, "json", None):
        import json
        with open(args.json, "w") as f:
            json.dump(r, f)
    return 0
