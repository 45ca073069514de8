# A rule-based Sixty-six player: the baseline every later AI is measured
# against.  It plays from its observation only.
#
# Its rules of thumb (pagat's strategy notes, simplified):
# - exchange the trump nine whenever allowed; declare a marriage when it can,
#   trumps first; claim (manual mode) as soon as its total is 66;
# - close when its total plus the tricks it is sure to take reach 66;
# - in phase 1, lead a low plain card, keep aces, tens and marriage halves;
#   take a ten or an ace led by the opponent with the same suit's ace, or a
#   low trump, and otherwise throw the cheapest card;
# - in phase 2, lead its sure winners first, win tricks as cheaply as
#   possible, and lose them as cheaply as possible.
from engine.cards import QUEEN, KING, rank_of
from engine.heuristic import Heuristic
from engine import sixtysix as g
from engine.tricks import winning_index

POINTS = g.POINTS
POWER = g.POWER
SUITS = g.SUITS


class Player(Heuristic):
    def choose(self, o):
        legal = o.legal
        if len(legal) == 1:
            return legal[0]
        me = o.seat
        if g.CLAIM in legal and o.totals[me] >= o.target:
            return g.CLAIM
        if g.EXCHANGE in legal:
            return g.EXCHANGE
        marriages = [a for a in legal if g.MARRIAGE <= a < g.MARRIAGE + 4]
        if marriages:
            for a in marriages:
                if a - g.MARRIAGE == o.trump:
                    return a
            return marriages[0]
        cards = [a for a in legal if a < 100]
        if o.declared:
            # Lead the queen of the declared pair, keeping the king.
            return o.declared[1]
        if g.CLOSE in legal and self.should_close(o):
            return g.CLOSE
        if not o.trick:
            return self.lead(o, cards)
        return self.follow(o, cards)

    # -- helpers ---------------------------------------------------------

    def seen(self, o):
        return Heuristic.seen(self, o, (o.turnup,))

    def sure_winner(self, o, c, seen):
        """No unseen card of c's suit beats it (and in phase 2 the opponent
        must follow or trump, so a top trump is sure)."""
        s = SUITS[c]
        # Only the suit's own codes (and their double-pack copies) can be s.
        for base in (s * 8, s * 8 + 64):
            for x in range(base, base + 8):
                if SUITS[x] == s and not seen[x] and POWER[x] > POWER[c]:
                    return False
        if s == o.trump:
            return True
        # A plain-suit top card is sure only if the opponent cannot trump it:
        # he must follow suit in phase 2 if he can.
        return o.phase2

    def should_close(self, o):
        me = o.seat
        seen = self.seen(o)
        sure = 0
        for c in o.hand:
            if SUITS[c] == o.trump and self.sure_winner(o, c, seen):
                sure += POINTS[c] + 6
        trumps = len([c for c in o.hand if SUITS[c] == o.trump])
        return o.totals[me] + sure >= o.target and trumps >= 2 and o.tricks[me] > 0

    def keep_value(self, o, c):
        """How much a card is worth keeping (higher: throw it later)."""
        v = POINTS[c] * 4 + POWER[c]
        if SUITS[c] == o.trump:
            v += 60
        r = rank_of(c)
        if r == KING or r == QUEEN:
            other = c + 1 if r == QUEEN else c - 1
            if other in o.hand or other ^ 64 in o.hand:
                v += 30  # half of a marriage still to declare
        return v

    def lead(self, o, cards):
        seen = self.seen(o)
        if o.phase2:
            winners = [c for c in cards if self.sure_winner(o, c, seen)]
            if winners:
                # Trumps first to draw the opponent's, then the plain aces.
                # (MicroPython's sort is not stable: keys must be unique.)
                winners.sort(key=lambda c: (SUITS[c] != o.trump) * 10000 - POINTS[c] * 100 + c)
                return winners[0]
            return self.cheapest(o, cards)
        plain = [c for c in cards if SUITS[c] != o.trump]
        low = [c for c in plain if POINTS[c] <= 4]
        if low:
            return self.cheapest(o, low)
        return self.cheapest(o, cards)

    def follow(self, o, cards):
        trick = o.trick
        n = len(trick)
        winners = []
        for c in cards:
            if winning_index(trick + [c], SUITS, POWER, o.trump) == n:
                winners.append(c)
        led = trick[0]
        stake = 0
        for x in trick:
            stake += POINTS[x]
        last = n == o.nplayers - 1  # nobody plays after us
        if winners:
            cheapest_win = self.cheapest(o, winners)
            if o.phase2 and (last or SUITS[cheapest_win] == o.trump):
                return cheapest_win
            same = [c for c in winners if SUITS[c] == SUITS[led]]
            if stake >= 10 or (same and stake + POINTS[self.cheapest(o, same)] >= 10):
                if same:
                    return self.cheapest(o, same)
                return cheapest_win
            # Win a trick that puts us over the target (it also credits a
            # pending marriage).
            me = o.seat
            for c in winners:
                if o.totals[me] + o.pending[me] + stake + POINTS[c] >= o.target:
                    return c
        return self.cheapest(o, cards)
