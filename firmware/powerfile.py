# The power settings' file: read at boot (firmware/powernap.py) and by the
# Power screen (firmware/powermenu.py), then dropped from the heap.
from firmware import words

_ = words.section("power")

POWER_FILE = "power"
# The player's choices (the Power screen): seconds, 0 never; per cent; the
# battery's chemistry (firmware/battery.py has their curves).
DIM_AFTER = (15, 30, 45, 60, 120, 0)
SLEEP_AFTER = (60, 180, 300, 600, 1800, 0)
BRIGHTNESS = (25, 50, 75, 100)
CHEMISTRY = ("nimh", "lipo")
DEFAULTS = (45, 180, 100, "nimh")



def load(app):
    """The player's choices (DEFAULTS if none were made, or if the file
    cannot be used: then firmware/prefs.py sets it aside and tells the
    player)."""
    if not app.board.storage.exists(POWER_FILE):
        return DEFAULTS

    def parse(ws):
        if len(ws) != 4:
            raise ValueError("4 words")
        dim, sleep, bright, chem = int(ws[0]), int(ws[1]), int(ws[2]), ws[3]
        if dim not in DIM_AFTER or sleep not in SLEEP_AFTER or bright not in BRIGHTNESS \
                or chem not in CHEMISTRY:
            raise ValueError("not a choice")
        return dim, sleep, bright, chem
    from firmware.prefs import load_setting
    return load_setting(app, POWER_FILE, parse, DEFAULTS, _("The power settings"),
                        _(" The usual ones are used."))


def save(app, choices):
    app.board.storage.write(POWER_FILE, ("v1 %d %d %d %s" % choices).encode())

