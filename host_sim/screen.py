"""Turning a simulated display into pictures: RGB rows, PNG files (zlib and
struct only) and terminal text (half blocks, two pixel rows per line)."""
import struct
import zlib

# A monochrome OLED: lit pixels pale blue-white on black, as the panels look.
OLED_ON = (0xe8, 0xf4, 0xff)
OLED_OFF = (0x00, 0x00, 0x00)


def rgb565_to_rgb(v):
    r = (v >> 11) & 0x1f
    g = (v >> 5) & 0x3f
    b = v & 0x1f
    return ((r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31)


def colours(display):
    """RGB of each colour index of the display."""
    if display.colors == 2:
        return [OLED_OFF, OLED_ON]
    return [rgb565_to_rgb(v) for v in display.palette]


def rows(display):
    """The frame as rows of colour indices."""
    px = display.pixel
    return [[px(x, y) for x in range(display.width)] for y in range(display.height)]


def png_bytes(display, scale=1):
    pal = colours(display)
    return rgb_png([[pal[i] for i in row] for row in rows(display)], scale)


def rgb_png(rgb_rows, scale=1):
    """A PNG of rows of (r, g, b), each pixel scale x scale."""
    raw = bytearray()
    for row in rgb_rows:
        line = bytearray()
        for c in row:
            line += bytes(c) * scale
        for _ in range(scale):
            raw.append(0)  # filter: none
            raw += line
    w, h = len(rgb_rows[0]) * scale, len(rgb_rows) * scale

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def write_png(display, path, scale=None):
    if scale is None:
        scale = 4 if display.width < 200 else 3
    with open(path, "wb") as f:
        f.write(png_bytes(display, scale))


def ansi(display, colour=True):
    """The frame as terminal lines: each character cell holds two pixel rows
    (upper half block, foreground = top pixel, background = bottom)."""
    r = rows(display)
    pal = colours(display)
    out = []
    for y in range(0, display.height, 2):
        top = r[y]
        bot = r[y + 1] if y + 1 < display.height else [0] * display.width
        if not colour:
            chars = " \u2580\u2584\u2588"
            out.append("".join(chars[(1 if top[x] else 0) + (2 if bot[x] else 0)]
                               for x in range(display.width)))
            continue
        parts = []
        last = None
        for x in range(display.width):
            key = (top[x], bot[x])
            if key != last:
                a, b = pal[top[x]], pal[bot[x]]
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (a + b))
                last = key
            parts.append("\u2580")
        parts.append("\x1b[0m")
        out.append("".join(parts))
    return "\n".join(out)


_QUADS = " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"


def ansi_compact(display, colour=True):
    """Half the width: each character holds 2x2 pixels (quadrant blocks), for
    terminals narrower than the screen.  Exact in monochrome; in colour a cell
    shows its two commonest colours."""
    r = rows(display)
    pal = colours(display)
    w, h = display.width, display.height
    out = []
    for y in range(0, h, 2):
        parts = []
        last = None
        for x in range(0, w, 2):
            cell = []
            for dy in (0, 1):
                for dx in (0, 1):
                    yy, xx = y + dy, x + dx
                    cell.append(r[yy][xx] if yy < h and xx < w else 0)
            if not colour:
                bits = sum(1 << i for i in range(4) if cell[i])
                parts.append(_QUADS[bits])
                continue
            counts = {}
            for c in cell:
                counts[c] = counts.get(c, 0) + 1
            bg = max(sorted(counts), key=lambda c: counts[c])
            others = [c for c in cell if c != bg]
            fg = max(sorted(set(others)), key=lambda c: others.count(c)) if others else bg
            bits = sum(1 << i for i in range(4) if cell[i] != bg)
            key = (fg, bg)
            if key != last:
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (pal[fg] + pal[bg]))
                last = key
            parts.append(_QUADS[bits])
        if colour:
            parts.append("\x1b[0m")
        out.append("".join(parts))
    return "\n".join(out)


class Reduced:
    """A display seen from afar, for a terminal too small for it: each n x n
    block of pixels becomes one, of the block's commonest colour other than
    the frame's background (so that a thin stroke stays as a dot)."""

    def __init__(self, display, n):
        r = rows(display)
        counts = {}
        for row in r:
            for c in row:
                counts[c] = counts.get(c, 0) + 1
        bg = max(sorted(counts), key=lambda c: counts[c])
        self.colors = display.colors
        self.palette = getattr(display, "palette", None)
        w, h = display.width, display.height
        self.width, self.height = (w + n - 1) // n, (h + n - 1) // n
        self.grid = []
        for by in range(0, h, n):
            line = []
            for bx in range(0, w, n):
                seen = {}
                for row in r[by:by + n]:
                    for c in row[bx:bx + n]:
                        if c != bg:
                            seen[c] = seen.get(c, 0) + 1
                line.append(max(sorted(seen), key=lambda c: seen[c]) if seen else bg)
            self.grid.append(line)

    def pixel(self, x, y):
        return self.grid[y][x]


# braille dots: (dx, dy) -> bit of U+2800 + bits
_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
         (0, 3, 0x40), (1, 3, 0x80))


def ansi_braille(display, colour=True):
    """A quarter of the height and half the width: each character holds 2x4
    pixels as braille dots.  Exact in monochrome; in colour a cell shows its
    two commonest colours (the dots in the rarer one)."""
    r = rows(display)
    pal = colours(display)
    w, h = display.width, display.height
    out = []
    for y in range(0, h, 4):
        parts = []
        last = None
        for x in range(0, w, 2):
            cell = [(r[y + dy][x + dx] if y + dy < h and x + dx < w else 0, bit)
                    for dx, dy, bit in _DOTS]
            if not colour:
                parts.append(chr(0x2800 + sum(bit for c, bit in cell if c)))
                continue
            counts = {}
            for c, _ in cell:
                counts[c] = counts.get(c, 0) + 1
            bg = max(sorted(counts), key=lambda c: counts[c])
            others = [c for c, _ in cell if c != bg]
            fg = max(sorted(set(others)), key=lambda c: others.count(c)) if others else bg
            if (fg, bg) != last:
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (pal[fg] + pal[bg]))
                last = (fg, bg)
            parts.append(chr(0x2800 + sum(bit for c, bit in cell if c != bg)))
        if colour:
            parts.append("\x1b[0m")
        out.append("".join(parts))
    return "\n".join(out)
