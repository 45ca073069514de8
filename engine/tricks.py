# The trick mechanics every game shares: who wins a trick, and which cards a
# follower may play.  A game describes itself through two card-indexed tables
# built once per deal, when trump is known:
#   suits[c]  the card's effective suit (a Skat jack or the joker belongs to
#             the trump suit; Grand gives the jacks a suit of their own);
#   power[c]  its strength within that suit, higher wins.
# trump is the effective trump suit, or -1 when there is none (Null).
# Of two identical cards the one played first wins: a card must be strictly
# stronger to take over the trick.

# Duty to head (beat) the card currently winning when following suit.
HEAD_NEVER = 0
HEAD_TRUMP = 1  # only when trumps were led (Klaberjass, Belote)
HEAD_ALWAYS = 2  # in any suit, while the trick is not trumped (Sixty-six phase 2)


def winning_index(cards, suits, power, trump):
    """Index of the card that wins (or is winning) the trick so far."""
    best = 0
    bc = cards[0]
    bs = suits[bc]
    i = 1
    n = len(cards)
    while i < n:
        c = cards[i]
        s = suits[c]
        if s == bs:
            if power[c] > power[bc]:
                best = i
                bc = c
        elif s == trump:
            best = i
            bc = c
            bs = s
        i += 1
    return best


def legal_follows(hand, trick, suits, power, trump, head=HEAD_NEVER,
                  must_trump=False, overtrump=False, undertrump=True,
                  partner_winning=False, wi=-1):
    """The cards of `hand` (a list) that may be played to the unfinished
    `trick`, as a new list.

    Follow suit if you can (heading the winning card when `head` says so);
    otherwise, unless `partner_winning` frees you (Belote), trump when
    `must_trump`, beating the highest trump when `overtrump`; a player who
    cannot overtrump must still trump when `undertrump`, otherwise he may play
    any card.  An empty trick (a lead) allows any card.  wi: the index of
    the trick's winning card, when the caller has it.  (The search AI asks
    on nearly every rollout action: callers pass the arguments by
    position, and the winning card is found only when a rule needs it.)"""
    if not trick:
        return hand[:]
    led = suits[trick[0]]
    same = [c for c in hand if suits[c] == led]
    if same:
        if head == HEAD_ALWAYS or (head == HEAD_TRUMP and led == trump):
            w = trick[wi if wi >= 0 else winning_index(trick, suits, power, trump)]
            if suits[w] == led:
                wp = power[w]
                higher = [c for c in same if power[c] > wp]
                if higher:
                    return higher
        return same
    if partner_winning or not must_trump or trump < 0:
        return hand[:]
    trumps = [c for c in hand if suits[c] == trump]
    if not trumps:
        return hand[:]
    if overtrump:
        w = trick[wi if wi >= 0 else winning_index(trick, suits, power, trump)]
        if suits[w] == trump:
            wp = power[w]
            higher = [c for c in trumps if power[c] > wp]
            if higher:
                return higher
            if not undertrump:
                return hand[:]
    return trumps


def points_of(cards, points):
    t = 0
    for c in cards:
        t += points[c]
    return t
