"""`make bench`: memory and speed of every game under MicroPython and CPython.

For each game it runs engine.bench under the real `micropython` (modules from
.mpy, as deployed) and under CPython, finds the smallest `-X heapsize` that
completes full matches, and writes the table to docs/benchmarks.md.  The
RP2040 estimate multiplies the desktop MicroPython time by 200 (DESIGN.md)."""
import datetime
import os
import subprocess
import sys

from engine import games
from host_sim.mprun import mpy_dir, tool, ROOT

RP2040_FACTOR = 200


def _parse(line):
    out = {}
    for w in line.split():
        k, v = w.split("=", 1)
        out[k] = v
    return out


def run_bench(runtime, game, deals, heap="256k", matches=3):
    args = ["-m", "engine.bench", "--game", game, "--deals", str(deals), "--matches", str(matches)]
    if runtime == "micropython":
        cmd = [tool("micropython"), "-X", "heapsize=" + heap] + args
        cwd = mpy_dir()
    else:
        cmd = [sys.executable] + args
        cwd = ROOT
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=1800)
    if p.returncode != 0:
        return None
    return _parse(p.stdout.strip().splitlines()[-1])


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


def main(args):
    names = args.games.split(",") if args.games else games.names()
    rows = []
    for g in names:
        print("bench %s ..." % g, flush=True)
        mp = run_bench("micropython", g, args.deals)
        cp = run_bench("cpython", g, args.deals)
        heap = smallest_heap(g)
        if mp is None or cp is None:
            print("  %s: the benchmark failed" % g)
            continue
        per_mp = int(mp["us_total"]) / int(mp["deals"])
        per_cp = int(cp["us_total"]) / int(cp["deals"])
        row = {
            "game": g,
            "deals": int(mp["deals"]),
            "actions": int(mp["actions"]) / int(mp["deals"]),
            "mp_ms": per_mp / 1000.0,
            "cp_ms": per_cp / 1000.0,
            "rp_ms": per_mp * RP2040_FACTOR / 1000.0,
            "live_base": int(mp["live_base"]),
            "live_peak": int(mp["live_peak"]),
            "min_heap": heap,
        }
        rows.append(row)
        print("  random deal: %.2f ms micropython, %.2f ms CPython, ~%.0f ms on an RP2040; "
              "live heap %d -> %d bytes; smallest heap for 3 matches: %sk" % (
                  row["mp_ms"], row["cp_ms"], row["rp_ms"], row["live_base"],
                  row["live_peak"], heap))
    write_doc(rows, args.out)
    print("wrote %s" % args.out)
    return 0


def write_doc(rows, path):
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` on %s. Desktop `micropython` is the unix port (64-bit) "
        "running the modules from `.mpy` files; the RP2040 column multiplies its time by %d "
        "(DESIGN.md). Heap figures are for the 64-bit unix port, whose objects are up to twice "
        "the size of the Pico's, so they are upper bounds for the device." % (
            datetime.date.today().isoformat(), RP2040_FACTOR),
        "",
        "## Rules engine: one complete deal of random-legal play",
        "",
        "| game | actions per deal | micropython ms/deal | CPython ms/deal | est. RP2040 ms/deal "
        "| live heap, modules loaded | live heap peak during heuristic matches | smallest heap for 3 full matches |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append("| %s | %.1f | %.3f | %.3f | %.0f | %.1f KB | %.1f KB | %s |" % (
            r["game"], r["actions"], r["mp_ms"], r["cp_ms"], r["rp_ms"],
            r["live_base"] / 1024.0, r["live_peak"] / 1024.0,
            "%d KB" % r["min_heap"] if r["min_heap"] else "failed"))
    lines += [
        "",
        "The live heap is `gc.mem_alloc()` after `gc.collect()`, sampled before every action "
        "of full matches between the heuristic players; the smallest heap is found by bisecting "
        "`micropython -X heapsize=` in 2 KB steps.",
        "",
    ]
    os.makedirs(os.path.dirname(os.path.join(ROOT, path)), exist_ok=True)
    with open(os.path.join(ROOT, path), "w") as f:
        f.write("\n".join(lines))
