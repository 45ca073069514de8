"""Sixty-six for two players: the spec's test vectors (shared/rules/sixtysix.md
§8) and its rules, through the game interface."""
import pytest

from engine.sixtysix import rules as g
from engine.cards import parse_card, parse_cards, SPADES, HEARTS, CLUBS, pack24
from engine.game import Options, IllegalAction
from engine.match import Match
from engine.records import replay
from engine.determinize import sample
from tests.invariants import play_checked, snapshot
from tests.mp import ROOT

DECK_8_1 = parse_cards("KH QH AC AH TS KC TC 9S AD 9H QD JD JS "
                       "KS 9D TH QC AS JC KD 9C JH TD QS")


def opts(**kw):
    return Options(g.SETTINGS, kw)


def deal(deck=DECK_8_1, dealer=1, **kw):
    return g.SixtySix(opts(**kw), dealer, list(deck))


def play(st, *texts):
    for t in texts:
        st.apply(st.parse_action(t))
    return st


def cards(text):
    return sorted(parse_cards(text))


def position(hands, trump=SPADES, leader=0, points=(0, 0), tricks=(0, 0),
             marriages=((), ()), stock="", turnup="9D", closed=False, exhausted=False,
             trick="", **kw):
    """A mid-deal position: P1 = seat 0 (non-dealer), P2 = seat 1 (dealer)."""
    st = deal(**kw)
    st.hands = [cards(hands[0]), cards(hands[1])]
    st.trump = trump
    st.turnup = -1 if exhausted else parse_card(turnup)
    st.stock = parse_cards(stock)
    st.closed = closed
    st.closer = leader if closed else -1
    st.exhausted = exhausted
    st.points = list(points)
    st.tricks = list(tricks)
    st.marriages = [list(marriages[0]), list(marriages[1])]
    st.leader = leader
    st.trick = parse_cards(trick)
    st.phase = g.FOLLOW if st.trick else g.LEAD
    st.to_move = 1 - leader if st.trick else leader
    return st


# -- §8.1 the full deal ---------------------------------------------------------

def test_8_1_deal_packets_and_turnup():
    st = deal()
    assert st.hands[0] == cards("KH QH AC TC 9S AD")
    assert st.hands[1] == cards("AH TS KC 9H QD JD")
    assert st.trump == SPADES and st.turnup == parse_card("JS")
    assert st.to_move == 0  # the non-dealer leads


def test_8_1_trick_by_trick():
    st = deal()
    play(st, "marriage H", "QH", "AH")
    assert (st.total(0), st.total(1), st.pending(0)) == (0, 14, 20)
    assert parse_card("KS") in st.hands[1] and parse_card("9D") in st.hands[0]
    play(st, "JD", "AD")
    assert (st.total(0), st.total(1)) == (33, 14)  # marriage credited with the first trick
    play(st, "exchange")
    assert st.turnup == parse_card("9S") and parse_card("JS") in st.hands[0]
    play(st, "AC", "9H")
    assert (st.total(0), st.total(1)) == (44, 14)
    play(st, "TC", "KS")
    assert (st.total(0), st.total(1)) == (44, 28)
    play(st, "marriage C", "KC", "AS")
    assert (st.total(0), st.total(1)) == (59, 48)
    assert st.hands[0] == cards("KH JS 9D TH 9C JH")
    assert st.hands[1] == cards("TS QD QC JC KD TD")
    assert st.stock == [parse_card("QS")] and st.turnup == parse_card("9S")
    branch_b = st.clone()
    play(st, "TH", "TS")
    assert st.done and st.result.winner == 1 and st.result.points == [0, 1]
    assert st.result.totals == [59, 68]
    # 6b: P1 closes, leads TH; P2 has no heart and one trump: TS is forced.
    play(branch_b, "close", "TH")
    assert branch_b.legal() == [parse_card("TS")]
    play(branch_b, "TS")
    assert branch_b.result.winner == 1 and branch_b.result.points == [0, 3]


@pytest.mark.parametrize("name,points", [("spec_8_1a", [0, 1]), ("spec_8_1b_seed", [0, 3]),
                                         ("spec_8_1b_pagat", [0, 2])])
def test_8_1_records(name, points):
    with open("%s/tests/records/sixtysix/%s.rec" % (ROOT, name)) as f:
        m = replay(f.read())
    assert m.scores == points
    assert m.dealer == 1  # the deal winner deals next


# -- §8.2 deal scoring ----------------------------------------------------------

def finish_by_trick(st, lead, follow):
    play(st, lead, follow)
    return st.result


def test_v1_v2_v3_loser_totals():
    for loser_pts, gp in ((40, 1), (33, 1), (32, 2)):
        st = position(["AC 9H", "TC 9D"], points=(60, loser_pts), tricks=(3, 3))
        r = finish_by_trick(st, "AC", "TC")  # 60 + 21 = 81
        assert r.winner == 0 and r.points[0] == gp, loser_pts


@pytest.mark.parametrize("basis", ["zero_points", "no_tricks"])
def test_v4_loser_without_a_trick(basis):
    st = position(["AC 9H", "TC 9D"], points=(50, 0), tricks=(4, 0), schwarz_basis=basis)
    r = finish_by_trick(st, "AC", "TC")
    assert r.points[0] == 3


@pytest.mark.parametrize("basis,gp", [("zero_points", 3), ("no_tricks", 2)])
def test_v5_loser_with_a_pointless_trick(basis, gp):
    st = position(["AC 9H", "TC 9D"], points=(50, 0), tricks=(4, 1), schwarz_basis=basis)
    r = finish_by_trick(st, "AC", "TC")
    assert r.points[0] == gp


def test_v6_pending_forty_never_credited():
    st = position(["AC 9H", "TC 9D"], points=(50, 0), tricks=(4, 0),
                  marriages=((), ((SPADES, 40),)))
    assert st.total(1) == 0 and st.pending(1) == 40
    assert finish_by_trick(st, "AC", "TC").points[0] == 3


def test_v7_pending_twenty_credited_by_a_later_trick():
    # P2 declared 20 (pending, no trick yet), then wins TC+JC = 12: T = 32 -> 2 game points.
    st = position(["JC AD", "TC 9D"], leader=0, points=(60, 0), tricks=(3, 0),
                  marriages=((), ((HEARTS, 20),)))
    assert st.total(1) == 0 and st.pending(1) == 20
    play(st, "JC", "TC")
    assert st.total(1) == 32 and st.pending(1) == 0
    r = finish_by_trick(st, "9D", "AD")  # P1 wins: 60 + 11 = 71
    assert r.winner == 0 and r.points[0] == 2 and r.totals == [71, 32]


def test_v8_forty_credited_but_below_66():
    # P1 declares 40 leading QS; P2 takes it with AS; P2 leads TD, P1 plays AD.
    st = position(["KS QS AD 9C", "AS TD 9H JC"], trump=SPADES, stock="KH QC JH TH",
                  turnup="9S")
    play(st, "marriage S", "QS", "AS")
    assert st.total(1) == 14 and st.pending(0) == 40
    play(st, "TD", "AD")
    assert st.total(0) == 21 + 40 == 61
    assert not st.done


def test_v9_declaration_reaches_66_without_a_lead():
    st = position(["KH QH AC", "TC 9D JD"], points=(50, 45), tricks=(3, 3), turnup="9S",
                  stock="JH QC")
    play(st, "marriage H")
    assert st.done and st.result.winner == 0 and st.result.points == [1, 0]
    assert st.result.totals == [70, 45]


def test_v10_last_trick_bonus():
    st = position(["JH", "9C"], points=(56, 62), tricks=(5, 6), exhausted=True)
    r = finish_by_trick(st, "JH", "9C")
    assert r.totals == [68, 62] and r.winner == 0 and r.points[0] == 1


def test_v11_drawn_deal_same_dealer():
    st = position(["JH", "9C"], points=(53, 65), tricks=(5, 6), exhausted=True)
    r = finish_by_trick(st, "JH", "9C")
    assert r.totals == [65, 65] and r.winner == -1 and r.points == [0, 0]
    m = Match(g, st.opts, 1, dealer=1)
    g.settle(m, st)
    assert m.dealer == 1 and m.scores == [0, 0]


@pytest.mark.parametrize("rule,winner,gp", [("higher_total", 0, 1), ("void", -1, 0)])
def test_v12_no_bonus_played_out(rule, winner, gp):
    st = position(["JH", "9C"], points=(62, 56), tricks=(5, 6), exhausted=True,
                  last_trick_bonus=0, no66_two_player=rule)
    r = finish_by_trick(st, "JH", "9C")
    assert r.totals == [64, 56] and r.winner == winner
    if winner >= 0:
        assert r.points[winner] == gp
    else:
        assert r.void and r.points == [0, 0]


@pytest.mark.parametrize("scoring,gp", [("seed", 3), ("pagat", 1)])
def test_v13_closer_reaches_66(scoring, gp):
    st = position(["AC TC 9H", "9C JD QD"], points=(40, 30), tricks=(2, 2),
                  stock="KH QH JH", turnup="9S", closed_scoring=scoring)
    play(st, "close")
    assert st.closer_opp_had_trick
    st.points = [49, 38]  # later in the deal: P1 49, P2 38
    r = finish_by_trick(st, "AC", "9C")  # P1 49 + 11 = 60: not yet
    assert r is None
    r = finish_by_trick(st, "TC", "QD")  # follow: P2 has no club; no trump -> any card
    assert st.done and r.winner == 0 and r.totals == [73, 38] and r.points[0] == gp


@pytest.mark.parametrize("scoring,had_trick,gp", [("seed", True, 3), ("pagat", True, 2),
                                                  ("pagat", False, 3)])
def test_v14_closer_fails_when_cards_run_out(scoring, had_trick, gp):
    st = position(["9C", "JC"], points=(61, 48), tricks=(5, 4 if had_trick else 0),
                  stock="KH QH", turnup="9S", closed_scoring=scoring)
    st.closed, st.closer, st.closer_opp_had_trick = True, 0, had_trick
    r = finish_by_trick(st, "9C", "JC")
    assert st.done and r.winner == 1 and r.points[1] == gp


@pytest.mark.parametrize("scoring,gp", [("seed", 3), ("pagat", 2)])
def test_v15_closers_opponent_reaches_66(scoring, gp):
    st = position(["9C JH", "AC TD"], points=(40, 60), tricks=(3, 3),
                  stock="KH QH", turnup="9S", closed_scoring=scoring)
    st.closed, st.closer, st.closer_opp_had_trick = True, 0, True
    r = finish_by_trick(st, "9C", "AC")
    assert r.winner == 1 and r.points[1] == gp


@pytest.mark.parametrize("closed,scoring,gp", [(False, "seed", 2), (True, "seed", 3)])
def test_v16_false_claim(closed, scoring, gp):
    st = position(["AC 9H", "TC 9D"], points=(40, 30), tricks=(2, 2), stock="KH QH",
                  turnup="9S", claim_mode="manual", closed_scoring=scoring)
    play(st, "AC", "TC")  # P1 wins: 40 + 21 = 61... make it 64
    st.points[0] = 64
    if closed:
        st.closed, st.closer = True, 0
    assert g.CLAIM in st.legal()
    play(st, "claim")
    assert st.done and st.result.winner == 1 and st.result.points[1] == gp


def test_v17_unclaimed_66_is_lost_to_a_later_claim():
    st = position(["AC 9H KD", "TC 9D AH"], points=(60, 50), tricks=(3, 3), stock="KH QH",
                  turnup="9S", claim_mode="manual")
    play(st, "AC", "TC")  # P1 reaches 81 but does not claim; he leads on
    assert st.total(0) == 81 and not st.done
    play(st, "9H", "AH")  # P2 wins 11: 61
    st.points[1] = 67
    play(st, "claim")
    assert st.result.winner == 1 and st.result.points[1] == 1  # P1 has >= 33


def test_claim_only_right_after_a_trick_or_marriage():
    st = position(["AC 9H KD QD", "TC 9D AH JC"], points=(60, 50), tricks=(3, 3),
                  stock="KH QH", turnup="9S", claim_mode="manual")
    assert g.CLAIM not in st.legal()  # nothing just happened
    play(st, "AC", "TC")
    assert g.CLAIM in st.legal()
    play(st, "marriage D")
    assert g.CLAIM in st.legal()  # right after the declaration, instead of leading


def test_v22_v23_v24_match_targets():
    for target, start, gp, deals_over in ((8, [7, 0], 1, True), (8, [0, 5], 3, True),
                                          (7, [5, 0], 2, True), (8, [5, 0], 2, False)):
        m = Match(g, opts(match_target=target), 1, dealer=1)
        m.scores = list(start)
        winner = 0 if start[0] >= start[1] else 1
        st = position(["AC", "TC"], exhausted=True, points=(60, 10 if gp == 2 else 50),
                      tricks=(5, 5))
        if winner == 1:
            st = position(["TC", "AC"], exhausted=True, points=(50, 60), tricks=(5, 5))
            st.closed, st.closer = True, 0  # a closed deal the closer lost (seed: 3)
            st.exhausted = False
        play(st, st.action_text(st.hands[st.leader][0]), st.action_text(st.hands[1 - st.leader][0]))
        m.finish_deal(st)
        assert m.scores[winner] == start[winner] + gp
        assert m.over == deals_over and (not deals_over or m.winner == winner)


def test_alternate_dealer_rotation():
    m = Match(g, opts(dealer_rotation="alternate"), 1, dealer=1)
    st = position(["AC", "TC"], exhausted=True, points=(60, 50), tricks=(5, 5))
    play(st, "AC", "TC")
    m.finish_deal(st)
    assert m.dealer == 0  # P1 won, but the deal alternates


# -- §8.3 legality --------------------------------------------------------------

PHASE2 = dict(stock="", exhausted=True)


@pytest.mark.parametrize("hand,legal,head", [
    ("AH 9H TS QC", "AH", "true"),      # F1
    ("QH 9H TS", "QH 9H", "true"),      # F2
    ("9S AC QD", "9S", "true"),         # F3
    ("AC QD", "AC QD", "true"),         # F4
    ("AH 9H TS QC", "AH 9H", "false"),  # F5
])
def test_f1_to_f5_phase2_following(hand, legal, head):
    st = position(["JC", hand], trick="KH", **PHASE2, must_head_in_suit=head)
    st.hands[0] = []
    assert sorted(st.legal()) == cards(legal)


def test_f6_phase1_any_card():
    st = position(["JC", "AH 9H TS QC"], trick="KH", stock="KD QD", turnup="9S")
    assert sorted(st.legal()) == cards("AH 9H TS QC")


def test_x1_first_lead_of_the_non_dealer():
    st = position(["9S KH QH AC TC JD", "AH TS KC 9H QD JD"], stock="KS 9D TH", turnup="JS")
    legal = st.legal()
    assert g.EXCHANGE not in legal and g.CLOSE in legal and g.MARRIAGE + HEARTS in legal


def test_x2_exchange_and_close_with_one_face_down_card():
    st = position(["9S KH AC", "AH TS KC"], stock="QS", turnup="JS", tricks=(1, 4))
    legal = st.legal()
    assert g.EXCHANGE in legal and g.CLOSE in legal


@pytest.mark.parametrize("rule,allowed", [("allowed", True), ("forbidden", False)])
def test_x3_after_the_stock_is_exhausted(rule, allowed):
    st = position(["9S KH QH", "AH TS KC"], tricks=(3, 3), marriages_in_phase2=rule, **PHASE2)
    legal = st.legal()
    assert g.EXCHANGE not in legal and g.CLOSE not in legal
    assert (g.MARRIAGE + HEARTS in legal) == allowed


def test_x4_no_exchange_after_closing():
    st = position(["9S KH AC", "AH TS KC"], stock="QS JD", turnup="JS", tricks=(1, 4))
    play(st, "close")
    assert g.EXCHANGE not in st.legal() and g.CLOSE not in st.legal()


def test_turn_order_exchange_close_marriage():
    st = position(["9S KH QH AC", "AH TS KC QC"], stock="QS JD", turnup="JS", tricks=(1, 4))
    play(st, "close")
    with pytest.raises(IllegalAction):
        st.apply(g.EXCHANGE)  # the exchange comes before the close, never after
    play(st, "marriage H")
    assert sorted(st.legal()) == cards("KH QH")  # lead the declared king or queen


# -- errors and hidden information ------------------------------------------------

def test_illegal_actions_leave_the_state_untouched():
    st = deal()
    before = snapshot(st)
    for bad in ("AH", "exchange", "marriage S", "claim"):
        with pytest.raises(IllegalAction) as e:
            st.apply(st.parse_action(bad))
        assert "legal:" in str(e.value)
        assert snapshot(st) == before
    with pytest.raises(ValueError):
        st.parse_action("marriage")
    with pytest.raises(ValueError):
        st.parse_action("ZZ")


def test_bad_deck_is_rejected():
    with pytest.raises(ValueError):
        g.SixtySix(opts(), 1, DECK_8_1[:-1])
    with pytest.raises(ValueError):
        g.SixtySix(opts(), 1, DECK_8_1[:-1] + DECK_8_1[:1])


def test_observation_hides_the_other_hand_and_the_stock():
    st = deal()
    o = st.observation(0)
    assert o.hand == cards("KH QH AC TC 9S AD")
    seen = set(o.hand) | set(o.played) | set(o.trick) | {o.turnup} | set(o.known)
    assert not seen & set(st.hands[1])
    assert not seen & set(st.stock)
    play(st, "marriage H")
    o1 = st.observation(1)
    assert sorted(o1.known) == cards("KH QH")  # the declared pair is public


def test_determinize_keeps_what_the_observer_knows():
    from engine.rng import Rng
    st = deal()
    play(st, "marriage H", "QH", "AH", "JD", "AD", "exchange")
    for seed in range(20):
        w = sample(st, 1, Rng(seed))
        assert w.hands[1] == st.hands[1]
        assert set(st.known[0]) <= set(w.hands[0])
        assert sorted(w.card_locations()) == sorted(pack24())
        assert len(w.hands[0]) == len(st.hands[0]) and len(w.stock) == len(st.stock)


def test_determinize_respects_shown_voids():
    from engine.rng import Rng
    st = position(["KH 9C", "AC JD QD"], **PHASE2)
    st.hands = [cards("KH 9C"), cards("AC JD")]
    play(st, "KH", "JD")  # P2 shows no heart and no trump
    assert st.excluded[1][parse_card("AH")] and st.excluded[1][parse_card("AS")]


def test_card_points_are_conserved_in_random_games():
    def check(st):
        won = st.points[0] + st.points[1]
        left = sum(g.POINTS[c] for c in st.hands[0] + st.hands[1] + st.stock)
        if st.turnup >= 0:
            left += g.POINTS[st.turnup]
        assert won + left == 120
        assert st.bonus[0] + st.bonus[1] in (0, 10)
        if st.result.winner >= 0:
            assert 1 <= st.result.points[st.result.winner] <= 3
    for seed in range(1, 8):
        play_checked(g, opts(), seed, ("random", "heuristic"), deal_check=check)
        play_checked(g, opts(claim_mode="manual", closed_scoring="pagat"), seed,
                     ("heuristic",), deal_check=check)


# -- §4 three players and §5 the Swabian pack ------------------------------------

def three(hands, trick="", leader=0, points=(0, 0, 0), tricks=(0, 0, 0), **kw):
    st = g.SixtySix(opts(variant="three", **kw), 2, pack24())
    st.hands = [cards(h) for h in hands]
    st.trump = SPADES
    st.points = list(points)
    st.tricks = list(tricks)
    st.trick = parse_cards(trick)
    st.leader = leader
    st.phase = g.FOLLOW if st.trick else g.LEAD
    st.to_move = (leader + len(st.trick)) % 3
    return st


def test_three_player_deal():
    deck = pack24()
    st = g.SixtySix(opts(variant="three"), 2, deck)
    # P1 (dealer's left) gets d[0..2], d[9..10], d[15..17]; the dealer's last card is trump.
    assert st.hands[0] == sorted(deck[0:3] + deck[9:11] + deck[15:18])
    assert st.hands[1] == sorted(deck[3:6] + deck[11:13] + deck[18:21])
    assert st.hands[2] == sorted(deck[6:9] + deck[13:15] + deck[21:24])
    assert st.trump == g.SUITS[deck[23]] and deck[23] in st.known[2]
    assert st.to_move == 0 and st.stock == [] and st.phase2()
    assert g.EXCHANGE not in st.legal() and g.CLOSE not in st.legal()


@pytest.mark.parametrize("trick,hand,legal", [
    ("KH 9S", "AH TH JS", "AH TH"),  # G1: already trumped: any heart
    ("KH AH", "TH QS", "TH"),        # G2: must follow (cannot head AH)
    ("KH QS", "KS 9S AC", "KS"),     # G3: void: over-trump
    ("KH QS", "9S AC", "9S"),        # G4: void: must trump even under
])
def test_g1_to_g4_three_player_following(trick, hand, legal):
    st = three(["", "", hand], trick=trick)
    assert sorted(st.legal()) == cards(legal)


@pytest.mark.parametrize("rule,gp", [("sum", 3), ("best_opponent", 1)])
def test_v18_three_player_points(rule, gp):
    st = three(["AC", "9D", "JD"], points=(57, 40, 20), tricks=(3, 2, 1),
               three_player_points=rule)
    play(st, "AC", "9D", "JD")  # P1 takes 13: 70
    assert st.done and st.result.winner == 0 and st.result.points[0] == gp


@pytest.mark.parametrize("rule,gp", [("sum", 4), ("best_opponent", 1)])
def test_v19_three_player_schwarz_opponent(rule, gp):
    st = three(["AC", "9D", "9C"], points=(50, 38, 0), tricks=(3, 2, 0),
               three_player_points=rule)
    st.marriages[0] = [(HEARTS, 20)]
    play(st, "AC", "9D", "9C")  # 50 + 11 + 20 = 81... with the credited 20
    assert st.result.points[0] == gp


def test_v20_three_player_void_deal_passes_left():
    st = three(["9H", "9D", "9C"], points=(50, 45, 25), tricks=(2, 3, 2))
    play(st, "9H", "9D", "9C")  # P1 wins the last trick: 50 + 10 = 60
    assert st.done and st.result.void and st.result.totals == [60, 45, 25]
    m = Match(g, st.opts, 1, dealer=2)
    m.finish_deal(st)
    assert m.dealer == 0 and m.scores == [0, 0, 0]


def test_v21_swabian_identical_cards_first_played_wins():
    st = g.SixtySix(opts(variant="swabian"), 1, g.pack48())
    st.hands = [[parse_card("KH#1")], [parse_card("KH#2")]]
    st.trump = SPADES
    play(st, "KH#1", "KH#2")
    assert st.tricks == [1, 0] and st.points == [8, 0]


def swabian(hands, trick="", **kw):
    st = g.SixtySix(opts(variant="swabian"), 1, g.pack48())
    st.hands = [cards(hands[0]), cards(hands[1])]
    st.trump = SPADES
    st.trick = parse_cards(trick)
    st.leader = 0
    st.phase = g.FOLLOW if st.trick else g.LEAD
    st.to_move = 1 if st.trick else 0
    for k, v in kw.items():
        setattr(st, k, v)
    return st


def test_swabian_deal():
    deck = g.pack48()
    st = g.SixtySix(opts(variant="swabian"), 1, deck)
    assert st.hands[0] == sorted(deck[0:4] + deck[8:12])
    assert st.hands[1] == sorted(deck[4:8] + deck[12:16])
    assert st.turnup == deck[16] and st.stock == deck[17:] and len(st.stock) == 31


def test_w1_w2_identical_card_does_not_head():
    st = swabian(["", "QS#2 9S AC"], trick="QS#1", exhausted=True, stock=[], turnup=-1)
    assert sorted(st.legal()) == cards("QS#2 9S")
    st = swabian(["", "QS#2 9S AC KS#1"], trick="QS#1", exhausted=True, stock=[], turnup=-1)
    assert st.legal() == cards("KS#1")


def test_w3_each_king_and_queen_in_one_marriage():
    st = swabian(["KH#1 QH#1 KH#2 9C", "AC TC JC 9D"], stock=parse_cards("QH#2 9D#2 JD"),
                 turnup=parse_card("9S"))
    play(st, "marriage H")
    assert sorted(st.legal()) == cards("KH#1 QH#1")
    play(st, "KH#1", "9D")
    st.to_move = st.leader = 0
    st.hands[0] = cards("QH#1 KH#2 9C AD")  # the draw brought AD
    assert g.MARRIAGE + HEARTS not in st.legal()  # QH#1 is used
    st.hands[0] = cards("QH#1 KH#2 QH#2 9C")
    assert g.MARRIAGE + HEARTS in st.legal()
    play(st, "marriage H")
    assert sorted(st.legal()) == cards("KH#2 QH#2")


def test_w4_no_exchange_of_the_identical_nine():
    st = swabian(["9S#2 AC", "TC 9D"], stock=parse_cards("QH JD"), turnup=parse_card("9S#1"),
                 tricks=[1, 0])
    assert g.EXCHANGE not in st.legal()
    st.turnup = parse_card("AS")
    assert g.EXCHANGE in st.legal()
    play(st, "exchange")
    assert st.turnup == parse_card("9S#2") and parse_card("AS") in st.hands[0]


def test_swabian_target_101():
    st = swabian(["AC", "TC"], points=[90, 10], tricks=[5, 1], swabian_target=101,
                 stock=parse_cards("QH JD"), turnup=parse_card("AS"))
    st.opts = opts(variant="swabian", swabian_target=101)
    st.rules = g.Rules(st.opts)
    play(st, "AC", "TC")  # 111 >= 101
    assert st.done and st.result.winner == 0


def test_card_points_conserved_in_three_and_swabian_games():
    for variant, total in (("three", 120), ("swabian", 240)):
        def check(st):
            won = sum(st.points)
            left = sum(g.POINTS[c] for c in st.card_locations()) - won
            assert won + left == total
        for seed in range(1, 5):
            play_checked(g, opts(variant=variant), seed, ("random", "heuristic"), deal_check=check)
