# Sixty-six (spec: shared/rules/sixtysix.md): the two-player game (§1-§3),
# the three-player variant (§4), the Swabian double-pack variant (§5), and,
# through engine/sixtysix/schnapsen.py, Schnapsen, which is the same game on 20 cards.
#
# A deal is a SixtySix state; the match (engine.match.Match) books its result
# through settle().  Section numbers in comments refer to the spec.
from engine.compat import const, sort_small
from engine.cards import (NINE, TEN, JACK, QUEEN, KING, ACE, SUIT_CHARS, SECOND,
                          card_text, parse_card, pack20, pack24, pack48, table, suit_of,
                          rank_of, base)
from engine.game import (ACTION_BASE, State, Observation, Options, DealResult,
                         seat_name)
from engine.tricks import winning_index, legal_follows, HEAD_ALWAYS, HEAD_NEVER
from engine.determinize import deal_unseen, uncertain

NAME = "sixtysix"
TITLE = "Sixty-six"
# Rollout states may skip the voids' bookkeeping (engine.game.State.infer).
QUIET_ROLLOUTS = True

SETTINGS = (
    ("variant", ("two", "three", "swabian")),
    ("match_target", (8, 7)),
    ("claim_mode", ("auto", "manual")),
    ("last_trick_bonus", (10, 0)),
    ("schwarz_basis", ("zero_points", "no_tricks")),
    ("closed_scoring", ("seed", "pagat")),
    ("marriages_in_phase2", ("allowed", "forbidden")),
    ("must_head_in_suit", ("true", "false")),
    ("dealer_rotation", ("winner_deals", "alternate")),
    ("no66_two_player", ("higher_total", "void")),
    ("three_player_points", ("sum", "best_opponent")),
    ("swabian_target", (66, 101)),
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

# §2.1 card points and order (A T K Q J 9), for both copies of a double pack.
_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}
_ORDER = {ACE: 6, TEN: 5, KING: 4, QUEEN: 3, JACK: 2, NINE: 1}

POINTS = table()
POWER = table()
SUITS = table(255)
for _c in pack48():
    POINTS[_c] = _POINTS[rank_of(_c)]
    POWER[_c] = _ORDER[rank_of(_c)]
    SUITS[_c] = suit_of(_c)
del _c, _POINTS, _ORDER  # the tables are all that is needed: keep the heap small

TARGET = const(66)


class Rules:
    """The fixed parameters of one variant, derived from the options once per
    deal, so the play code below reads the same for every variant."""

    def __init__(self, o):
        v = getattr(o, "variant", "two")
        self.variant = v
        self.n = 3 if v == "three" else 2
        self.double = v == "swabian"
        self.schnapsen = v == "schnapsen"
        self.compat = getattr(o, "platform_compat", "off") == "on"
        self.target = o.swabian_target if self.double else TARGET
        self.head = HEAD_NEVER if getattr(o, "must_head_in_suit", "true") == "false" else HEAD_ALWAYS
        self.bonus = getattr(o, "last_trick_bonus", 0)
        self.manual = getattr(o, "claim_mode", "auto") == "manual" and self.n == 2 and not self.compat
        self.basis = getattr(o, "schwarz_basis", "no_tricks")
        if self.compat:
            self.basis = "zero_points"
        self.closed_scoring = "schnapsen" if self.schnapsen else o.closed_scoring
        self.marriages_in_phase2 = getattr(o, "marriages_in_phase2", "allowed") == "allowed"
        # The exchangeable trump card and how much of the stock (face-down
        # cards) must remain for an exchange or a close.
        self.exchange_rank = JACK if self.schnapsen else NINE
        self.exchange_needs_trick = not self.schnapsen  # Decision 4
        self.exchange_min = 1 if (self.compat or not self.schnapsen) else 2
        self.can_close = self.n == 2 and not self.compat
        self.close_min = 2 if self.schnapsen else 1  # Schnapsen: "more than two cards"


def default_options():
    return Options(SETTINGS)


def players(options):
    return 3 if options.variant == "three" else 2


def sides(options):
    return players(options)


def new_pack(options):
    v = getattr(options, "variant", "two")
    if v == "schnapsen":
        return pack20()
    return pack48() if v == "swabian" else pack24()


def new_state(match, dealer, deck):
    return SixtySix(match.options, dealer, deck)


def deal_hands(rules, dealer, d):
    """The deal of §3.1, §4 and §5 (and Schnapsen's 3+2): (hands, turn-up,
    stock with its top card first)."""
    n = rules.n
    hands = [[] for _ in range(n)]
    if n == 3:
        # §4: 3-2-3 clockwise from the dealer's left; the dealer's last card
        # is shown and fixes trump.
        order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
        i = 0
        for packet in (3, 2, 3):
            for seat in order:
                hands[seat].extend(d[i:i + packet])
                i += packet
        return hands, d[23], []
    nd = 1 - dealer
    if rules.schnapsen and rules.compat:
        # The platform deals alternately, leader first; its talon's last
        # card is the trump card.
        hands[nd] = [d[0], d[2], d[4], d[6], d[8]]
        hands[dealer] = [d[1], d[3], d[5], d[7], d[9]]
        return hands, d[19], list(d[10:19])
    if rules.schnapsen:
        # 3 each, the trump card, 2 each; the talon is the rest.
        hands[nd] = [d[0], d[1], d[2], d[7], d[8]]
        hands[dealer] = [d[3], d[4], d[5], d[9], d[10]]
        return hands, d[6], list(d[11:20])
    k = 4 if rules.double else 3
    # Two packets each, non-dealer first; the next card is the turn-up.
    hands[nd] = list(d[0:k]) + list(d[2 * k:3 * k])
    hands[dealer] = list(d[k:2 * k]) + list(d[3 * k:4 * k])
    return hands, d[4 * k], list(d[4 * k + 1:])


class SixtySix(State):
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)
    _reads = None  # the three-hand inference's weigh at a position (_play_weigh)

    def __init__(self, options, dealer, deck, pack=None):
        if deck is None:
            return  # clone()
        self.opts = options
        self.infer = True  # see engine.game.State.infer
        self.rules = r = Rules(options)
        if pack is None:
            pack = new_pack(options)
        if len(deck) != len(pack) or sorted(deck) != sorted(pack):
            raise ValueError("a %s deck is the %d cards %s" % (
                "Swabian" if r.double else ("Schnapsen" if r.schnapsen else "Sixty-six"),
                len(pack), "9-A of each suit, twice" if r.double else (
                    "T J Q K A of each suit, each once" if r.schnapsen
                    else "9-A of each suit, each once")))
        n = r.n
        self.nplayers = n
        self.dealer = dealer
        self.deck = list(deck)
        self.hands, turnup, self.stock = deal_hands(r, dealer, deck)
        for h in self.hands:
            sort_small(h)
        self.trump = SUITS[turnup]
        self.known = [[] for _ in range(n)]  # cards publicly known to be in a hand
        if n == 3:
            self.turnup = -1
            self.known[dealer].append(turnup)
            self.exhausted = True  # no stock: strict play from trick 1
            self.leader = (dealer + 1) % 3
        else:
            self.turnup = turnup
            self.exhausted = False
            self.leader = 1 - dealer
        self.trump_card = turnup  # what was turned, for the record
        self.closed = False
        self.closer = -1
        self.closer_opp_had_trick = False
        self.closer_opp_points = 0  # the opponent's total when the stock was closed
        self.to_move = self.leader
        self.phase = LEAD
        self.trick = []
        self.points = [0] * n
        self.tricks = [0] * n
        self.marriages = [[] for _ in range(n)]  # declared (suit, value) per seat
        # platform_compat: marriage points wait for the declarer's next won
        # trick (the platform's pending points), whatever he won before.
        self.unredeemed = [0] * n
        self.bonus = [0] * n
        self.played = []
        self.used = bytearray(96)  # K and Q already part of a marriage (§5)
        self.excluded = [bytearray(96) for _ in range(n)]  # cards a hand cannot hold
        self.step = 0  # leader's progress: 1 exchanged, 2 closed, 3 declared
        self.declared = ()  # the marriage just declared: its two cards
        self.claim_ok = False
        self.last_winner = -1
        self.done = False
        self.result = None

    def card_locations(self):
        """Every card of the pack wherever it is now (for invariant checks)."""
        out = self.stock + self.trick + self.played
        for h in self.hands:
            out = out + h
        if self.turnup >= 0:
            out = out + [self.turnup]
        return out

    # -- totals (§2.4) ---------------------------------------------------

    def total(self, seat):
        t = self.points[seat] + self.bonus[seat]
        if self.tricks[seat] > 0 or self.rules.compat:
            for _, v in self.marriages[seat]:
                t += v
        return t - self.unredeemed[seat]

    def pending(self, seat):
        """Marriage points declared but not yet credited (no trick yet)."""
        if self.rules.compat:
            return self.unredeemed[seat]
        if self.tricks[seat] > 0:
            return 0
        t = 0
        for _, v in self.marriages[seat]:
            t += v
        return t

    def phase2(self):
        return self.closed or self.exhausted

    # -- legality --------------------------------------------------------

    def exchange_card(self, seat):
        """The trump nine (Schnapsen: jack) this seat may exchange, or -1."""
        r = self.rules
        if r.n != 2 or self.closed or self.exhausted or len(self.stock) < r.exchange_min:
            return -1
        if r.exchange_needs_trick and self.tricks[seat] == 0:
            return -1
        low = self.trump * 8 + r.exchange_rank
        if base(self.turnup) == low:
            return -1  # §5: the turn-up is itself the other copy (W4)
        h = self.hands[seat]
        if low in h:
            return low
        if low + SECOND in h:
            return low + SECOND
        return -1

    def can_close(self):
        # Decision 7: the turn-up plus at least one face-down card.
        r = self.rules
        return r.can_close and not self.closed and not self.exhausted and len(self.stock) >= r.close_min

    def marriage_pair(self, seat, s):
        """The K and Q (codes) of suit s that seat could declare, or None.
        In a double pack each physical card serves one marriage only."""
        h = self.hands[seat]
        k = q = -1
        for c in h:
            if SUITS[c] == s and not self.used[c]:
                r = rank_of(c)
                if r == KING and k < 0:
                    k = c
                elif r == QUEEN and q < 0:
                    q = c
        if k < 0 or q < 0:
            return None
        return (k, q)

    def marriage_suits(self, seat):
        if (self.closed or self.exhausted) and not self.rules.marriages_in_phase2:
            return []
        # One pass over the hand: the suits with an unused king (bit s of
        # k) and an unused queen (of q); marriage_pair() says the same.
        k = q = 0
        used = self.used
        for c in self.hands[seat]:
            r = c & 7
            if r == KING:
                if not used[c]:
                    k |= 1 << SUITS[c]
            elif r == QUEEN:
                if not used[c]:
                    q |= 1 << SUITS[c]
        k &= q
        if not k:
            return ()
        return [s for s in range(4) if k >> s & 1]

    def legal(self):
        if self.done:
            return []
        seat = self.to_move
        hand = self.hands[seat]
        if self.phase == FOLLOW:
            if not (self.closed or self.exhausted):
                return hand[:]
            # Follow suit, heading the winning card (when the rules say so),
            # else trump, over the winning trump if possible.
            return legal_follows(hand, self.trick, SUITS, POWER, self.trump, self.rules.head,
                                 True, True)
        out = []
        if self.declared:
            if self.claim_ok:
                out.append(CLAIM)
            out.extend(self.declared)
            return out
        if self.rules.n == 2 and not self.closed and not self.exhausted:
            # (neither is possible otherwise: no need to ask)
            if self.step < 1 and self.exchange_card(seat) >= 0:
                out.append(EXCHANGE)
            if self.step < 2 and self.can_close():
                out.append(CLOSE)
        for s in self.marriage_suits(seat):
            out.append(MARRIAGE + s)
        if self.claim_ok:
            out.append(CLAIM)
        out.extend(hand)
        return out

    # -- actions ---------------------------------------------------------

    def _apply(self, a):
        seat = self.to_move
        if a < 100:  # a card: the other actions are 100 and up
            if self.phase == LEAD:
                self._lead(seat, a)
            else:
                self._follow(seat, a)
        elif a == EXCHANGE:
            low = self.exchange_card(seat)
            h = self.hands[seat]
            h.remove(low)
            h.append(self.turnup)
            sort_small(h)
            self._forget(seat, low)
            self.known[seat].append(self.turnup)
            self.turnup = low
            self.step = 1
            self.claim_ok = False
        elif a == CLOSE:
            self.closed = True
            self.closer = seat
            self.closer_opp_had_trick = self.tricks[1 - seat] > 0
            self.closer_opp_points = self.total(1 - seat)
            self.step = 2
            self.claim_ok = False
        elif MARRIAGE <= a < MARRIAGE + 4:
            s = a - MARRIAGE
            value = 40 if s == self.trump else 20
            pair = self.marriage_pair(seat, s)
            self.marriages[seat].append((s, value))
            if self.rules.compat:
                self.unredeemed[seat] += value
            self.declared = pair
            self.step = 3
            for c in pair:
                self.used[c] = 1
                if c not in self.known[seat]:
                    self.known[seat].append(c)
            if self.rules.manual:
                self.claim_ok = True
            elif self.tricks[seat] > 0 and self.total(seat) >= self.rules.target \
                    and not self.rules.compat:
                # §3.5: the declaration itself carries him over 66 (the
                # platform checks only after a trick).
                self._end(seat, "marriage reached %d" % self.total(seat))
        elif a == CLAIM:
            if self.total(seat) >= self.rules.target:
                self._end(seat, "claimed with %d" % self.total(seat))
            else:
                self._end(1 - seat, "%s claimed falsely with %d" % (
                    seat_name(seat), self.total(seat)), false_claim=seat)

    def _lead(self, seat, a):
        self.hands[seat].remove(a)
        self._forget(seat, a)
        self.trick = [a]
        self.leader = seat
        self.phase = FOLLOW
        self.to_move = (seat + 1) % self.rules.n
        self.declared = ()
        self.claim_ok = False

    def _forget(self, seat, c):
        k = self.known[seat]
        if c in k:
            k.remove(c)

    def _follow(self, seat, c):
        n = self.rules.n
        if self.infer and (self.closed or self.exhausted):
            self._infer(seat, c)
        self.hands[seat].remove(c)
        self._forget(seat, c)
        self.trick.append(c)
        if len(self.trick) < n:
            self.to_move = (seat + 1) % n
            return
        w = (self.leader + winning_index(self.trick, SUITS, POWER, self.trump)) % n
        for x in self.trick:
            self.points[w] += POINTS[x]
            self.played.append(x)
        self.tricks[w] += 1
        self.unredeemed[w] = 0
        self.trick = []
        self.last_winner = w
        last = not self.hands[0]
        if last and self.exhausted and not self.closed:
            self.bonus[w] += self.rules.bonus  # Decision 11
        self.leader = w
        self.to_move = w
        self.phase = LEAD
        self.step = 0
        if self.rules.manual:
            self.claim_ok = True
        elif self.total(w) >= self.rules.target:
            self._end(w, "reached %d" % self.total(w))
            return
        if last:
            self._played_out()
            return
        if not self.closed and not self.exhausted:
            for i in range(n):
                self._draw((w + i) % n)

    def _draw(self, seat):
        if self.stock:
            self.hands[seat].append(self.stock.pop(0))
            sort_small(self.hands[seat])
        else:
            # §3.2 step 5: the loser of the last draw round takes the turn-up.
            self.hands[seat].append(self.turnup)
            sort_small(self.hands[seat])
            self.known[seat].append(self.turnup)
            self.turnup = -1
            self.exhausted = True

    def _infer(self, seat, c):
        """What a strict-phase follow tells the others about the follower:
        a void in the led suit (and in trumps), or no card that would have
        headed the winning card."""
        t = self.trick
        ls = SUITS[t[0]]
        w = t[winning_index(t, SUITS, POWER, self.trump)]
        ex = self.excluded[seat]
        if SUITS[c] != ls:
            for x in range(96):
                if SUITS[x] == ls:
                    ex[x] = 1
            if SUITS[c] != self.trump:
                for x in range(96):
                    if SUITS[x] == self.trump:
                        ex[x] = 1
            elif SUITS[w] == self.trump and POWER[c] <= POWER[w]:
                for x in range(96):
                    if SUITS[x] == self.trump and POWER[x] > POWER[w]:
                        ex[x] = 1
        elif self.rules.head == HEAD_ALWAYS and SUITS[w] == ls and POWER[c] <= POWER[w]:
            for x in range(96):
                if SUITS[x] == ls and POWER[x] > POWER[w]:
                    ex[x] = 1

    # -- end of deal (§3.5-§3.7, §4) -------------------------------------

    def _g(self, loser, total=None, tricks=None):
        """Game points against a loser (§3.7): 1 at 33 or more, 3 if
        schwarz, else 2."""
        t = self.total(loser) if total is None else total
        k = self.tricks[loser] if tricks is None else tricks
        if t >= 33:
            return 1
        if self.rules.basis == "zero_points":
            return 3 if t == 0 else 2
        return 3 if k == 0 else 2

    def _end(self, winner, reason, false_claim=-1):
        r = self.rules
        if r.n == 3:
            gs = [self._g(s) for s in range(3) if s != winner]
            if self.opts.three_player_points == "sum":
                gp = gs[0] + gs[1]
            else:
                o = [s for s in range(3) if s != winner]
                best = o[0] if self.total(o[0]) >= self.total(o[1]) else o[1]
                gp = self._g(best)
            self._finish(winner, gp, reason)
            return
        loser = 1 - winner
        scoring = r.closed_scoring
        if not self.closed:
            gp = 2 if false_claim >= 0 else self._g(loser)  # Decision 13
        elif scoring == "seed":
            gp = 3  # Decision 10
        elif scoring == "schnapsen":
            if winner == self.closer and false_claim < 0:
                # The closer's win counts the opponent as he was at closing.
                gp = self._g(loser, self.closer_opp_points,
                             1 if self.closer_opp_had_trick else 0)
            elif winner != self.closer:
                gp = 2 if self.closer_opp_had_trick else 3
            else:
                gp = 2
        elif false_claim >= 0:
            if false_claim == self.closer:
                gp = 2 if self.closer_opp_had_trick else 3
            else:
                gp = 2
        elif winner == self.closer:
            gp = self._g(loser)
        else:
            gp = 2
        if self.closed:
            reason += "; %s closed" % seat_name(self.closer)
        self._finish(winner, gp, reason)

    def _played_out(self):
        r = self.rules
        if r.n == 3:
            self._finish(-1, 0, "nobody reached 66", void=True)  # §4
            return
        if self.closed:
            # §3.5: the closer failed.
            w = 1 - self.closer
            if r.closed_scoring == "seed":
                gp = 3
            else:
                gp = 2 if self.closer_opp_had_trick else 3
            self._finish(w, gp, "%s closed and failed" % seat_name(self.closer))
            return
        if r.schnapsen:
            w = self.last_winner
            gp = 1 if r.compat else self._g(1 - w)
            self._finish(w, gp, "won the last trick")
            return
        if self.opts.no66_two_player == "void":
            self._finish(-1, 0, "played out without %d" % r.target, void=True)
            return
        t0, t1 = self.total(0), self.total(1)
        if t0 == t1:
            self._finish(-1, 0, "played out, equal totals")
        else:
            w = 0 if t0 > t1 else 1
            self._finish(w, self._g(1 - w), "played out, higher total")

    def _finish(self, winner, gp, reason, void=False):
        n = self.rules.n
        pts = [0] * n
        if winner >= 0:
            pts[winner] = gp
        self.result = DealResult(n, [self.total(s) for s in range(n)], winner,
                                 pts, reason, void)
        self.done = True
        self.phase = OVER
        self.to_move = -1

    # -- text ------------------------------------------------------------

    def action_text(self, a):
        if a < ACTION_BASE:
            return card_text(a, self.rules.double)
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
            raise ValueError("not a %s action: %r" % (
                "Schnapsen" if self.rules.schnapsen else "Sixty-six", text))

    # -- observation, clone, determinization ----------------------------

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know (brief, legal: see engine.game.State)."""
        n = self.rules.n
        if brief:
            # One reused object (State.brief_observation) with the state's
            # own lists; the hand is kept sorted (sort_small on every change).
            o = self.brief_observation(seat)
            o.phase = self.phase
            o.hand = self.hands[seat]
            o.legal = legal if legal is not None else self.legal() if seat == self.to_move else []
            o.trick = self.trick
            o.leader = self.leader
            o.played = self.played
            o.nplayers = n
            o.trump = self.trump
            o.turnup = self.turnup
            o.phase2 = self.closed or self.exhausted
            o.tricks = self.tricks
            # total() and pending(), into two lists kept with the reused
            # observation (on the state they were two more attributes, and
            # the solver's states, one per ply, each grew its table for them);
            # the seat's own alone, the only ones the heuristic reads (the
            # others' were a tenth of a rollout's time)
            tot = getattr(o, "totals", None)
            if tot is None or len(tot) != n:
                tot = o.totals = [0] * n
                o.pending = [0] * n
            tot[seat] = self.total(seat)
            o.pending[seat] = self.pending(seat)
            o.declared = self.declared
            o.target = self.rules.target
            o.variant = self.rules.variant
            return o
        o = self.observe(Observation(seat), seat, brief, legal)
        o.nplayers = n
        o.trump = self.trump
        # The turn-up is public while it lies under the stock (also face down
        # after a close: everybody saw it).
        o.turnup = self.turnup
        o.phase2 = self.phase2()
        o.tricks = self.tricks if brief else list(self.tricks)
        o.totals = [self.total(s) for s in range(n)]
        o.pending = [self.pending(s) for s in range(n)]
        o.declared = self.declared
        o.target = self.rules.target
        if brief:
            return o
        o.game = NAME
        o.variant = self.rules.variant
        o.turnup_face_up = self.turnup >= 0 and not self.closed
        o.stock = len(self.stock) + (1 if self.turnup >= 0 else 0)
        o.closed = self.closed
        o.closer = self.closer
        o.points = list(self.points)
        o.marriages = [list(m) for m in self.marriages]
        # Cards known in the other hands (declared pairs, taken turn-ups).
        o.known = [c for s in range(n) if s != seat for c in self.known[s]]
        o.hand_sizes = [len(h) for h in self.hands]
        o.claim_mode = "manual" if self.rules.manual else "auto"
        return o

    def clone(self, into=None):
        """An independent copy (into: see engine.game.State)."""
        s = into if into is not None else SixtySix(None, None, None)
        s.opts = self.opts
        s.rules = self.rules
        s.nplayers = self.nplayers
        s.dealer = self.dealer
        s.deck = self.deck
        s.hands = [list(h) for h in self.hands]
        s.turnup = self.turnup
        s.trump_card = self.trump_card
        s.trump = self.trump
        s.stock = list(self.stock)
        s.closed = self.closed
        s.closer = self.closer
        s.closer_opp_had_trick = self.closer_opp_had_trick
        s.closer_opp_points = self.closer_opp_points
        s.exhausted = self.exhausted
        s.leader = self.leader
        s.to_move = self.to_move
        s.phase = self.phase
        s.trick = list(self.trick)
        s.points = list(self.points)
        s.tricks = list(self.tricks)
        s.marriages = [list(m) for m in self.marriages]
        s.unredeemed = list(self.unredeemed)
        s.bonus = list(self.bonus)
        s.played = list(self.played)
        s.used = bytearray(self.used)
        s.known = [list(k) for k in self.known]
        # A quiet state (infer False: a rollout's or the solver's) never
        # writes its voids, so its copies may share them.
        s.excluded = [bytearray(e) for e in self.excluded] if self.infer else self.excluded
        s.step = self.step
        s.declared = self.declared
        s.claim_ok = self.claim_ok
        s.last_winner = self.last_winner
        s.done = self.done
        s.result = self.result
        s.infer = self.infer
        return s

    def hands_final(self):
        return self.closed or self.exhausted

    def score_key(self):
        """See engine.game.State.score_key: between tricks, what the rest
        of the deal depends on besides the hands (the closing, the pack
        and the trump stay as they were within one search)."""
        if self.declared or self.step or self.trick:
            return None  # mid-trick or mid-declaration: not stored
        n = self.rules.n
        out = [1 if self.claim_ok else 0, self.last_winner + 1]
        used = self.used
        for s in range(n):
            m = 0
            for _, v in self.marriages[s]:
                m += v
            # Which cards in hand served a marriage (a double pack's copies).
            u = 0
            h = self.hands[s]
            for i in range(len(h)):
                if used[h[i]]:
                    u |= 1 << i
            out.append(self.points[s])
            out.append(self.tricks[s])
            out.append(self.bonus[s])
            out.append(self.unredeemed[s])
            out.append(m)
            out.append(len(self.marriages[s]))
            out.append(u)
        return out

    def _unseen(self, seat):
        """The other seats, the cards `seat` cannot place (their hands'
        unshown cards and the stock), how many go to each other hand and to
        the stock, and each hand's shown voids."""
        others = [p for p in range(self.rules.n) if p != seat]
        known = []
        for p in others:
            known.extend(self.known[p])
        seen = seen_cards(self.hands[seat], self.played, self.trick, self.turnup, known)
        pool = []
        counts = []
        excluded = []
        for p in others:
            for c in self.hands[p]:
                if not seen[c]:
                    pool.append(c)
            counts.append(len(self.hands[p]) - len(self.known[p]))
            excluded.append(self.excluded[p])
        for c in self.stock:
            pool.append(c)
        counts.append(len(self.stock))
        excluded.append(None)
        return others, pool, counts, excluded

    def hidden(self, seat):
        others, pool, counts, excluded = self._unseen(seat)
        return uncertain(pool, counts)

    def determinize(self, seat, rng, into=None, inference=True):
        """A clone in which the cards `seat` cannot see (the other hands and
        the face-down stock) are dealt anew, consistently with what `seat`
        knows: cards shown (marriages, the exchanged turn-up, the last draw)
        stay where they are, and shown voids are respected.  Its calls
        (closing, marriages) place cards exactly; with `inference`, the
        three-hand game's worlds are weighed by the other seats' play
        (engine/sixtysix/infer.py: with no stock, the hand each held at
        every trick is exact in a world).  The two-hand games' draws leave
        the hand held then unknown, so their play is not read."""
        s = self.clone(into)
        others, pool, counts, excluded = self._unseen(seat)
        weigh = None
        if inference and self.rules.n == 3:
            weigh = self._play_weigh(others)
        parts = deal_unseen(rng, pool, counts, excluded, weigh=weigh)
        for i, p in enumerate(others):
            h = list(self.known[p]) + parts[i]
            sort_small(h)
            s.hands[p] = h
        s.stock = parts[-1]
        return s

    def _play_weigh(self, others):
        """Three-hand: the hidden hands weighed by their seats' play
        (engine/sixtysix/infer.py), made once per position: every world of
        a decision asks the same."""
        here = (len(self.played) + len(self.trick), others[0])
        if self._reads is None or self._reads[0] != here:
            from engine.sixtysix.infer import three_weigh
            self._reads = (here, three_weigh(self, others))
        return self._reads[1]


def seen_cards(hand, played, trick, turnup, known=()):
    """A card-indexed bytearray of the cards a seat has seen or knows about."""
    seen = bytearray(96)
    for group in (hand, played, trick, known):
        for c in group:
            seen[c] = 1
    if turnup >= 0:
        seen[turnup] = 1
    return seen


# -- match (§3.8, §4, §6) -------------------------------------------------------

def settle(match, state):
    r = state.result
    o = match.options
    if r.winner >= 0:
        match.add(r.winner, r.points[r.winner])
    if state.rules.n == 3 or getattr(o, "dealer_rotation", "alternate") == "alternate":
        match.next_dealer_left()  # §4: the deal passes left
    elif r.winner >= 0:
        match.dealer = r.winner
    match.check_target(o.match_target)
