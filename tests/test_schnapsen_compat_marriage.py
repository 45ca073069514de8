"""Schnapsen with platform_compat=on scores marriages as the PyPI platform
does (its SchnapsenTrickScorer): the points stay pending until the declarer
wins a trick after declaring, even if he won tricks before, and a
declaration never ends the deal by itself (the platform looks for 66 only
after a trick).  Found by host_sim/peer_schnapsen.py, which compares our
result of every game with the platform's."""
from engine import games
from engine.game import Options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng


def test_marriage_points_wait_for_the_next_won_trick():
    g = games.load("schnapsen")
    o = Options(g.SETTINGS)
    o.set("platform_compat", "on")
    seen = 0
    for seed in range(150):
        r = Rng(seed)
        m = Match(g, o, r.next30())
        ps = [make_player("random", g, r.next30()) for _ in range(2)]
        st = m.new_deal()
        while not st.done:
            seat = st.to_move
            a = ps[seat].choose(st.observation(seat))
            before = st.total(seat)
            tricks = st.tricks[seat]
            st.apply(a)
            if 104 <= a < 108:  # a marriage
                seen += 1
                value = st.marriages[seat][-1][1]
                assert not st.done, "the declaration ended the deal"
                assert st.total(seat) == before  # nothing credited yet
                assert st.pending(seat) >= value
                # he won a trick before: the default rules would credit it
                if tricks:
                    assert st.observation(seat).pending[seat] >= value
            if not st.done and st.phase == "lead" and not st.trick:
                assert st.pending(st.to_move) == 0 or st.declared  # the winner redeemed
        assert st.result.totals[0] >= 0 and st.result.totals[1] >= 0
    assert seen >= 10
