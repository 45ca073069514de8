"""Open the board the device is: its profile (hal/boards.py) named in a small
config file on the device, board.cfg, next to main.py:

    # board.cfg
    board = pico_display_pack     # or the name alone on the first line
    turn = 180            # optional: the panel upside down (LCD boards)
    backlight = 80        # optional: LCD backlight, per cent
    buzzer = 22           # optional: a piezo's GPIO, or none
    sound = 1             # optional: 0 starts with sound off
    oled_driver = ssd1306 # or sh1106, or micropython-lib (mpremote mip install ssd1306)
    storage = /data       # optional: where saves go
    battery_sense = none  # optional: a Pico W (GPIO29 and 24 are its radio's)
    battery_drop = 0.3    # optional: volts the diode to VSYS takes (0: none)
    watchdog = 0          # optional: no watchdog (development at the REPL)

    board = open_board()  # or open_board("pico_oled")

The board object has display, buttons (poll(now_ms)), storage, sound,
ticks_ms(), name and kind ("oled": 128x64 mono, "lcd": 240x135 colour),
as the HAL contract says.  `machine` and the clock can be passed in, so the
whole construction runs in tests against simulated hardware."""
from hal.boards import profile
from hal.buttons import Buttons
from hal.storage import Storage
from hal.ticks import ticks_add, ticks_diff

CONFIG = "board.cfg"


def read_config(path=CONFIG):
    """The config file as a dict of strings; {} when there is none.  Lines
    are `key = value`; `#` starts a comment.  The first line may be the board
    name alone (`pico_oled`), which is what `make deploy` writes, so that a
    reader that takes the file's first word gets the board too."""
    cfg = {}
    try:
        f = open(path)
    except OSError:
        return cfg
    first = True
    with f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if "=" not in line:
                if first and " " not in line:
                    cfg["board"] = line
                    first = False
                    continue
                raise ValueError("%s: expected key = value, got %r" % (path, line))
            first = False
            k, v = line.split("=", 1)
            cfg[k.strip()] = v.strip()
    return cfg


class Board:
    def __init__(self, name, kind, display, buttons, storage, sound, ticks_ms, backlight=None,
                 machine=None, sense=None, woke=None):
        """sound: the Sound, or a function that makes it when first used;
        backlight: the LCD's backlight PWM (None: an OLED); sense: the
        battery's (ADC GPIO, USB-sense GPIO), or None; woke: the list whose
        [0] the buttons' interrupts set."""
        self.name = name
        self.kind = kind
        self.display = display
        self.buttons = buttons
        self.storage = storage
        self._sound = sound
        self._ticks = ticks_ms
        self.backlight = backlight
        self.machine = machine
        self.sense = sense
        self.woke = woke if woke is not None else [False]
        self.level = 100  # the screen's brightness now, per cent
        self.wdt = None  # the watchdog, once started (hal/power.py)
        self.guard = True  # the watchdog may run (board.cfg `watchdog = 0`: not)
        self.drop = 0.3  # volts between the battery and VSYS (board.cfg `battery_drop`)

    @property
    def sound(self):
        # Made at its first use (a key's click), so that its module loads
        # after the start menu is on the screen, not before (~9 ms on a Pico).
        if not hasattr(self._sound, "beep"):
            self._sound = self._sound()
        return self._sound

    @property
    def power(self):
        # hal/power.py, for a moment: firmware/power.py drops it after use
        from hal.power import Power
        return Power(self)

    def ticks_ms(self):
        return self._ticks()

    def wait(self, ms, pause=None):
        """Idle until a button falls (its interrupt sets woke[0]) or ms
        pass; True if a button ended it.  machine.idle() returns at the next
        interrupt of any kind (a timer tick, USB): it looks again until then,
        feeding the watchdog each time.  pause(left): another way to pass
        the time (hal/power.py: lightsleep)."""
        woke, ticks = self.woke, self._ticks
        end = ticks_add(ticks(), ms)
        while not woke[0]:
            left = ticks_diff(end, ticks())
            if left <= 0:
                return False
            if pause is None:
                self.machine.idle()
            else:
                pause(left)
            self.feed()
        woke[0] = False
        return True

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()


def _reader(pin, falling, woke):
    """The button's read function.  Buttons pull up to 3.3 V and close to
    GND: down reads 0.  A press that begins and ends between two readings
    (while the app writes a save, say, a few tens of ms) would be lost: the
    pin's falling edge is kept by an interrupt and read once as down.  The
    interrupt also sets woke[0], which ends the app's waits (hal/power.py)
    and, having a handler, wakes the Pico from machine.lightsleep."""
    fell = [False]

    def edge(_):
        fell[0] = True  # (no allocation: a hard interrupt may run it)
        woke[0] = True
    pin.irq(edge, falling)

    def read():
        if fell[0]:
            fell[0] = False
            return True
        return not pin.value()
    return read


def _oled(p, cfg, machine):
    bus, sda, scl, hz, addr = p["i2c"]
    i2c = machine.I2C(bus, sda=machine.Pin(sda), scl=machine.Pin(scl), freq=hz)
    driver = cfg.get("oled_driver", "ssd1306")
    if driver == "micropython-lib":
        import ssd1306  # micropython-lib's driver, if installed with mip
        d = ssd1306.SSD1306_I2C(128, 64, i2c, addr)
        d.colors = 2
        return d
    from hal.oled import SSD1306_I2C, SH1106_I2C
    if driver == "sh1106":
        return SH1106_I2C(128, 64, i2c, addr)
    if driver != "ssd1306":
        raise ValueError("oled_driver must be ssd1306, sh1106 or micropython-lib")
    return SSD1306_I2C(128, 64, i2c, addr)


# The ST7789's fastest write clock (datasheet: serial write cycle 16 ns).
LCD_SPI_HZ = 62500000

# RP2040 registers (datasheet 2.15.7 CLOCKS, 4.4.4 SSP).
_CLK_PERI_CTRL = 0x40008048
_CLK_PERI_ENABLE = 0x800    # bit 11; AUXSRC (bits 7:5) 0 is clk_sys
_SSP_BASE = (0x4003C000, 0x40040000)
_SSPCR0 = 0x00              # bits 15:8 SCR: SCK = clk_peri / (CPSDVSR * (1 + SCR))
_SSPCPSR = 0x10             # CPSDVSR, even, 2-254


def _fast_spi(machine, bus, hz=LCD_SPI_HZ):
    """On an RP2040, run SPI `bus` from clk_sys at up to hz; returns the
    clock it gets, or None elsewhere (tests, other chips).

    MicroPython feeds clk_peri from the 48 MHz USB PLL, so SPI tops out at
    24 MHz, and a frame's bytes were most of a screen's time on the wire.
    clk_peri from clk_sys (125 MHz) allows 62.5 MHz.  machine.SPI computes
    its divider from the SDK's remembered 48 MHz, so the divider is set
    here.  clk_peri also clocks the UARTs: a machine.UART made after this
    runs at the wrong baud rate (the project uses USB serial only)."""
    import sys
    mem32 = getattr(machine, "mem32", None)
    if sys.platform != "rp2" or mem32 is None or bus not in (0, 1):
        return None
    sys_hz = machine.freq()
    # The aux clock mux may glitch if switched while running: stop, switch, start.
    mem32[_CLK_PERI_CTRL] = 0
    mem32[_CLK_PERI_CTRL] = _CLK_PERI_ENABLE
    scr = (sys_hz + 2 * hz - 1) // (2 * hz) - 1   # the smallest divider within hz
    base = _SSP_BASE[bus]
    mem32[base + _SSPCPSR] = 2
    mem32[base + _SSPCR0] = (mem32[base + _SSPCR0] & 0xFF) | (max(0, min(255, scr)) << 8)
    return sys_hz // (2 * (1 + scr))


def _lcd(p, cfg, machine):
    from hal.st7789 import ST7789
    Pin = machine.Pin
    bus, sck, mosi, baud = p["spi"]
    cs, dc, rst, bl = p["lcd"]
    spi = machine.SPI(bus, baudrate=baud, polarity=0, phase=0, sck=Pin(sck), mosi=Pin(mosi))
    _fast_spi(machine, bus)
    w, h, xs, ys, madctl = p["panel_turned"] if cfg.get("turn") == "180" else p["panel"]
    light = machine.PWM(Pin(bl))
    light.freq(1000)
    light.duty_u16(0)  # dark until the first frame is on the panel
    level = max(0, min(100, int(cfg.get("backlight", "100")))) * 65535 // 100
    # The panel's reset starts here and its set-up ends at the first frame
    # (hal/st7789.py), which switches the light on.
    d = ST7789(spi, Pin(dc, Pin.OUT, value=0), cs=Pin(cs, Pin.OUT, value=1),
               rst=None if rst is None else Pin(rst, Pin.OUT, value=1),
               width=w, height=h, xstart=xs, ystart=ys, madctl=madctl,
               backlight=lambda: light.duty_u16(level), strip=STRIP_ROWS)
    return d, light


# Rows the ST7789 converts and sends at a time: 5 rows take a 2.4 KB buffer
# (15 took 7.2 KB, which the deepest searches lacked: ISkO Skat on the LCD),
# and a changed line of text or the hand sends fewer unchanged rows with it.
STRIP_ROWS = 5


def open_board(name=None, config=CONFIG, machine=None, ticks_ms=None, cfg=None):
    """cfg: the config file already read (read_config), or None: read it."""
    if cfg is None:
        cfg = read_config(config)
    name = name or cfg.get("board")
    if not name:
        raise ValueError("no board given: put `board = NAME` in %s" % config)
    p = profile(name)
    if machine is None:
        import machine
    if ticks_ms is None:
        from time import ticks_ms
    backlight = None
    if p["display"] == "ssd1306":
        display = _oled(p, cfg, machine)
    else:
        display, backlight = _lcd(p, cfg, machine)
    Pin = machine.Pin
    woke = [False]
    pins = [(key, _reader(Pin(gp, Pin.IN, Pin.PULL_UP), Pin.IRQ_FALLING, woke)) for key, gp in p["buttons"]]
    buttons = Buttons(pins, chords=p["chords"], longs=p["longs"], shifts=p["shifts"])
    storage = Storage(cfg.get("storage", "/data"))
    buzzer = cfg.get("buzzer", p["buzzer"])
    if buzzer in (None, "none", ""):
        buzzer = None
    else:
        buzzer = int(buzzer)

    def sound():
        from hal.sound import Sound
        return Sound(buzzer, enabled=cfg.get("sound", "1") != "0",
                     pwm_factory=lambda gp: machine.PWM(Pin(gp)))
    sense = p.get("battery_sense")
    if cfg.get("battery_sense") == "none":  # (a Pico W: its GPIO29 and 24 are the radio's)
        sense = None
    board = Board(name, p["kind"], display, buttons, storage, sound, ticks_ms, backlight,
                  machine, sense, woke)
    board.level = int(cfg.get("backlight", "100"))
    board.guard = cfg.get("watchdog", "1") != "0"
    board.drop = float(cfg.get("battery_drop", "0.3"))
    return board
