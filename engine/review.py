# "Could I have won?": a finished deal replayed from the match's log and
# judged play by play (firmware/review.py shows it).
#
# At each card play of one seat (any decision of its where a card may be
# played, so closing or a marriage beside the cards are judged too) the
# position before the play is solved with every card known, the real deal
# (engine/solver.py, the endgame solver of the AI): the exact value of the
# action played, of the AI's choice for that seat and of the best action.
# The value is the deal's score: the game points of the seat's side less the
# best other side's, nothing else (no card points as a tie-break: a play
# that changes no score costs nothing, and coarse values let alpha-beta cut
# far more).  Bids, declarations and other decisions without a card are
# shown, not judged.
#
# The AI's choice is the normal level's (engine/ai.py) given the seat's
# observation only, what the player saw.  A solve early in a deal is a big
# tree, so each judgement has a node limit (and on the device a clock):
# past it the play is "not solved", honestly, rather than guessed.
#
# Loaded only for a review (firmware/review.py) and forgotten after it; the
# rules never import it.
from engine.game import ACTION_BASE, side_of
from engine.match import Match
from engine.savegame import END_OF_DEAL
from engine.solver import Solver, Aborted

ESCAPE = 254  # engine.savegame's: an action of 254 or more in two bytes
DECIDED = 1000  # a deal that decides the match by itself (a Deberts claim)

# What judge() returns, first item
FORCED = 0    # one legal action: nothing to judge
SOLVED = 1    # (SOLVED, best value, played value, best action, AI action, AI value)
UNSOLVED = 2  # (UNSOLVED, AI action): the limit came first
SHOWN = 3     # not a card play (bids, declarations): shown only
EARLY = 4     # (EARLY, AI action): more cards left than a solve may take on
NO_ROOM = 5   # (NO_ROOM,): the heap ran out (firmware/review.py): not judged

# A solve keeps one state per ply of its deepest line (engine/solver.py), and
# a tree of more cards than this is past any node limit the device can wait
# for (measured: docs/ai.md, "The review of a deal"): it is not started.
MOST_CARDS = 12


def actions(data, i):
    """The action of the log at byte i and the byte after it."""
    b = data[i]
    if b == ESCAPE:
        return (data[i + 1] << 8) | data[i + 2], i + 3
    return b, i + 1


def last_deal(game, options, seed, data):
    """(match, start, acts): the match replayed from its seed up to the start
    of the last finished deal in log `data` (engine/savegame.py's bytes), the
    state at that start and the deal's actions."""
    m = Match(game, options, seed)
    ends = []
    i = 0
    while i < len(data):
        if data[i] == END_OF_DEAL:
            ends.append(i)
            i += 1
        else:
            i = actions(data, i)[1]
    if not ends:
        raise ValueError("no finished deal in the log")
    last = ends[-2] + 1 if len(ends) > 1 else 0
    i = 0
    st = m.new_deal()
    while i < last:
        if data[i] == END_OF_DEAL:
            m.finish_deal(st)
            st = m.new_deal()
            i += 1
            continue
        a, i = actions(data, i)
        st._apply(a)  # (the log was played by the rules)
    acts = []
    while i < ends[-1]:
        a, i = actions(data, i)
        acts.append(a)
    return m, st, acts


def left(s):
    """The cards still to be played: in the hands, and in a stock."""
    n = 0
    for h in s.hands:
        n += len(h)
    stock = getattr(s, "stock", None)
    return n + (len(stock) if stock else 0)


def score(sides, d, me):
    """value(finished state): the deal's score for side `me` (the module's
    head); d: the declarer whose score against the best of the others'
    decides, or -1."""
    def value(s):
        r = s.result
        if r.match_winner >= 0:
            return DECIDED if sides[r.match_winner] == me else -DECIDED
        p = r.points
        top = d if d >= 0 else me
        mine = p[top]
        other = None
        for x in range(len(p)):
            if x != top and (other is None or p[x] > other):
                other = p[x]
        v = mine - (other or 0)
        return -v if d >= 0 and me != 0 else v
    return value


class Judge(Solver):
    """The solver with the deal's sides: Skat's declarer against the two
    defenders together (the match's sides are the seats there)."""

    def maxing(self, s):
        return self.sides[s.to_move] == self.me


def of_log(game, options, seed, data, seat=0, guard=False):
    """The Review of the last finished deal of the match in log `data`."""
    m, start, acts = last_deal(game, options, seed, data)
    return Review(game, options, m, start, acts, seat, guard)


class Review:
    def __init__(self, game, options, match, start, acts, seat=0, guard=False):
        """The deal from state `start` on through `acts` (match: as it was
        when the deal began), judged for `seat`; guard: the AI's
        suggestions keep to the device's clock (engine.ai.guard_deadline)."""
        self.game = game
        self.options = options
        self.seat = seat
        self.guard = guard
        self.match, self.start, self.acts = match, start, acts
        self.seed = match.seed
        self.before = 0  # 1: the first page is what came before the first card
        self.pages, self.movers = self._pages()
        self.verdicts = {}  # action index -> judge()'s answer
        self.player = None
        self.pols = None

    def _pages(self):
        """[(first, end)] action ranges: what comes before the first card
        (the auction, if any), then one page per trick (with what is said
        between tricks); and each action's seat."""
        s = self.start.clone()
        pages = []
        movers = bytearray(len(self.acts))
        first = 0
        for i in range(len(self.acts)):
            a = self.acts[i]
            movers[i] = s.to_move
            n = len(s.played)
            if not s.trick and a < ACTION_BASE and a in s.hands[s.to_move] and i > first:
                # A card opens a trick: the actions before it are a page
                # of their own if no trick came before (the auction).
                if not pages:
                    pages.append((first, i))
                    self.before = 1
                    first = i
            s._apply(a)
            if (not s.trick and len(s.played) > n) or s.done:
                pages.append((first, i + 1))
                first = i + 1
        if first < len(self.acts):
            pages.append((first, len(self.acts)))
        return pages, movers

    def state_at(self, i, into=None):
        """The state before action i of the deal."""
        s = self.start.clone(into)
        for k in range(i):
            s._apply(self.acts[k])
        return s

    def judged(self, page):
        """The action indices of `page` that are the seat's decisions."""
        first, end = self.pages[page]
        return [i for i in range(first, end) if self.movers[i] == self.seat]

    def sides(self, s):
        """(each seat's side in this deal, the declarer or -1): the match's
        sides, but in a game of single seats with a declarer (Skat) the
        declarer (side 0) against the other two together (side 1)."""
        g, o = self.game, self.options
        n = s.nplayers
        d = getattr(s, "declarer", None)
        if type(d) is int and d >= 0 and n > 2 and g.sides(o) == n:
            return bytearray([0 if x == d else 1 for x in range(n)]), d
        return bytearray([side_of(g, o, x) for x in range(n)]), -1

    def solver(self, s, limit, ticks):
        sides, d = self.sides(s)
        me = sides[self.seat]
        if self.pols is None:
            from engine import games
            pol = games.part(self.game.NAME, "heuristic").Player
            self.pols = [pol(self.game, 1) for x in range(s.nplayers)]
        pols = self.pols

        def order(t, legal):
            # The heuristic's action first, as the AI's endgames do.
            return pols[t.to_move].choose(t.observation(t.to_move, True, legal))
        sv = Judge(self.game, self.options, me, score(sides, d, me), order)
        sv.sides = sides
        sv.limit = limit
        sv.ticks = ticks
        return sv

    kind = "ai"  # the player that suggests (engine.players.make_player)

    def suggest(self, s):
        """The suggesting player's action for the seat, from its observation."""
        if self.player is None:
            from engine.players import make_player
            self.player = make_player(self.kind, self.game, (self.seed * 7 + 5) & 0x3FFFFFF, self.guard)
        from engine.players import decide
        return decide(self.player, s.clone(), self.match)

    def judge(self, i, limit=20000, ticks=None):
        """Action i (a decision of the seat) judged: FORCED, SHOWN,
        (SOLVED, best value, played value, best action, AI action, AI
        value) or (UNSOLVED, AI action).  limit: the solves' nodes in all;
        ticks: a callable, True when time is up (checked every 64 nodes)."""
        s = self.state_at(i)
        legal = s.legal()
        hand = s.hands[s.to_move]
        cards = False
        for a in legal:
            if a < ACTION_BASE and a in hand:
                cards = True
        if not cards:
            v = (SHOWN,)
        elif len(legal) == 1:
            v = (FORCED,)
        elif left(s) > MOST_CARDS:
            v = (EARLY, self.suggest(s))
        else:
            v = self._solve(s, self.acts[i], legal, self.suggest(s), limit, ticks)
        self.verdicts[i] = v
        return v

    def _solve(self, s, a, legal, ai, limit, ticks):
        sv = self.solver(s, limit, ticks)
        c = None
        try:
            c = s.clone(c)
            c._apply(a)
            played = best = sv.solve(c)
            best_a = a
            ai_v = played
            if ai != a:
                c = s.clone(c)
                c._apply(ai)
                ai_v = sv.solve(c)
                if ai_v > best:
                    best, best_a = ai_v, ai
            for b in legal:
                if b != a and b != ai:
                    c = s.clone(c)
                    c._apply(b)
                    # Against the best so far: a lesser value is only a bound.
                    v = sv.solve(c, best)
                    if v > best:
                        best, best_a = v, b
        except Aborted:
            return (UNSOLVED, ai)
        finally:
            self.nodes = sv.nodes
        return (SOLVED, best, played, best_a, ai, ai_v)
