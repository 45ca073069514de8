# A rule-based Deberts player: the baseline for the search AI and its
# fallback level.  It plays from its observation only.
#
# Rules of thumb:
# - colour call: the colour it holds fewer of (the candle comes from the rest);
# - bidding: take or name a suit whose hand value (trump points, trump count,
#   plain aces and guarded tens) reaches a threshold; the candle counts when
#   the trump 7 could be exchanged for it;
# - ask the low-terz question when it may, exchange the trump 7 unless it is
#   part of a combination that wins (or may win); always declare; announce
#   bella at the earliest moment when it is announced by hand (the engine
#   does it by default); claim "Партия" when its count is enough, whenever
#   it is asked (between tricks, or with its lead);
# - play: lead sure winners (trumps first when it holds the most), otherwise
#   a cheap plain card; follow by winning valuable tricks as cheaply as
#   possible and otherwise throwing the cheapest card.
from engine.heuristic import Heuristic, unseen_masks, lowest_and_beater
from engine.cards import SEVEN, TEN, ACE, suit_of
from engine import jacknine
from engine.deberts import rules as g
from engine.deberts.combos import combinations, combo_cards

TAKE_AT = 44


def hand_value(hand, trump, candle=-1):
    """How good a contract in `trump` looks for this hand."""
    v = 0
    n = 0
    cards = list(hand)
    if candle >= 0 and trump * 8 + SEVEN in cards:
        cards.remove(trump * 8 + SEVEN)
        cards.append(candle)
    for c in cards:
        # suit c >> 3, rank c & 7 (a 32-card pack's codes): no call per card
        r = c & 7
        if c >> 3 == trump:
            n += 1
            v += jacknine.TRUMP_POINTS[r] + 6
        elif r == ACE:
            v += 11
        elif r == TEN and (c + 4) in cards:
            v += 6
    if n < 2:
        v -= 20
    return v


class Player(Heuristic):
    def tables(self, trump):
        return jacknine.tables(trump)

    def choose(self, o):
        legal = o.legal
        if len(legal) == 1:
            return legal[0]
        if o.phase == g.PLAY:
            # Both have played a card (the rollouts' usual case): only the
            # claim can come with the cards, the rest need not be looked for.
            if g.PARTIYA in legal and o.claim_valid:
                return g.PARTIYA
        else:
            if g.RED in legal:
                red = 0
                for c in o.hand:
                    if suit_of(c) in g.RED_SUITS:
                        red += 1
                return g.BLACK if red * 2 > len(o.hand) else g.RED
            if g.TAKE in legal:
                v = hand_value(o.hand, o.candle_suit, o.turnup)
                return g.TAKE if v >= TAKE_AT else g.PASS
            if g.PASS in legal:  # round 2
                best = g.PASS
                bv = TAKE_AT - 1
                for a in legal:
                    if a != g.PASS:
                        v = hand_value(o.hand, a - g.NAME_SUIT)
                        if v > bv:
                            best, bv = a, v
                return best
            if g.NO_CLAIM in legal:
                # between tricks (DB-D17): claim when the count is enough
                # (a valid claim wins the match, a wrong one loses it)
                return g.PARTIYA if o.claim_valid else g.NO_CLAIM
            if g.QUERY in legal:
                return g.QUERY
            if g.EXCHANGE in legal and self.should_exchange(o):
                return g.EXCHANGE
            if g.DECLARE in legal:
                return g.DECLARE
            if g.BELLA in legal:
                return g.BELLA
        cards = [a for a in legal if a < 100]
        suits, power, points = self.tables(o.trump)
        if not o.trick:
            c = self.lead(o, cards, suits, power, points)
        else:
            c = self.follow(o, cards, suits, power, points)
        if g.BELLA_PLAY + c in legal:
            return g.BELLA_PLAY + c
        return c

    def should_exchange(self, o):
        seven = o.trump * 8 + SEVEN
        for k in combinations(o.hand, o.trump):
            if seven in combo_cards(k):
                return o.asked == 0  # keep it unless told the terz loses
        return True

    # -- card play ---------------------------------------------------------

    def keep_values(self, o):
        return jacknine.keep_values(o.trump)

    def lead(self, o, cards, suits, power, points):
        trump = o.trump
        # Per suit, a mask of the cards not seen (engine.heuristic.unseen_masks)
        hid = unseen_masks(o, suits, power)
        trumps = [c for c in cards if suits[c] == trump]
        if trumps and o.seat == o.maker and len(trumps) >= 2 and hid[trump]:
            for c in trumps:
                if hid[trump] >> power[c] <= 1:  # a master trump
                    return c
        for c in cards:
            # a sure plain ace or ten
            if suits[c] != trump and hid[suits[c]] >> power[c] <= 1 and points[c] >= 10:
                return c
        plain = [c for c in cards if suits[c] != trump and points[c] <= 4]
        if plain:
            return self.cheapest(o, plain)
        return self.cheapest(o, cards)

    def follow(self, o, cards, suits, power, points):
        return follow_card(cards, o.trick[0], o.trump, len(o.hand) == 1)


def follow_card(cards, led, trump, last):
    """The heuristic's answer to `led` from its legal `cards` (`last`: the
    deal's last trick); also the model of a follower that the AI's
    inference reads (Deberts.determinize)."""
    suits, power, points = jacknine.tables(trump)
    # The cheapest card, and the cheapest of those that beat the led one.
    low, c = lowest_and_beater(jacknine.keep_values(trump), cards, led, suits, power, trump)
    if c >= 0:
        stake = points[led]
        if stake >= 10 or points[c] >= 10 or suits[c] != trump:
            return c
        if last:
            return c  # the last trick is worth 10
    return low
