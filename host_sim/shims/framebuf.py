"""MicroPython's `framebuf` module for CPython, byte-compatible with the native
one (tests/test_framebuf_shim.py renders the same drawings under both
interpreters and compares the buffers).

Pixel formats: MONO_VLSB, MONO_HLSB, MONO_HMSB, RGB565, GS2_HMSB, GS4_HMSB,
GS8.  Methods: fill, pixel, hline, vline, line, rect (with fill), fill_rect,
text (the built-in 8x8 font, taken from the real interpreter by genfont.py),
scroll, blit (key and palette).  Clipping and the line algorithm follow
MicroPython's extmod/modframebuf.c."""
try:
    from host_sim.shims.font8x8 import FONT
except ImportError:  # the shims folder alone on sys.path
    from font8x8 import FONT

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_BPP = {MONO_VLSB: 1, RGB565: 16, GS4_HMSB: 4, MONO_HLSB: 1, MONO_HMSB: 1,
        GS2_HMSB: 2, GS8: 8}


def _need(fmt, w, h, stride):
    """The buffer size the native constructor requires (modframebuf.c)."""
    bpp = _BPP[fmt]
    hreq, wreq, strides = h, w, h - 1
    if fmt == MONO_VLSB:
        hreq = (h + 7) & ~7
        strides = hreq - 8
    elif fmt in (MONO_HLSB, MONO_HMSB):
        wreq = (w + 7) & ~7
    elif fmt == GS2_HMSB:
        wreq = (w + 3) & ~3
    elif fmt == GS4_HMSB:
        wreq = (w + 1) & ~1
    return (strides * stride + (hreq - strides) * wreq) * bpp // 8


class FrameBuffer:
    def __init__(self, buf, width, height, format, stride=None):
        if format not in _BPP:
            raise ValueError("invalid format")
        if stride is None:
            stride = width
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
        self._buf = memoryview(buf).cast("B") if not isinstance(buf, (bytearray, memoryview)) \
            else buf
        if isinstance(self._buf, memoryview) and self._buf.format != "B":
            self._buf = self._buf.cast("B")
        if len(self._buf) < _need(format, width, height, stride):
            raise ValueError("buffer too small")
        self._w = width
        self._h = height
        self._fmt = format
        self._stride = stride

    # -- pixels of each format ------------------------------------------

    def _setpixel(self, x, y, c):
        b = self._buf
        f = self._fmt
        s = self._stride
        if f == MONO_VLSB:
            i = (y >> 3) * s + x
            o = y & 7
            b[i] = (b[i] & ~(1 << o) & 0xff) | ((1 if c else 0) << o)
        elif f == GS4_HMSB:
            i = (x + y * s) >> 1
            if x & 1:
                b[i] = (c & 0x0f) | (b[i] & 0xf0)
            else:
                b[i] = ((c << 4) & 0xf0) | (b[i] & 0x0f)
        elif f == RGB565:
            i = (x + y * s) << 1
            b[i] = c & 0xff
            b[i + 1] = (c >> 8) & 0xff
        elif f == MONO_HLSB or f == MONO_HMSB:
            i = (x + y * s) >> 3
            o = (7 - (x & 7)) if f == MONO_HLSB else (x & 7)
            b[i] = (b[i] & ~(1 << o) & 0xff) | ((1 if c else 0) << o)
        elif f == GS2_HMSB:
            i = (x + y * s) >> 2
            sh = (x & 3) << 1
            b[i] = ((c & 3) << sh) | (b[i] & ~(3 << sh) & 0xff)
        else:  # GS8
            b[x + y * s] = c & 0xff

    def _getpixel(self, x, y):
        b = self._buf
        f = self._fmt
        s = self._stride
        if f == MONO_VLSB:
            return (b[(y >> 3) * s + x] >> (y & 7)) & 1
        if f == GS4_HMSB:
            v = b[(x + y * s) >> 1]
            return v & 0x0f if x & 1 else v >> 4
        if f == RGB565:
            i = (x + y * s) << 1
            return b[i] | (b[i + 1] << 8)
        if f == MONO_HLSB or f == MONO_HMSB:
            o = (7 - (x & 7)) if f == MONO_HLSB else (x & 7)
            return (b[(x + y * s) >> 3] >> o) & 1
        if f == GS2_HMSB:
            return (b[(x + y * s) >> 2] >> ((x & 3) << 1)) & 3
        return b[x + y * s]

    def _fill_rect(self, x, y, w, h, c):
        # Clipped already.  Whole-byte fast paths keep the simulator quick.
        if self._fmt == GS4_HMSB:
            c &= 0x0f
            s = self._stride
            b = self._buf
            for yy in range(y, y + h):
                xx = x
                end = x + w
                if xx & 1 and xx < end:
                    self._setpixel(xx, yy, c)
                    xx += 1
                n = (end - xx) >> 1
                if n:
                    i = (xx + yy * s) >> 1
                    b[i:i + n] = bytes([(c << 4) | c]) * n
                    xx += 2 * n
                if xx < end:
                    self._setpixel(xx, yy, c)
            return
        sp = self._setpixel
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                sp(xx, yy, c)

    # -- the public API -----------------------------------------------

    def fill(self, c):
        self._fill_rect(0, 0, self._w, self._h, c) if self._fmt == GS4_HMSB else \
            self._fill_all(c)

    def _fill_all(self, c):
        f = self._fmt
        n = _need(f, self._w, self._h, self._stride)
        if f in (MONO_VLSB, MONO_HLSB, MONO_HMSB) and self._w == self._stride:
            self._buf[0:n] = bytes([0xff if c else 0]) * n
        elif f == GS8 and self._w == self._stride:
            self._buf[0:n] = bytes([c & 0xff]) * n
        elif f == RGB565 and self._w == self._stride:
            self._buf[0:n] = bytes([c & 0xff, (c >> 8) & 0xff]) * (n >> 1)
        else:
            self._fill_rect(0, 0, self._w, self._h, c)

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect(x, y, xend - x, yend - y, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._w and 0 <= y < self._h:
            if c is None:
                return self._getpixel(x, y)
            self._setpixel(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        W, H = self._w, self._h
        for _ in range(dx):
            if steep:
                if 0 <= y1 < W and 0 <= x1 < H:
                    self._setpixel(y1, x1, c)
            elif 0 <= x1 < W and 0 <= y1 < H:
                self._setpixel(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < W and 0 <= y2 < H:
            self._setpixel(x2, y2, c)

    def text(self, s, x0, y0, c=1):
        # The native module walks the UTF-8 bytes; anything outside 32-127
        # shows glyph 127.
        W, H = self._w, self._h
        for ch in str(s).encode("utf-8"):
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x0 < W:
                    col = FONT[base + j]
                    y = y0
                    while col:
                        if col & 1 and 0 <= y < H:
                            self._setpixel(x0, y, c)
                        col >>= 1
                        y += 1
                x0 += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx, xend, dx = 0, self._w + xstep, 1
        else:
            sx, xend, dx = self._w - 1, xstep - 1, -1
        if ystep < 0:
            y, yend, dy = 0, self._h + ystep, 1
        else:
            y, yend, dy = self._h - 1, ystep - 1, -1
        while y != yend:
            x = sx
            while x != xend:
                self._setpixel(x, y, self._getpixel(x - xstep, y - ystep))
                x += dx
            y += dy

    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = _as_fb(fbuf)
        pal = _as_fb(palette) if palette is not None else None
        if x >= self._w or y >= self._h or -x >= src._w or -y >= src._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + src._w)
        y0end = min(self._h, y + src._h)
        key &= 0xffffffff
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._getpixel(cx1, y1)
                if pal is not None:
                    col = pal._getpixel(col, 0)
                if col != key:
                    self._setpixel(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1


def _as_fb(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    if isinstance(obj, tuple) and 4 <= len(obj) <= 5:
        return FrameBuffer(*obj)
    raise TypeError("a FrameBuffer or (buffer, width, height, format[, stride]) is required")


def FrameBuffer1(buf, width, height, format=MONO_VLSB, stride=None):
    """The old name, kept by MicroPython for compatibility."""
    return FrameBuffer(buf, width, height, format, stride)
