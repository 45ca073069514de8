# The game interface every rule set implements (modelled on OpenSpiel's split
# of game and state, sized for a microcontroller).
#
# A game module exposes:
#   NAME, TITLE               its id ("sixtysix") and display name
#   SETTINGS                  ((name, (value, ...)), ...): the first value is the default
#   players(options)          number of seats
#   sides(options)            number of scoring sides (seats, or partnerships)
#   new_pack(options)         the unshuffled pack
#   new_state(match, dealer, deck)  a deal from a shuffled deck
#   settle(match, state)      book a finished deal into the match
#
# A deal state (a State subclass) exposes to_move, phase, done, result, and
# legal(), apply(a), observation(seat), clone(), action_text(a),
# parse_action(text); the AI deals the unseen cards with the determinize()
# of the game's worlds module (engine/<game>/worlds.py), never of the rules.
# Actions are small ints: a card play is the card's code (< 96); every other
# action is >= 100.

from engine.compat import is_digits

ACTION_BASE = 100


class IllegalAction(ValueError):
    pass


class Options:
    """Validated settings of one game: attribute access, text round trip."""

    def __init__(self, settings, overrides=None):
        self._settings = settings
        for name, values in settings:
            setattr(self, name, values[0])
        if overrides:
            for k in overrides:
                self.set(k, overrides[k])

    def set(self, name, value):
        for n, values in self._settings:
            if n == name:
                for v in values:
                    if v == value or str(v) == str(value):
                        setattr(self, name, v)
                        return
                raise ValueError("setting %s: %r is not one of %s" % (
                    name, value, ", ".join([str(v) for v in values])))
        raise ValueError("unknown setting %r (known: %s)" % (
            name, ", ".join([n for n, _ in self._settings])))

    def get(self, name):
        return getattr(self, name)

    def items(self):
        return [(n, getattr(self, n)) for n, _ in self._settings]

    def changed(self):
        """The settings that differ from their defaults, in table order."""
        return [(n, getattr(self, n)) for n, values in self._settings
                if getattr(self, n) != values[0]]

    def text(self):
        return " ".join(["%s=%s" % (n, v) for n, v in self.changed()])


def parse_options(settings, words):
    """['claim_mode=manual', ...] -> Options; raises ValueError on bad input."""
    o = Options(settings)
    for w in words:
        if "=" not in w:
            raise ValueError("option %r is not name=value" % w)
        k, v = w.split("=", 1)
        o.set(k.strip(), v.strip())
    return o


class Observation:
    """What one seat may know.  Games fill in attributes: seat, legal (only
    for the seat to move) and the common fields below, and their own."""

    # The fields a table may read in every game, with their value where a
    # game has no such thing.  Class attributes: an observation pays only
    # for the fields its game sets.
    phase = ""
    to_move = -1
    dealer = -1
    leader = -1            # who led the trick on the table
    trump = -1             # the trump suit, -1 none (yet)
    hand = ()
    trick = ()             # the cards on the table, in play order
    played = None          # the cards of finished tricks
    info = ()              # (label, text) pairs: the deal's public facts
    turnup = -1            # the card turned up (trump card, retourne), -1 none
    turnup_face_up = True
    stock = None           # cards left to draw; None: the game has no stock
    closed = False         # the stock closed (Sixty-six)
    hand_sizes = None      # cards in each seat's hand, where the game tells

    def __init__(self, seat):
        self.seat = seat
        self.legal = []


class State:
    """Common behaviour of a deal state; subclasses supply the rules."""

    nplayers = 2
    to_move = 0
    phase = ""
    done = False
    result = None
    # What a play shows about the player's hand (a void, no higher trump)
    # is recorded for determinize() only.  A state that will never be
    # determinized (the AI's rollout copies) may set this False to skip it,
    # in the games whose players never read it (Belote, Deberts and
    # Sixty-six, whose modules say QUIET_ROLLOUTS; each sets it in __init__,
    # so that a rollout state's attribute table does not grow); clone()
    # copies it.
    infer = True

    def legal(self):
        raise NotImplementedError

    def _apply(self, a):
        raise NotImplementedError

    def observation(self, seat, brief=False, legal=None):
        """What `seat` may know, as an Observation.  brief: only what the
        game's players read (its *_heuristic module), sharing the state's
        lists: for the AI's rollouts, which read it once and let it go
        (tests/test_ai.py checks that the players choose alike from both);
        a game may fill in one reused object (brief_observation).
        legal: the actions of the seat to move, when the caller has them."""
        raise NotImplementedError

    _brief = None  # the Observation that brief observations fill in

    def brief_observation(self, seat):
        """The Observation object for a brief observation of this state: one
        per state, filled in anew each time, since making a new object and
        its attribute table costs more than filling it in (the rollouts
        observe on nearly every action).  A brief observation is therefore
        only valid until the state's next one; the rollouts' players read
        it and let it go."""
        o = self._brief
        if o is None:
            o = self._brief = Observation(seat)
        o.seat = seat
        return o

    def share_brief(self, other):
        """Fill in `other`'s brief-observation object from now on instead of
        one of this state's own: engine.solver's states, one per ply, are
        observed one at a time, and an object each would cost the Pico a
        block per ply of the search."""
        self._brief = other.brief_observation(other.to_move)

    def observe(self, o, seat, brief, legal, sort_hand=True):
        """Fill in the fields every game's observation has: phase, the
        seat's hand (sorted), legal, the trick on the table, its leader and
        the cards played; and for a full observation to_move and dealer.
        Returns o for the game to add its own."""
        o.phase = self.phase
        h = self.hands[seat]
        o.hand = sorted(h) if sort_hand else h if brief else list(h)
        o.legal = legal if legal is not None else self.legal() if seat == self.to_move else []
        o.trick = self.trick if brief else list(self.trick)
        o.leader = self.leader
        o.played = self.played if brief else list(self.played)
        if not brief:
            o.to_move = self.to_move
            o.dealer = self.dealer
        return o

    def clone(self, into=None):
        """An independent copy; `into`: a state of this game to overwrite
        instead of making a new one (the AI's rollouts reuse one: a new
        state's attribute table is the largest block they would allocate)."""
        raise NotImplementedError

    def hidden(self, seat):
        """How many cards `seat` cannot place (the others' hands and a stock,
        less what was shown), or None where the game does not say.  0: every
        sample of the game's determinize() is the true deal, which engine.ai then
        solves once (Sixty-six once the stock is gone)."""
        return None

    def hands_final(self):
        """True when no card comes into a hand any more before the deal
        ends (no stock left to draw from): the rest of the deal is a tree
        over the hands that engine.solver may search.  A game with a stock
        says otherwise (Sixty-six before the stock is closed or gone)."""
        return True

    def score_key(self):
        """For engine.solver's transposition table: what the rest of the
        deal depends on besides the hands, the trick and the seat to move
        (points taken, tricks won, declarations), as a sequence of small
        ints; None where a position is not to be stored.  Two positions of
        one deal with equal hands, trick, seat to move and score_key must
        have the same future.  The default stores nothing."""
        return None

    def apply(self, a):
        """Apply one action; an illegal one raises IllegalAction and leaves
        the state untouched (legality is checked before anything changes)."""
        if self.done:
            raise IllegalAction("the deal is over; no action is possible")
        legal = self.legal()
        if a not in legal:
            raise IllegalAction("%s may not %s now (%s); legal: %s" % (
                seat_name(self.to_move), self.describe(a), self.phase,
                ", ".join([self.action_text(x) for x in legal])))
        self._apply(a)

    def describe(self, a):
        try:
            t = self.action_text(a)
        except Exception:
            return "take action %r" % (a,)
        return "play %s" % t if a < ACTION_BASE else "'%s'" % t

    def apply_text(self, text):
        self.apply(self.parse_action(text))

    def legal_text(self):
        return [self.action_text(a) for a in self.legal()]


# The match targets of the games whose rules allow any target score
# (Klaberjass, Deberts): every multiple of 50 from 100 to 5000, the steps a
# device menu offers.
TARGET_MIN = 100
TARGET_MAX = 5000
TARGET_STEP = 50


def match_targets(default, more=()):
    """The values of a `match_target` setting: the game's default first (the
    default of a setting is its first value), then the multiples of 50 from
    100 to 5000 in order, with `more` (targets offered before, which saved
    matches and records may hold) in their places.  Built in one list of
    its final size: a module's import should leave no scraps on the heap."""
    out = [default] * ((TARGET_MAX - TARGET_MIN) // TARGET_STEP + 2 + len(more))
    i = 1
    v = TARGET_MIN
    for extra in sorted(more) + [TARGET_MAX + 1]:
        while v <= TARGET_MAX and v < extra:
            if v != default:
                out[i] = v
                i += 1
            v += TARGET_STEP
        if extra <= TARGET_MAX and extra != default and extra != v - TARGET_STEP:
            out[i] = extra
            i += 1
    return tuple(out[:i])


def fixed_table(settings, nplayers, nsides, pack):
    """The interface functions of a game whose table does not depend on its
    settings: (default_options, players, sides, new_pack), from its settings
    table, its numbers of players and sides, and its pack function."""
    def default_options():
        return Options(settings)

    def players(options):
        return nplayers

    def sides(options):
        return nsides

    def new_pack(options):
        return pack()
    return default_options, players, sides, new_pack


def seat_name(seat):
    return "P%d" % (seat + 1)


def side_names(game, options):
    """Names of the scoring sides: the game's own (e.g. 'NS', 'EW' for
    partnerships) or P1, P2, ..."""
    f = getattr(game, "side_names", None)
    if f is not None:
        return f(options)
    return [seat_name(i) for i in range(game.sides(options))]


def side_of(game, options, seat):
    """The scoring side a seat belongs to: the game's own mapping (e.g.
    partnerships: seat % 2) or the seat itself."""
    f = getattr(game, "side_of", None)
    if f is not None:
        return f(options, seat)
    return seat


def parse_seat(text, n):
    t = text.strip().upper()
    if len(t) >= 2 and t[0] == "P" and is_digits(t[1:]):
        s = int(t[1:]) - 1
        if 0 <= s < n:
            return s
    raise ValueError("not a seat: %r (P1..P%d)" % (text, n))


class DealResult:
    """How a deal ended: the side that won it (-1: drawn or void), the game
    points each side scores, each seat's final total, and a reason."""

    def __init__(self, nsides, totals, winner=-1, points=None, reason="",
                 void=False, names=None):
        self.names = names  # side names; default P1, P2, ...
        self.winner = winner
        self.points = points if points is not None else [0] * nsides
        self.totals = totals
        self.reason = reason
        self.void = void
        # The side that wins the whole match by this deal alone, whatever the
        # scores (Deberts' claim, DB-D17), else -1.
        self.match_winner = -1

    def text(self):
        name = self.names or [seat_name(i) for i in range(len(self.totals))]
        tot = ", ".join(["%s %d" % (name[i], t) for i, t in enumerate(self.totals)])
        if self.winner < 0:
            head = "void" if self.void else "draw"
        else:
            head = "%s +%d" % (name[self.winner], self.points[self.winner])
        if self.reason:
            return "%s (totals %s; %s)" % (head, tot, self.reason)
        return "%s (totals %s)" % (head, tot)
