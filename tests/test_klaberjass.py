"""Klaberjass (shared/rules/klaberjass.md): bidding, schmeiss, the dix
windows, sequences, bella, the legality vectors KL1-KL5, scoring, the match
end, observation and determinization.  The worked examples K1-K14 are
records under tests/records/klaberjass/ (replayed by test_records.py)."""
import os

import pytest

from engine.klaberjass import rules as kj
from engine import jacknine
from engine.cards import parse_card, parse_cards, card_text, pack32
from engine.game import IllegalAction, Options
from engine.match import Match
from engine.records import replay
from engine.rng import Rng
from engine.determinize import sample
from tests.invariants import play_checked, snapshot

P1, P2 = 0, 1
RECORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "records", "klaberjass")


def opts(**kw):
    o = Options(kj.SETTINGS)
    for k in kw:
        o.set(k, kw[k])
    return o


def make_deck(n_hand, d_hand, turned, bottom="7C"):
    """A deck dealing `n_hand` (9 cards: 6 first, 3 in the second deal) to the
    non-dealer and `d_hand` to the dealer (§3.1, §3.3); the rest fills the
    stock, `bottom` last."""
    n = parse_cards(n_hand)
    d = parse_cards(d_hand)
    t = parse_card(turned)
    b = parse_card(bottom)
    used = n + d + [t, b]
    assert len(set(used)) == 20
    rest = [c for c in pack32() if c not in used]
    return n[0:3] + d[0:3] + n[3:6] + d[3:6] + [t] + n[6:9] + d[6:9] + rest + [b]


def new(n_hand, d_hand, turned, bottom="7C", dealer=P2, **kw):
    return kj.Klaberjass(opts(**kw), dealer, make_deck(n_hand, d_hand, turned, bottom))


def do(st, *texts):
    for t in texts:
        st.apply_text(t)
    return st


def cards(text):
    return sorted(parse_cards(text))


def assert_rejected(st, text, *want):
    """An illegal action raises IllegalAction naming the legal ones and leaves
    the state exactly as it was."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(st.parse_action(text))
    msg = str(e.value)
    assert "legal:" in msg
    for w in want:
        assert w in msg
    assert snapshot(st) == before


# A plain deal: no runs, nobody holds the trump 7 of the turned suit (8H).
N9 = "8S QS KD AC 9C 8D TH JD 7S"
D9 = "TS KS AS AH 9D TD JC QC 9S"


# -- deal and bidding (§3) ----------------------------------------------------

def test_deal_packets_turned_card_and_second_deal():
    deck = make_deck(N9, D9, "8H", "KC")
    st = kj.Klaberjass(opts(), P2, deck)
    # §3.1: N gets d[0..2], d[6..8]; D d[3..5], d[9..11]; d[12] is turned.
    assert st.hands[P1] == sorted(deck[0:3] + deck[6:9])
    assert st.hands[P2] == sorted(deck[3:6] + deck[9:12])
    assert st.turnup == deck[12] == parse_card("8H")
    assert st.trump == -1 and st.to_move == P1 and st.phase == kj.BID1
    o = st.observation(P2)
    assert o.bottom == -1 and o.turnup == parse_card("8H")
    do(st, "take")
    # §3.3: N 3 then D 3 from the top of the stock; the bottom card is shown.
    assert st.hands[P1] == cards(N9) and st.hands[P2] == cards(D9)
    assert len(st.stock) == 12
    assert st.observation(P2).bottom == parse_card("KC")
    assert ("bottom card", "KC") in st.observation(P1).info


def test_bottom_card_hidden_when_the_setting_is_off():
    st = do(new(N9, D9, "8H", "KC", reveal_bottom_card="off"), "take")
    o = st.observation(P1)
    assert o.bottom == -1
    assert all(label != "bottom card" for label, _ in o.info)


def test_round1_order_and_options():
    st = new(N9, D9, "8H")
    assert st.legal_text() == ["pass", "take", "schmeiss"]
    do(st, "pass")
    assert st.to_move == P2 and st.legal_text() == ["pass", "take", "schmeiss"]
    do(st, "take")
    assert st.maker == P2 and st.trump == parse_card("8H") >> 3


def test_schmeiss_disabled():
    st = new(N9, D9, "8H", schmeiss_enabled="off")
    assert st.legal_text() == ["pass", "take"]
    assert_rejected(st, "schmeiss", "pass, take")


def test_round2_names_another_suit_no_schmeiss():
    st = do(new(N9, D9, "8H"), "pass", "pass")
    assert st.phase == kj.BID2 and st.to_move == P1
    # K-D4: name one of the three other suits or pass; no schmeiss.
    assert st.legal_text() == ["pass", "name C", "name S", "name D"]
    assert_rejected(st, "name H")
    assert_rejected(st, "schmeiss")
    assert_rejected(st, "take")
    do(st, "pass")
    assert st.to_move == P2
    do(st, "name spades")
    assert st.maker == P2 and st.trump == 1
    assert len(st.hands[P1]) == 9 and len(st.hands[P2]) == 9


def test_both_pass_twice_annuls_and_the_deal_alternates():
    m = Match(kj, opts(), seed=3, dealer=P2)
    st = m.new_deal()
    do(st, "pass", "pass", "pass", "pass")
    assert st.done and st.result.void and st.result.points == [0, 0]
    m.finish_deal(st)
    assert m.scores == [0, 0] and m.dealer == P1 and not m.over


def test_schmeiss_refused_makes_the_schmeisser_maker():
    st = do(new(N9, D9, "8H"), "pass", "schmeiss")
    assert st.phase == kj.ANSWER and st.to_move == P1
    assert st.legal_text() == ["accept", "refuse"]
    assert_rejected(st, "pass")
    do(st, "refuse")
    assert st.maker == P2 and st.trump == 2  # the turned suit, hearts
    assert st.phase == kj.LEAD and st.to_move == P1


def test_schmeiss_accepted_annuls_and_next_dealer_deals():
    m = Match(kj, opts(), seed=4, dealer=P1)
    st = m.new_deal()
    do(st, "schmeiss")  # N = P2
    assert st.to_move == P1
    do(st, "accept")
    assert st.done and st.result.void
    m.finish_deal(st)
    assert m.dealer == P2 and m.scores == [0, 0]


# -- play: the legality vectors (§4) -----------------------------------------

def follow_state(trump_suit_card, lead, follower_hand):
    """Trump = the turned card's suit (taken by N = P1); P1 has led `lead`;
    P2 holds exactly `follower_hand`."""
    st = do(new("8C 9C TC JC QC KC AC 8D 9D", "7H 8H 9H TH JH QH KH AH 7D",
                trump_suit_card, bottom="TD"), "take")
    while st.phase == kj.DIX:
        do(st, "keep")
    st.hands[P1] = [parse_card(lead)]
    st.hands[P2] = cards(follower_hand)
    do(st, lead)
    return st


@pytest.mark.parametrize("name,lead,hand,legal", [
    ("KL1", "9S", "JS 8S AH", "JS"),
    ("KL2", "9S", "AS 8S AH", "AS 8S"),  # nothing beats 9S
    ("KL3", "KH", "7H AH JS", "7H AH"),  # no duty to beat a plain suit
    ("KL4", "KH", "7S AD", "7S"),
    ("KL5", "KH", "AD 7C", "AD 7C"),
])
def test_legality_vectors(name, lead, hand, legal):
    st = follow_state("9S", lead, hand)  # the turned 9S: spades are trump
    assert st.trump == 1
    # (KL4's 7S could still be exchanged for the turned card: not a card play)
    assert sorted(a for a in st.legal() if a < 100) == cards(legal), name
    for c in cards(hand):
        if c not in cards(legal):
            assert_rejected(st, card_text(c), "legal: ")


def test_trick_winner_and_last_trick_bonus_through_a_spec_deal():
    m = replay(open(os.path.join(RECORDS, "spec_k1.rec")).read())
    r = m.last
    # K1: A won 73 card points in 5 tricks and the last trick.
    assert r.totals == [83, 30]


# -- the dix exchange (§5.1, K-D7) -------------------------------------------

DIX_N = "7H 8S QS KD AC 9C 8D JD 7S"  # N holds the trump 7 (hearts)
DIX_D = "TS KS AS AH 9D TD JC QC 9S"


def test_dix_windows_of_the_non_dealer():
    st = do(new(DIX_N, DIX_D, "KH"), "take")
    # (a) before the sequences, an explicit window.
    assert st.phase == kj.DIX and st.to_move == P1
    assert st.legal_text() == ["exchange", "keep"]
    # the opponent has no exchange to make
    do(st, "keep")
    # (d) still offered with the lead of trick 1.
    assert st.phase == kj.LEAD and st.legal()[0] == kj.EXCHANGE
    do(st, "exchange")
    assert parse_card("KH") in st.hands[P1] and parse_card("7H") not in st.hands[P1]
    assert st.turnup == parse_card("7H") and st.to_move == P1
    assert kj.EXCHANGE not in st.legal()
    assert parse_card("KH") in st.observation(P2).known
    assert ("dix", "P1 exchanged 7H for the turned card") in st.observation(P2).info


def test_non_dealer_cannot_exchange_after_leading():
    st = do(new(DIX_N, DIX_D, "KH"), "take", "keep", "8S")
    do(st, "AS")
    assert st.to_move == P2  # D won; N's windows are over
    st2 = do(new(DIX_N, DIX_D, "KH"), "take", "keep", "AC", "JC")
    assert st2.to_move == P1 and st2.phase == kj.LEAD
    assert_rejected(st2, "exchange")


DIX_D2 = "7H TS KS AS AH 9D TD JC QC"  # the dealer holds the trump 7
N_PLAIN = "8S QS KD AC 9C 8D JD 7S 9S"


def test_dix_windows_of_the_dealer():
    st = do(new(N_PLAIN, DIX_D2, "KH"), "take")
    # (b) the dealer's window before the sequences.
    assert st.phase == kj.DIX and st.to_move == P2
    do(st, "keep")
    assert st.phase == kj.LEAD and st.to_move == P1
    assert kj.EXCHANGE not in st.legal()
    do(st, "AC")
    # (e) before his card to trick 1 ...
    assert st.legal()[0] == kj.EXCHANGE
    do(st, "JC")
    # ... and right after trick 1, before trick 2's first card.
    assert st.phase == kj.DIX and st.to_move == P2 and st.ntricks == 1
    do(st, "keep")
    assert st.phase == kj.LEAD and st.to_move == P1  # N won trick 1 and leads
    assert kj.EXCHANGE not in st.legal()
    do(st, "8S")
    assert kj.EXCHANGE not in st.legal()


def test_dealer_exchanges_after_trick_one():
    st = do(new(N_PLAIN, DIX_D2, "KH"), "take", "keep", "AC", "JC", "exchange")
    assert parse_card("KH") in st.hands[P2] and st.turnup == parse_card("7H")
    assert st.phase == kj.LEAD and st.to_move == P1


def test_dealer_dix_delay_off_only_before_the_lead():
    st = do(new(N_PLAIN, DIX_D2, "KH", dealer_dix_delay="off"), "take")
    assert st.phase == kj.DIX and st.to_move == P2
    do(st, "keep", "AC")
    assert kj.EXCHANGE not in st.legal()
    assert_rejected(st, "exchange")
    do(st, "JC")
    assert st.phase == kj.LEAD and st.to_move == P1


def test_no_dix_when_turned_card_is_the_seven_or_trump_named():
    st = do(new(N_PLAIN, "8H TS KS AS AH 9D TD JC QC", "7H"), "take")
    assert st.phase == kj.LEAD and kj.EXCHANGE not in st.legal()
    st = do(new(DIX_N, DIX_D, "TC"), "pass", "pass", "name H")
    assert st.trump == 2 and st.phase == kj.LEAD
    assert kj.EXCHANGE not in st.legal()


def test_exchange_before_sequences_counts_after_does_not():
    # N: 7H 9H TH; the turned 8H completes 8H 9H TH (K-D8).
    n = "7H 9H TH 8S KD AC 9C JD 7S"
    d = "TS KS AS AH 9D TD JC QC 8C"
    before = do(new(n, d, "8H"), "take", "exchange")
    assert before.seq_winner == P1 and before.seq_points == 20
    assert ("sequences", "P1 scores 20: 8H 9H TH (20)") in before.observation(P2).info
    after = do(new(n, d, "8H"), "take", "keep", "exchange")
    assert after.seq_winner == -1 and after.seq_points == 0
    assert ("sequences", "none") in after.observation(P2).info


# -- sequences (§5.2, K-D8, K-D9) --------------------------------------------

def runs(text):
    return jacknine.runs(parse_cards(text))


@pytest.mark.parametrize("n_cards,d_cards,trump,winner", [
    ("7S 8S 9S TS", "QH KH AH", 0, P2 ^ 1),   # 50 beats a higher 20 (N wins)
    ("QH KH AH", "7S 8S 9S TS", 0, P2),       # ... whoever holds it
    ("JS QS KS", "QD KD AD", 2, P2),          # higher top card
    ("JS QS KS", "JH QH KH", 2, P2),          # equal top: trump wins
    ("JS QS KS", "JH QH KH", 1, P1),
    ("AS KS QS", "AC KC QC", 3, P1),          # full tie: the non-dealer
    ("8S 9S TS JS QS", "JD QD KD AD", 0, P2),  # a 50's length does not matter
    ("", "7C 8C 9C", 0, P2),
    ("", "7C 8C JC QC", 0, -1),               # no run of 3
])
def test_sequence_comparison(n_cards, d_cards, trump, winner):
    assert kj.sequence_winner(runs(n_cards), runs(d_cards), trump, P1, P2) == winner


def test_sequence_winner_scores_all_his_runs_and_shows_them():
    n = "TD JD QD 8H AH 7C JC AC 9H"  # N: one 20 (TD JD QD)
    # D: 50 in spades; 8C 9C and QC KC are no runs of 3.
    st = do(new(n, "7S 8S 9S TS 9C QC KC TH 8C", "7D", "7H"),
            "pass", "pass", "pass", "name C")
    assert st.seq_winner == P2 and st.seq_points == 50
    # 7S..AS is one run of 7: a single 50 (K-D8).
    st = do(new(n, "7S 8S 9S TS JS QS KS 8C 9C", "7D", "7H"),
            "pass", "pass", "pass", "name C")
    assert st.seq_winner == P2 and st.seq_points == 50
    # 50 (TH JH QH KH) + 20 (7S 8S 9S): the winner scores both.
    st = do(new(n, "7S 8S 9S JH QH KH 8C TH 9C", "7D", "7H"),
            "pass", "pass", "pass", "name C")
    assert st.seq_winner == P2 and st.seq_points == 70
    assert set(cards("7S 8S 9S TH JH QH KH")) <= set(st.observation(P1).known)
    assert ("sequences", "P2 scores 70: 7S 8S 9S (20), TH JH QH KH (50)") \
        in st.observation(P1).info
    # The loser's runs stay hidden: N's TD JD QD is not revealed.
    assert parse_card("TD") not in st.observation(P2).known


# -- bella (§5.3, K-D11) ------------------------------------------------------

def test_bella_auto_with_king_in_hand():
    n = "QH KH 8S QS KD AC 9C JD 7S"
    d = "TS KS AS AH 9D TD JC QC 9S"
    st = do(new(n, d, "8H"), "take", "QH")
    assert st.bella == P1
    assert parse_card("KH") in st.observation(P2).known
    assert ("bella", "P1 +20") in st.observation(P2).info


def test_no_bella_without_the_king():
    n = "QH 8S QS KD AC 9C JD 7S 9S"
    d = "KH TS KS AS AH 9D TD JC QC"
    st = do(new(n, d, "8H"), "take", "QH", "KH")
    assert st.bella == -1


def test_king_got_by_the_dix_after_the_queen_does_not_count():
    # D holds 7H and QH; the turned card is KH.  He plays QH to trick 1 and
    # exchanges right after trick 1: he now holds KH, but too late.
    n = "9H 8S QS KD AC 9C JD 7S 9S"
    d = "7H QH TS KS AS AH 9D TD JC"
    st = do(new(n, d, "KH"), "take", "keep", "9H", "QH")
    assert st.bella == -1
    do(st, "exchange")
    assert parse_card("KH") in st.hands[P2]
    assert st.bella == -1
    # Exchanged before the queen, the king counts.
    st = do(new(n, d, "KH"), "take", "exchange", "9H", "QH")
    assert st.bella == P2


def test_bella_prompt_mode_is_an_action():
    n = "QH KH 8S QS KD AC 9C JD 7S"
    d = "TS KS AS AH 9D TD JC QC 9S"
    st = do(new(n, d, "8H", bella_announce="prompt"), "take")
    legal = st.legal_text()
    assert "QH" in legal and legal[-1] == "bella QH"
    assert st.parse_action("bella") == kj.BELLA
    plain = st.clone()
    do(plain, "QH")
    assert plain.bella == -1
    do(st, "bella QH")
    assert st.bella == P1 and parse_card("QH") in st.trick
    # auto mode has no such action
    st = do(new(n, d, "8H"), "take")
    assert "bella QH" not in st.legal_text()
    assert_rejected(st, "bella")


# -- deal scoring (§6) and the match (§7) -------------------------------------

def scored(totals_maker, totals_opp, mode="double_own"):
    """A finished deal whose maker (P1) and opponent (P2) reached the given
    totals, scored by the real rule."""
    st = do(new(N9, D9, "8H", bete_mode=mode), "take")
    st.points = [totals_maker, totals_opp]
    st._score()
    return st.result


def test_deal_scoring_table():
    r = scored(90, 70)
    assert r.points == [90, 70] and r.winner == P1
    r = scored(70, 70)
    assert r.points == [0, 70] and r.winner == P2  # K-D15
    r = scored(60, 80)
    assert r.points == [0, 160] and r.winner == P2  # K-D14 seed
    r = scored(60, 80, "both_totals")
    assert r.points == [0, 140]


def settle_scores(a, b, target=500):
    m = Match(kj, opts(match_target=target), seed=1, dealer=P2)
    st = m.new_deal()
    do(st, "pass", "pass", "pass", "pass")  # a void deal books nothing
    m.scores = [a, b]
    m.finish_deal(st)
    return m


def test_match_end_rules():
    assert settle_scores(499, 300).over is False
    m = settle_scores(500, 300)
    assert m.over and m.winner == P1
    m = settle_scores(510, 520)
    assert m.over and m.winner == P2  # both over: the higher
    assert settle_scores(525, 525).over is False  # equal: another deal
    m = settle_scores(300, 310, target=300)
    assert m.over and m.winner == P2


# -- text, observation, determinization ---------------------------------------

def test_action_texts_round_trip_and_errors():
    st = new(N9, D9, "8H")
    for a in (kj.PASS, kj.TAKE, kj.SCHMEISS, kj.ACCEPT, kj.REFUSE, kj.EXCHANGE,
              kj.KEEP, kj.NAME_SUIT, kj.NAME_SUIT + 3):
        assert st.parse_action(st.action_text(a)) == a
    assert st.parse_action("Name Hearts") == kj.NAME_SUIT + 2
    with pytest.raises(ValueError):
        st.parse_action("name X")
    with pytest.raises(ValueError):
        st.parse_action("double")


def test_observation_hides_the_other_hand_and_the_stock():
    st = do(new(N9, D9, "8H", "KC"), "take")
    o = st.observation(P2)
    assert o.hand == cards(D9) and o.legal == []
    assert not set(o.hand) & set(cards(N9))
    assert o.known == [] and o.hand_sizes[1 - o.seat] == 9
    assert not any(card_text(c) in str(o.info) for c in st.stock)
    assert ("maker", "P1, trump hearts") in o.info
    assert ("bids", "P1 take") in o.info


def test_determinize_keeps_what_the_observer_knows():
    rng = Rng(5)
    for seed in range(1, 40):
        m = Match(kj, opts(reveal_bottom_card="off" if seed % 2 else "on"), seed=seed)
        st = m.new_deal()
        r = Rng(seed)
        steps = r.below(30)
        while not st.done and steps > 0:
            legal = st.legal()
            st.apply(legal[r.below(len(legal))])
            steps -= 1
        if st.done:
            continue
        for seat in (P1, P2):
            d = sample(st, seat, rng)
            opp = 1 - seat
            assert d.hands[seat] == st.hands[seat]
            assert len(d.hands[opp]) == len(st.hands[opp])
            assert sorted(d.card_locations()) == sorted(pack32())
            for c in st.known[opp]:
                assert c in d.hands[opp]
            for c in d.hands[opp]:
                assert c in st.known[opp] or not st.excluded[opp][c]
            if st.bottom_shown:
                assert d.bottom == st.bottom
            assert d.legal() == st.legal() or seat != st.to_move


# -- random complete games -----------------------------------------------------

def out_of_play(st):
    """The cards that never reach a trick: the turned card (or dix), the
    bottom card and the rest of the stock (K-D17)."""
    return [st.turnup, st.bottom] + st.stock


def deal_check(st):
    r = st.result
    if r.void:
        assert st.maker == -1 or st.ntricks == 0
        assert r.points == [0, 0]
        return
    _, _, pts = jacknine.tables(st.trump)
    # Every card point of the pack: in the tricks or out of play (152).
    assert st.points[0] + st.points[1] + sum(pts[c] for c in out_of_play(st)) \
        == jacknine.DEAL_POINTS
    assert sum(pts[c] for c in st.played) == st.points[0] + st.points[1]
    assert len(st.played) == 18 and st.tricks[0] + st.tricks[1] == 9
    assert st.last in (P1, P2)
    extra = 10 + st.seq_points + (20 if st.bella >= 0 else 0)
    assert r.totals[0] + r.totals[1] == st.points[0] + st.points[1] + extra
    m, o = st.maker, 1 - st.maker
    tm, to = r.totals[m], r.totals[o]
    if tm > to:
        assert r.points[m] == tm and r.points[o] == to
    elif tm == to:
        assert r.points[m] == 0 and r.points[o] == to
    else:
        both = st.opts.bete_mode == "both_totals"
        assert r.points[m] == 0 and r.points[o] == (to + tm if both else 2 * to)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_matches_keep_the_card_points(seed):
    settings = [{}, {"bete_mode": "both_totals", "bella_announce": "prompt"},
                {"dealer_dix_delay": "off", "schmeiss_enabled": "off",
                 "reveal_bottom_card": "off", "match_target": 300}]
    o = opts(**settings[seed % 3])
    kinds = [("random",), ("heuristic",), ("heuristic", "random")][seed % 3]
    m = play_checked(kj, o, seed, kinds, deal_check=deal_check)
    assert m.over and m.scores[m.winner] >= o.match_target


def test_every_spec_decision_occurs_in_random_play():
    """The random games above reach every kind of decision (so the checks
    cover them): schmeiss both ways, round 2, dix in every window, bella."""
    seen = set()
    for seed in range(1, 25):
        m = Match(kj, opts(bella_announce="prompt"), seed=seed)
        r = Rng(seed)
        while not m.over:
            st = m.new_deal()
            while not st.done:
                legal = st.legal()
                a = legal[r.below(len(legal))]
                if a == kj.EXCHANGE:
                    seen.add(("exchange", st.phase, st.ntricks))
                elif a >= 100:
                    seen.add(st.action_text(a).split()[0])
                st.apply(a)
            m.finish_deal(st)
    for w in ("take", "pass", "schmeiss", "accept", "refuse", "name", "keep", "bella"):
        assert w in seen, w
    assert ("exchange", kj.DIX, 0) in seen
    assert ("exchange", kj.LEAD, 0) in seen
    assert ("exchange", kj.FOLLOW, 0) in seen
    assert ("exchange", kj.DIX, 1) in seen


# -- the terminal game ----------------------------------------------------------

def test_terminal_plays_a_whole_match_and_its_record_replays(tmp_path):
    from host_sim import terminal
    lines = []
    rec = tmp_path / "kj.rec"
    m = terminal.play(kj, opts(match_target=300), seed=7, human=0,
                      inp=lambda: "1", out=lines.append, record=str(rec))
    assert m is not None and m.over
    text = "\n".join(lines)
    assert "your move: 1:pass  2:take  3:schmeiss" in text
    assert "maker: " in text
    r = replay(rec.read_text())
    assert r.over and r.scores == m.scores


# -- every illegal action, every step of a spec deal ---------------------------

@pytest.mark.parametrize("rec", ["spec_k9.rec", "spec_k4.rec", "spec_k10_bella_prompt.rec"])
def test_every_illegal_action_is_rejected_unchanged(rec):
    """At each step of a spec deal (bidding, schmeiss answer, dix, play), every
    action code that is not legal raises IllegalAction naming the legal ones
    and leaves the state as it was."""
    text = open(os.path.join(RECORDS, rec)).read()
    lines = [l.split("#")[0].strip() for l in text.splitlines()]
    deck = parse_cards([l for l in lines if l.startswith("deck ")][0][5:])
    dealer = int([l for l in lines if l.startswith("dealer ")][0][8:]) - 1
    o = opts()
    for l in lines:
        if l.startswith("option "):
            k, v = l[7:].split("=")
            o.set(k, v)
    st = kj.Klaberjass(o, dealer, deck)
    moves = [l.split(" ", 1) for l in lines if l[:1] == "P" and l[1:2].isdigit()]
    for seat, action in moves:
        assert st.to_move == int(seat[1:]) - 1
        legal = st.legal()
        before = snapshot(st)
        for a in list(range(96)) + list(range(100, 120)):
            if a in legal:
                continue
            with pytest.raises(IllegalAction) as e:
                st.apply(a)
            assert "legal: " + st.action_text(legal[0]) in str(e.value)
            assert snapshot(st) == before
        st.apply_text(action)
    assert st.done
    with pytest.raises(IllegalAction):
        st.apply(kj.PASS)


def test_heuristic_player_exchanges_and_keeps_runs():
    from engine.klaberjass.heuristic import Player
    p = Player(kj, 1)
    # N: 7H 8H 9H would lose its run by exchanging before the sequences ...
    n = "7H 8H 9H 8S KD AC 9C JD 7S"
    st = do(new(n, "TS KS AH 9D TD JC QC 8C AS", "KH"), "take")
    assert st.phase == kj.DIX and st.to_move == P1
    assert p.choose(st.observation(P1)) == kj.KEEP
    do(st, "keep")
    assert st.seq_winner == P1
    # ... and exchanges when it leads, the run already scored.
    assert p.choose(st.observation(P1)) == kj.EXCHANGE
    # The dealer exchanges at once when no run is at stake.
    st = do(new(N_PLAIN, DIX_D2, "KH"), "take")
    assert p.choose(st.observation(P2)) == kj.EXCHANGE


def test_any_match_target_from_100_to_5000():
    # §9: any target; the device steps by 50.  The default stays first.
    values = dict(kj.SETTINGS)["match_target"]
    assert values[0] == 500
    assert sorted(values) == list(range(100, 5001, 50))
    assert not settle_scores(140, 20, target=150).over
    m = settle_scores(160, 20, target=150)
    assert m.over and m.winner == P1
    assert not settle_scores(4990, 20, target=5000).over
    assert settle_scores(20, 5000, target=5000).winner == P2
    for bad in ("99", "5050", "275"):
        with pytest.raises(ValueError):
            opts(match_target=bad)
