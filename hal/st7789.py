"""ST7789 colour LCD over SPI, drawn through a 4-bit indexed frame.

The frame is a framebuf.FrameBuffer in GS4_HMSB: colour indices 0-15,
240x135 in 16,200 bytes.  A full RGB565 frame would take 64,800 bytes, about
a third of an RP2040's heap, so show() converts the frame to RGB565 one strip
of rows at a time (framebuf's blit with a palette does the work in C) into a
single strip buffer (240x15 rows: 7,200 bytes) and sends each strip.

Only the strips that changed since the last show() are sent: a hash of
each strip's part of the indexed frame is kept (nine numbers instead of a
second frame; a CRC-32 where viper is missing).  Changing `palette` resends
everything.

The panel wants RGB565 big-endian on the wire, framebuf stores RGB565
little-endian: the palette frame holds each colour byte-swapped, so the strip
buffer's bytes come out big-endian with no extra pass.

On MicroPython the conversion is a viper loop instead (most of a frame's
time on a Pico went to framebuf's palette blit, a call per pixel): one frame
byte holds two pixels, so a 256-entry table of their four wire bytes turns
each frame byte into one 32-bit store.  The loop is compiled on the device
when this module is imported (exec), so the module's .mpy stays free of
machine code and loads on any port; where viper is missing (CPython with
the framebuf shim, a port built without it) the framebuf blit does the work.

Addressing (ST7789 datasheet, MADCTL): the controller's RAM is 240 columns by
320 rows; MV exchanges the column and row addresses, then MX mirrors the RAM
column and MY the RAM row.  A 135x240 glass shows only part of that RAM, so a
landscape frame is placed with `xstart`/`ystart` (40/53 for the 1.14" panels
with MADCTL 0x70; 40/52 when turned 180 degrees with MADCTL 0xB0)."""
import binascii
import framebuf

from micropython import const  # (CPython: host_sim/shims/micropython.py)

try:
    from time import sleep_ms, ticks_ms, ticks_diff
except ImportError:  # CPython
    from time import sleep as _sleep, monotonic as _monotonic

    def sleep_ms(ms):
        _sleep(ms / 1000)

    def ticks_ms():
        return int(_monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b

# Frame bytes (two GS4_HMSB pixels, the left one in the high nibble) to
# RGB565 big-endian strip bytes through a table of 256 32-bit words: blit4
# takes the frame a word (four bytes, eight pixels) at a time, which halves
# the loop's cost on a Cortex-M0+ (src and dst 4-byte aligned, n words);
# blit1 a byte at a time for frames whose rows are not whole words
# (compiled only for such a frame: ~4 ms on a Pico, which the 240-pixel
# rows never need).
# changed: whether n words hashed differently from sums[k] last time (and
# store the new hash).  The hash (h * 16777619) ^ word over 32-bit words
# notices any change of one word (a multiply by an odd number and an xor
# are both one-to-one), so a moved cursor is never missed; it replaces a
# CRC-32 a strip (binascii, a byte at a time, and a long int for each
# result on the Pico): ~10x faster and no garbage.
_VIPER_BLIT = """
@micropython.viper
def blit4(src: ptr32, dst: ptr32, lut: ptr32, n: int):
    j = 0
    for i in range(n):
        w = src[i]
        dst[j] = lut[w & 0xFF]
        dst[j + 1] = lut[(w >> 8) & 0xFF]
        dst[j + 2] = lut[(w >> 16) & 0xFF]
        dst[j + 3] = lut[(w >> 24) & 0xFF]
        j += 4

@micropython.viper
def changed(src: ptr32, n: int, sums: ptr32, k: int) -> int:
    h = 0
    for i in range(n):
        h = (h * 16777619) ^ src[i]
    old = sums[k]
    sums[k] = h  # kept as 32 bits: compare what was stored (viper's int is 64-bit on a PC)
    if sums[k] == old:
        return 0
    return 1
"""
_VIPER_BLIT1 = """
@micropython.viper
def blit1(src: ptr8, dst: ptr32, lut: ptr32, n: int):
    for i in range(n):
        dst[i] = lut[src[i]]
"""


def _viper_blits():
    """[blit4, None (blit1, compiled when needed: _blit1), changed] compiled
    with viper, or None where viper is not there."""
    try:
        g = {}
        exec(_VIPER_BLIT, g)
        return [g["blit4"], None, g["changed"]]
    except Exception:  # CPython (SyntaxError/NameError), no native emitter
        return None


def _blit1():
    g = {}
    exec(_VIPER_BLIT1, g)
    return g["blit1"]


_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_COLMOD_16BIT = const(0x55)

# ST7789 datasheet (RESX timing, SWRESET, SLPOUT): after a reset, SLPOUT
# must wait 5 ms if the panel was in sleep (as at power-up), 120 ms if it
# was awake (a soft reboot of the Pico leaves it so): 120 ms, as it cannot
# be told which.  After SLPOUT the next command may follow in 5 ms (the
# 120 ms there are only before a SLPIN, never sent here).
RESET_MS = const(120)
SLPOUT_MS = const(5)

# MADCTL bits
MY = const(0x80)
MX = const(0x40)
MV = const(0x20)
ML = const(0x10)
BGR = const(0x08)


def rgb565(r, g, b):
    """An RGB565 value from 8-bit red, green, blue."""
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


# A default palette: 0 black, 1 white, then colours a card table needs.
PALETTE = [
    rgb565(0, 0, 0), rgb565(255, 255, 255), rgb565(0, 100, 40), rgb565(0, 60, 25),
    rgb565(200, 0, 0), rgb565(20, 20, 20), rgb565(250, 250, 235), rgb565(255, 210, 0),
    rgb565(40, 90, 200), rgb565(128, 128, 128), rgb565(200, 200, 200), rgb565(255, 120, 0),
    rgb565(120, 0, 160), rgb565(0, 170, 170), rgb565(90, 50, 20), rgb565(255, 150, 150),
]


class ST7789(framebuf.FrameBuffer):
    colors = 16

    def __init__(self, spi, dc, cs=None, rst=None, width=240, height=135, xstart=40,
                 ystart=53, madctl=MX | MV | ML, invert=True, strip=15, palette=None,
                 backlight=None):
        """backlight: a function called once the first frame is on the glass
        (the board's light stays dark until then)."""
        self.width = width
        self.height = height
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.xstart = xstart
        self.ystart = ystart
        self.madctl = madctl
        self.invert = invert
        self.buffer = bytearray((width * height + 1) // 2)
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB)
        self.palette = list(palette or PALETTE)
        self._blit = _viper_blits()
        self._shown_palette = None
        if width & 1:
            raise ValueError("the width must be even (two pixels a frame byte)")
        self.strip = strip
        self._strip_buf = bytearray(width * strip * 2)
        if self._blit is None:  # framebuf converts through a 16-colour palette frame
            self._pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
            self._strip_fb = framebuf.FrameBuffer(self._strip_buf, width, strip, framebuf.RGB565)
        else:  # viper converts through a table of two pixels a word
            self._lut = bytearray(1024)
        n = (height + strip - 1) // strip
        self._sums = [None] * n        # CRC-32 of each strip (without viper)
        self._hashes = bytearray(4 * n)  # a 32-bit hash of each strip (viper)
        self._fresh = False            # False: send every strip at the next show()
        self._cmd_buf = bytearray(1)
        self._win = bytearray(4)
        self.strips_sent = 0  # strips sent by the last show(), for tests and tuning
        self.backlight = backlight
        self._reset_at = None  # when the reset began; None: the panel is set up
        self._on = False       # the display is switched on (after the first frame)
        self.init_display()

    # --- the bus ---

    def _select(self, on):
        if self.cs is not None:
            self.cs(0 if on else 1)

    def write_cmd(self, cmd, data=None):
        self._select(True)
        self.dc(0)
        self._cmd_buf[0] = cmd
        self.spi.write(self._cmd_buf)
        if data:
            self.dc(1)
            self.spi.write(data)
        self._select(False)

    def init_display(self):
        """Start the panel's reset; the rest of the set-up waits for the
        first show() (_wake), so that the reset's wait runs while the
        application loads instead of holding up the boot."""
        if self.rst is not None:
            self.rst(0)
            sleep_ms(1)  # (at least 10 us low)
            self.rst(1)
        else:
            self.write_cmd(_SWRESET)
        self._reset_at = ticks_ms()
        self._on = False

    def _wake(self):
        """Out of sleep, in 16-bit colour, the frame's orientation; the
        display itself goes on after the first frame (show)."""
        wait = RESET_MS - ticks_diff(ticks_ms(), self._reset_at)
        if wait > 0:
            sleep_ms(wait)
        self.write_cmd(_SLPOUT)
        sleep_ms(SLPOUT_MS)
        self.write_cmd(_COLMOD, bytes((_COLMOD_16BIT,)))
        self.write_cmd(_MADCTL, bytes((self.madctl,)))
        if self.invert:
            self.write_cmd(_INVON)  # IPS panels show true colours inverted
        self.write_cmd(_NORON)
        self._reset_at = None
        self._fresh = False  # the RAM holds what it held at power-up

    def _switch_on(self):
        """After the first frame: the panel never shows what its RAM held
        at power-up, and no blank frame goes before the first one."""
        self.write_cmd(_DISPON)
        self._on = True
        if self.backlight is not None:
            self.backlight()

    def _window(self, x0, y0, x1, y1):
        w = self._win
        x0 += self.xstart
        x1 += self.xstart
        w[0], w[1], w[2], w[3] = x0 >> 8, x0 & 0xFF, x1 >> 8, x1 & 0xFF
        self.write_cmd(_CASET, w)
        y0 += self.ystart
        y1 += self.ystart
        w[0], w[1], w[2], w[3] = y0 >> 8, y0 & 0xFF, y1 >> 8, y1 & 0xFF
        self.write_cmd(_RASET, w)

    # --- the frame ---

    def _load_palette(self):
        if self._blit is None:
            for i in range(16):
                c = self.palette[i]
                self._pal.pixel(i, 0, ((c & 0xFF) << 8) | (c >> 8))
        else:
            self._fill_lut()
        self._shown_palette = list(self.palette)

    def _fill_lut(self):
        """Entry b: the wire bytes of pixels b >> 4 and b & 15 (built from
        bytes: a 32-bit word would be a long int on the Pico).  Entries
        16h..16h+15 are colour h before each of the 16 colours:
        h + h.join(colours), 16 joins instead of 1024 stores (~1 ms on a
        Pico instead of 8)."""
        wire = [bytes((c >> 8, c & 0xFF)) for c in self.palette]
        self._lut[:] = b"".join([h + h.join(wire) for h in wire])

    def _convert(self, y, rows):
        """Rows y.. y+rows-1 of the frame into the strip buffer as RGB565."""
        if self._blit is None:
            self._strip_fb.blit(self, 0, -y, -1, self._pal)
            return
        row_bytes = self.width >> 1
        a = y * row_bytes
        n = rows * row_bytes
        src = memoryview(self.buffer)[a:a + n]
        if a & 3 or n & 3:
            if self._blit[1] is None:
                self._blit[1] = _blit1()
            self._blit[1](src, self._strip_buf, self._lut, n)
        else:
            self._blit[0](src, self._strip_buf, self._lut, n >> 2)

    def invalidate(self):
        """Send the whole frame at the next show() (after the panel was reset,
        for instance)."""
        self._fresh = False

    def _dirty(self):
        """Per strip, whether it changed since the last show()."""
        mv = memoryview(self.buffer)
        row_bytes = self.width >> 1
        n = len(self._sums)
        dirty = [False] * n
        for s in range(n):
            a = s * self.strip * row_bytes
            b = min(self.height, (s + 1) * self.strip) * row_bytes
            if self._blit is not None and not (a & 3 or b & 3):
                dirty[s] = self._blit[2](mv[a:b], (b - a) >> 2, self._hashes, s) != 0
            else:
                crc = binascii.crc32(mv[a:b])
                dirty[s] = crc != self._sums[s]
                self._sums[s] = crc
            if not self._fresh:
                dirty[s] = True
        self._fresh = True
        return dirty

    def show(self):
        if self._reset_at is not None:
            self._wake()
        if self._shown_palette != self.palette:
            self._load_palette()
            self.invalidate()
        dirty = self._dirty()
        n = len(dirty)
        sent = 0
        s = 0
        while s < n:
            if not dirty[s]:
                s += 1
                continue
            e = s
            while e + 1 < n and dirty[e + 1]:
                e += 1
            # One window for a run of changed strips, then their pixels.
            y0 = s * self.strip
            y1 = min(self.height, (e + 1) * self.strip) - 1
            self._window(0, y0, self.width - 1, y1)
            self._select(True)
            self.dc(0)
            self._cmd_buf[0] = _RAMWR
            self.spi.write(self._cmd_buf)
            self.dc(1)
            out = memoryview(self._strip_buf)
            for k in range(s, e + 1):
                y = k * self.strip
                rows = min(self.strip, self.height - y)
                self._convert(y, rows)
                self.spi.write(out[:rows * self.width * 2])
                sent += 1
            self._select(False)
            s = e + 1
        self.strips_sent = sent
        if not self._on:
            self._switch_on()
        return sent
