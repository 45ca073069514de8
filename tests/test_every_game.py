"""A player who tries every game and then Skat (host_sim/everygame.py): each
other game's table entered from the start menu, played for 30 keys and left
by the pause menu, then Skat for a deal and the next one's auction, under
the real micropython (modules from .mpy, easy opponents as in
tests/test_walkthrough.py).  A visit must leave nothing in the heap but the
names MicroPython interns for good (its qstr pools, never freed)."""
import re

from tests.mp import run_micropython, run_cpython

# Skat after every other game.  A fresh app plays the same Skat keys in 186 KB
# on this 64-bit port; after the other six, every game's interned names are
# in the heap beside it (+21 KB at Skat's table: a seventh qstr pool of 16.8
# KB, which Skat alone does not need, and the other games' ~530 names), and
# it needs 202 KB.  Before: 214 KB, with engine/jacknine.py (the Jack-Nine
# games') and the search's determinize.py kept after their game; 210 KB once
# they went with it, 202 KB once a deal's summary also left the heap before
# the next deal's first dialog was made (the peak of a Skat deal).
HEAP = "208k"

PROGRAM = """
import sys, gc
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
from firmware import font
KEYS = %r
MENUS = %r
board = HeadlessBoard("oled", %r)  # (the files on disk, as on a device's flash)
board.storage.write("opponents", b"v1 easy")
app = App(board, 3)
settle(app, board)
try:
    import micropython
    names = micropython.qstr_info
except (ImportError, AttributeError):  # CPython
    names = lambda: print("qstr pool: n_total_bytes=0")
for i in range(len(KEYS)):
    board.push(int(KEYS[i]))
    app.step()
    settle(app, board)
    print(i, type(app.scene).__name__)
    if i + 1 in MENUS:
        font.forget()
        gc.collect()
        try:
            print("menu", gc.mem_alloc())
        except AttributeError:
            print("menu 0")
        names()
"""


def _run(run, folder, heap=None):
    from host_sim import everygame
    ks, menus = everygame.keys(everygame.order("skat"), each=30, last=60)
    folder.mkdir()
    code = PROGRAM % ("".join(str(k) for k in ks), menus, str(folder))
    p = run(["-c", code], heap=heap) if heap else run(["-c", code])
    return p, ks, menus


def test_skat_after_every_other_game_fits_the_heap(tmp_path):
    mp, ks, menus = _run(run_micropython, tmp_path / "mp", HEAP)
    assert mp.returncode == 0, mp.stdout[-800:] + mp.stderr
    cp, _, _ = _run(run_cpython, tmp_path / "cp")
    assert cp.returncode == 0, cp.stderr

    def scenes(out):
        return [l for l in out.splitlines() if l[:1].isdigit()]
    m = scenes(mp.stdout)
    assert m == scenes(cp.stdout)  # the keys do on micropython what they did on CPython
    assert len(m) == len(ks) and len(menus) == 6
    assert all(m[n - 1].endswith(" StartMenu") for n in menus)
    # Skat played through a deal's summary into the next deal
    assert "DealSummary" in " ".join(m[menus[-1]:]) and m[-1].endswith(" Table")
    # What each visit left at the start menu, less the interned names: after
    # the first (the engine's shared modules and the table's save code, kept)
    # a saved match's Continue line (~180 bytes: the menu lists them) and
    # the slack of the chunks the names are kept in (100-600 bytes a visit in
    # all).  engine/jacknine.py, once kept after a Jack-Nine game, was 7.6 KB.
    live = [int(l.split()[1]) for l in mp.stdout.splitlines() if l.startswith("menu ")]
    pools = [int(re.search(r"n_total_bytes=(\d+)", l).group(1))
             for l in mp.stdout.splitlines() if l.startswith("qstr pool")]
    kept = [a - q for a, q in zip(live, pools)]
    print("left at the start menu after each visit, less the qstr pools:", kept)
    assert len(kept) == 6
    assert max(kept[i + 1] - kept[i] for i in range(5)) < 1024, kept
