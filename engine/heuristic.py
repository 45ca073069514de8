# What the games' rule-based players share: a random stream of their own, and
# choosing among cards the one they would rather give away (cheapest) or
# keep (dearest), by the game's own keep_value(o, card).  Written without
# closures: the search AI runs these players in its rollouts.
from engine.rng import Rng


def hidden_by_suit(seen, suits, power, n=32):
    """For each suit (0-4): the highest trick power among the card codes
    below n not yet seen, and how many of them there are.  One pass over the
    pack answers every "is c the master of its suit?" of a decision:
    no hidden card beats c exactly when top[suits[c]] <= power[c]."""
    top = bytearray(5)
    count = bytearray(5)
    for x in range(n):
        if not seen[x]:
            s = suits[x]
            count[s] += 1
            if power[x] > top[s]:
                top[s] = power[x]
    return top, count


class Heuristic:
    name = "heuristic"

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

    def keep_value(self, o, c):
        """How much card c is worth keeping (higher: give it away later)."""
        raise NotImplementedError

    def cheapest(self, o, cards):
        """The card of lowest keep value; the first one on a tie."""
        best = cards[0]
        bv = self.keep_value(o, best)
        for c in cards[1:]:
            v = self.keep_value(o, c)
            if v < bv:
                best, bv = c, v
        return best

    def dearest(self, o, cards):
        """The card of highest keep value; the first one on a tie."""
        best = cards[0]
        bv = self.keep_value(o, best)
        for c in cards[1:]:
            v = self.keep_value(o, c)
            if v > bv:
                best, bv = c, v
        return best
