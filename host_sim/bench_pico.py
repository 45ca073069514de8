"""`make bench-pico`: the application on the emulated Pico (MicroPython's own
rp2 firmware, host_sim/pico.py), every game and variant, on both screens, at
each level of the computer players, timed on the device's own clock.

    python -m host_sim.bench_pico [--games sixtysix,skat] [--levels normal,hard]
        [--boards pico_oled,pico_display_pack] [--decisions N] [--jobs N]
        [--firmware frozen|stock] [--out build/bench-pico.json] [--no-docs]
    python -m host_sim.bench_pico --every-game skat [--boards pico_oled] [--levels normal]

The firmware is the project's own, with the application frozen in (`make
firmware`, host_sim/firmware.py), as a player's device runs it; `--firmware
stock` measures MicroPython's own image with the .mpy files on the
filesystem instead (`make deploy` on a plain MicroPython).

Each run starts the device with the game's settings and the level written
to its flash as the game menu writes them, walks the start menu to the game
with button presses on GPIO, and lets host_sim.autopilot play the human seat
(in lockstep with the desktop, so every screen is checked pixel for pixel)
until the computer has made N decisions.  The device reports each decision's
time and the free heap around it (board.cfg `trace = 1`); the harness gives
each key's time to its last byte on the display bus and the longest stretch
with no new pixels.  Writes build/bench-pico.json and the Pico section of
docs/benchmarks.md, then host_sim.plots draws the page's figures and its
summary from it (and build/bench.json, make bench's, if there).  The runs'
progress shows as a bar on a terminal, as plain lines in a log
(host_sim/progress.py)."""
import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from host_sim.targets import (LABELS, LEVELS, BOARDS, BUDGET, KEY_P95_MS, SCREEN_MS,  # noqa: F401
                              BLANK_MS, MIN_FREE, BOOT_MS, mark)


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return None
    i = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[i]


def walk_to(ls, game):
    """From the start menu to the game's table: DOWN to its line, OK, OK."""
    from hal import keys
    from engine.games import names
    i = names().index(game)
    for _ in range(i):
        ls.press(keys.DOWN)
    ls.press(keys.OK)  # the game's menu
    ls.press(keys.OK)  # its first line: play


def one(job):
    """One run: (label, level, board, decisions, seed[, firmware]) -> its
    figures."""
    label, level, board, want, seed = job[:5]
    firmware = job[5] if len(job) > 5 else None
    from host_sim.hil import Lockstep
    from host_sim.autopilot import Autopilot
    game, opts = [(g, o) for lab, g, o in LABELS if lab == label][0]
    stored = {"opponents": ("v1 " + level).encode()}
    if opts:
        stored["opts_" + game] = ("v1 " + opts).encode()
    t0 = time.time()
    out = {"label": label, "level": level, "board": board, "seed": seed}
    try:
        with Lockstep(board, seed=seed, stored=stored, firmware=firmware) as ls:
            out["boot_ms"] = round(ls.boot_ms, 1)
            walk_to(ls, game)
            pilot = Autopilot(seed=seed)
            keys_left = 40 * want + 200
            while len(ls.decisions) < want and keys_left > 0:
                ls.autoplay(1, pilot)
                keys_left -= 1
            ms = [d[2] / 1000.0 for d in ls.decisions]
            searched = [d for d in ls.decisions if d[5] > 0]
            lat = [k[2] for k in ls.keys if k[2] is not None]
            by_kind = {}
            for k in ls.keys:
                if k[2] is not None:
                    by_kind.setdefault(k[3], []).append(k[2])
            out.update({
                "decisions": len(ms),
                "decision_ms": [round(x, 1) for x in ms],
                "p50_ms": round(pct(ms, 0.5), 1) if ms else None,
                "p95_ms": round(pct(ms, 0.95), 1) if ms else None,
                "max_ms": round(max(ms), 1) if ms else None,
                "key_to_pixels_p50_ms": round(pct(lat, 0.5), 1) if lat else None,
                "key_to_pixels_p95_ms": round(pct(lat, 0.95), 1) if lat else None,
                "key_to_pixels_max_ms": round(max(lat), 1) if lat else None,
                "keys": len(ls.keys),
                # key to last byte by what the key did (hil.Lockstep.kind_of)
                "key_to_pixels": dict((kind, {"p50_ms": round(pct(v, 0.5), 1),
                                              "p95_ms": round(pct(v, 0.95), 1),
                                              "max_ms": round(max(v), 1), "keys": len(v)})
                                      for kind, v in by_kind.items()),
                "key_ms": dict((kind, [round(x, 1) for x in v]) for kind, v in by_kind.items()),
                "longest_blank_ms": round(ls.blank_ms, 1),
                # free after the collection before each search (firmware/table.py
                # _think): the heap the game holds at its fullest moments
                "min_free_heap": min([d[3] for d in ls.decisions]) if ms else None,
                "device_s": round(ls.pico.now_ms / 1000.0, 1),
                # the search's cost per work unit on the Pico (engine/ai.py budgets)
                "us_per_unit": round(sum(d[2] for d in searched) / float(sum(d[5] for d in searched)), 1)
                if searched else None,
                "work_max": max([d[5] for d in searched] or [0]),
                "show_ms": ls.pico.display_show_ms(),
            })
    except Exception as e:  # a run that fails is reported, not hidden
        out["error"] = "%s: %s" % (type(e).__name__, str(e)[:600])
    out["host_s"] = round(time.time() - t0, 1)
    return out


ALONE = """
import engine.bench
engine.bench.main(%r)
print("~done")
"""


def engine_alone(job):
    """The same AI on the same Pico without the app: engine.bench's full
    matches with the AI in every seat (the desktop bench's own code), as a
    main.py of its own; (label, level, decisions, seed[, firmware]) -> its
    figures."""
    label, level, want, seed = job[:4]
    firmware = job[4] if len(job) > 4 else None
    from host_sim.pico import Pico
    game, opts = [(g, o) for lab, g, o in LABELS if lab == label][0]
    argv = ["--game", game, "--ai", level, "--matches", "1", "--seed", str(seed)]
    if opts:
        argv += ["--option", opts]
    out = {"label": label, "level": level}
    with Pico("pico_oled", files={"main.py": (ALONE % argv).encode()}, firmware=firmware) as p:
        lat = []
        while len(lat) < want and p.now_ms < 600000:
            p.run(ms=2000)
            lines = bytes(p.serial).decode(errors="replace").splitlines()
            lat = [l.split() for l in lines if l.startswith("lat ") and len(l.split()) == 3]
            if "~done" in lines or "Traceback" in bytes(p.serial).decode(errors="replace"):
                break
    us = [int(l[1]) for l in lat[:want]]
    work = [int(l[2]) for l in lat[:want]]
    if not us:
        out["error"] = bytes(p.serial[-400:]).decode(errors="replace")
        return out
    searched = [(u, w) for u, w in zip(us, work) if w > 0]
    out.update({"decisions": len(us), "p50_ms": round(pct(us, 0.5) / 1000.0, 1),
                "p95_ms": round(pct(us, 0.95) / 1000.0, 1), "max_ms": round(max(us) / 1000.0, 1),
                "us_per_unit": round(sum(u for u, _ in searched) / float(sum(w for _, w in searched)), 1)
                if searched else None})
    return out


def firmware_name(name=None):
    """What ran: the image's file name, and for the project's own firmware
    the MicroPython it is built from."""
    from host_sim.pico import flash
    f = flash(name)
    if f.frozen:
        from host_sim.firmware import MICROPYTHON
        return "%s (%s, the application frozen in)" % (os.path.basename(f.firmware),
                                                        MICROPYTHON.replace("-", " "))
    return os.path.basename(f.firmware)


def commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def summarise(runs, firmware=None):
    """The JSON of build/bench-pico.json from the runs."""
    from host_sim.pico import flash
    res = {"firmware": firmware_name(firmware), "frozen": flash(firmware).frozen, "date": datetime.date.today().isoformat(),
           "commit": commit(), "games": {}, "profiles": {}}
    boots = [r["boot_ms"] for r in runs if "boot_ms" in r]
    res["boot_ms"] = max(boots) if boots else None
    for r in runs:
        if "error" in r:
            res.setdefault("errors", []).append(r)
            continue
        # games -> label -> level -> the worse profile's figures, and each
        # profile's under by_profile
        lv = res["games"].setdefault(r["label"], {}).setdefault(r["level"], {"by_profile": {}})
        lv["by_profile"][r["board"]] = {
            k: r[k] for k in ("p50_ms", "p95_ms", "max_ms", "decisions", "us_per_unit")}
        if r["decisions"]:
            for k in ("p50_ms", "p95_ms", "max_ms"):
                lv[k] = max(lv.get(k, 0), r[k])
            lv["decisions"] = lv.get("decisions", 0) + r["decisions"]
        pr = res["profiles"].setdefault(r["board"], {
            "boot_ms": r["boot_ms"], "min_free_heap": None, "key_to_pixels_p95_ms": 0,
            "longest_blank_ms": 0, "show_ms": r["show_ms"], "key_kinds": {}})
        for kind, v in r.get("key_to_pixels", {}).items():
            kk = pr["key_kinds"].setdefault(kind, {"worst_run_p95_ms": 0, "max_ms": 0, "keys": 0,
                                                   "all": []})
            kk["worst_run_p95_ms"] = max(kk["worst_run_p95_ms"], v["p95_ms"])
            kk["max_ms"] = max(kk["max_ms"], v["max_ms"])
            kk["keys"] += v["keys"]
            kk["all"] += r.get("key_ms", {}).get(kind, [])
        if r["min_free_heap"] is not None:
            pr["min_free_heap"] = r["min_free_heap"] if pr["min_free_heap"] is None \
                else min(pr["min_free_heap"], r["min_free_heap"])
        if r["key_to_pixels_p95_ms"] is not None:
            pr["key_to_pixels_p95_ms"] = max(pr["key_to_pixels_p95_ms"], r["key_to_pixels_p95_ms"])
        pr["longest_blank_ms"] = max(pr["longest_blank_ms"], r["longest_blank_ms"])
    # each kind of key: p50/p95 over every key of the profile (a run of 20
    # keys has for p95 its second slowest)
    for pr in res["profiles"].values():
        for kk in pr["key_kinds"].values():
            xs = kk.pop("all")
            kk["p50_ms"] = pct(xs, 0.5)
            kk["p95_ms"] = pct(xs, 0.95) if xs else kk["worst_run_p95_ms"]
    # top level: the worst over the profiles, as the budgets read
    prs = list(res["profiles"].values())
    res["min_free_heap"] = min([p["min_free_heap"] for p in prs if p["min_free_heap"]] or [0]) or None
    res["key_to_pixels_p95_ms"] = max([p["key_to_pixels_p95_ms"] for p in prs] or [0])
    res["longest_blank_ms"] = max([p["longest_blank_ms"] for p in prs] or [0])
    res["runs"] = runs
    return res


def markdown(res):
    """The page's section (docs/benchmarks.md) from the JSON of summarise."""
    lines = ["## On the Pico (emulated, `make bench-pico`)", "",
             "The application itself on %s on an emulated RP2040 "
             "(rp2040js; host_sim/pico.py), keys "
             "pressed on the board's GPIO pins, the screen decoded off the I2C/SPI bus with every "
             "byte at its wire time; every screen checked pixel for pixel against the desktop app "
             "on the same seed. All times are the device's own clock (`time.ticks_us()`), not "
             "estimates. Measured %s at commit %s%s." % (
                 ("the project's own firmware, `%s` (`make firmware`), only main.py and board.cfg "
                  "on its littlefs flash" if res.get("frozen") else
                  "MicroPython's own rp2 firmware (`%s`), the project's `.mpy` files on its "
                  "littlefs flash (`make deploy`)") % res["firmware"], res["date"], res["commit"],
                 "; boot at commit %s" % res["boot_commit"] if res.get("boot_commit") else ""),
             "",
             "| profile | boot to menu | key to last byte p95 over every key of the profile: in "
             "play / in menus / new screen (keys) | longest wait with no new pixels | lowest free "
             "heap | full-frame show() |",
             "|---|---|---|---|---|---|"]
    lines += profile_rows(res)
    if "pico_display_pack" in res["profiles"]:
        lines += ["", "pico_display_pack: four buttons; A is a shift (held, X is UP and Y is "
                  "DOWN; hal/buttons.py) and acts on its release (held 0.7 s, it is MENU), so "
                  "BACK's times include the press's length; B, X and Y act on their press. "
                  "The same screen with a button for every key is pico_lcd_114."]
    lines += decision_table(res)
    lines += alone_table(res)
    if res.get("errors"):
        lines += ["", "Runs that failed:", ""]
        for r in res["errors"]:
            lines.append("- %s %s %s: %s" % (r["label"], r["level"], r["board"],
                                              r["error"].splitlines()[0]))
    return "\n".join(lines) + "\n"


def profile_rows(res):
    """The profiles table's rows: boot, key to pixels, waits, heap, show()."""
    lines = []
    for board in sorted(res["profiles"]):
        p = res["profiles"][board]
        kk = p.get("key_kinds", {})

        def k95(kind, target=None):
            if kind not in kk:
                return "-"
            v = kk[kind]["p95_ms"]
            return "%.0f ms (%d)%s" % (v, kk[kind]["keys"],
                                       "" if target is None else " %s" % mark(v <= target))
        lines.append("| %s | %.0f ms (%s) | %s / %s / %s | %.0f ms (%s) | %s | %s |" % (
            board, p["boot_ms"], mark(p["boot_ms"] <= BOOT_MS),
            k95("play", KEY_P95_MS), k95("menu"), k95("screen", SCREEN_MS),
            p["longest_blank_ms"], mark(p["longest_blank_ms"] <= BLANK_MS),
            "%.1f KB (%s)" % (p["min_free_heap"] / 1024.0, mark(p["min_free_heap"] >= MIN_FREE))
            if p["min_free_heap"] else "-",
            "%.1f ms" % p["show_ms"] if p["show_ms"] else "-"))
    return lines


def decision_table(res):
    """The computer's decision times per game, board and level."""
    lines = ["", "Computer decisions, ms of device time (p50 / p95 / max, decisions timed); "
              "targets: normal p95 <= %d, max <= %d; hard p95 <= %d, max <= %d." % (
                  BUDGET["normal"] + BUDGET["hard"]), "",
              "| game | board | normal | hard | easy |", "|---|---|---|---|---|"]
    for label, _, _ in LABELS:
        g = res["games"].get(label)
        if not g:
            continue
        for board in BOARDS:
            cells = []
            for level in LEVELS:
                r = g.get(level, {}).get("by_profile", {}).get(board)
                if not r or not r["decisions"]:
                    cells.append("-")
                    continue
                txt = "%.0f / %.0f / %.0f (%d)" % (r["p50_ms"], r["p95_ms"], r["max_ms"],
                                                  r["decisions"])
                if level in BUDGET:
                    p95, mx = BUDGET[level]
                    txt += " " + mark(r["p95_ms"] <= p95 and r["max_ms"] <= mx)
                cells.append(txt)
            if any(c != "-" for c in cells):
                lines.append("| %s | %s | %s |" % (label, board, " | ".join(cells)))
    return lines


def alone_table(res):
    """The AI in the app against the same AI alone: device time per unit."""
    lines = []
    alone = [r for r in res.get("engine_alone", []) if "error" not in r]
    if alone:
        lines = ["", "The AI in the app against the same AI alone on the Pico (engine.bench's "
                  "matches with the AI in every seat, the desktop bench's code, as the device's "
                  "main.py; normal level): device time per work unit, over the decisions that "
                  "searched; target: the app within 20%.", "",
                  "| game | alone: p50 / p95 / max ms (decisions) | alone µs/unit | in the app "
                  "µs/unit (%s) | app / alone |" % ", ".join(BOARDS), "|---|---|---|---|---|"]
        for r in alone:
            app = [res["games"].get(r["label"], {}).get("normal", {}).get("by_profile", {})
                   .get(b, {}).get("us_per_unit") for b in BOARDS]
            known = [x for x in app if x]
            ratio = max(known) / r["us_per_unit"] if known and r["us_per_unit"] else None
            lines.append("| %s | %.0f / %.0f / %.0f (%d) | %s | %s | %s |" % (
                r["label"], r["p50_ms"], r["p95_ms"], r["max_ms"], r["decisions"],
                r["us_per_unit"], ", ".join("%s" % (x or "-") for x in app),
                "%.2f (%s)" % (ratio, mark(ratio <= 1.2)) if ratio else "-"))
    return lines


BEGIN = "<!-- bench-pico: begin -->"
END = "<!-- bench-pico: end -->"


def write_docs(text, path=os.path.join(ROOT, "docs", "benchmarks.md"), begin=BEGIN, end=END):
    """Put text between the page's begin and end marks (at its end if it
    has none); `make bench` keeps such blocks as they are.  The browser's
    section (host_sim/webdrive.py) is written the same way."""
    BEGIN, END = begin, end
    with open(path) as f:
        page = f.read()
    block = BEGIN + "\n" + text + END
    if BEGIN in page and END in page:
        page = page[:page.index(BEGIN)] + block + page[page.index(END) + len(END):]
    else:
        page = page.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w") as f:
        f.write(page)


def runs_asked(a, labels):
    """The runs the command line asks for: (label, level, board, decisions,
    seed, firmware), easy and hard only on their boards."""
    jobs = []
    for label in labels:
        for level in a.levels.split(","):
            for board in a.boards.split(","):
                if level == "easy" and board not in a.easy_on.split(","):
                    continue
                if level == "hard" and board not in a.hard_on.split(","):
                    continue
                jobs.append((label, level, board, a.decisions, a.seed, a.firmware))
    return jobs


def parser():
    ap = argparse.ArgumentParser(prog="python -m host_sim.bench_pico",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--games", help="labels, comma-separated (default: every game and variant): "
                    + ", ".join(l for l, _, _ in LABELS))
    ap.add_argument("--levels", default=",".join(LEVELS), help="default: normal,hard,easy")
    ap.add_argument("--boards", default=",".join(BOARDS),
                    help="board profiles (hal/boards.py); default: " + ",".join(BOARDS))
    ap.add_argument("--decisions", type=int, default=24,
                    help="computer decisions timed per run (default 24)")
    ap.add_argument("--easy-on", default="pico_oled",
                    help="boards the easy level (the heuristic, instant) runs on")
    ap.add_argument("--hard-on", default="pico_oled,pico_lcd_114",
                    help="boards the hard level runs on (its search is the same on both LCD boards)")
    ap.add_argument("--seed", type=int, default=5, help="the device's board.cfg seed (default 5)")
    ap.add_argument("--firmware", default="frozen", choices=("frozen", "stock"),
                    help="frozen: the project's firmware with the application in it (make "
                    "firmware; the default); stock: MicroPython's own, the .mpy files on flash")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="emulated Picos at once (default: one per core)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench-pico.json"),
                    help="the JSON written (default build/bench-pico.json)")
    ap.add_argument("--no-docs", action="store_true",
                    help="do not rewrite docs/benchmarks.md and its figures")
    ap.add_argument("--no-alone", action="store_true",
                    help="skip the AI alone on the Pico (engine.bench, without the app)")
    ap.add_argument("--alone-into", metavar="JSON",
                    help="run only the AI alone and add it to an earlier run's JSON")
    ap.add_argument("--every-game", metavar="GAME",
                    help="only the every-game walk (host_sim/everygame.py): each other game "
                    "entered, played and left, then GAME for --decisions decisions, on the "
                    "first of --boards at the first of --levels; its lowest free heap, written "
                    "to build/bench-pico-every-game.json (docs untouched)")
    return ap


def main(argv=None):
    ap = parser()
    a = ap.parse_args(argv)
    from host_sim.pico import available
    why = available()
    if why:
        print(why, file=sys.stderr)
        return 2
    labels = [l.strip().replace("_", " ") for l in a.games.split(",")] if a.games \
        else [l for l, _, _ in LABELS]
    unknown = [l for l in labels if l not in [x for x, _, _ in LABELS]]
    if unknown:
        ap.error("unknown game label(s) %s" % ", ".join(unknown))
    # the firmware and each board's image built once, before the workers run;
    # they get the image itself, not rebuilt by sources edited meanwhile
    from host_sim.pico import build_image, flash
    try:
        layout = flash(a.firmware)
    except Exception as e:
        print("bench-pico: the %s firmware: %s" % (a.firmware, e), file=sys.stderr)
        return 2
    a.firmware = layout
    if a.every_game:
        return every_game(a, layout)
    jobs = runs_asked(a, labels)
    for board in sorted(set(j[2] for j in jobs)):
        build_image(board, ["seed = %d" % a.seed, "trace = 1"], layout=layout)
    if a.alone_into:
        with open(a.alone_into) as f:
            old = json.load(f)
        res = summarise(old["runs"], a.firmware)  # the tables again from the runs kept
        for k in ("date", "commit"):
            res[k] = old.get(k, res[k])
        with ProcessPoolExecutor(max_workers=a.jobs) as ex:
            res["engine_alone"] = list(ex.map(engine_alone, [
                (label, "normal", a.decisions, a.seed, a.firmware) for label in labels]))
        return finish(res, a.alone_into, a.no_docs)
    runs = []
    alone = []
    t0 = time.time()
    alone_jobs = [(label, "normal", a.decisions, a.seed, a.firmware) for label in labels] \
        if not a.no_alone else []
    from host_sim.progress import Progress
    with ProcessPoolExecutor(max_workers=a.jobs) as ex, \
            Progress(len(jobs) + len(alone_jobs), "bench-pico", unit="run") as bar:
        for i, r in enumerate(ex.map(one, jobs)):
            runs.append(r)
            bar.write("[%d/%d, %.0f s] %s" % (i + 1, len(jobs), time.time() - t0, json.dumps(r)))
            bar.update(1, "%s %s %s" % (r["label"], r["level"], r["board"]))
        for r in ex.map(engine_alone, alone_jobs):
            alone.append(r)
            bar.write("[alone, %.0f s] %s" % (time.time() - t0, json.dumps(r)))
            bar.update(1, "%s alone" % r["label"])
    res = summarise(runs, a.firmware)
    res["engine_alone"] = alone
    return finish(res, a.out, a.no_docs)


def every_game(a, layout):
    from host_sim import everygame
    from host_sim.pico import build_image
    board = a.boards.split(",")[0]
    build_image(board, ["seed = %d" % a.seed, "trace = 1"], layout=layout)
    r = everygame.pico(a.every_game, board, a.levels.split(",")[0], decisions=a.decisions,
                       seed=a.seed, firmware=layout)
    r.update({"date": datetime.date.today().isoformat(), "commit": commit(),
              "firmware": firmware_name(layout)})
    print(json.dumps(r))
    with open(os.path.join(ROOT, "build", "bench-pico-every-game.json"), "w") as f:
        json.dump(r, f, indent=1, sort_keys=True)
    return 1 if "error" in r else 0


def finish(res, out, no_docs):
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    text = markdown(res)
    print(text)
    if not no_docs:
        write_docs(text)
        from host_sim import plots
        made, rows = plots.redraw(plots.load(plots.BENCH_JSON), res)
        print("drew %s; the summary of docs/benchmarks.md (%d games)" % (
            ", ".join(plots.FILES[m] for m in made) or "no figure", len(rows)))
    print("wrote %s%s" % (out, "" if no_docs else " and docs/benchmarks.md"))
    return 1 if res.get("errors") else 0


if __name__ == "__main__":
    sys.exit(main())
