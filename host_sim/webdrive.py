"""The page of `make web` in a real browser: Debian's Chromium, headless,
driven by Playwright for Python over the DevTools protocol (never a browser
of Playwright's own), for tests/test_web.py and the figures in
docs/benchmarks.md ("In a browser"):

    python -m host_sim.webdrive shot OUT.png [--board lcd] [--keys OK,OK] [--seed 11]
    python -m host_sim.webdrive bench [--games sixtysix,skat] [--deals 1] [--board oled] [--write]

`shot` photographs the whole page (the README's picture); `bench` plays
deals of each game by the autopilot's keys and prints the page's
time to its first menu and the computer's decision times in the browser
(--write: into docs/benchmarks.md, "In a browser").  Both build the page
first (host_sim/webbuild.py) into a temporary folder."""
import argparse
import base64
import os
import shutil
import sys
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
# No network here, nothing of Google's services, a profile of its own.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Playwright's names of the keys the page maps (web/device.js), by hal.keys code.
KEYBOARD = {1: "ArrowLeft", 2: "ArrowRight", 3: "ArrowUp", 4: "ArrowDown", 5: "Enter",
            6: "Escape", 7: "m"}


def unavailable():
    """None when the page can be driven here, else why not (one line)."""
    if not os.path.exists(CHROMIUM):
        return "no Chromium at %s: `apt-get install -y chromium` (.ci/run does)" % CHROMIUM
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed: run `make venv`"
    from host_sim.webbuild import missing
    return missing()


class Browser:
    """Chromium on a served folder, with a fresh profile:

        with Browser(site) as b:
            b.open("?seed=5&board=oled")
            b.press(keys.OK)"""

    def __init__(self, site):
        self.site = site

    def __enter__(self):
        from playwright.sync_api import sync_playwright
        from host_sim.webserve import server
        self.httpd = server(self.site)
        self.profile = tempfile.mkdtemp(prefix="chromium-")
        self.pw = sync_playwright().start()
        self.ctx = self.pw.chromium.launch_persistent_context(
            self.profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 980, "height": 900})
        self.page = self.ctx.pages[0] if self.ctx.pages else self.ctx.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.requests = []  # every address the page (and its worker) asked for
        self.ctx.on("request", lambda r: self.requests.append(r.url))
        return self

    def __exit__(self, *exc):
        self.ctx.close()
        self.pw.stop()
        self.httpd.shutdown()
        self.httpd.server_close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def url(self, query=""):
        return "http://127.0.0.1:%d/%s" % (self.httpd.server_address[1], query)

    def open(self, query=""):
        self.page.goto(self.url(query))
        return self.wait()

    def reload(self):
        self.page.reload()
        return self.wait()

    def wait(self, timeout_s=60):
        """Until the app waits for a key with every key taken; its state."""
        self.page.wait_for_function("window.pocket && (pocket.idle() || pocket.error)",
                                    timeout=timeout_s * 1000)
        error = self.page.evaluate("pocket.error")
        if error or self.errors:
            raise RuntimeError("the page stopped: %s" % (error or self.errors))
        return self.page.evaluate("pocket.state")

    def press(self, key):
        """A key of the keyboard (a hal.keys code), then wait()."""
        self.page.keyboard.press(KEYBOARD[key])
        return self.wait()

    def pixels(self):
        return self.page.evaluate("pocket.pixels()")

    def files(self):
        """The device's files as the page keeps them ({name: bytes})."""
        got = self.page.evaluate("Object.fromEntries(Object.entries(pocket.files).map("
                                 "([n, b]) => [n, btoa(String.fromCharCode(...b))]))")
        return {n: base64.b64decode(t) for n, t in got.items()}

    def get(self, what):
        return self.page.evaluate(what)


def host_pixels(display):
    """The simulator's frame as web/device.js's pixels() gives the canvas."""
    from host_sim.screen import colours, rows
    pal = ["%02x%02x%02x" % c for c in colours(display)]
    return "".join(pal[c] for row in rows(display) for c in row)


def built_site():
    """A temporary folder with the page built in it (remove it after)."""
    from host_sim.webbuild import build_site
    site = tempfile.mkdtemp(prefix="web-")
    build_site(site)
    return site


def shot(a):
    from host_sim.device import parse_keys
    site = built_site()
    try:
        with Browser(site) as b:
            b.open("?seed=%d&board=%s" % (a.seed, a.board))
            for k in parse_keys(a.keys or ""):
                b.press(k)
            b.page.screenshot(path=a.out, full_page=True)
    finally:
        shutil.rmtree(site, ignore_errors=True)
    print("wrote %s" % a.out)
    return 0


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100.0 * (len(s) - 1))))] if s else None


def one_deal(b, game, seed, kind):
    """Open the page afresh, play the first deal of `game` by the
    autopilot's keys (the simulator's mirror says which); the page's time
    to its first frame and the computer's decision times (ms)."""
    from hal import keys
    from hal.headless import HeadlessBoard, settle
    from engine import games
    from firmware.app import App
    from host_sim.autopilot import Autopilot
    b.get("localStorage.clear()")  # (the last deal's match is saved)
    b.open("?seed=%d&board=%s" % (seed, kind))
    board = HeadlessBoard(kind)
    app = App(board, seed)
    settle(app, board)
    presses = [keys.DOWN] * games.names().index(game)
    pilot = Autopilot()
    while type(app.scene).__name__ != "DealSummary":
        k = presses.pop() if presses else pilot.next_key(app)
        board.push(k)
        app.step()
        settle(app, board)
        b.press(k)
    return b.get("pocket.firstFrameMs"), [d["ms"] for d in b.get("pocket.decisions")]


def bench(a):
    from host_sim.shims import install
    install()
    from engine import games
    chosen = a.games.split(",") if a.games else games.names()
    site = built_site()
    rows = []
    try:
        with Browser(site) as b:
            b.open("?board=%s" % a.board)
            cold = b.get("pocket.firstFrameMs")  # a first visit: nothing cached
            print("first visit: first menu %.0f ms" % cold)
            for game in chosen:
                t0 = time.time()
                loads, ms = [], []
                for deal in range(a.deals):
                    load, got = one_deal(b, game, a.seed + deal, a.board)
                    loads.append(load)
                    ms += got
                rows.append({"game": game, "load_ms": max(loads), "ms": ms})
                print("%s: first menu %.0f ms, %d decisions, p50 %.0f, p95 %.0f, longest %.0f ms (%.0f s)"
                      % (game, max(loads), len(ms), percentile(ms, 50), percentile(ms, 95), max(ms),
                         time.time() - t0))
    finally:
        shutil.rmtree(site, ignore_errors=True)
    if a.write:
        write_docs(section(rows, a.board, cold, a.deals))
        print("wrote the section \"In a browser\" of docs/benchmarks.md")
    return 0


BEGIN = "<!-- bench-web: begin -->"
END = "<!-- bench-web: end -->"
PAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs",
                    "benchmarks.md")


def section(rows, kind, cold, deals):
    import platform
    version = "?"
    try:
        import subprocess
        version = subprocess.run([CHROMIUM, "--version"], capture_output=True,
                                 text=True).stdout.split(" built on ")[0].strip() or "?"
    except OSError:
        pass
    loads = [r["load_ms"] for r in rows]
    out = ["## In a browser (`make web`, `python -m host_sim.webdrive bench --write`)", "",
           "The page of `make web` (docs/web.md) in headless %s (Debian's package) on this "
           "%d-core %s machine, its %s board, served from 127.0.0.1: the device's application on MicroPython's "
           "WebAssembly port, in a Web Worker. \"First menu\" is the time from the page's "
           "navigation to the start menu's first frame on the canvas (target 3 s): %.0f ms on "
           "the first visit, with nothing in the browser's cache; then for each game the page is "
           "opened again with an empty storage (its files cached) and %d deal%s played by key "
           "events, the autopilot's. The decisions are the computer's `decide()` at the normal "
           "level, every one, timed in the worker (target p95 1.5 s)." % (
               version, os.cpu_count() or 0, platform.machine(), kind.upper(), cold, deals,
               "" if deals == 1 else "s"),
           "",
           "| game | first menu ms | decisions | p50 ms | p95 ms | longest ms |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        ms = r["ms"]
        out.append("| %s | %.0f | %d | %.0f | %.0f | %.0f |" % (
            r["game"], r["load_ms"], len(ms), percentile(ms, 50), percentile(ms, 95), max(ms)))
    every = [x for r in rows for x in r["ms"]]
    out += ["", "Every game: first menu %.0f-%.0f ms; %d decisions, p50 %.0f ms, p95 %.0f ms, "
            "longest %.0f ms." % (min(loads), max(loads), len(every), percentile(every, 50),
                                  percentile(every, 95), max(every)), ""]
    return "\n".join(out)


def write_docs(text, path=PAGE):
    """The page's browser block (bench_pico.write_docs, with this block's
    marks); `make bench` keeps it as it is."""
    from host_sim import bench_pico
    bench_pico.write_docs(text, path, BEGIN, END)


def main(argv):
    p = argparse.ArgumentParser(prog="python -m host_sim.webdrive",
                                description="The page of `make web` in headless Chromium "
                                "(Debian's, at %s): a picture of it, or its figures." % CHROMIUM)
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("shot", help="a PNG of the whole page")
    s.add_argument("out")
    s.add_argument("--board", choices=("oled", "lcd"), default="lcd", help="the screen (default lcd)")
    s.add_argument("--keys", help="keys to press first, e.g. OK,OK (host_sim sim's names)")
    s.add_argument("--seed", type=int, default=11, help="the page's ?seed= (default 11)")
    s = sub.add_parser("bench", help="time to the first menu, the computer's decisions")
    s.add_argument("--games", help="game ids, comma-separated (default: every game)")
    s.add_argument("--deals", type=int, default=1, help="deals per game (default 1)")
    s.add_argument("--board", choices=("oled", "lcd"), default="oled", help="the screen (default oled)")
    s.add_argument("--seed", type=int, default=5,
                   help="the page's ?seed= for the first deal, +1 for each next (default 5)")
    s.add_argument("--write", action="store_true",
                   help="put the figures into docs/benchmarks.md (\"In a browser\")")
    a = p.parse_args(argv)
    why = unavailable()
    if why:
        print(why, file=sys.stderr)
        return 1
    return shot(a) if a.what == "shot" else bench(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
