"""128x64 monochrome OLEDs over I2C: SSD1306, and SH1106 (the usual 1.3" one).

The classes follow micropython-lib's `ssd1306` driver (same constructor,
`show`, `poweroff`, `poweron`, `contrast`, `invert`; a MONO_VLSB
framebuf.FrameBuffer subclass), so that driver (`mpremote mip install
ssd1306`) can stand in for SSD1306_I2C; see hal/board.py.  What they add:

- `colors = 2`, as the HAL contract asks of every display;
- show() sends only the pages (8-row bands) that changed since the last
  show(): a full frame takes ~23 ms at 400 kHz, a moved cursor one or two
  pages.  A CRC per page is kept, not a second frame.

SSD1306 datasheet: horizontal addressing mode (0x20 0x00) with a column
window (0x21) and a page window (0x22) lets one data stream fill a run of
pages.  SH1106 has only page addressing and a 132-column RAM whose visible
part starts at column 2: each page is addressed with 0xB0|page and the column
with 0x00|low nibble, 0x10|high nibble."""
import binascii
import framebuf

try:
    from micropython import const
except ImportError:  # CPython with the framebuf shim
    def const(x):
        return x

_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)
_SET_PAGE = const(0xB0)  # SH1106 page addressing
_SET_DCDC = const(0xAD)  # SH1106 DC-DC converter: 0x8B on, 0x8A off


class SSD1306(framebuf.FrameBuffer):
    colors = 2

    def __init__(self, width, height, external_vcc=False):
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._sums = [None] * self.pages
        self.pages_sent = 0  # pages sent by the last show(), for tests and tuning
        self.init_display()

    def init_display(self):
        for cmd in self._init_cmds():
            self.write_cmd(cmd)
        self.fill(0)
        self.show()
        self.write_cmd(_SET_DISP | 0x01)

    def _init_cmds(self):
        return (
            _SET_DISP,  # off while it is set up
            _SET_MEM_ADDR, 0x00,  # horizontal addressing
            _SET_DISP_START_LINE,
            _SET_SEG_REMAP | 0x01,  # column 127 on SEG0: the usual module's left
            _SET_MUX_RATIO, self.height - 1,
            _SET_COM_OUT_DIR | 0x08,  # scan from COM[N-1] to COM0: the module's top
            _SET_DISP_OFFSET, 0x00,
            _SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
            _SET_DISP_CLK_DIV, 0x80,
            _SET_PRECHARGE, 0x22 if self.external_vcc else 0xF1,
            _SET_VCOM_DESEL, 0x30,
            _SET_CONTRAST, 0xFF,
            _SET_ENTIRE_ON,  # follow the RAM
            _SET_NORM_INV,
            _SET_CHARGE_PUMP, 0x10 if self.external_vcc else 0x14,
        )

    def poweroff(self):
        self.write_cmd(_SET_DISP)

    def poweron(self):
        self.write_cmd(_SET_DISP | 0x01)

    def contrast(self, contrast):
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(contrast)

    def invert(self, invert):
        self.write_cmd(_SET_NORM_INV | (invert & 1))

    def invalidate(self):
        """Send the whole frame at the next show()."""
        for p in range(self.pages):
            self._sums[p] = None

    def _changed(self):
        mv = memoryview(self.buffer)
        w = self.width
        dirty = [False] * self.pages
        for p in range(self.pages):
            crc = binascii.crc32(mv[p * w:(p + 1) * w])
            if crc != self._sums[p]:
                self._sums[p] = crc
                dirty[p] = True
        return dirty

    def show(self):
        dirty = self._changed()
        w = self.width
        x0 = (128 - w) // 2  # narrower panels sit in the middle of the 128 columns
        mv = memoryview(self.buffer)
        sent = 0
        p = 0
        while p < self.pages:
            if not dirty[p]:
                p += 1
                continue
            q = p
            while q + 1 < self.pages and dirty[q + 1]:
                q += 1
            for cmd in (_SET_COL_ADDR, x0, x0 + w - 1, _SET_PAGE_ADDR, p, q):
                self.write_cmd(cmd)
            self.write_data(mv[p * w:(q + 1) * w])
            sent += q - p + 1
            p = q + 1
        self.pages_sent = sent
        return sent


class SSD1306_I2C(SSD1306):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self.temp = bytearray(2)
        self.write_list = [b"\x40", None]  # control byte: a data stream follows
        super().__init__(width, height, external_vcc)

    def write_cmd(self, cmd):
        self.temp[0] = 0x80  # control byte: one command byte follows
        self.temp[1] = cmd
        self.i2c.writeto(self.addr, self.temp)

    def write_data(self, buf):
        self.write_list[1] = buf
        self.i2c.writevto(self.addr, self.write_list)


class SH1106_I2C(SSD1306_I2C):
    """SH1106: no memory modes or windows (SH1106 datasheet, commands 1-28):
    pixels go page by page, and the charge pump is its DC-DC converter."""
    col_offset = 2

    def _init_cmds(self):
        return (
            _SET_DISP,
            _SET_DISP_START_LINE,
            _SET_SEG_REMAP | 0x01,
            _SET_MUX_RATIO, self.height - 1,
            _SET_COM_OUT_DIR | 0x08,
            _SET_DISP_OFFSET, 0x00,
            _SET_COM_PIN_CFG, 0x12,
            _SET_DISP_CLK_DIV, 0x80,
            _SET_PRECHARGE, 0x22 if self.external_vcc else 0xF1,
            _SET_VCOM_DESEL, 0x30,
            _SET_CONTRAST, 0xFF,
            _SET_ENTIRE_ON,
            _SET_NORM_INV,
            _SET_DCDC, 0x8A if self.external_vcc else 0x8B,
        )

    def show(self):
        dirty = self._changed()
        w = self.width
        mv = memoryview(self.buffer)
        x0 = self.col_offset + (128 - w) // 2
        sent = 0
        for p in range(self.pages):
            if dirty[p]:
                for cmd in (_SET_PAGE | p, x0 & 0x0F, 0x10 | (x0 >> 4)):
                    self.write_cmd(cmd)
                self.write_data(mv[p * w:(p + 1) * w])
                sent += 1
        self.pages_sent = sent
        return sent
