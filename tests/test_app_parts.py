"""The device application's parts on CPython: the font, the theme's palette,
the headless board, the choice of board at boot, and the simulator's
screenshots and terminal renderings."""
import pytest

from tests.apphelp import scene, to_table
from hal import keys
from hal.headless import HeadlessBoard
from firmware import font


def test_font_code_points():
    assert font.glyph_index(ord("A")) == font.glyph_index(ord("a")) == 33
    assert font.glyph_index(0x2665) == font.glyph_index(3) == font.SUIT_SLOT + 2
    assert font.glyph_index(0x2660) == font.SUIT_SLOT + 1
    assert font.glyph_index(0x2663) == font.SUIT_SLOT
    assert font.glyph_index(0x410) == font.CYR_SLOT  # А
    assert font.glyph_index(0x44F) == font.CYR_SLOT + 31  # я -> Я
    assert font.glyph_index(0x451) == font.CYR_SLOT + 32  # ё -> Ё
    assert font.glyph_index(0x3A9) == -1
    assert font.width("10") == 8 and font.width("\x03") == 6
    assert font.width("Я") == 5 and font.width("Ж") == 6  # Cyrillic has its own glyphs
    assert font.width("\u03a9") == font.width("?")  # a letter with no glyph: "?"


def test_font_draws_its_glyphs():
    b = HeadlessBoard("oled")
    fb = b.display
    x = font.text(fb, "T", 0, 0, 1)
    assert x == 4
    assert [fb.pixel(c, 0) for c in range(3)] == [1, 1, 1]
    assert [fb.pixel(1, r) for r in range(5)] == [1] * 5
    assert fb.pixel(0, 1) == 0
    fb.fill(0)
    font.text(fb, "\x03", 0, 0, 1, big=True)  # a big heart: rows 1-3 full
    assert all(fb.pixel(c, 2) for c in range(7))
    assert fb.pixel(3, 0) == 0 and fb.pixel(3, 6) == 1


def test_theme_palette_is_rgb565():
    from firmware.theme import Theme, palette
    p = palette()
    assert len(p) == 16 and all(0 <= v < 65536 for v in p)
    th = Theme(16)
    roles = [th.bg, th.text, th.card, th.ink, th.red, th.dim, th.cursor, th.back]
    assert len(set(roles)) == len(roles)
    assert Theme(2).bg == 0 and Theme(2).ink == 1


def test_headless_board():
    b = HeadlessBoard("lcd")
    assert (b.display.width, b.display.height, b.display.colors, b.kind) == (240, 135, 16, "lcd")
    b.push(keys.OK)
    b.push(keys.LEFT, keys.LONG)
    assert b.buttons.poll(0) == [(keys.OK, keys.PRESS), (keys.LEFT, keys.LONG)]
    assert not b.buttons.poll(0)
    b.advance(250)
    assert b.ticks_ms() == 250
    assert b.storage.read("x") is None and b.storage.last_error
    b.storage.write("x", b"abc")
    assert b.storage.read("x") == b"abc"
    b.sound.beep(440, 100)
    b.sound.enabled = False
    b.sound.click()
    assert b.sound.beeps == [(440, 100)]
    with pytest.raises(ValueError):
        HeadlessBoard("crt")


def test_main_picks_a_headless_board_without_hal_board(tmp_path):
    from firmware import main
    cfg = tmp_path / "board.cfg"
    cfg.write_text("headless_lcd\n")
    assert main.board_name(str(cfg)) == "headless_lcd"
    assert main.board_name(str(tmp_path / "missing")) is None
    b = main.pick_board("headless_lcd")
    assert b.kind == "lcd"


def test_screenshot_writes_a_png(tmp_path):
    import struct
    import zlib
    from host_sim.device import screenshot, parse_keys
    assert parse_keys("ok, RIGHTx2") == [keys.OK, keys.RIGHT, keys.RIGHT]
    with pytest.raises(ValueError):
        parse_keys("JUMP")
    out = tmp_path / "s.png"
    screenshot("oled", parse_keys("OK,OK"), str(out), scale=2)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (256, 128)
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    raw = zlib.decompress(idat)
    assert len(raw) == h * (1 + 3 * w)
    assert len(set(raw)) > 2  # not blank


def test_headless_sim_prints_the_screen(capsys):
    from host_sim.__main__ import main
    assert main(["sim", "--headless", "--plain", "--board", "oled", "--keys", "DOWN"]) == 0
    out = capsys.readouterr().out
    assert "scene: StartMenu" in out
    assert "\u2588" in out or "\u2580" in out


def test_terminal_renderings_decode_to_the_frame():
    from host_sim.screen import ansi, ansi_compact, _QUADS
    app, board = to_table("oled")
    fb = board.display
    half = ansi(fb, colour=False).split("\n")
    quad = ansi_compact(fb, colour=False).split("\n")
    assert len(half) == 32 and all(len(l) == 128 for l in half)
    assert len(quad) == 32 and all(len(l) == 64 for l in quad)
    halves = " \u2580\u2584\u2588"
    for y in range(64):
        for x in range(128):
            on = fb.pixel(x, y)
            h = halves.index(half[y // 2][x])
            assert bool(h & (1 if y % 2 == 0 else 2)) == bool(on)
            q = _QUADS.index(quad[y // 2][x // 2])
            assert bool(q & (1 << ((y % 2) * 2 + x % 2))) == bool(on)
