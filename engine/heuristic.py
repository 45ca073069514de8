# What the games' rule-based players share: a random stream of their own, and
# choosing among cards the one they would rather give away (cheapest) or
# keep (dearest), by the game's own keep_value(o, card).  Written without
# closures: the search AI runs these players in its rollouts.
from engine.rng import Rng


def unseen_masks(o, suits, power, extra=()):
    """For each suit (0-3), a mask of the cards this seat has not seen (as
    Heuristic.seen counts them), for a pack whose suits hold one card of
    each trick power 1..8 (the Jack-Nine games' 32 cards): bit p stands for
    the card of power p.  Cheaper than seen() and a pass over the pack, and
    it answers what the players ask:
      master: no unseen card beats c  <=>  m[suits[c]] >> power[c] <= 1
      some card of suit s is unseen   <=>  m[s] != 0
    o.gone: the same masks of the cards played and on the table, kept by
    the state as they are played."""
    m = o.gone[:]
    for c in o.hand:
        m[suits[c]] |= 1 << power[c]
    for c in extra:
        if c >= 0:
            m[suits[c]] |= 1 << power[c]
    for s in range(4):
        m[s] ^= 0x1FE
    return m


def lowest(values, cards):
    """The card of `cards` of lowest value in the card-indexed table
    `values`; the first one on a tie."""
    best = cards[0]
    bv = values[best]
    for c in cards:
        v = values[c]
        if v < bv:
            best, bv = c, v
    return best


def highest(values, cards):
    """The card of highest value; the first one on a tie."""
    best = cards[0]
    bv = values[best]
    for c in cards:
        v = values[c]
        if v > bv:
            best, bv = c, v
    return best


def lowest_and_beater(values, cards, led, suits, power, trump):
    """One pass over a follower's cards to a trick of one card, `led`: the
    card of lowest value, and the lowest-valued card that beats `led` (as
    winning_index of [led, c] judges: higher in its suit, or a trump on a
    plain suit; -1 for none).  The first one on a tie, as lowest()."""
    ls = suits[led]
    lp = power[led]
    low = cards[0]
    w = -1
    for c in cards:
        v = values[c]
        if v < values[low]:
            low = c
        if (suits[c] == ls and power[c] > lp) or (suits[c] == trump and ls != trump):
            if w < 0 or v < values[w]:
                w = c
    return low, w


class Heuristic:
    name = "heuristic"
    # Whether the player ever draws on its random stream (only Klaberjass's
    # schmeiss does): the search AI reseeds its rollouts' players only then
    # (engine/klaberjass/heuristic.py, draw_below).
    draws = False

    def __init__(self, game, seed=1):
        self.rng = Rng(seed)

    def seen(self, o, extra=()):
        """A card-indexed bytearray of the cards this seat has seen: its
        hand, the finished tricks, the trick on the table, and `extra` (cards
        it was shown, such as a turned card; -1 for none)."""
        s = bytearray(96)
        for group in (o.hand, o.played, o.trick, extra):
            for c in group:
                if c >= 0:
                    s[c] = 1
        return s

    def keep_values(self, o):
        """A card-indexed table of keep values, in a game that has one:
        cheapest and dearest then look values up (the rollouts ask on almost
        every card play).  None: they ask keep_value card by card."""
        return None

    def keep_value(self, o, c):
        """How much card c is worth keeping (higher: give it away later)."""
        kv = self.keep_values(o)
        if kv is None:
            raise NotImplementedError
        return kv[c]

    def cheapest(self, o, cards):
        """The card of lowest keep value; the first one on a tie."""
        kv = self.keep_values(o)
        if kv is not None:
            return lowest(kv, cards)
        best = cards[0]
        bv = self.keep_value(o, best)
        for c in cards[1:]:
            v = self.keep_value(o, c)
            if v < bv:
                best, bv = c, v
        return best

    def dearest(self, o, cards):
        """The card of highest keep value; the first one on a tie."""
        kv = self.keep_values(o)
        if kv is not None:
            return highest(kv, cards)
        best = cards[0]
        bv = self.keep_value(o, best)
        for c in cards[1:]:
            v = self.keep_value(o, c)
            if v > bv:
                best, bv = c, v
        return best
