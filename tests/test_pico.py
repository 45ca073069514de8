"""The application on the Pico's own firmware: MicroPython's rp2 port on an
emulated RP2040 (host_sim/pico.py), the project's .mpy files on its flash,
buttons on GPIO pins, the screen decoded off the display bus.  Without
Node.js and rp2040js (`make pico`) every test here skips with one line."""
import os
import struct
import subprocess
import sys
import threading
from binascii import crc32

import pytest

from host_sim.shims import install

install()

from hal import keys  # noqa: E402
from host_sim import pico  # noqa: E402

WHY = pico.available()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def lockstep(board, seed=3, **kw):
    from host_sim.hil import Lockstep
    return Lockstep(board, seed=seed, **kw)


def test_boots_to_the_start_menu_pixel_for_pixel_on_the_oled():
    with lockstep("pico_oled") as ls:
        p = ls.pico
        # the firmware's own banner and clocks, as the real board has them
        st = p.status()
        assert st["connected"] and st["clk_sys"] == 125000000
        assert ls.pico.display.lit()
        # Lockstep() returned: the start menu decoded from the I2C bytes is
        # the desktop's start menu, every pixel
        assert p.display.rows() == ls.expected()
        assert p.now_ms < 2000, "boot to the menu took %.0f ms" % p.now_ms
        # a scene after keys: Sixty-six's game menu, then one step down it
        ls.press(keys.OK)
        ls.press(keys.DOWN)
        assert p.display.rows() == ls.expected()
        assert p.display.chip.errors == []


@pytest.mark.parametrize("board", ["pico_display_pack", "pico_lcd_114"])
def test_the_lcd_shows_the_desktops_frames_pixel_for_pixel(board):
    with lockstep(board) as ls:
        p = ls.pico
        assert p.display.rows() == ls.expected()
        ls.press(keys.RIGHT)  # the Display Pack's Y, the joystick's right: the next line
        ls.press(keys.OK)  # the Display Pack's X, the Pico-LCD's A: the game's menu
        want = ls.expected()
        assert p.display.rows() == want
        # not a blank or a constant screen: the comparison means something
        assert len(set(v for row in want for v in row)) >= 3
        assert p.display.chip.errors == []
        # hal/board.py moved clk_peri to clk_sys for the panel's 62.5 MHz
        st = p.status()
        assert st["clk_peri"] == 125000000 and st["spi_hz"] == 62500000
        assert p.display_show_ms() is not None and p.display_show_ms() < 40  # 51-64 before


def test_a_deal_played_through_the_buttons_is_the_desktops_deal():
    """Sixty-six through GPIO presses: every screen on the way is the
    desktop's, and the save the device wrote to its flash (the match's log of
    actions) is byte for byte the one the desktop wrote."""
    with lockstep("pico_oled", seed=11) as ls:
        ls.autoplay(24)
        assert ls.decisions, "the computer made no move"
        assert all(d[0] == "sixtysix" for d in ls.decisions)
        ls.pico.run(ms=200)
        dev = ls.pico.files("data")
        host = ls.host.storage.files
        assert "save_sixtysix" in dev
        saved = dev["save_sixtysix"]
        # hal/storage.py's header (magic, length, CRC-32), then the save
        magic, n, crc = struct.unpack_from("<4sII", saved)
        assert magic == b"PCT1" and n == len(saved) - 12
        assert crc == crc32(saved[12:]) & 0xFFFFFFFF
        assert saved[12:] == host["save_sixtysix"]
        assert len(saved[12:].split(b"\n")) >= 3


def test_a_bounce_storm_gives_exactly_one_key():
    with lockstep("pico_oled") as ls:
        ls.press(keys.DOWN, bounce=12)  # 12 closures at each edge, 0.3 ms apart
        assert ls.pico.display.rows() == ls.expected()
        one = ls.expected()
        ls.host.buttons.push(keys.DOWN)  # what a second key would have shown
        ls.app.step()
        assert one != ls.expected(), "two keys would look the same: the test proves nothing"


def test_the_serial_link_checks_the_engine_against_cpython():
    """`host_sim link --port PTY check` (pyserial) against the emulated
    device's USB serial port, bridged to a pseudo-terminal."""
    p = pico.Pico("pico_oled")
    try:
        p.run(ms=800)
        bridge = p.pty()
        cmd = [sys.executable, "-m", "host_sim", "link", "--port", bridge.path, "--timeout", "120",
               "check", "--game", "schnapsen"]
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out = []
        reader = threading.Thread(target=lambda: out.append(proc.stdout.read()))
        reader.start()
        while proc.poll() is None:
            bridge.pump(ms=10)
        reader.join()
        bridge.close()
        text = out[0].decode(errors="replace")
        assert proc.returncode == 0, text
        assert "same" in text and "DIFFERENT" not in text, text
    finally:
        p.close()
