"""The handheld in a web page (`make web`), in a real browser: Debian's
Chromium, headless, driven over the DevTools protocol by Playwright
(host_sim/webdrive.py).  The page runs the device's own application on
MicroPython's WebAssembly port; next to it the simulator runs the same app
on CPython (the mirror), and after every key the canvas must be the
simulator's frame, pixel for pixel.

Without Chromium, Playwright or the WebAssembly port the tests in the
browser skip with one line saying which."""
import json
import os
import shutil
import zipfile

import pytest

from host_sim.webdrive import Browser, host_pixels, unavailable

WHY = unavailable()
in_chromium = pytest.mark.skipif(WHY is not None, reason=WHY or "")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 5
MEASURED = os.path.join(ROOT, "build", "web-measured.json")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from host_sim.webbuild import build_site
    out = str(tmp_path_factory.mktemp("web"))
    build_site(out)
    yield out
    shutil.rmtree(out, ignore_errors=True)


class Mirror:
    """The simulator's app with the same seed; files: the page's, in a
    folder as `host_sim link pull` leaves a device's (the simulator's
    --storage), read by hal/storage.py."""

    def __init__(self, kind, files=None, folder=None):
        from hal.headless import HeadlessBoard, settle
        from firmware.app import App
        if files is not None:
            for name, data in files.items():
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(data)
        self.board = HeadlessBoard(kind, folder)
        self.app = App(self.board, SEED)
        settle(self.app, self.board)

    def press(self, key):
        from hal.headless import settle
        self.board.push(key)
        self.app.step()
        settle(self.app, self.board)

    def scene(self):
        return type(self.app.scene).__name__


def same(b, mirror, what):
    """The canvas is the mirror's frame, pixel for pixel."""
    want, got = host_pixels(mirror.board.display), b.pixels()
    assert got is not None, "%s: a pixel of the canvas is not one colour" % what
    if got != want:
        w = mirror.board.display.width
        diff = [i // 6 for i in range(0, len(want), 6) if got[i:i + 6] != want[i:i + 6]]
        pytest.fail("%s: %d pixels differ from the simulator's, the first at x=%d y=%d"
                    % (what, len(diff), diff[0] % w, diff[0] // w))


def play(b, mirror, until, limit=400):
    """The autopilot's keys to both until until(mirror); the keys pressed."""
    from host_sim.autopilot import Autopilot
    pilot, n = Autopilot(), 0
    while not until(mirror, n):
        k = pilot.next_key(mirror.app)
        assert k is not None, "the autopilot has no key in %s" % mirror.scene()
        mirror.press(k)
        state = b.press(k)
        n += 1
        assert state["scene"] == mirror.scene()
        same(b, mirror, "key %d (%s)" % (n, mirror.scene()))
        assert n < limit
    return n


def position(m):
    """The deal as the player sees it at the table, and the match's score."""
    t = m.app.scene
    o = t.state.observation(0)
    return (list(o.hand), list(o.trick), list(o.played or ()), o.stock, o.trump, o.turnup,
            o.closed, o.to_move, list(t.match.scores))


def half_a_deal(m, n):
    return n >= 14 and m.scene() == "Table"


def deal_over(m, n):
    return m.scene() == "DealSummary"


def carried(b, folder):
    """Download save gives the device's files as they are, in a .zip;
    uploaded into a page that has none, they are its matches again."""
    with b.page.expect_download() as dl:
        b.page.click("#download")
    assert dl.value.suggested_filename == "pocket-card-table-saves.zip"
    os.makedirs(folder)
    saved = os.path.join(folder, dl.value.suggested_filename)
    dl.value.save_as(saved)
    with zipfile.ZipFile(saved) as z:
        files = {n: z.read(n) for n in z.namelist()}
    assert files == b.files() and files["save_sixtysix"][:4] == b"PCT1"
    b.get("localStorage.clear()")
    b.reload()
    assert b.files() == {} and b.get("pocket.state.scene") == "StartMenu"
    starts = b.get("pocket.starts")
    b.page.set_input_files("#upload-file", saved)
    b.page.wait_for_function("pocket.starts > %d" % starts)
    b.wait()
    assert b.files() == files
    os.remove(saved)
    m = Mirror("oled", files, folder)
    assert m.app.scene.entries[0][1] == "continue"
    same(b, m, "the start menu after an upload")


@in_chromium
def test_a_deal_in_chromium_is_the_simulators(site, tmp_path):
    from hal import keys
    with Browser(site) as b:
        assert b.open("?seed=%d&board=oled" % SEED)["scene"] == "StartMenu"
        load_ms = b.get("pocket.firstFrameMs")
        m = Mirror("oled")
        same(b, m, "the start menu")
        # Sixty-six (the start menu's first game), halfway through a deal
        play(b, m, half_a_deal)
        before = position(m)
        decisions = b.get("pocket.decisions")
        files = b.files()
        assert "save_sixtysix" in files
        # a reload offers Continue, and the deal goes on where it was
        b.reload()
        m = Mirror("oled", files, str(tmp_path))
        assert m.app.scene.entries[0][1] == "continue"
        same(b, m, "the start menu after a reload")
        b.press(keys.OK)
        m.press(keys.OK)
        assert m.scene() == "Table"
        same(b, m, "the match continued")
        assert position(m) == before, "the continued deal is not the one left"
        play(b, m, deal_over)
        decisions += b.get("pocket.decisions")
        carried(b, str(tmp_path / "again"))
        # nothing but the page's own files, from where the page is
        asked = set(u.split("?")[0] for u in b.requests if not u.startswith(("data:", "blob:")))
        assert asked and all(u.startswith(b.url()) for u in asked), sorted(asked)
        assert set(u[len(b.url()):] for u in asked) <= set(os.listdir(site)) | {""}
    ms = sorted(d["ms"] for d in decisions)
    assert ms and all(d["game"] == "sixtysix" for d in decisions)
    measured = {"first_menu_ms": load_ms, "decisions": len(ms), "p50_ms": ms[len(ms) // 2],
                "p95_ms": ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))], "max_ms": ms[-1]}
    os.makedirs(os.path.dirname(MEASURED), exist_ok=True)
    with open(MEASURED, "w") as f:
        json.dump(measured, f)
    print("in Chromium: %s" % measured)


@in_chromium
def test_russian_and_the_lcd_with_its_buttons(site, tmp_path):
    from hal import keys
    with Browser(site) as b:
        b.open("?seed=%d&board=oled" % SEED)
        m = Mirror("oled")
        while m.app.scene.entries[m.app.scene.sel][1] != "lang":
            m.press(keys.UP)
            b.press(keys.UP)
        english = b.pixels()
        assert b.get("document.documentElement.lang") == "en"
        b.press(keys.RIGHT)
        m.press(keys.RIGHT)
        same(b, m, "the start menu in Russian")
        assert b.pixels() != english
        assert any(ord(ch) >= 0x400 for ch in "".join(m.app.scene.items))
        assert b.get("document.documentElement.lang") == "ru"  # the page's own words follow
        assert "Экран" in b.get("document.body.innerText")
        # the LCD board, in Russian still; its drawn joystick pressed down
        b.page.click("[data-board=lcd]")
        b.wait()
        m = Mirror("lcd", b.files(), str(tmp_path))
        same(b, m, "the LCD's start menu")
        frames = b.get("pocket.frames")
        b.page.click("button.key[data-key=DOWN]")
        b.page.wait_for_function("pocket.frames > %d && pocket.idle()" % frames)
        m.press(keys.DOWN)
        same(b, m, "a drawn button pressed")


def test_the_browsers_figures_stay_on_the_benchmark_page(tmp_path):
    from host_sim import bench, bench_pico, webdrive
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\n" + bench_pico.BEGIN + "\npico\n" + bench_pico.END + "\n")
    webdrive.write_docs("## In a browser\n\nfirst menu 300 ms\n", str(page))
    bench.write_doc([], str(page))  # `make bench` rewrites the page
    bench_pico.write_docs("pico again\n", str(page))
    text = page.read_text()
    assert webdrive.BEGIN + "\n## In a browser\n\nfirst menu 300 ms\n" + webdrive.END in text
    webdrive.write_docs("## In a browser\n\nfirst menu 250 ms\n", str(page))
    text = page.read_text()
    assert "250 ms" in text and "300 ms" not in text and text.count(webdrive.BEGIN) == 1
    assert "pico again" in text
