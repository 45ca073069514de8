"""The display drivers (hal/oled.py, hal/st7789.py) against simulated I2C and
SPI buses that decode the controllers' commands into the pixels the glass
would show (host_sim/simbus.py): initialisation, addressing, partial
updates, byte order.  Under the real MicroPython (native framebuf, hal/ as
.mpy) and, when the framebuf shim for CPython is present, under CPython."""
import json
import os

import pytest

from tests.mp import run_micropython, run_cpython, ROOT

RUNNER = ("import sys\n"
          "sys.path.append(%r)\n"
          "sys.path.append(%r)\n"
          "%s"
          "import display_checks\n"
          "display_checks.main([])\n")


def _cpython_shim():
    try:
        import host_sim.shims  # noqa: F401  (lands with the firmware branch)
    except ImportError:
        return None
    return "from host_sim.shims import install\ninstall()\n"


_RESULTS = {}


def results(runtime):
    if runtime not in _RESULTS:
        paths = (os.path.join(ROOT, "host_sim"), os.path.join(ROOT, "tests"))
        if runtime == "micropython":
            p = run_micropython(["-c", RUNNER % (paths + ("",))], heap="4m")
        else:
            shim = _cpython_shim()
            if shim is None:
                pytest.skip("no framebuf for CPython yet (host_sim/shims lands with the firmware branch)")
            p = run_cpython(["-c", RUNNER % (paths + (shim,))])
        assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
        _RESULTS[runtime] = {}
        for line in p.stdout.splitlines():
            r = json.loads(line)
            _RESULTS[runtime][r["check"]] = r
    return _RESULTS[runtime]


RUNTIMES = ["micropython", "cpython"]


@pytest.fixture(params=RUNTIMES)
def R(request):
    return results(request.param)


# --- ST7789 240x135 ---

@pytest.mark.parametrize("check", ["lcd_init", "lcd_init_no_rst"])
def test_lcd_initialisation(R, check):
    r = R[check]
    assert r["errors"] == []
    # made: the reset only (RESX, or SWRESET without the pin), the panel dark
    assert r["made"] == ([] if check == "lcd_init" else [0x01]) and r["dark_until_shown"]
    assert r["hw_resets"] == (1 if check == "lcd_init" else 0) and r["reset_before_slpout"]
    assert r["waited_reset"]               # 120 ms, the datasheet's wait after a reset, before SLPOUT
    assert r["backlight"] == [True]        # the light goes on once, with the first frame
    assert r["colmod"] & 7 == 5            # 16 bits a pixel
    assert r["madctl"] == 0x70             # landscape, RGB order
    assert r["inverted"]                   # IPS glass needs INVON for true colours
    assert r["lit"] and r["dispon_after_first_frame"]
    assert r["bad"] == 0, r["first"]       # a cleared frame, not power-up noise
    assert r["size"] == [240, 135] and r["colors"] == 16
    assert r["frame_bytes"] == 16200
    assert r["out_of_ram"] == 0


def test_lcd_full_frame_matches(R):
    r = R["lcd_full_frame"]
    assert r["errors"] == []
    assert r["bad"] == 0, r["first"]
    assert r["strips"] == 9
    assert r["window"] == [40, 279, 53, 187]
    assert r["out_of_ram"] == 0


def test_lcd_byte_order_is_big_endian_on_the_wire(R):
    r = R["lcd_byte_order"]
    assert r["errors"] == []
    assert r["ram_bytes"] == [0xF8, 0x00]
    assert r["p00"] == 0xF800 and r["p10"] == 0x001F


def test_lcd_partial_updates_send_only_changed_strips(R):
    r = R["lcd_partial"]
    assert r["errors"] == []
    assert r["nothing"] == [0, 0]
    sent, nbytes, windows = r["one"]
    assert sent == 1
    assert windows == [[40, 279, 53 + 60, 53 + 74]]
    assert 240 * 15 * 2 <= nbytes < 240 * 15 * 2 + 32   # one strip and its window
    sent, windows = r["three"]
    assert sent == 3
    assert windows == [[40, 279, 53, 53 + 29], [40, 279, 53 + 120, 53 + 134]]
    assert r["bad"] == 0, r["first"]


def test_lcd_palette_change_resends_all(R):
    r = R["lcd_palette_change"]
    assert r["errors"] == [] and r["sent"] == 9
    assert r["bad"] == 0, r["first"]


def test_lcd_turned_180(R):
    r = R["lcd_turned"]
    assert r["errors"] == [] and r["out_of_ram"] == 0
    assert r["bad"] == 0, r["first"]


def test_lcd_strips_need_not_divide_the_height(R):
    r = R["lcd_uneven_strips"]
    assert r["errors"] == [] and r["full"] == 17 and r["last"] == 1
    assert r["window"] == [[40, 279, 53 + 128, 53 + 134]]
    assert r["bad"] == 0, r["first"]
    assert r["strip_bytes"] == 240 * 8 * 2


def test_lcd_rows_that_are_not_whole_words(R):
    r = R["lcd_rows_not_whole_words"]
    assert r["errors"] == []
    assert r["bad"] == 0, r["first"]


def test_lcd_converts_with_viper_under_micropython():
    # the viper converter is what the Pico runs; CPython takes framebuf's blit
    assert results("micropython")["lcd_rows_not_whole_words"]["viper"] is True


def test_the_lcd_check_sees_a_wrong_offset(R):
    assert R["lcd_wrong_offset_is_seen"]["bad"] > 100


def test_lcd_driver_memory_is_a_fraction_of_rgb565(R):
    r = R["lcd_memory"]
    assert r["frame"] == 16200 and r["strip"] == 7200
    if r["driver_bytes"]:  # gc.mem_free exists on MicroPython only
        # vs 64,800 for a full RGB565 frame; ~1.3 KB of it is the viper
        # converter's table (two pixels a word) and code
        assert r["driver_bytes"] < 27500


# --- SSD1306 / SH1106 128x64 ---

def test_oled_initialisation(R):
    r = R["oled_init"]
    assert r["errors"] == []
    assert r["dark_until_shown"]          # the display goes on with the first frame
    assert r["lit"]                       # display on, charge pump on
    assert r["mux"] == 63 and r["mode"] == 0
    assert r["seg_remap"] and r["com_remap"]
    assert r["bad"] == 0
    assert r["colors"] == 2 and r["size"] == [128, 64] and r["frame_bytes"] == 1024


def test_oled_full_frame_matches(R):
    r = R["oled_full_frame"]
    assert r["errors"] == [] and r["pages"] == 8
    assert r["bad"] == 0, r["first"]


def test_oled_partial_updates_send_only_changed_columns(R):
    r = R["oled_partial"]
    assert r["errors"] == []
    assert r["nothing"] == [0, 0]
    # only the changed columns: one byte of page 3 for one pixel
    assert r["one"] == [1, 1, [[64, 64, 3, 3]]]
    sent, windows = r["three"]
    # pages 0-1 share a window (a data write for each page's part), page 7 its own
    assert sent == 3 and windows == [[0, 2, 0, 1], [0, 2, 0, 1], [127, 127, 7, 7]]
    assert r["bad"] == 0, r["first"]


def test_oled_controls(R):
    r = R["oled_controls"]
    assert r["errors"] == []
    assert r["contrast"] == 0x20 and r["inverted"] and r["off"] is False and r["on"]


def test_sh1106_page_addressing(R):
    r = R["sh1106"]
    assert r["errors"] == [] and r["lit"]
    assert r["bad"] == 0, r["first"]
    assert r["sent"] == 1 and r["bad_after_partial"] == 0


def test_the_oled_check_sees_the_wrong_controller(R):
    r = R["ssd1306_driver_on_sh1106_is_seen"]
    assert r["errors"] > 0 and r["bad"] > 0


def test_oled_missing_device_raises(R):
    assert R["oled_missing_device"]["raised"] == 19


def test_both_runtimes_see_the_same():
    mp = results("micropython")
    cp = results("cpython")
    for name in mp:
        if name == "lcd_rows_not_whole_words":
            mp[name].pop("viper"), cp[name].pop("viper")  # the converter differs
        if name != "lcd_memory":  # gc.mem_free is MicroPython's
            assert mp[name] == cp[name], name
