# A board without hardware, for tests and the desktop simulator: a frame
# buffer that counts its frames, a key queue, a clock that moves only when
# told, storage, and a buzzer that writes down its beeps.  Runs under the real
# micropython (native framebuf) and CPython (host_sim's framebuf shim).
import framebuf

from hal import keys

OLED = "oled"  # 128x64 monochrome (SSD1306 / SH1106)
LCD = "lcd"  # 240x135 colour (ST7789, Pico Display Pack)


class HeadlessDisplay(framebuf.FrameBuffer):
    def __init__(self, kind):
        if kind == OLED:
            self.width, self.height, self.colors = 128, 64, 2
            self.buffer = bytearray(128 * 64 // 8)
            fmt = framebuf.MONO_VLSB
        elif kind == LCD:
            self.width, self.height, self.colors = 240, 135, 16
            self.buffer = bytearray(240 * 135 // 2)
            fmt = framebuf.GS4_HMSB
        else:
            raise ValueError("unknown display kind %r (oled, lcd)" % (kind,))
        # RGB565 of each colour index, as a colour driver would use it.
        self.palette = [0] * 16
        self.frames = 0
        super().__init__(self.buffer, self.width, self.height, fmt)

    def show(self):
        self.frames += 1


class KeyQueue:
    """Stands in for hal.buttons.Buttons: push() what poll() will return."""

    def __init__(self):
        self.queue = []

    def push(self, key, event=keys.PRESS):
        self.queue.append((key, event))

    def held(self):
        return ()  # (a pushed key is pressed and released at once)

    def poll(self, now_ms=0):
        if not self.queue:
            return ()
        out = self.queue
        self.queue = []
        return out


class MemoryStorage:
    """The interface of hal.storage.Storage kept in memory: read() gives what
    write() stored, or None (with a message in last_error).  Its writes never
    fail (tests/test_full_flash.py runs hal.storage on a flash that fills)."""

    def __init__(self):
        self.files = {}
        self.last_error = None
        self.last_reason = None
        self.unsaved = {}  # (never: its writes do not fail)
        self.untold = None

    def write(self, name, data, keep=False):
        if keep and name in self.files:
            self.files[name + ".prev"] = self.files[name]
        self.files[name] = bytes(data)
        return True

    def rename(self, name, new):
        self.files[new] = self.files.pop(name)
        return True

    def read(self, name, most=0):
        # (most: hal.storage's bound on a file's size; what is here was
        # written here)
        data = self.files.get(name)
        if data is None:
            self.last_error = "nothing saved as %s yet" % name
        return data

    def exists(self, name):
        return name in self.files

    def remove(self, name):
        self.files.pop(name, None)

    def set_aside(self, name, why):
        self.last_reason = why
        if name in self.files:
            self.files[name + ".bad"] = self.files.pop(name)
        self.last_error = "the saved %s could not be used (%s), so it was ignored; " \
                          "it was moved aside as %s.bad" % (name, why, name)

    def clean(self):
        for k in [k for k in self.files if k.endswith(".tmp")]:
            del self.files[k]


class RecordingSound:
    def __init__(self, enabled=True):
        self.enabled = enabled
        self.beeps = []

    KEEP = 16  # the newest beeps only: an hour of keys must not fill the heap

    def beep(self, freq_hz, ms):
        if self.enabled:
            self.beeps.append((freq_hz, ms))
            if len(self.beeps) > self.KEEP:
                del self.beeps[0]

    def click(self):
        self.beep(2000, 5)


def _storage(storage_dir):
    if storage_dir is None:
        return MemoryStorage()
    try:
        from hal.storage import Storage
    except ImportError:  # the hal branch's storage has not landed yet
        return MemoryStorage()
    return Storage(storage_dir)


class HeadlessBoard:
    def __init__(self, kind=OLED, storage_dir=None):
        self.kind = kind
        self.name = "headless_" + kind
        self.display = HeadlessDisplay(kind)
        self.buttons = KeyQueue()
        self.storage = _storage(storage_dir)
        self.sound = RecordingSound()
        self.now = 0
        self._power = None

    @property
    def power(self):
        # hal/fakepower.py, made when the app's power part asks for it
        if self._power is None:
            from hal.fakepower import FakePower
            self._power = FakePower(self)
        return self._power

    def wait(self, ms):
        return self.power.wait(ms)

    def feed(self):
        if self._power is not None:
            self._power.feed()

    def ticks_ms(self):
        # MicroPython's ticks_ms() wraps at 2**30 (TICKS_PERIOD on the Pico)
        return self.now & 0x3FFFFFFF

    def advance(self, ms):
        self.now += ms

    def sleep_ms(self, ms):
        # The simulated clock: sleeping moves time on and nothing else.
        self.now += ms

    def push(self, key, event=keys.PRESS):
        self.buttons.push(key, event)


def settle(app, board, max_steps=2000, step_ms=100):
    """Let the clock run until the app's scene waits for a key (app:
    firmware.app.App on this board)."""
    n = 0
    while True:
        app.step()
        if not app.busy():
            return
        board.advance(step_ms)
        n += 1
        if n > max_steps:
            raise RuntimeError("the scene never settles")


def press_all(app, board, key_list):
    """Headless scripted mode: press each key once the scene waits for one."""
    for k in key_list:
        settle(app, board)
        board.push(k)
        app.step()
    settle(app, board)
