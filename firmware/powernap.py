# What firmware/power.py does now and then, loaded for it and dropped from
# the heap after: start at boot, dim and brighten, sleep and wake, read the
# battery, note the game at the table for a watchdog reset.
from hal.ticks import ticks_add

from firmware import words

_ = words.section("power")

BATTERY_EVERY_MS = 20000  # the battery read this often while awake (15 times less asleep)
WATCHDOG_MS = 8300  # the longest the RP2040 allows (hal/power.py)
DIM_PCT = 8  # the dimmed screen: this share of the chosen brightness, at least 1%
# What survives a watchdog reset (hal/power.py note): the game at the table,
# its index + 1 in engine.games.GAMES; RESUMED once the reset resumed it and
# no key has been pressed since (a second reset then does not resume again:
# a match that crashes at once must not loop).
RESUMED = 0x100


def boot(p):
    """The player's settings, the match a watchdog reset interrupted, the
    watchdog started."""
    from firmware import powerfile
    app = p.app
    hw = app.board.power
    p.dim_s, p.sleep_s, p.bright, p.chem = powerfile.load(app)
    if app.board.storage.exists(powerfile.POWER_FILE):
        hw.brightness(p.bright)
    p.resumed = recover(app, hw)
    if getattr(app.board, "guard", True):
        hw.watchdog(WATCHDOG_MS)
        # The engine's unbounded loops (a Skat claim's proof) feed it too.
        from engine import compat
        compat.keepalive = app.board.feed


def note(p, name):
    """name: the game now at the table, None: none, -1: the resumed match
    has had a key (a later reset may resume it again)."""
    hw = p.app.board.power
    if name == -1:
        p.resumed = False
        hw.note(hw.noted() & ~RESUMED)
        return
    n = 0
    if name is not None:
        from engine import games
        n = games.names().index(name) + 1
        if p.resumed:
            n |= RESUMED
    hw.note(n)


def dim(p, on):
    p.dimmed = on
    p.app.board.power.brightness(max(1, p.bright * DIM_PCT // 100) if on else p.bright)


def save(p):
    """The match at the table on the flash now (it is saved after each
    move's frame; a move may have just been made)."""
    scene = p.app.scene
    if hasattr(scene, "save_due") and not scene.state.done:
        scene.save_due = False
        scene._save()


def sleep(p):
    """The match saved, the screen off, the Pico asleep until a key; the key
    is not played (App.waking) and the screen comes back as it was."""
    app = p.app
    board = app.board
    hw = board.power
    save(p)
    hw.screen(False)
    while True:
        # On USB power a lightsleep would cut the USB link: the CPU idles.
        if (board.wait if p.usb else hw.sleep)(BATTERY_EVERY_MS * 15):
            break
        battery(p, board.ticks_ms())
    hw.screen(True)
    dim(p, False)
    app.touched = board.ticks_ms()
    app.waking = True
    app.dirty = True


def battery(p, now):
    """The battery read (firmware/battery.py); when it has run low, the
    match saved and the player told."""
    p.battery_at = ticks_add(now, BATTERY_EVERY_MS)
    from firmware import battery
    news = battery.check(p)
    if news:
        save(p)
        if news == "empty":
            p.app.notify(_("The battery is empty: the match is saved and the device will sleep. "
                           "Charge it or change the batteries."))
        else:
            p.app.notify(_("The battery is low (%d%%). The match is saved.") % p.pct)


def recover(app, hw):
    """After a watchdog reset (a hang, or a crash: firmware/main.py): the
    match that was at the table is resumed, once, and the player told.
    True if it was."""
    if hw.reset_cause() != "watchdog":
        hw.note(0)
        return False
    n = hw.noted()
    from engine import games
    names = games.names()
    game = names[(n & 0xFF) - 1] if 0 < (n & 0xFF) <= len(names) else None
    from firmware import saves
    saved = game is not None and saves.peek(app.board.storage, game)[0] is not None
    if saved and not n & RESUMED:
        hw.note(n | RESUMED)
        from firmware.menu import load_level
        app.play(game, None, None, load_level(app), True)
        app._play()  # (now: the notice is shown over the table)
        app.notify(_("The device restarted after a fault. Your match was recovered."))
        return True
    hw.note(0)
    if saved:
        app.notify(_("The device restarted after a fault. Your match is saved: continue it "
                     "from the menu."))
    else:
        app.notify(_("The device restarted after a fault."))
    return False
