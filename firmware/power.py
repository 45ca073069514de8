# When the device rests: the screen dims after a quiet spell, sleeps after a
# longer one (the Pico in machine.lightsleep, woken by any button, the key
# that wakes it not played), the battery is watched, and the watchdog is
# fed.  The board does each of these (hal/board.py wait and feed, hal/power.py
# the rest); this module decides when.  Loaded by App.run after the first
# frame and kept while the app runs, so it holds only the decision: what it
# does now and then (dim, sleep, read the battery, note the game for a
# reset: firmware/powernap.py) loads when it does it and leaves the heap.
from micropython import const

import gc

from hal.ticks import ticks_diff
from engine.compat import forget_modules

POLL_MS = const(5)  # a button is down: looked at this often (repeat, release)
IDLE_GC_MS = const(200)  # collect the garbage once the screen has been still this long
EMPTY_SLEEP_MS = const(5000)  # an empty battery: asleep this soon after the last key


def run(app, until=None):
    """The device's loop (App.run).  A fault is printed on the USB serial
    port and restarts the Pico into the saved match (firmware/powernap.py
    recover); Ctrl-C from the port stops the watchdog first, which the REPL
    would not feed (mpremote, the link)."""
    board = app.board
    try:
        loop(app, until)
    except KeyboardInterrupt:
        board.power.stop()
        raise
    except Exception as e:
        import sys
        if sys.platform == "rp2" and getattr(board, "guard", True):
            sys.print_exception(e)
            board.power.reboot()
        raise


def loop(app, until):
    """Between events it waits: until the next key or deadline, the screen
    dimmed or asleep after a quiet spell (Power.rest); it never spins."""
    board = app.board
    if app.power is None:
        app.power = Power(app)  # (after the first frame: App.run)
    power = app.power
    shown = board.ticks_ms()  # when the last frame went out, until the idle collection
    while not app.quit and not (until and until()):
        if app.step():
            shown = board.ticks_ms()
        elif shown is not None:
            # The player is reading the screen: collect the garbage soon, so
            # that the next key's drawing is not stopped for a collection
            # (tens of ms on a Pico).  Not at once after a frame: a quick
            # next key (or auto-repeat) would wait for it.
            left = IDLE_GC_MS - ticks_diff(board.ticks_ms(), shown)
            if left <= 0:
                shown = None
                gc.collect()
            elif app.busy() or board.buttons.held():
                board.wait(POLL_MS)
            else:
                board.wait(left)  # (a key ends it at once)
        else:
            power.rest()


class Power:
    def __init__(self, app):
        self.app = app
        now = app.board.ticks_ms()
        app.touched = self.t0 = now
        self.dimmed = False
        self.usb = False  # USB powers the board (at the last reading)
        self.volts = None  # the battery, filtered (firmware/battery.py)
        self.pct = None  # its charge as shown
        self.low_told = self.empty = False
        self.battery_at = now
        self.resumed = False  # a watchdog reset resumed the match, no key since
        self.nap("boot")  # the settings; a reset's match resumed; the watchdog on

    def nap(self, what, *args):
        """firmware/powernap.py's `what`, its modules out of the heap after."""
        from firmware import powernap
        r = getattr(powernap, what)(self, *args)
        forget_modules(("firmware.powernap", "firmware.battery", "firmware.powerfile",
                        "firmware.prefs", "hal.power"))
        return r

    def at_table(self, name):
        """The match at the table (name), or none: what a watchdog reset
        would resume."""
        self.nap("note", name)

    def rest(self):
        """The loop has nothing to do: dim, sleep, look at the battery, or
        wait for the next key or deadline."""
        app = self.app
        board = app.board
        board.feed()
        now = board.ticks_ms()
        if self.resumed and app.touched != self.t0:
            self.nap("note", -1)  # a key since the resumed match began: it runs
        if ticks_diff(now, self.battery_at) >= 0:
            self.nap("battery", now)
        if app.busy():
            board.wait(POLL_MS)
            return
        idle = ticks_diff(now, app.touched)
        empty = self.empty and not self.usb
        sleep_ms = EMPTY_SLEEP_MS if empty else self.sleep_s * 1000
        if sleep_ms and idle >= sleep_ms:
            self.nap("sleep")
            return
        dim_ms = self.dim_s * 1000
        if (dim_ms and idle >= dim_ms or empty) != self.dimmed:
            self.nap("dim", not self.dimmed)
        if board.buttons.held():
            board.wait(POLL_MS)  # (auto-repeat, a long press, the release)
            return
        wait = ticks_diff(self.battery_at, now)
        for ms in (dim_ms, sleep_ms):
            if ms and idle < ms:
                wait = min(wait, ms - idle)
        board.wait(max(1, wait))

    def draw(self, fb):
        """The battery's sign in the top right corner: a cell filled to its
        charge; a '+' in it while USB powers the board."""
        app = self.app
        m, th = app.m, app.theme
        pct, usb = app.battery
        w, h = (12, 7) if m.big else (8, 5)
        x, y = m.w - self.sign_w(m), 1
        fb.fill_rect(x - 1, 0, w + 3, h + 2, th.bg)
        fb.rect(x, y, w, h, th.text)
        fb.fill_rect(x + w, y + 2, 2 if m.big else 1, h - 4, th.text)  # the cell's tip
        if usb:
            cx, cy = x + w // 2, y + h // 2
            fb.hline(cx - 2, cy, 5, th.accent)
            fb.vline(cx, cy - 2 if h > 5 else cy - 1, 5 if h > 5 else 3, th.accent)
        elif pct is not None:
            fb.fill_rect(x + 1, y + 1, (w - 2) * pct // 100, h - 2,
                         th.warn if pct <= 10 and th.colour else th.accent)

    def sign_w(self, m):
        """The width the battery's sign takes in the top right corner (the
        table's score moves left by it)."""
        return 14 if m.big else 10
