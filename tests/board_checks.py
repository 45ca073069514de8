"""open_board() for every profile against a fake `machine` whose buses are
the simulated controllers of host_sim/simbus.py, wired to the GPIOs the
profile documents: if the board code used another pin, the simulated panel
would stay dark.  Prints one JSON line per board.
Run by tests/test_boards.py under MicroPython (and CPython with the shim)."""
import json
import sys

import simbus
from hal import keys
from hal.board import open_board
from hal.boards import profile, NAMES_IN_ORDER


class FakePWM:
    def __init__(self, pin):
        self.pin = pin
        self.f = None
        self.duty = None

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d

    def deinit(self):
        pass


class FakeMachine:
    """machine.Pin/I2C/SPI/PWM for one board; pins are SimPins by GPIO number."""

    def __init__(self, p):
        self.pins = {}
        self.pwms = []
        self.i2c_args = None
        self.spi_args = None
        self.oled = simbus.SSD1306Sim()
        self.lcd = simbus.ST7789Sim()
        if p["display"] == "st7789":
            cs, dc, rst, bl = p["lcd"]
            self.pins[cs] = self.lcd.cs
            self.pins[dc] = self.lcd.dc
            if rst is None:
                self.lcd.rst = simbus.SimPin(1)  # tied high on the board
            else:
                self.pins[rst] = self.lcd.rst
        self.Pin = _PinFactory(self)

    def pin_id(self, pin):
        for k in sorted(self.pins):
            if self.pins[k] is pin:
                return k
        return None

    def I2C(self, bus, sda=None, scl=None, freq=None):
        self.i2c_args = [bus, self.pin_id(sda), self.pin_id(scl), freq]
        i2c = simbus.SimI2C()
        i2c.attach(0x3C, self.oled)
        return i2c

    def SPI(self, bus, baudrate=0, polarity=0, phase=0, sck=None, mosi=None):
        self.spi_args = [bus, baudrate, self.pin_id(sck), self.pin_id(mosi)]
        return simbus.SimSPI(self.lcd)

    def PWM(self, pin):
        pwm = FakePWM(self.pin_id(pin))
        self.pwms.append(pwm)
        return pwm


class _PinFactory:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = simbus.SimPin.IRQ_FALLING
    IRQ_RISING = simbus.SimPin.IRQ_RISING

    def __init__(self, m):
        self.m = m

    def __call__(self, gp, mode=None, pull=None, value=None):
        if gp not in self.m.pins:
            # an input with its pull-up reads 1 until its button closes to GND
            self.m.pins[gp] = simbus.SimPin(1 if pull == self.PULL_UP else 0)
        pin = self.m.pins[gp]
        if value is not None:
            pin.value(value)
        return pin


def press(m, board, gps, t0, hold):
    """Hold the buttons on GPIOs gps from t0 for hold ms; the events seen."""
    out = []
    t = t0
    while t <= t0 + hold + 200:
        for gp in gps:
            m.pins[gp].value(0 if t < t0 + hold else 1)
        for key, ev in board.buttons.poll(t):
            out.append([keys.NAMES[key], ev])
        t += 10
    return out


def press_shifted(m, board, ga, gb, t0):
    """Hold the shift on GPIO ga, press and release gb while it is held,
    then release ga; the events seen."""
    out = []
    t = t0
    while t <= t0 + 500:
        m.pins[ga].value(0 if t < t0 + 300 else 1)
        m.pins[gb].value(0 if t0 + 100 <= t < t0 + 200 else 1)
        for key, ev in board.buttons.poll(t):
            out.append([keys.NAMES[key], ev])
        t += 10
    return out


def check(name, cfg_path, tmp):
    p = profile(name)
    m = FakeMachine(p)
    with open(cfg_path, "w") as f:
        f.write("# test\nboard = %s\nstorage = %s/data-%s\nbacklight = 50\n" % (name, tmp, name))
    clock = [0]
    board = open_board(config=cfg_path, machine=m, ticks_ms=lambda: clock[0])
    d = board.display
    d.fill(0)
    d.text("hello", 3, 3, d.colors - 1)
    d.fill_rect(20, 30, 40, 10, 1)
    d.show()
    sim = m.oled if p["display"] == "ssd1306" else m.lcd
    bad = 0
    for y in range(d.height):
        for x in range(d.width):
            v = d.pixel(x, y)
            want = v if d.colors == 2 else d.palette[v]
            if sim.pixel(x, y) != want:
                bad += 1
    r = {"name": board.name, "kind": board.kind, "size": [d.width, d.height],
         "colors": d.colors, "bad": bad, "errors": sim.errors, "lit": sim.lit(),
         "i2c": m.i2c_args, "spi": m.spi_args,
         "pwm": [[w.pin, w.f, w.duty] for w in m.pwms], "ticks": board.ticks_ms()}
    # every button alone, then each chord, each shifted key, each long press
    single = []
    t = 1000
    for key, gp in p["buttons"]:
        single.append([gp, press(m, board, [gp], t, 100)])
        t += 1000
    chords = []
    for a, b, key in p["chords"]:
        ga = p["buttons"][[k for k, _ in p["buttons"]].index(a)][1]
        gb = p["buttons"][[k for k, _ in p["buttons"]].index(b)][1]
        chords.append(press(m, board, [ga, gb], t, 100))
        t += 1000
    shifts = []
    for a, b, key in p["shifts"]:
        ga = p["buttons"][[k for k, _ in p["buttons"]].index(a)][1]
        gb = p["buttons"][[k for k, _ in p["buttons"]].index(b)][1]
        shifts.append(press_shifted(m, board, ga, gb, t))
        t += 1000
    longs = []
    for a, key in p["longs"]:
        ga = p["buttons"][[k for k, _ in p["buttons"]].index(a)][1]
        longs.append(press(m, board, [ga], t, 1000))
        t += 3000
    # each button tapped between two polls (the app busy with a save): the
    # pin's interrupt keeps the press
    between = []
    for key, gp in p["buttons"]:
        m.pins[gp].value(0)
        m.pins[gp].value(1)
        got = []
        for _ in range(80):  # (a long press's button acts on release)
            for k, ev in board.buttons.poll(t):
                got.append([keys.NAMES[k], ev])
            t += 10
        between.append([gp, got])
        t += 1000
    r.update({"single": single, "chords": chords, "shifts": shifts, "longs": longs,
              "between": between})
    board.storage.write("x", b"saved")
    r["stored"] = board.storage.read("x").decode()
    board.sound.beep(440, 1)
    r["beeps"] = board.sound.beeps
    return r


def check_micropython_lib_driver(tmp):
    """oled_driver = micropython-lib: open_board imports the top-level
    `ssd1306` module (what `mpremote mip install ssd1306` puts in /lib).  A
    stand-in with the same interface and no `colors` plays it here."""
    with open(tmp + "/ssd1306.py", "w") as f:
        f.write("from hal.oled import SSD1306_I2C as _Base\n"
                "class SSD1306_I2C(_Base):\n"
                "    colors = None\n"
                "    def show(self):\n"  # micropython-lib sends the whole frame
                "        self.invalidate()\n"
                "        _Base.show(self)\n")
    sys.path.append(tmp)
    m = FakeMachine(profile("pico_oled"))
    cfg = tmp + "/mplib.cfg"
    with open(cfg, "w") as f:
        f.write("board = pico_oled\noled_driver = micropython-lib\nstorage = %s/d\n" % tmp)
    board = open_board(config=cfg, machine=m, ticks_ms=lambda: 0)
    d = board.display
    d.text("lib", 0, 0, 1)
    d.show()
    bad = 0
    for y in range(64):
        for x in range(128):
            if m.oled.pixel(x, y) != d.pixel(x, y):
                bad += 1
    return {"name": "micropython-lib", "imported": "ssd1306" in sys.modules,
            "colors": d.colors, "bad": bad, "errors": m.oled.errors, "lit": m.oled.lit()}


def main(tmp):
    for name in NAMES_IN_ORDER:
        print(json.dumps(check(name, tmp + "/board.cfg", tmp)))
    print(json.dumps(check_micropython_lib_driver(tmp)))


if __name__ == "__main__":
    main(sys.argv[1])
