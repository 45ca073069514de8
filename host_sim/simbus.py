"""Simulated buses and display controllers for testing the drivers in hal/.

The fakes decode what a driver sends the way the chip would, into the pixels
its glass would show, so a test can compare them with the driver's frame:

- SimPin: a GPIO (callable like machine.Pin), remembering its level.
- SimI2C: machine.I2C's writeto/writevto/scan over attached devices.
- SSD1306Sim / SH1106Sim: an OLED controller on I2C: control bytes (Co,
  D/C#), commands with their parameters, the memory modes and windows,
  segment and COM remapping, start line, display on/off, charge pump.
- SimSPI + ST7789Sim: an ST7789 on SPI with DC and CS pins: hard and soft
  reset, sleep, COLMOD, MADCTL (MY MX MV, BGR), CASET/RASET windows, RAMWR
  with big-endian RGB565 pixels, inversion, and a 135x240 glass showing part
  of the 240x320 RAM.

Written to run under the MicroPython unix port too (the driver tests run
there, on the native framebuf), so: no dataclasses, no dict order."""


class SimPin:
    IRQ_FALLING = 4  # (the rp2 port's values)
    IRQ_RISING = 8

    def __init__(self, value=0, on_change=None):
        self._v = value
        self.on_change = on_change
        self.mode = None
        self._irq = None  # (handler, trigger) of Pin.irq

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING):
        self._irq = (handler, trigger) if handler else None

    def init(self, mode=None, pull=None, value=None):
        self.mode = mode
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self._v
        old = self._v
        self._v = 1 if v else 0
        if self.on_change is not None and old != self._v:
            self.on_change(self, self._v)
        if self._irq is not None and old != self._v:
            handler, trigger = self._irq
            if trigger & (self.IRQ_RISING if self._v else self.IRQ_FALLING):
                handler(self)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SimI2C:
    """machine.I2C as far as display drivers use it."""

    def __init__(self):
        self.devices = {}
        self.bytes_written = 0

    def attach(self, addr, device):
        self.devices[addr] = device

    def scan(self):
        return sorted(self.devices)

    def _dev(self, addr):
        if addr not in self.devices:
            raise OSError(19)  # ENODEV, as machine.I2C says for a missing device
        return self.devices[addr]

    def writeto(self, addr, buf, stop=True):
        self._dev(addr).transaction(bytes(buf))
        self.bytes_written += len(buf)
        return 1

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(b) for b in vector)
        self._dev(addr).transaction(data)
        self.bytes_written += len(data)
        return 1


# SSD1306 commands and how many parameter bytes follow each.
_OLED_PARAMS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1,
                0xD9: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
                0xA3: 2}


class SSD1306Sim:
    """An SSD1306: 128 columns x 8 pages of RAM, one bit per pixel."""
    ram_cols = 128
    col_offset = 0  # first RAM column on the glass
    has_windows = True

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.ram = [bytearray(self.ram_cols) for _ in range(8)]
        self.errors = []
        self.commands = []  # every command byte, in order (with parameters)
        self.data_bytes = 0
        self.windows = []   # (col0, col1, page0, page1) at the start of each data stream
        self.reset()

    def reset(self):
        self.mem_mode = 2  # page addressing after reset (datasheet)
        self.col0, self.col1, self.page0, self.page1 = 0, self.ram_cols - 1, 0, 7
        self.col, self.page = 0, 0
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.on = False
        self.pump = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self._cmd = None
        self._params = []

    # --- the wire ---

    def transaction(self, data):
        """One I2C write: control byte(s) then commands or data."""
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.errors.append("bad control byte 0x%02x" % ctrl)
                return
            is_data = bool(ctrl & 0x40)
            if ctrl & 0x80:  # Co=1: one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data, True)
                    i += 1
            else:  # Co=0: the rest is one stream
                first = True
                while i < n:
                    self._byte(data[i], is_data, first)
                    first = False
                    i += 1

    def _byte(self, b, is_data, first):
        if is_data:
            if first:
                self.windows.append((self.col0, self.col1, self.page0, self.page1))
            self._write(b)
        else:
            self._command_byte(b)

    def _command_byte(self, b):
        self.commands.append(b)
        if self._cmd is not None:
            self._params.append(b)
            if len(self._params) == self._nparams(self._cmd):
                self._run(self._cmd, self._params)
                self._cmd = None
            return
        need = self._nparams(b)
        if need:
            self._cmd = b
            self._params = []
        else:
            self._run(b, [])

    def _nparams(self, cmd):
        return _OLED_PARAMS.get(cmd, 0)

    def _run(self, c, p):
        if c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif c == 0x20 and self.has_windows:
            self.mem_mode = p[0] & 3
        elif c == 0x21 and self.has_windows:
            self.col0, self.col1 = p[0] & 0x7F, p[1] & 0x7F
            self.col = self.col0
        elif c == 0x22 and self.has_windows:
            self.page0, self.page1 = p[0] & 7, p[1] & 7
            self.page = self.page0
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0xA0 or c == 0xA1:
            self.seg_remap = c == 0xA1
        elif c == 0xC0 or c == 0xC8:
            self.com_remap = c == 0xC8
        elif c == 0xA4 or c == 0xA5:
            self.entire_on = c == 0xA5
        elif c == 0xA6 or c == 0xA7:
            self.inverted = c == 0xA7
        elif c == 0x81:
            self.contrast = p[0]
        elif c == 0xA8:
            self.mux = p[0] & 0x3F
        elif c == 0xD3:
            self.offset = p[0] & 0x3F
        elif c == 0x8D and self.has_windows:
            self.pump = bool(p[0] & 0x04)
        elif c == 0xAD and not self.has_windows:
            self.pump = bool(p[0] & 0x01)  # SH1106 DC-DC converter
        elif c in (0xDA, 0xD5, 0xD9, 0xDB, 0x2E, 0x2F, 0xE3, 0xAD):
            pass
        else:
            self.errors.append("command 0x%02x not understood" % c)

    def _write(self, b):
        self.data_bytes += 1
        if 0 <= self.col < self.ram_cols:
            self.ram[self.page][self.col] = b
        if self.mem_mode == 0:
            self.col += 1
            if self.col > self.col1:
                self.col = self.col0
                self.page += 1
                if self.page > self.page1:
                    self.page = self.page0
        elif self.mem_mode == 1:
            self.page += 1
            if self.page > self.page1:
                self.page = self.page0
                self.col += 1
                if self.col > self.col1:
                    self.col = self.col0
        else:
            self.col += 1
            if self.col >= self.ram_cols:
                self.col = 0

    # --- the glass ---

    def lit(self):
        return self.on and self.pump

    def pixel(self, x, y):
        """What the glass shows at (x, y), the module held the usual way up
        (SEG remap and COM remap on, as every module is wired); None when
        the panel is dark."""
        if not self.lit():
            return None
        if self.entire_on:
            return 1
        d = y if self.com_remap else self.height - 1 - y
        row = (d + self.start_line + self.offset) % 64
        vis = self.width
        first = self.col_offset + (128 - vis) // 2
        col = first + x if self.seg_remap else first + vis - 1 - x
        v = (self.ram[row >> 3][col] >> (row & 7)) & 1
        return v ^ 1 if self.inverted else v

    def image(self):
        """The glass as rows of 0/1 (None rows when dark)."""
        return [[self.pixel(x, y) for x in range(self.width)] for y in range(self.height)]


class SH1106Sim(SSD1306Sim):
    """An SH1106: 132-column RAM, the glass shows columns 2..129; page
    addressing only (0x20-0x22 mean nothing to it)."""
    ram_cols = 132
    col_offset = 2
    has_windows = False

    def _nparams(self, cmd):
        if cmd in (0x20, 0x21, 0x22, 0x8D):
            return 0
        return _OLED_PARAMS.get(cmd, 0)

    def _run(self, c, p):
        if c in (0x20, 0x21, 0x22, 0x8D):
            self.errors.append("command 0x%02x not understood" % c)
            return
        SSD1306Sim._run(self, c, p)

    def pixel(self, x, y):
        if not self.lit():
            return None
        if self.entire_on:
            return 1
        d = y if self.com_remap else self.height - 1 - y
        row = (d + self.start_line + self.offset) % 64
        col = self.col_offset + x if self.seg_remap else self.ram_cols - 1 - self.col_offset - x
        v = (self.ram[row >> 3][col] >> (row & 7)) & 1
        return v ^ 1 if self.inverted else v


class SimSPI:
    """machine.SPI as far as display drivers use it: bytes go to the device
    while its chip select is low (or it has none)."""

    def __init__(self, device):
        self.device = device
        self.bytes_written = 0

    def init(self, *args, **kw):
        pass

    def write(self, buf):
        self.bytes_written += len(buf)
        self.device.spi_bytes(bytes(buf))


# ST7789 commands
_ST_PARAMS = {0x2A: 4, 0x2B: 4, 0x36: 1, 0x3A: 1}


class ST7789Sim:
    """An ST7789 with a 240x320 RAM and a 135x240 IPS glass (the 1.14"
    panels of the Pimoroni Pico Display Pack and Waveshare Pico-LCD-1.14):
    the glass shows RAM columns 52..186 and rows 40..279.  image() gives the
    glass as seen held landscape, the way both boards mount it: the
    viewer's (x, y) is RAM column 52 + 134 - y, RAM row 40 + x."""
    RAM_W = 240
    RAM_H = 320

    def __init__(self, glass_col=52, glass_row=40, glass_w=135, glass_h=240, ips=True):
        self.glass_col, self.glass_row = glass_col, glass_row
        self.glass_w, self.glass_h = glass_w, glass_h
        self.ips = ips
        self.ram = bytearray(self.RAM_W * self.RAM_H * 2)  # big-endian RGB565
        self.errors = []
        self.commands = []   # (cmd, params) in order; RAMWR's data are counted, not kept
        self.windows = []    # (x0, x1, y0, y1) of each RAMWR
        self.pixels_written = 0
        self.out_of_ram = 0
        self.dc = SimPin(1)
        self.cs = SimPin(1, self._cs_change)
        self.rst = SimPin(1, self._rst_change)
        self.uses_cs = True
        self.hw_resets = 0
        self.reset()

    def reset(self):
        self.asleep = True
        self.on = False
        self.inverted = False
        self.colmod = 0x66  # 18-bit after reset (datasheet)
        self.madctl = 0
        self.x0, self.x1, self.y0, self.y1 = 0, self.RAM_W - 1, 0, self.RAM_H - 1
        self._cmd = None
        self._params = []
        self._hi = None
        self.cx, self.cy = 0, 0

    def _cs_change(self, pin, level):
        if level:
            self._hi = None  # a pixel cut in half by CS is lost

    def _rst_change(self, pin, level):
        if level == 0:
            self.hw_resets += 1
            self.reset()

    def spi_bytes(self, data):
        if self.uses_cs and self.cs.value():
            self.errors.append("SPI bytes while CS is high")
            return
        if self.rst.value() == 0:
            self.errors.append("SPI bytes during reset")
            return
        if self.dc.value() == 0:
            for b in data:
                self._command(b)
        else:
            for b in data:
                self._data(b)

    def _command(self, c):
        if self._cmd is not None and len(self._params) < _ST_PARAMS.get(self._cmd, 0):
            self.errors.append("command 0x%02x cut short" % self._cmd)
        self._cmd = c
        self._params = []
        self._hi = None
        if c == 0x2C:
            self.cx, self.cy = self.x0, self.y0
            self.windows.append((self.x0, self.x1, self.y0, self.y1))
            if (self.colmod & 7) != 5:
                self.errors.append("RAMWR in a pixel format other than 16-bit")
        self.commands.append((c, self._params))
        if _ST_PARAMS.get(c, 0) == 0:
            self._run(c, [])

    def _data(self, b):
        c = self._cmd
        if c == 0x2C or c == 0x3C:
            if self._hi is None:
                self._hi = b
            else:
                self._pixel((self._hi << 8) | b)
                self._hi = None
            return
        if c is None:
            self.errors.append("data with no command")
            return
        self._params.append(b)
        if len(self._params) == _ST_PARAMS.get(c, -1):
            self._run(c, self._params)

    def _run(self, c, p):
        if c == 0x01:
            self.reset()
        elif c == 0x11:
            self.asleep = False
        elif c == 0x10:
            self.asleep = True
        elif c == 0x29:
            self.on = True
        elif c == 0x28:
            self.on = False
        elif c == 0x21:
            self.inverted = True
        elif c == 0x20:
            self.inverted = False
        elif c == 0x3A:
            self.colmod = p[0]
        elif c == 0x36:
            self.madctl = p[0]
        elif c == 0x2A:
            self.x0, self.x1 = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
        elif c == 0x2B:
            self.y0, self.y1 = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
        elif c in (0x00, 0x13, 0x12, 0x2C, 0x3C, 0x38, 0x39):
            pass
        elif len(p) == 0 and c in (0xB2, 0xB7, 0xBB, 0xC0, 0xC2, 0xC3, 0xC4, 0xC6, 0xD0,
                                   0xE0, 0xE1, 0x26, 0x35, 0x34):
            pass  # tuning registers: their parameters are not modelled
        else:
            self.errors.append("command 0x%02x not understood" % c)

    def _pixel(self, v):
        # The address counter (MADCTL: MV exchanges, then MX/MY mirror the RAM).
        c, r = self.cx, self.cy
        m = self.madctl
        if m & 0x20:
            a, b = r, c
        else:
            a, b = c, r
        if m & 0x40:
            a = self.RAM_W - 1 - a
        if m & 0x80:
            b = self.RAM_H - 1 - b
        if 0 <= a < self.RAM_W and 0 <= b < self.RAM_H:
            i = (b * self.RAM_W + a) * 2
            self.ram[i] = v >> 8
            self.ram[i + 1] = v & 0xFF
        else:
            self.out_of_ram += 1
        self.pixels_written += 1
        self.cx += 1
        if self.cx > self.x1:
            self.cx = self.x0
            self.cy += 1
            if self.cy > self.y1:
                self.cy = self.y0

    def lit(self):
        return self.on and not self.asleep

    def glass(self, px, py):
        """RGB565 shown at portrait glass position (px, py)."""
        a = self.glass_col + px
        b = self.glass_row + py
        i = (b * self.RAM_W + a) * 2
        v = (self.ram[i] << 8) | self.ram[i + 1]
        if self.ips and not self.inverted:
            v ^= 0xFFFF  # an IPS glass shows the complement unless INVON
        if self.madctl & 0x08:  # BGR: red and blue swap places on the glass
            v = ((v & 0x1F) << 11) | (v & 0x07E0) | (v >> 11)
        return v

    def pixel(self, x, y):
        """RGB565 the viewer sees at landscape (x, y); None when dark."""
        if not self.lit():
            return None
        return self.glass(self.glass_w - 1 - y, x)

    def image(self):
        return [[self.pixel(x, y) for x in range(self.glass_h)] for y in range(self.glass_w)]
