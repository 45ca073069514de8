"""A match saved at any moment and restored continues exactly as the
original would have: same deals, same computer decisions, same result."""
import pytest

from engine import games
from engine.game import Options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng
from engine.savegame import Recorder, dumps, loads, SaveError


def new_players(g, n, seed):
    r = Rng(seed)
    return [make_player("heuristic", g, r.next30()) for _ in range(n)]


def play_on(match, state, rec, players, log, stop_after=None):
    """Play to the end of the match (or stop after `stop_after` actions and
    return the position)."""
    k = 0
    while not match.over:
        if state is None:
            state = match.new_deal()
            rec.deal(state)
            log.append("deal %d" % state.dealer)
        while not state.done:
            if stop_after is not None and k == stop_after:
                return state
            seat = state.to_move
            a = players[seat].choose(state.observation(seat))
            t = state.action_text(a)
            log.append("%d %s" % (seat, t))
            rec.action(seat, t)
            state.apply(a)
            k += 1
        match.finish_deal(state)
        log.append("scores %r" % match.scores)
        state = None
    return None


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("cut", [0, 1, 17, 60, 150])
def test_save_restore_continues_identically(name, cut):
    g = games.load(name)
    opts = Options(g.SETTINGS)
    # The original match, played straight through.
    m = Match(g, opts, 99)
    full = []
    play_on(m, None, Recorder(m), new_players(g, m.nplayers, 5), full)
    # The same match, saved after `cut` actions and restored into new players.
    m2 = Match(g, opts, 99)
    rec = Recorder(m2)
    log = []
    ps = new_players(g, m2.nplayers, 5)
    st = play_on(m2, None, rec, ps, log, stop_after=cut)
    if st is None:
        pytest.skip("the match was shorter than the cut")
    text = dumps(rec, ps)
    fresh = new_players(g, m2.nplayers, 12345)  # other seeds: the save must fix them
    m3, st3, rec3 = loads(text, fresh)
    assert st3 is not None and st3.to_move == st.to_move
    assert st3.legal() == st.legal()
    assert m3.scores == m2.scores and m3.dealer == m2.dealer
    play_on(m3, st3, rec3, fresh, log)
    assert log == full
    assert m3.winner == m.winner and m3.scores == m.scores
    # And the record kept by the restored recorder replays to the same end.
    m4, _, _ = loads(dumps(rec3, fresh), new_players(g, m3.nplayers, 1))
    assert m4.over and m4.scores == m.scores


@pytest.mark.parametrize("bad,msg", [
    ("", "not a saved game"),
    ("hello\n", "not a saved game"),
    ("pocket-card-table save x rng 1,1\n", "no version"),
    ("pocket-card-table save 9 rng 1,1 1,1 1,1\ngame sixtysix\n", "version 9"),
    ("pocket-card-table save 1 rng 1,1\ngame sixtysix\n", "do not fit"),
    ("pocket-card-table save 1 rng 1,1 0,5 -\ngame sixtysix\n", "bad random state"),
    ("pocket-card-table save 1 rng 1,1 1,1 -\ngame chess\ndeal\n", "does not replay"),
    ("pocket-card-table save 1 rng 1,1 1,1 -\ngame sixtysix\ndeal\nP2 AS\n", "does not replay"),
])
def test_bad_saves_are_refused_in_plain_words(bad, msg):
    g = games.load("sixtysix")
    with pytest.raises(SaveError) as e:
        loads(bad, new_players(g, 2, 1)[:1] + [None])
    assert msg in str(e.value)
