"""A tiny PNG writer and plotting canvas (zlib only, no extra dependencies),
for the benchmark page's figures."""
import struct
import zlib

# 3x5 digits and a few letters for axis labels.
_FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001001001001", "8": "111101111101111",
    "9": "111101111001111", "m": "000000111111101", "s": "000011110011110",
    "%": "101001010100101", " ": "000000000000000", ".": "000000000000010",
    "p": "000110101110100",
}


class Canvas:
    def __init__(self, w, h, bg=(255, 255, 255)):
        self.w = w
        self.h = h
        self.px = bytearray(bytes(bg) * (w * h))

    def set(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            i = 3 * (y * self.w + x)
            self.px[i:i + 3] = bytes(c)

    def line(self, x0, y0, x1, y1, c):
        """Bresenham."""
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx = 1 if x0 < x1 else -1
        sy = 1 if y0 < y1 else -1
        err = dx + dy
        while True:
            self.set(x0, y0, c)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def rect(self, x0, y0, x1, y1, c):
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.set(x, y, c)

    def text(self, x, y, s, c, scale=2):
        for ch in s:
            bits = _FONT.get(ch, _FONT[" "])
            for i, b in enumerate(bits):
                if b == "1":
                    px, py = x + (i % 3) * scale, y + (i // 3) * scale
                    self.rect(px, py, px + scale - 1, py + scale - 1, c)
            x += 4 * scale

    def png(self):
        raw = b"".join(b"\x00" + bytes(self.px[3 * self.w * y:3 * self.w * (y + 1)])
                       for y in range(self.h))

        def chunk(tag, data):
            body = tag + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


COLOURS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189),
           (140, 86, 75), (227, 119, 194), (127, 127, 127), (188, 189, 34), (23, 190, 207)]


def latency_cdf(series, path, xmax_ms=30, marks=(10, 25)):
    """Cumulative distribution of decision latencies: one curve per
    (name, [microseconds]) in `series`, x in ms (0..xmax_ms), y in % of
    decisions; grey verticals every 5 ms, red ones at the budget marks.
    Returns the colour used for each series, for the page's legend."""
    W, H, L, B, T, R = 640, 360, 50, 36, 12, 14
    cv = Canvas(W, H)
    pw, ph = W - L - R, H - T - B

    def X(ms):
        return L + int(round(min(ms, xmax_ms) * pw / float(xmax_ms)))

    def Y(frac):
        return T + ph - int(round(frac * ph))
    for ms in range(0, xmax_ms + 1, 5):
        cv.line(X(ms), T, X(ms), T + ph, (225, 225, 225))
        lab = str(ms)
        cv.text(X(ms) - 4 * len(lab) + 1, T + ph + 8, lab, (0, 0, 0))
    for pct in (0, 50, 95, 100):
        cv.line(L, Y(pct / 100.0), L + pw, Y(pct / 100.0), (225, 225, 225))
        cv.text(4, Y(pct / 100.0) - 5, "%d%%" % pct, (0, 0, 0))
    for m in marks:
        cv.line(X(m), T, X(m), T + ph, (230, 60, 60))
    cv.text(L + pw - 16, T + ph + 22, "ms", (0, 0, 0))
    cv.line(L, T + ph, L + pw, T + ph, (0, 0, 0))
    cv.line(L, T, L, T + ph, (0, 0, 0))
    used = []
    for k, (name, lat) in enumerate(series):
        c = COLOURS[k % len(COLOURS)]
        used.append((name, c))
        v = sorted(lat)
        n = len(v)
        if not n:
            continue
        px, py = X(0), Y(0)
        for i, us in enumerate(v):
            x, y = X(us / 1000.0), Y((i + 1) / float(n))
            cv.line(px, py, x, py, c)  # a step: flat to the next value, then up
            cv.line(x, py, x, y, c)
            px, py = x, y
    with open(path, "wb") as f:
        f.write(cv.png())
    return used
