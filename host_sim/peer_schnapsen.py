"""Our default AI against the PyPI `schnapsen` platform's RdeepBot: a
benchmark only.  The platform is GPL-3.0: it is installed into .venv-bench by
scripts/bench_venv.sh and imported by this file alone, which the product
never imports.  Run it with that environment's interpreter:

    scripts/bench_venv.sh
    .venv-bench/bin/python -m host_sim.peer_schnapsen --games 800 --samples 32 --depth 8

Our AI runs under the real `micropython` (modules from .mpy, 128 KB heap: the AI's
limit, the endgame solver included) as a
subprocess speaking JSON lines (engine/peer.py).  It keeps its own copy of
the deal in our engine (game `schnapsen`, `platform_compat=on`), fed with the
same pack and every move of both players; it chooses through the same
fair interface as in our own games.  Deal i is shuffled by
random.Random(1000 + i) and played twice with the seats swapped (mirrored
deals and seats).  At the end of every game our engine's result is checked
against the platform's (winner and game points).  The games' progress shows
as a bar on a terminal, as a plain line every tenth of them in a log
(host_sim/progress.py), on stderr; the results stay on stdout."""
import argparse
import json
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from schnapsen.game import (Bot, SchnapsenGamePlayEngine, RegularMove, TrumpExchange,  # noqa: E402
                            Marriage, SchnapsenDeckGenerator)
from schnapsen.deck import OrderedCardCollection, Rank, Suit  # noqa: E402
from schnapsen.bots import RdeepBot  # noqa: E402

RANKS = {Rank.ACE: "A", Rank.TEN: "T", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J"}
SUITS = {Suit.CLUBS: "C", Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D"}


def card_text(c):
    return RANKS[c.rank] + SUITS[c.suit]


def move_events(m):
    """A platform move as our engine's actions, in order."""
    if isinstance(m, TrumpExchange):
        return ["exchange"]
    if isinstance(m, Marriage):
        # The platform plays the king with a marriage.
        return ["marriage " + SUITS[m.suit], card_text(m.king_card)]
    return [card_text(m.card)]


class Micro:
    """The micropython subprocess running engine/peer.py."""

    def __init__(self, heap="128k", player="ai"):
        venv_bin = os.path.join(ROOT, ".venv", "bin")
        os.environ["PATH"] = venv_bin + os.pathsep + os.environ.get("PATH", "")
        sys.path.insert(0, ROOT)
        from host_sim.mprun import mpy_dir
        self.p = subprocess.Popen(
            [os.path.join(venv_bin, "micropython"), "-X", "heapsize=" + heap, "-m", "engine.peer",
             "--game", "schnapsen", "--player", player, "--option", "platform_compat=on"],
            cwd=mpy_dir(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the micropython peer ended")
        r = json.loads(line)
        if "error" in r:
            raise RuntimeError("peer: %s (request %r)" % (r["error"], msg))
        return r

    def close(self):
        try:
            self.p.stdin.write(json.dumps({"type": "quit"}) + "\n")
            self.p.stdin.close()
        except OSError:
            pass
        self.p.wait(timeout=10)


class Table:
    """The moves of one game in the order the platform made them, not yet
    sent to our copy of the deal."""

    def __init__(self, micro):
        self.micro = micro
        self.pending = []
        self.latencies = []
        self.history = []
        self.diverged = None  # what our engine refused, once the rules part

    def new(self):
        self.pending = []
        self.history = []
        self.diverged = None

    def flush(self):
        for a in self.pending:
            if self.diverged is None:
                try:
                    self.micro.ask({"type": "act", "action": a})
                except RuntimeError as e:
                    self.diverged = "%s after %s" % (e, " ".join(self.history))
            self.history.append(a)
        self.pending = []


class Recorder(Bot):
    """Wraps the platform's bot, noting each of its moves."""

    def __init__(self, inner, table, name):
        super().__init__(name)
        self.inner = inner
        self.table = table

    def get_move(self, perspective, leader_move):
        m = self.inner.get_move(perspective, leader_move)
        self.table.pending.extend(move_events(m))
        return m


class OurBot(Bot):
    """The adapter: asks our AI under micropython, answers with the
    platform's move."""

    def __init__(self, table, name="ours"):
        super().__init__(name)
        self.table = table

    def get_move(self, perspective, leader_move):
        t = self.table
        t.flush()
        if t.diverged is not None:
            # Our copy of the deal no longer follows the platform's: play
            # on with the platform's first legal move, and count the game.
            m = perspective.valid_moves()[0]
            t.pending.extend(move_events(m))
            return m
        r = t.micro.ask({"type": "decide"})
        t.latencies.append(r["us"])
        a = r["action"]
        for m in perspective.valid_moves():
            ev = move_events(m)
            if ev[0] == a:
                t.pending.extend(ev)
                return m
        raise RuntimeError("our action %r is not among the platform's moves %r" % (
            a, [move_events(m) for m in perspective.valid_moves()]))


class FixedDeck(SchnapsenDeckGenerator):
    def __init__(self):
        super().__init__()
        self.order = None

    def shuffle_deck(self, deck, rng):
        return OrderedCardCollection(self.order)


def share_interval(per_game, z=1.96):
    """A 95% interval of our share of the game points, sum(ours) /
    sum(all), a ratio of two sums over the games: the delta method (the
    variance of x - R * t per game, x our points, t the game's points)."""
    n = len(per_game)
    if n < 2:
        return (0.0, 1.0)
    xs = [g if g > 0 else 0 for g in per_game]
    ts = [abs(g) for g in per_game]
    r = sum(xs) / float(sum(ts))
    mt = sum(ts) / float(n)
    d = [x - r * t for x, t in zip(xs, ts)]
    md = sum(d) / n
    var = sum((v - md) ** 2 for v in d) / (n - 1)
    h = z * (var / n) ** 0.5 / mt
    return (max(0.0, r - h), min(1.0, r + h))


def play(games, samples=16, depth=4, out=print, player="ai", heap="128k"):
    from host_sim.progress import Progress
    bar = Progress(games, "%s vs RdeepBot(%d, %d)" % (player, samples, depth), unit="game")
    try:
        return _play(games, samples, depth, out if out is not print else bar.write, player,
                     heap, bar)
    finally:
        bar.close()


def _play(games, samples, depth, out, player, heap, bar):
    micro = Micro(heap=heap, player=player)
    table = Table(micro)
    engine = SchnapsenGamePlayEngine()
    fixed = FixedDeck()
    engine.deck_generator = fixed
    ours = OurBot(table)
    pts = {"ours": 0, "rdeep": 0}
    wins = {"ours": 0, "rdeep": 0}
    mismatches = 0
    per_game = []  # our game points in each game, negative when RdeepBot won
    t0 = time.time()
    for i in range(games):
        deal = i // 2
        cards = list(SchnapsenDeckGenerator().get_initial_deck().get_cards())
        random.Random(1000 + deal).shuffle(cards)
        fixed.order = cards
        rdeep = Recorder(RdeepBot(num_samples=samples, depth=depth, rand=random.Random(7 + i)),
                         table, "rdeep")
        we_lead = i % 2 == 0
        # Our engine: the first leader is the non-dealer, seat 0.
        micro.ask({"type": "new", "deck": [card_text(c) for c in cards], "dealer": 1,
                   "seat": 0 if we_lead else 1, "seed": 1 + i})
        table.new()
        first, second = (ours, rdeep) if we_lead else (rdeep, ours)
        winner, gp, _score = engine.play_game(first, second, random.Random(0))
        name = "ours" if winner is ours else "rdeep"
        pts[name] += gp
        wins[name] += 1
        per_game.append(gp if name == "ours" else -gp)
        # Our engine must agree with the platform on the game's result.
        table.flush()
        st = micro.ask({"type": "state"})
        our_seat = 0 if we_lead else 1
        head = st["result"].split(" (")[0]
        expect = "P%d +%d" % ((our_seat if name == "ours" else 1 - our_seat) + 1, gp)
        if table.diverged is not None or head != expect:
            mismatches += 1
            out("game %d: our engine says %r, the platform %r; %s" % (
                i, st["result"] or "(not over)", expect, table.diverged or " ".join(table.history)))
        bar.update(1, "game points %d : %d" % (pts["ours"], pts["rdeep"]))
    micro.close()
    lat = sorted(table.latencies)
    total = pts["ours"] + pts["rdeep"]
    lo, hi = share_interval(per_game)
    return {"games": games, "points": pts, "wins": wins, "mismatches": mismatches,
            "share": pts["ours"] / float(total) if total else 0.0,
            "share_lo": lo, "share_hi": hi,
            "p50": lat[len(lat) // 2] if lat else 0,
            "p95": lat[max(0, (len(lat) * 95 + 99) // 100 - 1)] if lat else 0,
            "max": lat[-1] if lat else 0, "seconds": time.time() - t0,
            "samples": samples, "depth": depth, "player": player}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=800, help="games (pairs of mirrored deals x 2)")
    ap.add_argument("--samples", type=int, default=32)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--player", default="ai",
                    help="our side: ai (the normal level, default), ai-hard, heuristic, or a "
                         "tuned AI for measurement such as ai:z=1 (engine/tuning.py)")
    ap.add_argument("--heap", default="128k",
                    help="our micropython's heap (default 128k: the AI's limit, DESIGN.md)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    a = ap.parse_args(argv)
    r = play(a.games, a.samples, a.depth, player=a.player, heap=a.heap)
    print("ours (%s, micropython) vs RdeepBot(num_samples=%d, depth=%d): %d games, "
          "game points %d : %d (share %.1f%%, 95%% CI %.1f-%.1f%%), games won %d : %d, "
          "result mismatches %d; our decisions p50 %.1f ms p95 %.1f ms max %.1f ms (wall); "
          "%.0f s" % (
              r["player"], r["samples"], r["depth"],
              r["games"], r["points"]["ours"], r["points"]["rdeep"],
              100 * r["share"], 100 * r["share_lo"], 100 * r["share_hi"],
              r["wins"]["ours"], r["wins"]["rdeep"], r["mismatches"],
              r["p50"] / 1000.0, r["p95"] / 1000.0, r["max"] / 1000.0, r["seconds"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
