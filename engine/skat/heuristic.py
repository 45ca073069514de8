# A rule-based Skat player: the baseline later AI is measured against.  It
# sees only its observation.
#
# Rules of thumb:
# - bidding: value its best hand game (a solo with 7+ trumps, or 6 and a side
#   ace; a grand with 3+ jacks and aces; a safe Null) by the matadors in its
#   ten cards, else a modest Tournee limit with two jacks or a long suit;
#   bid the next value up to that limit, hold while the value is reachable;
# - Tournee: accept a turned card whose suit it holds at least four trumps
#   of, choose grand on a turned jack with three jacks; discard unguarded
#   tens and kings of short suits, never trumps or aces;
# - play: the declarer draws trumps with the top trump left, then cashes
#   aces; the defenders cash aces and keep trumps; a follower wins a trick
#   worth taking as cheaply as it can, smears points on a partner's winning
#   trick, and otherwise throws its cheapest card; in Null and Ramsch it
#   ducks with the highest card that does not win.
from engine.heuristic import Heuristic
from engine.cards import JACK, ACE, TEN, pack32
from engine.tricks import winning_index
from engine.skat import rules as g
from engine.skat.scoring import (POINTS, BID_VALUES, SOLO_BASE, TOURNEE_BASE,
                                 SOLO, GRAND_SOLO, NULL, NULL_OUVERT, RAMSCH,
                                 TOURNEE, tables_for, matadors)

ALL = pack32()


def _count_suit(hand, s):
    return len([c for c in hand if c >> 3 == s and c & 7 != JACK])


def _jacks(hand):
    return len([c for c in hand if c & 7 == JACK])


def _side_aces(hand, trump):
    return len([c for c in hand if c & 7 == ACE and c >> 3 != trump])


def _null_safe(hand):
    """No ace, king or queen, and at most two jacks or tens."""
    hi = 0
    for c in hand:
        r = c & 7
        if r >= 5:  # Q K A
            return False
        if r == JACK or r == TEN:
            hi += 1
    return hi <= 2


def plan(hand):
    """(action for the hand game or None, its value, tournee limit)."""
    jacks = _jacks(hand)
    best = None
    best_v = 0
    for s in range(4):
        trumps = jacks + _count_suit(hand, s)
        aces = _side_aces(hand, s)
        if trumps >= 7 or (trumps >= 6 and aces >= 1) or (trumps >= 5 and jacks >= 2 and aces >= 2):
            m, _ = matadors(hand, SOLO, s)
            v = SOLO_BASE[s] * (m + 1)
            if v > best_v:
                best, best_v = g.SOLO_A + s, v
    aces = _side_aces(hand, -1)
    if (jacks >= 3 and aces >= 3) or (jacks == 4 and aces >= 2):
        m, _ = matadors(hand, GRAND_SOLO, -1)
        v = 20 * (m + 1)
        if v > best_v:
            best, best_v = g.GRAND_A, v
    if best is None and _null_safe(hand):
        best, best_v = g.NULL_A, 20
    limit = 0
    longest = 0
    long_s = 0
    for s in range(4):
        n = _count_suit(hand, s)
        if n > longest:
            longest, long_s = n, s
    if jacks >= 2 and jacks + longest >= 5:
        m, _ = matadors(hand, TOURNEE, long_s)
        limit = TOURNEE_BASE[long_s] * (m + 1)
        if limit > 24:
            limit = 24
    elif jacks >= 1 and jacks + longest >= 5:
        limit = 12
    if jacks >= 2 and aces >= 2 and limit < 32:
        limit = 32  # a Guckser
    return best, best_v, limit


class Player(Heuristic):
    valued = None  # ISkO: the hand last valued for the auction, and its value
    value = 0

    def choose(self, o):
        legal = o.legal
        if len(legal) == 1:
            return legal[0]
        ph = o.phase
        if o.laws == "isko" and ph != g.PLAYING:
            return self.isko(o, ph)
        if ph == g.BIDDING or ph == g.ANSWER or ph == g.FOREHAND:
            return self.auction(o)
        if ph == g.SKAT:
            best, v, limit = plan(o.hand)
            if best is not None and v >= o.bid:
                return g.HAND
            if best == g.NULL_A and o.bid <= 20:
                return g.HAND
            jacks = _jacks(o.hand)
            if jacks >= 2 and _side_aces(o.hand, -1) >= 2 and o.bid > 24:
                return g.GUCKSER_A
            return g.TOURNEE_A
        if ph == g.DECLARE:
            best, v, limit = plan(o.hand)
            if best is not None and best in legal:
                return best
            # No good hand game: the longest suit's solo.
            s = 0
            for x in range(4):
                if _count_suit(o.hand, x) > _count_suit(o.hand, s):
                    s = x
            return g.SOLO_A + s
        if ph == g.ANNOUNCE:
            return g.ANNOUNCE_NONE
        if ph == g.TURN:
            c = o.seen[0]
            if c & 7 == JACK or _jacks(o.hand) + _count_suit(o.hand, c >> 3) >= 4:
                return g.ACCEPT
            return g.REJECT
        if ph == g.JACK_CHOICE:
            if _jacks(o.hand) + 1 >= 3:
                return g.GRAND_T
            return legal[0]
        if ph == g.DISCARD_P:
            return self.discard(o)
        if ph == g.CONCEDE_P:
            return g.PLAY_ON
        if o.laws == "isko" and legal[-1] == g.CONCEDE:
            # ISkO 4.3: never give up; claim only a proven rest.
            from engine.skat import isko_heuristic as ih
            if ih.claims(o):
                return g.CLAIM
        cards = [a for a in legal if a < 100]
        return self.play(o, cards)

    def isko(self, o, ph):
        """Appendix A's decisions before the play (engine/skat/isko_heuristic.py)."""
        from engine.skat import isko_heuristic as ih
        if ph == g.BIDDING or ph == g.ANSWER or ph == g.FOREHAND:
            # The hand's value once per auction, not at every call (the
            # AI's rollouts ask at every bid).
            if self.valued != o.hand:
                self.valued = list(o.hand)
                self.value = ih.limit(o.hand)
            return ih.auction(o, self.value)
        if ph == g.SKAT:
            return ih.skat_choice(o)
        if ph == g.DISCARD_P:
            gt, trump = ih.intent(o.hand)
            if gt == NULL:
                return g.DISCARD + ih.discard_null(o.hand, tables_for(NULL, -1)[1])
            return self.discard(o, gt, trump)
        if ph == g.DECLARE:
            return ih.declare(o)
        if ph == g.ANNOUNCE:
            return ih.announce(o)
        return o.legal[0]

    # -- auction ---------------------------------------------------------

    def auction(self, o):
        best, v, limit = plan(o.hand)
        if v > limit:
            limit = v
        if o.phase == g.FOREHAND:
            return g.PLAY if limit >= 10 else g.PASS
        if o.phase == g.ANSWER:
            return g.HOLD if o.bid <= limit else g.PASS
        for a in o.legal:
            if a != g.PASS and BID_VALUES[a - g.BID] <= limit:
                return a
        return g.PASS

    def discard(self, o, gtype=None, trump=-1):
        if gtype is None:
            gtype, trump = o.gtype, o.trump
        suits, power, trump = tables_for(gtype, trump)
        hand = o.hand
        best = hand[0]
        bk = 1 << 20
        for c in hand:
            s = suits[c]
            if s == trump:
                k = 5000 + power[c]
            elif c & 7 == ACE:
                k = 4000 + c
            else:
                n = len([x for x in hand if suits[x] == s])
                has_ace = (s * 8 + ACE) in hand
                k = n * 100 - POINTS[c] * 4 + c
                if has_ace:
                    k += 300
            if k < bk:
                best, bk = c, k
        return g.DISCARD + best

    # -- play ------------------------------------------------------------

    def play(self, o, cards):
        if len(cards) == 1:
            return cards[0]
        suits, power, trump = tables_for(o.gtype if o.gtype >= 0 else RAMSCH, o.trump)
        if o.gtype == RAMSCH:
            return self.duck(o, cards, suits, power, trump, True)
        if o.gtype == NULL or o.gtype == NULL_OUVERT:
            if o.seat == o.declarer:
                return self.duck(o, cards, suits, power, trump, False)
            return self.lowest(cards, power)
        me_decl = o.seat == o.declarer
        seen = self.seen(o, o.skat)
        if not o.trick:
            return self.lead(o, cards, suits, power, trump, seen, me_decl)
        return self.follow(o, cards, suits, power, trump, seen, me_decl)

    def top_left(self, c, suits, power, seen):
        s = suits[c]
        for x in ALL:
            if suits[x] == s and not seen[x] and power[x] > power[c]:
                return False
        return True

    def lowest(self, cards, power):
        best = cards[0]
        for c in cards:
            if power[c] * 64 + POINTS[c] * 2 < power[best] * 64 + POINTS[best] * 2:
                best = c
        return best

    def cheapest(self, cards, suits, power, trump):
        best = cards[0]
        bk = 1 << 20
        for c in cards:
            k = POINTS[c] * 32 + power[c] + (1000 if suits[c] == trump else 0)
            if k < bk:
                best, bk = c, k
        return best

    def lead(self, o, cards, suits, power, trump, seen, me_decl):
        trumps = [c for c in cards if suits[c] == trump]
        left = 0
        for x in ALL:
            if suits[x] == trump and not seen[x]:
                left += 1
        if me_decl and trumps and left > 0:
            for c in trumps:
                if self.top_left(c, suits, power, seen):
                    return c
            if len(trumps) >= 3:
                return self.lowest(trumps, power)
        for c in cards:
            if suits[c] != trump and c & 7 == ACE:
                return c
        if me_decl:
            for c in cards:
                if suits[c] != trump and self.top_left(c, suits, power, seen):
                    return c
        plain = [c for c in cards if suits[c] != trump]
        if plain:
            return self.cheapest(plain, suits, power, trump)
        return self.lowest(cards, power)

    def follow(self, o, cards, suits, power, trump, seen, me_decl):
        t = o.trick
        wi = winning_index(t, suits, power, trump)
        winner = (o.leader + wi) % 3
        friend = (winner == o.seat) or (not me_decl and winner != o.declarer)
        last = len(t) == 2
        stake = 0
        for c in t:
            stake += POINTS[c]
        wins = [c for c in cards if winning_index(t + [c], suits, power, trump) == len(t)]
        if me_decl and o.ann_z and wins and winner != o.seat:
            # Schwarz announced or ouvert: every trick must be his.
            return self.cheapest(wins, suits, power, trump)
        if friend and (last or self.top_left(t[wi], suits, power, seen)):
            # Smear: the highest-point card that is not a trump.
            best = None
            for c in cards:
                if suits[c] != trump and c not in wins or (suits[c] != trump and last):
                    if best is None or POINTS[c] * 32 + power[c] > POINTS[best] * 32 + power[best]:
                        best = c
            if best is not None:
                return best
            return self.cheapest(cards, suits, power, trump)
        if wins and not friend:
            if last or stake >= 10:
                return self.cheapest(wins, suits, power, trump)
            top = [c for c in wins if self.top_left(c, suits, power, seen)]
            if top:
                return self.cheapest(top, suits, power, trump)
        return self.cheapest(cards, suits, power, trump)

    def duck(self, o, cards, suits, power, trump, ramsch):
        t = o.trick
        if not t:
            plain = [c for c in cards if suits[c] != trump]
            return self.lowest(plain or cards, power)
        under = [c for c in cards if winning_index(t + [c], suits, power, trump) != len(t)]
        if under:
            best = under[0]
            for c in under:
                if POINTS[c] * 32 + power[c] > POINTS[best] * 32 + power[best]:
                    best = c
            return best
        return self.lowest(cards, power)
