# A rule-based Klaberjass player: the baseline for later search AI.  It
# decides from its observation only.
#
# Rules of thumb (Hoyle/Parlett strategy notes, simplified):
# - bidding: value the six cards for a trump suit (jack, nine, ace, ten of
#   trumps, plain aces and tens, the dix that brings the turned card); take
#   or name the best suit over a threshold; schmeiss now and then with a
#   hand just under it; refuse a schmeiss when holding the turned suit well
#   (the schmeisser then has to make it against those trumps);
# - exchange the dix at the first window, unless that breaks a sequence
#   before the comparison (then at the later window); always announce bella;
# - play: the maker draws trumps while he holds the highest one left; lead
#   plain aces, else a cheap plain card; win valuable tricks as cheaply as
#   possible, otherwise throw the cheapest card.
from engine.heuristic import Heuristic, unseen_masks, lowest_and_beater
from engine.cards import SEVEN, QUEEN, suit_of, rank_of
from engine import jacknine
from engine.klaberjass import rules as g

# rank 7 8 9 T J Q K A -> bidding weight as trump / as a plain card
_TRUMP_W = bytes([2, 2, 7, 4, 9, 3, 3, 5])
_PLAIN_W = bytes([0, 0, 0, 2, 0, 0, 1, 4])
TAKE_AT = 16
NAME_AT = 18
SCHMEISS_FROM = 13
REFUSE_AT = 14


def strength(hand, trump, turnup):
    """Bidding value of `hand` with `trump`; the dix brings the turned card."""
    v = 0
    ntrumps = 0
    for c in hand:
        # suit c >> 3, rank c & 7 (a 32-card pack's codes): no call per card
        if c >> 3 == trump:
            v += _TRUMP_W[c & 7]
            ntrumps += 1
        else:
            v += _PLAIN_W[c & 7]
    if suit_of(turnup) == trump and trump * 8 + SEVEN in hand:
        v += _TRUMP_W[rank_of(turnup)]
    if ntrumps < 2:
        v -= 6
    return v


def _runs_value(hand):
    t = 0
    for s, top, length in jacknine.runs(hand):
        t += g.run_value(length)
    return t


class Player(Heuristic):
    # The schmeiss is called at random (a third of the time).  A rollout
    # leaves the seed to take before the next draw in `reseed`: a rollout of
    # the card play never draws, and seeding was 6% of it.  (Here, not in
    # engine.heuristic.Heuristic: the other games' players never draw, and
    # the whole application's heap on the device is at its edge.)
    draws = True
    reseed = None

    def draw_below(self, n):
        """self.rng.below(n), after the seed a rollout left in `reseed`."""
        if self.reseed is not None:
            self.rng.seed(self.reseed)
            self.reseed = None
        return self.rng.below(n)

    def tables(self, trump):
        return jacknine.tables(trump)

    def choose(self, o):
        legal = o.legal
        if len(legal) == 1:
            return legal[0]
        ph = o.phase
        if ph == g.BID1:
            return self.bid1(o)
        if ph == g.ANSWER:
            v = strength(o.hand, suit_of(o.turnup), o.turnup)
            return g.REFUSE if v >= REFUSE_AT else g.ACCEPT
        if ph == g.BID2:
            return self.bid2(o)
        if g.EXCHANGE in legal:
            # Sequences are compared once, before trick 1 (K-D8): only an
            # exchange in a window before that can spoil a run.
            if ph != g.DIX or o.tricks[0] + o.tricks[1] > 0 or \
                    self.exchange_keeps_runs(o):
                return g.EXCHANGE
            return g.KEEP
        cards = [a for a in legal if a < 100]
        if not o.trick:
            c = self.lead(o, cards)
        else:
            c = self.follow(o, cards)
        if g.BELLA in legal and c == o.trump * 8 + QUEEN:
            return g.BELLA
        return c

    # -- bidding ---------------------------------------------------------

    def bid1(self, o):
        v = strength(o.hand, suit_of(o.turnup), o.turnup)
        if v >= TAKE_AT:
            return g.TAKE
        if g.SCHMEISS in o.legal and v >= SCHMEISS_FROM and self.draw_below(3) == 0:
            return g.SCHMEISS
        return g.PASS

    def bid2(self, o):
        best = g.PASS
        bv = NAME_AT - 1
        for a in o.legal:
            if a == g.PASS:
                continue
            v = strength(o.hand, a - g.NAME_SUIT, o.turnup)
            if v > bv:
                best, bv = a, v
        return best

    def exchange_keeps_runs(self, o):
        seven = o.trump * 8 + SEVEN
        after = [c for c in o.hand if c != seven] + [o.turnup]
        return _runs_value(after) >= _runs_value(o.hand)

    # -- play ------------------------------------------------------------

    def keep_values(self, o):
        return jacknine.keep_values(o.trump)

    def lead(self, o, cards):
        suits, power, points = self.tables(o.trump)
        trump = o.trump
        # Per suit, a mask of the cards not seen (engine.heuristic.unseen_masks)
        hid = unseen_masks(o, suits, power, (o.turnup, o.bottom))
        # Suits of which a hidden card may be in the other hand (not shown
        # void): in a suit with hidden cards, look for one not excluded
        # (the suit's cards are the codes s * 8 .. s * 8 + 7).
        ex = o.excluded
        may = bytearray(4)
        for s in range(4):
            h = hid[s]
            if h:
                for x in range(s * 8, s * 8 + 8):
                    if (h >> power[x]) & 1 and not ex[x]:
                        may[s] = 1
                        break
        trumps = [c for c in cards if suits[c] == trump]
        if trumps and o.maker == o.seat and hid[trump]:
            for c in trumps:
                if hid[trump] >> power[c] <= 1:  # a master trump
                    return c
        trumps_out = may[trump]
        aces = [c for c in cards if suits[c] != trump and
                hid[suits[c]] >> power[c] <= 1 and points[c] >= 10
                and (may[suits[c]] or not trumps_out)]
        if aces:
            return aces[0]
        plain = [c for c in cards if suits[c] != trump and points[c] <= 4]
        if plain:
            # A suit the opponent lacks makes him spend a trump on it.
            forcing = [c for c in plain if trumps_out and not may[suits[c]]]
            return self.cheapest(o, forcing or plain)
        return self.cheapest(o, cards)

    def follow(self, o, cards):
        return follow_card(cards, o.trick[0], o.trump, len(o.hand) == 1)


def follow_card(cards, led, trump, last):
    """The heuristic's answer to `led` from its legal `cards` (`last`: the
    deal's last trick); also the model of a follower that the AI's
    inference reads (Klaberjass.determinize)."""
    suits, power, points = jacknine.tables(trump)
    # The cheapest card, and the cheapest of those that beat the led one.
    low, w = lowest_and_beater(jacknine.keep_values(trump), cards, led, suits, power, trump)
    if w >= 0:
        stake = points[led]
        if stake >= 10 or last or points[w] >= 10 or \
                (suits[w] == suits[led] and suits[w] != trump):
            return w
        if suits[w] == trump and stake >= 4:
            return w
    return low
