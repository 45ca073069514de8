# French Belote for four players in two partnerships (spec:
# shared/rules/belote.md, seed 002).  Seats P1..P4 are N, E, S, W; the sides
# are NS (seats 0, 2) and EW (seats 1, 3).  Section numbers and decision ids
# (BL-Dn) in comments refer to the spec.
#
# A deal is a State: two taking rounds, the second distribution, eight tricks,
# and the deal's score; settle() books it into the match, carries the litige
# pot (match.carry) and decides the match (§7).
from engine.compat import const, sort_small
from engine.cards import SUIT_CHARS, SUIT_NAMES, card_text, parse_card, pack32, suit_of
from engine.game import (ACTION_BASE, State, Observation, DealResult, seat_name,
                         fixed_table)
from engine.tricks import winning_index, legal_follows, points_of, HEAD_TRUMP
from engine import jacknine
from engine.belote.combos import combinations, combo_cards, combo_text, best_key  # noqa: F401

NAME = "belote"
TITLE = "Belote"
# Rollout states may skip the voids' bookkeeping (engine.game.State.infer).
QUIET_ROLLOUTS = True

# §9.  The spec calls the target `target_score`; the engine's common name for
# it is `match_target` (docs/engine.md).
SETTINGS = (
    ("match_target", (501, 301, 1001)),
    ("announcements", ("off", "on")),
    ("direction", ("clockwise", "counter-clockwise")),  # BL-D1: cosmetic
)

SIDE_NAMES = ("NS", "EW")

# Actions besides card plays.
PASS = const(100)
TAKE = const(101)       # round 1: the retourne's suit
TAKE_SUIT = const(104)  # round 2: + the named suit

# Phases
BID1 = "bidding round 1"
BID2 = "bidding round 2"
PLAY = "playing"
OVER = "over"

LAST_TRICK = const(10)   # dix de der
CAPOT_SCORE = const(252)  # 152 card points + 100 for the last trick
DEAL_TOTAL = const(162)
BELOTE = const(20)
_SUIT = b"\x01" * 8  # a whole suit excluded from a hand


default_options, players, sides, new_pack = fixed_table(SETTINGS, 4, 2, pack32)


def side_of(options, seat):
    return seat % 2


def side_names(options):
    return list(SIDE_NAMES)


def new_state(match, dealer, deck):
    return Belote(match.options, dealer, deck, match.carry or 0)


# -- the deal ------------------------------------------------------------------

class Belote(State):
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)
    nplayers = 4

    def __init__(self, options, dealer, deck, pot=0):
        if deck is None:
            return  # clone()
        if len(deck) != 32 or sorted(deck) != sorted(pack32()):
            raise ValueError("a Belote deck is the 32 cards 7-A, each once")
        self.opts = options
        self.dealer = dealer
        self.deck = list(deck)
        self.pot = pot  # the litige pot held before this deal (BL-D12)
        # §3.1: 3 each, then 2 each, from the player after the dealer; card 20
        # is the retourne; the rest waits for the second distribution.
        d = self.deck
        self.hands = [None] * 4
        for i in range(4):
            seat = (dealer + 1 + i) % 4
            h = [d[3 * i], d[3 * i + 1], d[3 * i + 2], d[12 + 2 * i], d[13 + 2 * i]]
            self.hands[seat] = sort_small(h)
        self.retourne = d[20]
        self.stock = list(d[21:])
        self.first = (dealer + 1) % 4  # p1: bids first and leads trick 1
        self.to_move = self.first
        self.phase = BID1
        self.bids = []  # (seat, action), public
        self.taker = -1
        self.trump = -1
        self.suits = None
        self.power = None
        self.points = None
        self.leader = self.first
        self.trick = []
        self.played = []  # cards of finished tricks, in play order
        self.played_by = bytearray(32)  # seat + 1 of whoever played a card
        # Per suit, the trick powers (bit 1 << power) of the cards played
        # or on the table: the players' unseen_masks starts from it rather
        # than from every card played.
        self.gone = [0, 0, 0, 0]
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.last_winner = -1
        self.belote_seat = -1
        self.belote_said = 0  # 1 after "belote", 2 after "rebelote"
        self.combos = [[], [], [], []]
        self.kinds_shown = [False] * 4
        self.ann_side = -2  # -2: not compared yet; -1: nobody; else the side
        self.ann_points = [0, 0]
        self.known = [[], [], [], []]  # cards publicly known in a hand
        self.excluded = [bytearray(32), bytearray(32), bytearray(32), bytearray(32)]
        self.written = [0, 0]
        self.pot_after = pot
        self.infer = True  # see engine.game.State.infer
        self.done = False
        self.result = None

    # -- where the cards are ---------------------------------------------------

    def card_locations(self):
        out = self.hands[0] + self.hands[1] + self.hands[2] + self.hands[3]
        out = out + self.stock + self.trick + self.played
        if self.taker < 0:
            out = out + [self.retourne]
        return out

    # -- bidding (§3.2, §3.3) --------------------------------------------------

    def legal(self):
        if self.phase == PLAY:  # first: the search AI asks on every move
            return self.follow_cards(self.to_move)
        if self.phase == BID1:
            return [PASS, TAKE]
        if self.phase == BID2:
            out = [PASS]
            rs = suit_of(self.retourne)
            for s in range(4):
                if s != rs:  # BL-D4: one of the three other suits
                    out.append(TAKE_SUIT + s)
            return out
        return []  # over

    def follow_cards(self, seat):
        """§4: follow suit, heading a trump lead; void: trump, over the
        trump winning the trick if he can (else under it), unless his
        partner is winning the trick (BL-D5)."""
        return self.allowed(self.hands[seat], self.trick, seat, self.leader)

    def allowed(self, hand, trick, seat, leader):
        """The cards of `hand` that `seat` may play to `trick`, led by
        `leader` (follow_cards' rule; the inference asks it of the hands a
        seat held earlier)."""
        if not trick:
            return hand[:]
        wi = winning_index(trick, self.suits, self.power, self.trump)
        return legal_follows(hand, trick, self.suits, self.power,
                             self.trump, HEAD_TRUMP, True, True, True,
                             (leader + wi) % 4 == (seat + 2) % 4, wi)

    def partner_winning(self, seat):
        """BL-D5: judged on the trick as it stands when he plays."""
        if not self.trick:
            return False
        w = (self.leader + winning_index(self.trick, self.suits, self.power, self.trump)) % 4
        return w == (seat + 2) % 4

    def _apply(self, a):
        seat = self.to_move
        if a >= ACTION_BASE:
            self._bid(seat, a)
        else:
            self._play(seat, a)

    def _bid(self, seat, a):
        self.bids.append((seat, a))
        if a == TAKE:
            self._take(seat, suit_of(self.retourne))
        elif a >= TAKE_SUIT:
            self._take(seat, a - TAKE_SUIT)
        else:
            self.to_move = (seat + 1) % 4
            if self.to_move == self.first:
                if self.phase == BID1:
                    self.phase = BID2
                else:
                    self._thrown_in()

    def _thrown_in(self):
        # §3.2: four passes twice; the next player deals; the pot waits.
        self.result = DealResult(2, [0, 0], -1, [0, 0], "all passed twice, thrown in",
                                 void=True, names=list(SIDE_NAMES))
        self.done = True
        self.phase = OVER
        self.to_move = -1

    def _take(self, seat, suit):
        self.taker = seat
        self.trump = suit
        self.suits, self.power, self.points = jacknine.tables(suit)
        # §3.3 / BL-D3: the taker gets the retourne (also after a round-2
        # take) and 2 more; the others 3 each, from p1 on.
        k = 0
        for i in range(4):
            p = (self.first + i) % 4
            h = self.hands[p]
            if p == seat:
                h.append(self.retourne)
                h.append(self.stock[k])
                h.append(self.stock[k + 1])
                k += 2
            else:
                h.append(self.stock[k])
                h.append(self.stock[k + 1])
                h.append(self.stock[k + 2])
                k += 3
            sort_small(h)
        self.stock = []
        self.known[seat].append(self.retourne)  # everybody saw it go there
        self._find_bonuses()
        self.phase = PLAY
        self.to_move = self.first
        self.leader = self.first

    def _find_bonuses(self):
        """Belote (BL-D7) and, with announcements on, every hand's
        combinations (BL-D8, BL-D9), from the 8-card hands."""
        self.belote_seat = -1
        for s in range(4):
            if jacknine.has_bella(self.hands[s], self.trump):
                self.belote_seat = s
        if self.opts.announcements == "on":
            for s in range(4):
                self.combos[s] = combinations(self.hands[s], self.trump)

    # -- play (§4) ---------------------------------------------------------------

    def _play(self, seat, c):
        trick = self.trick
        if self.opts.announcements == "on":
            if len(self.played) == 0:
                self.kinds_shown[seat] = True  # BL-D8: kinds at his turn in trick 1
            elif len(self.played) == 4 and not trick and self.ann_side == -2:
                self._compare_announcements()  # the first card of trick 2
        if trick and self.infer:
            self._infer(seat, c)
        self.hands[seat].remove(c)
        known = self.known[seat]
        if known and c in known:
            known.remove(c)
        self.played_by[c] = seat + 1
        self.gone[self.suits[c]] |= 1 << self.power[c]
        if seat == self.belote_seat and c in jacknine.bella_cards(self.trump):
            self.belote_said += 1
            if self.belote_said == 1:
                k, q = jacknine.bella_cards(self.trump)
                other = q if c == k else k
                if other not in known:  # it may be the retourne
                    known.append(other)
        if not trick:
            self.leader = seat
        trick.append(c)
        if len(trick) < 4:
            self.to_move = (seat + 1) % 4
            return
        w = (self.leader + winning_index(trick, self.suits, self.power, self.trump)) % 4
        side = w % 2
        self.card_points[side] += points_of(trick, self.points)
        self.tricks_won[side] += 1
        self.played.extend(trick)
        self.trick = []
        self.leader = w
        self.to_move = w
        if len(self.played) == 32:
            self.last_winner = w
            self._score()

    def _infer(self, seat, c):
        """What a follow shows the table about the follower's hand (§4): a
        void, no trump, or no trump higher than the one he failed to beat.
        (A suit's cards are the codes suit * 8 .. suit * 8 + 7.)"""
        ex = self.excluded[seat]
        suits = self.suits
        power = self.power
        trump = self.trump
        led = suits[self.trick[0]]
        w = self.trick[winning_index(self.trick, suits, power, trump)]
        t8 = trump * 8
        if suits[c] != led:
            ex[led * 8:led * 8 + 8] = _SUIT
            if self.partner_winning(seat):
                return
            if suits[c] != trump:
                ex[t8:t8 + 8] = _SUIT
            elif suits[w] == trump and power[c] < power[w]:
                for x in range(t8, t8 + 8):
                    if power[x] > power[w]:
                        ex[x] = 1
        elif led == trump and power[c] < power[w]:
            for x in range(t8, t8 + 8):
                if power[x] > power[w]:
                    ex[x] = 1

    def _compare_announcements(self):
        """BL-D10: each pair's single best combination; the better pair scores
        all combinations of both partners; full equality: nobody."""
        k = [best_key([self.combos[0], self.combos[2]]),
             best_key([self.combos[1], self.combos[3]])]
        if k[0] == k[1]:
            self.ann_side = -1
            return
        side = 0 if k[0] > k[1] else 1
        self.ann_side = side
        t = 0
        for s in (side, side + 2):
            for cb in self.combos[s]:
                t += cb[1]
                for x in combo_cards(cb):
                    if x in self.hands[s] and x not in self.known[s]:
                        self.known[s].append(x)
        self.ann_points[side] = t

    # -- scoring (§6) --------------------------------------------------------------

    def belote_of(self, side):
        return BELOTE if self.belote_seat >= 0 and self.belote_seat % 2 == side else 0

    def public_belote(self, side):
        """Belote counts once it has been said (BL-D7)."""
        if self.belote_said == 0:
            return 0
        return self.belote_of(side)

    def totals(self, public=False):
        out = [0, 0]
        for side in range(2):
            t = self.card_points[side] + self.ann_points[side]
            if self.last_winner >= 0 and self.last_winner % 2 == side:
                t += LAST_TRICK
            t += self.public_belote(side) if public else self.belote_of(side)
            out[side] = t
        return out

    def _score(self):
        tk = self.taker % 2
        df = 1 - tk
        tot = self.totals()
        ann = self.ann_points[0] + self.ann_points[1]  # all announcements scored
        w = [self.belote_of(0), self.belote_of(1)]
        pot = self.pot
        winner = -1
        if self.tricks_won[tk] == 8 or self.tricks_won[df] == 8:
            # BL-D13: capot; by the defenders it is a dedans worth 252.
            cap = tk if self.tricks_won[tk] == 8 else df
            winner = cap
            w[cap] += CAPOT_SCORE + ann
            # The deal's totals as the spec counts a capot (§10, B6): 252 +
            # belote + announcements; the trickless pair its belote only.
            tot = list(w)
            w[cap] += pot
            pot = 0
            how = "capot by %s" % SIDE_NAMES[cap]
            if cap == df:
                how = "dedans, " + how
        elif tot[tk] > tot[df]:
            winner = tk
            w[tk] = tot[tk] + pot
            w[df] = tot[df]
            pot = 0
            how = "made"
        elif tot[tk] < tot[df]:
            winner = df
            w[df] += DEAL_TOTAL + ann + pot
            pot = 0
            how = "dedans"
        else:
            # BL-D12: litige; the taker pair's total less its belote is held.
            w[df] = tot[df]
            pot += tot[tk] - self.belote_of(tk)
            how = "litige, pot %d" % pot
        self.written = w
        self.pot_after = pot
        reason = "%s took %s; %s; %s +%d, %s +%d" % (
            seat_name(self.taker), SUIT_NAMES[self.trump], how,
            SIDE_NAMES[0], w[0], SIDE_NAMES[1], w[1])
        self.result = DealResult(2, tot, winner, list(w), reason, names=list(SIDE_NAMES))
        self.done = True
        self.phase = OVER
        self.to_move = -1

    # -- text ------------------------------------------------------------------------

    def action_text(self, a):
        if a < ACTION_BASE:
            return card_text(a)
        if a == PASS:
            return "pass"
        if a == TAKE:
            return "take"
        if TAKE_SUIT <= a < TAKE_SUIT + 4:
            return "take " + SUIT_CHARS[a - TAKE_SUIT]
        raise ValueError("unknown action %r" % a)

    def parse_action(self, text):
        t = text.strip().lower()
        if t == "pass":
            return PASS
        if t == "take":
            return TAKE
        if t.startswith("take "):
            s = SUIT_CHARS.find(t[5:].strip().upper())
            if s < 0 or len(t[5:].strip()) != 1:
                raise ValueError("take needs a suit letter C S H D: %r" % text)
            return TAKE_SUIT + s
        try:
            return parse_card(t)
        except ValueError:
            raise ValueError("not a Belote action: %r" % text)

    # -- observation, clone -----------------------------------------------------------

    def info(self):
        """Public facts as (label, text) pairs, for the terminal and logs."""
        out = []
        if self.opts.direction != "clockwise":
            out.append(("direction", "%s (cosmetic: the order is N E S W)" % self.opts.direction))
        if self.pot:
            out.append(("litige pot", "%d (to the winners of this deal)" % self.pot))
        if self.taker < 0:
            out.append(("retourne", card_text(self.retourne)))
            if self.bids:
                out.append(("bids", ", ".join(["%s %s" % (seat_name(s), self.action_text(a))
                                               for s, a in self.bids])))
        else:
            out.append(("contract", "%s took %s (retourne %s); %s must beat %s" % (
                seat_name(self.taker), SUIT_NAMES[self.trump], card_text(self.retourne),
                SIDE_NAMES[self.taker % 2], SIDE_NAMES[1 - self.taker % 2])))
        if self.belote_said:
            out.append(("belote", "%s: %s" % (
                seat_name(self.belote_seat), "belote" if self.belote_said == 1 else "belote, rebelote")))
        if self.opts.announcements == "on" and self.taker >= 0:
            if self.ann_side == -2:
                shown = []
                for s in range(4):
                    if self.kinds_shown[s]:
                        kinds = [combo_text(cb) for cb in self.combos[s]]
                        shown.append("%s %s" % (seat_name(s), " ".join(kinds) if kinds else "none"))
                if shown:
                    out.append(("announced", "; ".join(shown)))
            elif self.ann_side == -1:
                out.append(("announcements", "equal best combinations: nobody scores"))
            else:
                side = self.ann_side
                full = []
                for s in (side, side + 2):
                    for cb in self.combos[s]:
                        full.append("%s %s" % (seat_name(s), combo_text(cb, True)))
                out.append(("announcements", "%s +%d: %s" % (
                    SIDE_NAMES[side], self.ann_points[side], ", ".join(full))))
        if self.taker >= 0:
            tot = self.totals(True)
            sides = []
            for s in (0, 1):
                n = self.tricks_won[s]
                sides.append("%s %d (%d trick%s)" % (SIDE_NAMES[s], tot[s], n, "" if n == 1 else "s"))
            out.append(("this deal", ", ".join(sides)))
        return out

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know (brief, legal: see engine.game.State)."""
        # Brief: the state's reused object, and the hand as it is (kept
        # sorted, as the full observation shows it).
        o = self.observe(self.brief_observation(seat) if brief else Observation(seat),
                         seat, brief, legal, not brief)
        o.trump = self.trump
        o.taker = self.taker
        o.retourne = self.retourne
        o.gone = self.gone if brief else self.gone[:]
        if brief:
            return o
        o.game = NAME
        o.first = self.first
        o.turnup = self.retourne if self.taker < 0 else -1
        o.bids = list(self.bids)
        o.played_by = bytearray(self.played_by)
        o.tricks_won = list(self.tricks_won)
        o.card_points = list(self.card_points)
        o.deal_totals = self.totals(True)
        o.belote_seat = self.belote_seat if self.belote_said else -1
        # Cards publicly known in the other hands, and the voids shown.
        o.shown = [list(self.known[s]) if s != seat else [] for s in range(4)]
        o.hand_sizes = [len(h) for h in self.hands]
        o.pot = self.pot
        o.info = self.info()
        return o

    def clone(self, into=None):
        """An independent copy (into: see engine.game.State)."""
        s = into if into is not None else Belote(None, None, None)
        s.opts = self.opts
        s.dealer = self.dealer
        s.deck = self.deck
        s.pot = self.pot
        s.hands = [h[:] for h in self.hands]
        s.retourne = self.retourne
        s.stock = self.stock[:]
        s.first = self.first
        s.to_move = self.to_move
        s.phase = self.phase
        s.bids = self.bids[:]
        s.taker = self.taker
        s.trump = self.trump
        s.suits = self.suits  # read-only tables
        s.power = self.power
        s.points = self.points
        s.leader = self.leader
        s.trick = self.trick[:]
        s.played = self.played[:]
        s.played_by = bytearray(self.played_by)
        s.gone = self.gone[:]
        s.card_points = self.card_points[:]
        s.tricks_won = self.tricks_won[:]
        s.last_winner = self.last_winner
        s.belote_seat = self.belote_seat
        s.belote_said = self.belote_said
        s.combos = [c[:] for c in self.combos]
        s.kinds_shown = self.kinds_shown[:]
        s.ann_side = self.ann_side
        s.ann_points = self.ann_points[:]
        s.known = [k[:] for k in self.known]
        s.excluded = [bytearray(e) for e in self.excluded]
        s.written = self.written[:]
        s.infer = self.infer
        s.pot_after = self.pot_after
        s.done = self.done
        s.result = self.result
        return s


# -- match (§7) ----------------------------------------------------------------

def settle(match, state):
    """Book a deal: both sides' written points, the litige pot (BL-D12), the
    next dealer (every deal, thrown-in ones too: BL-D2), and the target with
    the both-over rule (BL-D14)."""
    if not state.result.void:
        match.add(0, state.written[0])
        match.add(1, state.written[1])
        match.carry = state.pot_after
    match.next_dealer_left()
    t = match.options.match_target
    a, b = match.scores[0], match.scores[1]
    if a >= t or b >= t:
        if a != b:
            match.over = True
            match.winner = 0 if a > b else 1
