"""Every game and variant played by keys only on the headless board under
the real micropython (modules from .mpy, a fixed heap), through every kind of
decision the game has: a player who tries each kind of choice once (then plays
as the heuristic would) presses the keys on CPython; the same keys replayed
under micropython give the same scenes and the same frames, key for key."""
import pytest

from tests.mp import run_micropython, run_cpython
from host_sim.explore import CASES, keys_for, seed_of, setup_code

HEAP = "192k"  # the whole app's limit on the 64-bit port (DESIGN.md)


PROGRAM = """
import sys, gc
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
from firmware import words
words.STRICT = %r  # a text without its translation fails the run
KEYS = %r
board = HeadlessBoard(%r)
%s
app = App(board, %d)
settle(app, board)
def crc(buf):
    h = 0
    for b in buf:
        h = (h * 31 + b) & 0xFFFFFF
    return h
low = 1 << 30
for i in range(len(KEYS)):
    board.push(int(KEYS[i]))
    app.step()
    settle(app, board)
    print(i, type(app.scene).__name__, crc(board.display.buffer))
    try:
        gc.collect()
        low = min(low, gc.mem_free())
    except AttributeError:
        pass
print("lowest_free", low)
"""

@pytest.mark.parametrize("game,opts,want,deals", CASES,
                         ids=["%s-%s" % (c[0], c[1] or "default") for c in CASES])
def test_every_decision_by_keys_on_micropython(game, opts, want, deals):
    ks, seen, played = keys_for(game, opts, want, deals)
    missing = [k for k in want if k not in seen]
    assert not missing, "never met: %s (met %s)" % (missing, sorted(seen))
    assert played >= 1
    _same_on_both(ks, game, opts, "en", "oled", HEAP)


def same_on_both(ks, game, opts, lang, kind, heap):
    """The keys ks through the app under micropython (at heap) and CPython:
    the scenes and frames after each key, the same on both (the micropython
    run's stdout: its lines, then its "lowest" free heap)."""
    code = PROGRAM % (lang != "en", "".join(str(k) for k in ks), kind,
                      setup_code(game, opts, lang), seed_of(game))
    mp = run_micropython(["-c", code], heap=heap)
    assert mp.returncode == 0, mp.stdout[-800:] + mp.stderr
    cp = run_cpython(["-c", code])
    assert cp.returncode == 0, cp.stderr
    m = [l for l in mp.stdout.splitlines() if not l.startswith("lowest")]
    c = [l for l in cp.stdout.splitlines() if not l.startswith("lowest")]
    assert m == c
    return m, mp.stdout


def _same_on_both(ks, game, opts, lang, kind, heap):
    m, out = same_on_both(ks, game, opts, lang, kind, heap)
    assert m[-1].split()[1] == "DealSummary"
    assert any(" Table " in l for l in m)


# One game per screen in Russian (issue 19), the table strict: Deberts on the
# OLED (its Russian terms: Играю, Рост?, Партия), Skat on the LCD.  Skat's
# heap: before the package per game it completed in 208k and not in 206k (its
# lowest free at 260k: 65.3 KB); with it, 1.8 KB less free at the lowest (63.6
# KB), completing in 210k: 212k leaves it the margin the other cases have.
# Then the power part, the ISkO's shortening, the plural forms and the
# table's fitted lines (2026-12-04): lowest free at 300k 84.5 KB (103.3
# before), completing in 240k and not in 232k.  At the table itself the live
# heap is only 5.4 KB more (77.4 KB free at 300k after six keys, 82.8 before);
# the rest is MicroPython's table of interned names (qstrs), which grows by
# doubling and is never freed: the modules of Skat's first computer decision
# (engine/determinize.py, the game's worlds and inference) bring its count
# past the sixth pool's capacity (1184 -> 1225 names before, 1221 -> 1262
# now), and a seventh pool, +14.7 KB on this 64-bit port, is allocated in the
# middle of the search, leaving the free heap in pieces.  The emulated Pico, whose figures count, keeps
# 79.4 KB free in Skat on the OLED and 55.0 KB in ISkO Skat on the LCD
# (docs/benchmarks.md).  244k until that heap is won back.
RUSSIAN = (("deberts", "oled", "192k"), ("skat", "lcd", "244k"))


@pytest.mark.parametrize("game,kind,heap", RUSSIAN, ids=["%s-%s" % (c[0], c[1]) for c in RUSSIAN])
def test_a_russian_walkthrough_on_micropython(game, kind, heap):
    case = [c for c in CASES if c[0] == game and not c[1]][0]
    ks, seen, played = keys_for(game, "", case[2], case[3], "ru", kind)
    assert not [k for k in case[2] if k not in seen] and played >= 1
    _same_on_both(ks, game, "", "ru", kind, heap)
