# A rule-based Hasenpfeffer player: the baseline later AIs are measured
# against.  It plays from its observation only.
#
# Its rules of thumb:
# - value a hand in tenths of a trick for each possible trump (joker, trump
#   jack and ace nearly sure, long trumps, plain aces), count about one trick
#   for an unknown partner, less if he passed, more if he bid; bid that many
#   tricks when it beats the high bid (with classic scoring, which pays the
#   tricks taken, only one more than the high bid), name the best suit;
# - the last speaker after three passes bids at least 1 (a bid of 1 is
#   almost always made, and better than a forced 3 or a thrown-in deal);
# - declarers lead their sure trumps to draw the defenders', everyone then
#   cashes sure plain winners and otherwise leads low;
# - a follower leaves a trick to a partner who is sure to win it, wins it
#   as cheaply as possible when he can, and throws his cheapest card
#   otherwise.
# RandomPlayer, at the end, is the game's own random baseline (engine.players).
from engine.heuristic import Heuristic
from engine.cards import JOKER, ACE, KING, rank_of
from engine.tricks import winning_index
from engine.rng import Rng
from engine.hasenpfeffer import rules as g

_TABLES = [None] * 8  # (suits, power) per trump, without/with the left bower


def _tables(trump, left_bower):
    i = trump + (4 if left_bower else 0)
    if _TABLES[i] is None:
        _TABLES[i] = g.tables(trump, left_bower)
    return _TABLES[i]


def hand_value(hand, trump, left_bower):
    """Expected tricks in tenths if `trump` were trump."""
    suits, power = _tables(trump, left_bower)
    v = 0
    ntrump = 0
    for c in hand:
        if suits[c] == trump:
            ntrump += 1
            p = power[c]
            if p >= 6:
                v += 3 + p  # joker 11, trump jack 10, left bower 9
            elif p == 5:
                v += 7  # trump ace
            elif p == 4:
                v += 5
            else:
                v += 2
        elif rank_of(c) == ACE:
            v += 7
        elif rank_of(c) == KING:
            if c + 1 in hand:
                v += 4  # guarded by its ace
            else:
                v += 2
    if ntrump > 3:
        v += 4 * (ntrump - 3)
    return v


def best_trump(hand, left_bower):
    best = 0
    bv = -1
    for s in range(4):
        v = hand_value(hand, s, left_bower)
        if v > bv:
            best, bv = s, v
    return best, bv


class Player(Heuristic):
    def choose(self, o):
        legal = o.legal
        if len(legal) == 1:
            return legal[0]
        if o.phase == g.BIDDING:
            return self.bid(o)
        if o.phase == g.NAMING:
            return g.TRUMP + best_trump(o.hand, o.left_bower)[0]
        if not o.trick:
            return self.lead(o, legal)
        return self.follow(o, legal)

    # -- auction ---------------------------------------------------------

    def bid(self, o):
        me = o.seat
        partner = (me + 2) % 4
        _, v = best_trump(o.hand, o.left_bower)
        said = [a for s, a in o.calls if s == partner]
        if not said:
            v += 10
        elif said[-1] == g.PASS:
            v += 5
        else:
            v += (said[-1] - g.BID - 1) * 10
        if o.scoring == "classic":
            v -= 5  # a failed contract also pays the defenders: be surer
        want = v // 10
        if want > g.MAX_BID:
            want = g.MAX_BID
        if len(o.calls) == 3 and o.high_seat < 0:
            if want < 1:
                want = 1  # last to speak after three passes
        if want > o.high:
            if o.scoring == "classic":
                # A made contract scores the tricks taken, not the bid: bid
                # just enough to buy the contract and risk no more.
                return g.BID + o.high + 1
            return g.BID + want
        return g.PASS

    # -- play ------------------------------------------------------------

    def seen(self, o):
        return Heuristic.seen(self, o, (o.widow,))

    def is_top(self, o, c, seen):
        """No card still unseen by this seat beats c within its suit."""
        su = o.suits[c]
        for x in range(JOKER + 1):
            if not seen[x] and o.suits[x] == su and o.power[x] > o.power[c]:
                return False
        return True

    def keep_value(self, o, c):
        # Unique per card (MicroPython's sort is not stable): power first,
        # trumps above everything plain, the code breaks ties.
        v = o.power[c]
        if o.suits[c] == o.trump:
            v += 20
        return v * 64 + c


    def lead(self, o, cards):
        seen = self.seen(o)
        trumps = [c for c in cards if o.suits[c] == o.trump]
        declaring = o.declarer % 2 == o.seat % 2
        out_trumps = False
        for x in range(JOKER + 1):
            if not seen[x] and o.suits[x] == o.trump:
                out_trumps = True
                break
        if declaring and out_trumps:
            sure = [c for c in trumps if self.is_top(o, c, seen)]
            if sure:
                return self.dearest(o, sure)
        plain = [c for c in cards if o.suits[c] != o.trump]
        sure = [c for c in plain if self.is_top(o, c, seen)]
        if sure:
            return self.dearest(o, sure)
        if not out_trumps and trumps:
            return self.dearest(o, trumps)  # every trump left is ours
        if plain:
            return self.cheapest(o, plain)
        return self.cheapest(o, cards)

    def follow(self, o, cards):
        seen = self.seen(o)
        trick = list(o.trick)  # tried on below; the observation may share it
        cur = winning_index(trick, o.suits, o.power, o.trump)
        partner_wins = (o.leader + cur) % 4 == (o.seat + 2) % 4
        last = len(trick) == 3
        if partner_wins and (last or self.is_top(o, trick[cur], seen)):
            return self.cheapest(o, cards)
        winners = []
        for c in cards:
            trick.append(c)
            if winning_index(trick, o.suits, o.power, o.trump) == len(trick) - 1:
                winners.append(c)
            trick.pop()
        if not winners:
            return self.cheapest(o, cards)
        if last:
            return self.cheapest(o, winners)
        sure = [c for c in winners if self.is_top(o, c, seen)]
        if sure:
            return self.cheapest(o, sure)
        if partner_wins:
            return self.cheapest(o, cards)
        return self.cheapest(o, winners)


class RandomPlayer:
    """The random baseline (engine.players uses it for this game): trump and
    cards uniformly at random among the legal ones, but a cautious random
    auction.  Uniform bids would make nearly every contract 5 or 6 and fail
    it, so both sides' totals would drift below zero and a match between
    random players would never reach the target."""

    name = "random"

    def __init__(self, game, seed=1):
        self.rng = Rng(seed)

    def choose(self, o):
        legal = o.legal
        if o.phase == g.BIDDING:
            r = self.rng.below(32)
            if r == 0:
                return legal[self.rng.below(len(legal))]  # any bid, now and then
            if r < 16 and o.high < 3:
                return g.BID + o.high + 1
            return g.PASS
        return legal[self.rng.below(len(legal))]
