"""Hardware in the loop: the emulated Pico (host_sim/pico.py) played in
lockstep with the same application on the desktop.

The desktop runs firmware/app.py on a headless board with the same seed;
every key the player (a list, or host_sim.autopilot's stand-in human)
presses there is pressed on the device's GPIO pin, and the device runs until
the screen decoded off its display bus is, pixel for pixel, the desktop's
screen after the same key.  Any difference in the rules, the AI, the drawing
or the drivers between CPython and the Pico's MicroPython stops the run with
the first pixel that differs.  Along the way it measures, in device time,
each key's time to its last byte on the bus and the longest stretch with no
new pixels; with `trace = 1` in board.cfg the device also reports each
computer decision (firmware/table.py's traced)."""
from host_sim.shims import install

install()

from hal import keys  # noqa: E402
from host_sim.pico import Pico, expected_rows  # noqa: E402

WAIT_MS = 60000  # the longest the device may take to show what the desktop shows
KEY_WAIT_MS = 5000  # a key with no new pixels within this has no key-to-pixels time
CHUNK_MS = 40  # device time run between two looks at its screen
IDLE_MS = 40  # the stand-in player's quickest answer once the device idles


class Mismatch(AssertionError):
    pass


class Lockstep:
    def __init__(self, board="pico_oled", seed=1, settings=(), trace=True, stored=None,
                 lang=None, firmware=None):
        """stored: {name: bytes} of settings files (hal/storage.py names,
        e.g. "opponents": b"v1 hard") put on both sides before they start;
        firmware: "stock" or "frozen" (host_sim.pico.flash)."""
        from firmware.app import App
        from hal.headless import settle
        from hal.headless import HeadlessBoard
        from hal.boards import profile
        self.settle = settle
        self.kind = profile(board)["kind"]
        s = ["seed = %d" % seed] + (["trace = 1"] if trace else []) + list(settings)
        stored = dict(stored or {})
        if lang:
            stored["lang"] = ("v1 " + lang).encode()
        self.host = HeadlessBoard(self.kind)
        files = {}
        for name, data in stored.items():
            self.host.storage.write(name, data)
            files["data/" + name] = _stored(data)
        self.pico = Pico(board, s, files=files or None, firmware=firmware)
        self.app = App(self.host, seed)
        self.keys = []  # (key, down_ms, to last byte ms or None, "play"/"screen"/"menu")
        self.decisions = []  # (game, seat, us, free_before, free_after, work units)
        self.blank_ms = 0.0  # the longest stretch with no new pixels while waiting
        self._seen = 0
        settle(self.app, self.host)
        self.sync()
        self.boot_ms = self.pico.display.last_ns / 1e6  # the start menu's last byte

    # --- the desktop's side ---

    def expected(self):
        return expected_rows(self.host.display)

    # --- the device's side ---

    def sync(self, wait_ms=WAIT_MS):
        """Run the device until its screen is the desktop's; Mismatch (with
        the first differing pixel and a screenshot of each) if it is not
        within wait_ms."""
        want = self.expected()
        p = self.pico
        d = p.display
        end = p.now_ms + wait_ms
        last_change = p.now_ms
        checked = -1
        while True:
            before = d.transfers
            p.run(ms=CHUNK_MS)
            self._read_trace()
            if d.transfers != before:
                self.blank_ms = max(self.blank_ms, d.last_ns / 1e6 - last_change)
                last_change = d.last_ns / 1e6
            if d.transfers != checked and d.lit() and p.now_ms - d.last_ns / 1e6 >= 1:
                checked = d.transfers
                if d.rows() == want:
                    self.blank_ms = max(self.blank_ms, p.now_ms - last_change)
                    # The player answers once the device's loop idles after
                    # what follows the frame (a save to flash, ~0.1 s), and
                    # not at once (IDLE_MS): no one answers a screen faster.
                    p.run(ms=wait_ms, until_idle=True)
                    p.run(ms=IDLE_MS)
                    return
            if p.now_ms > end:
                raise Mismatch(self.describe(want))

    def describe(self, want):
        got = self.pico.display.rows()
        n = 0
        first = None
        for y in range(len(want)):
            for x in range(len(want[0])):
                if want[y][x] != got[y][x]:
                    n += 1
                    if first is None:
                        first = (x, y, got[y][x], want[y][x])
        tail = self.pico.serial[-600:].decode(errors="replace")
        return ("the device's screen is not the desktop's after %d keys: %d pixels differ, "
                "the first at %s (device, desktop); the device's serial output ends:\n%s"
                % (len(self.keys), n, first, tail))

    def _read_trace(self):
        s = self.pico.serial
        while True:
            i = s.find(b"~ai ", self._seen)
            if i < 0:
                break
            j = s.find(b"\n", i)
            if j < 0:
                break
            f = s[i:j].split()
            self.decisions.append((f[1].decode(), int(f[2]), int(f[3]), int(f[4]), int(f[5]),
                                   int(f[6]) if len(f) > 6 else 0))
            self._seen = j + 1

    def press(self, key, bounce=0):
        """Press key on both; then wait until the device shows what the
        desktop shows.  Records the key's time to its last byte on the bus."""
        p = self.pico
        scene = self.app.scene
        self.host.buttons.push(key)
        self.app.step()
        kind = self.kind_of(scene, self.app.scene)
        self.settle(self.app, self.host)
        n = len(p.display.bursts)
        down = self._press(key, bounce)
        # The key's own response: the first burst of bytes after it, one
        # show() (not the computer's moves that may follow it at once).
        p.run(ms=KEY_WAIT_MS, quiet_ms=30, after_activity=True)
        after = [b for b in p.display.bursts[n:] if b[0] >= down * 1e6]
        last = after[0][1] / 1e6 if after else None
        self.keys.append((key, down, None if last is None else last - down, kind))
        self.sync()

    @staticmethod
    def kind_of(before, after):
        """What a key did: "play" (a move, a cursor or a dialog at the table),
        "screen" (a whole new screen) or "menu" (within a menu)."""
        if after is not before:
            return "screen"
        return "play" if type(after).__name__ == "Table" else "menu"

    def _press(self, key, bounce):
        p = self.pico
        if key in p.pins:
            return p.press(key, bounce=bounce)
        for a, b, k in p.profile["chords"]:  # a key made of two buttons
            if k == key:
                t0 = p.now_ms
                p.hold(a)
                p.run(ms=5)
                p.hold(b)
                p.run(ms=60)
                p.hold(a, False)
                p.hold(b, False)
                return t0
        for a, b, k in p.profile["shifts"]:  # a button pressed while a shift is held
            if k == key:
                p.hold(a)
                p.run(ms=40)
                t0 = p.now_ms  # (the key is the second button's)
                p.hold(b)
                p.run(ms=60)
                p.hold(b, False)
                p.run(ms=30)
                p.hold(a, False)
                return t0
        for a, k in p.profile["longs"]:  # a key made by holding another
            if k == key:
                t0 = p.now_ms
                p.hold(a)
                p.run(ms=900)
                p.hold(a, False)
                return t0
        raise ValueError("board %s has no way to press %s" % (p.board, keys.NAMES[key]))

    def autoplay(self, n, pilot=None):
        """Let the stand-in human play n keys (host_sim.autopilot)."""
        from host_sim.autopilot import Autopilot
        pilot = pilot or Autopilot()
        for _ in range(n):
            k = pilot.next_key(self.app)
            if k is None:
                self.settle(self.app, self.host)
                k = pilot.next_key(self.app)
                if k is None:
                    raise RuntimeError("the stand-in player found no key to press")
            self.press(k)
        return pilot

    def close(self):
        self.pico.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _stored(data):
    """A file as hal.storage writes it: header, length, CRC-32."""
    import struct
    from binascii import crc32
    from hal.storage import MAGIC
    return struct.pack("<4sII", MAGIC, len(data), crc32(data) & 0xFFFFFFFF) + data
