# Skat for three players, American "Tournee / Guckser / Solo" laws (spec:
# shared/rules/skat.md; seed 001).  A deal is a SkatState: the auction (§3),
# the choice of game (§4.1-§4.6), the discard, the play (§5) and the result
# (§4.10, §6).  Values and tables live in engine/skat/scoring.py.
from engine.compat import const, forget_modules
from engine.cards import JACK, SUIT_CHARS, card_text, pack32
from engine.game import ACTION_BASE, State, fixed_table
from engine.tricks import winning_index, legal_follows
from engine.skat.view import display_order, observation
from engine.skat.scoring import (
    TOURNEE, GRAND_TOURNEE, GUCKSER, SOLO, GRAND_SOLO, GRAND_OUVERT, NULL,
    NULL_OUVERT, RAMSCH, POINTS, BID_VALUES, tables_for, game_text, bid_index,
    SkatResult, deal_result, settle)  # noqa: F401 (rules.settle: the game's interface)
NAME = "skat"
TITLE = "Skat"

# D21: a match is `rounds` x 3 deals.  Appendix A: laws=isko plays today's
# International Skat Order; its all-pass and score settings mean nothing
# under the seed laws.
SETTINGS = (
    ("rounds", (4, 12, 1, 2, 3, 6, 8)),
    ("laws", ("seed", "isko")),
    ("isko_all_pass", ("throw_in", "ramsch")),
    ("isko_score", ("plain", "seeger_fabian")),
    ("ramsch_score", ("seed", "german")),  # §6.4, or the most points lose them (ramsch.py)
)

# Actions (>= ACTION_BASE), in the order legal() lists them.
PASS = const(100)
HOLD = const(101)
PLAY = const(102)          # forehand takes the game after two passes (D10)
BID = const(110)           # + index into the laws' bid values (71 or 63 values)
TOURNEE_A = const(190)     # take the skat: turn a card
GUCKSER_A = const(191)     # take the skat blind, play a grand
HAND = const(192)          # leave the skat: a solo game
ACCEPT = const(193)
REJECT = const(194)
TRUMP = const(195)         # + suit: a turned jack makes its suit trump
GRAND_T = const(199)       # ... or a Grand Tournee
DISCARD = const(200)       # + card (200-231)
SOLO_A = const(240)        # + suit
GRAND_A = const(244)
GRAND_OUVERT_A = const(245)
NULL_A = const(246)
NULL_OUVERT_A = const(247)
ANNOUNCE_NONE = const(250)
ANNOUNCE_SCHNEIDER = const(251)
ANNOUNCE_SCHWARZ = const(252)
ANNOUNCE_OUVERT = const(253)  # ISkO A.3: a suit or grand Hand game laid open
CONCEDE = const(260)
PLAY_ON = const(261)
TAKE_SKAT = const(262)     # ISkO A.2: take up the skat
CLAIM = const(263)         # ISkO 4.3.4: the declarer lays his cards open, claims the rest

# Phases
BIDDING = "bidding"        # the bidder names a value or passes
ANSWER = "answer"          # the holder holds or passes
FOREHAND = "forehand"      # two passes, no bid: forehand plays or passes
SKAT = "skat"              # tournee, guckser or hand
TURN = "turn"              # tournee: the declarer has seen a skat card
JACK_CHOICE = "jack"       # a jack was shown: its suit or grand
DISCARD_P = "discard"
DECLARE = "declare"        # hand games
ANNOUNCE = "announce"
PLAYING = "play"
CONCEDE_P = "concede"      # the concession window, when the declarer has no turn in it
OVER = "over"


default_options, players, sides, new_pack = fixed_table(SETTINGS, 3, 3, pack32)


def new_state(match, dealer, deck):
    return SkatState(match.options, dealer, deck)


class SkatState(State):
    game = NAME  # its record in engine/games.py (the AI finds its worlds there)
    nplayers = 3

    def __init__(self, options, dealer, deck):
        if deck is None:
            return  # clone()
        if len(deck) != 32 or sorted(deck) != sorted(pack32()):
            raise ValueError("a Skat deck is the 32 cards 7-A, each once")
        self.opts = options
        # Appendix A: today's laws (the ISkO rules live in engine/skat/isko.py).
        # (What follows from other fields is a property, not a field: isko,
        # stage, discarded, hand_game, thrown; the AI's players hold several
        # states, and every field is a slot in each one's table.)
        isko = getattr(options, "laws", "seed") == "isko"
        self.bids = self.laws().BID_VALUES if isko else BID_VALUES
        self.dealer = dealer
        self.deck = list(deck)
        f = (dealer + 1) % 3
        m = (dealer + 2) % 3
        r = dealer
        self.forehand = f
        d = deck
        # §2.4: 3 - skat - 4 - 3, clockwise from forehand.
        self.hands = [None, None, None]
        self.hands[f] = list(d[0:3]) + list(d[11:15]) + list(d[23:26])
        self.hands[m] = list(d[3:6]) + list(d[15:19]) + list(d[26:29])
        self.hands[r] = list(d[6:9]) + list(d[19:23]) + list(d[29:32])
        self.s1 = d[9]
        self.s2 = d[10]
        self.skat = [d[9], d[10]]  # the skat, later the declarer's discards
        # Auction (§3.1)
        self.bidder = m
        self.holder = f
        self.high = 0
        self.passed = [False, False, False]
        self.auction = []  # (seat, text), public
        self.declarer = -1
        # Game
        self.gtype = -1
        self.trump = -1
        # Hands are kept as a player holds them, so legal() lists cards in
        # that order (re-sorted when the game is known).
        self.hands = [display_order(self, h) for h in self.hands]
        self.ann_s = False
        self.ann_z = False
        self.second_show = False
        self.ouvert = False      # ISkO: a suit or grand game laid open (A.3)
        self.shown = []          # skat cards shown to everybody
        self.seen_s1 = False     # the declarer looked at S1 (tournee)
        self.picked = False      # the declarer took the skat into his hand
        self.dealt = None        # the declarer's 10 dealt cards
        # Play
        self.suits = None
        self.power = None
        self.etrump = -1
        self.leader = f
        self.trick = []
        self.played = []
        self.history = []        # (leader, [c, c, c], winner)
        self.winners = []
        self.points = [0, 0, 0]
        self.tricks = [0, 0, 0]
        self.voids = [bytearray(5), bytearray(5), bytearray(5)]  # by effective suit
        self.concede_open = False
        # Seed laws: the declarer conceded (D18).  ISkO 4.3 (A.8): 0, or how
        # a shortened game ended (engine/skat/shorten.py); -1 in the deals an
        # AI imagines, where nobody shortens.  (No field more: see above.)
        self.conceded = 0 if isko else False
        self.to_move = m
        self.phase = BIDDING
        self.done = False
        self.result = None

    # -- helpers ---------------------------------------------------------

    def card_locations(self):
        return self.hands[0] + self.hands[1] + self.hands[2] + self.skat + \
            self.trick + self.played

    def laws(self):
        # The ISkO laws (Appendix A): loaded only when played.
        from engine.skat import isko
        return isko

    @property
    def isko(self):
        return self.bids is not BID_VALUES

    @property
    def stage(self):
        # §3.1: rearhand bids only in the second stage.
        return 2 if self.bidder == self.dealer else 1

    @property
    def discarded(self):
        return len(self.skat) if self.picked else 0

    @property
    def hand_game(self):
        """ISkO (A.2): the declarer left the skat untouched."""
        return self.isko and self.declarer >= 0 and not self.picked and self.phase != SKAT

    @property
    def thrown(self):
        """ISkO (A.1): all three passed and the deal was thrown in."""
        return self.done and self.declarer < 0 and self.gtype < 0

    def is_open(self):
        return self.ouvert or self.gtype == GRAND_OUVERT or self.gtype == NULL_OUVERT

    def game_text(self):
        return game_text(self.gtype, self.trump, self.second_show, self.ann_s, self.ann_z,
                         self.isko, self.hand_game, self.ouvert)

    # -- legality --------------------------------------------------------

    def legal(self):
        if self.done:
            return []
        p = self.phase
        if p == BIDDING:
            # Every value above the highest named (jump bids), then pass; one
            # allocation of the exact size (up to 72 entries on the device).
            bids = self.bids
            first = 0
            n = len(bids)
            while first < n and bids[first] <= self.high:
                first += 1
            out = [PASS] * (n - first + 1)
            for i in range(first, n):
                out[i - first] = BID + i
            return out
        if p == ANSWER:
            return [HOLD, PASS]
        if p == FOREHAND:
            return [PLAY, PASS]
        if p == SKAT:
            return [TAKE_SKAT, HAND] if self.isko else [TOURNEE_A, GUCKSER_A, HAND]
        if p == TURN:
            return [ACCEPT, REJECT]
        if p == JACK_CHOICE:
            return [TRUMP + (self.shown[-1] >> 3), GRAND_T]
        if p == DISCARD_P:
            return [DISCARD + c for c in self.hands[self.declarer]]
        if p == DECLARE:
            if self.isko:
                return [SOLO_A + k for k in self.laws().declare_menu(
                    self.hand_game, self.dealt + [self.s1, self.s2], self.high)]
            out = [SOLO_A, SOLO_A + 1, SOLO_A + 2, SOLO_A + 3, GRAND_A, GRAND_OUVERT_A]
            # §4.6 approved decision: Null only up to 20, Null ouvert up to 40.
            if self.high <= 20:
                out.append(NULL_A)
            if self.high <= 40:
                out.append(NULL_OUVERT_A)
            return out
        if p == ANNOUNCE:
            if self.isko:
                return [ANNOUNCE_NONE, ANNOUNCE_SCHNEIDER, ANNOUNCE_SCHWARZ, ANNOUNCE_OUVERT]
            return [ANNOUNCE_NONE, ANNOUNCE_SCHNEIDER, ANNOUNCE_SCHWARZ]
        if p == CONCEDE_P:
            return [PLAY_ON, CONCEDE]
        # PLAYING
        hand = self.hands[self.to_move]
        out = legal_follows(hand, self.trick, self.suits, self.power, self.etrump)
        if self.concede_open and self.to_move == self.declarer:
            out.append(CONCEDE)
        if self.conceded == 0 and self.isko and self.gtype != RAMSCH:
            # ISkO 4.3: either side may give up at its turn; the declarer of
            # a suit or grand game may lay his cards open and claim the rest.
            if self.to_move == self.declarer and self.gtype != NULL and self.gtype != NULL_OUVERT:
                out.append(CLAIM)
            out.append(CONCEDE)
        return out

    # -- actions ---------------------------------------------------------

    def _apply(self, a):
        seat = self.to_move
        p = self.phase
        if p == BIDDING:
            self._bid(seat, a)
        elif p == ANSWER:
            self._answer(seat, a)
        elif p == FOREHAND:
            self._forehand(seat, a)
        elif p == SKAT:
            self._skat_choice(seat, a)
        elif p == TURN:
            if a == ACCEPT:
                self._show(self.s1)
            else:
                # §4.2.3 second show: S2 is shown and compulsory; S1 stays hidden.
                self.second_show = True
                self._show(self.s2)
        elif p == JACK_CHOICE:
            if a == GRAND_T:
                self.gtype = GRAND_TOURNEE
                self.trump = -1
            else:
                self.gtype = TOURNEE
                self.trump = a - TRUMP
            self._pick_up()
        elif p == DISCARD_P:
            self._discard(seat, a - DISCARD)
        elif p == DECLARE:
            self._declare(a)
        elif p == ANNOUNCE:
            # D13: schwarz announced implies schneider announced.
            # A.3: ouvert implies schwarz announced.
            self.ann_s = a != ANNOUNCE_NONE
            self.ann_z = a == ANNOUNCE_SCHWARZ or a == ANNOUNCE_OUVERT
            self.ouvert = a == ANNOUNCE_OUVERT
            self._start_play()
        elif p == CONCEDE_P:
            self._concede_window(a)
        elif a == CONCEDE or a == CLAIM:
            self._concede(seat, a == CLAIM)
        else:
            self._play(seat, a)

    # §3.1 the auction

    def _bid(self, seat, a):
        if a == PASS:
            self.auction.append((seat, "pass"))
            self.passed[seat] = True
            if self.stage == 1:
                self._stage2(self.holder)
            else:
                self._auction_over(self.holder)
            return
        self.high = self.bids[a - BID]
        self.auction.append((seat, "%d" % self.high))
        self.phase = ANSWER
        self.to_move = self.holder

    def _answer(self, seat, a):
        if a == HOLD:
            self.auction.append((seat, "hold"))
            self.phase = BIDDING
            self.to_move = self.bidder
            return
        self.auction.append((seat, "pass"))
        self.passed[seat] = True
        if self.stage == 1:
            self._stage2(self.bidder)
        else:
            self._declarer_found(self.bidder)

    def _stage2(self, survivor):
        self.bidder = self.dealer  # rearhand
        self.holder = survivor
        self.phase = BIDDING
        self.to_move = self.bidder

    def _auction_over(self, survivor):
        if self.high > 0:
            self._declarer_found(survivor)
        else:
            # D10: nobody named a value; forehand may still play.
            self.phase = FOREHAND
            self.to_move = self.forehand

    def _forehand(self, seat, a):
        self.auction.append((seat, self.action_text(a)))
        if a == PLAY:
            # D10, A.1: forehand plays at the lowest value.
            self.high = self.bids[0]
            self._declarer_found(seat)
        else:
            self.passed[seat] = True
            if self.isko and self.opts.isko_all_pass == "throw_in":
                self._finish()
            else:
                self._start_ramsch()

    def _declarer_found(self, seat):
        self.declarer = seat
        self.dealt = list(self.hands[seat])
        self.phase = SKAT
        self.to_move = seat

    # §4.2-§4.4 the choice of game

    def _skat_choice(self, seat, a):
        if a == TAKE_SKAT:
            self._pick_up()
        elif a == TOURNEE_A:
            self.seen_s1 = True
            self.phase = TURN
        elif a == GUCKSER_A:
            self.gtype = GUCKSER
            self._pick_up()
        else:
            self.phase = DECLARE

    def _show(self, c):
        self.shown.append(c)
        if c & 7 == JACK:
            # The choice is made before the other card is seen (seed §2).
            self.phase = JACK_CHOICE
            return
        self.gtype = TOURNEE
        self.trump = c >> 3
        self._pick_up()

    def _pick_up(self):
        h = self.hands[self.declarer]
        h.append(self.s1)
        h.append(self.s2)
        self.hands[self.declarer] = display_order(self, h)
        self.skat = []
        self.picked = True
        self.phase = DISCARD_P

    def _discard(self, seat, c):
        self.hands[seat].remove(c)
        self.skat.append(c)
        if self.discarded == 2:
            if self.isko:
                self.phase = DECLARE  # A.3: the game is named after the discard
            else:
                self._start_play()

    def _declare(self, a):
        if SOLO_A <= a < SOLO_A + 4 or a == GRAND_A:
            if a == GRAND_A:
                self.gtype = GRAND_SOLO
            else:
                self.gtype = SOLO
                self.trump = a - SOLO_A
            if self.isko and self.picked:
                self._start_play()  # A.3: announcements need Hand
            else:
                self.phase = ANNOUNCE
        else:
            if a == GRAND_OUVERT_A:
                self.gtype = GRAND_OUVERT
                self.ann_s = True  # D4: scored as schwarz announced
                self.ann_z = True
            elif a == NULL_A:
                self.gtype = NULL
            else:
                self.gtype = NULL_OUVERT
            self._start_play()

    # §5 play

    def _start_ramsch(self):
        self.gtype = RAMSCH
        self._start_play()

    def _start_play(self):
        self.suits, self.power, self.etrump = tables_for(self.gtype, self.trump)
        self.hands = [display_order(self, h) for h in self.hands]
        self.phase = PLAYING
        self.leader = self.forehand
        self.to_move = self.forehand

    def _play(self, seat, c):
        if self.trick:
            led = self.suits[self.trick[0]]
            if self.suits[c] != led:
                self.voids[seat][led] = 1
        self.hands[seat].remove(c)
        self.trick.append(c)
        if len(self.history) == 1 and len(self.trick) == 2:
            self.concede_open = False  # §9-Tricks.2: two cards of trick 2 are down
        if len(self.trick) < 3:
            self.to_move = (seat + 1) % 3
            if self.concede_open and len(self.trick) == 1 and self.declarer == (seat + 2) % 3:
                # D18, §5.7 (b): the declarer plays third; he may concede
                # once he has seen the lead, before the second card.
                self.phase = CONCEDE_P
                self.to_move = self.declarer
            return
        w = (self.leader + winning_index(self.trick, self.suits, self.power, self.etrump)) % 3
        t = self.trick
        self.points[w] += POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]]
        self.tricks[w] += 1
        self.history.append((self.leader, t, w))
        self.winners.append(w)
        self.played.extend(t)
        self.trick = []
        self.leader = w
        self.to_move = w
        if self._early_stop(w) or len(self.history) == 10:
            self._finish()
            return
        if len(self.history) == 1 and self.gtype != RAMSCH and not self.isko:
            # D18, §5.7: the declarer may concede from here until the 2nd
            # card of trick 2: (a) now (with his lead, if he leads), and
            # (b) after the lead, with his card or, playing third, asked.
            # (Under the ISkO, 4.3 instead: legal() offers it at each turn.)
            self.concede_open = True
            if self.declarer != w:
                self.phase = CONCEDE_P
                self.to_move = self.declarer

    def _early_stop(self, w):
        """§5.6: the result can no longer change."""
        g = self.gtype
        if g == NULL or g == NULL_OUVERT:
            return w == self.declarer
        if self.ann_z:
            return w != self.declarer
        return False

    def _concede_window(self, a):
        if a == CONCEDE:
            self._concede()
        else:
            self.phase = PLAYING
            if self.trick:
                # (b) after the lead: his last moment in the window.
                self.concede_open = False
                self.to_move = (self.leader + 1) % 3
            else:
                self.to_move = self.leader

    def _concede(self, seat=-1, claim=False):
        if self.isko:
            from engine.skat import shorten  # ISkO 4.3
            self.conceded = shorten.end(self, seat, claim)
            self._finish()
            # Its code leaves the device's heap with the deal.
            forget_modules(("engine.skat.shorten", "engine.skat.claim"))
            return
        else:
            self.conceded = True
        self._finish()

    # §4.10, §6 the result

    def declarer_points(self):
        return self.points[self.declarer] + POINTS[self.skat[0]] + POINTS[self.skat[1]]

    def card_points(self):
        tot = list(self.points)
        if self.gtype == RAMSCH:
            if self.winners and len(self.winners) == 10:
                w = self.winners[9]
                tot[w] += POINTS[self.skat[0]] + POINTS[self.skat[1]]
        elif self.declarer >= 0:
            tot[self.declarer] = self.declarer_points()
        return tot

    def _finish(self):
        self.done = True
        self.phase = OVER
        self.to_move = -1
        self.concede_open = False
        self.result = deal_result(self, self.card_points())

    # -- text (and back: engine/skat/actions.py) ---------------------------

    def action_text(self, a):
        if a < ACTION_BASE:
            return card_text(a)
        if BID <= a < BID + len(self.bids):
            return "bid %d" % self.bids[a - BID]
        if TRUMP <= a < TRUMP + 4:
            return "trump " + SUIT_CHARS[a - TRUMP]
        if DISCARD <= a < DISCARD + 32:
            return "discard " + card_text(a - DISCARD)
        if SOLO_A <= a < SOLO_A + 4:
            return "solo " + SUIT_CHARS[a - SOLO_A]
        for code, word in _CODES[4]:
            if code == a:
                return word
        raise ValueError("unknown action %r" % a)

    def parse_action(self, text):
        from engine.skat import actions
        return actions.parse(self, text, _CODES)

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know (brief, legal: see engine.game.State)."""
        return observation(self, seat, brief, legal)

    def clone(self, into=None):
        """An independent copy (into: see engine.game.State)."""
        s = into if into is not None else SkatState(None, None, None)
        for k in _FIELDS:
            setattr(s, k, getattr(self, k))
        s.hands = [list(h) for h in self.hands]
        s.skat = list(self.skat)
        s.passed = list(self.passed)
        s.auction = list(self.auction)
        s.shown = list(self.shown)
        s.dealt = None if self.dealt is None else list(self.dealt)
        s.trick = list(self.trick)
        s.played = list(self.played)
        s.history = list(self.history)
        s.winners = list(self.winners)
        s.points = list(self.points)
        s.tricks = list(self.tricks)
        s.voids = [bytearray(v) for v in self.voids]
        return s


_FIELDS = ("opts", "dealer", "deck", "forehand", "s1", "s2", "bidder",
           "holder", "high", "declarer", "gtype", "trump", "ann_s", "ann_z",
           "second_show", "ouvert", "bids", "seen_s1", "picked", "suits", "power",
           "etrump", "leader", "concede_open", "conceded", "to_move", "phase",
           "done", "result")
_CODES = (BID, TRUMP, DISCARD, SOLO_A, (
    (PASS, "pass"), (HOLD, "hold"), (PLAY, "play"), (TOURNEE_A, "tournee"),
    (GUCKSER_A, "guckser"), (HAND, "hand"), (ACCEPT, "accept"),
    (REJECT, "reject"), (GRAND_T, "grand tournee"), (GRAND_A, "grand"),
    (GRAND_OUVERT_A, "grand ouvert"), (NULL_A, "null"),
    (NULL_OUVERT_A, "null ouvert"), (ANNOUNCE_NONE, "announce nothing"),
    (ANNOUNCE_SCHNEIDER, "announce schneider"),
    (ANNOUNCE_SCHWARZ, "announce schwarz"), (ANNOUNCE_OUVERT, "announce ouvert"),
    (CONCEDE, "concede"), (PLAY_ON, "play on"), (TAKE_SKAT, "take skat"),
    (CLAIM, "claim"),
))  # the action codes and words engine/skat/actions.py reads and writes
