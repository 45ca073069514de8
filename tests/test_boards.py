"""Board profiles and open_board(): every profile built from board.cfg
against a fake `machine` wired to simulated panels (under MicroPython, and
CPython when the framebuf shim is there); the key maps, chords and long
presses; the pins are all different; docs/hardware.md shows the same wiring."""
import json
import os

import pytest

from hal import boards
from hal.board import read_config
from hal.keys import PRESS, RELEASE
from tests.mp import run_micropython, run_cpython, ROOT

RUNNER = ("import sys\n"
          "sys.path.append(%r)\n"
          "sys.path.append(%r)\n"
          "%s"
          "import board_checks\n"
          "board_checks.main(%r)\n")

_RESULTS = {}


def results(runtime, tmp):
    if runtime not in _RESULTS:
        paths = (os.path.join(ROOT, "host_sim"), os.path.join(ROOT, "tests"))
        if runtime == "micropython":
            p = run_micropython(["-c", RUNNER % (paths + ("", tmp))], heap="4m")
        else:
            try:
                import host_sim.shims  # noqa: F401  (lands with the firmware branch)
            except ImportError:
                pytest.skip("no framebuf for CPython yet")
            shim = "from host_sim.shims import install\ninstall()\n"
            p = run_cpython(["-c", RUNNER % (paths + (shim, tmp))])
        assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
        _RESULTS[runtime] = {}
        for line in p.stdout.splitlines():
            r = json.loads(line)
            _RESULTS[runtime][r["name"]] = r
    return _RESULTS[runtime]


@pytest.fixture(params=["micropython", "cpython"])
def R(request, tmp_path_factory):
    return results(request.param, str(tmp_path_factory.mktemp(request.param)))


def tap(name):
    return [[name, PRESS], [name, RELEASE]]


def singles(r):
    return dict((gp, ev) for gp, ev in r["single"])


def test_pico_oled(R):
    r = R["pico_oled"]
    assert r["kind"] == "oled" and r["size"] == [128, 64] and r["colors"] == 2
    assert r["errors"] == [] and r["lit"] and r["bad"] == 0
    assert r["i2c"] == [0, 4, 5, 400000]
    assert singles(r) == {10: tap("UP"), 11: tap("DOWN"), 12: tap("LEFT"), 13: tap("RIGHT"),
                          14: tap("OK"), 15: tap("BACK")}
    assert r["longs"] == [tap("MENU")]
    assert r["stored"] == "saved" and r["beeps"] == 1


def test_pico_display_pack(R):
    r = R["pico_display_pack"]
    assert r["kind"] == "lcd" and r["size"] == [240, 135] and r["colors"] == 16
    assert r["errors"] == [] and r["lit"] and r["bad"] == 0
    assert r["spi"] == [0, 24000000, 18, 19]
    assert r["pwm"] == [[20, 1000, 65535 * 50 // 100]]  # the backlight at 50 %
    # A B X Y alone; X and Y pressed while A is held (nothing of A's own);
    # A held
    assert singles(r) == {12: tap("BACK"), 13: tap("LEFT"), 14: tap("OK"), 15: tap("RIGHT")}
    assert r["chords"] == [] and r["shifts"] == [tap("UP"), tap("DOWN")]
    assert r["longs"] == [tap("MENU")]
    assert r["stored"] == "saved" and r["beeps"] == 0  # no buzzer on the pack


def test_pico_lcd_114(R):
    r = R["pico_lcd_114"]
    assert r["kind"] == "lcd" and r["size"] == [240, 135]
    assert r["errors"] == [] and r["lit"] and r["bad"] == 0
    assert r["spi"] == [1, 24000000, 10, 11]
    assert r["pwm"] == [[13, 1000, 32767]]
    assert singles(r) == {2: tap("UP"), 18: tap("DOWN"), 16: tap("LEFT"), 20: tap("RIGHT"),
                          3: tap("MENU"), 15: tap("OK"), 17: tap("BACK")}


@pytest.mark.parametrize("name", boards.NAMES_IN_ORDER)
def test_a_tap_between_two_polls_is_one_key(R, name):
    # Pressed and released while the app was busy (a save): not lost, and
    # the same key as a tap the polls saw.
    r = R[name]
    assert dict((gp, ev) for gp, ev in r["between"]) == singles(r)


def test_micropython_lib_oled_driver_option(R):
    r = R["micropython-lib"]
    assert r["imported"]
    assert r["colors"] == 2  # open_board gives that driver the contract's attribute
    assert r["errors"] == [] and r["lit"] and r["bad"] == 0


@pytest.mark.parametrize("name", boards.NAMES_IN_ORDER)
def test_profile_is_consistent(name):
    p = boards.profile(name)
    gps = [gp for _, gp in p["buttons"]]
    if p["display"] == "ssd1306":
        gps += list(p["i2c"][1:3])
    else:
        gps += [p["spi"][1], p["spi"][2]] + [g for g in p["lcd"] if g is not None]
    if p["buzzer"] is not None:
        gps.append(p["buzzer"])
    gps += list(p.get("rgb_led", ()))
    assert len(gps) == len(set(gps)), "a GPIO is used twice on %s" % name
    assert all(0 <= g <= 28 and not 23 <= g <= 25 for g in gps)  # GP23-25 are not on the header
    keys_reached = set(k for k, _ in p["buttons"]) | set(k for _, _, k in p["chords"]) \
        | set(k for _, _, k in p["shifts"]) | set(k for _, k in p["longs"])
    assert keys_reached == set(range(1, 8)), "every abstract key is reachable"
    assert len(p["labels"]) == len(p["buttons"])


def test_every_hal_module_imports_under_micropython():
    from host_sim.build_mpy import sources
    mods = [m[:-3].replace("/", ".") for m in sources(("hal",))]
    assert "hal.board" in mods and "hal.st7789" in mods
    p = run_micropython(["-c", "import %s\nprint('ok')" % ", ".join(mods)], heap="160k")
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stdout + p.stderr


def test_header_pins():
    assert [boards.header_pin(g) for g in (0, 2, 10, 15, 16, 22, 26, 28)] == [1, 4, 14, 20, 21, 29, 31, 34]


@pytest.mark.parametrize("name", boards.NAMES_IN_ORDER)
def test_docs_show_the_wiring(name):
    doc = open(os.path.join(ROOT, "docs", "hardware.md")).read()
    assert "`%s`" % name in doc
    for gp, pin, what, use in boards.wiring(name):
        row = "| %s | %d | %s | %s |" % (gp, pin, what, use)
        assert row in doc, row


def test_read_config(tmp_path):
    p = tmp_path / "board.cfg"
    p.write_text("# my handheld\nboard = pico_oled   # the OLED one\n\n turn=180\n")
    assert read_config(str(p)) == {"board": "pico_oled", "turn": "180"}
    assert read_config(str(tmp_path / "missing.cfg")) == {}
    p.write_text("pico_lcd_114\n# written by make deploy\nbacklight = 40\n")
    assert read_config(str(p)) == {"board": "pico_lcd_114", "backlight": "40"}
    p.write_text("backlight = 40\npico_lcd_114\n")  # the name alone only comes first
    with pytest.raises(ValueError):
        read_config(str(p))
    p.write_text("board pico_oled\n")
    with pytest.raises(ValueError):
        read_config(str(p))


def test_unknown_board_is_named_in_the_error():
    with pytest.raises(ValueError) as e:
        boards.profile("pico_tv")
    assert "pico_oled" in str(e.value)


def test_wiring_table_for_the_display_pack():
    rows = boards.wiring("pico_display_pack")
    assert rows[0] == ("GP12", 16, "button A", "BACK; shift of X, Y; held: MENU")
    assert ("GP14", 19, "button X", "OK; while A is held: UP") in rows
    assert ("GP16", 21, "LCD DC", "") in rows
