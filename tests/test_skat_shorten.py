"""Skat under laws=isko: shortening the game, ISkO 4.3 (shared/rules/skat.md
Appendix A.8 as corrected; engine/skat/shorten.py, claim.py): a side gives up at its
turn, the declarer lays his cards open and claims the rest; and the common
German Ramsch score (ramsch_score=german) under both laws.  Worked examples
as vectors, illegal actions rejected, the exact claim check against a
brute-force one, the AI's claims, and random matches.  The records
tests/records/skat/A8*.rec and R7*.rec play the vectors out."""
import pytest

from engine.skat import rules as skat
from engine.skat import shorten
from engine.skat.claim import takes_rest
from engine.skat.ramsch import most_loses
from engine.cards import pack32, card_text, cards_text
from engine.game import IllegalAction, parse_options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng
from engine.tricks import winning_index, legal_follows
from tests.invariants import play_checked, snapshot
from tests.test_skat import deck_for, run, F, M, R

# The declarer M: clubs Hand with 2 (JC JS), 12 x (2 + game + hand) = 48 simple.
HANDS = {M: "JC JS AC TC KC 9C AS TS AH 7D",
         F: "JH JD QC 8C AD TD KD QD 9D 8D",
         R: "KS QS 9S 8S 7S TH KH QH 9H 7H"}
# The declarer F: grand Hand with 4; every card of his is the best of its
# suit once the skat (TH 8D) is out of play.
MASTER = {F: "JC JS JH JD AC TC KC AS TS AH",
          M: "QC 9C 8C 7C KS QS 9S 8S 7S 7D",
          R: "KH QH 9H 8H 7H AD TD KD QD 9D"}
# The same but his heart king, under the ace at R: the claim fails.
STOPPED = {F: "JC JS JH JD AC TC KC AS TS KH",
           M: "QC 9C 8C 7C KS QS 9S 8S 7S 7D",
           R: "AH QH 9H 8H 7H AD TD KD QD 9D"}


def options(*extra):
    return parse_options(skat.SETTINGS, list(extra))


def deal(hands, skat_cards, opts):
    return Match(skat, opts, 1, dealer=0).new_deal(deck_for(hands, skat_cards))


def clubs_hand(bid="bid 18"):
    return run(deal(HANDS, "7C 8H", options("laws=isko")), (M, bid), (F, "pass"), (R, "pass"),
               (M, "hand"), (M, "solo C"), (M, "announce nothing"))


def grand_hand(hands):
    return run(deal(hands, "TH 8D", options("laws=isko")), (M, "pass"), (R, "pass"),
               (F, "play"), (F, "hand"), (F, "grand"), (F, "announce nothing"))


# (id, how it is played, the declarer's score)
VECTORS = (
    # The declarer gives up at his first turn: lost simple, doubled (A.7).
    ("A8a", lambda: run(clubs_hand(), (F, "AD"), (M, "concede")), -96),
    # The defenders give up at the first lead: won simple, no schneider.
    ("A8b", lambda: run(clubs_hand(), (F, "concede")), 48),
    # Bid 60 needs schneider (12 x 5): the defenders, with nothing yet, are
    # held to it (4.1.4 applied by 4.3.3).
    ("A8c", lambda: run(clubs_hand("bid 60"), (F, "concede")), 60),
    # ... but not once they are out of schneider (AD 7D TH: 21, TD TS KH: 24):
    # the bid is not reached, lost as an overbid: 12 x 5 doubled.
    ("A8d", lambda: run(clubs_hand("bid 60"), (F, "AD"), (M, "7D"), (R, "TH"),
                        (F, "TD"), (M, "TS"), (R, "KH"), (F, "concede")), -120),
    # A claim that holds at the first lead: every trick his, schneider and
    # schwarz: 24 x (4 + game + hand + schneider + schwarz).
    ("A8e", lambda: run(grand_hand(MASTER), (F, "claim")), 24 * 8),
    # The claim fails (R's heart ace): every trick theirs, he keeps the skat's
    # 10 points: lost schneider and schwarz, doubled.
    ("A8f", lambda: run(grand_hand(STOPPED), (F, "claim")), -2 * 24 * 8),
)


@pytest.mark.parametrize("vid,play,score", VECTORS, ids=[v[0] for v in VECTORS])
def test_worked_examples(vid, play, score):
    st = play()
    assert st.done and st.conceded > 0
    assert st.result.points[st.declarer] == score, st.result.text()
    assert sum(abs(p) for p in st.result.points) == abs(score)  # only the declarer scores


def test_a8a_to_a8f_records_replay_the_vectors():
    import os
    from engine.records import replay
    here = os.path.join(os.path.dirname(__file__), "records", "skat")
    for vid, _, score in VECTORS:
        with open(os.path.join(here, vid + ".rec")) as f:
            m = replay(f.read())
        assert score in m.scores


def test_result_words_say_how_it_ended():
    st = run(clubs_hand(), (F, "AD"), (M, "concede"))
    assert "given up by the declarer after trick 0" in st.result.text()
    st = run(grand_hand(STOPPED), (F, "claim"))
    assert "claim failed after trick 0" in st.result.text() and "0 tricks" in st.result.text()


def test_who_may_shorten_and_when():
    st = clubs_hand()
    assert st.to_move == F and st.legal()[-1] == skat.CONCEDE and skat.CLAIM not in st.legal()
    run(st, (F, "AD"))
    assert st.legal()[-2:] == [skat.CLAIM, skat.CONCEDE]  # the declarer, following
    # Null: giving up only; nothing in the auction; nothing under the seed laws.
    st = run(deal(HANDS, "7C 8H", options("laws=isko")), (M, "bid 18"), (F, "pass"),
             (R, "pass"), (M, "hand"), (M, "null"))
    run(st, (F, "AD"))
    assert st.legal()[-1] == skat.CONCEDE and skat.CLAIM not in st.legal()
    st = deal(HANDS, "7C 8H", options("laws=isko"))
    assert skat.CONCEDE not in st.legal() and skat.CLAIM not in st.legal()
    st = run(deal(HANDS, "7C 8H", options()), (M, "bid 18"), (F, "pass"), (R, "pass"),
             (M, "hand"), (M, "solo C"), (M, "announce nothing"))
    while not st.done:
        assert skat.CLAIM not in st.legal()
        st.apply([a for a in st.legal() if a < 100][0])


def test_illegal_shortening_is_rejected_and_changes_nothing():
    st = clubs_hand()
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(skat.CLAIM)  # a defender may not claim
    assert "legal:" in str(e.value)
    assert snapshot(st) == before
    # An ISkO Ramsch: nobody declares, nobody shortens.
    st = run(deal(HANDS, "7C 8H", options("laws=isko", "isko_all_pass=ramsch")),
             (M, "pass"), (R, "pass"), (F, "pass"))
    before = snapshot(st)
    for a in (skat.CONCEDE, skat.CLAIM):
        with pytest.raises(IllegalAction):
            st.apply(a)
    assert snapshot(st) == before


def _brute(st):
    """The declarer takes every remaining trick: plain minimax, recursive."""
    d = st.declarer

    def rest(hands, trick, leader):
        seat = (leader + len(trick)) % 3
        for c in legal_follows(hands[seat], trick, st.suits, st.power, st.etrump):
            h = [list(x) for x in hands]
            h[seat].remove(c)
            t = trick + [c]
            if len(t) == 3:
                w = (leader + winning_index(t, st.suits, st.power, st.etrump)) % 3
                v = w == d and (not h[d] or rest(h, [], w))
            else:
                v = rest(h, t, leader)
            if v == (seat == d):
                return v
        return seat != d
    return rest([list(x) for x in st.hands], list(st.trick), st.leader)


def _late_position(seed, left):
    """A random ISkO suit or grand Hand game, played at random until the
    declarer is to move with `left` tricks to go (None if it ended first)."""
    r = Rng(seed)
    deck = pack32()
    r.shuffle(deck)
    st = Match(skat, options("laws=isko"), seed, dealer=0).new_deal(deck)
    run(st, (M, "bid 18"), (F, "pass"), (R, "pass"), (M, "hand"))
    run(st, (M, ("solo C", "solo S", "solo H", "solo D", "grand")[seed % 5]), (M, "announce nothing"))
    while not st.done and (len(st.history) < 10 - left or st.to_move != st.declarer):
        cards = [a for a in st.legal() if a < 100]
        st.apply(cards[r.below(len(cards))])
    return None if st.done else st


@pytest.mark.parametrize("left", (2, 3, 4, 5))
def test_the_claim_check_agrees_with_a_plain_search(left):
    held = 0
    for seed in range(1, 120):
        st = _late_position(seed, left)
        if st is not None:
            v = takes_rest(st, shorten.masters)
            assert v == _brute(st), (seed, left)
            held += v
    assert held > 0  # (some claims hold)


def test_the_ai_claims_only_a_proven_rest_and_never_gives_up():
    from engine.skat import isko_heuristic as ih
    st = grand_hand(MASTER)
    assert ih.claims(st.observation(F))
    ai = make_player("ai", skat, 3)
    from engine.players import decide
    assert decide(ai, st) == skat.CLAIM
    st = grand_hand(STOPPED)
    assert not ih.claims(st.observation(F))  # the heart king is not the best heart
    a = decide(ai, st)
    assert a < 100  # a card: neither a claim nor giving up
    # Whatever the AI claims, the engine upholds it; nobody ever gives up.
    for seed in (1, 2, 3):
        m = play_checked(skat, options("laws=isko", "rounds=1"), seed, kinds=("heuristic",))
        assert m.over


def test_random_matches_keep_the_invariants_under_both_laws():
    for extra in (("laws=isko", "rounds=1"), ("laws=isko", "isko_all_pass=ramsch",
                                              "ramsch_score=german", "rounds=1"),
                  ("ramsch_score=german", "rounds=1")):
        for seed in (1, 2, 3):
            play_checked(skat, options(*extra), seed, kinds=("random", "heuristic"))


def test_heuristic_claims_are_always_upheld():
    """Over many deals the heuristic's claims (a proof from its own cards)
    never fail: a failed claim would cost it every remaining trick."""
    claims = 0
    for seed in range(1, 25):
        m = Match(skat, options("laws=isko", "rounds=1"), seed)
        ps = [make_player("heuristic", skat, seed * 3 + i) for i in range(3)]
        while not m.over:
            st = m.new_deal()
            while not st.done:
                a = ps[st.to_move].choose(st.observation(st.to_move))
                assert a != skat.CONCEDE
                st.apply(a)
            if st.conceded:
                claims += 1
                assert st.conceded == shorten.CLAIM_HELD
            m.finish_deal(st)
    assert claims > 0


# -- the German Ramsch (ramsch_score = german), as xskat scores it -------------

# (totals with the skat, tricks, result)
RAMSCH = (
    ((10, 57, 53), (2, 4, 4), (0, -57, 0)),          # the seed's R1: the most lose them
    ((0, 60, 60), (0, 5, 5), (0, -120, -120)),       # R2: tied for the most, one without a trick: x2
    ((0, 120, 0), (0, 10, 0), (0, 120, 0)),          # R3: every trick, Durchmarsch
    ((40, 40, 40), (4, 3, 3), (0, 0, 0)),            # R4: three-way tie
    ((30, 60, 30), (3, 5, 2), (0, -60, 0)),          # R5
)


@pytest.mark.parametrize("totals,tricks,want", RAMSCH)
def test_german_ramsch_vectors(totals, tricks, want):
    assert tuple(most_loses(list(totals), list(tricks))[0]) == want


@pytest.mark.parametrize("laws", ("seed", "isko"))
def test_german_ramsch_is_scored_under_both_laws(laws):
    extra = ("laws=isko", "isko_all_pass=ramsch") if laws == "isko" else ()
    for score in ("seed", "german"):
        st = run(deal(HANDS, "7C 8H", options("ramsch_score=" + score, *extra)),
                 (M, "pass"), (R, "pass"), (F, "pass"))
        assert st.gtype == skat.RAMSCH
        while not st.done:
            st.apply(st.legal()[0])
        pts = st.card_points()
        if score == "german":
            assert st.result.points == most_loses(pts, st.tricks)[0]
            assert min(st.result.points) < 0 or max(st.tricks) == 10 or min(pts) == max(pts)
        else:
            assert sum(st.result.points) in (10, 20, -30)


# -- the claim check's cost: a plainly won rest at once, a bound on the rest ----

# Grand Hand, declarer F, who leads: his jacks draw no trump (the defenders
# hold none), his aces and tens are the best of their suits, and his heart
# nine is good once AH and TH have drawn M's KH QH.  Before the cashing test
# (shorten.masters) the search took 41 million steps here, two minutes on
# CPython and hours on the Pico.
CASHED = {F: "JC JS JH JD AS TS AH TH 9H AD",
          M: "AC QC 8C KS QS 8S KH QH 9D 7D",
          R: "KC 9C 7C 9S 7S 8H 7H TD KD 8D"}
# Grand Hand, declarer F, who leads: the defenders can take a trick, which
# the check needs 3,760 steps to show (the longest of 3,000 first-trick claims
# with strong hands).
LONG_NO = {F: "JC JS JH AC AS TS AH 8H AD TD",
           M: "JD TC KC QC 9C 7S TH KH QD 9D",
           R: "8C 7C KS QS 9S 8S QH 9H 7H KD"}
# Grand Hand, declarer R, playing third to F's QD and M's 8D: the claim holds,
# shown in some 1,400 steps.
LONG_YES = {R: "JC JS JH JD AC TC AS AH AD KD",
            F: "8C 7C TS KS QS 7S 9H 8H TD QD",
            M: "KC QC 9S 8S KH QH 7H 9D 7D 8D"}


def _grand(hands, skat_cards, declarer):
    st = deal(hands, skat_cards, options("laws=isko"))
    if declarer == F:
        return run(st, (M, "pass"), (R, "pass"), (F, "play"), (F, "hand"), (F, "grand"),
                   (F, "announce nothing"))
    return run(st, (M, "pass"), (R, "bid 18"), (F, "pass"), (R, "hand"), (R, "grand"),
               (R, "announce nothing"), (F, "QD"), (M, "8D"))


def _counted(monkeypatch, most=None):
    from engine import compat
    calls = []

    def keepalive():
        calls.append(1)
        assert most is None or len(calls) <= most, "the check ran past its bound"
    monkeypatch.setattr(compat, "keepalive", keepalive, raising=False)
    return calls


def test_a_rest_his_top_cards_draw_is_upheld_at_once(monkeypatch):
    calls = _counted(monkeypatch, most=0)
    st = _grand(CASHED, "TC QD", F)
    assert shorten.masters(st.hands, F, st.suits, st.power, st.etrump)
    run(st, (F, "claim"))
    assert "claim held" in st.result.text() and not calls


def test_the_claim_check_is_bounded_and_reports_progress(monkeypatch):
    calls = _counted(monkeypatch)
    st = _grand(LONG_NO, "8D 7D", F)
    assert takes_rest(st, shorten.masters) is False
    assert len(calls) == 3  # every 1024 steps: the watchdog fed, the sign moved
    del calls[:]
    assert takes_rest(st, shorten.masters, 2048) is None  # undecided in 2048 steps
    assert len(calls) == 1
    from engine.skat import claim
    assert claim._STEP_MAX >= 3760 + 200  # (the longest seen, decided)


def test_an_undecided_claim_is_scored_as_failed(monkeypatch):
    # ISkO 4.3.4: laying his cards open, the declarer undertakes to take
    # every trick; a claim the check cannot show within its bound is treated
    # as one that does not hold.  The same claim, shown in time, holds.
    from engine.skat import claim
    _counted(monkeypatch)
    st = run(_grand(LONG_YES, "9C TH", R), (R, "claim"))
    assert "claim held" in st.result.text()
    assert takes_rest(_grand(LONG_YES, "9C TH", R), shorten.masters, 1024) is None
    rest = claim.takes_rest
    monkeypatch.setattr(claim, "takes_rest", lambda st, masters: rest(st, masters, 1024))
    st = run(_grand(LONG_YES, "9C TH", R), (R, "claim"))
    assert "claim failed" in st.result.text()


def _strong_position(seed, left):
    """As _late_position, but the declarer M's ten cards drawn with jacks,
    aces and tens far likelier: the hands players claim with."""
    r = Rng(seed)
    rest = pack32()
    r.shuffle(rest)
    rest.sort(key=lambda c: -r.below(1 + 6 * ("JAT".find(card_text(c)[0]) + 1)))
    hands = {M: cards_text(rest[:10]), F: cards_text(rest[10:20]), R: cards_text(rest[20:30])}
    st = deal(hands, cards_text(rest[30:]), options("laws=isko"))
    run(st, (M, "bid 18"), (F, "pass"), (R, "pass"), (M, "hand"))
    run(st, (M, ("solo C", "solo S", "solo H", "solo D", "grand")[seed % 5]), (M, "announce nothing"))
    while not st.done and (len(st.history) < 10 - left or st.to_move != st.declarer or st.trick):
        cards = [a for a in st.legal() if a < 100]
        st.apply(cards[r.below(len(cards))])
    return None if st.done else st


def test_the_cashing_test_never_upholds_a_rest_the_defenders_can_break():
    # shorten.masters, at declarer leads of strong hands: whenever it says
    # the rest is his, a plain search agrees; and it says so of rests where
    # a defender still holds a higher card of a suit (his top cards draw it).
    checked = drawn = 0
    for seed in range(1, 300):
        st = _strong_position(seed, 5)
        if st is None:
            continue
        d = st.declarer
        if shorten.masters(st.hands, d, st.suits, st.power, st.etrump):
            assert _brute(st), seed
            checked += 1
            theirs = [c for p in range(3) if p != d for c in st.hands[p]]
            drawn += any(st.suits[x] == st.suits[c] and st.power[x] > st.power[c]
                         for c in st.hands[d] for x in theirs)
    assert checked > 20 and drawn > 5


MP_CLAIMS = """
import gc
from engine import compat
from engine.cards import parse_cards
from engine.skat.scoring import tables_for, GRAND_SOLO
from engine.skat import shorten
from engine.skat.claim import takes_rest
class St:
    pass
calls = [0]
def keepalive():
    calls[0] += 1
compat.keepalive = keepalive
suits, power, et = tables_for(GRAND_SOLO, None)
for hands, trick, leader, d in %r:
    st = St()
    st.hands = [parse_cards(h) for h in hands]
    st.trick = parse_cards(trick)
    st.leader, st.declarer = leader, d
    st.suits, st.power, st.etrump = suits, power, et
    calls[0] = 0
    gc.collect()
    print("claim", takes_rest(st, shorten.masters), takes_rest(st, shorten.masters, 1024), calls[0])
"""


def test_the_bounded_claim_check_on_micropython():
    # The device's interpreter on a small heap: the same verdicts, the same
    # bound, the keepalive called every 1024 steps.  (It completes in 96k on
    # this 64-bit port, not in 80k: the table of trick starts, KNOWN_MAX.)
    from tests.mp import run_micropython
    cases = [([LONG_NO[s] for s in range(3)], "", F, F),
             ([LONG_YES[s].replace(" QD", "").replace(" 8D", "") for s in range(3)], "QD 8D", F, R),
             ([CASHED[s] for s in range(3)], "", F, F)]
    mp = run_micropython(["-c", MP_CLAIMS % (cases,)], heap="112k")
    assert mp.returncode == 0, mp.stderr + mp.stdout
    assert mp.stdout.split("\n")[:3] == ["claim False None 3", "claim True None 1", "claim True True 0"]
