# Sixty-six for two players (spec: shared/rules/sixtysix.md, §1-§3, §6-§7).
#
# A deal is a State; the match (engine.match.Match) books its result through
# settle().  Section numbers in comments refer to the spec.
from engine.compat import const, sort_small
from engine.cards import (NINE, TEN, JACK, QUEEN, KING, ACE, SUIT_CHARS,
                          card_text, parse_card, pack24, table, suit_of, rank_of)
from engine.game import (ACTION_BASE, State, Observation, Options, DealResult,
                         IllegalAction, seat_name)
from engine.tricks import winning_index, legal_follows, HEAD_ALWAYS, HEAD_NEVER
from engine.determinize import deal_unseen

NAME = "sixtysix"
TITLE = "Sixty-six"
HEURISTIC = "sixtysix_heuristic"

SETTINGS = (
    ("match_target", (8, 7)),
    ("claim_mode", ("auto", "manual")),
    ("last_trick_bonus", (10, 0)),
    ("schwarz_basis", ("zero_points", "no_tricks")),
    ("closed_scoring", ("seed", "pagat")),
    ("marriages_in_phase2", ("allowed", "forbidden")),
    ("must_head_in_suit", ("true", "false")),
    ("dealer_rotation", ("winner_deals", "alternate")),
    ("no66_two_player", ("higher_total", "void")),
    ("show_running_totals", ("true", "false")),
)

# Actions besides card plays (§3.2: the leader's optional steps, in order).
EXCHANGE = const(100)
CLOSE = const(101)
MARRIAGE = const(104)  # + suit
CLAIM = const(110)

# Phases
LEAD = "lead"
FOLLOW = "follow"
OVER = "over"

# §2.1 card points and order (A T K Q J 9)
_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}
_ORDER = {ACE: 6, TEN: 5, KING: 4, QUEEN: 3, JACK: 2, NINE: 1}

POINTS = table()
POWER = table()
SUITS = table(255)
for _c in pack24():
    POINTS[_c] = _POINTS[rank_of(_c)]
    POWER[_c] = _ORDER[rank_of(_c)]
    SUITS[_c] = suit_of(_c)

TARGET = const(66)


def default_options():
    return Options(SETTINGS)


def players(options):
    return 2


def sides(options):
    return 2


def new_pack(options):
    return pack24()


def new_state(match, dealer, deck):
    return SixtySix(match.options, dealer, deck)


class SixtySix(State):
    nplayers = 2

    def __init__(self, options, dealer, deck):
        if deck is None:
            return  # clone()
        self.opts = options
        if len(deck) != 24 or sorted(deck) != sorted(pack24()):
            raise ValueError("a Sixty-six deck is the 24 cards 9-A, each once")
        self.dealer = dealer
        self.deck = list(deck)
        n = 1 - dealer  # non-dealer
        d = deck
        # §3.1: three each, twice, non-dealer first; then the turn-up; the rest
        # is the stock with d[13] on top.
        self.hands = [None, None]
        self.hands[n] = [d[0], d[1], d[2], d[6], d[7], d[8]]
        self.hands[dealer] = [d[3], d[4], d[5], d[9], d[10], d[11]]
        sort_small(self.hands[0])
        sort_small(self.hands[1])
        self.turnup = d[12]
        self.trump = SUITS[d[12]]
        self.stock = list(d[13:24])
        self.closed = False
        self.closer = -1
        self.closer_opp_had_trick = False
        self.exhausted = False  # the stock ran out by drawing
        self.leader = n
        self.to_move = n
        self.phase = LEAD
        self.trick = []
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.marriages = [[], []]  # declared (suit, value) per seat
        self.bonus = [0, 0]
        self.played = []
        self.known = [[], []]  # cards publicly known to be in a hand
        self.excluded = [bytearray(96), bytearray(96)]  # cards a hand cannot hold
        self.step = 0  # leader's progress: 1 exchanged, 2 closed, 3 declared
        self.declared = -1  # suit of the marriage just declared
        self.claim_ok = False
        self.done = False
        self.result = None

    # -- totals (§2.4) ---------------------------------------------------

    def total(self, seat):
        t = self.points[seat] + self.bonus[seat]
        if self.tricks[seat] > 0:
            for _, v in self.marriages[seat]:
                t += v
        return t

    def pending(self, seat):
        """Marriage points declared but not yet credited (no trick yet)."""
        if self.tricks[seat] > 0:
            return 0
        t = 0
        for _, v in self.marriages[seat]:
            t += v
        return t

    def phase2(self):
        return self.closed or self.exhausted

    def card_locations(self):
        """Every card of the pack wherever it is now (for invariant checks)."""
        out = self.hands[0] + self.hands[1] + self.stock + self.trick + self.played
        if self.turnup >= 0:
            out = out + [self.turnup]
        return out

    # -- legality --------------------------------------------------------

    def can_exchange(self, seat):
        # Decision 4: leader, has won a trick, turn-up under an open stock.
        if self.closed or self.exhausted or not self.stock or self.tricks[seat] == 0:
            return False
        return self.trump * 8 + NINE in self.hands[seat]

    def can_close(self):
        # Decision 7: the turn-up plus at least one face-down card.
        return not self.closed and not self.exhausted and len(self.stock) >= 1

    def marriage_suits(self, seat):
        if self.phase2() and self.opts.marriages_in_phase2 == "forbidden":
            return []
        h = self.hands[seat]
        out = []
        for s in range(4):
            if s * 8 + KING in h and s * 8 + QUEEN in h:
                out.append(s)
        return out

    def legal(self):
        if self.done:
            return []
        seat = self.to_move
        hand = self.hands[seat]
        if self.phase == FOLLOW:
            head = HEAD_ALWAYS if self.opts.must_head_in_suit == "true" else HEAD_NEVER
            if not self.phase2():
                return list(hand)
            return legal_follows(hand, self.trick, SUITS, POWER, self.trump,
                                 head=head, must_trump=True)
        out = []
        if self.declared >= 0:
            if self.claim_ok:
                out.append(CLAIM)
            out.append(self.declared * 8 + KING)
            out.append(self.declared * 8 + QUEEN)
            return out
        if self.step < 1 and self.can_exchange(seat):
            out.append(EXCHANGE)
        if self.step < 2 and self.can_close():
            out.append(CLOSE)
        for s in self.marriage_suits(seat):
            out.append(MARRIAGE + s)
        if self.claim_ok:
            out.append(CLAIM)
        for c in hand:
            out.append(c)
        return out

    # -- actions ---------------------------------------------------------

    def _apply(self, a):
        seat = self.to_move
        if a == EXCHANGE:
            nine = self.trump * 8 + NINE
            h = self.hands[seat]
            h.remove(nine)
            h.append(self.turnup)
            sort_small(h)
            self._forget(seat, nine)
            self.known[seat].append(self.turnup)
            self.turnup = nine
            self.step = 1
            self.claim_ok = False
        elif a == CLOSE:
            self.closed = True
            self.closer = seat
            self.closer_opp_had_trick = self.tricks[1 - seat] > 0
            self.step = 2
            self.claim_ok = False
        elif MARRIAGE <= a < MARRIAGE + 4:
            s = a - MARRIAGE
            value = 40 if s == self.trump else 20
            self.marriages[seat].append((s, value))
            self.declared = s
            self.step = 3
            for c in (s * 8 + KING, s * 8 + QUEEN):
                if c not in self.known[seat]:
                    self.known[seat].append(c)
            if self.opts.claim_mode == "manual":
                self.claim_ok = True
            elif self.tricks[seat] > 0 and self.total(seat) >= TARGET:
                # §3.5: the declaration itself carries him over 66.
                self._end(seat, "marriage reached 66")
        elif a == CLAIM:
            if self.total(seat) >= TARGET:
                self._end(seat, "claimed with %d" % self.total(seat))
            else:
                self._end(1 - seat, "%s claimed falsely with %d" % (
                    seat_name(seat), self.total(seat)), false_claim=seat)
        elif self.phase == LEAD:
            self.hands[seat].remove(a)
            self._forget(seat, a)
            self.trick = [a]
            self.leader = seat
            self.phase = FOLLOW
            self.to_move = 1 - seat
            self.declared = -1
            self.claim_ok = False
        else:
            self._follow(seat, a)

    def _forget(self, seat, c):
        if c in self.known[seat]:
            self.known[seat].remove(c)

    def _follow(self, seat, c):
        led = self.trick[0]
        if self.phase2():
            self._infer(seat, led, c)
        self.hands[seat].remove(c)
        self._forget(seat, c)
        self.trick.append(c)
        w = (self.leader + winning_index(self.trick, SUITS, POWER, self.trump)) % 2
        self.points[w] += POINTS[led] + POINTS[c]
        self.tricks[w] += 1
        self.played.append(led)
        self.played.append(c)
        self.trick = []
        last = not self.hands[0] and not self.hands[1]
        if last and self.exhausted and not self.closed:
            self.bonus[w] += self.opts.last_trick_bonus  # Decision 11
        self.leader = w
        self.to_move = w
        self.phase = LEAD
        self.step = 0
        if self.opts.claim_mode == "auto":
            if self.total(w) >= TARGET:
                self._end(w, "reached %d" % self.total(w))
                return
        else:
            self.claim_ok = True
        if last:
            self._played_out()
            return
        if not self.closed and self.stock:
            self._draw(w)
            self._draw(1 - w)

    def _draw(self, seat):
        if self.stock:
            self.hands[seat].append(self.stock.pop(0))
            sort_small(self.hands[seat])
        else:
            # §3.2 step 5: the loser of the sixth round takes the turn-up.
            self.hands[seat].append(self.turnup)
            sort_small(self.hands[seat])
            self.known[seat].append(self.turnup)
            self.turnup = -1
            self.exhausted = True

    def _infer(self, seat, led, c):
        """What a phase-2 follow tells the opponent about the follower."""
        ls = SUITS[led]
        ex = self.excluded[seat]
        if SUITS[c] != ls:
            for x in range(96):
                if SUITS[x] == ls:
                    ex[x] = 1
            if SUITS[c] != self.trump:
                for x in range(96):
                    if SUITS[x] == self.trump:
                        ex[x] = 1
        elif POWER[c] < POWER[led] and self.opts.must_head_in_suit == "true":
            for x in range(96):
                if SUITS[x] == ls and POWER[x] > POWER[led]:
                    ex[x] = 1

    # -- end of deal (§3.5-§3.7) ----------------------------------------

    def _g(self, loser):
        t = self.total(loser)
        if t >= 33:
            return 1
        if self.opts.schwarz_basis == "zero_points":
            return 3 if t == 0 else 2
        return 3 if self.tricks[loser] == 0 else 2

    def _end(self, winner, reason, false_claim=-1):
        pagat = self.opts.closed_scoring == "pagat"
        loser = 1 - winner
        if false_claim >= 0:
            if not self.closed:
                gp = 2  # Decision 13
            elif not pagat:
                gp = 3
            elif false_claim == self.closer:
                gp = 2 if self.closer_opp_had_trick else 3
            else:
                gp = 2
        elif not self.closed:
            gp = self._g(loser)
        elif not pagat:
            gp = 3  # Decision 10
        elif winner == self.closer:
            gp = self._g(loser)
        else:
            gp = 2
        if self.closed:
            reason += "; %s closed" % seat_name(self.closer)
        self._finish(winner, gp, reason)

    def _played_out(self):
        if self.closed:
            # §3.5: the closer failed.
            w = 1 - self.closer
            if self.opts.closed_scoring == "pagat":
                gp = 2 if self.closer_opp_had_trick else 3
            else:
                gp = 3
            self._finish(w, gp, "%s closed and failed" % seat_name(self.closer))
            return
        if self.opts.no66_two_player == "void":
            self._finish(-1, 0, "played out without 66", void=True)
            return
        t0, t1 = self.total(0), self.total(1)
        if t0 == t1:
            self._finish(-1, 0, "played out, equal totals")
        else:
            w = 0 if t0 > t1 else 1
            self._finish(w, self._g(1 - w), "played out, higher total")

    def _finish(self, winner, gp, reason, void=False):
        pts = [0, 0]
        if winner >= 0:
            pts[winner] = gp
        self.result = DealResult(2, [self.total(0), self.total(1)], winner,
                                 pts, reason, void)
        self.done = True
        self.phase = OVER
        self.to_move = -1

    # -- text ------------------------------------------------------------

    def action_text(self, a):
        if a < ACTION_BASE:
            return card_text(a)
        if a == EXCHANGE:
            return "exchange"
        if a == CLOSE:
            return "close"
        if MARRIAGE <= a < MARRIAGE + 4:
            return "marriage " + SUIT_CHARS[a - MARRIAGE]
        if a == CLAIM:
            return "claim"
        raise ValueError("unknown action %r" % a)

    def parse_action(self, text):
        t = text.strip().lower()
        if t == "exchange":
            return EXCHANGE
        if t == "close":
            return CLOSE
        if t in ("claim", "out"):
            return CLAIM
        if t.startswith("marriage"):
            s = SUIT_CHARS.find(t[8:].strip().upper())
            if s < 0 or len(t[8:].strip()) != 1:
                raise ValueError("marriage needs a suit letter C S H D: %r" % text)
            return MARRIAGE + s
        try:
            return parse_card(t)
        except ValueError:
            raise ValueError("not a Sixty-six action: %r" % text)

    # -- observation, clone, determinization ----------------------------

    def observation(self, seat):
        o = Observation(seat)
        o.game = NAME
        o.to_move = self.to_move
        o.phase = self.phase
        o.hand = sorted(self.hands[seat])
        o.legal = self.legal() if seat == self.to_move else []
        o.trick = list(self.trick)
        o.leader = self.leader
        o.dealer = self.dealer
        o.trump = self.trump
        # The turn-up is public while it lies under the stock (also face down
        # after a close: everybody saw it).
        o.turnup = self.turnup
        o.turnup_face_up = self.turnup >= 0 and not self.closed
        o.stock = len(self.stock) + (1 if self.turnup >= 0 else 0)
        o.closed = self.closed
        o.closer = self.closer
        o.phase2 = self.phase2()
        o.played = list(self.played)
        o.points = list(self.points)
        o.tricks = list(self.tricks)
        o.totals = [self.total(0), self.total(1)]
        o.pending = [self.pending(0), self.pending(1)]
        o.marriages = [list(self.marriages[0]), list(self.marriages[1])]
        o.declared = self.declared
        o.known = list(self.known[1 - seat])  # cards known in the other hand
        o.opponent_cards = len(self.hands[1 - seat])
        o.claim_mode = self.opts.claim_mode
        return o

    def clone(self):
        s = SixtySix(None, None, None)
        s.opts = self.opts
        s.dealer = self.dealer
        s.deck = self.deck
        s.hands = [list(self.hands[0]), list(self.hands[1])]
        s.turnup = self.turnup
        s.trump = self.trump
        s.stock = list(self.stock)
        s.closed = self.closed
        s.closer = self.closer
        s.closer_opp_had_trick = self.closer_opp_had_trick
        s.exhausted = self.exhausted
        s.leader = self.leader
        s.to_move = self.to_move
        s.phase = self.phase
        s.trick = list(self.trick)
        s.points = list(self.points)
        s.tricks = list(self.tricks)
        s.marriages = [list(self.marriages[0]), list(self.marriages[1])]
        s.bonus = list(self.bonus)
        s.played = list(self.played)
        s.known = [list(self.known[0]), list(self.known[1])]
        s.excluded = [bytearray(self.excluded[0]), bytearray(self.excluded[1])]
        s.step = self.step
        s.declared = self.declared
        s.claim_ok = self.claim_ok
        s.done = self.done
        s.result = self.result
        return s

    def determinize(self, seat, rng):
        """A clone in which the cards `seat` cannot see (the other hand and the
        face-down stock) are dealt anew, consistently with what `seat` knows:
        cards shown (marriages, the exchanged turn-up, the last draw) stay
        where they are, and shown voids are respected."""
        s = self.clone()
        opp = 1 - seat
        seen = bytearray(96)
        for c in self.hands[seat]:
            seen[c] = 1
        for c in self.played:
            seen[c] = 1
        for c in self.trick:
            seen[c] = 1
        if self.turnup >= 0:
            seen[self.turnup] = 1
        for c in self.known[opp]:
            seen[c] = 1
        pool = [c for c in self.hands[opp] if not seen[c]] + \
               [c for c in self.stock if not seen[c]]
        hidden_opp = len(self.hands[opp]) - len(self.known[opp])
        parts = deal_unseen(rng, pool, [hidden_opp, len(self.stock)],
                            [self.excluded[opp], None])
        s.hands[opp] = list(self.known[opp]) + parts[0]
        s.stock = parts[1]
        return s


# -- match (§3.8, §6) --------------------------------------------------------

def settle(match, state):
    r = state.result
    o = match.options
    if r.winner >= 0:
        match.add(r.winner, r.points[r.winner])
    if o.dealer_rotation == "alternate":
        match.next_dealer_left()
    elif r.winner >= 0:
        match.dealer = r.winner
    match.check_target(o.match_target)
