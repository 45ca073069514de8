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
from engine.cards import QUEEN, KING
from engine.heuristic import Heuristic
from engine.sixtysix import rules as g
from engine.tricks import winning_index

POINTS = g.POINTS
POWER = g.POWER
SUITS = g.SUITS
CLAIM = g.CLAIM
EXCHANGE = g.EXCHANGE
CLOSE = g.CLOSE
MARRIAGE = g.MARRIAGE
# keep_value's base, POINTS * 4 + POWER, for every card code
KEEP = bytearray(96)
for _c in range(96):
    KEEP[_c] = POINTS[_c] * 4 + POWER[_c]
del _c


def held_mask(hand):
    """The hand's cards, either copy alike: bit (c & 31) - 2."""
    h = 0
    for x in hand:
        h |= 1 << ((x & 31) - 2)
    return h


def keep(c, trump, held):
    """How much card c is worth keeping (higher: throw it later), `held`
    being held_mask() of the hand (or -1: not needed yet) when c is a king
    or a queen."""
    v = KEEP[c]
    if SUITS[c] == trump:
        v += 60
    r = c & 7
    if r == KING or r == QUEEN:
        # the other half (either copy) in hand: a marriage still to declare
        other = c + 1 if r == QUEEN else c - 1
        if held >> ((other & 31) - 2) & 1:
            v += 30
    return v


def seen_masks(o):
    """Per suit, the cards this seat has seen (hand, played, trick,
    turn-up) as a mask: a first copy sets bit POWER, a second copy (the
    Swabian double pack's, code + 64) bit POWER + 8 (bit 6 of the code,
    moved to 3: (c >> 3) & 8)."""
    m = [0, 0, 0, 0]
    for group in (o.hand, o.played, o.trick):
        for x in group:
            m[SUITS[x]] |= 1 << (POWER[x] + ((x >> 3) & 8))
    x = o.turnup
    if x >= 0:
        m[SUITS[x]] |= 1 << (POWER[x] + ((x >> 3) & 8))
    return m


def sure(o, c, m):
    """No unseen card of c's suit beats it, by seen_masks(): every card of
    c's suit with a higher power has been seen, of both copies in the
    Swabian double pack (a ten is sure once the ace is gone; and in phase 2
    the opponent must follow or trump, so a top trump is sure, and a plain
    top card too)."""
    h = 0x7E & ~((2 << POWER[c]) - 1)
    if h:
        if o.variant == "swabian":
            h |= h << 8
        if m[SUITS[c]] & h != h:
            return False
    if SUITS[c] == o.trump:
        return True
    return o.phase2


class Player(Heuristic):
    def choose(self, o):
        legal = o.legal
        if len(legal) == 1:
            return legal[0]
        if legal[0] < 100:
            # Cards only (the actions come first in the list): no claim,
            # exchange, marriage or close to consider.
            if o.declared:
                return o.declared[1]
            if not o.trick:
                return self.lead(o, legal)
            return self.follow(o, legal)
        me = o.seat
        if CLAIM in legal and o.totals[me] >= o.target:
            return CLAIM
        # The actions (exchange first, close, marriages in suit order,
        # claim) precede the cards: one pass over them.
        trump = o.trump
        close = False
        marriage = -1
        i = 0
        for a in legal:
            if a < 100:
                break
            if a == EXCHANGE:
                return EXCHANGE
            if a == CLOSE:
                close = True
            elif MARRIAGE <= a < MARRIAGE + 4:
                if a - MARRIAGE == trump:
                    return a
                if marriage < 0:
                    marriage = a
            i += 1
        if marriage >= 0:
            return marriage
        cards = legal[i:]
        if o.declared:
            # Lead the queen of the declared pair, keeping the king.
            return o.declared[1]
        if close and self.should_close(o):
            return CLOSE
        if not o.trick:
            return self.lead(o, cards)
        return self.follow(o, cards)

    # -- helpers ---------------------------------------------------------

    def should_close(self, o):
        me = o.seat
        if o.tricks[me] == 0:
            return False
        trump = o.trump
        # First without the masks: two trumps, and enough even were all
        # of them sure.
        n = 0
        trumps = 0
        for c in o.hand:
            if SUITS[c] == trump:
                trumps += 1
                n += POINTS[c] + 6
        if trumps < 2 or o.totals[me] + n < o.target:
            return False
        m = seen_masks(o)
        n = 0
        for c in o.hand:
            if SUITS[c] == trump and sure(o, c, m):
                n += POINTS[c] + 6
        return o.totals[me] + n >= o.target

    def cheapest(self, o, cards):
        """Heuristic.cheapest, with the hand's mask made once (and only when
        a king or a queen asks for it)."""
        trump = o.trump
        held = -1
        best = -1
        bv = 0
        for c in cards:
            if held < 0 and (c & 7 == KING or c & 7 == QUEEN):
                held = held_mask(o.hand)
            v = keep(c, trump, held)
            if best < 0 or v < bv:
                best = c
                bv = v
        return best

    def keep_value(self, o, c):
        """How much a card is worth keeping (higher: throw it later)."""
        return keep(c, o.trump, held_mask(o.hand))

    def lead(self, o, cards):
        trump = o.trump
        if o.phase2:
            m = seen_masks(o)
            # The sure winners, trumps first to draw the opponent's, then
            # the plain aces: the one of least key (keys are unique).
            best = -1
            bk = 0
            for c in cards:
                if sure(o, c, m):
                    k = (SUITS[c] != trump) * 10000 - POINTS[c] * 100 + c
                    if best < 0 or k < bk:
                        best = c
                        bk = k
            if best >= 0:
                return best
            return self.cheapest(o, cards)
        low = [c for c in cards if SUITS[c] != trump and POINTS[c] <= 4]
        if low:
            return self.cheapest(o, low)
        return self.cheapest(o, cards)

    def follow(self, o, cards):
        trick = o.trick
        n = len(trick)
        trump = o.trump
        # c takes the trick from the card now winning it (w) when it is
        # higher in w's suit or trumps a plain w (as winning_index counts).
        w = trick[winning_index(trick, SUITS, POWER, trump)]
        ws = SUITS[w]
        wp = POWER[w]
        plain = ws != trump
        winners = []
        for c in cards:
            s = SUITS[c]
            if (s == ws and POWER[c] > wp) or (plain and s == trump):
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
            cs = self.cheapest(o, same) if same else -1
            if stake >= 10 or (cs >= 0 and stake + POINTS[cs] >= 10):
                if cs >= 0:
                    return cs
                return cheapest_win
            # Win a trick that puts us over the target (it also credits a
            # pending marriage).
            me = o.seat
            for c in winners:
                if o.totals[me] + o.pending[me] + stake + POINTS[c] >= o.target:
                    return c
        return self.cheapest(o, cards)
