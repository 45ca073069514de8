"""Every module meant for the device compiles with mpy-cross for the RP2040."""
import subprocess

import pytest

from host_sim.build_mpy import sources
from tests.mp import tool, ROOT

MODULES = sources()


def test_there_are_modules_to_compile():
    assert any(m.startswith("engine/") for m in MODULES)


@pytest.mark.parametrize("path", MODULES)
def test_compiles_for_armv6m(path, tmp_path):
    p = subprocess.run([tool("mpy-cross"), "-march=armv6m", "-o", str(tmp_path / "x.mpy"), path],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    head = (tmp_path / "x.mpy").read_bytes()[:2]
    assert head == b"M\x06", head  # .mpy version 6: loads on MicroPython 1.19+
