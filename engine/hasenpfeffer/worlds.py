# The hasenpfeffer deals a seat may imagine (engine.determinize.sample):
# the unseen cards dealt anew, the auction read as evidence about the hands.
# Loaded only by players that search; the rules never load it.
from engine.compat import sort_small
from engine.determinize import deal_unseen, ONE
from engine.hasenpfeffer.rules import PASS, BID
from engine.hasenpfeffer.heuristic import best_trump


def determinize(state, seat, rng, into=None, inference=True):
    """A clone in which the cards `seat` cannot see (the other hands and,
    until trump is named, the widow) are dealt anew, consistently with
    what `seat` knows: the forced bidder keeps the joker and shown voids
    are respected; with `inference`, the bids weigh the deal."""
    s = state.clone(into)
    others = [(seat + k) % 4 for k in (1, 2, 3)]
    pool = []
    counts = []
    excluded = []
    for o in others:
        known = state.known[o]
        for c in state.hands[o]:
            if c not in known:
                pool.append(c)
        counts.append(len(state.hands[o]) - len(known))
        excluded.append(state.excluded[o])
    if not state.widow_shown:
        pool.append(state.widow)
        counts.append(1)
        excluded.append(None)
    weigh = _auction_weigh(state, others) if inference else None
    parts = deal_unseen(rng, pool, counts, excluded, weigh=weigh)
    for i in range(3):
        h = list(state.known[others[i]]) + parts[i]
        sort_small(h)
        s.hands[others[i]] = h
    if not state.widow_shown:
        s.widow = parts[3][0]
    return s


def _auction_weigh(state, others):
    """The bids and passes as soft constraints on the hands of `others`
    (engine.determinize's inference): a bid of k tricks is made with a
    hand the heuristic values near k tricks, a pass without one worth a
    higher bid, and the maker names a suit he holds trumps in.  Each hand
    is judged with its known and played cards."""
    reads = []
    base = []
    for o in others:
        r = []
        high = 0
        for p, a in state.calls:
            if a == PASS:
                if p == o:
                    r.append((0, high))
            else:
                high = a - BID
                if p == o and not (state.forced and p == state.declarer):
                    r.append((1, high))
        if o == state.declarer and state.trump >= 0:
            r.append((2, state.trump))
        reads.append(r)
        b = list(state.known[o])
        for i in range(len(state.leaders)):
            b.append(state.played[4 * i + (o - state.leaders[i]) % 4])
        if state.trick:
            j = (o - state.leader) % 4
            if j < len(state.trick):
                b.append(state.trick[j])
        base.append(b)
    if not (reads[0] or reads[1] or reads[2]):
        return None

    def weigh(i, part):
        # (place 3, the widow, is never weighed)
        return _fit(state, reads[i], part, base[i]) if i < 3 and reads[i] else ONE
    return weigh


def _fit(state, reads, part, base):
    cards = part + base
    lb = state.opts.left_bower == "true"
    v = best_trump(cards, lb)[1]  # (in tenths of a trick)
    w = ONE
    for kind, x in reads:
        if kind == 0 and v >= 10 * x + 20:
            w = w * 5 // ONE  # passed with a hand worth a higher bid
        elif kind == 1 and v + 10 < 10 * x:
            w = w * 6 // ONE  # bid well beyond the hand's value
        elif kind == 2:
            suits = state.suits  # (named: the deal's trump tables)
            n = 0
            for c in cards:
                if suits[c] == x:
                    n += 1
            if n < 3:
                w = w * (8 if n == 2 else 3) // ONE
    return w
