# Speed and memory of the rules, runnable on every runtime (the device too):
#   micropython -X heapsize=96k -m engine.bench --game sixtysix --deals 200
#   micropython -X heapsize=96k -m engine.bench --game sixtysix --ai normal --matches 3
# prints one line of key=value figures that host_sim.bench collects; with
# --ai LEVEL it times every AI decision of full matches (the AI in every seat).
import gc
import sys

from engine import games
from engine.compat import ticks_us, ticks_diff, collect_early
from engine.game import parse_options
from engine.players import make_player, decide
from engine.match import Match
from engine.rng import Rng


def _alloc():
    # gc.mem_alloc exists on MicroPython only.
    f = getattr(gc, "mem_alloc", None)
    return f() if f else -1


def random_deals(game, opts, n, seed):
    """Time n complete deals of random-legal play; returns microseconds."""
    r = Rng(seed)
    players = [make_player("random", game, r.next30()) for _ in range(game.players(opts))]
    t0 = ticks_us()
    actions = 0
    for i in range(n):
        m = Match(game, opts, seed + i)
        st = m.new_deal()
        while not st.done:
            st.apply(players[st.to_move].choose(st.observation(st.to_move)))
            actions += 1
    return ticks_diff(ticks_us(), t0), actions


def _sched_us():
    """This process's CPU time in microseconds from Linux's /proc/self/sched,
    or -1 where there is none (the device).  The kernel brings the figure up
    to date only at a scheduler tick or switch, so one reading may lag by a
    tick (4 ms): _timed averages over repeats."""
    try:
        f = open("/proc/self/sched")
        t = f.read()
        f.close()
    except OSError:
        return -1
    i = t.find("se.sum_exec_runtime")
    if i < 0:
        return -1
    j = t.find(":", i)
    k = t.find("\n", j)
    ms = t[j + 1:k].strip()
    dot = ms.find(".")
    if dot < 0:
        return int(ms) * 1000
    return int(ms[:dot]) * 1000 + int((ms[dot + 1:] + "000")[:3])


_CPU = [None]


def cpu_clock():
    """True where the host gives this process's CPU time (and --clock wall
    was not asked for: on an idle machine the fastest wall-clock run is the
    finer measure)."""
    if _CPU[0] is None:
        _CPU[0] = _sched_us() >= 0
    return _CPU[0]


def _timed(p, st, m, repeat):
    """decide() run `repeat` times from the same AI state (the AI is
    deterministic, so every run does the same work).  On a shared Linux
    machine the time is the process's CPU time averaged over the runs (what
    the device, which has the CPU to itself, would spend; the average also
    smooths the tick-sized steps of the kernel's figure); elsewhere the
    fastest wall-clock run."""
    rs = p.rng.state()
    fb = getattr(p.fallback, "rng", None)
    fs = fb.state() if fb is not None else None
    cpu = cpu_clock()
    best = -1
    a = None
    c0 = _sched_us() if cpu else 0
    for _ in range(repeat):
        p.rng.set_state(rs)
        if fb is not None:
            fb.set_state(fs)
        t0 = ticks_us()
        a = decide(p, st, m)
        dt = ticks_diff(ticks_us(), t0)
        if best < 0 or dt < best:
            best = dt
    if cpu:
        return a, (_sched_us() - c0) // repeat
    return a, best


def ai_latency(g, o, level, matches, seed, repeat=1):
    """Full matches with the AI in every seat; prints the microseconds and
    work units of every decision that had a choice as it is made (a line
    "lat US WORK": a list of
    them would be the largest block on the heap); returns the number of
    decisions, the live heap peak (sampled after the collection before every
    decision, outside the timing) and the work units."""
    n = 0
    peak = 0
    work = 0
    k = 0
    for i in range(matches):
        r = Rng(seed + i)
        m = Match(g, o, r.next30())
        players = [make_player("ai-" + level, g, r.next30()) for _ in range(m.nplayers)]
        if i == 0:
            collect_early()  # as the device's table does (firmware/table.py)
        while not m.over:
            st = m.new_deal()
            while not st.done:
                p = players[st.to_move]
                choice = len(st.legal()) > 1
                # As the device's table does after every move (firmware/table.py):
                # a decision starts on a collected heap.  Outside the timing.
                gc.collect()
                if choice:
                    k += 1
                    a = _alloc()
                    if a > peak:
                        peak = a
                a, dt = _timed(p, st, m, repeat if choice else 1)
                if choice:
                    print("lat", dt, p.last_work)
                    n += 1
                    work += p.last_work
                st.apply(a)
            m.finish_deal(st)
    return n, peak, work


def main(argv):
    game = None
    ai = None
    repeat = 1
    deals = 100
    matches = 3
    seed = 1
    opts = []
    i = 0
    while i < len(argv):
        w = argv[i]
        v = argv[i + 1] if i + 1 < len(argv) else None
        if w == "--game":
            game = v
        elif w == "--deals":
            deals = int(v)
        elif w == "--matches":
            matches = int(v)
        elif w == "--seed":
            seed = int(v)
        elif w == "--option":
            opts.append(v)
        elif w == "--ai":
            ai = v
        elif w == "--repeat":
            repeat = int(v)
        elif w == "--clock" and v in ("cpu", "wall"):
            _CPU[0] = v == "cpu" and _sched_us() >= 0
        else:
            print("usage: bench --game NAME [--deals N] [--matches M] [--seed S] [--option K=V]"
                  " [--ai LEVEL [--repeat R] [--clock cpu|wall]]")
            return 2
        i += 2
    g = games.load(game)
    o = parse_options(g.SETTINGS, opts)
    gc.collect()
    base = _alloc()
    if ai is not None:
        n, peak, work = ai_latency(g, o, ai, matches, seed, repeat)
        print("game=%s ai=%s matches=%d decisions=%d work=%d live_base=%d live_peak=%d clock=%s" % (
            game, ai, matches, n, work, base, peak, "cpu" if cpu_clock() else "wall"))
        return 0
    # Full matches between heuristic players: the live heap at its highest,
    # sampled after a collection before every action.
    peak = 0
    for k in range(matches):
        r = Rng(seed + k)
        m = Match(g, o, r.next30())
        players = [make_player("heuristic", g, r.next30()) for _ in range(m.nplayers)]
        while not m.over:
            st = m.new_deal()
            while not st.done:
                gc.collect()
                a = _alloc()
                if a > peak:
                    peak = a
                st.apply(players[st.to_move].choose(st.observation(st.to_move)))
            m.finish_deal(st)
    gc.collect()
    us, actions = random_deals(g, o, deals, seed)
    print("game=%s deals=%d us_total=%d actions=%d live_base=%d live_peak=%d" % (
        game, deals, us, actions, base, peak))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
