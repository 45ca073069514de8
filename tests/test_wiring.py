"""The wiring pictures in docs/ are the ones host_sim/wiring.py draws from
hal/boards.py's pin maps, and each shows every pin the map uses."""
import os
import re
import xml.etree.ElementTree as ET

import pytest

from hal.boards import NAMES_IN_ORDER, wiring
from host_sim import wiring as draw
from host_sim.build_mpy import ROOT


@pytest.mark.parametrize("name", NAMES_IN_ORDER)
def test_the_picture_in_docs_is_drawn_from_the_pin_map(name):
    path = draw.path(name)
    assert os.path.exists(path), "no %s: run `python -m host_sim.wiring`" % path
    assert open(path).read() == draw.svg(name), \
        "%s is out of date: run `python -m host_sim.wiring`" % path


@pytest.mark.parametrize("name", NAMES_IN_ORDER)
def test_every_pin_of_the_map_is_wired_in_the_picture(name):
    root = ET.fromstring(draw.svg(name))
    ns = "{http://www.w3.org/2000/svg}"
    texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
    lit = set()  # the header pins drawn as used (filled)
    for c in root.iter(ns + "circle"):
        if c.get("fill") == "#e8c860":
            lit.add((int(c.get("cx")), int(c.get("cy"))))
    for gp, pin, what, key in wiring(name):
        assert draw.pin_xy(pin) in lit, (gp, pin)
        assert any(t.startswith("%s %s" % (gp, what)) for t in texts), (gp, what)
        # The label inside the board at that pin names the same GPIO.
        assert "%d %s" % (pin, gp) in texts
    assert draw.pin_xy(39) in lit  # the battery point


def test_pin_names_follow_the_pico_pinout():
    assert [draw.pin_name(p) for p in (1, 3, 20, 21, 36, 39, 40)] == \
        ["GP0", "GND", "GP15", "GP16", "3V3(OUT)", "VSYS", "VBUS"]
    gps = [draw.pin_name(p) for p in range(1, 41) if re.match(r"GP\d+$", draw.pin_name(p))]
    assert sorted(int(g[2:]) for g in gps) == list(range(23)) + [26, 27, 28]
