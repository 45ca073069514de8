# Hasenpfeffer: the four-player partnership bidding game with a joker
# (spec: shared/rules/hasenpfeffer.md, seed 003 part a).  Section (§) and
# Decision numbers in comments refer to that spec.
#
# A deal runs: the auction on 1-6 tricks (§5), the declarer names trump and
# the 25th card is shown (§6), six tricks (§7), the score (§8).  The match
# (engine.match.Match) books it through settle() (§9).
from engine.compat import const, sort_small, is_digits
from engine.cards import (JACK, JOKER, SUIT_CHARS, SUIT_NAMES, card_text,
                          parse_card, pack24, pack25, table, suit_of, rank_of)
from engine.game import (ACTION_BASE, State, Observation, DealResult, seat_name,
                         fixed_table)
from engine.tricks import winning_index, legal_follows

NAME = "hasenpfeffer"
TITLE = "Hasenpfeffer"

# §10; the spec's `target` is the engine-wide `match_target`.
SETTINGS = (
    ("match_target", (10, 20)),
    ("first_bidder", ("opposite_dealer", "left_of_dealer")),
    ("pass_is_final", ("true", "false")),
    ("all_pass", ("joker_forced_3", "redeal")),
    ("left_bower", ("false", "true")),
    ("scoring", ("seed", "classic")),
)

# Actions besides card plays.
PASS = const(100)
BID = const(100)  # + the number of tricks, 1..6 (101..106)
TRUMP = const(110)  # + suit (naming trump)
MAX_BID = const(6)
FORCED_BID = const(3)  # Decision 7

# Phases
BIDDING = "bidding"
NAMING = "naming trump"
PLAY = "play"
OVER = "over"

NTRICKS = const(6)
SIDE_NAMES = ("P1+P3", "P2+P4")

# §3: trick power within an effective suit, higher wins.
#             rank:  7  8  9  T  J  Q  K  A
_PLAIN = bytes([0, 0, 1, 2, 3, 4, 5, 6])
_TRUMP = bytes([0, 0, 1, 2, 7, 3, 4, 5])  # the trump jack ranks under the joker
_LEFT_POWER = const(6)  # left bower: between the trump jack and the trump ace
_JOKER_POWER = const(8)


def tables(trump, left_bower=False):
    """(suits, power): card-indexed effective suit and trick power for a deal
    with `trump`.  The joker and, with `left_bower`, the jack of the other
    suit of the trump's colour belong to the trump suit (§3)."""
    suits = table(255)
    power = table()
    for c in pack24():
        s = suit_of(c)
        r = rank_of(c)
        if s == trump:
            suits[c] = s
            power[c] = _TRUMP[r]
        elif left_bower and r == JACK and s == trump ^ 1:
            # Hearts/diamonds and clubs/spades are the colour pairs: codes
            # C0 S1 H2 D3 make the same-colour suit trump ^ 1.
            suits[c] = trump
            power[c] = _LEFT_POWER
        else:
            suits[c] = s
            power[c] = _PLAIN[r]
    suits[JOKER] = trump
    power[JOKER] = _JOKER_POWER
    return suits, power


def deal_score(scoring, bid, taken):
    """§8: (declaring side, defending side) points for a contract of `bid`
    tricks of which the declaring side took `taken`."""
    if scoring == "classic":
        if taken >= bid:
            return taken, NTRICKS - taken
        return -bid, NTRICKS - taken
    # The seed: only the tricks bid count; a shortfall costs one per trick.
    if taken >= bid:
        return bid, 0
    return taken - bid, 0


default_options, players, sides, new_pack = fixed_table(SETTINGS, 4, 2, pack25)


def side_of(options, seat):
    return seat % 2  # partners sit opposite (§2)


def side_names(options):
    return list(SIDE_NAMES)


def new_state(match, dealer, deck):
    return Hasenpfeffer(match.options, dealer, deck)


def _signed(n):
    if n > 0:
        return "+%d" % n
    return "%d" % n


class HasenResult(DealResult):
    """A deal's result: both sides' points (either may be negative), the
    declaring side first.  totals are the tricks per side."""

    def __init__(self, points, tricks, declarer_side, reason, void=False):
        if void:
            winner = -1
        elif points[declarer_side] > 0:
            winner = declarer_side
        else:
            winner = 1 - declarer_side
        DealResult.__init__(self, 2, tricks, winner, points, reason, void,
                            list(SIDE_NAMES))
        self.declarer_side = declarer_side

    def text(self):
        if self.void:
            return "void (%s)" % self.reason
        d = self.declarer_side
        n = self.names
        return "%s %s, %s %s (tricks %s %d, %s %d; %s)" % (
            n[d], _signed(self.points[d]), n[1 - d], _signed(self.points[1 - d]),
            n[0], self.totals[0], n[1], self.totals[1], self.reason)


def calls_text(calls):
    return ", ".join(["%s %s" % (seat_name(s), "pass" if a == PASS else str(a - BID))
                      for s, a in calls])


class HObservation(Observation):
    """An observation whose `info` (public facts for a UI, as (label, text)
    pairs) is built from its own fields only when asked for: players that
    never show it do not pay for the text."""

    @property
    def info(self):
        out = [("dealer", seat_name(self.dealer))]
        if self.calls:
            out.append(("bids", calls_text(self.calls)))
        if self.declarer >= 0:
            t = "%s %d for %s" % (seat_name(self.declarer), self.contract,
                                  SIDE_NAMES[self.declarer % 2])
            if self.forced:
                t += " (forced: all passed, %s holds the joker)" % seat_name(self.declarer)
            if self.trump >= 0:
                t += ", trump " + SUIT_NAMES[self.trump]
            out.append(("contract", t))
        if self.widow >= 0:
            out.append(("widow", card_text(self.widow) + " (out of play)"))
        if self.phase == PLAY or self.phase == OVER:
            out.append(("tricks", "%s %d, %s %d" % (SIDE_NAMES[0], self.tricks[0],
                                                     SIDE_NAMES[1], self.tricks[1])))
        return out


class Hasenpfeffer(State):
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)
    nplayers = 4

    def __init__(self, options, dealer, deck):
        if deck is None:
            return  # clone()
        self.opts = options
        if len(deck) != 25 or sorted(deck) != sorted(pack25()):
            raise ValueError("a Hasenpfeffer deck is the 24 cards 9-A and the joker, each once")
        self.dealer = dealer
        self.deck = list(deck)
        # §4: two rounds of three-card packets from the dealer's left; d[24]
        # is the widow.
        self.hands = [[], [], [], []]
        for i in range(24):
            self.hands[(dealer + 1 + i // 3) % 4].append(deck[i])
        for h in self.hands:
            sort_small(h)
        self.widow = deck[24]
        self.widow_shown = False
        # §5 / Decision 5
        if options.first_bidder == "left_of_dealer":
            first = (dealer + 1) % 4
        else:
            first = (dealer + 2) % 4
        self.first = first
        self.to_move = first
        self.phase = BIDDING
        self.calls = []  # (seat, action) in order
        self.passed = [False, False, False, False]
        self.run = 0  # passes in a row
        self.high = 0
        self.high_seat = -1
        self.declarer = -1
        self.contract = 0
        self.forced = False
        self.trump = -1
        self.suits = None
        self.power = None
        self.leader = -1
        self.trick = []
        self.played = []  # finished tricks' cards, each trick leader first
        self.leaders = []  # who led each finished trick
        self.tricks = [0, 0]  # per side
        self.known = [[], [], [], []]  # cards publicly known in a hand
        self.excluded = [bytearray(96), bytearray(96), bytearray(96), bytearray(96)]
        self.done = False
        self.result = None

    def card_locations(self):
        """Every card of the pack wherever it is now (for invariant checks)."""
        return (self.hands[0] + self.hands[1] + self.hands[2] + self.hands[3]
                + self.trick + self.played + [self.widow])

    # -- legality --------------------------------------------------------

    def legal(self):
        if self.done:
            return []
        if self.phase == BIDDING:
            # §5: pass, or a bid strictly above the high bid, at most 6.
            out = [PASS]
            for b in range(self.high + 1, MAX_BID + 1):
                out.append(BID + b)
            return out
        if self.phase == NAMING:
            return [TRUMP + s for s in range(4)]  # Decision 9: no no-trump
        # §7 / Decision 11: follow the led effective suit; no duty to win.
        return legal_follows(self.hands[self.to_move], self.trick, self.suits,
                             self.power, self.trump)

    # -- actions ---------------------------------------------------------

    def _apply(self, a):
        seat = self.to_move
        if self.phase == BIDDING:
            self._call(seat, a)
        elif self.phase == NAMING:
            self._name_trump(a - TRUMP)
        else:
            self._play(seat, a)

    def _call(self, seat, a):
        self.calls.append((seat, a))
        if a == PASS:
            self.passed[seat] = True
            self.run += 1
        else:
            self.high = a - BID
            self.high_seat = seat
            self.run = 0
        final = self.opts.pass_is_final == "true"
        if final:
            npassed = 0
            for p in self.passed:
                if p:
                    npassed += 1
            all_passed = npassed == 4
            won = npassed == 3 and self.high_seat >= 0
        else:
            # §5: three passes in a row after a bid, four from the start.
            all_passed = self.high_seat < 0 and self.run == 4
            won = self.high_seat >= 0 and self.run == 3
        if self.high == MAX_BID:
            won = True  # Decision 6: nobody can overcall 6
        if won:
            self._declare(self.high_seat, self.high)
        elif all_passed:
            self._all_passed()
        else:
            nxt = (seat + 1) % 4
            while final and self.passed[nxt]:
                nxt = (nxt + 1) % 4
            self.to_move = nxt

    def _declare(self, seat, contract):
        self.declarer = seat
        self.contract = contract
        self.phase = NAMING
        self.to_move = seat

    def _all_passed(self):
        # Decision 7: the joker holder must bid 3; an undealt joker (or the
        # redeal setting) throws the deal in.
        if self.opts.all_pass == "joker_forced_3":
            for s in range(4):
                if JOKER in self.hands[s]:
                    self.forced = True
                    self.known[s].append(JOKER)  # his forced bid shows it
                    self._declare(s, FORCED_BID)
                    return
            reason = "all passed; the joker is the undealt card"
        else:
            reason = "all passed; redeal"
        self.result = HasenResult([0, 0], [0, 0], 0, reason, void=True)
        self.done = True
        self.phase = OVER
        self.to_move = -1
        self.widow_shown = True

    def _name_trump(self, s):
        self.trump = s
        self.suits, self.power = tables(s, self.opts.left_bower == "true")
        self.widow_shown = True  # §6: shown to all, out of play
        self.phase = PLAY
        self.leader = self.declarer
        self.to_move = self.declarer

    def _play(self, seat, c):
        if self.trick:
            led = self.suits[self.trick[0]]
            if self.suits[c] != led:
                # He showed a void in the led suit: no unseen card of it can
                # be in his hand (for determinization).
                ex = self.excluded[seat]
                for x in range(JOKER + 1):
                    if self.suits[x] == led:
                        ex[x] = 1
        else:
            self.leader = seat
        self.hands[seat].remove(c)
        if c in self.known[seat]:
            self.known[seat].remove(c)
        self.trick.append(c)
        if len(self.trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        w = (self.leader + winning_index(self.trick, self.suits, self.power,
                                         self.trump)) % 4
        self.tricks[w % 2] += 1
        self.leaders.append(self.leader)
        for x in self.trick:
            self.played.append(x)
        self.trick = []
        self.leader = w
        self.to_move = w
        if len(self.played) == 4 * NTRICKS:
            self._score()  # Decision 13: all six tricks are played

    def _score(self):
        ds = self.declarer % 2
        taken = self.tricks[ds]
        d, o = deal_score(self.opts.scoring, self.contract, taken)
        pts = [0, 0]
        pts[ds] = d
        pts[1 - ds] = o
        reason = "%s %s %d%s, trump %s: %s" % (
            seat_name(self.declarer), "forced" if self.forced else "bid",
            self.contract, " (joker)" if self.forced else "",
            SUIT_NAMES[self.trump], "made" if taken >= self.contract else "failed")
        self.result = HasenResult(pts, list(self.tricks), ds, reason)
        self.done = True
        self.phase = OVER
        self.to_move = -1

    # -- text ------------------------------------------------------------

    def action_text(self, a):
        if a < ACTION_BASE:
            return card_text(a)
        if a == PASS:
            return "pass"
        if BID < a <= BID + MAX_BID:
            return "bid %d" % (a - BID)
        if TRUMP <= a < TRUMP + 4:
            return "trump " + SUIT_CHARS[a - TRUMP]
        raise ValueError("unknown action %r" % a)

    def parse_action(self, text):
        t = " ".join(text.strip().lower().split())
        if t == "pass":
            return PASS
        if t.startswith("bid "):
            n = t[4:]
            if is_digits(n) and 1 <= int(n) <= MAX_BID:
                return BID + int(n)
            raise ValueError("a bid is 'bid N' with N from 1 to 6: %r" % text)
        if t.startswith("trump "):
            w = t[6:]
            for s in range(4):
                if w == SUIT_CHARS[s].lower() or w == SUIT_NAMES[s]:
                    return TRUMP + s
            raise ValueError("trump needs a suit: C S H D (or its name): %r" % text)
        try:
            return parse_card(t)
        except ValueError:
            raise ValueError("not a Hasenpfeffer action: %r (pass, bid N, trump S, a card)" % text)

    # -- observation, clone -----------------------------------------------

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know (brief, legal: see engine.game.State)."""
        o = self.observe(HObservation(seat), seat, brief, legal)
        o.calls = self.calls if brief else list(self.calls)
        o.high = self.high
        o.high_seat = self.high_seat
        o.declarer = self.declarer
        o.trump = self.trump
        o.left_bower = self.opts.left_bower == "true"
        o.scoring = self.opts.scoring
        o.suits = self.suits  # effective suit / power tables once trump is named
        o.power = self.power
        o.widow = self.widow if self.widow_shown else -1
        if brief:
            return o
        o.game = NAME
        o.first = self.first
        o.passed = list(self.passed)
        o.contract = self.contract
        o.forced = self.forced
        o.leaders = list(self.leaders)
        o.tricks = list(self.tricks)
        o.hand_sizes = [len(h) for h in self.hands]
        o.shown = [list(k) for k in self.known]  # cards known in each hand
        return o

    def clone(self, into=None):
        """An independent copy (into: see engine.game.State)."""
        s = into if into is not None else Hasenpfeffer(None, None, None)
        s.opts = self.opts
        s.dealer = self.dealer
        s.deck = self.deck
        s.hands = [list(h) for h in self.hands]
        s.widow = self.widow
        s.widow_shown = self.widow_shown
        s.first = self.first
        s.to_move = self.to_move
        s.phase = self.phase
        s.calls = list(self.calls)
        s.passed = list(self.passed)
        s.run = self.run
        s.high = self.high
        s.high_seat = self.high_seat
        s.declarer = self.declarer
        s.contract = self.contract
        s.forced = self.forced
        s.trump = self.trump
        s.suits = self.suits  # never written after they are built
        s.power = self.power
        s.leader = self.leader
        s.trick = list(self.trick)
        s.played = list(self.played)
        s.leaders = list(self.leaders)
        s.tricks = list(self.tricks)
        s.known = [list(k) for k in self.known]
        s.excluded = [bytearray(e) for e in self.excluded]
        s.done = self.done
        s.result = self.result
        return s


# -- match (§9, Decision 15) ---------------------------------------------------

def settle(match, state):
    r = state.result
    target = match.options.match_target
    match.next_dealer_left()  # annulled deals included
    if r.void:
        return
    match.add(0, r.points[0])
    match.add(1, r.points[1])
    if match.scores[0] >= target and match.scores[1] >= target:
        # Decision 14 (only under classic scoring): the declaring side wins.
        match.over = True
        match.winner = r.declarer_side
        return
    match.check_target(target)

