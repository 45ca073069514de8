"""Running code under the real MicroPython unix port, from .mpy files built
by mpy-cross exactly as they are deployed."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_BUILD = None


def tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if not found:
        raise RuntimeError("%s is not installed: run the tests through `make test`" % name)
    return found


def mpy_dir():
    """A directory holding engine/, hal/, firmware/ compiled to .mpy (built once
    per test session)."""
    global _BUILD
    if _BUILD is None:
        from host_sim.build_mpy import build
        d = tempfile.mkdtemp(prefix="mpy-")
        build(d)
        _BUILD = d
    return _BUILD


def run_micropython(args, heap="96k", mpy=True, timeout=600, stdin=None):
    """Run `micropython -X heapsize=HEAP ARGS` in the .mpy tree (or the source
    tree with mpy=False); returns the CompletedProcess."""
    cwd = mpy_dir() if mpy else ROOT
    cmd = [tool("micropython"), "-X", "heapsize=" + heap] + list(args)
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, input=stdin)


def run_cpython(args, timeout=600):
    """CPython on the device's code, with MicroPython's built-in modules'
    stand-ins (host_sim/shims) importable, as under host_sim."""
    env = dict(os.environ)
    shims = os.path.join(ROOT, "host_sim", "shims")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), shims) if p)
    return subprocess.run([sys.executable] + list(args), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
