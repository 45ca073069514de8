# Klaberjass for two players (spec: shared/rules/klaberjass.md; the K-Dn
# decisions and section numbers in comments refer to it).  The Jack-Nine
# mechanics (orders, values, runs, bella) come from engine.jacknine.
#
# A deal runs: round 1 (take / schmeiss / pass on the turned suit), the
# answer to a schmeiss, round 2 (name another suit / pass), the second deal,
# the dix windows, the automatic sequence comparison, nine tricks, scoring.
from engine.compat import const, sort_small
from engine.cards import (SEVEN, QUEEN, KING, SUIT_NAMES, card_text, pack32, suit_of,
                          rank_of)
from engine.game import (ACTION_BASE, State, Observation, DealResult, seat_name,
                         fixed_table, match_targets)
from engine.tricks import winning_index, legal_follows, HEAD_TRUMP
from engine import jacknine
from engine.klaberjass import actions
from engine.klaberjass.actions import (PASS, TAKE, SCHMEISS, ACCEPT, REFUSE, NAME_SUIT,
                                       EXCHANGE, KEEP, BELLA, BID1, ANSWER, BID2, DIX, LEAD,
                                       FOLLOW, OVER)

NAME = "klaberjass"
TITLE = "Klaberjass"
# The AI orders its card plays by a learned table (engine/policy.py).
LEARNED_ORDER = True

# §9 (target_score is the engine-wide `match_target`).
SETTINGS = (
    # any target (§9); 500 first, the default
    ("match_target", match_targets(500)),
    ("bete_mode", ("double_own", "both_totals")),
    ("schmeiss_enabled", ("on", "off")),
    ("reveal_bottom_card", ("on", "off")),
    ("dealer_dix_delay", ("on", "off")),
    ("bella_announce", ("auto", "prompt")),
)

# Where the dix window stands (§5.1 steps a, b, e).
_WIN_N = const(0)  # (a) the non-dealer before the sequences
_WIN_D = const(1)  # (b) the dealer before the sequences
_WIN_PLAY = const(2)  # sequences done; (d)/(e) are offered with the cards
_WIN_AFTER1 = const(3)  # (e) the dealer right after trick 1

SEQ20 = const(20)
SEQ50 = const(50)
BELLA_POINTS = const(20)
LAST_TRICK = const(10)
NTRICKS = const(9)


default_options, players, sides, new_pack = fixed_table(SETTINGS, 2, 2, pack32)


def new_state(match, dealer, deck):
    return Klaberjass(match.options, dealer, deck)


def run_value(length):
    """§5.2: a run of 3 is worth 20, of 4 or more 50."""
    return SEQ50 if length >= 4 else SEQ20


def best_run_key(runs, trump):
    """A player's best sequence as a comparable number (K-D9): value, then
    the top card in sequence order, then trump over plain.  -1: none."""
    best = -1
    for s, top, length in runs:
        k = (run_value(length) * 8 + top) * 2 + (1 if s == trump else 0)
        if k > best:
            best = k
    return best


def sequence_winner(runs_n, runs_d, trump, n, d):
    """The seat that scores sequences (§5.2), or -1 if neither has one.  On
    a full tie the non-dealer wins."""
    kn = best_run_key(runs_n, trump)
    kd = best_run_key(runs_d, trump)
    if kn < 0 and kd < 0:
        return -1
    return d if kd > kn else n


def runs_text(runs):
    return ", ".join(["%s (%d)" % (" ".join([card_text(c) for c in
                                              jacknine.run_cards(s, top, length)]),
                                   run_value(length)) for s, top, length in runs])


def _signed(v):
    return "+%d" % v if v else "0"


class Klaberjass(State):
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)
    nplayers = 2

    def __init__(self, options, dealer, deck):
        if deck is None:
            return  # clone()
        if len(deck) != 32 or sorted(deck) != sorted(pack32()):
            raise ValueError("a Klaberjass deck is the 32 cards 7-A, each once")
        self.opts = options
        self.dealer = dealer
        self.deck = list(deck)
        n = 1 - dealer
        self.n = n
        d = deck
        # §3.1 (K-D3): N 3, D 3, N 3, D 3; the 13th card is turned.
        self.hands = [None, None]
        self.hands[n] = [d[0], d[1], d[2], d[6], d[7], d[8]]
        self.hands[dealer] = [d[3], d[4], d[5], d[9], d[10], d[11]]
        sort_small(self.hands[0])
        sort_small(self.hands[1])
        self.turnup = d[12]
        self.stock = list(d[13:31])  # hidden; the second deal comes from its top
        self.bottom = d[31]
        self.bottom_shown = False
        self.trump = -1
        self.maker = -1
        self.schmeisser = -1
        self.bids = []  # (seat, action) in order, for the observation
        self.suits = None
        self.power = None
        self.points_t = None
        self.dix_open = False
        self.window = _WIN_N
        self.exchanged = -1  # seat that exchanged the dix
        self.seq_winner = -1
        self.seq_points = 0
        self.seq_runs = []
        self.bella = -1
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.ntricks = 0
        self.last = -1
        self.played = []
        self.played_by = bytearray(32)  # seat + 1 of the player who played it
        # Per suit, the trick powers (bit 1 << power) of the cards played
        # or on the table: the players' unseen_masks starts from it rather
        # than from every card played.
        self.gone = [0, 0, 0, 0]
        self.trick = []
        self.leader = n
        self.known = [[], []]  # cards publicly known to be in a hand
        self.excluded = [bytearray(96), bytearray(96)]  # cards a hand cannot hold
        self.to_move = n
        self.phase = BID1
        self.done = False
        self.result = None
        self.public = []  # info() as of the last public event (None: build it)

    # -- totals (§6) -----------------------------------------------------

    def total(self, seat):
        t = self.points[seat]
        if self.last == seat:
            t += LAST_TRICK
        if self.seq_winner == seat:
            t += self.seq_points
        if self.bella == seat:
            t += BELLA_POINTS
        return t

    def card_locations(self):
        out = self.hands[0] + self.hands[1] + self.stock + self.trick + self.played
        return out + [self.turnup, self.bottom]

    # -- legality --------------------------------------------------------

    def _seven(self):
        return self.trump * 8 + SEVEN

    def can_exchange(self, seat):
        """K-D7 / §5.1: the holder of the trump 7 in one of his windows."""
        if not self.dix_open or self._seven() not in self.hands[seat]:
            return False
        if self.phase == DIX:
            return True
        if self.ntricks > 0:
            return False
        if self.phase == LEAD:
            return seat == self.n  # (d) N before he leads trick 1
        # (e) D before playing to trick 1, if the privilege is kept.
        return seat == self.dealer and self.opts.dealer_dix_delay == "on"

    def bella_ok(self, seat):
        """K-D11: he plays the trump Q holding the trump K, or having played
        it himself this deal."""
        k, q = jacknine.bella_cards(self.trump)
        if q not in self.hands[seat]:
            return False
        return k in self.hands[seat] or self.played_by[k] == seat + 1

    def allowed(self, hand, trick):
        """The cards of `hand` that may follow to `trick` (§4, K-D13: follow
        suit, heading a trump lead; void: trump)."""
        return legal_follows(hand, trick, self.suits, self.power, self.trump, HEAD_TRUMP, True)

    def legal(self):
        seat = self.to_move
        ph = self.phase
        if ph == LEAD or ph == FOLLOW:  # first: the search AI asks on every move
            return self.card_actions(seat, ph)
        if self.done:
            return []
        if ph == BID1:
            out = [PASS, TAKE]
            if self.opts.schmeiss_enabled == "on":
                out.append(SCHMEISS)
            return out
        if ph == ANSWER:
            return [ACCEPT, REFUSE]
        if ph == BID2:
            out = [PASS]
            t = suit_of(self.turnup)
            for s in range(4):
                if s != t:
                    out.append(NAME_SUIT + s)
            return out
        if ph == DIX:
            return [EXCHANGE, KEEP]
        return []

    def card_actions(self, seat, ph):
        """To lead or follow: the exchange if open to him, the cards, and
        bella when announced by prompt."""
        cards = self.allowed(self.hands[seat], self.trick) if ph == FOLLOW else self.hands[seat][:]
        out = cards  # a new list
        if self.dix_open and self.can_exchange(seat):
            out = [EXCHANGE] + cards
        if self.bella < 0 and self.opts.bella_announce == "prompt":
            q = self.trump * 8 + QUEEN
            if q in cards and self.bella_ok(seat):
                out.append(BELLA)
        return out

    # -- actions ---------------------------------------------------------

    def _apply(self, a):
        seat = self.to_move
        if a < ACTION_BASE:  # a card (no bid is one)
            self._play(seat, a, self.opts.bella_announce == "auto")
            return
        ph = self.phase
        if ph == BID1 or ph == BID2 or ph == ANSWER:
            self.bids.append((seat, a))
            self._bid(seat, a)
        elif a == EXCHANGE:
            self._exchange(seat)
        elif a == KEEP:
            self._next_window()
        elif a == BELLA:
            self._play(seat, self.trump * 8 + QUEEN, True)
        # Public facts change only with a non-card action (or bella, below):
        # their text is built when an observation next asks (not on every
        # observation, nor in the AI's rollouts, which never ask).
        self.public = None

    def _bid(self, seat, a):
        other = 1 - seat
        turned = suit_of(self.turnup)
        if a == TAKE:
            self._fix_trump(seat, turned)
        elif a == SCHMEISS:
            self.schmeisser = seat
            self.phase = ANSWER
            self.to_move = other
        elif a == ACCEPT:
            # K-D5: the deal is annulled; the next dealer deals.
            self._void("schmeiss by %s accepted" % seat_name(other))
        elif a == REFUSE:
            self._fix_trump(other, turned)
        elif a == PASS:
            if seat == self.n:
                self.to_move = self.dealer
            elif self.phase == BID1:
                self.phase = BID2
                self.to_move = self.n
            else:
                self._void("both passed twice")
        else:
            self._fix_trump(seat, a - NAME_SUIT)

    def _fix_trump(self, maker, trump):
        self.maker = maker
        self.trump = trump
        self.suits, self.power, self.points_t = jacknine.tables(trump)
        # §3.3 (K-D6): N 3, then D 3 from the top of the stock.
        st = self.stock
        self.hands[self.n].extend(st[0:3])
        self.hands[self.dealer].extend(st[3:6])
        self.stock = st[6:]
        sort_small(self.hands[0])
        sort_small(self.hands[1])
        self.bottom_shown = self.opts.reveal_bottom_card == "on"
        # §5.1: the dix applies only to the turned suit, and not when the
        # turned card is the 7 itself.
        self.dix_open = (suit_of(self.turnup) == trump and
                         rank_of(self.turnup) != SEVEN)
        seven = self._seven()
        if self.dix_open:
            # Whether a window is offered shows who may hold the 7.
            for s in (0, 1):
                if seven not in self.hands[s]:
                    self.excluded[s][seven] = 1
        self._open_window(_WIN_N)

    def _open_window(self, w):
        """Advance through §5.1 (a), (b), (c): an explicit window for the
        holder of the 7 if he has one, then the sequences and N's lead."""
        seven = self._seven()
        if w == _WIN_N:
            if self.dix_open and seven in self.hands[self.n]:
                self._ask_dix(self.n, _WIN_N)
                return
            w = _WIN_D
        if w == _WIN_D:
            if self.dix_open and seven in self.hands[self.dealer]:
                self._ask_dix(self.dealer, _WIN_D)
                return
            w = _WIN_PLAY
        self.window = _WIN_PLAY
        self._sequences()
        self.phase = LEAD
        self.leader = self.n
        self.to_move = self.n

    def _ask_dix(self, seat, w):
        self.window = w
        self.phase = DIX
        self.to_move = seat
        seven = self._seven()
        if seven not in self.known[seat]:
            self.known[seat].append(seven)

    def _next_window(self):
        if self.window == _WIN_AFTER1:
            self.dix_open = False
            self.phase = LEAD
            self.to_move = self.leader
        else:
            self._open_window(self.window + 1)

    def _exchange(self, seat):
        seven = self._seven()
        h = self.hands[seat]
        h.remove(seven)
        h.append(self.turnup)
        sort_small(h)
        if seven in self.known[seat]:
            self.known[seat].remove(seven)
        self.known[seat].append(self.turnup)
        self.turnup = seven  # face up in the turned card's place, out of play
        self.exchanged = seat
        self.dix_open = False
        if self.phase == DIX:
            self._next_window()

    def _sequences(self):
        # §5.2 (K-D8): maximal runs on the hands held now, compared once.
        n, d = self.n, self.dealer
        rn = jacknine.runs(self.hands[n])
        rd = jacknine.runs(self.hands[d])
        w = sequence_winner(rn, rd, self.trump, n, d)
        self.seq_winner = w
        if w < 0:
            return
        runs = rn if w == n else rd
        self.seq_runs = runs
        t = 0
        for s, top, length in runs:
            t += run_value(length)
            for c in jacknine.run_cards(s, top, length):
                if c not in self.known[w]:
                    self.known[w].append(c)  # K-D10: the winner shows them
        self.seq_points = t

    def _play(self, seat, c, announce):
        if announce and self.bella < 0 and c == self.trump * 8 + QUEEN \
                and self.bella_ok(seat):
            self.bella = seat
            k = self.trump * 8 + KING
            if k in self.hands[seat] and k not in self.known[seat]:
                self.known[seat].append(k)
            self.public = None
        trick = self.trick
        if trick:
            # Always, even in the AI's rollouts (State.infer): the player
            # reads the voids shown (observation.excluded).
            jacknine.infer_follow(self.excluded[seat], self.suits, self.power, self.trump,
                                  trick[0], c)
        self.hands[seat].remove(c)
        known = self.known[seat]
        if known and c in known:
            known.remove(c)
        self.played_by[c] = seat + 1
        self.gone[self.suits[c]] |= 1 << self.power[c]
        trick.append(c)
        if len(trick) == 1:
            self.leader = seat
            self.phase = FOLLOW
            self.to_move = 1 - seat
            return
        w = (self.leader + winning_index(self.trick, self.suits, self.power,
                                         self.trump)) % 2
        self.points[w] += self.points_t[self.trick[0]] + self.points_t[c]
        self.tricks[w] += 1
        self.played.extend(self.trick)
        self.trick = []
        self.ntricks += 1
        self.leader = w
        if self.ntricks == NTRICKS:
            self.last = w  # K-D12: the stich
            self._score()
            return
        self.phase = LEAD
        self.to_move = w
        if self.ntricks == 1 and self.dix_open:
            d = self.dealer
            if self.opts.dealer_dix_delay == "on" and self._seven() in self.hands[d]:
                # §5.1 (e): the dealer's last chance, right after trick 1.
                self._ask_dix(d, _WIN_AFTER1)
                return
            self.dix_open = False

    # -- end of deal (§6) ------------------------------------------------

    def _score(self):
        m = self.maker
        o = 1 - m
        tm = self.total(m)
        to = self.total(o)
        pts = [0, 0]
        if tm > to:
            pts[m] = tm
            pts[o] = to
            winner = m
            how = "made"
        elif tm == to:
            pts[o] = to  # K-D15: only the opponent writes, no carry-over
            winner = o
            how = "tied"
        else:
            # K-D14: doubled; both_totals is the books' variant.
            if self.opts.bete_mode == "both_totals":
                pts[o] = to + tm
            else:
                pts[o] = 2 * to
            winner = o
            how = "failed"
        reason = "maker %s %s: %s %s, %s %s" % (
            seat_name(m), how, seat_name(0), _signed(pts[0]),
            seat_name(1), _signed(pts[1]))
        self._finish(DealResult(2, [self.total(0), self.total(1)], winner,
                                pts, reason))

    def _void(self, reason):
        self._finish(DealResult(2, [0, 0], -1, [0, 0], reason, void=True))

    def _finish(self, result):
        self.result = result
        self.done = True
        self.phase = OVER
        self.to_move = -1

    # -- text ------------------------------------------------------------

    def action_text(self, a):
        return actions.action_text(a, self.trump)

    def parse_action(self, text):
        return actions.parse_action(text, self.trump)

    # -- observation, clone ----------------------------------------------

    def info(self):
        """Public facts as (label, text) pairs for the terminal."""
        out = []
        if self.bids:
            out.append(("bids", ", ".join(["%s %s" % (seat_name(s), self.action_text(a))
                                           for s, a in self.bids])))
        if self.maker >= 0:
            out.append(("maker", "%s, trump %s" % (seat_name(self.maker),
                                                   SUIT_NAMES[self.trump])))
        if self.bottom_shown:
            out.append(("bottom card", card_text(self.bottom)))
        if self.exchanged >= 0:
            out.append(("dix", "%s exchanged %s for the turned card" % (
                seat_name(self.exchanged), card_text(self.turnup))))
        if self.maker >= 0 and self.window >= _WIN_PLAY:
            if self.seq_winner < 0:
                out.append(("sequences", "none"))
            else:
                out.append(("sequences", "%s scores %d: %s" % (
                    seat_name(self.seq_winner), self.seq_points,
                    runs_text(self.seq_runs))))
        if self.bella >= 0:
            out.append(("bella", "%s +20" % seat_name(self.bella)))
        return out

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know (brief, legal: see engine.game.State)."""
        # Brief: the state's reused object, and the hand as it is (kept
        # sorted, as the full observation shows it).
        o = self.observe(self.brief_observation(seat) if brief else Observation(seat),
                         seat, brief, legal, not brief)
        o.trump = self.trump
        o.maker = self.maker
        o.turnup = self.turnup
        o.bottom = self.bottom if self.bottom_shown else -1
        o.tricks = self.tricks if brief else list(self.tricks)
        o.gone = self.gone if brief else self.gone[:]
        # Cards the other hand cannot hold (voids shown, a trump lead not
        # headed, no dix window): public inferences.
        o.excluded = self.excluded[1 - seat] if brief else bytearray(self.excluded[1 - seat])
        if brief:
            return o
        o.game = NAME
        o.schmeisser = self.schmeisser
        o.turnup_face_up = True
        o.stock = len(self.stock) + 1  # the bottom card lies under it
        o.points = list(self.points)
        o.totals = [self.total(0), self.total(1)]
        o.seq_winner = self.seq_winner
        o.bella = self.bella
        o.known = list(self.known[1 - seat])
        o.hand_sizes = [len(h) for h in self.hands]
        if self.public is None:
            self.public = self.info()
        o.info = list(self.public)
        return o

    def clone(self, into=None):
        """An independent copy (into: see engine.game.State)."""
        s = into if into is not None else Klaberjass(None, None, None)
        # One assignment each (a getattr/setattr loop costs more, once per
        # rollout of the AI)
        s.opts = self.opts
        s.dealer = self.dealer
        s.deck = self.deck
        s.n = self.n
        s.turnup = self.turnup
        s.bottom = self.bottom
        s.bottom_shown = self.bottom_shown
        s.trump = self.trump
        s.maker = self.maker
        s.schmeisser = self.schmeisser
        s.suits = self.suits
        s.power = self.power
        s.points_t = self.points_t
        s.dix_open = self.dix_open
        s.window = self.window
        s.exchanged = self.exchanged
        s.seq_winner = self.seq_winner
        s.seq_points = self.seq_points
        s.bella = self.bella
        s.ntricks = self.ntricks
        s.last = self.last
        s.leader = self.leader
        s.to_move = self.to_move
        s.phase = self.phase
        s.done = self.done
        s.result = self.result
        s.public = self.public
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.stock = self.stock[:]
        s.bids = self.bids[:]
        s.seq_runs = self.seq_runs[:]
        s.points = self.points[:]
        s.tricks = self.tricks[:]
        s.played = self.played[:]
        s.played_by = bytearray(self.played_by)
        s.gone = self.gone[:]
        s.trick = self.trick[:]
        s.known = [self.known[0][:], self.known[1][:]]
        s.excluded = [bytearray(self.excluded[0]), bytearray(self.excluded[1])]
        return s


# -- match (§7) ---------------------------------------------------------------

def settle(match, state):
    r = state.result
    if not r.void:
        match.add(0, r.points[0])
        match.add(1, r.points[1])
    match.next_dealer_left()  # K-D2: the deal alternates, annulled ones too
    t = match.options.match_target
    s = match.scores
    # K-D16: over the target wins; both over: the higher; equal: play on.
    if (s[0] >= t or s[1] >= t) and s[0] != s[1]:
        match.check_target(t)
