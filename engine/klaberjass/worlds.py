# The klaberjass deals a seat may imagine (engine.determinize.sample): the
# unseen cards dealt anew, and the inference that weighs them (docs/ai.md,
# "Inference").  Loaded only by players that search; the rules never load it.
from engine.compat import sort_small
from engine.cards import suit_of
from engine.determinize import deal_unseen, seen_by
from engine.klaberjass.rules import TAKE, PASS, NAME_SUIT


def determinize(state, seat, rng, into=None, inference=True):
    """A clone in which the cards `seat` cannot see (the other hand, the
    stock, an unrevealed bottom card) are dealt anew, keeping the cards
    the other player has shown and the voids he has shown; with
    `inference`, his takes and passes weigh the deal."""
    s = state.clone(into)
    opp = 1 - seat
    seen = seen_by(state, seat, 96)
    seen[state.turnup] = 1
    if state.bottom_shown:
        seen[state.bottom] = 1
    for c in state.known[opp]:
        seen[c] = 1
    pool = [c for c in state.hands[opp] if not seen[c]] + \
           [c for c in state.stock if not seen[c]]
    rest = len(state.stock)
    if not state.bottom_shown:
        pool.append(state.bottom)
        rest += 1
    hidden = len(state.hands[opp]) - len(state.known[opp])
    weigh = None
    if inference:
        # The takes and passes (engine.jacknine_infer, loaded only by
        # players that search), judged by the heuristic's test on six of
        # his cards (known and played ones too).
        from engine import jacknine_infer as ji
        from engine.klaberjass.heuristic import strength, TAKE_AT, NAME_AT
        reads = ji.jacknine_reads(state.bids, 2, suit_of(state.turnup), TAKE, PASS, NAME_SUIT)
        base = list(state.known[opp]) + [c for c in range(32) if state.played_by[c] == opp + 1]
        turned = state.turnup

        def takes(hand, suit, rnd):
            return strength(hand, suit, turned) >= (TAKE_AT if rnd == 1 else NAME_AT)
        weigh = ji.jacknine_weigh(rng, [reads[opp], []], [base, []], 6, turned, takes)
        weigh = _follow_weigh(state, opp, weigh)
    parts = deal_unseen(rng, pool, [hidden, rest], [state.excluded[opp], None], weigh=weigh)
    h = list(state.known[opp]) + parts[0]
    sort_small(h)
    s.hands[opp] = h
    if state.bottom_shown:
        s.stock = parts[1]
    else:
        s.stock = parts[1][:-1]
        s.bottom = parts[1][-1]
    return s


def _follow_weigh(state, opp, auction):
    """The weigh of his calls (auction) with his answers to a led card
    read too (engine.jacknine_infer.follow_weigh), judged by the
    heuristic's follow from the hand he held then; not the first
    trick's if he took the turn-up after it (he held the seven then)."""
    from engine import jacknine_infer as ji
    from engine.klaberjass.heuristic import follow_card
    follows = ji.follow_reads(state.played, state.played_by, state.trick, opp)
    if follows and state.exchanged == opp and state.played[1] == follows[0][1]:
        follows = follows[1:]
    if not follows:
        return auction
    return ji.follow_weigh(follows, state.known[opp], state.allowed, follow_card, state.trump,
                           auction)
