"""Board profiles: which display, which GPIO does what, and how the board's
buttons map onto the abstract keys (hal/keys.py).  docs/hardware.md shows
the same tables (a test keeps them in step with wiring()).

Every button is wired between its GPIO and GND and read with the internal
pull-up (down = reads 0).  Pins are RP2040 GPIO numbers (GPn), not the
Pico's header pin numbers; wiring() gives both."""
from hal.keys import LEFT, RIGHT, UP, DOWN, OK, BACK, MENU, NAMES

# The Pico's header pin number of each GPIO (Raspberry Pi Pico datasheet, pinout).
HEADER_PIN = (1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20,
              21, 22, 24, 25, 26, 27, 29)  # GP0 .. GP22
_GP_AFTER_22 = {26: 31, 27: 32, 28: 34}


def header_pin(gp):
    if gp <= 22:
        return HEADER_PIN[gp]
    return _GP_AFTER_22[gp]


# name -> profile.  Looked up by name only (MicroPython dicts are not ordered);
# NAMES_IN_ORDER lists them for menus and documentation.
PROFILES = {
    # A Pico, a 0.96" SSD1306 I2C OLED (1.3" SH1106 with oled_driver = sh1106),
    # six buttons on GP10-GP15 (GND at header pins 13 and 18 is next to them)
    # and an optional passive piezo on GP18.
    "pico_oled": {
        "kind": "oled",
        "display": "ssd1306",
        "i2c": (0, 4, 5, 400000, 0x3C),  # bus, SDA, SCL, Hz, address
        "buttons": ((UP, 10), (DOWN, 11), (LEFT, 12), (RIGHT, 13), (OK, 14), (BACK, 15)),
        "labels": ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK"),
        "chords": (),
        "shifts": (),
        "longs": ((BACK, MENU),),  # hold BACK for the menu
        "buzzer": 18,
        "battery_sense": (29, 24),  # VSYS/3 on ADC3, VBUS sense (the Pico's own)
    },
    # Pimoroni Pico Display Pack: 1.14" 240x135 ST7789 on SPI0 and four
    # buttons A B X Y.  Held landscape with the buttons as printed: A top
    # left, B bottom left, X top right, Y bottom right.
    "pico_display_pack": {
        "kind": "lcd",
        "display": "st7789",
        "spi": (0, 18, 19, 24000000),  # bus, SCK, MOSI, baud (clk_peri/2 at the default clock)
        "lcd": (17, 16, None, 20),  # CS, DC, RST (none on the pack), backlight
        "panel": (240, 135, 40, 53, 0x70),  # width, height, xstart, ystart, MADCTL
        "panel_turned": (240, 135, 40, 52, 0xB0),  # the same turned 180 degrees
        "buttons": ((BACK, 12), (LEFT, 13), (OK, 14), (RIGHT, 15)),
        "labels": ("A", "B", "X", "Y"),
        # A is a shift: hold it and press X for UP, Y for DOWN.  Not chords
        # (both pressed together, either first): a button that may begin a
        # chord must wait 60 ms to know it is alone, on every key.  A acts on
        # its release anyway (held, it is the menu).
        "chords": (),
        "shifts": ((BACK, OK, UP), (BACK, RIGHT, DOWN)),  # A+X = UP, A+Y = DOWN
        "longs": ((BACK, MENU),),  # hold A for the menu
        "buzzer": None,
        "rgb_led": (6, 7, 8),
        "battery_sense": (29, 24),
    },
    # Waveshare Pico-LCD-1.14: 240x135 ST7789 on SPI1, a five-way joystick
    # and two keys (A, B).
    "pico_lcd_114": {
        "kind": "lcd",
        "display": "st7789",
        "spi": (1, 10, 11, 24000000),
        "lcd": (9, 8, 12, 13),
        "panel": (240, 135, 40, 53, 0x70),
        "panel_turned": (240, 135, 40, 52, 0xB0),
        "buttons": ((UP, 2), (DOWN, 18), (LEFT, 16), (RIGHT, 20), (MENU, 3), (OK, 15),
                    (BACK, 17)),
        "labels": ("joystick up", "joystick down", "joystick left", "joystick right",
                   "joystick press", "A", "B"),
        "chords": (),
        "shifts": (),
        "longs": (),
        "buzzer": None,
        "battery_sense": (29, 24),
    },
}

NAMES_IN_ORDER = ("pico_oled", "pico_display_pack", "pico_lcd_114")


def profile(name):
    if name not in PROFILES:
        raise ValueError("unknown board %r: one of %s" % (name, ", ".join(NAMES_IN_ORDER)))
    return PROFILES[name]


def wiring(name):
    """The wiring table of a board as rows (GPIO, header pin, what, key),
    buttons first, then the display, buzzer and others."""
    p = profile(name)
    rows = []
    chorded = {}
    for a, b, key in p["chords"]:
        chorded[a] = chorded.get(a, ()) + ((b, key),)
        chorded[b] = chorded.get(b, ()) + ((a, key),)
    shifted = {}
    shifts = {}
    for a, b, key in p["shifts"]:
        shifted[b] = shifted.get(b, ()) + ((a, key),)
        shifts[a] = shifts.get(a, ()) + (b,)
    longs = {}
    for a, key in p["longs"]:
        longs[a] = key
    labels = {}
    for i in range(len(p["buttons"])):
        labels[p["buttons"][i][0]] = p["labels"][i]
    for i in range(len(p["buttons"])):
        key, gp = p["buttons"][i]
        use = [NAMES[key]]
        for other, k in chorded.get(key, ()):
            use.append("with %s: %s" % (labels[other], NAMES[k]))
        for other, k in shifted.get(key, ()):
            use.append("while %s is held: %s" % (labels[other], NAMES[k]))
        if key in shifts:
            use.append("shift of %s" % ", ".join([labels[b] for b in shifts[key]]))
        if key in longs:
            use.append("held: %s" % NAMES[longs[key]])
        rows.append(("GP%d" % gp, header_pin(gp), "button %s" % p["labels"][i], "; ".join(use)))
    if p["display"] == "ssd1306":
        bus, sda, scl, hz, addr = p["i2c"]
        rows.append(("GP%d" % sda, header_pin(sda), "OLED SDA (I2C%d)" % bus, ""))
        rows.append(("GP%d" % scl, header_pin(scl), "OLED SCL (I2C%d, %d kHz, address 0x%02X)"
                     % (bus, hz // 1000, addr), ""))
    else:
        bus, sck, mosi, baud = p["spi"]
        cs, dc, rst, bl = p["lcd"]
        rows.append(("GP%d" % sck, header_pin(sck), "LCD SCK (SPI%d)" % bus, ""))
        rows.append(("GP%d" % mosi, header_pin(mosi), "LCD MOSI (SPI%d)" % bus, ""))
        rows.append(("GP%d" % cs, header_pin(cs), "LCD CS", ""))
        rows.append(("GP%d" % dc, header_pin(dc), "LCD DC", ""))
        if rst is not None:
            rows.append(("GP%d" % rst, header_pin(rst), "LCD RESET", ""))
        rows.append(("GP%d" % bl, header_pin(bl), "LCD backlight (PWM)", ""))
    if "rgb_led" in p:
        for gp, colour in zip(p["rgb_led"], ("red", "green", "blue")):
            rows.append(("GP%d" % gp, header_pin(gp), "RGB LED %s (active low; not used)" % colour, ""))
    if p["buzzer"] is not None:
        rows.append(("GP%d" % p["buzzer"], header_pin(p["buzzer"]),
                     "piezo buzzer (optional; other leg to GND)", ""))
    return rows
