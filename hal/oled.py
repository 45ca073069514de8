"""128x64 monochrome OLEDs over I2C: SSD1306, and SH1106 (the usual 1.3" one).

The classes follow micropython-lib's `ssd1306` driver (same constructor,
`show`, `poweroff`, `poweron`, `contrast`, `invert`; a MONO_VLSB
framebuf.FrameBuffer subclass), so that driver (`mpremote mip install
ssd1306`) can stand in for SSD1306_I2C; see hal/board.py.  What they add:

- `colors = 2`, as the HAL contract asks of every display;
- show() sends only what changed since the last show(): in each page
  (8-row band), the columns from the first to the last changed byte.  A
  full frame takes ~23 ms at 400 kHz, a moved cursor a few short runs.  A
  copy of what the glass shows (1 KB) tells what changed; the scan that
  compares it is a viper loop on MicroPython (compiled when the module is
  imported, so the .mpy holds no machine code), plain Python elsewhere.
  The window commands of a page go in one I2C write, not one each.

SSD1306 datasheet: horizontal addressing mode (0x20 0x00) with a column
window (0x21) and a page window (0x22) lets one data stream fill a run of
pages.  SH1106 has only page addressing and a 132-column RAM whose visible
part starts at column 2: each page is addressed with 0xB0|page and the column
with 0x00|low nibble, 0x10|high nibble."""
import framebuf

from micropython import const  # (CPython: host_sim/shims/micropython.py)

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

# What changed in n bytes from off: (first << 8) | last, relative to off,
# or -1 if nothing (n <= 256).
_VIPER_SPAN = """
@micropython.viper
def span(a: ptr8, b: ptr8, off: int, n: int) -> int:
    i = off
    end = off + n
    while i < end and a[i] == b[i]:
        i += 1
    if i == end:
        return -1
    j = end - 1
    while a[j] == b[j]:
        j -= 1
    return ((i - off) << 8) | (j - off)
"""


def _span_fn():
    """span() compiled by viper where MicroPython has it; else the same
    source as plain Python (CPython, or a port without the native emitter):
    the decorator dropped and the viper types named as nothing."""
    try:
        g = {}
        exec(_VIPER_SPAN, g)
        return g["span"]
    except Exception:
        g = {"ptr8": None}
        exec(_VIPER_SPAN.replace("@micropython.viper", ""), g)
        return g["span"]


class SSD1306(framebuf.FrameBuffer):
    colors = 2

    def __init__(self, width, height, external_vcc=False):
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shown = bytearray(len(self.buffer))  # what the glass shows
        self._valid = False  # False: the glass is unknown, send everything
        self._span = None  # compiled at the first show() that compares (not the boot's first)
        self._cmds = bytearray(8)
        self.pages_sent = 0  # pages sent by the last show(), for tests and tuning
        self.bytes_sent = 0  # pixel bytes sent by the last show()
        self.init_display()

    def init_display(self):
        cmds = self._init_cmds()
        self.write_cmds(cmds, len(cmds))
        # The display goes on after the first frame (show): the glass never
        # shows what the RAM held at power-up, and no blank frame goes
        # before the first one (~25 ms of I2C at boot).
        self._valid = False
        self._dark = True

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
        self._dark = False

    def contrast(self, contrast):
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(contrast)

    def invert(self, invert):
        self.write_cmd(_SET_NORM_INV | (invert & 1))

    def invalidate(self):
        """Send the whole frame at the next show()."""
        self._valid = False

    def write_cmds(self, cmds, n):
        """The first n command bytes of cmds (a bus may send them at once)."""
        for i in range(n):
            self.write_cmd(cmds[i])

    def _changes(self):
        """Per page, (first, last) column changed since the last show(), or
        None; the glass copy is brought up to date."""
        w = self.width
        out = [None] * self.pages
        if not self._valid:
            self._shown[:] = self.buffer
            self._valid = True
            for p in range(self.pages):
                out[p] = (0, w - 1)
            return out
        buf, shown = self.buffer, self._shown
        if self._span is None:
            self._span = _span_fn()  # ~8 ms on a Pico: after the first frame, not before
        for p in range(self.pages):
            r = self._span(buf, shown, p * w, w)
            if r >= 0:
                c0, c1 = r >> 8, r & 0xFF
                shown[p * w + c0:p * w + c1 + 1] = buf[p * w + c0:p * w + c1 + 1]
                out[p] = (c0, c1)
        return out

    def show(self):
        sent = self._send()
        if self._dark:
            self.poweron()  # the first frame is on the RAM
        return sent

    def _send(self):
        ch = self._changes()
        w = self.width
        x0 = (128 - w) // 2  # narrower panels sit in the middle of the 128 columns
        mv = memoryview(self.buffer)
        cmds = self._cmds
        sent = nbytes = 0
        p = 0
        while p < self.pages:
            if ch[p] is None:
                p += 1
                continue
            q, c0, c1 = self._run(ch, p)
            # One window for the run, then each page's part of it.
            cmds[0], cmds[1], cmds[2] = _SET_COL_ADDR, x0 + c0, x0 + c1
            cmds[3], cmds[4], cmds[5] = _SET_PAGE_ADDR, p, q
            self.write_cmds(cmds, 6)
            if c0 == 0 and c1 == w - 1:
                self.write_data(mv[p * w:(q + 1) * w])
            else:
                for k in range(p, q + 1):
                    self.write_data(mv[k * w + c0:k * w + c1 + 1])
            sent += q - p + 1
            nbytes += (q - p + 1) * (c1 - c0 + 1)
            p = q + 1
        self.pages_sent = sent
        self.bytes_sent = nbytes
        return sent

    def _run(self, ch, p):
        """Pages p..q share one column window c0..c1 while that costs fewer
        bytes than a window of their own (about 8 bytes of commands)."""
        c0, c1 = ch[p]
        q = p
        while q + 1 < self.pages and ch[q + 1] is not None:
            d0, d1 = ch[q + 1]
            u0, u1 = min(c0, d0), max(c1, d1)
            waste = (q + 2 - p) * (u1 - u0) - (q + 1 - p) * (c1 - c0) - (d1 - d0)
            if waste > 8:
                break
            c0, c1, q = u0, u1, q + 1
        return q, c0, c1


class SSD1306_I2C(SSD1306):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self.temp = bytearray(2)
        self.write_list = [b"\x40", None]  # control byte: a data stream follows
        self._cmd_stream = bytearray(9)  # 0x00, then up to 8 command bytes
        super().__init__(width, height, external_vcc)

    def write_cmd(self, cmd):
        self.temp[0] = 0x80  # control byte: one command byte follows
        self.temp[1] = cmd
        self.i2c.writeto(self.addr, self.temp)

    def write_cmds(self, cmds, n):
        # control byte 0x00: a stream of commands, in one write
        buf = self._cmd_stream
        if n >= len(buf):  # the set-up's commands
            self.i2c.writeto(self.addr, b"\x00" + bytes(cmds[:n]))
            return
        buf[1:n + 1] = cmds[:n]
        self.i2c.writeto(self.addr, memoryview(buf)[:n + 1])

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

    def _send(self):
        ch = self._changes()
        w = self.width
        mv = memoryview(self.buffer)
        x0 = self.col_offset + (128 - w) // 2
        cmds = self._cmds
        sent = nbytes = 0
        for p in range(self.pages):
            if ch[p] is None:
                continue
            c0, c1 = ch[p]
            x = x0 + c0
            cmds[0], cmds[1], cmds[2] = _SET_PAGE | p, x & 0x0F, 0x10 | (x >> 4)
            self.write_cmds(cmds, 3)
            self.write_data(mv[p * w + c0:p * w + c1 + 1])
            sent += 1
            nbytes += c1 - c0 + 1
        self.pages_sent = sent
        self.bytes_sent = nbytes
        return sent
