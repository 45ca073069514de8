"""The whole application under the real micropython: modules compiled to .mpy
as deployed, a 160 KB heap, the native framebuf.  A complete Sixty-six deal
is played by scripted keys (the autopilot's, recorded on CPython), and every
frame after every key matches CPython's, byte for byte (by checksum)."""
import pytest

from tests.apphelp import deal_keys, program
from tests.mp import run_micropython, run_cpython

SEED = 35  # a long first deal: 40 keys (the opponent is the AI: its budget decides the deal)


def _strip_mem(out):
    return [l for l in out.splitlines() if not l.startswith("mem_free")]


@pytest.mark.parametrize("kind", ["oled", "lcd"])
def test_complete_deal_same_frames_on_micropython(kind):
    ks, app, board = deal_keys(kind, seed=SEED)
    assert len(ks) > 30
    code = program(kind, SEED, ks)
    mp = run_micropython(["-c", code], heap="160k")
    assert mp.returncode == 0, mp.stdout[-1500:] + mp.stderr
    cp = run_cpython(["-c", code])
    assert cp.returncode == 0, cp.stderr
    m = _strip_mem(mp.stdout)
    c = _strip_mem(cp.stdout)
    assert m == c
    final = "".join([l.split()[1] for l in m if l.startswith("final ")])
    assert bytes.fromhex(final) == bytes(board.display.buffer)  # and CPython's own run
    # the script really went from the menu through a whole deal
    assert m[0].startswith("start StartMenu")
    assert any(" Table " in l for l in m)
    assert m[len(ks)].split()[2] == "DealSummary"
    assert any(l.startswith("summary Match:") for l in m)
    assert any(" game point" in l for l in m if l.startswith("summary"))
    # redrawn only on change: far fewer frames than loop passes
    frames = int([l for l in m if l.startswith("frames")][0].split()[1])
    assert len(ks) < frames < 12 * len(ks)
