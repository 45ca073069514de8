"""Nothing lost (issue 9): the saved match survives power cuts on the real
littlefs; damaged save files and records never crash the device or the
replay tool; random bouncing keys never crash or stick the application."""
import json
import os

import pytest

from tests.mp import run_micropython, mpy_dir, ROOT


def test_power_cut_at_every_block_write_of_a_save():
    d = mpy_dir()
    code = ("import sys\nsys.path.append(%r)\n"
            "import powercut_checks\npowercut_checks.main(12)\n" % os.path.join(ROOT, "tests"))
    p = run_micropython(["-c", code], heap="2m")  # room for the RAM flash image and its copies
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    r = json.loads(p.stdout.strip().splitlines()[-1])
    print("power cut points tried: %d over %d saves; %r" % (r["cuts"], r["saves"], r["seen"]))
    seen = r["seen"]
    assert r["cuts"] > 12 * 3
    assert seen["other"] == 0  # always the last complete save, old or new
    assert seen["old"] + seen["new"] == r["cuts"] == seen["restored"]
    assert seen["old"] >= 12 and seen["new"] >= 12


def test_random_bouncing_keys_through_every_scene():
    from tests.robustness import bounce_run
    visited = set()
    # Seeds whose walks leave the table for the help screens (with the eager
    # debouncer of hal/buttons.py, seeds 1-4 stay in menus and matches).
    for seed, kind in ((5, "oled"), (6, "lcd")):
        visited |= bounce_run(seed, minutes=3, kind=kind)
    # the random keys really went everywhere
    print("scenes visited by random keys:", sorted(visited))
    assert {"StartMenu", "GameMenu", "Table"} <= visited, visited
    # and a help screen (Rules, Keys and About are one scene class, Pages;
    # About itself is bounced from below)
    assert visited & {"Rules", "Keys", "About"}, visited


@pytest.mark.parametrize("start", ["About", "GameMenu", "Table", "DealSummary", "MatchEnd",
                                   "Notice"])
def test_random_bouncing_keys_from_every_scene(start):
    from tests.robustness import bounce_run
    visited = bounce_run(5, minutes=0.5, kind="lcd" if start in ("Table", "MatchEnd") else "oled",
                         start=start)
    assert start in visited


def test_damaged_saves_never_crash_the_device():
    from tests.robustness import save_damage_run
    out = save_damage_run(3, 200)
    print(out)
    # every outcome was met (and checked inside the run: refused files set
    # aside, continued matches exactly the saved ones)
    assert out["continued"] > 0 and out["refused"] > 0 and out["set_aside_at_boot"] > 0
    assert out["checksum_damaged"] > 15


def soak(deals, heap):
    code = ("import sys\nsys.path.append(%r)\nimport soak_checks\nsoak_checks.main(%d)\n"
            % (os.path.join(ROOT, "tests"), deals))
    p = run_micropython(["-c", code], heap=heap, timeout=3000)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    return [json.loads(l) for l in p.stdout.strip().splitlines()]


def test_soak_every_game_under_a_fixed_heap():
    rows = soak(11 * 8, "128k")
    from engine import games
    assert {r["game"] for r in rows} == set(games.names())
    for r in rows:
        print("%(game)s %(options)s: %(deals)d deals, live heap after a deal "
              "%(min)d..%(max)d bytes (first %(first)d)" % r)
        assert r["max"] - r["min"] < 8 * 1024, r  # flat: no growth deal after deal
        # one rule set at a time: the games before it were unloaded
        assert r["max"] < 100 * 1024, r


def test_random_keys_visiting_every_game_keep_the_live_heap_flat():
    """Issue 17, D6: the whole application under micropython at a fixed heap
    (256 KB on this 64-bit port, 272 KB with the LCD's frame; tests/soak.py
    HEAPS), random keys visiting every game for 40 simulated minutes on each
    screen (the hour is in `make soak`): no
    MemoryError, and once every game has been played (each first load
    interns its names for good) the live heap after a collection stays flat.
    It ran out at the fifth game before: the start menu imported the saved
    game's rules, which stayed beside the next game's table, and the
    headless buzzer kept every click."""
    from tests.soak import heap_run
    for seed, kind in ((1, "oled"), (3, "lcd")):
        h = heap_run(40, seed=seed, kind=kind)
        print("%s: %d simulated minutes, %d visits, %d keys; every game played by minute %d, "
              "then at the start menu %d..%d bytes, peak %d, trend %+.0f bytes a minute" % (
                  kind, h["minutes"], h["visits"], h["keys"], h["warm_up_minutes"],
                  h["menu_first"], h["menu_last"], h["peak"], h["slope"]))
        assert min(h["games"].values()) >= 1 and h["visits"] >= 10


def _soak_rows(table_leak=0, menu_leak=0, noise=0, minutes=60, menu_spike=None):
    """What tests/heap_soak.py prints for `minutes` simulated minutes of one visit a
    minute, the games in turn, every module loaded by minute 2: each
    game's table floor grows by table_leak bytes a visit of that game (a
    saved match that keeps growing), the start menu by menu_leak a visit,
    and every floor swings by up to `noise` bytes from moment to moment."""
    import random
    from engine import games
    rnd = random.Random(5)
    names = games.names()
    rows = [{"minute": 0, "module": "firmware.app"}, {"minute": 2, "module": "engine.skat.rules"}]
    visits = dict((g, 0) for g in names)
    for n in range(minutes):
        g = names[n % len(names)]
        visits[g] += 1
        table = 160000 + 4000 * (n % len(names)) + table_leak * visits[g] + rnd.randint(0, noise)
        rows.append({"minute": n, "heap": table + 5000, "scene": "Table", "game": g})
        spike = 2700 if n == menu_spike else 0
        rows.append({"menu": 130000 + menu_leak * n + spike, "visit": n + 1, "after": g, "minute": n,
                     "floors": {"Table": table}})
    rows.append({"done": True, "minutes": minutes, "visits": minutes, "keys": 100 * minutes,
                 "games": visits})
    return rows


def test_the_soak_check_tells_a_growing_heap_from_a_swinging_one():
    """tests/soak.py's check() on figures made up to show each failure: a
    table floor swinging by 5 KB passes; a table that keeps 3 KB more each
    visit of its game (1.5 KB: the trend), or a start menu 200 bytes more
    each visit, fails; one visit of the start menu retaining 2.7 KB more
    than the rest (seen once on a fresh clone's CI) passes."""
    from tests.soak import check
    out = check(_soak_rows(noise=5000))
    assert check(_soak_rows(menu_spike=40))["menu_band"] == 2700
    assert out["warm_up_minutes"] == 6 and out["rise"] < 6144
    with pytest.raises(AssertionError, match="lightest live heap rose"):
        check(_soak_rows(table_leak=3000))
    with pytest.raises(AssertionError, match="start menu grew"):
        check(_soak_rows(menu_leak=200))
    with pytest.raises(AssertionError, match="grows by"):
        check(_soak_rows(table_leak=1500))
    with pytest.raises(AssertionError, match="too short"):
        check(_soak_rows(minutes=20))
