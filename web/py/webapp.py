# The device's application in a web page: what web/worker.js calls.  The
# loop of firmware/power.py (which waits, dims and sleeps) is the device's;
# here the worker steps the app from its timers instead, so the page never
# waits on Python longer than one step (the computer's decision the longest:
# firmware/thinking.py, whose thinking sign is sent as it moves).
import gc

import uctypes

from firmware.app import App
from webboard import WebBoard

app = None
board = None
_sent = None  # the page's function that takes a frame (address, length)

# run()'s answer, a bit each (the frames go out as they are shown)
CHANGED = 2  # a file of the storage changed
BUSY = 4  # the app will change the screen by itself: step again soon


def start(kind, seed, sent):
    """The app on a new board (kind "oled" or "lcd"); seed: a number for
    the same deals as the simulator's --seed, or -1 for the clock's.  The
    storage folder holds what the page kept.  sent(address, length, frame
    number): the page paints the frame buffer."""
    global app, board, _sent
    _sent = sent
    board = WebBoard(kind)
    board.display.on_show = show
    app = App(board, seed if seed >= 0 else None)
    app.trace = True  # each computer decision's time on stdout (`~ai ...`)
    gc.collect()


def show():
    d = board.display
    _sent(uctypes.addressof(d.buffer), len(d.buffer), d.frames)


def palette():
    """The LCD's 16 colours as RGB565 numbers, comma-separated ('' on the
    OLED)."""
    d = board.display
    return ",".join([str(c) for c in d.palette]) if d.colors > 2 else ""


def run():
    """One pass of the app's loop (firmware/app.py's step()); the bits of
    CHANGED and BUSY."""
    st = board.storage
    app.step()
    out = 0
    if st.changed:
        st.changed = False
        out |= CHANGED
    return out | (BUSY if app.busy() else 0)


def key(code, event):
    """A key of the keyboard (hal.keys code, event PRESS or REPEAT)."""
    board.push(code, event)


def button(code, down):
    """A drawn button of the board pressed (down true) or let go."""
    board.buttons.button(code, bool(down))


def scene():
    """The current screen's name (what the page's tests wait for)."""
    return type(app.scene).__name__


def waiting():
    """How many keys of the keyboard the app has not taken yet."""
    return len(board.buttons.typed.queue)
