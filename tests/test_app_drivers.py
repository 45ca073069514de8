"""The application on the real display drivers (hal/oled.py, hal/st7789.py)
behind simulated I2C/SPI controllers: what the glass shows after a stretch of
play is the application's frame, pixel for pixel, with the theme's palette on
the colour panel (the HAL contract between firmware/ and hal/)."""
from tests.apphelp import scene  # installs the framebuf shim
from hal.headless import KeyQueue, MemoryStorage, RecordingSound
from hal.oled import SSD1306_I2C
from hal.st7789 import ST7789
from host_sim import simbus
from firmware.app import App
from host_sim.autopilot import play_keys


class SimBoard:
    def __init__(self, kind):
        self.kind = kind
        self.name = "sim_" + kind
        if kind == "oled":
            self.panel = simbus.SSD1306Sim()
            bus = simbus.SimI2C()
            bus.attach(0x3C, self.panel)
            self.display = SSD1306_I2C(128, 64, bus)
        else:
            self.panel = simbus.ST7789Sim()
            p = self.panel
            self.display = ST7789(simbus.SimSPI(p), p.dc, cs=p.cs, rst=p.rst)
        self.buttons = KeyQueue()
        self.storage = MemoryStorage()
        self.sound = RecordingSound()
        self.now = 0

    def ticks_ms(self):
        return self.now

    def feed(self):  # (no watchdog here)
        pass

    def advance(self, ms):
        self.now += ms

    def push(self, key):
        self.buttons.push(key)


def _glass_matches(board):
    d = board.display
    bad = 0
    for y in range(d.height):
        for x in range(d.width):
            want = d.pixel(x, y)
            if board.kind == "lcd":
                want = d.palette[want]
            if board.panel.pixel(x, y) != want:
                bad += 1
    return bad


def test_oled_glass_shows_the_frames():
    b = SimBoard("oled")
    app = App(b, seed=11)
    play_keys(app, b, lambda a: scene(a) == "Table" and len(a.scene.obs.played) >= 6)
    assert sum(b.display.pixel(x, y) for x in range(128) for y in range(64)) > 500
    assert _glass_matches(b) == 0


def test_lcd_glass_shows_the_frames_in_the_theme_colours():
    from firmware.theme import palette
    b = SimBoard("lcd")
    app = App(b, seed=11)
    assert b.display.colors == 16 and b.display.palette == palette()
    play_keys(app, b, lambda a: scene(a) == "Table" and len(a.scene.obs.played) >= 4)
    assert _glass_matches(b) == 0
