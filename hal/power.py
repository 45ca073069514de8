"""The board's power parts, for the moments they are used: the screen's
brightness and sleep, the Pico's lightsleep, the battery's voltage, the
watchdog's start and stop, what survives a reset.  firmware/power.py
decides when.  Made anew at each use (Board.power) and dropped from the
heap after it: what the app's loop needs every pass, a wait for the next
key and the watchdog's feeding, is the board's own (Board.wait, Board.feed).

    p = board.power
    p.brightness(60)        # per cent: SSD1306 contrast, LCD backlight PWM
    p.screen(False)         # SSD1306 display off / ST7789 SLPIN + backlight off
    p.sleep(ms)             # machine.lightsleep, woken by a button or ms
    p.volts()               # VSYS in volts, or None (no battery sense)
    p.on_usb()              # True when USB powers the board
    p.watchdog(ms); p.stop()
    p.reset_cause()         # "watchdog" after a watchdog reset, else None
    p.note(n); p.noted()    # a number that survives a watchdog reset

The headless board's counterpart (hal/fakepower.py FakePower) keeps the
same interface on a clock that moves only when told."""
from micropython import const

# RP2040 datasheet 4.7: the watchdog's registers.  SCRATCH0-3 survive a
# watchdog reset (4-7 are the boot ROM's); CTRL's ENABLE bit stops it,
# written through the atomic clear alias (+0x3000, datasheet 2.1.2).
_SCRATCH0 = const(0x4005800C)
_ENABLE_CLEAR = const(0x4005B000)
_ENABLE = const(0x40000000)

# The longest the RP2040's watchdog allows (its 24-bit counter at 2 ticks
# a microsecond, erratum RP2040-E1): 8.388 s; MicroPython rejects more.
WATCHDOG_MOST_MS = const(8300)

# A lightsleep is cut into pieces no longer than this, so that the watchdog
# is fed between them even if the port lets it count during the sleep.
SLEEP_PIECE_MS = const(4000)

# VSYS reaches ADC3 through a 3:1 divider on the Pico (datasheet 4.4); the
# ADC's reference is the 3.3 V rail.  A Pico runs from 1.8 V up: a reading
# below it is a board with nothing on that pin (or an emulator).
_VSYS_SCALE = 3 * 3.3 / 65535
_LEAST_VOLTS = 1.8

# ST7789 commands (datasheet 9.1.11-12): sleep in, sleep out; after SLPOUT
# the panel needs 5 ms before the next command.
_SLPIN = const(0x10)
_SLPOUT = const(0x11)


class Power:
    def __init__(self, board):
        self.board = board
        self.machine = board.machine

    def brightness(self, pct):
        b = self.board
        b.level = pct
        if b.backlight is not None:
            b.backlight.duty_u16(pct * 65535 // 100)
        else:
            b.display.contrast(pct * 255 // 100)

    def screen(self, on):
        b = self.board
        d = b.display
        if b.backlight is None:
            if on:
                d.poweron()
            else:
                d.poweroff()
        elif on:
            d.write_cmd(_SLPOUT)
            from time import sleep_ms
            sleep_ms(5)
            self.brightness(b.level)
        else:
            b.backlight.duty_u16(0)
            d.write_cmd(_SLPIN)

    def sleep(self, ms):
        """machine.lightsleep, in pieces, until a button falls (its
        interrupt, which has a handler, wakes the Pico) or ms pass: the
        board's wait with lightsleep for its idling."""
        light = self.machine.lightsleep
        return self.board.wait(ms, lambda left: light(min(left, SLEEP_PIECE_MS)))

    def _pins(self):
        sense = self.board.sense
        if sense is None:
            return None, None
        m = self.machine
        return m.ADC(m.Pin(sense[0])), m.Pin(sense[1], m.Pin.IN)

    def volts(self):
        """The battery's voltage: VSYS and what the diode between them
        takes (board.cfg `battery_drop`, docs/hardware.md)."""
        adc = self._pins()[0]
        if adc is None:
            return None
        v = adc.read_u16() * _VSYS_SCALE
        return v + self.board.drop if v >= _LEAST_VOLTS else None

    def on_usb(self):
        usb = self._pins()[1]
        return usb is not None and usb.value() == 1

    def watchdog(self, ms):
        self.board.wdt = self.machine.WDT(timeout=min(ms, WATCHDOG_MOST_MS))

    def stop(self):
        """The watchdog off (MicroPython cannot; the register can): before
        the REPL takes over (mpremote, the link), which would not feed it."""
        if self.board.wdt is not None:
            self.machine.mem32[_ENABLE_CLEAR] = _ENABLE
            self.board.wdt = None

    def reset_cause(self):
        m = self.machine
        return "watchdog" if m.reset_cause() == getattr(m, "WDT_RESET", -1) else None

    def note(self, n):
        self.machine.mem32[_SCRATCH0] = n

    def noted(self):
        return self.machine.mem32[_SCRATCH0] & 0xFFFF

    def reboot(self):
        self.machine.reset()
