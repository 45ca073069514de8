# Sixty-six (spec: shared/rules/sixtysix.md): the two-player game (§1-§3),
# the three-player variant (§4), the Swabian double-pack variant (§5), and,
# through engine/sixtysix/schnapsen.py, Schnapsen, which is the same game on 20 cards.
#
# A deal is a SixtySix state; the match (engine.match.Match) books its result
# through settle().  How a deal is set up (the settings, each variant's
# parameters, pack and deal) and how it ends (its game points, settle()) are
# in engine/sixtysix/deal.py.  Section numbers in comments refer to the spec.
from engine.compat import const, sort_small
from engine.cards import (NINE, TEN, JACK, QUEEN, KING, ACE, SUIT_CHARS, SECOND,
                          card_text, parse_card, pack48, table, suit_of, rank_of, base)
from engine.game import ACTION_BASE, State, Observation, seat_name
from engine.tricks import winning_index, legal_follows, HEAD_ALWAYS
from engine.determinize import uncertain
from engine.sixtysix.deal import (  # noqa: F401 (the game's interface: rules.SETTINGS, ...)
    SETTINGS, default_options, players, sides, new_pack, Rules, deal_hands, end_deal,
    played_out, settle, OVER)

NAME = "sixtysix"
TITLE = "Sixty-six"
# Rollout states may skip the voids' bookkeeping (engine.game.State.infer).
QUIET_ROLLOUTS = True

# Actions besides card plays (§3.2: the leader's optional steps, in order).
EXCHANGE = const(100)
CLOSE = const(101)
MARRIAGE = const(104)  # + suit
CLAIM = const(110)

# Phases
LEAD = "lead"
FOLLOW = "follow"
# (OVER: engine/sixtysix/deal.py, which ends a deal)

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


def new_state(match, dealer, deck):
    return SixtySix(match.options, dealer, deck)


class SixtySix(State):
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)

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
                end_deal(self, seat, "marriage reached %d" % self.total(seat))
        elif a == CLAIM:
            if self.total(seat) >= self.rules.target:
                end_deal(self, seat, "claimed with %d" % self.total(seat))
            else:
                end_deal(self, 1 - seat, "%s claimed falsely with %d" % (
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
            end_deal(self, w, "reached %d" % self.total(w))
            return
        if last:
            played_out(self)
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

    # -- observation, clone -----------------------------------------------

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


def seen_cards(hand, played, trick, turnup, known=()):
    """A card-indexed bytearray of the cards a seat has seen or knows about."""
    seen = bytearray(96)
    for group in (hand, played, trick, known):
        for c in group:
            seen[c] = 1
    if turnup >= 0:
        seen[turnup] = 1
    return seen
