"""The device's screens under the real micropython: how long each scene's
redraw takes (desktop micropython, to compare scenes: the Pico's own times
are make bench-pico's) and the app's lowest free heap while each game is
played by keys.

    python -m host_sim.bench_screens            prints the table (make bench includes it)
    python -m host_sim.bench_screens --write    and puts it into docs/benchmarks.md

Each game is played by the walkthrough's explorer (host_sim/explore.py:
keys made on CPython); under micropython the keys are replayed on the
headless OLED and LCD boards, and at the first frame of each kind of scene the
scene is drawn REPEAT times and timed with time.ticks_us()."""
import sys

from host_sim.mprun import run_micropython

# The app's limit on the 64-bit port (DESIGN.md), and 16 KB more for the LCD's
# 4-bit frame
HEAPS = {"oled": "192k", "lcd": "208k"}
REPEAT = 20

PROGRAM = """
import sys, gc, time
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
KEYS = %r
board = HeadlessBoard(%r)
fb = board.display
%s
app = App(board, %d)
settle(app, board)
def kind(app):
    sc = app.scene
    name = type(sc).__name__
    if name != "Table":
        return name
    if sc.paused:
        return "pause"
    if sc.view >= 0:
        return "view"
    if sc.dlg is not None:
        return "dialog " + type(sc.dlg).__name__
    if sc.obs.trick:
        return "trick"
    return "table"
def timed(sc):
    # the fastest of the redraws: the others were slowed by the machine's load
    best = 1 << 29
    for j in range(%d):
        t0 = time.ticks_us()
        fb.fill(app.theme.bg)
        sc.draw(fb)
        best = min(best, time.ticks_diff(time.ticks_us(), t0))
    return best
done = set()
low = 1 << 30
for i in range(len(KEYS)):
    board.push(int(KEYS[i]))
    app.step()
    settle(app, board)
    gc.collect()
    low = min(low, gc.mem_free())
    k = kind(app)
    if k not in done:
        done.add(k)
        print("scene", k.replace(" ", "_"), timed(app.scene))
        if k == "trick" and "view" not in done:
            # the views and the pause box, over this table
            sc = app.scene
            done.add("view")
            for v in range(3):
                sc.view = v
                print("scene", ("view_last", "view_events", "view_score")[v], timed(sc))
            sc.view = -1
            sc.paused = True
            print("scene", "pause", timed(sc))
            sc.paused = False
print("lowest_free", low)
"""


def measure(game, opts, want, deals, kind):
    """{scene kind: desktop micropython microseconds per redraw}, lowest free
    heap; None if the run failed."""
    from host_sim.explore import keys_for, seed_of, setup_code
    ks, seen, played = keys_for(game, opts, want, deals)
    code = PROGRAM % ("".join(str(k) for k in ks), kind, setup_code(game, opts), seed_of(game),
                      REPEAT)
    p = run_micropython(["-c", code], heap=HEAPS[kind], timeout=1200)
    if p.returncode != 0:
        print(p.stdout[-300:], p.stderr[-300:], file=sys.stderr)
        return None
    scenes = {}
    low = None
    for line in p.stdout.splitlines():
        w = line.split()
        if w[0] == "scene":
            scenes[w[1]] = float(w[2])
        elif w[0] == "lowest_free":
            low = int(w[1])
    return scenes, low


def rows():
    from host_sim.explore import CASES
    from host_sim.progress import Progress
    out = []
    with Progress(2 * len(CASES), "device screens", unit="run") as bar:
        for game, opts, want, deals in CASES:
            for kind in ("oled", "lcd"):
                r = measure(game, opts, want, deals, kind)
                label = game + ("" if not opts else " " + opts.split("=")[1])
                out.append((label, kind, r))
                bar.update(1, "%s %s" % (label, kind))
    return out


def section(results):
    lines = [
        "## Device screens: redraw time and free heap",
        "",
        "Each game played by keys on the headless boards under desktop `micropython` "
        "(`-X heapsize=` %s on the OLED, %s on the LCD, whose frame takes 16 KB; modules from "
        "`.mpy`, easy opponents); the first frame of each kind "
        "of scene drawn %d times, the fastest taken. Times are desktop micropython ms per "
        "redraw, to compare scenes; the Pico's key-to-screen times, drawing and bus together, "
        "are measured on the emulated Pico (\"On the Pico\"). The lowest free heap is "
        "`gc.mem_free()` after `gc.collect()` after every key." % (
            HEAPS["oled"], HEAPS["lcd"], REPEAT),
        "",
        "| game | screen | scenes (desktop ms) | slowest | lowest free heap |",
        "|---|---|---|---|---|",
    ]
    for label, kind, r in results:
        if r is None:
            lines.append("| %s | %s | the run failed | | |" % (label, kind))
            continue
        scenes, low = r
        parts = []
        worst = 0
        for k in sorted(scenes):
            ms = scenes[k] / 1000.0
            worst = max(worst, ms)
            parts.append("%s %.2f" % (k.replace("_", " "), ms))
        lines.append("| %s | %s | %s | %.2f ms | %.0f KB |" % (
            label, kind, ", ".join(parts), worst, (low or 0) / 1024.0))
    lines.append("")
    return lines


def write(lines, path="docs/benchmarks.md"):
    """Put the section into the benchmarks page in place of its last
    version (the rest of the page is make bench's)."""
    import os
    from host_sim.mprun import ROOT
    full = os.path.join(ROOT, path)
    with open(full) as f:
        text = f.read()
    head = lines[0]
    if head in text:
        a = text.index(head)
        b = text.find("\n## ", a + len(head))
        text = text[:a] + "\n".join(lines) + ("" if b < 0 else text[b:])
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(lines)
    with open(full, "w") as f:
        f.write(text)


def main(argv):
    sys.path.insert(0, ".")
    lines = section(rows())
    print("\n".join(lines))
    if "--write" in argv:
        write(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
