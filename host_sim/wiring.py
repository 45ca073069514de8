"""Wiring pictures: the Pico's 40-pin header with every pin a board profile
uses, drawn from hal/boards.py's pin maps (wiring()), as SVG.

    python -m host_sim.wiring [--out docs]    writes docs/wiring_<board>.svg

tests/test_wiring.py fails when a picture in docs/ is not what this draws,
so a changed pin map cannot leave an old picture behind."""
import os
import sys

from hal.boards import NAMES_IN_ORDER, HEADER_PIN, profile, wiring
from host_sim.build_mpy import ROOT

# The header pins that are not GPIOs (Raspberry Pi Pico datasheet, pinout).
OTHER_PINS = {3: "GND", 8: "GND", 13: "GND", 18: "GND", 23: "GND", 28: "GND", 30: "RUN",
              31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF",
              36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS"}

# Wires that are not in a pin map: power and ground, by how the board is
# built (the packs take theirs from the header they plug onto).
POWER = {
    "pico_oled": ((36, "OLED VCC (3.3 V)", "power"), (38, "OLED GND", "ground"),
                  (13, "GND: one leg of the UP DOWN LEFT buttons", "ground"),
                  (18, "GND: RIGHT OK BACK buttons, the piezo's other leg", "ground")),
}
BATTERY = ((39, "VSYS: battery + via a Schottky diode (optional)",
            "power"),)

COLOURS = {"button": "#1f5fbf", "OLED": "#1e8a3a", "LCD": "#1e8a3a", "piezo": "#c86400",
           "RGB": "#888888", "power": "#c01818", "ground": "#202020"}

PITCH = 24
TOP = 110
LEFT_X, RIGHT_X = 440, 600
WIDTH, HEIGHT = 1040, TOP + 20 * PITCH + 70


def pin_name(pin):
    if pin in OTHER_PINS:
        return OTHER_PINS[pin]
    return "GP%d" % HEADER_PIN.index(pin)


def pin_xy(pin):
    """Pin 1 top left, 20 bottom left, 21 bottom right, 40 top right."""
    if pin <= 20:
        return LEFT_X, TOP + (pin - 1) * PITCH
    return RIGHT_X, TOP + (40 - pin) * PITCH


def _esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def uses(name):
    """(header pin, label, colour key) for every wire of the board."""
    out = []
    for gp, pin, what, key in wiring(name):
        label = "%s %s" % (gp, what) + (": %s" % key if key else "")
        kind = what.split()[0]
        out.append((pin, label, kind if kind in COLOURS else "button"))
    return out + list(POWER.get(name, ())) + list(BATTERY)


def svg(name):
    p = profile(name)
    wires = uses(name)
    used = {}
    for pin, label, kind in wires:
        used.setdefault(pin, []).append((label, kind))
    title = {"pico_oled": "Pico + SSD1306 OLED (I2C) + six buttons + piezo",
             "pico_display_pack": "Pico + Pimoroni Pico Display Pack (plugs on)",
             "pico_lcd_114": "Pico + Waveshare Pico-LCD-1.14 (plugs on)"}.get(name, name)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">'
         % (WIDTH, HEIGHT, WIDTH, HEIGHT),
         '<rect width="100%" height="100%" fill="#ffffff"/>',
         '<text x="20" y="30" font-size="18" font-weight="bold">%s: %s</text>'
         % (_esc(name), _esc(title)),
         '<text x="20" y="52" fill="#555555">Raspberry Pi Pico seen from above, USB at the top. '
         'Drawn from hal/boards.py by host_sim/wiring.py. Buttons: GPIO to GND, no resistor '
         '(internal pull-up).</text>']
    # The board and its header.
    o.append('<rect x="%d" y="%d" width="%d" height="%d" rx="10" fill="#2e7d4f" stroke="#1b4d30"/>'
             % (LEFT_X - 16, TOP - 34, RIGHT_X - LEFT_X + 32, 20 * PITCH + 44))
    o.append('<rect x="%d" y="%d" width="48" height="26" rx="3" fill="#c0c0c0" stroke="#808080"/>'
             % ((LEFT_X + RIGHT_X) // 2 - 24, TOP - 48))
    o.append('<text x="%d" y="%d" text-anchor="middle" fill="#ffffff" font-size="14" '
             'font-weight="bold">Pico</text>' % ((LEFT_X + RIGHT_X) // 2, TOP + 10 * PITCH))
    for pin in range(1, 41):
        x, y = pin_xy(pin)
        on = pin in used
        o.append('<circle cx="%d" cy="%d" r="6" fill="%s" stroke="#e8c860" stroke-width="2"/>'
                 % (x, y, "#e8c860" if on else "#1b4d30"))
        inside = x + 12 if pin <= 20 else x - 12
        o.append('<text x="%d" y="%d" text-anchor="%s" fill="#ffffff" font-size="10">%d %s</text>'
                 % (inside, y + 4, "start" if pin <= 20 else "end", pin, _esc(pin_name(pin))))
    # The wires, each to its label outside the board.
    for pin in sorted(used):
        x, y = pin_xy(pin)
        labels = used[pin]
        for i, (label, kind) in enumerate(labels):
            colour = COLOURS[kind]
            ly = y + 4 + i * 14
            if pin <= 20:
                end = x - 40
                o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="3"/>'
                         % (x - 6, y, end, ly - 4, colour))
                o.append('<text x="%d" y="%d" text-anchor="end" fill="%s">%s</text>'
                         % (end - 6, ly, colour, _esc(label)))
            else:
                end = x + 40
                o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="3"/>'
                         % (x + 6, y, end, ly - 4, colour))
                o.append('<text x="%d" y="%d" fill="%s">%s</text>'
                         % (end + 6, ly, colour, _esc(label)))
    legend = [("button", "button"), ("display", "OLED"), ("buzzer", "piezo"),
              ("LED", "RGB"), ("3.3 V / supply", "power"), ("ground", "ground")]
    x = 20
    for text, kind in legend:
        o.append('<rect x="%d" y="%d" width="14" height="14" fill="%s"/>'
                 % (x, HEIGHT - 34, COLOURS[kind]))
        o.append('<text x="%d" y="%d">%s</text>' % (x + 20, HEIGHT - 22, text))
        x += 40 + 8 * len(text)
    if p["display"] == "ssd1306":
        bus, sda, scl, hz, addr = p["i2c"]
        o.append('<text x="%d" y="%d" fill="#555555">I2C%d at %d kHz, OLED address 0x%02X</text>'
                 % (WIDTH - 300, HEIGHT - 22, bus, hz // 1000, addr))
    o.append("</svg>")
    return "\n".join(o) + "\n"


def path(name, out=None):
    return os.path.join(out or os.path.join(ROOT, "docs"), "wiring_%s.svg" % name)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    out = argv[argv.index("--out") + 1] if "--out" in argv else None
    for name in NAMES_IN_ORDER:
        with open(path(name, out), "w") as f:
            f.write(svg(name))
        print("wrote %s" % path(name, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
