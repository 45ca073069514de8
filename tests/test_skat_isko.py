"""Skat under laws=isko (shared/rules/skat.md Appendix A): the bid values,
skat or Hand, the games offered, announcements and ouvert, the values of
A.9's worked examples and of every game type, the overbid, lost games
doubled, all pass thrown in or Ramsch, Seeger-Fabian, and what each seat may
see.  The records tests/records/skat/I*.rec play them out."""
import os

import pytest

from engine.skat import rules as skat
from engine.skat import isko as skat_isko
from engine.cards import parse_cards, pack32
from engine.game import IllegalAction, parse_options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng
from engine.skat.scoring import SOLO, GRAND_SOLO, NULL, NULL_OUVERT
from tests.invariants import play_checked
from tests.test_skat import deck_for, run, F, M, R

SPEC_BIDS = """ 18  20  22  23  24  27  30  33  35  36  40  44  45  46  48  50  54  55  59  60  63
 66  70  72  77  80  81  84  88  90  96  99 100 108 110 117 120 121 126 130 132 135
140 143 144 150 153 154 156 160 162 165 168 170 176 180 187 192 198 204 216 240 264"""

HANDS = {M: "JC JS AC TC KC 9C AS TS AH 7D",
         F: "JH JD QC 8C AD TD KD QD 9D 8D",
         R: "KS QS 9S 8S 7S TH KH QH 9H 7H"}


def isko(*extra):
    return parse_options(skat.SETTINGS, ["laws=isko"] + list(extra))


def deal(skat_cards="7C 8H", hands=HANDS, options=None, seed=1):
    m = Match(skat, options or isko(), seed, dealer=0)
    return m.new_deal(deck_for(hands, skat_cards))


def test_bid_values_are_the_spec_list():
    assert skat_isko.BID_VALUES == tuple(int(x) for x in SPEC_BIDS.split())
    assert len(skat_isko.BID_VALUES) == 63
    st = deal()
    assert st.legal_text()[0] == "bid 18" and "bid 10" not in st.legal_text()
    with pytest.raises(ValueError):
        st.parse_action("bid 21")  # a seed value, no ISkO game is worth it


def test_bid_values_follow_the_rule_of_a1():
    """The written-out list is A.1's rule: suit games x 2-18, grand x 2-11,
    the four Null values."""
    made = set(b * m for b in skat_isko.SUIT_BASE for m in range(2, 19))
    made |= set(skat_isko.GRAND_BASE * m for m in range(2, 12))
    made |= set((skat_isko.NULL_VALUE, skat_isko.NULL_HAND, skat_isko.NULL_OUVERT_VALUE,
                 skat_isko.NULL_OUVERT_HAND))
    assert skat_isko.BID_VALUES == tuple(sorted(made))


def test_forehand_plays_at_18_and_the_skat_or_hand():
    st = run(deal(), (M, "pass"), (R, "pass"))
    assert st.legal_text() == ["play", "pass"]
    run(st, (F, "play"))
    assert st.high == 18 and st.declarer == F
    assert st.legal_text() == ["take skat", "hand"]


def test_after_taking_the_skat_discard_then_name_a_game_without_announcements():
    st = run(deal(), (M, "bid 18"), (F, "pass"), (R, "pass"), (M, "take skat"))
    assert st.phase == skat.DISCARD_P and len(st.hands[M]) == 12
    for c in parse_cards("7C 8H"):  # he sees the skat; the others do not
        assert c in st.observation(M).hand and c not in st.observation(F).hand
    assert st.observation(F).skat == []
    run(st, (M, "discard 7D"), (M, "discard 8H"))
    assert sorted(st.observation(M).skat) == sorted(parse_cards("7D 8H"))
    assert st.observation(F).skat == []  # A.8: the discards stay hidden
    assert st.phase == skat.DECLARE
    assert st.legal_text() == ["solo C", "solo S", "solo H", "solo D", "grand", "null",
                               "null ouvert"]
    run(st, (M, "solo C"))
    assert st.phase == skat.PLAYING  # A.3: schneider, schwarz, ouvert need Hand
    assert not st.hand_game and st.game_text() == "clubs"


def test_hand_game_announcements_and_ouvert_is_public():
    st = run(deal(), (M, "bid 18"), (F, "pass"), (R, "pass"), (M, "hand"))
    assert st.hand_game and st.observation(M).skat == []  # nobody sees the skat
    run(st, (M, "grand"))
    assert st.legal_text() == ["announce nothing", "announce schneider", "announce schwarz",
                               "announce ouvert"]
    run(st, (M, "announce ouvert"))
    assert st.ouvert and st.ann_s and st.ann_z
    assert st.game_text() == "grand ouvert hand"
    o = st.observation(F)
    assert sorted(o.open_hand) == sorted(st.hands[M]) and o.ouvert and o.hand_game
    assert o.laws == "isko"


def test_games_offered_after_taking_the_skat_reach_the_bid():
    # M holds JC JS: clubs with 2 reaches 12 x 5 = 60; diamonds against...
    # bid 72: only the games whose highest value (matadors + 3) reaches it.
    twelve = parse_cards(HANDS[M]) + parse_cards("7C 8H")
    assert skat_isko.declare_menu(False, twelve, 72) == [4]        # grand 24 x 5
    assert skat_isko.declare_menu(False, twelve, 60) == [0, 4]     # clubs 12 x 5 = 60
    assert skat_isko.declare_menu(False, twelve, 23) == [0, 1, 2, 3, 4, 6, 7]
    assert skat_isko.declare_menu(False, twelve, 24) == [0, 1, 2, 3, 4, 7]  # Null 23 < 24
    # Hand: every suit and grand game; Null Hand 35, Null ouvert Hand 59.
    assert skat_isko.declare_menu(True, twelve, 40) == [0, 1, 2, 3, 4, 7]
    assert skat_isko.declare_menu(True, twelve, 60) == [0, 1, 2, 3, 4]
    # Nothing reaches the bid: every suit and grand game (all lost as overbids).
    assert skat_isko.declare_menu(False, twelve, 150) == [0, 1, 2, 3, 4]


# (id, game, trump, bid, matadors, pts, tricks, hand, ann_s, ann_z, ouvert, result)
VALUES = [
    ("I1", SOLO, 0, 36, 2, 75, 8, 0, 0, 0, 0, 36),
    ("I2", GRAND_SOLO, -1, 48, 1, 92, 8, 1, 0, 0, 0, 96),
    ("I3a", SOLO, 2, 18, 1, 60, 5, 0, 0, 0, 0, -40),
    ("I3b", SOLO, 2, 22, 1, 60, 5, 0, 0, 0, 0, -60),
    ("I4a", SOLO, 3, 24, 1, 81, 6, 0, 0, 0, 0, -54),
    ("I4b", SOLO, 3, 24, 1, 81, 6, 1, 0, 0, 0, 27),
    ("I5", NULL_OUVERT, -1, 18, 0, 0, 0, 1, 0, 0, 0, 59),
    ("I6", NULL, -1, 18, 0, 0, 1, 0, 0, 0, 0, -46),
    ("I7", SOLO, 3, 27, 1, 25, 3, 0, 0, 0, 0, -54),
    ("I8", SOLO, 2, 30, 3, 95, 8, 1, 1, 0, 0, 70),
    ("I9", SOLO, 2, 30, 3, 85, 8, 1, 1, 0, 0, -140),
    ("I10", SOLO, 0, 60, 8, 120, 10, 1, 1, 1, 0, 168),
    ("I11", SOLO, 0, 60, 8, 120, 10, 1, 1, 1, 1, 180),
    ("I12", GRAND_SOLO, -1, 100, 4, 120, 10, 1, 1, 1, 1, 264),
    ("I13", GRAND_SOLO, -1, 100, 4, 0, 0, 1, 1, 1, 1, -528),
    ("I14", SOLO, 1, 18, 2, 0, 0, 1, 1, 1, 0, -176),
    ("I15", GRAND_SOLO, -1, 18, 1, 78, 7, 0, 0, 0, 0, 48),
    ("I16", NULL, -1, 20, 0, 0, 0, 1, 0, 0, 0, 35),
    ("I17", NULL_OUVERT, -1, 23, 0, 0, 0, 0, 0, 0, 0, 46),
    ("I18", GRAND_SOLO, -1, 96, 1, 75, 7, 1, 0, 0, 0, -192),
    ("I21", GRAND_SOLO, -1, 100, 3, 100, 9, 1, 1, 0, 0, 168),
    ("I22", GRAND_SOLO, -1, 100, 4, 120, 10, 1, 1, 1, 0, 240),
]


@pytest.mark.parametrize("ex", VALUES, ids=[e[0] for e in VALUES])
def test_values(ex):
    _, g, trump, bid, m, pts, tr, hand, s, z, ouvert, want = ex
    v, won, _ = skat_isko.result(g, trump, bid, m, pts, tr, bool(hand), bool(s), bool(z),
                                 bool(ouvert))
    assert v == want and won == (want > 0)


def test_schneider_and_schwarz_levels():
    # ISkO schneider: one side at most 30; 90 is schneider (the seed laws need 91).
    assert skat_isko.result(GRAND_SOLO, -1, 18, 1, 90, 9, False, False, False, False)[0] == 72
    assert skat_isko.result(GRAND_SOLO, -1, 18, 1, 89, 9, False, False, False, False)[0] == 48
    # Schwarz won without announcement: game + schneider + schwarz.
    assert skat_isko.result(GRAND_SOLO, -1, 18, 1, 120, 10, False, False, False, False)[0] == 96
    # Lost with no trick: schneider and schwarz against him, doubled.
    assert skat_isko.result(SOLO, 3, 18, 1, 0, 0, False, False, False, False)[0] == -72
    # Announced schneider missed by one point.
    assert skat_isko.result(SOLO, 0, 18, 1, 89, 9, True, True, False, False)[0] == -2 * 12 * 5


def test_every_isko_record_is_there():
    here = os.path.join(os.path.dirname(__file__), "records", "skat")
    have = sorted(f[:-4] for f in os.listdir(here) if f.startswith("I") and f.endswith(".rec"))
    assert have == sorted([e[0] for e in VALUES] + ["I19", "I20"])


def test_no_seed_concession_window_under_isko_but_4_3_at_every_turn():
    # A.8 as corrected: the seed's D18 window is not played; ISkO 4.3 lets
    # a side give up at each of its turns (tests/test_skat_shorten.py).
    st = run(deal(), (M, "bid 18"), (F, "pass"), (R, "pass"), (M, "hand"), (M, "solo C"),
             (M, "announce nothing"))
    while not st.done:
        assert st.phase != skat.CONCEDE_P and st.legal()[-1] == skat.CONCEDE
        st.apply(st.legal()[0])


def test_all_pass_thrown_in_or_ramsch():
    st = run(deal(), (M, "pass"), (R, "pass"), (F, "pass"))
    assert st.done and st.thrown and st.result.points == [0, 0, 0]
    st = run(deal(options=isko("isko_all_pass=ramsch")), (M, "pass"), (R, "pass"), (F, "pass"))
    assert not st.done and st.gtype == skat.RAMSCH and st.phase == skat.PLAYING


def _play_match(options, seed):
    m = Match(skat, options, seed)
    ps = [make_player("heuristic", skat, seed * 3 + i) for i in range(3)]
    booked = [[0, 0, 0], [0, 0, 0]]  # games won, lost as declarer
    thrown = 0
    while not m.over:
        st = m.new_deal()
        while not st.done:
            st.apply(ps[st.to_move].choose(st.observation(st.to_move)))
        if st.thrown:
            thrown += 1
        elif st.declarer >= 0:
            booked[0 if st.result.points[st.declarer] > 0 else 1][st.declarer] += 1
        m.finish_deal(st)
    return m, booked, thrown


def test_thrown_in_deals_count_and_seeger_fabian():
    m, booked, thrown = _play_match(isko("isko_score=seeger_fabian", "rounds=2"), 3)
    assert m.deals == 6
    won, lost = booked
    for p in range(3):
        others_lost = sum(lost) - lost[p]
        sf = m.scores[p] + 50 * (won[p] - lost[p]) + 40 * others_lost
        assert skat_isko.seeger_totals(m)[p] == sf
    best = max(skat_isko.seeger_totals(m))
    assert skat_isko.seeger_totals(m)[m.winner] == best


def test_thrown_in_deal_is_one_of_the_match_deals():
    for seed in range(40):
        m, _, thrown = _play_match(isko("rounds=1"), seed)
        if thrown:
            assert m.deals == 3
            return
    raise AssertionError("no thrown-in deal in 40 matches")


@pytest.mark.parametrize("extra", [(), ("isko_all_pass=ramsch", "isko_score=seeger_fabian")])
def test_random_and_heuristic_matches_keep_the_invariants(extra):
    for seed in (1, 2):
        play_checked(skat, isko("rounds=1", *extra), seed, kinds=("random", "heuristic"))


def test_heuristic_bids_by_reachable_values():
    from engine.skat import isko_heuristic as ih
    # Clubs with 2 and five trumps: 12 x 3 = 36 with the skat; a grand with
    # two jacks and four aces... 24 x 3 = 72.
    hand = parse_cards("JC JS AC TC KC 9C AS TS AH AD")
    assert ih.limit(hand) == 72
    st = run(deal(hands={M: "JC JS AC TC KC 9C AS TS AH AD", R: "JH JD QC 8C 7D TD KD QD 9D 8D",
                         F: "KS QS 9S 8S 7S TH KH QH 9H 7H"}), (M, "bid 18"))
    p = make_player("heuristic", skat, 1)
    assert st.action_text(p.choose(st.observation(F))) == "pass"  # F: no game at all
    run(st, (F, "pass"))
    # R: diamonds Hand against 2 with eight trumps, 9 x (2 + 1 + 1) = 36.
    assert ih.limit(parse_cards("JH JD QC 8C 7D TD KD QD 9D 8D")) == 36
    assert st.action_text(p.choose(st.observation(R))) == "bid 20"


def test_heuristic_announces_ouvert_only_when_every_trick_is_sure():
    from engine.skat import isko_heuristic as ih
    # I12's grand: four jacks, clubs A T K, spades A T, hearts A, no diamonds.
    assert ih.sure(parse_cards("JC JS JH JD AC TC KC AS TS AH"), GRAND_SOLO, -1)
    # A king without the ten can be beaten; three jacks leave one trump out
    # and a void to ruff with only two of them on top.
    assert not ih.sure(parse_cards("JC JS JH JD AC KC QC AS TS AH"), GRAND_SOLO, -1)
    assert not ih.sure(parse_cards("JC JS JD AC TC KC AS TS AH KH"), GRAND_SOLO, -1)
    hands = {M: "JC JS JH JD AC TC KC AS TS AH", F: "QC 9C 8C 7C KS QS 9S 8S KH QH",
             R: "7S TH 9H 8H 7H AD TD KD QD 9D"}
    st = run(deal("8D 7D", hands), (M, "bid 18"), (F, "pass"), (R, "pass"), (M, "hand"),
             (M, "grand"))
    p = make_player("heuristic", skat, 1)
    assert st.action_text(p.choose(st.observation(M))) == "announce ouvert"
    st.apply_text("announce ouvert")
    while not st.done:  # he ruffs the diamond lead and takes every trick
        st.apply(p.choose(st.observation(st.to_move)))
    assert st.result.points[M] == 264
