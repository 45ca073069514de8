"""Belote (shared/rules/belote.md): the spec's legality vectors, the deal and
the bidding, combinations, scoring cases, hidden information, and random
complete games checked against the rules' sums."""
import pytest

from engine.belote import rules as B
from engine.belote.heuristic import Player as Heuristic, worth_taking, should_take
from engine.cards import parse_cards, parse_card, card_text, pack32, HEARTS
from engine.game import IllegalAction, Options
from engine import jacknine
from engine.match import Match
from engine.tricks import winning_index
from engine.rng import Rng
from engine.selfplay import play_match
from engine.determinize import sample
from tests.invariants import play_checked, snapshot

N, E, S, W = 0, 1, 2, 3


def opts(**kw):
    o = Options(B.SETTINGS)
    for k in kw:
        o.set(k, kw[k])
    return o


def cards(text):
    return parse_cards(text)


def position(trump, trick, seat, hand, leader=N):
    """A deal in play: `trick` (cards in play order from `leader`) on the
    table and `seat` to move holding `hand`."""
    st = B.Belote(opts(), W, pack32())
    st.phase = B.PLAY
    st.taker = N
    st.trump = trump
    st.suits, st.power, st.points = jacknine.tables(trump)
    st.leader = leader
    st.trick = cards(trick)
    st.to_move = seat
    st.hands[seat] = cards(hand)
    return st


# §4 legality vectors (trump H; order N, E, S, W)
LEGALITY = [
    ("L1", "7C AC", S, "8H KH AD", "8H KH"),
    ("L2", "AC 7C", S, "8H KH AD", "8H KH AD"),
    ("L3", "7C QH", S, "8H KH AD", "KH"),
    ("L4", "7C QH", S, "7H 8H AD", "7H 8H"),
    ("L5", "AH 7H", S, "9H KH 8C", "9H"),
    ("L6", "9H JH", S, "AH 7H KC", "AH 7H"),
    ("L7", "7C 8H 9C", W, "AH 7S", "AH 7S"),
    ("L8", "KD 7D", S, "QD AD JH", "QD AD"),
    ("L9", "7C 9H JH", W, "AH 7S", "AH"),
]


@pytest.mark.parametrize("name,trick,seat,hand,want", LEGALITY, ids=[v[0] for v in LEGALITY])
def test_spec_legality_vectors(name, trick, seat, hand, want):
    st = position(HEARTS, trick, seat, hand)
    assert sorted(st.legal()) == sorted(cards(want))
    # Every other card of his hand is refused with the legal ones named, and
    # the state is left as it was.
    before = snapshot(st)
    for c in cards(hand):
        if c not in cards(want):
            with pytest.raises(IllegalAction) as e:
                st.apply(c)
            assert "may not play %s" % card_text(c) in str(e.value)
            assert "legal: " in str(e.value)
            assert snapshot(st) == before


def test_undertrump_only_when_unable_to_overtrump():
    # L3's hand with the partner not winning: overtrump is required; with
    # only lower trumps (L4) any trump; a discard is never allowed.
    st = position(HEARTS, "7C QH", S, "KH 8H AD")
    assert st.legal() == cards("KH")
    st = position(HEARTS, "7C QH", S, "AD 7S")
    assert sorted(st.legal()) == sorted(cards("AD 7S"))  # no trump: any card


# -- the deal and the bidding (§3) ------------------------------------------

def test_first_distribution_and_retourne():
    deck = pack32()
    Rng(5).shuffle(deck)
    st = B.Belote(opts(), W, deck)  # p1 = N
    assert st.hands[N] == sorted(deck[0:3] + deck[12:14])
    assert st.hands[E] == sorted(deck[3:6] + deck[14:16])
    assert st.hands[S] == sorted(deck[6:9] + deck[16:18])
    assert st.hands[W] == sorted(deck[9:12] + deck[18:20])
    assert st.retourne == deck[20]
    assert st.to_move == N and st.phase == B.BID1
    assert st.legal() == [B.PASS, B.TAKE]


def test_second_distribution_taker_p2():
    # §3.3 example: taker p2 gets the retourne + 24-25.
    deck = pack32()
    Rng(9).shuffle(deck)
    st = B.Belote(opts(), N, deck)  # p1 = E, p2 = S
    first = [list(h) for h in st.hands]
    st.apply_text("pass")
    st.apply_text("take")
    assert st.taker == S and st.trump == deck[20] // 8
    assert st.hands[E] == sorted(first[E] + deck[21:24])
    assert st.hands[S] == sorted(first[S] + [deck[20]] + deck[24:26])
    assert st.hands[W] == sorted(first[W] + deck[26:29])
    assert st.hands[N] == sorted(first[N] + deck[29:32])
    assert st.to_move == E and st.phase == B.PLAY  # p1 leads whoever took


def test_round_two_offers_the_other_suits_and_taker_gets_retourne():
    deck = pack32()
    Rng(3).shuffle(deck)
    st = B.Belote(opts(), W, deck)
    for _ in range(4):
        st.apply_text("pass")
    assert st.phase == B.BID2
    rs = deck[20] // 8
    assert st.legal() == [B.PASS] + [B.TAKE_SUIT + s for s in range(4) if s != rs]
    with pytest.raises(IllegalAction):
        st.apply(B.TAKE)  # round 1's take is over
    with pytest.raises(IllegalAction):
        st.apply(B.TAKE_SUIT + rs)  # BL-D4: not the retourne's suit
    st.apply_text("pass")
    other = (rs + 1) % 4
    st.apply(B.TAKE_SUIT + other)
    assert st.taker == E and st.trump == other
    assert deck[20] in st.hands[E] and len(st.hands[E]) == 8


def test_all_pass_twice_throws_in_and_next_player_deals():
    m = Match(B, opts(), seed=4, dealer=W)
    m.carry = 81  # a litige pot waits through a thrown-in deal (BL-D12)
    st = m.new_deal()
    for _ in range(8):
        st.apply_text("pass")
    assert st.done and st.result.void
    assert sorted(st.card_locations()) == sorted(pack32())
    m.finish_deal(st)
    assert m.dealer == N and m.scores == [0, 0] and m.carry == 81


# -- combinations (§5, BL-D9, BL-D10) --------------------------------------

def kinds(hand, trump):
    return sorted((cb[1], B.combo_text(cb, True)) for cb in B.combinations(cards(hand), trump))


def test_combinations_b12_carre_j_and_quarte_beat_the_quinte():
    assert kinds("7S 8S 9S TS JS JH JD JC", 3) == [(50, "quarte 7S-TS"), (200, "carre J")]


def test_combinations_long_run_is_one_quinte_and_sevens_do_not_count():
    assert kinds("7H 8H 9H TH JH QH KH AH", 0) == [(100, "quinte 7H-AH")]
    assert kinds("7S 7H 7D 7C 8S 8H 8D 8C", 0) == []
    assert kinds("KS KH KD KC 8H 9H TH 7C", 0) == [(20, "tierce 8H-TH"), (100, "carre K")]


def test_best_combination_order():
    trump = 1  # spades
    key = lambda h: B.best_key([B.combinations(cards(h), trump)])
    assert key("KS KH KD KC 7D") > key("8C 9C TC JC QC")          # carré 100 over quinte
    assert key("AS AH AD AC") > key("TS TH TD TC")                 # A > T (BL-D10)
    assert key("JH QH KH") == key("JD QD KD")                      # equal plain tierces
    assert key("JS QS KS") > key("JH QH KH")                       # trump wins the tie
    assert key("QD KD AD") > key("JS QS KS")                       # higher top first
    assert key("9S 9H 9D 9C") > key("AS AH AD AC")                 # 150 over 100


# -- hidden information ------------------------------------------------------

def _deck_with_hidden_cards_swapped(deck, seat, rng):
    """The same deal for `seat`: his own cards and the retourne in place, the
    cards of the three other players shuffled among their positions."""
    st = B.Belote(opts(), W, deck)
    st.apply_text("take")  # N takes in round 1
    own = set(st.hands[seat]) | {deck[20]}
    pos = [i for i, c in enumerate(deck) if c not in own]
    vals = [deck[i] for i in pos]
    rng.shuffle(vals)
    d2 = list(deck)
    for i, v in zip(pos, vals):
        d2[i] = v
    return d2


@pytest.mark.parametrize("seat", [N, E, S, W])
@pytest.mark.parametrize("ann", ["off", "on"])
def test_observation_hides_every_other_hand_including_the_partner(seat, ann):
    # Two deals that differ only in the other players' cards must look the
    # same to `seat`, in the bidding and at his first turn in trick 1.
    r = Rng(77 + seat)
    found = 0
    for k in range(60):
        deck = pack32()
        r.shuffle(deck)
        d2 = _deck_with_hidden_cards_swapped(deck, seat, r)
        a = B.Belote(opts(announcements=ann), W, deck)
        b = B.Belote(opts(announcements=ann), W, d2)
        assert vars(a.observation(seat)) == vars(b.observation(seat))
        a.apply_text("take")
        b.apply_text("take")
        assert a.hands[(seat + 2) % 4] != b.hands[(seat + 2) % 4]
        assert vars(a.observation(seat)) == vars(b.observation(seat))
        if ann == "on":
            continue  # the kinds shown in trick 1 differ with the hands
        # Play both deals to seat's first turn with the same cards, while the
        # same plays are legal in both.
        same = True
        while a.to_move != seat:
            la, lb = a.legal(), b.legal()
            common = [c for c in la if c in lb]
            if not common:
                same = False
                break
            a.apply(common[0])
            b.apply(common[0])
        if same and a.belote_said == b.belote_said:  # else a public difference
            oa, ob = vars(a.observation(seat)), vars(b.observation(seat))
            assert oa == ob
            for s in range(4):
                if s != seat:
                    hidden = [c for c in a.hands[s] if c not in a.known[s]]
                    for c in hidden:
                        assert c not in oa["hand"] and c not in oa["shown"][s]
            found += 1
    assert found >= 5 or ann == "on"


def test_observation_shows_public_facts():
    # B2 with announcements: after trick 1 the kinds are public; when trick 2
    # starts N's quarte wins and is shown in full.
    st = _replay_state("b2.rec", 4)
    info = dict(st.observation(S).info)
    assert "E tierce" not in info["announced"]  # seats are named P1..P4
    assert "P2 tierce" in info["announced"] and "P1 quarte" in info["announced"]
    assert "P2 belote" not in str(info)
    st.apply_text("AS")  # N leads trick 2: the comparison
    info = dict(st.observation(W).info)
    assert info["announcements"] == "NS +50: P1 quarte 7H-TH"
    obs = st.observation(W)
    assert obs.shown[N] == cards("7H 8H 9H TH")  # the winning combination is known


def _replay_state(rec, n_cards):
    """The state of a record's deal after its bids and `n_cards` card plays."""
    import os
    from tests.mp import ROOT
    lines = open(os.path.join(ROOT, "tests", "records", "belote", rec)).read().splitlines()
    o = opts(announcements="on" if "option announcements=on" in lines else "off")
    deck = parse_cards([l for l in lines if l.startswith("deck ")][0][5:])
    st = B.Belote(o, W, deck)
    played = 0
    for l in lines:
        if l[:1] == "P" and l[1:2].isdigit():
            text = l.split(None, 1)[1]
            if text[0] in "789TJQKA" and len(text) == 2:
                if played == n_cards:
                    break
                played += 1
            st.apply_text(text)
    return st


def test_belote_and_rebelote_are_said_in_turn():
    st = _replay_state("b9.rec", 0)  # W holds KC QC
    assert st.belote_seat == W
    assert "belote" not in dict(st.observation(N).info)
    said = []
    while not st.done:
        st.apply(st.legal()[0])
        if st.belote_said > len(said):
            said.append(dict(st.observation(N).info)["belote"])
    assert said == ["P4: belote", "P4: belote, rebelote"]
    assert st.written[1] >= 20 and st.belote_of(1) == 20 and st.belote_of(0) == 0


# -- scoring cases not covered by the worked examples ------------------------

def test_settle_both_over_equal_plays_on_and_higher_wins():
    m = Match(B, opts(), seed=1, dealer=W)

    class Fake:
        class result:
            void = False
        written = [0, 0]
        pot_after = 0
    m.scores = [541, 541]
    B.settle(m, Fake)
    assert not m.over
    Fake.written = [10, 0]
    B.settle(m, Fake)
    assert m.over and m.winner == 0


def test_litige_chain_pays_the_accumulated_pot_once():
    # B11 as a record asserts the sums; here: the pot accumulates in
    # match.carry and only the deal after pays it out.
    from engine.records import replay
    import os
    from tests.mp import ROOT
    m = replay(open(os.path.join(ROOT, "tests", "records", "belote", "b11.rec")).read())
    assert m.carry == 0 and m.scores == [353, 153]


# -- random complete games ----------------------------------------------------

SEEN = {}


def deal_check(st):
    """The spec's sums for every finished deal, recomputed from the tricks."""
    if st.result.void:
        SEEN["void"] = SEEN.get("void", 0) + 1
        assert st.taker == -1 and st.written == [0, 0]
        return
    assert sum(st.card_points) == 152 and sum(st.tricks_won) == 8
    assert len(st.played) == 32
    # Each trick's points went to its winner's side: re-derive them.
    pts = [0, 0]
    leader = st.first
    for t in range(8):
        trick = st.played[4 * t:4 * t + 4]
        assert st.played_by[trick[0]] - 1 == leader
        w = (leader + winning_index(trick, st.suits, st.power, st.trump)) % 4
        for c in trick:
            pts[w % 2] += st.points[c]
        leader = w
    assert pts == st.card_points and leader == st.last_winner
    # Belote: the holder of trump K and Q in his 8 cards, nobody else.
    k, q = jacknine.bella_cards(st.trump)
    holder = st.played_by[k] - 1 if st.played_by[k] == st.played_by[q] else -1
    assert st.belote_seat == holder
    bel = [st.belote_of(0), st.belote_of(1)]
    ann = sum(st.ann_points)
    assert 0 in st.ann_points  # one pair at most scores announcements
    tk = st.taker % 2
    df = 1 - tk
    w = st.written
    if 8 in st.tricks_won:
        cap = st.tricks_won.index(8)
        kind = "capot"
        assert w[cap] == 252 + bel[cap] + ann + st.pot
        assert w[1 - cap] == bel[1 - cap]
    else:
        tot = st.result.totals
        assert sum(tot) == 162 + sum(bel) + ann
        if tot[tk] > tot[df]:
            kind = "made"
            assert w == [tot[0] + (st.pot if tk == 0 else 0), tot[1] + (st.pot if tk == 1 else 0)]
        elif tot[tk] < tot[df]:
            kind = "dedans"
            assert w[tk] == bel[tk] and w[df] == 162 + ann + bel[df] + st.pot
        else:
            kind = "litige"
            assert w[df] == tot[df] and w[tk] == bel[tk]
            assert st.pot_after == st.pot + tot[tk] - bel[tk]
    if kind != "litige":
        assert st.pot_after == 0
    SEEN[kind] = SEEN.get(kind, 0) + 1
    if st.pot:
        SEEN["pot paid"] = SEEN.get("pot paid", 0) + 1


@pytest.mark.parametrize("ann", ["off", "on"])
def test_random_matches_keep_the_rules_sums(ann):
    SEEN.clear()
    for seed in range(1, 41):
        kinds = (("random",), ("heuristic",), ("heuristic", "random"))[seed % 3]
        play_checked(B, opts(announcements=ann), seed, kinds, deal_check=deal_check,
                     illegal_every=23)
    # The cases really happened (a check that never ran proves nothing).
    for k in ("made", "dedans", "capot", "void"):
        assert SEEN.get(k, 0) > 0, (k, SEEN)


def test_litige_and_pot_happen_in_random_play():
    SEEN.clear()
    seed = 100
    while SEEN.get("pot paid", 0) < 2 and seed < 1100:
        play_checked(B, opts(), seed, ("random",), deal_check=deal_check, illegal_every=97)
        seed += 1
    assert SEEN.get("litige", 0) >= 1 and SEEN.get("pot paid", 0) >= 2, SEEN


def test_determinize_keeps_what_the_observer_knows():
    r = Rng(12)
    for seed in range(30):
        st = B.Belote(opts(announcements="on"), seed % 4, _shuffled(seed))
        st.apply_text("take")
        steps = r.below(28)
        while steps and not st.done:
            lg = st.legal()
            st.apply(lg[r.below(len(lg))])
            steps -= 1
        if st.done:
            continue
        me = st.to_move
        d = sample(st, me, r)
        assert sorted(d.card_locations()) == sorted(pack32())
        assert d.hands[me] == st.hands[me]
        for p in range(4):
            assert len(d.hands[p]) == len(st.hands[p])
            for c in st.known[p]:
                assert c in d.hands[p]
        assert sorted(d.legal()) == sorted(st.legal())
        # The clone plays on without touching the real deal.
        before = snapshot(st)
        d.apply(d.legal()[0])
        assert snapshot(st) == before


def _shuffled(seed):
    d = pack32()
    Rng(seed).shuffle(d)
    return d


def test_heuristic_beats_random():
    wins = 0
    for seed in range(20):
        m = play_match(B, opts(), seed, ["heuristic", "random"])
        wins += m.winner == 0
    assert wins >= 16


def test_heuristic_takes_per_the_seed_tip():
    assert worth_taking(cards("JH 7H 8H AS 7C"), HEARTS)
    assert not worth_taking(cards("AH 7H 8H AS 7C"), HEARTS)  # no J or 9
    assert not worth_taking(cards("JH 9H 7C 8C AS"), HEARTS)  # two trumps only
    assert not worth_taking(cards("JH 9H 7H 8C 7S"), HEARTS)  # no ace
    # ... and a hand worth TAKE_SCORE is taken too: J, A, a small trump, an ace.
    assert should_take(cards("JH AH 8H AS 7C"), HEARTS)
    assert not should_take(cards("QH 8H 7C 8C 9S"), HEARTS)
    h = Heuristic(B, 1)
    st = B.Belote(opts(), W, spec_like_deck("JH 7H 8H AS 7C", "9H"))
    assert h.choose(st.observation(N)) == B.TAKE


def test_action_text_round_trip_and_errors():
    st = B.Belote(opts(), W, pack32())
    for a in (B.PASS, B.TAKE, B.TAKE_SUIT + 2, parse_card("TS")):
        assert st.parse_action(st.action_text(a)) == a
    assert st.action_text(B.TAKE_SUIT + 2) == "take H"
    with pytest.raises(ValueError):
        st.parse_action("take X")
    with pytest.raises(ValueError):
        st.parse_action("bid 80")


def test_inferred_voids_are_true_and_kept_by_determinize():
    # What the table infers from a follow (§4 duties) never excludes a card
    # the player holds, and sampled worlds respect it.
    r = Rng(5)
    inferred = 0
    for seed in range(60):
        st = B.Belote(opts(announcements=("off", "on")[seed % 2]), seed % 4, _shuffled(seed + 500))
        st.apply_text("take")
        while not st.done:
            for p in range(4):
                for c in st.hands[p]:
                    assert not st.excluded[p][c], (p, card_text(c))
                for c in st.known[p]:
                    assert c in st.hands[p], (p, card_text(c))  # shown cards are true
            if st.to_move >= 0 and len(st.played) % 8 == 4 and not st.trick:
                d = sample(st, st.to_move, r)
                for p in range(4):
                    for c in d.hands[p]:
                        assert not st.excluded[p][c]
            lg = st.legal()
            st.apply(lg[r.below(len(lg))])
        inferred += sum(sum(e) for e in st.excluded)
    assert inferred > 100


def test_discard_shows_a_void_in_the_led_suit_and_in_trumps():
    st = position(HEARTS, "7C 9H", S, "AD 7S")  # E (an opponent) trumped
    st.apply(parse_card("AD"))
    ex = st.excluded[S]
    assert all(ex[c] for c in cards("7C 8C 9C TC JC QC KC AC"))
    assert all(ex[c] for c in cards("7H 8H 9H TH JH QH KH AH"))
    assert not any(ex[c] for c in cards("7S 8S 7D 8D"))
    # Undertrumping shows no trump above the winning one.
    st = position(HEARTS, "7C QH", S, "7H AD")
    st.apply(parse_card("7H"))
    assert all(st.excluded[S][c] for c in cards("KH TH AH 9H JH"))
    assert not any(st.excluded[S][c] for c in cards("8H 7H"))


def test_terminal_match_and_its_record_replay(tmp_path):
    # `python -m host_sim play --game belote`: a whole match with the human
    # always choosing his first legal action; the record it writes replays.
    from host_sim import terminal
    from engine.records import replay
    shown = []
    rec = tmp_path / "m.rec"
    m = terminal.play(B, opts(announcements="on"), seed=3, human=S, record=str(rec),
                      inp=lambda: "1", out=shown.append)
    assert m is not None and m.over
    text = "\n".join(shown)
    assert "contract: P" in text and "your hand:" in text and "retourne:" in text
    r = replay(rec.read_text())
    assert r.scores == m.scores and r.winner == m.winner


def spec_like_deck(north5, retourne):
    """A deck (dealer W) giving N these first five cards and this retourne."""
    mine = cards(north5)
    ret = parse_card(retourne)
    rest = [c for c in pack32() if c not in mine and c != ret]
    deck = mine[:3] + rest[:9] + mine[3:5] + rest[9:15] + [ret] + rest[15:]
    assert len(deck) == 32
    return deck
