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
    cannot be used: then it is set aside and the player told)."""
    storage = app.board.storage
    if not storage.exists(POWER_FILE):
        return DEFAULTS

    def parse(ws):
        try:
            dim, sleep, bright, chem = int(ws[0]), int(ws[1]), int(ws[2]), ws[3]
            if dim in DIM_AFTER and sleep in SLEEP_AFTER and bright in BRIGHTNESS \
                    and chem in CHEMISTRY and len(ws) == 4:
                return dim, sleep, bright, chem
        except (ValueError, IndexError):
            pass
        storage.set_aside(POWER_FILE, "settings this program does not know")
        app.notify(_("The power settings could not be used. The usual ones are used."))
        return DEFAULTS
    from firmware.prefs import load_setting
    return load_setting(app, POWER_FILE, parse, DEFAULTS, _("The power settings"),
                        _(" The usual ones are used."))


def save(app, choices):
    app.board.storage.write(POWER_FILE, ("v1 %d %d %d %s" % choices).encode())

