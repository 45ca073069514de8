# The handheld in a web page: the board that the browser is.  MicroPython's
# WebAssembly port runs this in a Web Worker (web/worker.js), next to the
# device's own engine/, hal/ and firmware/, compiled to .mpy as deployed.
#
# It is the headless board (hal/headless.py) with three things of the real
# device in place of its stand-ins:
# - the wall clock (time.ticks_ms), so the computer's pauses and the
#   thinking sign run as on the device;
# - the device's own button logic (hal/buttons.py: debouncing, auto-repeat,
#   the long press, a board profile's buttons) fed by the drawn buttons of
#   the page, and the keyboard's keys queued as the simulator queues them;
# - the device's own storage (hal/storage.py: a header and a CRC-32 per
#   file, written atomically) in a folder of the port's in-memory file
#   system, which the page keeps in localStorage (web/saves.js).
# Not on the device's flash: hal/ ships whole to every Pico, this does not.
import time

from hal import keys
from hal.boards import PROFILES
from hal.buttons import Buttons
from hal.headless import HeadlessBoard, HeadlessDisplay, KeyQueue
from hal.storage import Storage

FOLDER = "/data"  # where the device keeps its files (hal/board.py's default)

# The board each screen is drawn as on the page: the OLED's six buttons, and
# for the LCD the Pico-LCD-1.14 (a joystick and two keys), whose every key
# is a button of its own, so a mouse reaches them all without chords.
BOARD_OF = {"oled": "pico_oled", "lcd": "pico_lcd_114"}


class WebDisplay(HeadlessDisplay):
    """The frame buffer; each frame shown goes to the page at once (on_show),
    the thinking sign's too, drawn in the middle of a search."""

    on_show = None

    def show(self):
        self.frames += 1
        if self.on_show is not None:
            self.on_show()


class WebStorage(Storage):
    """hal.storage.Storage, noting that a file changed, so that the page
    keeps the folder after the step that changed it."""

    changed = False

    def write(self, name, data, keep=False):
        self.changed = True
        return Storage.write(self, name, data, keep)

    def rename(self, name, new):
        self.changed = True
        return Storage.rename(self, name, new)

    def remove(self, name):
        self.changed = True
        return Storage.remove(self, name)

    def set_aside(self, name, why):
        self.changed = True
        return Storage.set_aside(self, name, why)


class WebButtons:
    """The board's buttons as the device reads them (hal.buttons.Buttons,
    with the profile's chords, shifts and long presses), each down while the page's
    drawn button is held; and the keyboard's keys, queued as pressed."""

    def __init__(self, profile):
        self.down = []  # keys whose drawn button is held
        self.lifted = []  # released before a poll saw them down
        self.seen = []  # down, and seen down by a poll
        self.typed = KeyQueue()
        self.pad = Buttons([(k, self._reader(k)) for k, _gp in profile["buttons"]],
                           chords=profile["chords"], longs=profile["longs"],
                           shifts=profile["shifts"])

    def _reader(self, key):
        return lambda: key in self.down

    def button(self, key, down):
        if down:
            if key not in self.down:
                self.down.append(key)
            if key in self.lifted:
                self.lifted.remove(key)  # (pressed again before a poll: held)
        elif key in self.down:
            if key in self.seen:
                self.down.remove(key)
            elif key not in self.lifted:
                self.lifted.append(key)  # a click quicker than a poll: kept down for one

    def poll(self, now_ms=0):
        out = list(self.typed.poll(now_ms)) + self.pad.poll(now_ms)
        self.seen = list(self.down)
        for k in self.lifted:
            self.down.remove(k)
        self.lifted = []
        return out

    def held(self):
        return self.pad.held()


class WebBoard(HeadlessBoard):
    def __init__(self, kind):
        HeadlessBoard.__init__(self, kind)
        self.name = BOARD_OF[kind]  # (the Keys screen names its buttons)
        self.display = WebDisplay(kind)
        self.buttons = WebButtons(PROFILES[self.name])
        self.storage = WebStorage(FOLDER)
        self.t0 = time.ticks_ms()

    def ticks_ms(self):
        return time.ticks_diff(time.ticks_ms(), self.t0) & 0x3FFFFFFF

    def push(self, key, event=keys.PRESS):
        self.buttons.typed.push(key, event)
