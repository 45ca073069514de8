"""Display driver checks against the simulated buses of host_sim/simbus.py.

Runs under MicroPython (native framebuf, hal/ as .mpy) and under CPython
with a framebuf stand-in; tests/test_displays.py runs it both ways.  Each
check prints one JSON line: {"check": name, ...facts...}; the test asserts
on the facts.    micropython tests/display_checks.py [CHECK ...]"""
import json
import sys

import simbus
from hal.oled import SSD1306_I2C, SH1106_I2C
from hal.st7789 import ST7789, rgb565


def mismatches(sim, expect, w, h):
    """(count, first (x, y, glass, expected)) of glass pixels that differ."""
    bad = 0
    first = None
    for y in range(h):
        for x in range(w):
            g = sim.pixel(x, y)
            e = expect(x, y)
            if g != e:
                bad += 1
                if first is None:
                    first = [x, y, g, e]
    return bad, first


def scene(fb, colors):
    """Something of everything: text, lines, filled and empty boxes, dots."""
    fb.fill(0)
    fb.text("Sixty-six 66", 2, 2, colors - 1)
    fb.rect(0, 0, fb.width, fb.height, 1)
    fb.fill_rect(10, 20, 30, 17, 1 % colors)
    fb.line(0, fb.height - 1, fb.width - 1, 12, colors - 1)
    for i in range(colors):
        fb.fill_rect(50 + 4 * i, 30, 4, 9, i)
        fb.pixel(fb.width - 1 - i, fb.height - 1, i)


# --- ST7789 ---

def lcd(**kw):
    sim = simbus.ST7789Sim()
    spi = simbus.SimSPI(sim)
    d = ST7789(spi, sim.dc, cs=sim.cs, rst=sim.rst, **kw)
    return sim, spi, d


def lcd_expect(d):
    return lambda x, y: d.palette[d.pixel(x, y)]


def _ms():
    try:
        from time import ticks_ms
        return ticks_ms()
    except ImportError:  # CPython
        from time import monotonic
        return int(monotonic() * 1000)


def check_lcd_init(rst=True):
    """The reset when the driver is made (RESX, or SWRESET on a board
    without the pin), the rest at the first show(): the reset's 120 ms
    waited out before SLPOUT, the display on after the first frame."""
    sim = simbus.ST7789Sim()
    lit = []
    t0 = _ms()
    d = ST7789(simbus.SimSPI(sim), sim.dc, cs=sim.cs, rst=sim.rst if rst else None,
               backlight=lambda: lit.append(sim.lit()))
    made = [c for c, _ in sim.commands]
    dark = not sim.lit()
    d.fill(0)
    d.show()
    waited = _ms() - t0
    cmds = [c for c, _ in sim.commands]
    bad, first = mismatches(sim, lambda x, y: d.palette[0], 240, 135)
    return {"errors": sim.errors, "lit": sim.lit(), "hw_resets": sim.hw_resets,
            "made": made, "dark_until_shown": dark, "backlight": lit,
            "reset_before_slpout": (sim.hw_resets == 1 if rst else cmds.index(0x01) < cmds.index(0x11)),
            "waited_reset": waited >= 120,
            "colmod": sim.colmod, "madctl": sim.madctl, "inverted": sim.inverted,
            "dispon_after_first_frame": cmds.index(0x29) > cmds.index(0x2C),
            "bad": bad, "first": first, "size": [d.width, d.height], "colors": d.colors,
            "frame_bytes": len(d.buffer), "out_of_ram": sim.out_of_ram}


def check_lcd_full_frame():
    sim, spi, d = lcd()
    scene(d, 16)
    d.show()
    bad, first = mismatches(sim, lcd_expect(d), 240, 135)
    return {"errors": sim.errors, "bad": bad, "first": first, "strips": d.strips_sent,
            "window": sim.windows[-1], "out_of_ram": sim.out_of_ram}


def check_lcd_byte_order():
    sim, spi, d = lcd()
    d.palette[3] = 0xF800  # pure red
    d.palette[4] = 0x001F  # pure blue
    d.pixel(0, 0, 3)
    d.pixel(1, 0, 4)
    d.show()
    i = ((40) * 240 + 52 + 134) * 2  # RAM of landscape (0, 0): column 186, row 40
    return {"errors": sim.errors, "ram_bytes": [sim.ram[i], sim.ram[i + 1]],
            "p00": sim.pixel(0, 0), "p10": sim.pixel(1, 0)}


def check_lcd_partial():
    sim, spi, d = lcd()
    scene(d, 16)
    d.show()
    out = {}
    n0 = spi.bytes_written
    out["nothing"] = [d.show(), spi.bytes_written - n0]
    d.pixel(100, 70, 7)  # strip 4 (rows 60-74)
    w0 = len(sim.windows)
    n0 = spi.bytes_written
    out["one"] = [d.show(), spi.bytes_written - n0, sim.windows[w0:]]
    d.fill_rect(0, 0, 5, 20, 9)    # strips 0 and 1
    d.hline(0, 134, 240, 2)        # strip 8 (rows 120-134)
    w0 = len(sim.windows)
    out["three"] = [d.show(), sim.windows[w0:]]
    bad, first = mismatches(sim, lcd_expect(d), 240, 135)
    out.update({"errors": sim.errors, "bad": bad, "first": first})
    return out


def check_lcd_palette_change():
    sim, spi, d = lcd()
    scene(d, 16)
    d.show()
    d.palette[5] = rgb565(10, 200, 30)
    sent = d.show()
    bad, first = mismatches(sim, lcd_expect(d), 240, 135)
    return {"errors": sim.errors, "sent": sent, "bad": bad, "first": first}


def check_lcd_turned():
    # Turned 180 degrees (MY MX MV, offsets 40/52): the same frame, upside down.
    sim, spi, d = lcd(madctl=0xB0, ystart=52)
    scene(d, 16)
    d.show()
    upside = lambda x, y: d.palette[d.pixel(239 - x, 134 - y)]
    bad, first = mismatches(sim, upside, 240, 135)
    return {"errors": sim.errors, "bad": bad, "first": first, "out_of_ram": sim.out_of_ram}


def check_lcd_uneven_strips():
    # 8-row strips: 135 rows give 16 strips of 8 and a last one of 7.
    sim, spi, d = lcd(strip=8)
    scene(d, 16)
    full = d.show()
    d.pixel(0, 134, 5)
    w0 = len(sim.windows)
    last = d.show()
    bad, first = mismatches(sim, lcd_expect(d), 240, 135)
    return {"errors": sim.errors, "full": full, "last": last, "window": sim.windows[w0:],
            "bad": bad, "first": first, "strip_bytes": len(d._strip_buf)}


def check_lcd_rows_not_whole_words():
    # 238 wide: 119 bytes a row, so the converter goes a byte at a time
    # (blit1) instead of a word at a time; the same pixels either way.
    sim, spi, d = lcd(width=238)
    scene(d, 16)
    d.show()
    d.fill_rect(3, 40, 100, 9, 11)
    d.show()
    bad, first = mismatches(sim, lambda x, y: d.palette[d.pixel(x, y)], 238, 135)
    return {"errors": sim.errors, "bad": bad, "first": first, "viper": d._blit is not None}


def check_lcd_wrong_offset_is_seen():
    # The checker is not blind: a frame placed one row off does not match.
    sim, spi, d = lcd(ystart=52)
    scene(d, 16)
    d.show()
    bad, first = mismatches(sim, lcd_expect(d), 240, 135)
    return {"bad": bad}


def check_lcd_memory():
    import gc
    gc.collect()
    before = gc.mem_free() if hasattr(gc, "mem_free") else 0
    sim = simbus.ST7789Sim()
    spi = simbus.SimSPI(sim)
    gc.collect()
    mid = gc.mem_free() if hasattr(gc, "mem_free") else 0
    d = ST7789(spi, sim.dc, cs=sim.cs, rst=sim.rst)
    gc.collect()
    after = gc.mem_free() if hasattr(gc, "mem_free") else 0
    return {"driver_bytes": mid - after, "frame": len(d.buffer), "strip": len(d._strip_buf)}


# --- SSD1306 / SH1106 ---

def oled(cls=SSD1306_I2C, sim_cls=simbus.SSD1306Sim, addr=0x3C):
    sim = sim_cls()
    bus = simbus.SimI2C()
    bus.attach(0x3C, sim)
    d = cls(128, 64, bus, addr)
    return sim, bus, d


def mono_expect(d):
    return lambda x, y: d.pixel(x, y)


def check_oled_init():
    sim, bus, d = oled()
    dark = not sim.lit()  # until the first frame
    d.show()
    bad, first = mismatches(sim, lambda x, y: 0, 128, 64)
    return {"errors": sim.errors, "lit": sim.lit(), "dark_until_shown": dark,
            "mux": sim.mux, "mode": sim.mem_mode,
            "seg_remap": sim.seg_remap, "com_remap": sim.com_remap, "bad": bad,
            "colors": d.colors, "size": [d.width, d.height], "frame_bytes": len(d.buffer)}


def check_oled_full_frame():
    sim, bus, d = oled()
    scene(d, 2)
    d.show()
    bad, first = mismatches(sim, mono_expect(d), 128, 64)
    return {"errors": sim.errors, "bad": bad, "first": first, "pages": d.pages_sent}


def check_oled_partial():
    sim, bus, d = oled()
    scene(d, 2)
    d.show()
    out = {}
    n0 = sim.data_bytes
    out["nothing"] = [d.show(), sim.data_bytes - n0]
    d.pixel(64, 27, 1)  # page 3
    w0 = len(sim.windows)
    n0 = sim.data_bytes
    out["one"] = [d.show(), sim.data_bytes - n0, sim.windows[w0:]]
    d.fill_rect(0, 0, 3, 16, 0)  # pages 0-1
    d.pixel(127, 63, 1)          # page 7 (it was off)
    w0 = len(sim.windows)
    out["three"] = [d.show(), sim.windows[w0:]]
    bad, first = mismatches(sim, mono_expect(d), 128, 64)
    out.update({"errors": sim.errors, "bad": bad, "first": first})
    return out


def check_oled_controls():
    sim, bus, d = oled()
    d.contrast(0x20)
    d.invert(1)
    inv = sim.inverted
    d.invert(0)
    d.poweroff()
    off = sim.lit()
    d.poweron()
    return {"contrast": sim.contrast, "inverted": inv, "off": off, "on": sim.lit(),
            "errors": sim.errors}


def check_sh1106():
    sim, bus, d = oled(SH1106_I2C, simbus.SH1106Sim)
    scene(d, 2)
    d.show()
    bad, first = mismatches(sim, mono_expect(d), 128, 64)
    d.pixel(5, 60, 0 if d.pixel(5, 60) else 1)
    sent = d.show()
    bad2, _ = mismatches(sim, mono_expect(d), 128, 64)
    return {"errors": sim.errors, "lit": sim.lit(), "bad": bad, "first": first,
            "sent": sent, "bad_after_partial": bad2}


def check_ssd1306_driver_on_sh1106_is_seen():
    # The checker is not blind: SSD1306 windows mean nothing to an SH1106.
    sim, bus, d = oled(SSD1306_I2C, simbus.SH1106Sim)
    scene(d, 2)
    d.show()
    bad, first = mismatches(sim, mono_expect(d), 128, 64)
    return {"errors": len(sim.errors), "bad": bad}


def check_oled_missing_device():
    bus = simbus.SimI2C()
    try:
        SSD1306_I2C(128, 64, bus, 0x3D)
    except OSError as e:
        return {"raised": e.args[0]}
    return {"raised": None}


CHECKS = [
    ("lcd_init", check_lcd_init), ("lcd_init_no_rst", lambda: check_lcd_init(False)),
    ("lcd_full_frame", check_lcd_full_frame),
    ("lcd_byte_order", check_lcd_byte_order), ("lcd_partial", check_lcd_partial),
    ("lcd_palette_change", check_lcd_palette_change), ("lcd_turned", check_lcd_turned),
    ("lcd_uneven_strips", check_lcd_uneven_strips),
    ("lcd_rows_not_whole_words", check_lcd_rows_not_whole_words),
    ("lcd_wrong_offset_is_seen", check_lcd_wrong_offset_is_seen),
    ("lcd_memory", check_lcd_memory),
    ("oled_init", check_oled_init), ("oled_full_frame", check_oled_full_frame),
    ("oled_partial", check_oled_partial), ("oled_controls", check_oled_controls),
    ("sh1106", check_sh1106),
    ("ssd1306_driver_on_sh1106_is_seen", check_ssd1306_driver_on_sh1106_is_seen),
    ("oled_missing_device", check_oled_missing_device),
]


def main(names):
    for name, fn in CHECKS:
        if names and name not in names:
            continue
        r = fn()
        r["check"] = name
        print(json.dumps(r))


if __name__ == "__main__":
    main(sys.argv[1:])
