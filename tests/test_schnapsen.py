"""Schnapsen (docs/rules/schnapsen.md): the Sixty-six code on 20 cards."""
import pytest

from engine.sixtysix import schnapsen as s
from engine.sixtysix import rules as g
from engine.cards import parse_card, parse_cards, pack20, SPADES
from engine.game import Options
from engine.match import Match
from tests.invariants import play_checked


def opts(**kw):
    return Options(s.SETTINGS, kw)


def cards(text):
    return sorted(parse_cards(text))


def play(st, *texts):
    for t in texts:
        st.apply(st.parse_action(t))
    return st


def position(hands, stock="", turnup="AS", points=(0, 0), tricks=(0, 0), leader=0, **kw):
    st = s.SixtySix(opts(**kw), 1, pack20())
    st.hands = [cards(hands[0]), cards(hands[1])]
    st.stock = parse_cards(stock)
    st.turnup = parse_card(turnup) if turnup else -1
    st.exhausted = not turnup
    st.trump = SPADES
    st.points = list(points)
    st.tricks = list(tricks)
    st.leader = st.to_move = leader
    return st


def test_deal_3_trump_2():
    d = pack20()
    st = s.SixtySix(opts(), 1, d)
    assert st.hands[0] == sorted(d[0:3] + d[7:9])
    assert st.hands[1] == sorted(d[3:6] + d[9:11])
    assert st.turnup == d[6] and st.stock == d[11:20]
    assert len(st.stock) + 1 == 10


def test_platform_deal_is_alternate():
    d = pack20()
    st = s.SixtySix(opts(platform_compat="on"), 1, d)
    assert st.hands[0] == sorted(d[0:10:2]) and st.hands[1] == sorted(d[1:10:2])
    assert st.turnup == d[19] and st.stock == d[10:19]


def test_trump_jack_exchange_on_the_first_lead():
    st = position(["JS KH QH AC TC", "AH TS KC QD JD"], stock="KS QS JC TH KD")
    assert g.EXCHANGE in st.legal()  # no trick needed in Schnapsen
    play(st, "exchange")
    assert parse_card("AS") in st.hands[0] and st.turnup == parse_card("JS")


@pytest.mark.parametrize("compat,stock,exchange,close", [
    ("off", "KS QS", True, True),    # talon of 3: more than two cards
    ("off", "KS", False, False),     # talon of 2
    ("on", "KS", True, False),       # the platform: exchange at 2, never close
])
def test_exchange_and_close_windows(compat, stock, exchange, close):
    st = position(["JS KH", "AH TS"], stock=stock, tricks=(1, 1), platform_compat=compat)
    legal = st.legal()
    assert (g.EXCHANGE in legal) == exchange
    assert (g.CLOSE in legal) == close


def test_strict_play_after_the_talon_is_gone():
    st = position(["KH", "AH 9S JS QC"], turnup="")
    st.hands[1] = cards("AH JS QC")
    play(st, "KH")
    assert st.legal() == [parse_card("AH")]


@pytest.mark.parametrize("basis,tricks,gp", [("no_tricks", 0, 3), ("no_tricks", 1, 2),
                                             ("zero_points", 1, 3)])
def test_game_points(basis, tricks, gp):
    st = position(["AC", "TC"], stock="KS QS", points=(60, 0), tricks=(3, tricks),
                  schwarz_basis=basis)
    play(st, "AC", "TC")
    assert st.result.winner == 0 and st.result.points[0] == gp


def test_closer_scores_from_the_opponents_points_at_closing():
    st = position(["AC TC", "QC JC"], stock="KS QS KH", points=(50, 20), tricks=(3, 1))
    play(st, "close")
    st.points[1] = 40  # the opponent gains after the close; it does not count
    play(st, "AC", "QC")  # 50 + 14 = 64
    play(st, "TC", "JC")  # 76
    assert st.result.winner == 0 and st.result.points[0] == 2  # 20 < 33 at closing


@pytest.mark.parametrize("opp_tricks,gp", [(1, 2), (0, 3)])
def test_closer_fails(opp_tricks, gp):
    st = position(["JC", "AC"], stock="KS QS KH", points=(50, 0), tricks=(3, opp_tricks))
    play(st, "close", "JC", "AC")  # the cards run out: the closer has not made 66
    assert st.result.winner == 1 and st.result.points[1] == gp


@pytest.mark.parametrize("compat,p1_points,gp", [("off", 40, 1), ("off", 30, 2),
                                                 ("on", 40, 1), ("on", 30, 1)])
def test_last_trick_wins_when_nobody_reaches_66(compat, p1_points, gp):
    st = position(["JC", "QC"], turnup="", points=(p1_points, 20), tricks=(4, 5),
                  platform_compat=compat)
    play(st, "JC", "QC")  # P2 wins the last trick without 66
    assert st.result.winner == 1 and st.result.points[1] == gp


def test_a_bummerl_is_seven_and_the_deal_alternates():
    m = Match(s, opts(), 1, dealer=1)
    m.scores = [6, 0]
    st = position(["AC", "TC"], stock="KS QS", points=(60, 40), tricks=(3, 2))
    play(st, "AC", "TC")
    m.finish_deal(st)
    assert m.over and m.winner == 0 and m.dealer == 0


def test_random_games_conserve_120_points():
    def check(st):
        assert sum(g.POINTS[c] for c in st.card_locations()) == 120
    for seed in range(1, 6):
        play_checked(s, opts(), seed, ("random", "heuristic"), deal_check=check)
        play_checked(s, opts(platform_compat="on"), seed, ("heuristic",), deal_check=check)


def test_the_heuristic_counts_a_ten_sure_once_the_ace_is_gone():
    # engine/sixtysix_heuristic.sure: with one pack a card is sure when every
    # higher card of its suit has been seen (before, only an ace was).
    from engine.sixtysix import heuristic as h
    from engine.cards import suit_of
    from engine.game import Observation

    def obs(hand, played, trump_suit_of, variant="schnapsen"):
        o = Observation(0)
        o.hand = parse_cards(hand)
        o.played = parse_cards(played)
        o.trick = []
        o.turnup = -1
        o.trump = suit_of(parse_card(trump_suit_of))
        o.variant = variant
        o.phase2 = True
        return o
    o = obs("TS KH", "AS JD", "QH")
    m = h.seen_masks(o)
    assert h.sure(o, parse_card("TS"), m)       # the ace of spades is gone
    assert not h.sure(o, parse_card("KH"), m)   # the trump ace and ten are not
    o = obs("TS KH", "AH TH JD", "QH")
    m = h.seen_masks(o)
    assert not h.sure(o, parse_card("TS"), m)
    assert h.sure(o, parse_card("KH"), m)       # the top trump left
