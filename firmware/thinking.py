# The computer's turn at the table: its search, given a heap that lets it
# run at full speed, a thinking sign that moves during a long search, and
# (board.cfg `trace = 1`) each decision's cost on the serial port.  Kept out
# of firmware/table.py, which draws and steps the table.
import gc

from hal.ticks import ticks_add, ticks_diff
from engine.players import decide
from firmware import font

PROGRESS_MS = 900  # a longer search redraws its thinking sign this often
# A search collects only when the heap is full, or, if its player may solve
# an endgame (engine/solver.py: many states alive at once, spread over the
# heap), each time it has allocated this many eighths of the heap free as it
# starts.  collect_early's quarter of the heap free at the table's start,
# kept for the rest of the app, made the app's AI half as fast as the
# engine's alone on the device (ISkO Skat on the LCD: 6.2 ms a work unit,
# 3.45 collecting when full, 4.5 at six eighths): every collection marks the
# whole table, fonts and code.  With no threshold a Schnapsen endgame solve
# ran out of heap in slivers (tests/test_app_micropython.py).
SEARCH_GC_8THS = 6


def traced(player, state, match, name):
    """decide(), printing `~ai GAME SEAT US FREE_BEFORE FREE_AFTER WORK` on
    the serial port: the decision's time on the device's clock, the free heap
    before and after it (before the move's garbage is collected) and the
    search's work units (0 for the heuristic)."""
    from time import ticks_us
    seat = state.to_move
    before = gc.mem_free()
    t0 = ticks_us()
    a = decide(player, state, match)
    us = ticks_diff(ticks_us(), t0)
    print("~ai %s %d %d %d %d %d" % (name, seat, us, before, gc.mem_free(),
                                     getattr(player, "last_work", 0)))
    return a


def _search_gc(player):
    """Set gc.threshold for player's search (SEARCH_GC_8THS); the value
    before, to give back after it (None on CPython)."""
    th = getattr(gc, "threshold", None)
    if th is None:
        return None
    was = th()
    if getattr(player, "solve_from", 0) or getattr(player, "known_from", 0):
        th(gc.mem_free() * SEARCH_GC_8THS // 8)
    else:
        th(-1)
    return was


def think(t):
    """The decision for the seat to move at table t.  Its search starts on
    a collected heap and collects less often than the rest of the app
    (SEARCH_GC_8THS; collect_early's threshold is given back after it).
    During a long search the thinking sign moves (t._progress), so that the
    screen never stands still for long."""
    st = t.state
    player = t.players[st.to_move]
    font.forget()  # the kept lines of text: the search needs the heap more
    gc.collect()
    was = _search_gc(player)
    searches = getattr(player, "searches", False)
    if searches:
        player.progress = t._progress
    try:
        if t.app.trace:
            return traced(player, st, t.match, t.game.NAME)
        return decide(player, st, t.match)
    finally:
        if searches:
            del player.progress  # (the class's None again: no entry left)
        if was is not None:
            gc.threshold(was)


def progress(t):
    """After each rollout of a search: every PROGRESS_MS one more step of
    the thinking sign is drawn and sent."""
    app = t.app
    app.board.feed()  # (a long search keeps the watchdog fed: firmware/power.py)
    now = app.board.ticks_ms()
    if ticks_diff(now, t.shown_at) < PROGRESS_MS:
        return
    t.spin += 1
    fb = app.fb
    fb.fill(app.theme.bg)
    t.draw(fb)
    fb.show()
    t.shown_at = app.board.ticks_ms()


def apply(t, a):
    """The player's action `a` applied at table t, the thinking sign shown
    and moving should the engine work long on it: a claim in ISkO Skat is
    checked by a search of up to ~2 s on the Pico (engine/skat/claim.py),
    which calls engine.compat.keepalive every 1024 steps."""
    from engine import compat
    was = getattr(compat, "keepalive", None)
    t.spin = 0
    t.ai_at = 0  # (the sign drawn; no move of the computer's is due)
    t.shown_at = ticks_add(t.app.board.ticks_ms(), -PROGRESS_MS)  # (drawn at the first call)
    compat.keepalive = t._progress
    try:
        t.state.apply(a)
    finally:
        t.ai_at = -1
        t.spin = 0
        if was is None:
            del compat.keepalive
        else:
            compat.keepalive = was
