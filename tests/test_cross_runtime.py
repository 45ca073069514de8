"""The same seed gives the same game on CPython and on MicroPython, byte for
byte: `engine.selfplay` under both, the MicroPython side with the engine
loaded from .mpy files and a 96 KB heap for the rules alone (104 KB for
Skat's), 128 KB with the AI (132 KB for Skat under the ISkO laws;
host_sim/transcripts.py)."""
import pytest

from tests.mp import run_micropython, run_cpython
from host_sim.transcripts import CASES, AI_SKAT, AI_ISKO, SEEDS, heap_for

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game,extra", CASES + [AI_SKAT, AI_ISKO])
def test_same_transcript(game, extra, seed):
    args = ["-m", "engine.selfplay", "--game", game, "--seed", str(seed), "--matches", "2"] + list(extra)
    cp = run_cpython(args)
    assert cp.returncode == 0, cp.stderr
    mp = run_micropython(args, heap=heap_for(game, extra))
    assert mp.returncode == 0, mp.stdout[-2000:] + mp.stderr
    assert len(cp.stdout.splitlines()) > 20
    assert mp.stdout == cp.stdout


def test_rng_streams_match():
    code = ("from engine.rng import Rng\n"
            "r = Rng(987654321)\n"
            "print([r.next30() for _ in range(50)], [r.below(n) for n in range(1, 60)])\n"
            "d = list(range(32)); Rng(5).shuffle(d); print(d)\n")
    cp = run_cpython(["-c", code])
    mp = run_micropython(["-c", code])
    assert cp.returncode == 0 and mp.returncode == 0, cp.stderr + mp.stderr
    assert mp.stdout == cp.stdout
