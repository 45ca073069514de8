"""host_sim's framebuf shim draws exactly what MicroPython's native framebuf
draws: the same drawing program runs under both interpreters and the frame
buffers are compared byte for byte, for every format the UI and drivers use."""
import pytest

from tests.mp import run_micropython, run_cpython

# Every primitive, with clipping at each edge, odd and even x (4-bit nibbles),
# colours out of range (truncated), lines in all octants, text off the edges
# and outside ASCII, scroll both ways, blit with key and palette.
PROGRAM = r"""
import sys
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
    import framebuf
W, H = 37, 29
FMTS = (("MONO_VLSB", 1), ("MONO_HLSB", 1), ("MONO_HMSB", 1), ("GS2_HMSB", 3),
        ("GS4_HMSB", 15), ("GS8", 255), ("RGB565", 0xF81F))
def size(f):
    if f == framebuf.MONO_VLSB:
        return ((H + 7) // 8) * W
    if f in (framebuf.MONO_HLSB, framebuf.MONO_HMSB):
        return ((W + 7) // 8) * H
    if f == framebuf.GS2_HMSB:
        return ((W + 3) // 4) * H
    if f == framebuf.GS4_HMSB:
        return ((W + 1) // 2) * H
    return W * H * {framebuf.GS8: 1, framebuf.RGB565: 2}[f]
for name, top in FMTS:
    f = getattr(framebuf, name)
    buf = bytearray(size(f))
    fb = framebuf.FrameBuffer(buf, W, H, f)
    c2 = top // 2 + 1
    fb.fill(c2)
    fb.fill(0)
    fb.pixel(0, 0, top)
    fb.pixel(W - 1, H - 1, c2)
    fb.pixel(W, 3, top)
    fb.pixel(-1, 3, top)
    fb.hline(-3, 2, 12, top)
    fb.vline(5, -4, 40, c2)
    fb.rect(3, 3, 9, 7, top)
    fb.rect(10, 12, 11, 5, c2, True)
    fb.fill_rect(30, 20, 20, 20, top)
    fb.fill_rect(1, 20, 7, 3, top + 1)
    for (a, b, c, d) in ((0, 0, 36, 28), (36, 0, 0, 28), (2, 27, 30, 1), (5, 5, 6, 25),
                         (20, 3, 20, 3), (-5, 10, 50, 14), (18, 30, 18, -4)):
        fb.line(a, b, c, d, c2)
    fb.text("Ab9~ \u00e9", -3, 14, top)
    fb.text("Q", 33, 25, c2)
    print(name, fb.pixel(0, 0), fb.pixel(W - 1, H - 1), fb.pixel(W, 0), bytes(buf).hex())
    fb.scroll(3, -2)
    print(name, "scroll", bytes(buf).hex())
    fb.scroll(-5, 4)
    print(name, "scroll2", bytes(buf).hex())
    sb = bytearray(size(f))
    src = framebuf.FrameBuffer(sb, W, H, f)
    src.fill(c2)
    src.rect(2, 2, 8, 8, 0, True)
    src.text("K", 12, 3, top)
    fb.blit(src, 9, -4, c2)
    fb.blit(src, -20, 10)
    fb.blit(src, 100, 0)
    print(name, "blit", bytes(buf).hex())
# 1-bit glyph blitted onto a colour frame through a 2-entry palette
pb = bytearray(4)
pal = framebuf.FrameBuffer(pb, 2, 1, framebuf.GS8)
pal.pixel(0, 0, 3)
pal.pixel(1, 0, 12)
gb = bytearray(8)
glyph = framebuf.FrameBuffer(gb, 8, 8, framebuf.MONO_VLSB)
glyph.text("S", 0, 0, 1)
buf = bytearray(W * H)
fb = framebuf.FrameBuffer(buf, W, H, framebuf.GS8)
fb.blit(glyph, 3, 3, -1, pal)
fb.blit(glyph, 20, 3, 3, pal)
fb.blit((gb, 8, 8, framebuf.MONO_VLSB), 10, 15, 0, pal)
print("palette", bytes(buf).hex())
# the whole printable font
buf = bytearray(128 * 8 * 6)
fb = framebuf.FrameBuffer(buf, 128, 48, framebuf.MONO_VLSB)
for i in range(96):
    fb.text(chr(32 + i), (i % 16) * 8, (i // 16) * 8)
print("font", bytes(buf).hex())
"""


def test_shim_matches_native_framebuf():
    mp = run_micropython(["-c", PROGRAM], mpy=False)
    assert mp.returncode == 0, mp.stderr
    cp = run_cpython(["-c", PROGRAM])
    assert cp.returncode == 0, cp.stderr
    mlines = mp.stdout.splitlines()
    clines = cp.stdout.splitlines()
    assert len(mlines) == 7 * 4 + 2
    for m, c in zip(mlines, clines):
        assert c == m, "differs: " + m[:40]
    # the drawings are not blank
    assert all(set(l.split()[-1]) != {"0"} for l in mlines)


def test_shim_rejects_small_buffer():
    from host_sim.shims import install
    install()
    import framebuf
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(10), 128, 64, framebuf.MONO_VLSB)
