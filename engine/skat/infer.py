# Skat: the auction and the game chosen read as evidence about the hands
# (engine.determinize's inference; docs/ai.md, "Inference").  Loaded only by
# players that search and read the calls.
from engine.determinize import ONE
from engine.cards import JACK, ACE
from engine.skat.scoring import (TOURNEE, GRAND_TOURNEE, GUCKSER, SOLO, GRAND_SOLO,
                                 GRAND_OUVERT, NULL, NULL_OUVERT)
from engine.skat.heuristic import plan  # (the policy of the AI's rollouts: loaded)


def played_by(st, p):
    """The cards seat p has played (finished tricks and the one on the table)."""
    out = []
    for leader, cards, _ in st.history:
        out.append(cards[(p - leader) % 3])
    if st.trick:
        i = (p - st.leader) % 3
        if i < len(st.trick):
            out.append(st.trick[i])
    return out


def auction_reads(st):
    """Per seat (reached, passed_at) from the public auction: the highest
    value it named or held (0: none), and the value standing when it passed
    (-1: it did not pass)."""
    reached = [0, 0, 0]
    passed = [-1, -1, -1]
    cur = 0
    for p, t in st.auction:
        if t == "pass":
            passed[p] = cur
        elif t == "hold":
            reached[p] = cur
        elif t[0] in "0123456789":
            cur = int(t)
            reached[p] = cur
    return reached, passed


def seed_limit(cards):
    """The highest value the seed laws' heuristic bids to with `cards`."""
    _, v, lim = plan(cards)
    return v if v > lim else lim


def limit_model(st):
    """The model of a bidder: the heuristic's limit(cards), the highest value
    its auction would go to (engine.skat.heuristic, skat_isko_heuristic)."""
    if st.isko:
        from engine.skat.isko_heuristic import limit
        return limit
    return seed_limit


def declarer_weight(st, cards):
    """How well the declarer's ten cards fit the game he chose: a suit game
    is chosen with many trumps, a grand with jacks, a null without aces."""
    g = st.gtype
    jacks = 0
    aces = 0
    suit = 0
    for c in cards:
        r = c & 7
        if r == JACK:
            jacks += 1
        elif c >> 3 == st.trump:
            suit += 1
        if r == ACE:
            aces += 1
    if g == SOLO or g == TOURNEE:
        n = jacks + suit
        if g == TOURNEE:
            n += 1  # (the turned card's suit: a weaker choice)
        return ONE if n >= 6 else (10 if n == 5 else (4 if n == 4 else 1))
    if g == GRAND_SOLO or g == GRAND_OUVERT or g == GRAND_TOURNEE or g == GUCKSER:
        return ONE if jacks >= 3 else (6 if jacks == 2 else (2 if jacks == 1 else 1))
    if g == NULL or g == NULL_OUVERT:
        return ONE if aces == 0 else (8 if aces == 1 else 3)
    return ONE


def bidder_weight(limit, cards, reached, passed_at):
    """A defender's dealt ten cards against his calls: he passed below what
    the heuristic would bid with them, or bid beyond it."""
    if reached == 0 and passed_at < 0:
        return ONE
    lim = limit(cards)
    w = ONE
    if passed_at >= 0 and lim > passed_at:
        w = 5
    if reached > lim:
        w = w * 8 // ONE
    return w


def skat_weigh(st, places, fixed):
    """weigh(i, part) for deal_unseen over `places` (seats, 3 the skat):
    the declarer's game and the defenders' calls, each hand judged with its
    known (`fixed`) and played cards; None when the calls say nothing yet."""
    reached, passed = auction_reads(st)
    limit = limit_model(st)
    d = st.declarer
    base = []
    live = False
    for p in places:
        if p == 3:
            base.append(None)
            continue
        b = [c for q, c in fixed if q == p] + played_by(st, p)
        base.append(b)
        if (p == d and st.gtype is not None and st.gtype >= 0) or reached[p] or passed[p] >= 0:
            live = True
    if not live:
        return None

    def weigh(i, part):
        p = places[i]
        if p == 3:
            return ONE
        cards = part + base[i]
        if p == d:
            if st.gtype is None or st.gtype < 0 or len(cards) != 10:
                return ONE
            return declarer_weight(st, cards)
        if len(cards) != 10:
            return ONE
        return bidder_weight(limit, cards, reached[p], passed[p])
    return weigh
