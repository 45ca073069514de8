"""The simulator's window (`sim --window`, host_sim/device.py) on a real Tk
root under Xvfb: q during a match asks first with Tk's own yes/no box; "no"
plays on, "yes" closes the window with the match saved; q in the start menu
closes it at once.  Needs Debian's xvfb (.ci/run installs it) and tkinter;
skipped, saying which is missing, without them."""
import os
import shutil
import subprocess
import sys

import pytest

from tests.mp import ROOT

# Run in a process of its own (Tk and the SIGINT handler of window()): the
# real window() with the real dialog; tk_root is wrapped only to drive it.
# Keys are sent as Tk key events to the root, and the question's box, Tk's
# message box (.__tk__messagebox, a window of Tcl's), is read and answered
# by invoking its buttons, as a click does.
DRIVER = r"""
import os, sys, tkinter
from host_sim import device
from host_sim.__main__ import main

STORAGE, ANSWERS, PLAY = sys.argv[1], sys.argv[2].split(","), sys.argv[3] == "1"
SAVE = os.path.join(STORAGE, "save_sixtysix")
real = device.tk_root
log = []
box = ".__tk__messagebox"


def tk_root(title, what):
    root = real(title, what)
    state = {"step": 0, "t": 0}

    def key(sym):
        root.focus_force()
        root.event_generate("<Key>", keysym=sym, when="tail")

    def asked():
        return bool(root.tk.call("winfo", "exists", box))

    def drive():
        state["t"] += 1
        s = state["step"]
        if s == 0 and state["t"] > 10 and PLAY:
            key("Return")
            key("Return")
            state["step"] = 1
        elif s == 0 and state["t"] > 10:
            state["step"] = 2
        elif s == 1 and (os.path.exists(SAVE) or state["t"] > 600):
            log.append("match" if os.path.exists(SAVE) else "no match")
            state["step"] = 2
            state["t"] = 0
        elif s == 2 and state["t"] > 5:
            log.append("q")
            state["step"] = 3
            state["t"] = 0
            root.after(100, drive)
            key("q")  # (the box is modal: drive() goes on inside its wait)
            return
        elif s == 3 and asked():
            log.append("asked: " + root.tk.call(box + ".msg", "cget", "-text"))
            answer = ANSWERS.pop(0)
            log.append(answer)
            root.tk.call(box + "." + answer, "invoke")
            state["step"] = 2
            state["t"] = 0
        elif s == 3 and state["t"] > 100:
            log.append("no question")
            state["step"] = 2
        root.after(100, drive)

    root.after(100, drive)
    return root


device.tk_root = tk_root
rc = main(["sim", "--window", "--seed", "3", "--storage", STORAGE])
print("rc %s" % rc)
print("\n".join(log))
print("saved %s" % os.path.exists(SAVE))
"""


def _display():
    """An Xvfb server of this test's own, on a display number it picks
    free itself (-displayfd: tests in parallel never share one):
    (process, DISPLAY), or a skip."""
    if shutil.which("Xvfb") is None:
        pytest.skip("no Xvfb (Debian's xvfb package): the window's test is skipped")
    try:
        import tkinter  # noqa: F401
    except ImportError:
        pytest.skip("no tkinter: the window's test is skipped")
    r, w = os.pipe()
    x = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "800x600x24",
                          "-nolisten", "tcp"], pass_fds=(w,),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()  # (written once the server is ready)
    if not number.isdigit():
        x.kill()
        x.wait()
        pytest.skip("Xvfb did not start")
    return x, ":" + number


@pytest.fixture
def display():
    x, name = _display()
    yield name
    x.terminate()
    x.wait()


def _run(display, tmp_path, answers, play=True):
    env = dict(os.environ, DISPLAY=display, HOME=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", DRIVER, str(tmp_path / "files"), answers,
                        "1" if play else "0"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in p.stderr, p.stderr
    return p.stdout.splitlines()


def test_q_in_a_match_asks_in_the_window_and_no_plays_on(display, tmp_path):
    from host_sim import simview
    out = _run(display, tmp_path, "no,yes")
    question = "asked: " + simview.quit_question()
    # the match starts; q asks; "no": the window stays, q asks again; "yes"
    # closes it, the match saved for the next start
    assert out == ["rc 0", "match", "q", question, "no", "q", question, "yes", "saved True"], out


def test_q_in_the_start_menu_closes_the_window_at_once(display, tmp_path):
    out = _run(display, tmp_path, "yes", play=False)
    assert out == ["rc 0", "q", "saved False"], out
