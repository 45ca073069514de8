"""hal.buttons: debouncing (with bounce patterns), auto-repeat, long press,
several keys at once, chords and long-press aliases, a wrapping clock; and
the same events under the real MicroPython."""
import pytest

from hal import keys
from hal.buttons import Buttons, ticks_add, ticks_diff
from hal.keys import PRESS, REPEAT, LONG, RELEASE, LEFT, RIGHT, UP, OK, BACK, MENU
from tests.mp import run_micropython, run_cpython


class Line:
    """A button whose raw level follows a timeline of (time_ms, down) changes."""

    def __init__(self, clock, changes):
        self.clock = clock
        self.changes = sorted(changes)

    def __call__(self):
        level = False
        for t, down in self.changes:
            if t <= self.clock[0]:
                level = down
        return level


def run(lines, until, step=1, start=0, **kw):
    """Poll every `step` ms from `start` to `until`; returns [(t, key name, event)].
    The classic debouncer unless eager=True is given: most timings below are
    its own (the eager one's are in the test_eager_* tests)."""
    kw.setdefault("eager", False)
    clock = [start]
    b = Buttons([(k, Line(clock, ch)) for k, ch in lines], **kw)
    out = []
    t = start
    while t <= until:
        clock[0] = t
        for key, ev in b.poll(t & 0x3FFFFFFF):
            out.append((t, keys.NAMES[key], ("", "PRESS", "REPEAT", "LONG", "RELEASE")[ev]))
        t += step
    return out


def names(events):
    return [(k, e) for _, k, e in events]


def test_clean_press_and_release_after_debounce():
    ev = run([(OK, [(10, True), (200, False)])], 400, debounce_ms=20)
    assert ev == [(30, "OK", "PRESS"), (220, "OK", "RELEASE")]


def test_bounce_on_press_and_release_gives_one_event_each():
    # contacts chatter for 8 ms when closing and 6 ms when opening
    press = [(10, True), (11, False), (13, True), (14, False), (15, True), (17, False), (18, True)]
    release = [(200, False), (201, True), (203, False), (205, True), (206, False)]
    ev = run([(OK, press + release)], 400, debounce_ms=20)
    assert ev == [(38, "OK", "PRESS"), (226, "OK", "RELEASE")]


def test_glitch_shorter_than_debounce_is_ignored():
    spikes = [(10, True), (25, False), (100, True), (101, False), (300, True), (319, False)]
    assert run([(OK, spikes)], 500, debounce_ms=20) == []


def test_slow_polling_accepts_on_the_second_steady_reading():
    # polls at 0, 25, 50, ...: first seen down at 25, accepted at 50; up at 500, 525
    ev = run([(OK, [(5, True), (500, False)])], 800, step=25, debounce_ms=20,
             long_ms=5000, repeat_delay_ms=5000)
    assert ev == [(50, "OK", "PRESS"), (525, "OK", "RELEASE")]


def test_repeat_and_long_press_timing():
    ev = run([(LEFT, [(0, True), (1100, False)])], 1300, step=10, debounce_ms=20,
             long_ms=700, repeat_delay_ms=400, repeat_ms=120)
    # pressed at 20; repeats from 420 every 120 ms; LONG once at 720
    assert ev[0] == (20, "LEFT", "PRESS")
    assert [t for t, _, e in ev if e == "REPEAT"] == [420, 540, 660, 780, 900, 1020]
    assert [t for t, _, e in ev if e == "LONG"] == [720]
    assert ev[-1] == (1120, "LEFT", "RELEASE")


# --- eager debouncing (the default): accept on the first reading, then ignore bounces ---

def test_eager_accepts_on_the_first_reading():
    ev = run([(OK, [(10, True), (200, False)])], 400, debounce_ms=20, eager=True)
    assert ev == [(10, "OK", "PRESS"), (200, "OK", "RELEASE")]


def test_eager_bounce_storm_gives_one_event_each():
    # 15 ms of chatter at both edges, a change every 0.3-1 ms, polled every ms
    press = [(10 + k, k % 2 == 0) for k in range(15)] + [(25, True)]
    release = [(200 + k, k % 2 == 1) for k in range(15)] + [(215, False)]
    ev = run([(OK, press + release)], 400, debounce_ms=20, eager=True)
    assert ev == [(10, "OK", "PRESS"), (200, "OK", "RELEASE")]


def test_eager_is_the_default():
    clock = [0]
    b = Buttons([(OK, Line(clock, [(0, True)]))], debounce_ms=20)
    assert b.poll(0) == [(OK, PRESS)]


def test_eager_tap_shorter_than_debounce_is_kept():
    # down for 5 ms: the press at once, the release when the lockout ends
    ev = run([(OK, [(10, True), (15, False)])], 100, debounce_ms=20, eager=True)
    assert ev == [(10, "OK", "PRESS"), (30, "OK", "RELEASE")]


def test_eager_slow_polling_accepts_on_the_first_reading():
    ev = run([(OK, [(5, True), (500, False)])], 800, step=25, debounce_ms=20,
             long_ms=5000, repeat_delay_ms=5000, eager=True)
    assert ev == [(25, "OK", "PRESS"), (500, "OK", "RELEASE")]


def test_eager_repeat_and_long_count_from_the_press():
    ev = run([(LEFT, [(0, True), (1100, False)])], 1300, step=10, debounce_ms=20,
             long_ms=700, repeat_delay_ms=400, repeat_ms=120, eager=True)
    assert ev[0] == (0, "LEFT", "PRESS")
    assert [t for t, _, e in ev if e == "REPEAT"] == [400, 520, 640, 760, 880, 1000]
    assert [t for t, _, e in ev if e == "LONG"] == [700]
    assert ev[-1] == (1100, "LEFT", "RELEASE")


def test_eager_chord_with_bouncing_contacts():
    a = [(0, True), (1, False), (2, True), (300, False), (301, True), (302, False)]
    x = [(30, True), (31, False), (33, True), (400, False)]
    ev = run([(BACK, a), (OK, x)], 600, debounce_ms=10, chords=((BACK, OK, UP),),
             chord_ms=60, long_ms=5000, repeat_delay_ms=5000, eager=True)
    assert ev == [(30, "UP", "PRESS"), (300, "UP", "RELEASE")]


def test_late_poll_gives_one_repeat_not_a_burst():
    clock = [0]
    b = Buttons([(RIGHT, Line(clock, [(0, True)]))], debounce_ms=0,
                repeat_delay_ms=400, repeat_ms=100, long_ms=10000)
    assert b.poll(0) == [(RIGHT, PRESS)]
    assert b.poll(2000) == [(RIGHT, REPEAT)]  # 16 repeats were due: only one comes
    assert b.poll(2050) == []
    assert b.poll(2100) == [(RIGHT, REPEAT)]


def test_two_keys_at_once_are_reported_independently():
    ev = run([(LEFT, [(0, True), (300, False)]), (OK, [(5, True), (200, False)])], 400,
             debounce_ms=20, long_ms=5000, repeat_delay_ms=5000)
    assert ev == [(20, "LEFT", "PRESS"), (25, "OK", "PRESS"),
                  (220, "OK", "RELEASE"), (320, "LEFT", "RELEASE")]


def test_simultaneous_press_in_one_poll_keeps_button_order():
    clock = [0]
    b = Buttons([(UP, Line(clock, [(0, True)])), (OK, Line(clock, [(0, True)]))], debounce_ms=0)
    assert b.poll(0) == [(UP, PRESS), (OK, PRESS)]
    assert sorted(b.held()) == [UP, OK]


def test_chord_gives_its_own_key_and_no_stray_presses():
    a, x = BACK, OK
    ev = run([(a, [(0, True), (300, False)]), (x, [(30, True), (400, False)])], 600,
             debounce_ms=10, chords=((a, x, UP),), chord_ms=60, long_ms=5000, repeat_delay_ms=5000)
    assert ev == [(40, "UP", "PRESS"), (310, "UP", "RELEASE")]


def test_chord_held_repeats_and_long_press():
    ev = run([(BACK, [(0, True), (1000, False)]), (OK, [(0, True), (1000, False)])], 1200,
             step=10, debounce_ms=10, chords=((BACK, OK, MENU),), long_ms=700,
             repeat_delay_ms=400, repeat_ms=200)
    assert names(ev) == [("MENU", "PRESS"), ("MENU", "REPEAT"), ("MENU", "REPEAT"),
                         ("MENU", "LONG"), ("MENU", "REPEAT"), ("MENU", "REPEAT"),
                         ("MENU", "RELEASE")]


def test_after_a_chord_the_held_partner_stays_silent_until_released():
    ev = run([(BACK, [(0, True), (100, False), (300, True), (400, False)]),
              (OK, [(0, True), (250, False)])], 600,
             debounce_ms=10, chords=((BACK, OK, UP),), chord_ms=50, long_ms=5000,
             repeat_delay_ms=5000)
    # OK stays down after the chord ends at 110: nothing from it; BACK again at 300 acts alone
    assert ev == [(10, "UP", "PRESS"), (110, "UP", "RELEASE"),
                  (360, "BACK", "PRESS"), (410, "BACK", "RELEASE")]


def test_chord_member_alone_acts_after_the_window_or_on_a_quick_tap():
    ev = run([(BACK, [(0, True), (500, False), (700, True), (730, False)]), (OK, [])], 900,
             debounce_ms=10, chords=((BACK, OK, UP),), chord_ms=60, long_ms=5000,
             repeat_delay_ms=5000)
    assert ev == [(70, "BACK", "PRESS"), (510, "BACK", "RELEASE"),
                  (740, "BACK", "PRESS"), (740, "BACK", "RELEASE")]


def test_long_press_alias():
    ev = run([(BACK, [(0, True), (100, False), (300, True), (1500, False)])], 1700,
             step=10, debounce_ms=10, longs=((BACK, MENU),), long_ms=700)
    # a short press is BACK (on release); a long one is MENU, and never repeats
    assert ev == [(110, "BACK", "PRESS"), (110, "BACK", "RELEASE"),
                  (1010, "MENU", "PRESS"), (1510, "MENU", "RELEASE")]


def test_the_clock_may_wrap_at_2_30():
    start = (1 << 30) - 300
    ev = run([(LEFT, [(start + 10, True), (start + 900, False)])], start + 1000, step=10,
             start=start, debounce_ms=20, long_ms=700, repeat_delay_ms=400, repeat_ms=200)
    # the same timing as anywhere else: press at +30, repeats at +430, +630, +830,
    # LONG at +730, release at +920, across the wrap at +300
    assert [(t - start, k, e) for t, k, e in ev] == [
        (30, "LEFT", "PRESS"), (430, "LEFT", "REPEAT"), (630, "LEFT", "REPEAT"),
        (730, "LEFT", "LONG"), (830, "LEFT", "REPEAT"), (920, "LEFT", "RELEASE")]


def test_ticks_helpers_stay_small():
    top = (1 << 30) - 1
    assert ticks_add(top, 1) == 0
    assert ticks_add(top - 5, 10) == 4
    assert ticks_diff(3, top - 2) == 6
    assert ticks_diff(top - 2, 3) == -6


def test_bad_profiles_are_refused():
    with pytest.raises(ValueError):
        Buttons([(OK, lambda: False), (OK, lambda: False)])
    with pytest.raises(ValueError):
        Buttons([(OK, lambda: False)], chords=((OK, BACK, MENU),))


SCRIPT = r"""
from hal.buttons import Buttons
from hal.keys import *
levels = {}
def reader(k):
    return lambda: levels.get(k, False)
b = Buttons([(LEFT, reader(LEFT)), (BACK, reader(BACK)), (OK, reader(OK))], debounce_ms=15,
            chords=((BACK, OK, UP),), longs=((LEFT, MENU),), long_ms=500)
plan = [(0, BACK, 1), (3, BACK, 0), (5, BACK, 1), (30, OK, 1), (400, OK, 0), (420, BACK, 0),
        (600, LEFT, 1), (700, LEFT, 0), (900, LEFT, 1), (1600, LEFT, 0), (1700, OK, 1),
        (2600, OK, 0)]
t = 0
while t < 3000:
    for when, k, v in plan:
        if when == t:
            levels[k] = bool(v)
    ev = b.poll(t)
    if ev:
        print(t, ev)
    t += 5
"""


def test_same_events_under_micropython():
    cp = run_cpython(["-c", SCRIPT])
    mp = run_micropython(["-c", SCRIPT])
    assert cp.returncode == 0, cp.stderr
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout == cp.stdout
    assert "(3, 1)" in cp.stdout and "(7, 1)" in cp.stdout  # the chord (UP) and the alias (MENU)


# -- shifts: a button pressed while another is held (the Display Pack) --

SHIFTS = dict(shifts=((BACK, OK, UP), (BACK, RIGHT, keys.DOWN)), longs=((BACK, MENU),),
              eager=True, debounce_ms=20)


def test_a_shifted_button_acts_at_once_and_its_shift_gives_nothing():
    # A (BACK) held from 0 to 500; X (OK) pressed at 100: UP at once, the
    # shift's own BACK never comes, nor its long alias at 700 ms.
    ev = run([(BACK, [(0, True), (900, False)]), (OK, [(100, True), (200, False)]),
              (RIGHT, [(300, True), (350, False)])], 1200, **SHIFTS)
    assert ev == [(100, "UP", "PRESS"), (200, "UP", "RELEASE"),
                  (300, "DOWN", "PRESS"), (350, "DOWN", "RELEASE")]


def test_a_shift_buttons_keys_alone_wait_for_nothing():
    # X and Y alone act on the poll that sees them down (a chord's would
    # wait 60 ms); A alone acts on its release, or as MENU when held.
    ev = run([(OK, [(10, True), (50, False)]), (RIGHT, [(100, True), (120, False)]),
              (BACK, [(200, True), (260, False), (400, True), (1200, False)])], 1500, **SHIFTS)
    assert ev == [(10, "OK", "PRESS"), (50, "OK", "RELEASE"),
                  (100, "RIGHT", "PRESS"), (120, "RIGHT", "RELEASE"),
                  (260, "BACK", "PRESS"), (260, "BACK", "RELEASE"),
                  (1100, "MENU", "PRESS"), (1200, "MENU", "RELEASE")]


def test_a_held_shifted_key_repeats_and_ends_with_its_shift():
    # UP held repeats like a key of its own; A let go first ends it, and X,
    # still down, gives nothing until it is released and pressed again.
    ev = run([(BACK, [(0, True), (700, False)]), (RIGHT, []),
              (OK, [(100, True), (900, False), (1000, True), (1050, False)])], 1200, **SHIFTS)
    assert ev == [(100, "UP", "PRESS"), (500, "UP", "REPEAT"), (620, "UP", "REPEAT"),
                  (700, "UP", "RELEASE"), (1000, "OK", "PRESS"), (1050, "OK", "RELEASE")]


def test_the_shifted_order_matters():
    # X first, then A: X is OK, and A (shifting nothing) is BACK on release.
    ev = run([(OK, [(0, True), (300, False)]), (BACK, [(50, True), (200, False)]), (RIGHT, [])],
             600, **SHIFTS)
    assert ev == [(0, "OK", "PRESS"), (200, "BACK", "PRESS"), (200, "BACK", "RELEASE"),
                  (300, "OK", "RELEASE")]
