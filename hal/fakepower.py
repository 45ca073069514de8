"""hal/power.py's interface on the headless board (hal/headless.py), for
tests and the desktop: the clock moves only when told, the battery reads
what the test sets, a wait or a sleep lasts until the next key the test has timed
(later()), and every call is written down.

    board.power.volts_now = 3.7   # the battery; None: no battery sense
    board.power.usb = True
    board.power.cause = "watchdog"  # the next App comes up after a watchdog reset"""


class FakePower:
    def __init__(self, board):
        self.board = board
        self.level = 100  # the brightness, per cent
        self.lit = True  # the screen on
        self.volts_now = None
        self.usb = False
        self.cause = None
        self.scratch = 0
        self.wdt_ms = None  # the watchdog's timeout once started
        self.fed = 0  # when it was last fed
        self.starved = 0  # the longest time it went unfed (ms)
        self.log = []  # ("brightness", 8), ("screen", False), ("sleep", ms) ...
        self.slept_ms = self.waited_ms = 0
        self.timed = []  # [(when, key, event)]: keys pressed later

    def later(self, ms, key, event=1):
        """key pressed ms from now (event: hal.keys.PRESS)."""
        self.timed.append((self.board.now + ms, key, event))
        self.timed.sort()

    def _advance(self, ms):
        b = self.board
        b.advance(ms)
        while self.timed and self.timed[0][0] <= b.now:
            _, key, event = self.timed.pop(0)
            b.push(key, event)

    def brightness(self, pct):
        self.level = pct
        self.log.append(("brightness", pct))

    def screen(self, on):
        self.lit = on
        self.log.append(("screen", on))

    def _pass(self, ms):
        """ms pass, or less if a timed key comes first: True if one did."""
        b = self.board
        due = self.timed[0][0] - b.now if self.timed else None
        if b.buttons.queue or due is not None and due <= 0:
            self._advance(0)
            return True
        if due is not None and due <= ms:
            self._advance(due)
            return True
        self._advance(ms)
        return False

    def _starve(self):
        if self.wdt_ms is not None:
            self.starved = max(self.starved, self.board.now - self.fed)

    def wait(self, ms):
        # (hal/power.py feeds the watchdog between the pieces of a wait)
        self.feed()
        t = self.board.now
        woke = self._pass(ms)
        self.waited_ms += self.board.now - t
        self.fed = self.board.now
        return woke

    def sleep(self, ms):
        if not self.timed and not self.board.buttons.queue:
            # (asleep for good: a test that forgot the key that wakes it)
            raise RuntimeError("asleep with no key timed to wake it (FakePower.later)")
        self.feed()
        t = self.board.now
        self.log.append(("sleep", ms))
        woke = self._pass(ms)
        self.slept_ms += self.board.now - t
        self.fed = self.board.now
        return woke

    def volts(self):
        return self.volts_now

    def on_usb(self):
        return self.usb

    def watchdog(self, ms):
        self.wdt_ms = ms
        self.fed = self.board.now

    def feed(self):
        if self.wdt_ms is not None:
            self._starve()
            self.fed = self.board.now

    def stop(self):
        self.wdt_ms = None

    def reset_cause(self):
        return self.cause

    def note(self, n):
        self.scratch = n

    def noted(self):
        return self.scratch

    def reboot(self):
        raise SystemExit("reboot")
