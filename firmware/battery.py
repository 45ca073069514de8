# The battery's charge from its voltage, filtered, and when it has run low:
# loaded for each reading (every 20 s while awake: firmware/powernap.py),
# then dropped from the heap.
# Per cent of charge: low, a warning and a save; empty, a save and sleep.
LOW_PCT = 10
EMPTY_PCT = 2

# VSYS volts -> per cent of charge, from the chemistry's discharge curve at
# a light load (three NiMH cells: 1.40 V a cell full, 1.0 V empty; a LiPo
# cell: 4.2 V full, 3.3 V empty), the Pico's VSYS diode not counted.
CURVES = {
    "nimh": ((3.00, 0), (3.30, 5), (3.45, 10), (3.54, 20), (3.60, 35), (3.66, 50),
             (3.75, 70), (3.90, 90), (4.20, 100)),
    "lipo": ((3.30, 0), (3.50, 5), (3.60, 12), (3.65, 20), (3.70, 30), (3.75, 40),
             (3.80, 50), (3.90, 65), (4.00, 80), (4.10, 90), (4.20, 100)),
}


def percent(chem, v):
    curve = CURVES[chem]
    if v <= curve[0][0]:
        return 0
    for i in range(1, len(curve)):
        v1, p1 = curve[i]
        if v <= v1:
            v0, p0 = curve[i - 1]
            return int(p0 + (p1 - p0) * (v - v0) / (v1 - v0) + 0.5)
    return 100


def check(power):
    """Read, filter and show the battery (app.battery: (per cent, on USB);
    None without a battery sense).  Returns "low" or "empty" when the
    charge has just fallen that far (once, until it has risen again),
    else None; power.empty while it is empty."""
    app = power.app
    hw = app.board.power
    v = hw.volts()
    power.usb = usb = hw.on_usb()
    if v is None:
        was, app.battery = app.battery, (None, True) if usb else None
        app.dirty = app.dirty or was != app.battery
        return None
    # A reading wanders by tens of mV with the load: the mean of the last
    # few, and a shown percentage moves only by 3 or more (or to an end),
    # so that it never flickers between two values.
    power.volts = v if power.volts is None else power.volts + (v - power.volts) / 4
    pct = percent(power.chem, power.volts)
    if power.pct is None or abs(pct - power.pct) >= 3 or pct in (0, 100) and pct != power.pct:
        power.pct = pct
    shown = (power.pct, usb)
    if shown != app.battery:
        app.battery = shown
        app.dirty = True
    if usb:
        power.low_told = power.empty = False
    elif power.pct <= EMPTY_PCT and not power.empty:
        power.empty = True
        return "empty"
    elif power.pct <= LOW_PCT and not power.low_told:
        power.low_told = True
        return "low"
    elif power.pct > LOW_PCT + 5:
        power.low_told = power.empty = False
    return None
