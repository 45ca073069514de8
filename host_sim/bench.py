"""`make bench`: memory and speed of every game under MicroPython and CPython,
and the AI's latency and strength.

For each game it runs engine.bench under the real `micropython` (modules from
.mpy, as deployed) and under CPython, finds the smallest `-X heapsize` that
completes full matches, times every decision of the AI at its default level
in full matches, finds the smallest heap in which full matches with the AI
in every seat complete (a bisection over `-X heapsize`), plays the duplicate
tournaments of host_sim.tournament, and writes it all to docs/benchmarks.md
(with --save-json, as `make bench` gives it, to build/bench.json too); then
host_sim.plots draws the page's figures and its summary from these results
and build/bench-pico.json.  Times here are the desktop's; the Pico's own
come from `make bench-pico` (host_sim/bench_pico.py), whose section of the
page this keeps, as it keeps the summary's place at the top and the
browser's section (`python -m host_sim.webdrive bench --write`).  Long steps
show their progress (host_sim/progress.py)."""
import datetime
import os
import subprocess
import sys

from engine import games
from host_sim.mprun import mpy_dir, tool, ROOT
from host_sim.progress import Progress

LOAD = ["?"]


def _parse(line):
    out = {}
    for w in line.split():
        k, v = w.split("=", 1)
        out[k] = v
    return out


def run_bench(runtime, game, deals, heap="256k", matches=3, extra=()):
    args = ["-m", "engine.bench", "--game", game, "--deals", str(deals),
            "--matches", str(matches)] + list(extra)
    if runtime == "micropython":
        cmd = [tool("micropython"), "-X", "heapsize=" + heap] + args
        cwd = mpy_dir()
    else:
        cmd = [sys.executable] + args
        cwd = ROOT
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=1800)
    if p.returncode != 0:
        return None
    lines = p.stdout.strip().splitlines()
    out = _parse(lines[-1])
    # engine.bench --ai prints each decision's time as it goes ("lat US WORK").
    out["lat"] = [int(x.split()[1]) for x in lines[:-1] if x.startswith("lat ")]
    return out


def smallest_heap(game, lo=8, hi=512, matches=3):
    """Smallest heap in KB (2 KB steps) with which `matches` full matches
    complete under micropython."""
    if run_bench("micropython", game, 2, "%dk" % hi, matches) is None:
        return None
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if run_bench("micropython", game, 2, "%dk" % mid, matches) is None:
            lo = mid
        else:
            hi = mid
    return hi


def percentile(sorted_values, q):
    """The q-th percentile (nearest rank) of a sorted list."""
    if not sorted_values:
        return 0
    k = (len(sorted_values) * q + 99) // 100
    return sorted_values[max(0, min(len(sorted_values), k) - 1)]


def ai_specs(names):
    """(label, game, ["name=value", ...]): every game at its defaults, and
    each other value of its `variant` setting or its `laws` (Skat's ISkO:
    "skat isko")."""
    out = []
    for g in names:
        out.append((g, g, []))
        for setting, values in games.load(g).SETTINGS:
            if setting == "variant" or setting == "laws":
                for v in values[1:]:
                    out.append(("%s %s" % (g, v), g, ["%s=%s" % (setting, v)]))
    return out


def ai_args(level, repeat, clock, opts):
    """engine.bench's arguments for timing the AI at `level`."""
    extra = ["--ai", level, "--repeat", str(repeat), "--clock", clock]
    for o in opts:
        extra += ["--option", o]
    return extra


def ai_latency(game, level="normal", matches=3, heap=None, repeat=5, opts=(), label=None,
               clock="cpu"):
    """Decision latencies of the AI (every seat) in full matches under
    micropython from .mpy: each decision run `repeat` times from the same AI
    state, its CPU time averaged (engine.bench._timed); None if the run
    fails (e.g. out of memory)."""
    heap = heap or LATENCY_HEAP
    r = run_bench("micropython", game, 0, heap, matches, ai_args(level, repeat, clock, opts))
    if r is None:
        return None
    lat = sorted(r["lat"])
    return {"game": label or game, "level": level, "matches": matches, "heap": heap,
            "decisions": len(lat), "lat": lat,
            "p50": percentile(lat, 50), "p95": percentile(lat, 95), "max": lat[-1] if lat else 0,
            "work": int(r["work"]) / max(1, len(lat)),
            "live_peak": int(r["live_peak"]), "clock": r.get("clock", "wall")}


# The AI's latency is timed with this heap: like the device's, it leaves the
# collector room (the Pico has about 225 KB for objects half this port's size,
# less the UI and the display frame; the app is tested in 160k).  Whether full
# matches fit in AI_HEAP_LIMIT is checked on its own (ai_heap).
LATENCY_HEAP = "160k"
from host_sim.targets import AI_HEAP_LIMIT, STRENGTH_TARGET, MATCH_WINS_TARGET, PEER_TARGET  # noqa: E402,F401


def ai_heap(game, matches, opts=(), lo=48, hi=AI_HEAP_LIMIT):
    """The smallest heap in KB (2 KB steps, bisected between lo and hi) in
    which `matches` full matches with the AI in every seat complete
    (engine.bench --ai, one run per decision); None if they do not complete
    in hi.  At the edge fragmentation decides, so the figure is one run's."""
    extra = ai_args("normal", 1, "wall", opts)

    def completes(kb):
        return run_bench("micropython", game, 0, "%dk" % kb, matches, extra) is not None
    if not completes(hi):
        return None
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if completes(mid):
            hi = mid
        else:
            lo = mid
    return hi


def run_strength(names, matches, out, random_matches=None):
    """The duplicate tournaments: `matches` against the heuristic and
    `random_matches` (default: as many) against random play."""
    from engine.game import parse_options
    from host_sim import tournament
    rows = []
    for label, g, opts in ai_specs(names):
        game = games.load(g)
        for b in ("heuristic", "random"):
            n = random_matches if b == "random" and random_matches else matches
            o = parse_options(game.SETTINGS, opts)
            # Three sides (three-hand Sixty-six) against random play: one
            # deal can decide a match, so issue 18 measures plain match wins.
            r = tournament.run(game, o, n, "ai", b, seed=1,
                               wins=b == "random" and game.sides(o) > 2, label=label)
            print("  " + tournament.text(r), flush=True)
            rows.append(r)
    return rows


def run_peer(games_n, samples=32, depth=8, player="ai"):
    """The outside peer (host_sim/peer_schnapsen.py) in .venv-bench, if that
    environment exists (scripts/bench_venv.sh); None otherwise."""
    py = os.path.join(ROOT, ".venv-bench", "bin", "python")
    if not os.path.exists(py):
        print("peer: .venv-bench is missing (scripts/bench_venv.sh); skipped")
        return None
    import json
    import tempfile
    fd, tmp = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    print("peer: %s vs RdeepBot(%d,%d), %d games ..." % (player, samples, depth, games_n), flush=True)
    # its progress and errors on our stderr as they come, its result on stdout
    p = subprocess.run([py, "-m", "host_sim.peer_schnapsen", "--games", str(games_n),
                        "--samples", str(samples), "--depth", str(depth), "--player", player,
                        "--json", tmp],
                       cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=7200)
    print("  " + (p.stdout.strip() or "the peer failed (exit %d)" % p.returncode), flush=True)
    if p.returncode != 0:
        return None
    with open(tmp) as f:
        r = json.load(f)
    os.unlink(tmp)
    return r


def main(args):
    names = args.games.split(",") if args.games else games.names()
    if getattr(args, "from_json", None):
        return write_saved(args)
    lats = []
    if getattr(args, "ai_matches", 0):
        lats = ai_latencies(names, args.ai_matches)
    strength = []
    if getattr(args, "strength_from", None):
        import json
        for path in args.strength_from:
            with open(path) as f:
                strength.append(json.load(f))
    elif getattr(args, "tournament_matches", 0):
        strength = run_strength(names, args.tournament_matches, print,
                                getattr(args, "random_matches", 0))
    peer = None
    if getattr(args, "peer_games", 0) and "schnapsen" in names:
        peer = run_peer(args.peer_games, getattr(args, "peer_samples", 32),
                        getattr(args, "peer_depth", 8), getattr(args, "peer_player", "ai"))
    rows = rules_rows([] if getattr(args, "skip_rules", False) else names, args.deals)
    screens = None
    if not getattr(args, "skip_screens", False):
        from host_sim import bench_screens
        print("device screens: redraw and free heap per game ...", flush=True)
        screens = bench_screens.rows()
        print("\n".join(bench_screens.section(screens)), flush=True)
    from host_sim.bench_pico import commit
    saved = {"rows": rows, "lats": lats, "strength": strength, "peer": peer,
             "screens": screens, "load": LOAD[0], "date": datetime.date.today().isoformat(),
             "commit": commit()}
    if getattr(args, "save_json", None):
        import json
        os.makedirs(os.path.dirname(os.path.abspath(args.save_json)), exist_ok=True)
        with open(args.save_json, "w") as f:
            json.dump(saved, f)
    write_doc(rows, args.out, lats, strength, peer, screens)
    print("wrote %s" % args.out)
    return redraw(saved, args.out)


def redraw(saved, out):
    """The page's figures and summary (host_sim.plots) from these results and
    the Pico's (build/bench-pico.json, if there)."""
    from host_sim import plots
    page = os.path.join(ROOT, out)
    made, rows = plots.redraw(saved, plots.load(plots.PICO_JSON), os.path.dirname(page), page)
    print("drew %s; the summary of %s (%d games)" % (
        ", ".join(plots.FILES[m] for m in made) or "no figure", out, len(rows)))
    return 0


def write_saved(args):
    """The page from figures measured earlier (--save-json), e.g. while the
    tournaments ran in parallel processes, plus --strength-from."""
    import json
    with open(args.from_json) as f:
        saved = json.load(f)
    LOAD[0] = saved.get("load", "?")
    for path in args.strength_from or []:
        with open(path) as f:
            saved["strength"].append(json.load(f))
    write_doc(saved["rows"], args.out, saved["lats"], saved["strength"], saved["peer"],
              saved.get("screens"), saved.get("date"))
    print("wrote %s" % args.out)
    return redraw(saved, args.out)


def ai_latencies(names, matches):
    """The AI's decision times and smallest heap per game and variant."""
    # On an idle machine the fastest of the repeated wall-clock runs is the
    # finest measure; on a busy one, the process's own CPU time (coarse:
    # the kernel counts it in 4 ms ticks, averaged over the repeats).
    lats = []
    LOAD[0] = "%.1f" % os.getloadavg()[0]
    clock = "wall" if os.getloadavg()[0] < 0.8 else "cpu"
    specs = ai_specs(names)
    with Progress(len(specs), "ai latency and heap (%s clock)" % clock, unit="game") as bar:
        for label, g, opts in specs:
            r = ai_latency(g, matches=matches, opts=opts, label=label, heap=LATENCY_HEAP,
                           clock=clock)
            if r is None:
                bar.write("  %s: the AI run failed under micropython -X heapsize=%s" % (
                    label, LATENCY_HEAP))
                bar.update(1, label)
                continue
            r["heap"] = ai_heap(g, matches, opts)
            lats.append(r)
            bar.write("ai latency %s: %d decisions: p50 %.1f ms, p95 %.1f ms, max %.1f ms of "
                      "desktop micropython; %.0f work units each; smallest heap for the AI "
                      "matches: %s" % (
                          label, r["decisions"], r["p50"] / 1000.0, r["p95"] / 1000.0,
                          r["max"] / 1000.0, r["work"],
                          "%d KB" % r["heap"] if r["heap"] else "over %d KB" % AI_HEAP_LIMIT))
            bar.update(1, label)
    return lats


def rules_rows(names, deals):
    """The rules engine's figures per game: random deals timed under
    micropython and CPython, and the smallest heap."""
    rows = []
    bar = Progress(len(names), "rules engine: deals and smallest heap", unit="game")
    for g in names:
        mp = run_bench("micropython", g, deals)
        cp = run_bench("cpython", g, deals)
        heap = smallest_heap(g)
        bar.update(1, g)
        if mp is None or cp is None:
            bar.write("  %s: the benchmark failed" % g)
            continue
        per_mp = int(mp["us_total"]) / int(mp["deals"])
        per_cp = int(cp["us_total"]) / int(cp["deals"])
        row = {
            "game": g,
            "deals": int(mp["deals"]),
            "actions": int(mp["actions"]) / int(mp["deals"]),
            "mp_ms": per_mp / 1000.0,
            "cp_ms": per_cp / 1000.0,
            "live_base": int(mp["live_base"]),
            "live_peak": int(mp["live_peak"]),
            "min_heap": heap,
        }
        rows.append(row)
        bar.write("bench %s: random deal %.2f ms micropython, %.2f ms CPython; "
                  "live heap %d -> %d bytes; smallest heap for 3 matches: %sk" % (
                      g, row["mp_ms"], row["cp_ms"], row["live_base"],
                      row["live_peak"], heap))
    bar.close()
    return rows


# The hard level's latency table is timed by hand (ai_latency(level="hard"),
# one match per game: twice the time of the normal level's), not by make
# bench: the page keeps it as it was.
HARD_HEADING = "### The hard level"
# So is the learned policy's strength table (tournaments of 800 matches a
# row, and the Pico's times), beside the bench's own.
LEARNED_HEADING = "### With the learned policy (measured by hand, kept by `make bench`)"


def kept_section(path, heading):
    """The lines of the page at `path` from `heading` to the next heading of
    its level or above ([] when the page or the heading is not there)."""
    try:
        with open(os.path.join(ROOT, path)) as f:
            old = f.read().split("\n")
    except OSError:
        return []
    if heading not in old:
        return []
    i = old.index(heading)
    j = i + 1
    while j < len(old) and not 0 < _level(old[j]) <= _level(heading):
        j += 1
    return old[i:j]


def _level(line):
    """A Markdown heading's level (0: not a heading)."""
    n = len(line) - len(line.lstrip("#"))
    return n if n and line[n:n + 1] == " " else 0


def write_doc(rows, path, lats=(), strength=(), peer=None, screens=None, date=None):
    from host_sim import plots
    lines = ["# Benchmarks", ""] + kept_block(path, plots.BEGIN, plots.END)[1:] + [
        "Written by `make bench` on %s. Desktop `micropython` is the unix port (64-bit) "
        "running the modules from `.mpy` files. Heap figures are for the 64-bit unix port, whose "
        "objects are up to twice the size of the Pico's, so they are upper bounds for the device. "
        "The Pico's own figures, measured on the emulated Pico in its own clock, are in the "
        "section \"On the Pico\" (`make bench-pico`); no factor turns desktop times into Pico "
        "times, since the ratio differs by game (80-110x)." % (
            date or datetime.date.today().isoformat(),),
        "",
        "## Rules engine: one complete deal of random-legal play",
        "",
        "| game | actions per deal | micropython ms/deal | CPython ms/deal "
        "| live heap, modules loaded | live heap peak during heuristic matches | smallest heap for 3 full matches |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append("| %s | %.1f | %.3f | %.3f | %.1f KB | %.1f KB | %s |" % (
            r["game"], r["actions"], r["mp_ms"], r["cp_ms"],
            r["live_base"] / 1024.0, r["live_peak"] / 1024.0,
            "%d KB" % r["min_heap"] if r["min_heap"] else "failed"))
    lines += [
        "",
        "The live heap is `gc.mem_alloc()` after `gc.collect()`, sampled before every action "
        "of full matches between the heuristic players; the smallest heap is found by bisecting "
        "`micropython -X heapsize=` in 2 KB steps.",
        "",
    ]
    if screens:
        from host_sim import bench_screens
        lines += bench_screens.section(screens)
    if lats:
        lines += ai_section(lats, path)
        lines += kept_section(path, HARD_HEADING)
    if strength:
        lines += strength_section(strength)
        lines += kept_section(path, LEARNED_HEADING)
    if peer:
        lines += peer_section(peer)
    if lats:
        lines += ["## Closing note", ""]
        for r in lats:
            lines.append("- %s: AI decisions p50 %.1f ms, p95 %.1f ms, max %.1f ms under desktop "
                         "micropython (the Pico's: the section \"On the Pico\")." % (
                             r["game"], r["p50"] / 1000.0, r["p95"] / 1000.0, r["max"] / 1000.0))
        for r in strength:
            if r.get("measure") == "match wins":
                lines.append("- %s: the AI wins %.1f%% of its matches against two %s players "
                             "(95%% CI %.1f-%.1f%%)." % (r["game"], 100 * r["share"], r["b"],
                                                         100 * r["lo"], 100 * r["hi"]))
                continue
            lines.append("- %s: the AI beats %s in %.1f%% of duplicate matches (95%% CI %.1f-%.1f%%)." % (
                r["game"], r["b"], 100 * r["share"], 100 * r["lo"], 100 * r["hi"]))
        if peer:
            lines.append("- Schnapsen against the platform's RdeepBot(%d, %d): %.1f%% of the game "
                         "points over %d games." % (peer["samples"], peer["depth"],
                                                     100 * peer["share"], peer["games"]))
        lines.append("")
    lines += kept_pico(path)
    lines += kept_web(path)
    os.makedirs(os.path.dirname(os.path.join(ROOT, path)), exist_ok=True)
    with open(os.path.join(ROOT, path), "w") as f:
        f.write("\n".join(lines))


def kept_pico(path):
    """The page's section from `make bench-pico` (host_sim/bench_pico.py),
    kept as it was: this bench does not measure the Pico."""
    from host_sim.bench_pico import BEGIN, END
    return kept_block(path, BEGIN, END)


def kept_web(path):
    """The page's section from the browser (host_sim/webdrive.py's bench),
    kept as it was."""
    from host_sim.webdrive import BEGIN, END
    return kept_block(path, BEGIN, END)


def kept_block(path, begin, end):
    """The page's block from `begin` to `end` (["", block, ""]; [] when the
    page or the block is not there)."""
    try:
        with open(os.path.join(ROOT, path)) as f:
            page = f.read()
    except OSError:
        return []
    if begin not in page or end not in page:
        return []
    return ["", page[page.index(begin):page.index(end) + len(end)], ""]


def ai_section(lats, path):
    lines = [
        "## AI: decision latency at the default level",
        "",
        "Every decision with more than one legal action, the AI (`ai`, normal level) in every "
        "seat of full matches under `micropython -X heapsize=%s` with the modules from `.mpy`; "
        "the targets (engine/ai.py `LATENCY_MS`) are the Pico's, checked on the emulated Pico "
        "(\"On the Pico\"): these desktop times compare games and budgets. The heap for "
        "the timing leaves the collector room, as the Pico's 225 KB does; the smallest heap in "
        "which the same matches complete is found separately with the same code (last column: "
        "bisected in 2 KB steps up to the %d KB limit of DESIGN.md). Both runs collect after every move and set "
        "`gc.threshold` to a quarter of the free heap once the players are loaded, as the "
        "device does (`engine.compat.collect_early`). Work units are "
        "actions applied in rollouts (the budget the AI counts, independent of the machine). "
        "Each decision is run five times from the same AI state (the same work: the AI is "
        "deterministic). On an idle machine (load average below 0.8 as the timing starts) the "
        "fastest wall-clock run counts, as the device has the CPU to itself; on a busy one, the "
        "micropython process's own CPU time (Linux's `/proc/self/sched`) averaged over the "
        "five, which smooths the kernel's 4 ms accounting steps but still runs slower than on "
        "an idle machine (shared caches). Clock used: %s; load average as the timing started: "
        "%s. The machine is a shared virtual one whose speed drifts: separate runs of similar "
        "work have differed by up to a third in p95 (Belote, the same day: 7.6 ms at 203 work "
        "units per decision in one run, 11.2 ms at 223 in another), so these figures are one "
        "sample, not a bound. The normal level plans its budget per kind of decision "
        "(docs/ai.md): in Belote the first card plays are the heuristic's, "
        "without a search (hence their low p50), and in the Jack-Nine games the auction "
        "searches longer (their max)." % (
            LATENCY_HEAP, AI_HEAP_LIMIT,
            ", ".join(sorted(set(r["clock"] for r in lats))), LOAD[0]),
        "",
        "| game | matches | decisions | work units per decision | p50 ms | p95 ms | max ms "
        "| live heap peak | smallest heap the matches complete in |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in lats:
        lines.append("| %s | %d | %d | %.0f | %.1f | %.1f | %.1f | %.1f KB | %s |" % (
            r["game"], r["matches"], r["decisions"], r["work"], r["p50"] / 1000.0,
            r["p95"] / 1000.0, r["max"] / 1000.0,
            r["live_peak"] / 1024.0,
            "%d KB" % r["heap"] if r.get("heap") else "over %d KB" % AI_HEAP_LIMIT))
    lines += [
        "",
        "The decisions' times on the Pico itself, against the targets, are the summary's "
        "figure at the top of this page (docs/bench_latency.png, from `make bench-pico`).",
        "",
    ]
    return lines


def strength_section(rows):
    lines = [
        "## AI: strength by duplicate play",
        "",
        "`python -m host_sim tournament --game G --matches N --a ai --b B`: each match is played "
        "twice from the same seed (the same first dealer and sequence of packs), once with the AI "
        "in the tested side's seats and once with B there; the other seats are B at both tables; "
        "the tested side rotates. The AI's result beats B's when it won the match and B did not, "
        "or both won or both lost with a larger final margin (its score less the best other "
        "side's, each counted up to the match target: points past it mean nothing in these "
        "games). Share = (better + equal/2) / matches, with a 95%% Wilson interval; targets "
        "(host_sim/targets.py `STRENGTH_TARGET`): >= %.0f%% against the heuristic, >= %.0f%% against "
        "random-legal play in every two-sided game. With 400 matches the interval is about "
        "+-4 points, with 1000 about +-2. The heuristic is the game's own rule-based player (`ai-easy`): a better "
        "heuristic raises both the AI and this baseline." % (
            100 * STRENGTH_TARGET["heuristic"], 100 * STRENGTH_TARGET["random"]),
        "",
        "| game | baseline B | matches | better | equal | worse | share | 95% CI | strictly better |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    wins = []
    for r in rows:
        if r.get("measure") == "match wins":
            wins.append(r)
            continue
        lines.append("| %s | %s | %d | %d | %d | %d | %.1f%% | %.1f-%.1f%% | %.1f%% |" % (
            r["game"], r["b"], r["matches"], r["wins"], r["ties"], r["losses"],
            100 * r["share"], 100 * r["lo"], 100 * r["hi"], 100 * r["strict"]))
    lines.append("")
    for r in wins:
        lines += [wins_paragraph(r), ""]
    return lines


# the three-sided games, as a player names them (wins_paragraph)
THREE_SIDED = {"sixtysix three": "three-hand Sixty-six", "skat": "Skat",
               "skat isko": "Skat under the ISkO laws"}


def wins_paragraph(r):
    """A three-sided game's result against random play: what is measured,
    in which game, and the figure."""
    return ("%s against two random players (`tournament --wins`): how often the AI wins a "
            "match of %s, in one seat (rotating) with random play in the other two; a "
            "three-sided game is measured by match wins, since one deal can decide a match "
            "(target %.0f%%, host_sim/targets.py `MATCH_WINS_TARGET`): %d of %d matches won, "
            "%.1f%% (95%% CI %.1f-%.1f%%)." % (
                r["game"], THREE_SIDED.get(r["game"], r["game"]), 100 * MATCH_WINS_TARGET,
                r["wins"], r["matches"], 100 * r["share"], 100 * r["lo"], 100 * r["hi"]))


def peer_section(r):
    from host_sim.tournament import wilson
    lo, hi = wilson(r["wins"]["ours"], r["games"])
    return [
        "## AI: against an outside peer (Schnapsen)",
        "",
        "`scripts/bench_venv.sh && .venv-bench/bin/python -m host_sim.peer_schnapsen --games %d "
        "--samples %d --depth %d` (`make bench`'s defaults): "
        "our default AI under `micropython -X heapsize=128k` (a JSON-lines subprocess, "
        "engine/peer.py) behind an adapter bot on the PyPI `schnapsen` platform 0.0.5 (GPL, "
        "installed only in `.venv-bench`), game `schnapsen` with `platform_compat=on`, against "
        "`RdeepBot(num_samples=%d, depth=%d)`; deal i shuffled by `random.Random(1000 + i)` and "
        "played twice with the seats swapped. Our engine's result of every game is checked "
        "against the platform's. The share's interval is the delta method's for a ratio of "
        "two sums over the games. Target (host_sim/targets.py `PEER_TARGET`): %.0f%% of the game "
        "points." % (r["games"], r["samples"], r["depth"], r["samples"], r["depth"],
                     100 * PEER_TARGET),
        "",
        "| games | our game points | RdeepBot's | our share of game points | games won (ours : rdeep) "
        "| games won, 95% CI | result mismatches | our decision p50 / p95 / max (wall, ms) |",
        "|---|---|---|---|---|---|---|---|",
        "| %d | %d | %d | %.1f%%%s | %d : %d | %.1f-%.1f%% | %d | %.1f / %.1f / %.1f |" % (
            r["games"], r["points"]["ours"], r["points"]["rdeep"], 100 * r["share"],
            " (95%% CI %.1f-%.1f%%)" % (100 * r["share_lo"], 100 * r["share_hi"])
            if "share_lo" in r else "",
            r["wins"]["ours"], r["wins"]["rdeep"], 100 * lo, 100 * hi, r["mismatches"],
            r["p50"] / 1000.0, r["p95"] / 1000.0, r["max"] / 1000.0),
        "",
    ]
