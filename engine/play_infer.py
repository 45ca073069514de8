# A seat's play read as evidence about its hidden hand (docs/ai.md,
# "Inference"), for the games where the hand it held at each trick is exact
# in a sampled world (every card dealt: Belote, three-hand Sixty-six): each
# card it played, and what it declared, is judged by the game's heuristic
# from that hand, and a world whose hands the model would not have played so
# is weighed down.  Loaded only by players that search.
from engine.compat import const
from engine.determinize import ONE
from engine.tricks import winning_index

LOW = const(3)  # the weight of a play the model would not have made
KEPT_HANDS = const(96)  # weights kept per hidden hand and decision (heap)


def trick_players(seq, first, suits, power, trump, n=2):
    """Who played each card of `seq`, the cards of an n-hand game's tricks
    in play order (a last trick may be unfinished), card-indexed, seat + 1,
    from the first trick's leader: each trick's winner leads the next (for a
    game that does not keep who played what)."""
    by = bytearray(96)
    lead = first
    for t in range(0, len(seq), n):
        trick = seq[t:t + n]
        for j in range(len(trick)):
            by[trick[j]] = (lead + j) % n + 1
        if len(trick) == n:
            lead = (lead + winning_index(trick, suits, power, trump)) % n
    return by


def play_fit(views, hand, answer):
    """The weight of the cards a seat holds now given its plays `views`,
    each (o, act, since): the model's observation then (its hand still to
    fill in), the action it took, and the cards it played from then on.
    answer(hand_then, o) is the model's action."""
    w = ONE
    for o, act, since in views:
        if answer(hand + since, o) != act:
            w = w * LOW // ONE
            if not w:
                return 0  # (two plays off: the world is refused anyway)
    return w


def kept_weigh(fits, hidden, answer):
    """weigh(i, part) for deal_unseen: place i (fits[i]: the seat's views
    and its known cards) weighed by play_fit on its known cards and part;
    any later place (a stock) fits.  A hand's weight is kept for the
    decision: the later tricks' few hidden cards give the same hands again
    and again.  hidden: every card the places hold, whichever it is."""
    kept = [{} for _ in fits]
    # A hand's key: a mask of its cards' places among the hidden ones (at
    # most 24, so a small int even on the device), numbered in card order.
    place = bytearray(96)
    k = 0
    for c in sorted(hidden):
        place[c] = k
        k += 1

    def weigh(i, part):
        if i >= len(fits):
            return ONE
        views, known = fits[i]
        if not views:
            return ONE
        key = 0
        for c in part:
            key |= 1 << place[c]
        w = kept[i].get(key)
        if w is None:
            w = play_fit(views, known + part, answer)
            if len(kept[i]) < KEPT_HANDS:
                kept[i][key] = w
        return w
    return weigh
