"""A match saved at any moment and restored continues exactly as the
original would have: same deals, same computer decisions, same result."""
import random

import pytest

from engine import games
from engine.game import Options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng
from engine.savegame import Log, dumps, loads, SaveError, END_OF_DEAL

SEED = 99


def players_for(seed):
    def make(g, match):
        r = Rng(seed)
        return [make_player("heuristic", g, r.next30()) for _ in range(match.nplayers)]
    return make


def play_on(match, state, log, players, out, stop_after=None):
    """Play to the end of the match, or return the position after
    `stop_after` more actions."""
    k = 0
    while True:
        while not state.done:
            if stop_after is not None and k == stop_after:
                return state
            seat = state.to_move
            a = players[seat].choose(state.observation(seat))
            out.append("%d %s" % (seat, state.action_text(a)))
            log.action(a)
            state.apply(a)
            k += 1
        match.finish_deal(state)
        out.append("scores %r" % match.scores)
        if match.over:
            return None
        log.end_of_deal()
        state = match.new_deal()


def fresh(g, opts):
    m = Match(g, opts, SEED)
    return m, m.new_deal(), Log(), players_for(5)(g, m)


def cut_at(where, actions):
    """A save point inside a match of `actions` actions: a fixed count, or
    the middle, or the last action."""
    if where == "middle":
        return actions // 2
    if where == "last":
        return actions - 1
    assert where < actions, "the match is shorter than %d actions" % where
    return where


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("where", [0, 1, 17, "middle", "last"])
def test_save_restore_continues_identically(name, where):
    g = games.load(name)
    opts = Options(g.SETTINGS)
    m, st, log, ps = fresh(g, opts)
    full = []
    play_on(m, st, log, ps, full)
    actions = len([line for line in full if not line.startswith("scores")])
    cut = cut_at(where, actions)
    m2, st2, log2, ps2 = fresh(g, opts)
    part = []
    st2 = play_on(m2, st2, log2, ps2, part, stop_after=cut)
    assert st2 is not None and not st2.done
    data = dumps(m2, log2, ps2)
    # Restored into players made from another seed: the save must fix them.
    m3, st3, log3, ps3 = loads(data, players_for(12345))
    assert st3.to_move == st2.to_move and st3.legal() == st2.legal()
    assert m3.scores == m2.scores and m3.dealer == m2.dealer and log3.data == log2.data
    play_on(m3, st3, log3, ps3, part)
    assert part == full
    assert m3.winner == m.winner and m3.scores == m.scores


def test_a_save_between_deals_resumes_with_the_next_deal():
    g = games.load("sixtysix")
    m, st, log, ps = fresh(g, Options(g.SETTINGS))
    while not st.done:
        a = ps[st.to_move].choose(st.observation(st.to_move))
        log.action(a)
        st.apply(a)
    m.finish_deal(st)
    log.end_of_deal()
    m2, st2, _, _ = loads(dumps(m, log, ps), players_for(5))
    assert m2.deals == 1 and not st2.done and m2.scores == m.scores
    assert st2.deck == m.new_deal().deck


def test_a_whole_match_fits_one_flash_block():
    g = games.load("belote")
    m, st, log, ps = fresh(g, Options(g.SETTINGS))
    play_on(m, st, log, ps, [])
    assert len(dumps(m, log, ps)) < 4096


GOOD = None


def good_save():
    g = games.load("sixtysix")
    m, st, log, ps = fresh(g, Options(g.SETTINGS, {"claim_mode": "manual"}))
    st = play_on(m, st, log, ps, [], stop_after=40)
    return dumps(m, log, ps)


@pytest.mark.parametrize("bad,msg", [
    (b"", "cut short"),
    (b"hello\n", "not a saved game"),
    (b"PCTSAVE 9 sixtysix 1 -;1,1\n", "another version"),
    (b"PCTSAVE 1 chess 1 -;1,1\n", "unknown game"),
    (b"PCTSAVE 1 sixtysix x -;1,1\n", "damaged seed"),
    (b"PCTSAVE 1 sixtysix 1 -;0,1\n", "damaged random state"),
    (b"PCTSAVE 1 sixtysix 1 -\n", "wrong number of players"),
    (b"PCTSAVE 1 sixtysix 1 -;1,1 colour=red\n", "settings"),
    (b"PCTSAVE 1 sixtysix 1 -;1,1\n\xff", "too early"),
    (b"PCTSAVE 1 sixtysix 1 -;1,1\n\x00\x00\x00", "breaks the rules"),
    (b"PCTSAVE 1 sixtysix 1 -;1,1\n\xfe\x01", "cut short"),
    (b"\xff\xfe\n", "not readable"),
])
def test_bad_saves_are_refused_in_plain_words(bad, msg):
    with pytest.raises(SaveError) as e:
        loads(bad, players_for(1))
    assert msg in str(e.value)


def test_random_damage_never_crashes():
    """Thousands of corruptions and truncations: a clean restore or a
    SaveError, never another exception (the long run is `make soak`)."""
    data = good_save()
    rnd = random.Random(7)
    outcomes = {"ok": 0, "refused": 0}
    for i in range(1500):
        d = bytearray(data)
        k = rnd.randrange(4)
        if k == 0:
            d = d[:rnd.randrange(len(d))]
        elif k == 1:
            for _ in range(rnd.randint(1, 4)):
                d[rnd.randrange(len(d))] = rnd.randrange(256)
        elif k == 2:
            p = rnd.randrange(len(d))
            d[p:p] = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 5)))
        else:
            p = rnd.randrange(len(d))
            del d[p:p + rnd.randint(1, 8)]
        try:
            loads(bytes(d), players_for(1))
            outcomes["ok"] += 1
        except SaveError:
            outcomes["refused"] += 1
    assert outcomes["refused"] > 500 and outcomes["ok"] > 50


def test_the_search_ai_resumes_exactly_too():
    """The device's opponents are the search AI: its random stream is in the
    save, so after a restore it makes the same decisions."""
    from engine.players import decide
    g = games.load("sixtysix")
    opts = Options(g.SETTINGS)

    def ais(seed):
        def make(game, match):
            r = Rng(seed)
            return [make_player("ai", game, r.next30()) for _ in range(match.nplayers)]
        return make

    def run(m, st, log, ps, out, stop=None):
        k = 0
        while not m.over:
            while not st.done:
                if k == stop:
                    return st
                a = decide(ps[st.to_move], st, m)
                out.append(st.action_text(a))
                log.action(a)
                st.apply(a)
                k += 1
            m.finish_deal(st)
            if m.over:
                break
            log.end_of_deal()
            st = m.new_deal()
        return None

    m = Match(g, opts, SEED)
    full = []
    run(m, m.new_deal(), Log(), ais(3)(g, m), full)
    m2 = Match(g, opts, SEED)
    ps2 = ais(3)(g, m2)
    log2 = Log()
    part = []
    st2 = run(m2, m2.new_deal(), log2, ps2, part, stop=25)
    m3, st3, log3, ps3 = loads(dumps(m2, log2, ps2), ais(999))
    run(m3, st3, log3, ps3, part)
    assert part == full and m3.scores == m.scores


# -- random generator states that never change (issue 17, D1) --------------

# The fixed points of the two lanes (engine/rng.py): 32760 * 2**15 - 1 and
# 32730 * 2**15 - 1, worked out by hand: a lane steps z -> a*(z & 0x7FFF) +
# (z >> 15), and for z = hi * 2**15 + lo that is z again where
# hi * 32767 = (a - 1) * lo, i.e. lo = 32767, hi = a - 1.
STUCK1, STUCK2 = 1073479679, 1072496639


def test_the_stuck_lane_states_are_fixed_points():
    # the test vector itself, checked step by step (no loop that could hang)
    r = Rng()
    r.z1, r.z2 = STUCK1, STUCK2
    first = r.next30()
    assert r.state() == (STUCK1, STUCK2) and r.next30() == first == 2 ** 30 - 1


def save_with_states(text):
    """The good save with its random states replaced by text."""
    head, body = good_save().split(b"\n", 1)
    w = head.split(b" ")
    w[4] = text.encode()
    return b" ".join(w) + b"\n" + body


@pytest.mark.parametrize("states", [
    "-;%d,%d" % (STUCK1, STUCK2),  # both lanes stuck: below() would loop forever
    "-;%d,12345" % STUCK1,
    "-;12345,%d" % STUCK2,
    "-;0,12345",
    "-;12345,0",
])
def test_a_save_with_a_stuck_random_generator_is_refused(states):
    data = save_with_states(states)
    with pytest.raises(SaveError) as e:
        loads(data, players_for(1))
    assert "damaged random state (one that never changes)" in str(e.value)
    # and the device sets it aside at boot, before any computer move
    from tests.apphelp import HeadlessBoard  # installs the framebuf shim
    from hal.headless import MemoryStorage
    from firmware import savegame, saves
    assert HeadlessBoard
    s = MemoryStorage()
    name = savegame.name_of("sixtysix")
    s.write(name, data)
    assert saves.peek(s, "sixtysix") == (None, s.last_reason) and "never changes" in s.last_reason
    assert not s.exists(name) and s.exists(name + ".bad")


def test_the_good_save_itself_still_loads():
    # (so that the refusals above are the states' doing)
    head = good_save().split(b"\n", 1)[0].split(b" ")
    assert loads(save_with_states(head[4].decode()), players_for(1))[0].game.NAME == "sixtysix"


@pytest.mark.parametrize("z1,z2", [(STUCK1, STUCK2), (0, 5), (5, 0), (STUCK1, 5), (5, STUCK2),
                                   (2 ** 30, 5)])
def test_a_generator_never_takes_a_stuck_state(z1, z2):
    r = Rng(3)
    before = r.state()
    with pytest.raises(ValueError):
        r.set_state((z1, z2))
    assert r.state() == before


def _before(z, a):
    """A lane state that steps to z (z = a*lo + hi with lo, hi < 2**15)."""
    lo, hi = z // a, z % a
    assert lo < 2 ** 15
    return hi * 2 ** 15 + lo


def test_fork_never_makes_a_stuck_generator():
    # fork() makes lane 2 from 7 + next30() % 1073000000: the draw 1072496632
    # would give exactly STUCK2.  A state whose second draw is that one, built
    # backwards through the lane steps:
    want = STUCK2 - 7
    hi_bits, lo_bits = want >> 15, want & 0x7FFF
    z1 = 1000 * 2 ** 15 + hi_bits  # lane 1 after two steps: its low bits give the draw's high ones
    z2 = 1000 * 2 ** 15 + lo_bits
    r = Rng()
    r.set_state((_before(_before(z1, 32760), 32760), _before(_before(z2, 32730), 32730)))
    probe = Rng()
    probe.set_state(r.state())
    probe.next30()
    assert probe.next30() == want  # the construction is right
    f = r.fork()
    assert f.z2 != STUCK2 and f.z1 != STUCK1
    assert len(set(f.next30() for _ in range(4))) == 4  # it moves


def test_seeding_stays_below_the_stuck_states():
    # seed() reduces any int to z1 in 1..1073000000 (< STUCK1) and z2 in
    # 7..1038033013 (< STUCK2): its largest inputs give the largest states.
    for seed in (0, 1, -1, 1000003 * 1000033 - 1, 2 ** 64 + 12345, 999999999):
        r = Rng(seed)
        assert 0 < r.z1 and 0 < r.z2 and r.z1 != STUCK1 and r.z2 != STUCK2


# -- numbers in ASCII digits only, the same on both runtimes (D5) ----------

SAVE_NUMBERS = [
    (b"PCTSAVE 1 sixtysix \xc2\xb2 -;1,1\n", "damaged seed"),  # "²": isdigit() on CPython
    (b"PCTSAVE 1 sixtysix \xd9\xa3 -;1,1\n", "damaged seed"),  # "٣": int() reads 3 on CPython
    (b"PCTSAVE 1 sixtysix 1 -;\xc2\xb2,1\n", "damaged random state"),
    (b"PCTSAVE 1 sixtysix 1 -;5,\xd9\xa3\n", "damaged random state"),
    (b"PCTSAVE 1 sixtysix 1_0 -;5,5\n", "damaged seed"),
    (b"PCTSAVE 1 sixtysix " + b"9" * 25 + b" -;5,5\n", "damaged seed"),
    # (a line longer than any this program writes is refused before it is split)
    (b"PCTSAVE 1 sixtysix " + b"9" * 5000 + b" -;5,5\n", "first line is longer than any"),
]


@pytest.mark.parametrize("bad,msg", SAVE_NUMBERS)
def test_only_ascii_digits_are_numbers_in_a_save(bad, msg):
    with pytest.raises(SaveError) as e:
        loads(bad, players_for(1))
    assert msg in str(e.value)


def test_odd_digits_give_the_same_plain_message_on_both_runtimes():
    from tests.mp import run_micropython, run_cpython
    code = ("from engine.savegame import header, SaveError\n"
            "from engine.records import replay, RecordError\n"
            "for data in %r:\n"
            "    try:\n"
            "        header(data)\n"
            "        print('accepted')\n"
            "    except SaveError as e:\n"
            "        print('refused:', e)\n"
            "for text in %r:\n"
            "    try:\n"
            "        replay(text)\n"
            "        print('accepted')\n"
            "    except RecordError as e:\n"
            "        print('refused:', e)\n") % (
        [b for b, _ in SAVE_NUMBERS],
        ["game sixtysix\nseed \u00b2\n", "game sixtysix\nseed \u0663\n",
         "game sixtysix\nstart-scores 1 \u00b2\n",
         "game hasenpfeffer\ndeal\nP1 bid \u00b2\n", "game sixtysix\ndeal\nP\u00b2 AS\n"])
    cp = run_cpython(["-c", code])
    mp = run_micropython(["-c", code])
    assert cp.returncode == 0 and mp.returncode == 0, cp.stderr + mp.stdout + mp.stderr
    # (MicroPython's repr() writes non-ASCII characters as escapes, as
    # CPython's ascii() does: the same text otherwise)
    assert mp.stdout == cp.stdout.encode("ascii", "backslashreplace").decode()
    out = cp.stdout.splitlines()
    assert len(out) == len(SAVE_NUMBERS) + 5 and all(l.startswith("refused:") for l in out), out
    assert "int()" not in cp.stdout and "literal" not in cp.stdout and "syntax" not in cp.stdout
