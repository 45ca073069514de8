# Deberts (Деберц) for two players (spec: shared/rules/deberts.md, seed
# 004_fd17ca10437f0c57.txt).  Section and decision numbers (§3.2, DB-D6)
# in comments refer to the spec.
#
# Roles: `dealer` is the seat that shuffled and dealt (the record's dealer);
# `d` holds the dealer ROLE, the first move (DB-D1, DB-D3).  They differ only
# in a first deal decided by the colour call.  The shuffler's opponent always
# receives cards 0-2, 6-8 and 13-15, as the cards physically fall.
from engine.compat import sort_small
from engine.cards import SUIT_CHARS, card_text, pack32, suit_of
from engine.game import (ACTION_BASE, Observation, DealResult, seat_name, fixed_table,
                         match_targets)
from engine.tricks import winning_index, legal_follows, HEAD_TRUMP
from engine import jacknine
from engine.deberts import actions
from engine.deberts.actions import (TAKE, PASS, NAME_SUIT, RED, BLACK, EXCHANGE, DECLARE,
                                    DECLINE, BELLA, QUERY, PARTIYA, NO_CLAIM,
                                    BELLA_PLAY, LOT, BID1, BID2, DECLARING, PLAY, CLAIM,
                                    OVER)
from engine.deberts.preplay import PrePlay, BELLA_POINTS
from engine.deberts.claim import Claims, TRICKS, LAST_BONUS, MAX_DEAL


NAME = "deberts"
TITLE = "Deberts"
# The AI orders its card plays by a learned table (engine/policy.py).
LEARNED_ORDER = True
# Rollout states may skip the voids' bookkeeping (engine.game.State.infer).
QUIET_ROLLOUTS = True

# §9 (the spec's `target_score` is the engine-wide `match_target`)
SETTINGS = (
    # any target (§9: an integer); 301 and 1001, the other targets offered
    # before, stay for the saved matches and records that hold them
    ("match_target", match_targets(501, (301, 1001))),
    ("overtrump_with_highest", ("off", "on")),
    ("baid_deduct_tricks", ("off", "on")),
    ("seven_exchange", ("on", "off")),
    ("seven_exchange_who", ("either", "maker_only")),
    ("low_terz_query", ("off", "on")),
    # DB-D12: the engine announces bella at the earliest allowed moment
    # (auto, for every seat), or the holder does (prompt), as in Klaberjass
    ("bella_announce", ("auto", "prompt")),
    ("bella_on_second_card", ("off", "on")),
    # the seed: bella "при своём заходе" (with his lead); the spec's DB-D12
    # also allows it with a follow
    ("bella_with_card", ("lead", "lead_or_follow")),
    ("long_run_split", ("on", "off")),
    ("partiya_claim_guard", ("off", "on")),
    ("first_move_lot", ("random", "colour_call")),
)

RED_SUITS = (2, 3)  # hearts, diamonds


default_options, players, sides, new_pack = fixed_table(SETTINGS, 2, 2, pack32)


def new_state(match, dealer, deck):
    pot = match.carry if match.carry else 0
    return Deberts(match.options, dealer, deck, list(match.scores), pot,
                   match.deals == 0)


class Deberts(Claims, PrePlay):
    """A deal: the deal and bidding (§3), the play (§4) and the scoring
    (§6) here; the pre-play phase (§5) in engine.deberts.preplay, the claim
    (DB-D17) in engine.deberts_claim."""
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)
    nplayers = 2

    def __init__(self, options, dealer, deck, scores=None, pot=0, first_deal=False):
        if deck is None:
            return  # clone()
        self.opts = options
        if len(deck) != 32 or sorted(deck) != sorted(pack32()):
            raise ValueError("a Deberts deck is the 32 cards 7-A, each once")
        self.dealer = dealer
        self.deck = list(deck)
        self.start_scores = list(scores) if scores else [0, 0]
        self.pot = pot  # the visyak pot carried in (§6, DB-D14)
        d = deck
        # §3.1: three each, twice, the shuffler's opponent first; card 12 is
        # the candle; the rest waits for the second deal.
        first = 1 - dealer
        self.hands = [None, None]
        self.hands[first] = [d[0], d[1], d[2], d[6], d[7], d[8]]
        self.hands[dealer] = [d[3], d[4], d[5], d[9], d[10], d[11]]
        sort_small(self.hands[0])
        sort_small(self.hands[1])
        self.candle = d[12]
        self.candle_suit = suit_of(d[12])
        self.stock = list(d[13:32])
        self.freza = -1
        self.trump = -1
        self.maker = -1
        self.round = 0
        self.bids = []  # (seat, action) in order
        self.call = -1  # the colour called (RED/BLACK), -1 if no lot
        self.suits = self.power = self.points = None
        self.trick = []
        self.leader = -1
        self.played = []
        # Per suit, the trick powers (bit 1 << power) of the cards played
        # or on the table: the players' unseen_masks starts from it rather
        # than from every card played.
        self.gone = [0, 0, 0, 0]
        self.cardpts = [0, 0]
        self.tricks = [0, 0]
        self.last = -1
        self.started = [False, False]  # has played a card
        self.decided = [False, False]  # declaration step over (closes the exchange)
        self.declared = [None, None]   # combinations declared, best first
        self.combo_winner = -1
        self.combo_pts = [0, 0]
        self.shown = False  # the winner's combinations are on the table
        self.bella = [False, False]  # announced and credited
        self.bella_half = [False, False]  # played one of the pair unannounced
        self.exchanged = -1  # who swapped the trump 7
        self.asked = [-1, -1]  # low_terz_query answer: 1 wins, 0 loses
        self.known = [[], []]  # cards publicly known to be in a hand
        self.excluded = [bytearray(32), bytearray(32)]  # by card: the pack is 0-31
        # DB-D17: who is still to be asked; in play, the trick's winner
        # offered the claim with his lead (engine.deberts.claim)
        self.claim_queue = []
        self.claimed = -1
        self.match_winner = -1
        self.thrown_in = False
        self.next_dealer = -1
        self.pot_after = pot
        self._info = None
        self.infer = True  # see engine.game.State.infer
        self.done = False
        self.result = None
        if first_deal and options.first_move_lot == "colour_call":
            self.d = self.n = -1
            self.phase = LOT
            self.to_move = first  # the shuffler asks "Цвет?"
        else:
            self._roles(dealer)

    def _roles(self, d):
        self.d = d
        self.n = 1 - d
        self.phase = BID1
        self.round = 1
        self.to_move = self.n  # §3.2: N bids first

    # -- totals (§6) -------------------------------------------------------

    def total(self, seat):
        t = self.cardpts[seat] + self.combo_pts[seat]
        if self.bella[seat]:
            t += BELLA_POINTS
        if self.last == seat:
            t += LAST_BONUS
        return t

    def card_locations(self):
        out = self.hands[0] + self.hands[1] + self.stock + self.trick + self.played
        out = out + [self.candle]
        if self.freza >= 0:
            out = out + [self.freza]
        return out

    def legal(self):
        ph = self.phase
        if ph == PLAY or ph == DECLARING:  # first: the search AI asks on every move
            return self.card_actions(self.to_move)
        if self.done:
            return []
        if ph == LOT:
            return [RED, BLACK]
        if ph == BID1:
            return [TAKE, PASS]
        if ph == BID2:
            out = [NAME_SUIT + s for s in range(4) if s != self.candle_suit]
            out.append(PASS)
            return out
        if ph == CLAIM:
            return [PARTIYA, NO_CLAIM]
        return []

    def card_actions(self, seat):
        """Trick 1's exchange, declarations and bella before his first card
        (§5.1); the claim offered with his lead (DB-D17); the cards, each
        followed by its bella announcement where he announces it by hand
        and may."""
        out = []
        if not self.started[seat]:
            if self.preplay_actions(seat, out):
                return out
        elif self.claim_queue:  # (only his own, with his lead)
            out.append(PARTIYA)
        cards = self.cards_allowed(seat)  # a new list
        k, q = jacknine.bella_cards(self.trump)
        if self.bella[seat] or not (k in cards or q in cards) or not self.bella_by_hand():
            # No bella to announce with any of them (see bella_with).
            if not out:
                return cards
            out.extend(cards)
            return out
        for c in cards:
            out.append(c)
            if (c == k or c == q) and self.bella_with(seat, c):
                out.append(BELLA_PLAY + c)
        return out

    def cards_allowed(self, seat):
        return self.allowed(self.hands[seat], self.trick)

    def allowed(self, hand, trick):
        """The cards of `hand` that may go to `trick` (§4)."""
        if not trick:
            return hand[:]
        ok = legal_follows(hand, trick, self.suits, self.power, self.trump,
                           HEAD_TRUMP, True)
        led = trick[0]
        if (self.suits[led] == self.trump and self.opts.overtrump_with_highest == "on"
                and self.suits[ok[0]] == self.trump
                and self.power[ok[0]] > self.power[led]):
            # §4 variant: beat a led trump with the highest trump
            best = ok[0]
            for c in ok:
                if self.power[c] > self.power[best]:
                    best = c
            return [best]
        return ok

    # -- actions -----------------------------------------------------------

    def _apply(self, a):
        seat = self.to_move
        if a < ACTION_BASE:  # a card (no other action is one): the usual case
            if not self.started[seat]:
                self._info = None  # his first card closes his declaration step
            self._card(seat, a, False)
            return
        ph = self.phase
        self._info = None  # the public facts change (a plain card does not)
        if ph == LOT:
            self._lot(seat, a)
        elif ph == BID1 or ph == BID2:
            self._bid(seat, a)
        elif ph == CLAIM:
            if a == PARTIYA:
                self._claim(seat)
            else:
                self._no_claim()
        elif a == PARTIYA:
            self._claim(seat)
        elif a == QUERY:
            self.asked[seat] = 1 if self._would_win(seat) else 0
        elif a == EXCHANGE:
            self._exchange(seat)
        elif a == DECLARE:
            self._decide(seat, True)
        elif a == DECLINE:
            self._decide(seat, False)
        elif a == BELLA:
            if not self.decided[seat]:
                self._decide(seat, False)
            self._bella(seat)
        elif a >= BELLA_PLAY:
            self._card(seat, a - BELLA_PLAY, True)

    def _lot(self, seat, a):
        # DB-D1: the candle's colour decides who moves first
        self.call = a
        red = self.candle_suit in RED_SUITS
        hit = red == (a == RED)
        self._roles(seat if hit else 1 - seat)

    def _bid(self, seat, a):
        self.bids.append((seat, a))
        if a == PASS:
            if seat == self.n:
                self.to_move = self.d
            elif self.phase == BID1:
                self.phase = BID2
                self.round = 2
                self.to_move = self.n
            else:
                self._throw_in()
            return
        self.maker = seat
        self.trump = self.candle_suit if a == TAKE else a - NAME_SUIT
        self._deal2()

    def _deal2(self):
        # §3.3: three more each, the first-served player first; the bottom
        # card (d[31]) is turned up as the freza.  Dealt from the stock
        # (d[13:32] in order), never from the deck: in a determinized world
        # the stock is the only place the unseen cards are.
        d = self.stock
        first = 1 - self.dealer
        self.hands[first] += d[0:3]
        self.hands[self.dealer] += d[3:6]
        sort_small(self.hands[0])
        sort_small(self.hands[1])
        self.freza = d[18]
        self.stock = list(d[6:18])
        self.suits, self.power, self.points = jacknine.tables(self.trump)
        self.phase = DECLARING
        self.leader = self.d
        self.to_move = self.d  # DB-D3: the dealer role leads

    def _throw_in(self):
        self.thrown_in = True
        self.next_dealer = 1 - self.d  # DB-D2: the other player deals
        self.result = DealResult(2, [0, 0], -1, [0, 0], "all passed, thrown in",
                                 void=True)
        self._over()

    def _card(self, seat, c, bella):
        if not self.started[seat]:
            if not self.decided[seat]:
                self._decide(seat, False)
            self.started[seat] = True
            if self.started[1 - seat]:
                self.phase = PLAY
        trick = self.trick
        if self.claim_queue:
            self.claim_queue = []  # his lead declines the claim offered with it
        if trick and self.infer:
            jacknine.infer_follow(self.excluded[seat], self.suits, self.power, self.trump,
                                  trick[0], c)
        k, q = jacknine.bella_cards(self.trump)
        if bella:
            self.bella[seat] = True
            self._know(seat, q if c == k else k)
        elif (c == k or c == q) and (q if c == k else k) in self.hands[seat]:
            self.bella_half[seat] = True
        self.hands[seat].remove(c)
        known = self.known[seat]
        if known and c in known:
            known.remove(c)
        self.gone[self.suits[c]] |= 1 << self.power[c]
        trick.append(c)
        if seat == self.n and not self.shown:
            self._show_combos()
        if len(self.trick) == 1:
            self.leader = seat
            self.to_move = 1 - seat
            return
        self._finish_trick()

    def _finish_trick(self):
        tr = self.trick
        w = (self.leader + winning_index(tr, self.suits, self.power, self.trump)) % 2
        self.cardpts[w] += self.points[tr[0]] + self.points[tr[1]]
        self.tricks[w] += 1
        self.played.append(tr[0])
        self.played.append(tr[1])
        self.trick = []
        self.leader = w
        self.to_move = w
        last = self.tricks[0] + self.tricks[1] == TRICKS
        if last:
            self.last = w
        if self.start_scores[0] + MAX_DEAL < self.opts.match_target and \
                self.start_scores[1] + MAX_DEAL < self.opts.match_target:
            pass  # no claim can be open in this deal (the usual case)
        elif self.offer_claims(w):
            return  # DB-D17: asked before the next lead (or the scoring)
        if last:
            self._score()

    def _score(self):
        # §6
        m = self.maker
        f = 1 - m
        tm = self.total(m)
        tf = self.total(f)
        pts = [0, 0]
        if tm > tf:
            pts[m] = tm + self.pot
            pts[f] = tf
            w = m
            self.pot_after = 0
            reason = "%s made %d to %d" % (seat_name(m), tm, tf)
        elif tm < tf:
            pts[f] = tf + tm + self.pot
            if self.opts.baid_deduct_tricks == "on":
                # DB-D15: trick points only, not combinations or bella
                pts[m] = -(self.cardpts[m] + (LAST_BONUS if self.last == m else 0))
            w = f
            self.pot_after = 0
            reason = "baid: maker %s %d < %d" % (seat_name(m), tm, tf)
        else:
            pts[f] = tf
            w = -1
            self.pot_after = self.pot + tm
            reason = "visyak %d-%d: pot %d" % (tm, tf, self.pot_after)
        if self.pot and w >= 0:
            reason += ", pot %d to %s" % (self.pot, seat_name(w))
        # DB-D2: the deal's winner deals; after a visyak the last-trick taker
        self.next_dealer = w if w >= 0 else self.last
        self.result = DealResult(2, [tm if m == 0 else tf, tm if m == 1 else tf],
                                 w, pts, reason)
        self._over()

    def _over(self):
        self.done = True
        self.phase = OVER
        self.to_move = -1

    # -- text --------------------------------------------------------------

    def action_text(self, a):
        return actions.action_text(a)

    def parse_action(self, text):
        return actions.parse_action(text)

    # -- observation, clone -----------------------------------------------

    def info(self):
        out = []
        if self.call >= 0:
            out.append(("colour call", "%s called %s" % (
                seat_name(1 - self.dealer), "red" if self.call == RED else "black")))
        if self.d >= 0:
            out.append(("first move", seat_name(self.d)))
        if self.bids:
            out.append(("bids", ", ".join(["%s %s" % (seat_name(s), self.action_text(a))
                                           for s, a in self.bids])))
        if self.maker >= 0:
            out.append(("maker", "%s, trump %s" % (seat_name(self.maker),
                                                   SUIT_CHARS[self.trump])))
        if self.freza >= 0:
            out.append(("freza", card_text(self.freza)))
        if self.exchanged >= 0:
            out.append(("exchange", "%s took the candle for the 7" % seat_name(self.exchanged)))
        for s in (0, 1):
            if self.asked[s] >= 0:
                out.append(("low terz asked", "%s: %s" % (
                    seat_name(s), "wins" if self.asked[s] else "does not win")))
        dec = self.declaration_text()
        if dec:
            out.append(("declarations", dec))
        for s in (0, 1):
            if self.bella[s]:
                out.append(("bella", "%s +20" % seat_name(s)))
        if self.pot:
            out.append(("visyak pot", str(self.pot)))
        return out

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know (brief, legal: see engine.game.State)."""
        # Brief: the state's reused object, and the hand as it is (kept
        # sorted, as the full observation shows it).
        o = self.observe(self.brief_observation(seat) if brief else Observation(seat),
                         seat, brief, legal, not brief)
        o.maker = self.maker
        o.trump = self.trump
        o.turnup = self.candle if self.phase != LOT else -1
        o.candle_suit = self.candle_suit if self.phase != LOT else -1
        o.asked = self.asked[seat]
        o.gone = self.gone if brief else self.gone[:]
        if brief:
            # The player reads it only when it may claim.
            o.claim_valid = PARTIYA in o.legal and self.claim_valid(seat)
            return o
        o.claim_valid = self.claim_valid(seat)
        o.game = NAME
        o.dealer = self.d if self.d >= 0 else self.dealer
        o.first = self.d
        o.round = self.round
        o.freza = self.freza
        o.stock = len(self.stock)
        o.points = list(self.cardpts)
        o.tricks = list(self.tricks)
        o.totals = [self.total(0), self.total(1)]
        o.scores = list(self.start_scores)
        o.target = self.opts.match_target
        o.pot = self.pot
        o.declared_types = [self.declared[s][0][0] if self.declared[s] else 0
                            for s in (0, 1)]
        o.combo_winner = self.combo_winner
        o.bella = list(self.bella)
        o.known = list(self.known[1 - seat])
        o.hand_sizes = [len(h) for h in self.hands]
        if self._info is None:
            self._info = self.info()
        o.info = list(self._info)
        return o

    def clone(self, into=None):
        """An independent copy (into: see engine.game.State)."""
        s = into if into is not None else Deberts(None, None, None)
        # One assignment each (a getattr/setattr loop costs more, once per
        # rollout of the AI)
        s.opts = self.opts
        s.dealer = self.dealer
        s.deck = self.deck
        s.pot = self.pot
        s.candle = self.candle
        s.candle_suit = self.candle_suit
        s.freza = self.freza
        s.trump = self.trump
        s.maker = self.maker
        s.round = self.round
        s.call = self.call
        s.suits = self.suits
        s.power = self.power
        s.points = self.points
        s.leader = self.leader
        s.last = self.last
        s.combo_winner = self.combo_winner
        s.shown = self.shown
        s.exchanged = self.exchanged
        s.claimed = self.claimed
        s.match_winner = self.match_winner
        s.thrown_in = self.thrown_in
        s.next_dealer = self.next_dealer
        s.pot_after = self.pot_after
        s.done = self.done
        s.result = self.result
        s.d = self.d
        s.n = self.n
        s.phase = self.phase
        s.to_move = self.to_move
        s._info = self._info
        s.infer = self.infer
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.stock = self.stock[:]
        s.start_scores = self.start_scores[:]
        s.bids = self.bids[:]
        s.trick = self.trick[:]
        s.played = self.played[:]
        s.gone = self.gone[:]
        s.cardpts = self.cardpts[:]
        s.tricks = self.tricks[:]
        s.started = self.started[:]
        s.decided = self.decided[:]
        s.declared = self.declared[:]
        s.combo_pts = self.combo_pts[:]
        s.bella = self.bella[:]
        s.bella_half = self.bella_half[:]
        s.asked = self.asked[:]
        s.known = [self.known[0][:], self.known[1][:]]
        s.excluded = [bytearray(self.excluded[0]), bytearray(self.excluded[1])]
        s.claim_queue = self.claim_queue[:]
        return s


# -- match (§6, §7) -----------------------------------------------------------

def settle(match, state):
    r = state.result
    if state.thrown_in:
        match.dealer = state.next_dealer
        return
    match.add(0, r.points[0])
    match.add(1, r.points[1])
    match.carry = state.pot_after
    match.dealer = state.next_dealer
    if state.claimed >= 0:
        # DB-D17: a claim decides the match at once, either way
        match.over = True
        match.winner = state.match_winner
        return
    t = match.options.match_target
    a, b = match.scores
    if a >= t and b >= t:
        # DB-D16: the higher total wins; equal totals play on
        if a != b:
            match.over = True
            match.winner = 0 if a > b else 1
    elif a >= t or b >= t:
        match.over = True
        match.winner = 0 if a >= t else 1
