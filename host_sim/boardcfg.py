"""The settings `--set KEY=VALUE` may add to board.cfg (deploy and bundle),
checked before anything is built: each key hal/board.py or firmware/main.py
reads, with the values it takes.  A key the device does not read, or a value
it cannot use, stops the deploy with the list of what it takes (a typo would
otherwise be written and silently ignored on the device)."""
from hal.boards import profile


def _choice(*values):
    def check(v):
        return None if v in values else "one of %s" % ", ".join(values)
    return check


def _whole(lo=None, hi=None):
    def check(v):
        try:
            n = int(v)
        except ValueError:
            n = None
        if n is None or (lo is not None and n < lo) or (hi is not None and n > hi):
            if lo is None:
                return "a whole number"
            return "a whole number from %d to %d" % (lo, hi)
        return None
    return check


def _gpio(v):
    if v == "none" or _whole(0, 29)(v) is None:
        return None
    return "none or a GPIO number from 0 to 29"


def _volts(v):
    try:
        ok = 0 <= float(v) <= 2
    except ValueError:
        ok = False
    return None if ok else "volts, from 0 to 2 (e.g. 0.3)"


def _path(v):
    return None if v.startswith("/") else "a folder on the device, e.g. /data"


# key: (what it does, the kind of board it applies to or None for every one, check)
SETTINGS = {
    "turn": ("the panel upside down", "lcd", _choice("0", "180")),
    "backlight": ("the backlight's level, per cent", None, _whole(0, 100)),
    "buzzer": ("the piezo's GPIO, or none", None, _gpio),
    "sound": ("0 starts with the sound off", None, _choice("0", "1")),
    "oled_driver": ("the OLED's controller", "oled", _choice("ssd1306", "sh1106", "micropython-lib")),
    "storage": ("where the saves go", None, _path),
    "seed": ("fixed match seeds, for tests", None, _whole()),
    "battery_sense": ("none on a Pico W, whose GPIO29 and 24 are its radio's", None,
                      _choice("none")),
    "battery_drop": ("volts the diode between the battery and VSYS takes", None, _volts),
    "watchdog": ("0: no watchdog (development at the REPL)", None, _choice("0", "1")),
    "trace": ("1 prints each computer decision's cost on the serial port", None, _choice("0", "1")),
}


def known():
    """The keys and what each takes, for an error message."""
    return "; ".join("%s (%s)" % (k, SETTINGS[k][0]) for k in sorted(SETTINGS))


def parse(board, settings):
    """[(key, value)] of --set KEY=VALUE lines for `board`; ValueError
    naming the first that board.cfg cannot take (an unknown board too)."""
    kind = profile(board)["kind"]
    out = []
    for s in settings:
        if "=" not in s:
            raise ValueError("--set wants KEY=VALUE, got %r" % s)
        k, v = [x.strip() for x in s.split("=", 1)]
        if k == "board":
            raise ValueError("--set board=...: the board is named by --board (BOARD=)")
        if k not in SETTINGS:
            raise ValueError("--set %s: board.cfg has no setting %r; it takes: %s" % (s, k, known()))
        what, only, check = SETTINGS[k]
        if only is not None and only != kind:
            raise ValueError("--set %s: %s is for %s boards, and %s has an %s"
                             % (s, k, only.upper(), board, kind.upper()))
        wrong = check(v)
        if wrong:
            raise ValueError("--set %s: %s wants %s" % (s, k, wrong))
        out.append((k, v))
    return out
