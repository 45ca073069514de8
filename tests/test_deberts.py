"""Deberts (shared/rules/deberts.md): the spec's legality cases, the
decisions' rules (bidding, the seven exchange, declarations, bella, the
Партия claim, the match end), the pencil notation, and random complete games
checked against the card points."""
import copy

import pytest

from engine.deberts import rules as g
from tests import deberts_notation as notation
from engine.cards import parse_cards, parse_card, pack32
from engine.deberts.combos import combinations, best_key, combo_points
from engine.game import Options, IllegalAction
from engine.match import Match
from engine.rng import Rng
from engine import jacknine
from engine.determinize import sample
from tests.invariants import play_checked, snapshot, other_values

A, B = 0, 1
C_, S_, H_, D_ = 0, 1, 2, 3


def opts(**kw):
    o = Options(g.SETTINGS)
    for k in kw:
        o.set(k, kw[k])
    return o


def build_deck(dealer, a_cards, b_cards, candle, freza):
    """The deck that deals these 9-card hands (N first, as §3.1/§3.3)."""
    h = [parse_cards(a_cards), parse_cards(b_cards)]
    nd, dd = h[1 - dealer], h[dealer]
    c = parse_card(candle)
    deck = nd[0:3] + dd[0:3] + nd[3:6] + dd[3:6] + [c] + nd[6:9] + dd[6:9]
    rest = [x for x in pack32() if x not in deck]
    f = parse_card(freza) if freza else rest[-1]
    rest.remove(f)
    deck = deck + rest + [f]
    assert sorted(deck) == sorted(pack32())
    return deck


def make(a_cards, b_cards, candle="7S", freza=None, bids=("take",), dealer=A,
         o=None, scores=(0, 0), pot=0):
    st = g.Deberts(o or opts(), dealer, build_deck(dealer, a_cards, b_cards, candle, freza),
                   list(scores), pot, False)
    for b in bids:
        st.apply_text(b)
    return st


def legal(st):
    return st.legal_text()


def rejected(st, text):
    """An illegal action raises IllegalAction naming the legal ones and
    leaves the state as it was."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(st.parse_action(text))
    assert "legal:" in str(e.value)
    assert snapshot(st) == before
    return str(e.value)


# -- §4 legality test vectors DL1-DL5 (trump D; A leads, B follows) --------

DL = [
    ("DL1", "TD", "AD 8D 9C", ["AD"], ["AD"]),
    ("DL2", "TD", "9D AD 8D", ["9D", "AD"], ["9D"]),
    ("DL3", "JD", "8D AD KS", ["8D", "AD"], ["8D", "AD"]),
    ("DL4", "KC", "7C AC JD", ["7C", "AC"], ["7C", "AC"]),
    ("DL5", "KC", "7D AS", ["7D"], ["7D"]),
]


def _follow_state(lead, b_hand, o):
    # a deal with trump D, rebuilt at the point where A has led and B follows
    st = make("JD 8S TS AS 9H 7H 8C TC QC", "AD 8D 9C 9D 7C AC KS 7D KH",
              candle="QD", bids=("take",), o=o)
    st.started = [True, True]
    st.decided = [True, True]
    st.hands[B] = parse_cards(b_hand)
    st.trick = [parse_card(lead)]
    st.leader = A
    st.to_move = B
    return st


@pytest.mark.parametrize("name,lead,hand,default,highest", DL, ids=[d[0] for d in DL])
def test_legality_vectors(name, lead, hand, default, highest):
    st = _follow_state(lead, hand, opts())
    assert sorted(st.legal_text()) == sorted(default)
    st = _follow_state(lead, hand, opts(overtrump_with_highest="on"))
    assert sorted(st.legal_text()) == sorted(highest)


def test_illegal_follow_is_rejected_unchanged():
    st = _follow_state("TD", "9D AD 8D", opts())
    msg = rejected(st, "8D")
    assert "may not play 8D" in msg and "9D" in msg


# -- §3 deal and bidding ---------------------------------------------------

def test_deal_layout_candle_and_freza():
    deck = list(range(32))
    Rng(3).shuffle(deck)
    st = g.Deberts(opts(), A, deck, [0, 0], 0, False)
    # §3.1: cards 0-2 and 6-8 to N (B), 3-5 and 9-11 to D (A); 12 the candle
    assert sorted(st.hands[B]) == sorted(deck[0:3] + deck[6:9])
    assert sorted(st.hands[A]) == sorted(deck[3:6] + deck[9:12])
    assert st.candle == deck[12] and st.freza == -1
    assert st.to_move == B and legal(st) == ["take", "pass"]
    st.apply_text("take")
    # §3.3: 13-15 to N, 16-18 to D, the freza is d[31]
    assert sorted(st.hands[B]) == sorted(deck[0:3] + deck[6:9] + deck[13:16])
    assert sorted(st.hands[A]) == sorted(deck[3:6] + deck[9:12] + deck[16:19])
    assert st.freza == deck[31] and len(st.stock) == 12
    assert st.maker == B and st.trump == st.candle_suit
    assert st.to_move == A  # DB-D3: the dealer leads
    assert sorted(st.card_locations()) == sorted(pack32())


def test_round_two_names_only_other_suits_and_all_pass_throws_in():
    st = make("8S TS AS 9H 7D 8D KD 7C AC", "9S JS TH QH AH QD 9C JC KC",
              candle="7S", bids=("pass", "pass"))
    assert st.phase == g.BID2 and st.to_move == B
    assert legal(st) == ["name C", "name H", "name D", "pass"]
    rejected(st, "name S")  # DB-D5: not the candle's suit
    st.apply_text("pass")
    assert st.to_move == A
    st.apply_text("pass")
    assert st.done and st.thrown_in and st.result.text().startswith("void")
    m = Match(g, opts(), 1, dealer=A)
    g.settle(m, st)
    assert m.dealer == B and m.scores == [0, 0]  # the other player deals


def test_round_two_trump_makes_the_namer_maker():
    st = make("8S TS AS 9H 7D 8D KD 7C AC", "9S JS TH QH AH QD 9C JC KC",
              candle="7S", bids=("pass", "pass", "pass", "name D"))
    assert st.maker == A and st.trump == D_ and st.round == 2


def test_colour_call_decides_the_first_move():
    deck = build_deck(A, "8S TS AS 9H 7D 8D KD 7C AC", "9S JS TH QH AH QD 9C JC KC", "7H", "QC")
    for call, first in (("red", B), ("black", A)):
        m = Match(g, opts(first_move_lot="colour_call"), 5, dealer=A)
        st = m.new_deal(list(deck))
        assert st.phase == g.LOT and st.to_move == B  # the other player calls
        o = st.observation(B)
        assert o.turnup == -1  # the candle is still face down
        assert legal(st) == ["red", "black"]
        st.apply_text(call)
        assert st.d == first and st.to_move == 1 - first  # N bids first
        assert st.observation(A).turnup == parse_card("7H")
        # the cards fell as dealt by A: B got 0-2, 6-8
        assert st.hands[B] == sorted(deck[0:3] + deck[6:9])
    # later deals have no lot
    m = Match(g, opts(first_move_lot="colour_call"), 5, dealer=A)
    m.deals = 1
    assert m.new_deal(list(deck)).phase == g.BID1


# -- §5 combinations (DB-D7 to DB-D9) ------------------------------------

@pytest.mark.parametrize("run,split,want", [
    ("7H 8H 9H", True, [(3, H_, 2, 3)]),
    ("7H 8H 9H TH", True, [(4, H_, 3, 4)]),
    ("7H 8H 9H TH JH QH", True, [(4, H_, 5, 4)]),
    ("7H 8H 9H TH JH QH KH", True, [(4, H_, 6, 4), (3, H_, 2, 3)]),
    ("7H 8H 9H TH JH QH KH AH", True, [(4, H_, 7, 4), (4, H_, 3, 4)]),
    # DB-D8: without the split, one berz of the run's top four cards
    ("7H 8H 9H TH JH QH KH", False, [(4, H_, 6, 4)]),
    ("8H 9H TH JH QH KH AH", False, [(4, H_, 7, 4)]),
    ("7H 8H 9H TH JH QH KH AH", False, [(4, H_, 7, 4)]),
    ("7H 8H 9H TH", False, [(4, H_, 3, 4)]),
    ("7H 8H TH JH", True, []),
])
def test_runs_cut_into_terz_and_berz(run, split, want):
    assert combinations(parse_cards(run), S_, split) == want


def test_long_run_unsplit_shows_and_stores_its_top_four():
    # DB7 with long_run_split off (tests/records/deberts/db7_no_split.rec):
    # B's berz from the 8H-AH run is JH QH KH AH, the cards A is shown once
    # he has played; the run's lower cards stay hidden
    from engine.records import replay
    text = open("tests/records/deberts/db7_no_split.rec").read()
    st = replay(text[:text.index("# trick 2")]).unfinished
    assert st.declared[B] == [(4, H_, 7, 4)] and st.combo_pts[B] == 50
    known = set(st.observation(A).known)
    assert set(parse_cards("JH QH KH AH")) <= known
    assert not set(parse_cards("8H 9H TH")) & known
    assert "(berz JH QH KH AH)" in st.declaration_text()


def test_combination_points_and_ranking():
    trump = S_
    terz_k_plain = combinations(parse_cards("JD QD KD"), trump)
    terz_k_trump = combinations(parse_cards("JS QS KS"), trump)
    terz_a_plain = combinations(parse_cards("QC KC AC"), trump)
    berz_t = combinations(parse_cards("7C 8C 9C TC"), trump)
    assert combo_points(berz_t) == 50 and combo_points(terz_a_plain) == 20
    assert best_key(berz_t, trump) > best_key(terz_a_plain, trump)  # berz beats terz
    assert best_key(terz_a_plain, trump) > best_key(terz_k_trump, trump)  # top card first
    assert best_key(terz_k_trump, trump) > best_key(terz_k_plain, trump)  # then trump
    assert best_key(combinations(parse_cards("JH QH KH"), trump), trump) == \
        best_key(terz_k_plain, trump)  # two plain equals: the first declarer keeps it


def test_declaring_is_a_choice_and_declining_scores_nothing():
    # DB6's hands: both hold an ace terz; if A declines, B's terz scores
    st = make("8S TS AS TH 7D QD KD AD 9C", "9S JS 8H KH AH TD QC KC AC",
              candle="7S", bids=("take",))
    assert legal(st) == ["declare", "decline"]
    rejected(st, "AS")  # the declaration step comes first
    st.apply_text("decline")
    st.apply_text("AS")
    assert legal(st) == ["declare", "decline"]
    st.apply_text("declare")
    assert st.combo_winner == B and st.combo_pts == [0, 20]


def test_second_declarer_must_be_strictly_higher():
    # DB6: equal plain ace terzes, the first declarer (D = A) keeps it
    st = make("8S TS AS TH 7D QD KD AD 9C", "9S JS 8H KH AH TD QC KC AC",
              candle="7S", bids=("take",))
    st.apply_text("declare")
    st.apply_text("AS")
    st.apply_text("declare")
    assert st.combo_winner == A and st.combo_pts == [20, 0]
    # the "Рост?" answers are public; the combination is shown after B plays
    info = dict(st.observation(B).info)
    assert "P1 terz from A; P2 terz from A; P1 scores 20" == info["declarations"]
    assert st.observation(B).known == []
    st.apply_text("9S")
    info = dict(st.observation(B).info)
    assert info["declarations"].endswith("(terz QD KD AD)")
    assert sorted(st.observation(B).known) == sorted(parse_cards("QD KD AD"))


# -- DB-D6 the seven exchange ---------------------------------------------

def test_exchange_only_for_a_round_one_trump():
    hands = ("8S JS QS KS JD QD 8C KC AC", "7S 9H TH AH 8D 9D 7D AD TC")
    st = make(*hands, candle="TD", bids=("pass", "take"))
    st.apply_text("declare")
    st.apply_text("JD")
    assert legal(st)[:3] == ["exchange", "declare", "decline"]
    st.apply_text("exchange")
    assert st.candle == parse_card("7D") and parse_card("TD") in st.hands[B]
    assert parse_card("TD") in st.observation(A).known  # public
    assert "exchange" not in legal(st)
    assert sorted(st.card_locations()) == sorted(pack32())
    # he declares from his new hand: the terz is now 8D 9D TD, and it still
    # loses to A's king terz (DB8)
    st.apply_text("declare")
    assert st.declared[B] == [(3, D_, 3, 3)]
    assert st.combo_winner == A
    # a round-2 trump: the candle is not a trump, no exchange
    st = make("8S JS QS KS JH QD 8C KC AC", "7S 9H TH AH 8D 9D 7D AD TC",
              candle="TS", bids=("pass", "pass", "pass", "name D"))
    st.apply_text("declare")
    st.apply_text("JH")
    assert "exchange" not in legal(st)


def test_exchange_settings_and_the_declaration_closes_it():
    hands = ("8S JS QS KS JD QD 8C KC AC", "7S 9H TH AH 8D 9D 7D AD TC")
    st = make(*hands, candle="TD", bids=("pass", "take"), o=opts(seven_exchange="off"))
    st.apply_text("declare")
    st.apply_text("JD")
    assert "exchange" not in legal(st)
    st = make(*hands, candle="TD", bids=("pass", "take"), o=opts(seven_exchange_who="maker_only"))
    st.apply_text("declare")
    st.apply_text("JD")
    assert "exchange" not in legal(st)  # B is the defender
    st = make(*hands, candle="TD", bids=("pass", "take"))
    st.apply_text("declare")
    st.apply_text("JD")
    st.apply_text("declare")  # declared with the 7 in his terz
    assert "exchange" not in legal(st)
    rejected(st, "exchange")


def test_low_terz_query_answers_truthfully():
    hands = ("8S JS QS KS JD QD 8C KC AC", "7S 9H TH AH 8D 9D 7D AD TC")
    st = make(*hands, candle="TD", bids=("pass", "take"), o=opts(low_terz_query="on"))
    st.apply_text("declare")  # A: terz to the king
    st.apply_text("JD")
    assert legal(st)[:2] == ["ask terz", "exchange"]
    st.apply_text("ask terz")
    assert st.asked[B] == 0  # 7D 8D 9D (top 9) loses to a king terz
    assert "ask terz" not in legal(st)
    assert ("low terz asked", "P2: does not win") in st.observation(A).info
    # the dealer may ask too: his answer weighs what N holds (nothing here)
    st = make("7D 8D 9D KS 8H TH 8C TC 9C", "JS QS 9H JH AH AD JC QC KC",
              candle="TD", bids=("pass", "take"), o=opts(low_terz_query="on"))
    assert legal(st)[:2] == ["ask terz", "exchange"]
    st.apply_text("ask terz")
    assert st.asked[A] == 0  # B's plain terz to the king beats a trump terz to the 9
    st = make("7D 8D 9D KS 8H TH 8C TC 9C", "JS QS 9H JH AH AD JC QC 7S",
              candle="TD", bids=("pass", "take"), o=opts(low_terz_query="on"))
    st.apply_text("ask terz")
    assert st.asked[A] == 1  # B holds no combination
    # without the query setting it is never offered
    st = make(*hands, candle="TD", bids=("pass", "take"))
    st.apply_text("declare")
    st.apply_text("JD")
    assert "ask terz" not in legal(st)


# -- DB-D12 bella ---------------------------------------------------------

BELLA_HANDS = ("KS QS 7H 8H JD QD 8C TC AC", "9S TS AS 9H KH AH 8D 9D JC")
BY_HAND = {"bella_announce": "prompt"}


def test_bella_announced_by_the_engine_by_default():
    # DB-D12: at the earliest allowed moment, his pre-play turn; nobody is
    # asked, and the other player sees the pair.
    st = make(*BELLA_HANDS, candle="7S", bids=("take",))
    assert not [t for t in legal(st) if "bella" in t]
    assert not st.bella[A]
    st.apply_text("8C")
    assert st.bella[A] and st.total(A) == 20
    assert {parse_card("KS"), parse_card("QS")} <= set(st.observation(B).known)
    assert ("bella", "P1 +20") in st.observation(B).info
    # with a declaration to make, it comes with the declaration step
    st = make("KS QS 7H 8H 9H QD 8C TC AC", "9S TS AS JH KH AH 8D 9D JC", candle="7S",
              bids=("take",))
    assert legal(st) == ["declare", "decline"]
    st.apply_text("decline")
    assert st.bella[A] and "bella" not in legal(st)
    # the trump 7 exchanged for the candle king makes the pair: announced
    # after the exchange, from the new hand
    st = make("7S QS 7H 8H JD QD 8C TC AC", BELLA_HANDS[1], candle="KS", bids=("take",))
    assert legal(st)[0] == "exchange"
    st.apply_text("exchange")
    assert not st.bella[A]
    st.apply_text("8C")
    assert st.bella[A]


def test_bella_before_play_and_with_the_first_card():
    st = make(*BELLA_HANDS, candle="7S", bids=("take",), o=opts(**BY_HAND))
    assert legal(st)[0] == "bella"
    assert "KS bella" in legal(st) and "QS bella" in legal(st)
    st.apply_text("KS bella")
    assert st.bella[A] and st.total(A) == 20
    assert parse_card("QS") in st.observation(B).known
    assert "QS bella" not in [st.action_text(a) for a in st.legal()]
    st = make(*BELLA_HANDS, candle="7S", bids=("take",), o=opts(**BY_HAND))
    st.apply_text("bella")
    assert "bella" not in legal(st) and "KS bella" not in legal(st)
    # by hand, a player who forgets it scores no bella
    st = make(*BELLA_HANDS, candle="7S", bids=("take",), o=opts(**BY_HAND))
    st.apply_text("8C")
    assert not st.bella[A] and "KS bella" not in legal(st)


def test_bella_with_a_follow_only_in_the_spec_setting():
    for setting, offered in (("lead", False), ("lead_or_follow", True)):
        st = make(*BELLA_HANDS, candle="7S", bids=("take",), o=opts(bella_with_card=setting, **BY_HAND))
        for t in ("7H", "AH", "9S"):  # B wins trick 1 and leads a trump
            st.apply_text(t)
        assert st.to_move == A
        assert "KS" in legal(st) and "QS" in legal(st)
        assert ("KS bella" in legal(st)) == offered
        assert ("QS bella" in legal(st)) == offered


def test_bella_second_card_variant():
    for setting, offered in (("off", False), ("on", True)):
        st = make(*BELLA_HANDS, candle="7S", bids=("take",), o=opts(bella_on_second_card=setting, **BY_HAND))
        st.apply_text("QS")  # without announcing
        st.apply_text("AS")  # B wins
        st.apply_text("9D")
        st.apply_text("JD")
        assert st.to_move == A
        assert ("KS bella" in legal(st)) == offered
        if offered:
            st.apply_text("KS bella")
            assert st.bella[A]


# -- DB-D17 the Партия claim ----------------------------------------------

DB13 = ("AH AS TS 8C 9C KH 7D 8D KC", "7H 9D TD JD QD 7C QC JS 9H")


def test_claim_not_before_the_first_trick_and_guarded():
    st = make(*DB13, candle="7S", scores=(200, 460))
    assert "partiya" not in legal(st)
    st.apply_text("AH")
    st.apply_text("declare")
    assert "partiya" not in legal(st)  # trick 1 is not complete
    st.apply_text("7H")
    # DB-D17: between tricks, the winner A first (hopeless at 200: not
    # asked), then the loser B, before A leads
    assert st.phase == g.CLAIM and st.to_move == B
    assert legal(st) == ["partiya", "no claim"]  # wrong (no trick), but offered: the seed
    st.apply_text("no claim")
    assert st.phase == g.PLAY and st.to_move == A and "partiya" not in legal(st)
    st.apply_text("8C")
    assert "partiya" not in legal(st)  # never in the middle of a trick
    st = make(*DB13, candle="7S", scores=(200, 460), o=opts(partiya_claim_guard="on"))
    for t in ("AH", "declare", "7H"):
        st.apply_text(t)
    assert st.phase == g.PLAY and st.to_move == A  # DB13 with the guard: nobody asked
    assert "partiya" not in legal(st)
    rejected(st, "partiya")


def test_claim_not_offered_when_hopeless():
    st = make(*DB13, candle="7S", scores=(0, 0))
    for t in ("AH", "declare", "7H"):
        st.apply_text(t)
    assert st.phase == g.PLAY and "partiya" not in legal(st)


def test_claim_offered_with_the_winners_lead_when_only_he_is_asked():
    # DB13's deal with A at 460 and B hopeless: A, who won trick 1, is
    # offered the claim with his lead; his lead declines it
    st = make(*DB13, candle="7S", scores=(460, 0))
    for t in ("AH", "declare", "7H"):
        st.apply_text(t)
    assert st.phase == g.PLAY and st.to_move == A
    assert legal(st)[0] == "partiya" and "8C" in legal(st)
    st.apply_text("8C")
    assert "partiya" not in legal(st)  # B, in the middle of the trick


def test_claim_by_the_loser_before_the_next_lead():
    # tests/records/deberts/db17_partiya_trick_loser.rec, step by step: in
    # the middle of trick 3 nobody may claim; after it the winner A is asked
    # first, then the loser B, whose valid claim makes his count his score
    from engine.records import replay
    text = open("tests/records/deberts/db17_partiya_trick_loser.rec").read()
    text = text[:text.index("P2 9C")]
    st = replay(text).unfinished
    assert st.phase == g.PLAY and st.to_move == B
    st.apply_text("9C")
    assert st.to_move == A and "partiya" not in legal(st)
    st.apply_text("AC")
    assert st.phase == g.CLAIM and st.to_move == A and st.claim_valid(A)
    assert legal(st) == ["partiya", "no claim"]
    s2 = st.clone()
    s2.apply_text("partiya")  # the winner's own claim, had he made it
    assert s2.done and s2.match_winner == A and s2.result.points == [71, 0]
    st.apply_text("no claim")
    assert st.phase == g.CLAIM and st.to_move == B
    st.apply_text("partiya")
    assert st.done and st.match_winner == B and st.result.points == [0, 4]
    assert st.claim_count(B) == 501


def test_claim_window_after_the_last_trick():
    # DB9's deal with A at 460: made 50 -> count 510: A may claim before
    # the deal is scored; declining lets the deal be scored as usual
    rec = open("tests/records/deberts/db9.rec").read()
    text = rec.replace("game deberts", "game deberts\nstart-scores 460 0")
    text = text[text.index("P1 take"):text.index("result")]
    st = make("8S JS QS AS 7H AH 8D 7C QC", "9S KS 9H TH 9D QD KD JC KC", candle="7S",
              freza="AC", dealer=B, scores=(460, 0), bids=())
    asked = 0
    for line in text.split("\n"):
        if line and line[0] == "P":
            while st.phase == g.CLAIM:
                # A at 460 is asked after every trick he loses (after one
                # he wins, with his lead): B is hopeless
                assert st.to_move == A and legal(st) == ["partiya", "no claim"]
                st.apply_text("no claim")
                asked += 1
            st.apply_text(line.split(None, 1)[1])
    assert asked == 5  # after tricks 1, 2, 4, 5 and 6, won by B (BBABBBAAA)
    assert st.phase == g.CLAIM and st.to_move == A
    assert legal(st) == ["partiya", "no claim"]
    s2 = st.clone()
    s2.apply_text("no claim")
    assert s2.done and s2.result.points == [50, 49]
    st.apply_text("partiya")
    assert st.done and st.match_winner == A


# -- §7 match end -----------------------------------------------------------

class _Done:
    def __init__(self, points):
        from engine.game import DealResult
        self.result = DealResult(2, [0, 0], 0, points)
        self.thrown_in = False
        self.claimed = -1
        self.pot_after = 0
        self.next_dealer = 0


def test_both_over_target_higher_wins_equal_plays_on():
    m = Match(g, opts(), 1)
    m.scores = [480, 470]
    g.settle(m, _Done([30, 40]))
    assert not m.over  # 510 each: another deal
    g.settle(m, _Done([0, 1]))
    assert m.over and m.winner == B
    m = Match(g, opts(), 1)
    m.scores = [490, 0]
    g.settle(m, _Done([11, 100]))
    assert m.over and m.winner == A
    m = Match(g, opts(match_target=301), 1)
    m.scores = [290, 0]
    g.settle(m, _Done([11, 0]))
    assert m.over and m.winner == A


# -- pencil notation (DB-D18) ---------------------------------------------

def test_notation_seed_examples():
    assert notation.parts(36) == (2, 4, 0)  # two bars, 4 above: 40 - 4
    assert notation.parts(68) == (3, 0, 8)  # three bars, 8 below: 60 + 8
    assert notation.lines(36) == ["  4", "|| ", "   "]
    assert notation.lines(68) == ["    ", "||| ", "   8"]
    assert notation.lines(40) == ["  ", "||", "  "]
    assert notation.lines(50) == ["    ", "||  ", "  10"]  # exactly 10: below
    assert notation.lines(0) == [" ", "0", " "]
    assert notation.lines(-39) == ["   1", "-|| ", "    "]


def test_notation_round_trip_and_never_both():
    for n in range(0, 1200):
        bars, above, below = notation.parts(n)
        assert notation.value(bars, above, below) == n
        assert above == 0 or below == 0
        assert 0 <= above < 10 and 0 <= below <= 10


def test_notation_sheet():
    rows = notation.sheet(["P1", "P2"], [36, 68], group=0)
    assert rows[0].split() == ["P1", "36", "P2", "68"]
    assert "||" in rows[2] and "|||" in rows[2]
    assert rows[1].strip() == "4" and rows[3].strip() == "8"
    assert notation.lines(125, group=5) == ["        ", "||||| | ", "       5"]


# -- random complete games against the card points ---------------------------

def deal_check(st):
    if st.thrown_in:
        assert st.maker == -1 and st.result.void
        return
    in_play = [c for c in st.deck if c not in st.stock and c != st.candle and c != st.freza]
    if st.exchanged >= 0:
        assert st.candle == st.trump * 8  # the trump 7 lies out now
    assert len(in_play) == 18
    suits, power, points = jacknine.tables(st.trump)
    won = st.cardpts[0] + st.cardpts[1]
    played = 0
    for c in st.played:
        played += points[c]
    assert won == played
    if st.claimed < 0:
        assert len(st.played) == 18
        whole = 0
        for c in in_play:
            whole += points[c]
        assert won == whole
        assert st.last in (0, 1)
    for s in (0, 1):
        t = st.cardpts[s] + st.combo_pts[s] + (20 if st.bella[s] else 0) + \
            (10 if st.last == s else 0)
        assert st.total(s) == t
    assert st.combo_pts[1 - st.combo_winner] == 0 if st.combo_winner >= 0 else \
        st.combo_pts == [0, 0]
    if st.claimed >= 0:
        return
    m, f = st.maker, 1 - st.maker
    tm, tf = st.total(m), st.total(f)
    p = st.result.points
    if tm > tf:
        assert p[m] == tm + st.pot and p[f] == tf and st.pot_after == 0
    elif tm < tf:
        assert p[f] == tf + tm + st.pot and st.pot_after == 0
        assert p[m] == 0 or (st.opts.baid_deduct_tricks == "on" and p[m] <= 0)
    else:
        assert p[m] == 0 and p[f] == tf and st.pot_after == st.pot + tm


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_games_card_points(seed):
    for kinds in (("random",), ("heuristic",), ("heuristic", "random")):
        play_checked(g, opts(), seed, kinds, deal_check=deal_check)


@pytest.mark.parametrize("setting,value", other_values(g))
def test_random_games_every_setting(setting, value):
    o = opts()
    o.set(setting, value)
    play_checked(g, o, 7, ("heuristic", "random"), deal_check=deal_check)
    play_checked(g, o, 8, ("heuristic",), deal_check=deal_check)


def test_all_settings_on_together():
    o = opts(overtrump_with_highest="on", baid_deduct_tricks="on", seven_exchange_who="maker_only",
             low_terz_query="on", bella_on_second_card="on", long_run_split="off",
             partiya_claim_guard="on", first_move_lot="colour_call")
    for seed in (1, 2):
        play_checked(g, o, seed, ("heuristic",), deal_check=deal_check)


# -- observation, determinization, text -----------------------------------

def test_observation_hides_the_other_hand_and_the_stock():
    st = make(*BELLA_HANDS, candle="7S", bids=("take",))
    o = st.observation(B)
    assert o.hand == sorted(st.hands[B])
    hidden = set(st.hands[A]) | set(st.stock)
    for name in ("hand", "trick", "played", "known"):
        assert not hidden & set(getattr(o, name)), name
    assert o.hand_sizes[1 - o.seat] == 9 and o.stock == 12
    assert not [x for x in vars(o) if "hand" in x and x not in ("hand", "hand_sizes")]
    assert o.legal == []  # not his turn
    assert o.freza == st.freza and o.turnup == st.candle
    assert ("maker", "P2, trump S") in o.info


def test_determinize_keeps_what_the_observer_knows():
    st = make(*BELLA_HANDS, candle="7S", bids=("take",))
    st.apply_text("8C")  # bella with it
    r = Rng(9)
    for _ in range(20):
        d = sample(st, B, r)
        assert d.hands[B] == st.hands[B]
        assert parse_card("KS") in d.hands[A] and parse_card("QS") in d.hands[A]
        assert len(d.hands[A]) == len(st.hands[A])
        assert sorted(d.card_locations()) == sorted(pack32())


@pytest.mark.parametrize("seed,scores", [(8, [0, 0]), (9, [420, 450]), (10, [470, 480])])
def test_clone_and_determinize_in_every_phase(seed, scores):
    r = Rng(4)
    m = Match(g, opts(first_move_lot="colour_call"), seed)
    m.scores = list(scores)
    st = m.new_deal()
    seen = set()
    offered = 0
    while not st.done:
        seen.add(st.phase)
        c = st.clone()
        assert snapshot(c) == snapshot(st)
        for _ in range(3):
            d = sample(st, st.to_move, r)
            assert sorted(d.card_locations()) == sorted(pack32())
            # his choices (the claim offer too) never depend on unseen cards
            assert d.legal() == st.legal()
        if st.phase in (g.PLAY, g.CLAIM) and not st.trick:
            # nor whether the other player is asked (DB-D17): the bound of
            # the claim offer is the same in every world of either player
            for seat in (A, B):
                assert sample(st, seat, r).still_to_win() == st.still_to_win()
        offered += g.PARTIYA in st.legal()
        legal = [a for a in st.legal() if a != g.PARTIYA]
        st.apply(legal[0 if st.phase == g.BID1 else -1])
    assert {g.LOT, g.BID1, g.DECLARING, g.PLAY} <= seen
    assert (offered > 0) == (scores[0] > 0)


def test_action_texts_round_trip():
    st = make(*BELLA_HANDS, candle="7S", bids=("take",))
    for a in list(range(32)) + [g.TAKE, g.PASS, g.RED, g.BLACK, g.EXCHANGE, g.DECLARE,
                                g.DECLINE, g.BELLA, g.QUERY, g.PARTIYA, g.NO_CLAIM,
                                g.NAME_SUIT + 2, g.BELLA_PLAY + 13]:
        assert st.parse_action(st.action_text(a)) == a
    assert st.parse_action("Партия") == g.PARTIYA
    assert st.parse_action("score") == g.NO_CLAIM  # records written before "no claim"
    with pytest.raises(ValueError):
        st.parse_action("name X")
    with pytest.raises(ValueError):
        st.parse_action("dance")


def test_terminal_play_runs_a_match():
    from host_sim import terminal
    out = []
    answers = iter(["1"] * 5000)
    m = terminal.play(g, opts(), seed=3, human=0, inp=lambda: next(answers, None),
                      out=out.append)
    assert m is not None and m.over
    text = "\n".join(out)
    assert "maker:" in text and "wins the match" in text


def test_determinize_never_doubles_a_card_in_any_phase():
    """A world for the search AI holds every card exactly once, at every
    decision of random matches (a shown card since played, or shown twice,
    once came back as a second copy)."""
    from engine.rng import Rng
    from engine.players import make_player
    from engine.match import Match
    from engine.game import Options as O
    for seed in range(1, 6):
        m = Match(g, O(g.SETTINGS), seed)
        ps = [make_player("heuristic", g, seed), make_player("random", g, seed + 1)]
        r = Rng(seed)
        while not m.over:
            st = m.new_deal()
            while not st.done:
                for seat in (0, 1):
                    w = sample(st, seat, r)
                    assert sorted(w.card_locations()) == sorted(st.card_locations())
                st.apply(ps[st.to_move].choose(st.observation(st.to_move)))
            m.finish_deal(st)


def test_any_match_target_from_100_to_5000():
    # §9: target_score is any integer; the device steps by 50 from 100 to
    # 5000; 501 stays the default, and 301 and 1001, offered before, load
    values = dict(g.SETTINGS)["match_target"]
    assert values[0] == 501
    assert sorted(values) == sorted(list(range(100, 5001, 50)) + [301, 501, 1001])
    for target, before, gain, over in ((100, 90, 9, False), (100, 90, 10, True),
                                       (5000, 4990, 9, False), (5000, 4990, 10, True)):
        m = Match(g, opts(match_target=target), 1)
        m.scores = [before, 0]
        g.settle(m, _Done([gain, 0]))
        assert m.over == over and m.winner == (A if over else None)
    for bad in ("50", "5050", "777"):
        with pytest.raises(ValueError):
            opts(match_target=bad)


@pytest.mark.parametrize("kind", ["heuristic", "ai"])
def test_players_claim_when_the_count_is_enough(kind):
    # Between tricks (DB-D17) the players claim a valid Партия and never a
    # wrong one: db17 after trick 3 (the winner A's 511 holds, then B's
    # 501), db13 after trick 1 (B's 510 without a trick)
    from engine.records import replay
    from engine.players import make_player, decide
    text = open("tests/records/deberts/db17_partiya_trick_loser.rec").read()
    m = replay(text[:text.index("P1 no claim\nP2 partiya")])
    st = m.unfinished
    assert st.phase == g.CLAIM and st.to_move == A
    p = make_player(kind, g, 3)
    assert decide(p, st, m) == g.PARTIYA
    st.apply(g.NO_CLAIM)
    assert decide(p, st, m) == g.PARTIYA  # B, the trick's loser
    text = open("tests/records/deberts/db13_partiya_no_trick.rec").read()
    m = replay(text[:text.index("P2 partiya")])
    st = m.unfinished
    assert st.phase == g.CLAIM and st.to_move == B and legal(st) == ["partiya", "no claim"]
    assert decide(p, st, m) == g.NO_CLAIM


def test_saves_and_records_take_a_new_target_and_bella_by_hand():
    # §9's targets and bella_announce go into a save's header and a record's
    # option line, and come back
    from engine.savegame import Log, dumps, loads
    from engine.players import make_player
    from engine.records import replay
    o = opts(match_target=4950, bella_announce="prompt")
    m = Match(g, o, 5)
    st = m.new_deal()
    log = Log()
    p = make_player("heuristic", g, 1)
    for _ in range(12):
        a = p.choose(st.observation(st.to_move))
        st.apply(a)
        log.action(a)
    m2, st2, _, _ = loads(dumps(m, log, [None, p]),
                          lambda game, match: [None, make_player("heuristic", game, 2)])
    assert m2.options.match_target == 4950 and m2.options.bella_announce == "prompt"
    assert st2.legal() == st.legal() and st2.to_move == st.to_move
    text = open("tests/records/deberts/db1.rec").read().replace(
        "game deberts", "game deberts\noption match_target=4000")
    assert replay(text).options.match_target == 4000
