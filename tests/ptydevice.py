"""The MicroPython unix port behind a pseudo-terminal (socat), as a stand-in
for a Pico on USB: tests/test_deploy.py, test_mip.py and test_link.py talk to
it with mpremote and pyserial as they would to a real board."""
import os
import shutil
import subprocess
import time

import pytest

from tests.mp import tool

needs_socat = pytest.mark.skipif(shutil.which("socat") is None,
                                 reason="socat is not installed (.ci/run installs it)")


# 176k: mpremote's copy of the whole .mpy tree, then the self-test loading
# Sixty-six's rules, in one session.  160k held until the review and the
# partial copy's modules joined the tree (more files copied, a heap more cut
# up); the device itself runs the frozen firmware, with the code in flash.
def start(fs, tty, heap="176k"):
    """MicroPython in folder fs (its filesystem) on the pty tty; returns the
    socat process once the pty exists."""
    mp = tool("micropython") + " -X heapsize=" + heap
    proc = subprocess.Popen(["socat", "PTY,link=%s,raw,echo=0" % tty,
                             "EXEC:%s,pty,raw,echo=0" % mp], cwd=str(fs))
    for _ in range(100):
        if os.path.exists(tty):
            return proc
        time.sleep(0.05)
    proc.terminate()
    raise AssertionError("socat made no pty")


@pytest.fixture
def device(tmp_path):
    """A MicroPython 'device' whose filesystem is tmp_path/fs, on a pty."""
    fs = tmp_path / "fs"
    fs.mkdir()
    tty = str(tmp_path / "tty")
    proc = start(fs, tty)
    try:
        yield fs, tty
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def remote(tty, code, timeout=120):
    """Run code on the device with mpremote (no soft reset: that would end
    the unix port)."""
    return subprocess.run([tool("mpremote"), "connect", tty, "resume", "exec", code],
                          capture_output=True, text=True, timeout=timeout)
