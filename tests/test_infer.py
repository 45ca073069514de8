"""Inference from the auction (engine/determinize.py, the games' hooks): the sampled worlds read the
calls (and a Klaberjass follower's answers) as evidence about the hands.  Worked examples: a Skat declarer who
chose Grand gets jacks, a Klaberjass passer fewer top trumps, a Hasenpfeffer
maker trumps; the certain facts (the retourne with its Belote taker, a
marriage's partner) hold in every world; the sampler stays deterministic and
never gives up."""
from engine.belote import rules as B
from engine.klaberjass import rules as K
from engine.hasenpfeffer import rules as H
from engine.sixtysix import rules as S
from engine.determinize import deal_unseen, ONE, WEIGH_TRIES
from engine import jacknine_infer as ji
from engine.play_infer import trick_players
from engine.cards import parse_card, parse_cards, pack24, pack25, pack32
from engine.game import Options
from engine.rng import Rng
from engine.determinize import sample
from tests.test_skat import F, M, R, deck_for, fresh, run

WORLDS = 60


def jacks(hand):
    return len([c for c in hand if c & 7 == 4])


def average(st, seat, owner, count, inference, seed=3):
    """The mean of count(hand of `owner`) over WORLDS worlds seen by `seat`."""
    r = Rng(seed)
    t = 0
    for _ in range(WORLDS):
        t += count(sample(st, seat, r, None, inference).hands[owner])
    return t / float(WORLDS)


# -- Skat ------------------------------------------------------------------

GRAND = {M: "JC JS JH JD AC AS AH TC TS 7D",
         F: "KC QC 9C 8C 7C KS QS 9S 8S 7S",
         R: "TH KH QH 9H 8H 7H AD TD KD QD"}


def grand_declared():
    st = fresh(deck_for(GRAND, "9D 8D"))
    return run(st, (M, "bid 24"), (F, "pass"), (R, "pass"), (M, "hand"), (M, "grand"))


def test_a_skat_grand_declarer_holds_jacks_in_most_worlds():
    st = grand_declared()
    r = Rng(11)
    many = 0
    for _ in range(WORLDS):
        w = sample(st, F, r)
        if jacks(w.hands[M]) >= 3:
            many += 1
    # Dealt blindly, M's ten of the 22 unseen cards would hold three or
    # four of the four jacks in 23% of the worlds.
    assert many > WORLDS // 2
    assert average(st, F, M, jacks, True) > average(st, F, M, jacks, False) + 0.5


def test_a_skat_passer_holds_less_than_the_value_he_passed():
    # R passed without a bid: with inference his hand values (the
    # heuristic's limit) rarely pass the value he could have named.
    from engine.skat.infer import seed_limit
    st = grand_declared()
    lo = average(st, F, R, lambda h: seed_limit(h) > 0, True)
    hi = average(st, F, R, lambda h: seed_limit(h) > 0, False)
    assert lo < hi


def test_skat_calls_read_from_the_public_auction():
    from engine.skat.infer import auction_reads
    st = grand_declared()
    reached, passed = auction_reads(st)
    assert reached[M] == 24 and passed[M] == -1
    assert passed[F] == 24 and passed[R] == 24


# -- Belote, Klaberjass ----------------------------------------------------

def test_a_belote_taker_holds_the_retourne_in_every_world():
    for seed in range(6):
        d = pack32()
        Rng(seed).shuffle(d)
        st = B.Belote(Options(B.SETTINGS), 0, d)
        st.apply_text("take")
        seat = (st.taker + 1) % 4
        r = Rng(seed)
        for _ in range(20):
            assert st.retourne in sample(st, seat, r).hands[st.taker]


def test_a_klaberjass_first_round_passer_lacks_the_top_trumps():
    d = pack32()
    Rng(4).shuffle(d)
    st = K.Klaberjass(Options(K.SETTINGS), 0, d)
    passer = st.to_move
    st.apply_text("pass")
    t = st.turnup >> 3
    st.apply_text("take")  # the dealer takes the turned suit
    me = 1 - passer

    def top(h):
        return len([c for c in h if c >> 3 == t and c & 7 in (2, 4)])
    assert average(st, me, passer, top, True) < average(st, me, passer, top, False)


def test_jacknine_reads_follow_the_rounds():
    # Two seats: 1 passes the turned clubs, 0 passes, 1 passes again, 0
    # names diamonds.
    reads = ji.jacknine_reads([(1, K.PASS), (0, K.PASS), (1, K.PASS), (0, K.NAME_SUIT + 3)],
                              2, 0, K.TAKE, K.PASS, K.NAME_SUIT)
    assert reads[1] == [(ji.PASS1, 0), (ji.PASS2, 0)]
    assert reads[0] == [(ji.PASS1, 0), (ji.TAKER2, 3)]
    # Judged by the heuristic's test (klaberjass_heuristic.strength): naming
    # diamonds with their jack, nine and ten fits fully, with one small
    # diamond poorly; passing clubs with the club jack, nine and ten is
    # unlikely, with small clubs expected.
    from engine.klaberjass.heuristic import strength, TAKE_AT, NAME_AT
    turned = parse_card("8C")

    def takes(hand, suit, rnd):
        return strength(hand, suit, turned) >= (TAKE_AT if rnd == 1 else NAME_AT)
    named = reads[0][1:]
    assert ji.jacknine_fit(named, parse_cards("JD 9D TD AC 7S 8S"), takes) == ONE
    assert ji.jacknine_fit(named, parse_cards("7D 8H 9S 7S 8S 7H"), takes) == ji.LOW
    assert ji.jacknine_fit([(ji.PASS1, 0)], parse_cards("JC 9C TC AS 8D 7H"), takes) == ji.LOW
    assert ji.jacknine_fit([(ji.PASS1, 0)], parse_cards("7C 9S TS AS 8D 7H"), takes) == ONE


def test_a_bid_hand_is_part_of_what_is_held():
    part = parse_cards("JD 9D TD")
    base = parse_cards("AC 7S 8S 7H")
    a = ji.bid_hand(Rng(3), part, base, 5, parse_card("7H"))
    assert len(a) == 5 and set(a) <= set(part + base) - {parse_card("7H")}
    assert ji.bid_hand(Rng(3), part, base[:1], 5) == part + base[:1]


def _heuristic_deals(n, name="klaberjass", overrides=None):
    """The states of n deals between the heuristic players, one at each
    decision after the first trick's answer."""
    from engine import games
    from engine.match import Match
    from engine.players import make_player, decide
    g = games.load(name)
    m = Match(g, Options(g.SETTINGS, overrides), 7)
    players = [make_player("heuristic", g, 3 + s) for s in range(m.nplayers)]
    for k in range(n):
        if m.over:
            m = Match(g, Options(g.SETTINGS, overrides), 8 + k)  # (each match its own deals)
        st = m.new_deal()
        while not st.done:
            if len(st.played) >= 2:
                yield st
            st.apply(decide(players[st.to_move], st, m))
        m.finish_deal(st)


def test_klaberjass_answers_are_read_from_the_tricks():
    from engine.klaberjass import worlds as klaberjass_worlds
    # The real hand always fits the heuristic's answers (the model the
    # inference reads) in play between heuristic players.
    judged = 0
    for st in _heuristic_deals(12):
        opp = 1 - st.to_move
        follows = ji.follow_reads(st.played, st.played_by, st.trick, opp)
        for led, c, since in follows:
            assert since[0] == c and all(st.played_by[x] == opp + 1 for x in since)
        # Who played what, as Deberts (which does not keep it) finds it.
        seq = st.played + st.trick  # (the trick on the table too)
        by = trick_players(seq, 1 - st.dealer, st.suits, st.power, st.trump)
        assert [by[c] for c in seq] == [st.played_by[c] for c in seq]
        weigh = klaberjass_worlds._follow_weigh(st, opp, None)
        if weigh is None:  # no answers to read (or only one before his exchange)
            assert len(follows) <= (st.exchanged == opp)
            continue
        part = [c for c in st.hands[opp] if c not in st.known[opp]]
        assert weigh(0, part) == ONE
        assert weigh(1, []) == ONE  # the stock is not judged
        judged += len(follows)
    assert judged > 100


def test_deberts_answers_are_read_from_the_tricks():
    from engine.deberts import worlds as deberts_worlds
    judged = off = 0
    for st in _heuristic_deals(12, "deberts"):
        opp = 1 - st.to_move
        if st.exchanged == opp:
            continue
        weigh = deberts_worlds._follow_weigh(st, opp, [c for c in st.known[opp] if c in st.hands[opp]])
        if weigh is None:
            continue
        known = [c for c in st.hands[opp] if c in st.known[opp]]
        assert weigh(0, [c for c in st.hands[opp] if c not in known]) == ONE
        # A blind world often does not fit: the answers say something.
        blind = sample(st, 1 - opp, Rng(len(st.played)), None, False).hands[opp]
        off += weigh(0, [c for c in blind if c not in known]) < ONE
        judged += 1
    assert judged > 50 and off > judged // 4, (judged, off)


def _real_fit_blind_not(st, me, others, weigh):
    """Each other seat's real hand fits its plays fully (weigh: the game's
    _play_weigh); the count of those whose hand in a blind world does not."""
    blind = sample(st, me, Rng(len(st.played)), None, False)
    off = 0
    for i, p in enumerate(others):
        known = st.known[p]
        assert weigh(i, [c for c in st.hands[p] if c not in known]) == ONE
        off += weigh(i, [c for c in blind.hands[p] if c not in known]) < ONE
    return off


def test_belote_plays_are_read_from_the_tricks():
    from engine.belote import worlds as belote_worlds
    # Every card a hidden seat played, its leads and answers, the
    # partner's too: the real hands fit, a blind world often does not.
    judged = off = 0
    for st in _heuristic_deals(10, "belote"):
        if st.phase != B.PLAY:
            continue
        me = st.to_move
        others = [p for p in range(4) if p != me]
        reads = ji.play_reads(st.played, st.played_by, st.trick, 4)
        assert sum(len(r) for r in reads) == len(st.played) + len(st.trick)
        for p in range(4):
            for start, k, c, since in reads[p]:
                assert start % 4 == 0 and start <= k < start + 4
                assert since[0] == c and all(st.played_by[x] == p + 1 for x in since)
        weigh = belote_worlds._play_weigh(st, others)
        if weigh is None:
            assert not any(reads[p] for p in others)
            continue
        off += _real_fit_blind_not(st, me, others, weigh)
        judged += len(others)
        assert weigh(3, []) == ONE  # (no stock in play)
    assert judged > 100 and off > judged // 8, (judged, off)


def _tally_worlds(tally, st, me, who, cards, worlds=20):
    """Add one position to `tally` (positions, worlds with the inference,
    worlds without): in how many of `worlds` worlds seen by `me` seat `who`
    holds one of `cards`, from the same random streams."""
    r1, r2 = Rng(5), Rng(5)
    tally[0] += 1
    for _ in range(worlds):
        tally[1] += any(a in sample(st, me, r1, None, True).hands[who] for a in cards)
        tally[2] += any(a in sample(st, me, r2, None, False).hands[who] for a in cards)


def test_a_belote_low_plain_lead_means_no_plain_ace():
    # A hidden seat led a plain card that I can beat: the heuristic leads a
    # master plain card when it holds one (an ace always is), so a world
    # that gives him one of the plain aces I have not seen misfits his lead
    # and is mostly refused (a third fewer such worlds than without the
    # reading; a misfit is weighed, not ruled out).
    tally = [0, 0, 0]
    for st in _heuristic_deals(80, "belote"):
        if st.phase != B.PLAY or st.trick or len(st.played) < 8:
            continue
        me = st.to_move
        lead = st.played[-4]  # the last trick's lead
        by = st.played_by[lead] - 1
        s = lead >> 3
        if by == me or s == st.trump or lead in st.known[by]:
            continue
        if not any(c >> 3 == s and st.power[c] > st.power[lead] for c in st.hands[me]):
            continue  # (his lead may have been a master)
        aces = [t * 8 + 7 for t in range(4) if t != st.trump]
        aces = [a for a in aces if not st.played_by[a] and a not in st.hands[me]]
        if not aces:
            continue
        _tally_worlds(tally, st, me, by, aces)
    found, with_, without = tally
    assert found >= 10 and with_ * 3 < without * 2, tally


THREE = {"variant": "three"}


def test_three_hand_sixtysix_plays_are_read_from_the_tricks():
    from engine.sixtysix import worlds as sixtysix_worlds
    # Every card the two other seats played and every marriage they
    # declared (or did not): the real hands fit the heuristic's play, a
    # blind world often does not.
    judged = off = marriages = 0
    for st in _heuristic_deals(40, "sixtysix", THREE):
        me = st.to_move
        others = [p for p in range(3) if p != me]
        marriages += sum(len(st.marriages[p]) for p in others)
        weigh = sixtysix_worlds._play_weigh(st, others)
        if weigh is None:
            assert not st.played and all(st.leader == p for p in others)
            continue
        off += _real_fit_blind_not(st, me, others, weigh)
        judged += len(others)
    assert judged > 1000 and off > judged // 5 and marriages > 20, (judged, off, marriages)


def test_a_three_hand_lead_that_is_no_sure_winner_means_no_ace():
    # The heuristic leads its sure winners first, and in three-hand play
    # (strict rules from the first trick, §4) an ace always is one: a seat
    # that led a card that was not sure for it held no ace then, so the
    # worlds of the inference seldom give it an unseen ace (a misfit is
    # weighed, not ruled out).
    from engine.sixtysix.heuristic import seen_masks, sure
    tally = [0, 0, 0]
    for st in _heuristic_deals(100, "sixtysix", THREE):
        if st.trick or len(st.played) < 3:
            continue
        me = st.to_move
        seq = st.played
        lead = seq[-3]  # the last trick's lead, and who led it
        leader = (st.dealer + 1) % 3
        for t in range(0, len(seq) - 3, 3):
            leader = (leader + S.winning_index(seq[t:t + 3], S.SUITS, S.POWER, st.trump)) % 3
        if leader == me or any(s == S.SUITS[lead] for s, v in st.marriages[leader]):
            continue  # (a declared pair's card is led at once: nothing read)
        # Not sure for him: a higher card of its suit lay in another hand.
        before = seq[:-3]
        if not any(S.SUITS[x] == S.SUITS[lead] and S.POWER[x] > S.POWER[lead]
                   and x not in before and x not in st.hands[leader] for x in pack24()):
            continue
        aces = [a for a in (s * 8 + 7 for s in range(4))
                if a not in st.played and a not in st.hands[me] and a not in st.known[leader]]
        if not aces:
            continue
        _tally_worlds(tally, st, me, leader, aces)
    found, with_, without = tally
    assert found >= 20 and with_ * 3 < without * 2, tally


def test_a_klaberjass_ten_let_go_means_no_ace_behind_it():
    # A plain ten led and answered with a lower card of its suit: the
    # heuristic takes a ten with its ace, so the follower holds no ace of
    # the suit in most worlds of the inference (his ace may still be
    # unseen: in the stock or in his hand).
    found = with_ = without = 0
    for st in _heuristic_deals(150):
        me = st.to_move
        opp = 1 - me
        if st.trick or st.played_by[st.played[-1]] != opp + 1:
            continue  # (just after a trick that he answered)
        led, c = st.played[-2:]
        s = led >> 3
        ace = s * 8 + 7
        if led & 7 != 3 or s == st.trump or c >> 3 != s or ace in st.hands[me] \
                or st.played_by[ace] or ace == st.turnup:
            continue
        r1, r2 = Rng(5), Rng(5)
        for _ in range(WORLDS):
            with_ += ace in sample(st, me, r1, None, True).hands[opp]
            without += ace in sample(st, me, r2, None, False).hands[opp]
        found += 1
    assert found >= 5
    assert with_ * 3 < without * 2, (found, with_, without)


# -- Hasenpfeffer ----------------------------------------------------------

def test_a_hasenpfeffer_maker_holds_trumps():
    gain = 0.0
    n = 0
    for seed in range(12):
        d = pack25()
        Rng(seed).shuffle(d)
        st = H.Hasenpfeffer(Options(H.SETTINGS), 0, d)
        while st.phase == H.BIDDING:
            st.apply(H.BID + 4 if st.to_move == st.first else H.PASS)
        if st.phase != H.NAMING:
            continue
        st.apply(H.TRUMP + 2)
        mk = st.declarer
        suits = st.suits
        seat = (mk + 1) % 4

        def trumps(h):
            return len([c for c in h if suits[c] == 2])
        gain += average(st, seat, mk, trumps, True, seed) - average(st, seat, mk, trumps, False, seed)
        n += 1
    assert n >= 6 and gain / n > 0.3


# -- what is certain -------------------------------------------------------

def test_a_marriage_partner_stays_in_its_hand_while_unplayed():
    checked = 0
    for seed in range(40):
        m_st = None
        d = pack24()
        Rng(seed).shuffle(d)
        st = S.SixtySix(Options(S.SETTINGS), 0, d)
        r = Rng(seed)
        while not st.done:
            a = [x for x in st.legal() if S.MARRIAGE <= x < S.MARRIAGE + 4]
            if a:
                seat = st.to_move
                st.apply(a[0])
                m_st = (seat, list(st.declared))
                break
            lg = st.legal()
            st.apply(lg[r.below(len(lg))])
        if m_st is None or st.done:
            continue
        seat, pair = m_st
        st.apply(st.legal()[0])  # plays one card of the pair
        rest = [c for c in pair if c in st.hands[seat]]
        assert rest
        for _ in range(10):
            w = sample(st, 1 - seat, r)
            for c in rest:
                assert c in w.hands[seat]
        checked += 1
    assert checked >= 3


# -- the sampler -----------------------------------------------------------

def test_inference_is_deterministic_and_bounded():
    st = grand_declared()
    a = [sample(st, F, Rng(5)).hands for _ in range(2)]
    assert a[0] == a[1]
    # A weight nothing satisfies still gives a deal: the best one tried.
    pool = list(range(10))
    parts = deal_unseen(Rng(1), pool, [5, 5], [None, None], weigh=lambda i, p: 0)
    assert sorted(parts[0] + parts[1]) == pool
    calls = []

    def never(i, p):
        calls.append(i)
        return 0
    deal_unseen(Rng(1), pool, [5, 5], [None, None], weigh=never)
    assert len(calls) == WEIGH_TRIES  # (a rejected place ends its try)
    # Voids that no deal can respect (an observer's inference too strong)
    # and a weight that rejects the deal without them: still a deal.
    none = bytearray(b"\x01" * 10)
    parts = deal_unseen(Rng(1), pool, [5, 5], [none, None], weigh=lambda i, p: 0)
    assert sorted(parts[0] + parts[1]) == pool



def test_shown_deberts_combinations_stay_in_their_hand_while_unplayed():
    from engine.deberts import rules as D
    from engine.deberts.combos import combo_cards
    from engine.match import Match
    from engine.players import make_player, decide
    checked = 0
    for seed in range(30):
        m = Match(D, Options(D.SETTINGS), seed + 1)
        ps = [make_player("heuristic", D, 1), make_player("heuristic", D, 2)]
        st = m.new_deal()
        while not st.done and not (st.shown and st.combo_winner >= 0):
            st.apply(decide(ps[st.to_move], st, m))
        if st.done:
            continue
        w = st.combo_winner
        shown = [x for k in st.declared[w] for x in combo_cards(k) if x in st.hands[w]]
        assert shown
        r = Rng(seed)
        for _ in range(10):
            world = sample(st, 1 - w, r)
            for x in shown:
                assert x in world.hands[w]
        checked += 1
    assert checked >= 3
