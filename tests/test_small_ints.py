"""The engine never builds an int of 2**30 or more (a long int, allocated on
the heap of a 32-bit MicroPython port) while complete games are played."""
import subprocess
import sys

import pytest

from engine import games
from tests.mp import ROOT


@pytest.mark.parametrize("game", games.names())
def test_no_long_ints_in_complete_games(game):
    p = subprocess.run([sys.executable, "tests/intcheck.py", game], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    checked = int(p.stdout.split()[-1])
    assert checked > 10000  # the hook really saw the engine's arithmetic


def test_the_check_catches_a_long_int():
    # Summing card points that add up past 2**30 inside engine code must fail.
    code = ("import sys; sys.path.insert(0, 'tests'); import intcheck; intcheck.install();\n"
            "from engine.tricks import points_of\n"
            "print(points_of([0, 1], [1 << 29, 1 << 29]))\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode != 0
    assert "does not fit a MicroPython small int" in p.stderr
    ok = code.replace("1 << 29, 1 << 29", "1 << 28, 1 << 28")
    p = subprocess.run([sys.executable, "-c", ok], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == str(1 << 29)
