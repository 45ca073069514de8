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


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("cut", [0, 1, 17, 60, 150])
def test_save_restore_continues_identically(name, cut):
    g = games.load(name)
    opts = Options(g.SETTINGS)
    m, st, log, ps = fresh(g, opts)
    full = []
    play_on(m, st, log, ps, full)
    m2, st2, log2, ps2 = fresh(g, opts)
    part = []
    st2 = play_on(m2, st2, log2, ps2, part, stop_after=cut)
    if st2 is None:
        pytest.skip("the match was shorter than the cut")
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
