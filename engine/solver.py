# The exact endgame solver of the search AI (engine/ai.py, docs/ai.md).
#
# A sampled world is a deal with every card known, so its rest can be
# solved exactly: alpha-beta minimax over the game interface alone
# (legal / clone / _apply / done / result), valued by engine.ai.deal_value,
# the very value a heuristic rollout's finished deal gets, so that solved and
# rolled-out worlds stay comparable.  The AI's side maximises, every other
# side minimises (in the three-hand game the two opponents are assumed to
# play together: the usual "paranoid" reading, sound for a lower bound).
#
# For the RP2040 (DESIGN.md): no recursion (one explicit stack of states,
# one per ply, overwritten by clone(into=...)); ints below 2**30; a
# transposition table of fixed size (TT_SIZE slots in three arrays, 2.3 KB)
# instead of a growing dict, always replaced on a clash, and made once per
# process: no block asked for in the middle of a decision, on a heap cut up
# by the rollouts' garbage.  256 slots: 1024 cost the whole application
# (tests/test_app_micropython.py, LCD) its last 7 KB of a 192 KB heap and
# saved 5% of the nodes.  Each solve's
# decision marks its entries with a generation of its own, so a new one
# finds the table empty without clearing it (cleared once every GENERATIONS
# decisions), and play does not depend on what was solved before.  Its
# key is a hash of the hands, the trick, the seat to move and what the game
# says the rest depends on besides (State.score_key; a game without one is
# solved without the table).  Every node costs one work unit, as an action of
# a rollout does, and the same seed gives the same nodes on every runtime.
from array import array

from engine.game import side_of

TT_SIZE = 256           # slots (a power of two); 4 + 4 + 1 bytes each
_MASK = 0xFFFFFF        # 24-bit hash halves: h * 37 + x stays below 2**30
EXACT = 1
LOWER = 2               # the value is at least the one stored (a cut-off)
UPPER = 3               # at most
GENERATIONS = 63        # a slot's flag byte: generation (1..63) * 4 + bound
_TABLE = []             # [check array, value array, flag bytearray, generation]


def table():
    """The process's one table, made at its first solve, and a generation
    for a new decision's entries."""
    if not _TABLE:
        # (Filled from a range: no list to build; a slot counts only once
        # its flag carries the current generation.)
        _TABLE.extend([array("i", range(TT_SIZE)), array("i", range(TT_SIZE)),
                       bytearray(TT_SIZE), 0])
    g = _TABLE[3] + 1
    if g > GENERATIONS:
        f = _TABLE[2]
        for i in range(TT_SIZE):
            f[i] = 0
        g = 1
    _TABLE[3] = g
    return _TABLE[0], _TABLE[1], _TABLE[2], g << 2
INF = 1 << 29
MAX_DEPTH = 48          # plies; a solve deeper than this is refused


class Aborted(Exception):
    """The solve ran out of nodes or time (Solver.limit, Solver.deadline)."""


class Solver:
    def __init__(self, game, options, me, value, order=None, tt=True):
        """value(state) -> the finished deal's worth for side `me`;
        order(state, legal) -> the action to try first (the heuristic's),
        or None; tt: use a transposition table where the game keys one."""
        self.game = game
        self.options = options
        self.me = me
        self.value = value
        self.order = order
        self.nodes = 0
        self.limit = INF  # nodes (work units) at most; then Aborted
        self.ticks = None  # a callable: True when time is up (checked every 64 nodes)
        self.pool = []  # one state per ply, reused
        if tt:
            # One Solver per decision: a new generation of the shared table.
            self.tcheck, self.tval, self.tflag, self.gen = table()
        else:
            self.tflag = None
        self.hits = 0

    def maxing(self, s):
        return side_of(self.game, self.options, s.to_move) == self.me

    def key(self, s):
        """(slot, check) of a position, or None where it is not stored."""
        extra = s.score_key()
        if extra is None:
            return None
        h1 = s.to_move + 1
        h2 = h1 * 7
        for hand in s.hands:
            for c in hand:
                h1 = (h1 * 33 + c + 1) & _MASK
                h2 = (h2 * 37 + (c ^ 0x55)) & _MASK
            h1 = (h1 * 33 + 127) & _MASK
            h2 = (h2 * 37 + 113) & _MASK
        for c in s.trick:
            h1 = (h1 * 33 + c + 1) & _MASK
            h2 = (h2 * 37 + (c ^ 0x2A)) & _MASK
        for x in extra:
            h1 = (h1 * 33 + x + 200) & _MASK
            h2 = (h2 * 37 + (x ^ 0x1F3)) & _MASK
        return h1 & (TT_SIZE - 1), (h2 << 6) | (h1 >> 18)

    def moves(self, s):
        legal = s.legal()
        if self.order is not None and len(legal) > 2:
            first = self.order(s, legal)
            if first is not None and legal[0] != first:
                out = [first]
                for a in legal:
                    if a != first:
                        out.append(a)
                return out
        return legal

    def ply(self, d, parent):
        """The pool's state for ply d + 1, made at the first visit that deep
        (a copy of `parent`; later visits overwrite it)."""
        if d + 1 >= MAX_DEPTH:
            raise Aborted()
        pool = self.pool
        while len(pool) <= d + 1:
            pool.append(None)
        c = pool[d + 1] = parent.clone()
        if d:
            c.share_brief(pool[1])
        return c

    # A solve keeps one entry per ply: state, moves, next move, window, best
    # so far, maximising, table key, and the window it was entered with (a0,
    # b0: for the table).  They are set up in solve itself: set up by a method
    # (its frame on the heap below them) they cost the Schnapsen deal of
    # tests/test_app_micropython.py about 1 KB more heap.  A window lets
    # engine.ai rank an action below one already solved (a known deal) for
    # fewer nodes.
    def solve(self, s, alpha=-INF, beta=INF):
        """The exact value of state `s` (not changed) for side me under best
        play by every side; with a window (alpha, beta), a value at most alpha
        only says the true one is no more (at least beta: no less)."""
        if s.done:
            return self.value(s)
        m = self.maxing(s)
        st, mv, idx = [s], [self.moves(s)], [0]
        lo, hi, best = [alpha], [beta], [-INF if m else INF]
        mx, a0, b0 = [m], [alpha], [beta]
        keys = [self.key(s) if self.tflag is not None else None]
        stacks = st, mv, idx, lo, hi, best, mx, keys, a0, b0
        pool = self.pool
        d = 0
        tflag = self.tflag
        gen = self.gen if tflag is not None else 0
        while True:
            if idx[d] < len(mv[d]) and lo[d] < hi[d]:
                a = mv[d][idx[d]]
                idx[d] += 1
                c = pool[d + 1] if d + 1 < len(pool) else None
                if c is None:
                    c = self.ply(d, st[d])
                else:
                    st[d].clone(c)
                c._apply(a)
                self.nodes += 1
                if self.nodes > self.limit or (
                        self.ticks is not None and not self.nodes & 63 and self.ticks()):
                    raise Aborted()
                if c.done:
                    v = self.value(c)
                else:
                    k = self.key(c) if tflag is not None else None
                    v = None
                    if k is not None and tflag[k[0]] & 0xFC == gen and self.tcheck[k[0]] == k[1]:
                        f = tflag[k[0]] & 3
                        t = self.tval[k[0]]
                        if f == EXACT or (f == LOWER and t >= hi[d]) or (f == UPPER and t <= lo[d]):
                            v = t
                            self.hits += 1
                    if v is None:
                        # Descend: the child's window is this node's.
                        d += 1
                        m = self.maxing(c)
                        if d == len(st):
                            for x in stacks:
                                x.append(None)  # (set just below)
                        st[d] = c
                        mv[d] = self.moves(c)
                        idx[d] = 0
                        lo[d] = a0[d] = lo[d - 1]
                        hi[d] = b0[d] = hi[d - 1]
                        best[d] = -INF if m else INF
                        mx[d] = m
                        keys[d] = k
                        continue
            else:
                # Node d is finished: its value goes to its parent.
                v = best[d]
                k = keys[d]
                if k is not None:
                    tflag[k[0]] = gen | (LOWER if v >= b0[d] else UPPER if v <= a0[d] else EXACT)
                    self.tcheck[k[0]] = k[1]
                    self.tval[k[0]] = v
                if d == 0:
                    return v
                d -= 1
            # A child's value (a leaf, a table hit or a finished node): fold
            # it into node d.
            if mx[d]:
                if v > best[d]:
                    best[d] = v
                    if v > lo[d]:
                        lo[d] = v
            elif v < best[d]:
                best[d] = v
                if v < hi[d]:
                    hi[d] = v
