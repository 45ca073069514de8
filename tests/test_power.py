"""Sleep, battery and watchdog (firmware/power.py) on the headless board's
fake clock, ADC and sleep (hal/fakepower.py): App.run as the device runs
it, with keys timed while it waits or sleeps."""
import pytest

from tests.apphelp import new_app, press, scene, to_table
from hal import keys
from firmware import power, powerfile, powernap, battery
from hal.headless import settle


def run_until(app, board, t):
    app.run(until=lambda: board.now >= t)


def booted(kind="oled", seed=3, volts=None, usb=False):
    app, board = new_app(kind, seed)
    p = board.power
    p.volts_now, p.usb = volts, usb
    run_until(app, board, 300)  # (the battery is first read once the start menu is still)
    return app, board, p


def test_the_screen_dims_after_the_quiet_spell_and_a_key_brightens_it_and_is_played():
    app, board, p = booted()
    run_until(app, board, 44000)
    assert not app.power.dimmed and p.level == 100
    run_until(app, board, 46000)
    assert app.power.dimmed and p.level == 100 * powernap.DIM_PCT // 100
    p.later(1000, keys.DOWN)
    run_until(app, board, board.now + 1500)
    assert not app.power.dimmed and p.level == 100
    assert app.scene.sel == 1  # a dimmed screen's key plays


def test_sleep_after_three_minutes_the_wake_key_is_not_played_and_the_screen_is_as_it_was():
    app, board, p = booted()
    press(app, board, keys.DOWN, keys.DOWN)
    before = bytes(board.display.buffer)
    t0 = board.now
    p.later(600000, keys.DOWN)
    run_until(app, board, t0 + 601000)
    assert ("screen", False) in p.log and p.lit
    asleep = p.log.index(("screen", False))
    # screen off at 3 minutes after the last key, not before
    assert p.slept_ms >= 600000 - 180000 - 1000
    assert ("sleep", powernap.BATTERY_EVERY_MS * 15) in p.log[asleep:]
    assert app.scene.sel == 2  # the wake key did not move the cursor
    assert bytes(board.display.buffer) == before
    assert p.level == 100  # full brightness again


def test_sleep_never_and_dim_never_are_kept_and_read_back():
    app, board, p = booted()
    powerfile.save(app, (0, 0, 75, "lipo"))
    app2, board2 = new_app()
    board2.storage = board.storage
    board2.power.volts_now = None
    run_until(app2, board2, 1)
    assert (app2.power.dim_s, app2.power.sleep_s, app2.power.bright, app2.power.chem) == (0, 0, 75, "lipo")
    assert board2.power.level == 75
    run_until(app2, board2, 3600 * 1000)
    assert not board2.power.slept_ms and not app2.power.dimmed


@pytest.mark.parametrize("data", [b"v1 45 180", b"v1 45 181 100 nimh", b"v1 a b c d", b"v2 45 180 100 nimh",
                                  b"v1 45 180 100 alkaline", b"\xff\xfe"])
def test_a_power_file_that_cannot_be_used_is_set_aside_and_the_player_told(data):
    app, board = new_app()
    board.storage.write(powerfile.POWER_FILE, data)
    run_until(app, board, 1)
    assert (app.power.dim_s, app.power.sleep_s, app.power.bright, app.power.chem) == powerfile.DEFAULTS
    assert not board.storage.exists(powerfile.POWER_FILE) and board.storage.exists(powerfile.POWER_FILE + ".bad")
    assert scene(app) == "Notice"


def watch(board, app):
    """[(what, when)]: the table's saves and the screen's switching."""
    seen = []
    p, t = board.power, app.scene
    screen, save = p.screen, t._save
    p.screen = lambda on: seen.append(("screen", on, board.now)) or screen(on)
    t._save = lambda: seen.append(("save", None, board.now)) or save()
    return seen


def test_the_match_is_saved_before_the_device_sleeps_and_goes_on_after():
    app, board, p = booted()
    press(app, board, keys.OK, keys.OK)
    seen = watch(board, app)
    app.scene.save_due = True  # (a move whose save would come after its frame)
    p.later(200000, keys.LEFT)
    run_until(app, board, board.now + 200500)
    assert [w for w, on, t in seen] == ["save", "screen", "screen"]
    assert seen[0][2] == seen[1][2] and seen[1][1] is False
    assert scene(app) == "Table"


def test_no_sleep_while_the_computer_thinks():
    app, board = to_table()
    p = board.power
    run_until(app, board, board.now + 1)  # (makes the power part)
    app.busy = lambda: True
    run_until(app, board, board.now + 400000)
    assert ("screen", False) not in p.log
    del app.busy


def test_battery_percent_follows_the_curve_and_its_ends():
    assert battery.percent("lipo", 4.25) == 100 and battery.percent("lipo", 3.2) == 0
    assert battery.percent("lipo", 3.8) == 50 and battery.percent("nimh", 3.66) == 50
    # between two points, on the line
    assert battery.percent("lipo", 3.85) == 58
    for chem in powerfile.CHEMISTRY:
        ps = [battery.percent(chem, 3.0 + i / 100) for i in range(130)]
        assert ps == sorted(ps)


def test_a_wandering_reading_does_not_flicker_the_shown_charge():
    app, board, p = booted(volts=3.80)
    p.volts_now = 3.80
    app.power.chem = "lipo"
    app.power.volts = app.power.pct = None
    shown = []
    for i in range(60):
        p.volts_now = 3.80 + (0.012 if i % 2 else -0.012)  # the load's ripple
        app.power.nap("battery", board.now)
        shown.append(app.battery[0])
    assert len(set(shown[5:])) == 1
    assert 45 <= shown[-1] <= 55


def test_the_battery_sign_shows_and_on_usb_says_so():
    app, board, p = booted(volts=3.9)
    assert app.battery[1] is False and 0 < app.battery[0] < 100
    lit = sum(bin(b).count("1") for b in board.display.buffer)
    p.usb = True
    app.power.nap("battery", board.now)
    assert app.battery[1] is True
    app.step()
    assert sum(bin(b).count("1") for b in board.display.buffer) != lit
    p.volts_now = None
    p.usb = False
    app.power.nap("battery", board.now)
    assert app.battery is None


def test_a_low_battery_is_told_once_and_the_match_saved():
    app, board, p = booted(volts=3.9)
    press(app, board, keys.OK, keys.OK)
    seen = watch(board, app)
    p.volts_now = 3.40
    app.power.volts = None
    app.power.nap("battery", board.now)
    assert app.battery[0] <= battery.LOW_PCT
    assert [w for w, on, t in seen] == ["save"]
    app.step()
    assert scene(app) == "Notice" and "low" in " ".join(app.scene.lines)
    press(app, board, keys.OK)
    for _ in range(5):
        app.power.nap("battery", board.now)
    app.step()
    assert scene(app) == "Table"  # told once
    assert [w for w, on, t in seen] == ["save"]


def test_an_empty_battery_saves_and_sleeps_soon_even_with_sleep_never():
    app, board = to_table()
    p = board.power
    p.volts_now = 3.9
    run_until(app, board, board.now + 1)
    app.power.sleep_s = 0
    p.volts_now = 2.95
    app.power.volts = None
    app.power.nap("battery", board.now)
    assert app.power.empty
    p.later(60000, keys.OK)
    run_until(app, board, board.now + 61000)
    assert ("screen", False) in p.log
    assert p.slept_ms >= 60000 - power.EMPTY_SLEEP_MS - 1000


def test_on_usb_the_device_idles_instead_of_lightsleep_and_never_empties():
    app, board, p = booted(volts=4.8, usb=True)
    p.later(400000, keys.OK)
    run_until(app, board, 401000)
    assert ("screen", False) in p.log  # the screen still sleeps
    assert not any(e[0] == "sleep" for e in p.log)  # but not the CPU (the USB link stays)


def test_the_loop_waits_instead_of_spinning():
    app, board, p = booted()
    steps = []
    real = app.step
    app.step = lambda: steps.append(1) or real()
    run_until(app, board, 40000)
    # 40 s at the start menu: a handful of passes, not one every 5 ms
    assert len(steps) < 20, len(steps)


def test_the_watchdog_is_fed_through_a_whole_deal_at_the_hard_level():
    app, board = to_table()
    p = board.power
    run_until(app, board, board.now + 1)
    assert p.wdt_ms == powernap.WATCHDOG_MS
    from host_sim.autopilot import play_keys
    play_keys(app, board, lambda a: scene(a) == "DealSummary")
    # (the headless clock does not move during a search: its longest
    # decision on the emulated Pico is in docs/power.md)
    assert p.starved < powernap.WATCHDOG_MS


def test_a_watchdog_reset_resumes_the_saved_match_and_says_so_once():
    app, board, p = booted()
    press(app, board, keys.OK, keys.OK)
    assert scene(app) == "Table"
    name = app.scene.game.NAME
    p = board.power
    assert p.noted() & 0xFF  # the game at the table, for a reset
    board2_app, board2 = new_app()
    board2.storage = board.storage
    board2.power.cause = "watchdog"
    board2.power.scratch = p.noted()
    run_until(board2_app, board2, 1)
    assert scene(board2_app) == "Notice"
    assert "restarted" in " ".join(board2_app.scene.lines)
    press(board2_app, board2, keys.OK)
    assert scene(board2_app) == "Table" and board2_app.scene.game.NAME == name
    # a second reset before any key: not resumed again (no loop of crashes)
    app3, board3 = new_app()
    board3.storage = board.storage
    board3.power.cause = "watchdog"
    board3.power.scratch = board2.power.noted()
    run_until(app3, board3, 1)
    assert scene(app3) == "Notice"
    press(app3, board3, keys.OK)
    assert scene(app3) == "StartMenu"


def test_an_ordinary_boot_is_not_told_of_a_fault():
    app, board = new_app()
    board.power.scratch = 1
    run_until(app, board, 1)
    assert scene(app) == "StartMenu" and board.power.noted() == 0


def test_the_power_screen_changes_and_keeps_the_choices():
    app, board, p = booted()
    while app.scene.entries[app.scene.sel][1] != "power":
        press(app, board, keys.DOWN)
    press(app, board, keys.OK)
    assert scene(app) == "PowerMenu"
    press(app, board, keys.RIGHT)  # dim after: 60 s
    press(app, board, keys.DOWN, keys.DOWN, keys.LEFT)  # brightness 75%
    assert p.level == 75
    assert board.storage.read(powerfile.POWER_FILE) == b"v1 60 180 75 nimh"
    press(app, board, keys.BACK)
    assert scene(app) == "StartMenu"


def test_no_dimming_or_sleep_while_the_link_mirrors_the_screen():
    from firmware import link
    from tests.test_link import FakePort
    from hal.headless import HeadlessBoard
    board = HeadlessBoard("oled")
    # ten idle minutes of the link (a poll each 20 ms), then bye
    port = FakePort([None] * (600000 // link.POLL_MS) + [("bye", b"")])
    link.screen(port, board)
    assert board.now >= 599000
    assert board.power.log == [] and board.power.wdt_ms is None


MP_PROGRAM = """
import gc
from hal.headless import HeadlessBoard
from hal import keys
from firmware.app import App
b = HeadlessBoard("oled")
app = App(b, 3)
p = b.power
p.volts_now = 3.8
def until(t):
    app.run(lambda: b.now >= t)
until(46000)
print("dimmed", app.power.dimmed, p.level, app.battery)
p.later(1000, keys.DOWN)
until(b.now + 1500)
print("key", app.scene.sel, p.level)
p.later(400000, keys.DOWN)
until(b.now + 401000)
print("woke", app.scene.sel, p.lit, p.slept_ms > 200000, p.log[-4:])
b.push(keys.UP)
b.push(keys.OK)
until(b.now + 300)
b.push(keys.OK)
until(b.now + 300)
print("table", type(app.scene).__name__, p.noted())
gc.collect()
print("free", getattr(gc, "mem_free", lambda: 0)())
n = p.noted()
app.home(0)
app.step()  # (the table's modules out of the heap, as at a reset)
app = None
gc.collect()
b2 = HeadlessBoard("oled")
b2.storage = b.storage
b2.power.cause = "watchdog"
b2.power.scratch = n
app2 = App(b2, 3)
app2.run(lambda: b2.now >= 1)
print("reset", type(app2.scene).__name__, type(app2.scene.then).__name__, b2.power.noted())
"""


def test_sleep_wake_and_a_watchdog_reset_on_micropython():
    from tests.mp import run_micropython, run_cpython
    mp = run_micropython(["-c", MP_PROGRAM], heap="192k")
    assert mp.returncode == 0, mp.stdout[-1500:] + mp.stderr
    cp = run_cpython(["-c", MP_PROGRAM])
    assert cp.returncode == 0, cp.stderr
    strip = lambda out: [l for l in out.splitlines() if not l.startswith("free")]
    assert strip(mp.stdout) == strip(cp.stdout)
    got = dict(l.split(" ", 1) for l in mp.stdout.splitlines())
    assert got["dimmed"].startswith("True 8 (77, False)")
    assert got["key"] == "1 100"
    assert got["woke"].startswith("1 True True")
    assert got["table"].startswith("Table ")
    assert got["reset"] == "Notice Table %d" % (int(got["table"].split()[1]) | 0x100)


def test_ctrl_c_from_the_usb_port_stops_the_watchdog_before_the_repl():
    app, board, p = booted()
    assert p.wdt_ms == powernap.WATCHDOG_MS

    def interrupted():
        raise KeyboardInterrupt
    app.step = interrupted
    with pytest.raises(KeyboardInterrupt):
        app.run()
    assert p.wdt_ms is None


def test_a_long_claim_proof_feeds_the_watchdog(monkeypatch):
    # ISkO 4.3.4: the engine's exact check of a claim may run for ~2 s on
    # the Pico (engine/skat/claim.py _STEP_MAX): its loop calls
    # engine.compat.keepalive, which the power part sets to the board's feed.
    from engine import compat
    from engine.skat import shorten
    from engine.skat.claim import takes_rest
    from tests.test_skat_shorten import _late_position
    app, board, p = booted()
    assert compat.keepalive == board.feed
    fed = []
    monkeypatch.setattr(compat, "keepalive", lambda: fed.append(1))
    for seed in range(1, 200):
        st = _late_position(seed, 10)  # a claim at the first trick: the longest proofs
        if st is not None:
            takes_rest(st, shorten.masters)
    assert fed  # (one call each 1024 steps of a proof)


def test_the_boards_wait_and_lightsleep_feed_the_watchdog_and_end_at_a_button():
    # hal/board.py Board.wait and hal/power.py's lightsleep on a fake machine:
    # the watchdog is fed after each idle() or each piece of a lightsleep (a
    # wait for the next battery reading lasts 20 s, over its 8.3 s), and a
    # button's interrupt (board.woke) ends either.
    from hal.board import Board
    from hal.power import Power, SLEEP_PIECE_MS
    clock, fed, pieces = [0], [], []

    class Machine:
        def idle(self):
            clock[0] += 1

        def lightsleep(self, ms):
            pieces.append(ms)
            clock[0] += ms

    class Watchdog:
        def feed(self):
            fed.append(clock[0])

    board = Board("x", "oled", None, None, None, None, lambda: clock[0], machine=Machine())
    board.wdt = Watchdog()
    assert board.wait(20000) is False and clock[0] == 20000
    gaps = [b - a for a, b in zip([0] + fed, fed)]
    assert max(gaps) <= 1
    fed[:] = []
    assert Power(board).sleep(20000) is False and clock[0] == 40000
    assert max(pieces) <= SLEEP_PIECE_MS and len(fed) == len(pieces)

    def pressed():
        clock[0] += 1
        if clock[0] >= 40005:
            board.woke[0] = True  # (what a button's interrupt does)
    board.machine.idle = pressed
    assert board.wait(20000) is True and clock[0] == 40005 and board.woke[0] is False
