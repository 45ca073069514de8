# The search-based computer player of every game (DESIGN.md, "AI").
#
# Determinized rollouts ("perfect-information Monte Carlo"): for each of a
# few sampled worlds (the unseen cards dealt anew, consistently with what the
# seat knows: engine.players.Worlds), every candidate action is applied to a
# copy of the world and the deal is played out by the game's heuristic
# policy for every seat; the action with the best total over the worlds wins.
# Every decision a game gives a player (bids, taking, trump, discards,
# declarations, closing, claims) is a legal action like a card play, so the
# same loop makes them all.
#
# The budget is counted in work units, one per action applied in a rollout,
# so a seed gives the same choice on every machine and runtime; an optional
# deadline (microseconds) can cut a search short on a slow device.
from engine.compat import ticks_us, ticks_diff
from engine.game import side_of
from engine import games
from engine.rng import Rng
# engine.solver is imported by the first endgame solved (AIPlayer.endgame): most
# games never solve, and the module's code would stay in every one's heap.
Aborted = None  # engine.solver.Aborted, once imported

# Per level: the p95 and the longest decision on the Pico, in ms of the
# device's own clock, as `make bench-pico` measures them on the emulated
# Pico (MicroPython's rp2 firmware, the app itself: host_sim/bench_pico.py).
# The budgets below are checked there, not scaled from desktop times
# (docs/ai.md, "How the budgets were chosen").
LATENCY_MS = (("normal", 1200, 2000), ("hard", 3000, 5000))
# On the device a wall-clock guard (AIPlayer.deadline_us, set by
# guard_deadline) stops a search at this share of the level's longest
# decision, in sixteenths: a slower board than the one measured, or a
# decision past the plan, still answers within the max (why 15: docs/ai.md,
# "How the budgets were chosen").
GUARD_16THS = 15


def latency_ms(level):
    """(p95, max) of `level`'s decisions on the Pico, in ms."""
    for row in LATENCY_MS:
        if row[0] == level:
            return row[1], row[2]
    return LATENCY_MS[0][1], LATENCY_MS[0][2]


def guard_deadline(player):
    """Give a search player the device's wall-clock guard (firmware/table.py):
    its level's longest decision less a margin.  Tests and benches leave it
    off, so that play stays deterministic in work units."""
    if getattr(player, "searches", False):
        player.deadline_us = latency_ms(player.level)[1] * 1000 * GUARD_16THS // 16
    return player


# Work units per decision, per game or "game variant":
#   play       a card play at the normal level;
#   contract   any other decision at the normal level (bids, taking, naming
#              trump, discards, declarations, closing, claims);
#   extend     how far such a decision may go on while some action leads
#              the heuristic's (see AIPlayer.enough);
#   open_from  at the normal level, a card play from a hand of at least this
#              many cards is left to the heuristic (0: never);
#   judge_from the fewest worlds from which the search may overrule the
#              heuristic (at any level);
#   solve_from a card play with at most this many cards left in all the
#              hands (and none to come: State.hands_final) solves each
#              world exactly (engine/solver.py) instead of rolling it out
#              (0: never);
#   known_from a card play the seat knows entirely (Worlds.hidden() == 0)
#              with at most this many cards held is solved once, each action
#              after the first only against the best so far (an alpha-beta
#              window); at least solve_from;
#   hard       every decision at the hard level.
# How each figure was measured and what else was tried: docs/ai.md, "How the
# budgets were chosen".
BUDGETS = (
    # game             play contract extend open_from judge_from solve_from known_from hard
    ("sixtysix",         290, 290, 290, 0, 3, 7, 7, 700),
    ("sixtysix three",   450, 450, 450, 0, 2, 0, 0, 700),
    ("sixtysix swabian", 225, 225, 225, 0, 3, 0, 0, 560),
    ("schnapsen",        240, 240, 240, 0, 3, 7, 9, 600),
    ("klaberjass",       320, 330, 480, 0, 2, 0, 0, 800),
    ("belote",           280, 450, 900, 5, 2, 0, 0, 700),
    ("deberts",          280, 290, 560, 0, 3, 0, 0, 650),
    ("hasenpfeffer",     340, 340, 340, 0, 2, 0, 0, 780),
    ("skat",             225, 225, 450, 0, 2, 0, 0, 550),
    ("skat isko",        140, 200, 300, 0, 2, 0, 0, 450),
)
MIN_WORLDS = 2     # never judge from fewer samples (unless the deadline hits)
DEFAULT_BUDGET = (200, 200, 200, 0, MIN_WORLDS, 0, 0, 500)
MAX_WORLDS = 48
MAX_CANDIDATES = 8  # long action lists (a ladder of bids) are thinned out
SOLVE_NODES = 12  # a decision's solves stop at this many times its reach in nodes

# The heuristic's own choice is kept unless another action beats it by more
# than this (value units / 16, per world) and by more than one standard
# error of its per-world differences (a few samples are noisy; the heuristic
# is sound).  The differences are clamped so their squares stay small ints.
KEEP_MARGIN = 0
CONFIDENCE_Z = 2
DIFF_CLAMP = 2047

# A finished deal is worth its game-point margin, then (tie-break) its
# card-point margin, clamped below one game point.
GP_SCALE = 128
TIE_CLAMP = 127
# Match context: a deal that decides the match is worth this many game
# points more (or less); game points past the target are worth nothing.
MATCH_BONUS = 4
# A deal that decides the match by itself, whatever the scores (a Deberts
# claim, right or wrong), outweighs any margin.
MATCH_DECIDED = 1 << 20


def plan_for(name, level, variant=None):
    """(play, contract, extend, open_from, judge_from, solve_from,
    known_from) at
    `level` in game `name` (and its `variant`, where that has its own
    figures): see BUDGETS."""
    found = DEFAULT_BUDGET
    named = name + " " + variant if variant is not None else None
    for row in BUDGETS:
        if row[0] == name or row[0] == named:
            found = row[1:]
    if level == "hard":
        return found[7], found[7], found[7], 0, found[4], found[5], found[6]
    return found[:7]


def beyond(m, q, n, zz):
    """The mean m of n per-world differences (q: the mean of their squares)
    is more than Z standard errors from zero, zz = 4 * Z * Z (in quarters,
    so that Z = 1/2 stays an int).  m > Z * stderr, with stderr^2 =
    (q - m*m) / (n - 1), <=> m*m*(4(n - 1) + zz) > zz*q; the caller asks for
    the sign of m."""
    return m * m * (4 * (n - 1) + zz) > zz * q


def card_play(obs):
    """True when a card of the hand may be played (perhaps also something
    else: closing, a claim, an announcement with the card); False for a
    decision of bids, trump, declarations or claims alone."""
    hand = obs.hand
    for a in obs.legal:
        if a in hand:
            return True
    return False


class AIPlayer:
    searches = True  # engine.players.decide hands it a Worlds
    # Search settings (tests and tuning set them per player).  Class
    # attributes, so that they cost a player's attribute table nothing:
    # Skat's three AI players are at the edge of a 96 KB heap.
    deadline_us = None  # optional wall-clock cap per decision
    # Optional: called with no argument after each rollout (the device's
    # table redraws its thinking sign during a long search).  It must not
    # touch the search; the choice never depends on it.
    progress = None
    last_solved = False  # the last decision's worlds were solved (engine/solver.py)
    prune = True
    z = CONFIDENCE_Z
    min_worlds = MIN_WORLDS
    prune_from = 2  # worlds searched before pruning starts

    def __init__(self, game, seed=1, level="normal", budget=None, margin=None):
        self.game = game
        self.name = "ai-" + level
        self.level = level
        self.rng = Rng(seed)
        # An explicit budget is kept; otherwise it follows the variant
        # being played (known at the first decision, from the Worlds).
        if budget is not None:
            self.budget, self.contract, self.extend, self.open_from = budget, budget, budget, 0
            self.judge_from = MIN_WORLDS
            self.solve_from = self.known_from = 0
        else:
            (self.budget, self.contract, self.extend, self.open_from,
             self.judge_from, self.solve_from, self.known_from) = plan_for(game.NAME, level)
        self.fixed_budget = budget is not None
        self.margin = KEEP_MARGIN if margin is None else margin
        # Only where the state has its own `infer`: a new attribute on the
        # other games' states would grow every rollout state's table.
        self.quiet = getattr(game, "QUIET_ROLLOUTS", False)
        mod = games.part(game.NAME, "heuristic")
        self.policy = mod.Player
        self.fallback = mod.Player(game, seed)
        self.pols = None  # the rollouts' players, one per seat, during a decision
        # What the last decision saw, for tests and the bench.
        self.last_values = None
        self.last_worlds = 0
        self.last_work = 0

    # The loop over a world's candidates stays in choose, not in a method of
    # its own: one frame more under every solve cost 1-3 KB more heap for the
    # Schnapsen deal of tests/test_app_micropython.py, already at the limit.
    def choose(self, obs, worlds=None):
        """The heuristic's choice, unless a search over sampled worlds finds
        a surely better action within the budget (the module's head)."""
        hint = self.fallback.choose(obs)
        # A game may keep actions out of the search (Skat's ISkO claims and
        # concessions): its heuristic alone takes them.
        legal = getattr(obs, "searched", None) or obs.legal
        plan = self.prepare(obs, worlds) if hint in legal else None
        if plan is None:
            return hint
        cap, reach, me = plan
        cands = candidates(legal, hint)
        k = left = len(cands)
        totals = [0] * k
        vals, dsum, qsum = [0] * k, [0] * k, [0] * k  # (see weigh)
        active = bytearray(b"\x01" * k)
        work = n = same = alpha = 0
        t0 = ticks_us()
        scratch = world = solver = first = None  # first: the first solved world's hands and values
        solvable = (self.solve_from or self.known_from) and card_play(obs)
        known = False  # every sample is the true deal: rank the actions, one solve
        while n < MAX_WORLDS and left > 1:
            world = worlds.sample(self.rng, world)
            seed = self.rng.next30()
            if n == 0 and solvable and world.hands_final():
                solver, known = self.endgame(world, me, worlds, t0, reach)
            if solver is not None and first is not None:
                same = same_deal(world, first, k, vals, totals, same)
            i = 0
            while i < k and same <= 0:  # (k may shrink during the first world)
                if active[i]:
                    s = scratch = world.clone(scratch)  # one state for every rollout
                    if self.quiet:
                        s.infer = False  # rollouts are never determinized (State.infer)
                    s.apply(cands[i])
                    if solver is not None:
                        w = solver.nodes
                        try:
                            # A known deal needs only the best action: each
                            # one after the first is solved against the best
                            # so far (a lesser one's value is a bound).
                            v = solver.solve(s, alpha) if known and i else solver.solve(s)
                            if i == 0 or v > alpha:
                                alpha = v
                        except Aborted:  # out of nodes or time: the world is dropped
                            work += solver.nodes - w
                            for j in range(i):
                                if active[j]:
                                    totals[j] -= vals[j]
                            break
                        w = solver.nodes - w
                    else:
                        v, w = self.rollout(s, seed, me, worlds)
                    if self.progress is not None:
                        self.progress()
                    totals[i] += v
                    vals[i] = v
                    work += w + 1
                    if n == 0 and i == 0 and solver is None:
                        k = left = self.fit(legal, cap, w + 1, cands, totals, vals)
                i += 1
            if i < k and same <= 0:
                if n > 0 or solver is None:
                    break  # (the deadline, in a later world)
                # The first world did not solve within bounds: roll out.
                solver = None
                solvable = known = False
                continue
            if solver is not None and first is None:
                first = ([list(h) for h in world.hands], list(vals))
            n += 1
            left -= self.weigh(k, n, vals, active, dsum, qsum)
            if self.enough(n, same, work, cap, reach, k, active, dsum, qsum, t0):
                break
        self.pols = None
        self.last_solved = solver is not None
        self.last_values = totals
        self.last_worlds = n
        self.last_work = work
        return self.pick(cands, hint, active, totals, dsum, qsum, n, same)

    def prepare(self, obs, worlds):
        """The decision's set-up: (cap, reach, me), its budget in work units
        a quarter over the plan's (reach: while some action leads the
        heuristic's) and the side it plays for; None where the heuristic
        decides alone."""
        self.last_values = None
        self.last_worlds = 0
        self.last_work = 0
        if len(obs.legal) == 1 or worlds is None:
            # Nothing to weigh, or a caller without worlds: the heuristic.
            return None
        if not self.fixed_budget and worlds.options is not None:
            # A variant's row, or Skat's laws' ("skat isko"; "skat seed" has none).
            self.plan(getattr(worlds.options, "variant", None)
                      or getattr(worlds.options, "laws", None))
        budget = reach = self.budget
        if not card_play(obs):
            budget = self.contract
            reach = self.extend
        elif self.open_from and len(obs.hand) >= self.open_from:
            return None
        me = side_of(self.game, worlds.options, obs.seat) if worlds.options is not None else obs.seat
        return budget + budget // 4, reach + reach // 4, me

    def fit(self, legal, cap, cost, cands, totals, vals):
        """The heuristic's action (first) shows what a rollout costs here:
        keep only as many actions as MIN_WORLDS worlds of them fit in the
        budget (thinned out in place); returns how many.  (A solved endgame
        has few actions, each needed.)"""
        fit = cap // (cost * self.min_worlds)
        if fit < 2:
            fit = 2
        k = len(cands)
        if fit < k:
            cands[:] = candidates(legal, cands[0], fit)
            k = len(cands)
            # Only the first has a value yet; the arrays not cut short here
            # (dsum, qsum, active) are read only as far as k.
            del totals[k:]
            del vals[k:]
            for j in range(1, k):
                totals[j] = 0
                vals[j] = 0
        return k

    def weigh(self, k, n, vals, active, dsum, qsum):
        """After the n-th world (vals: its values): add up each action's
        difference from the heuristic's action and its square (dsum, qsum),
        and (pruning) drop the actions significantly worse than it; returns
        how many were dropped."""
        if active[0]:
            for i in range(1, k):
                if active[i]:
                    d = (vals[i] - vals[0]) >> 4
                    if d > DIFF_CLAMP:
                        d = DIFF_CLAMP
                    elif d < -DIFF_CLAMP:
                        d = -DIFF_CLAMP
                    dsum[i] += d
                    qsum[i] += d * d
        dropped = 0
        if self.prune and n >= self.prune_from:
            # Drop an action significantly worse than the heuristic's
            # (never the heuristic's own): later worlds go to contenders.
            zz = 4 * self.z * self.z
            for i in range(1, k):
                if active[i]:
                    m = dsum[i] // n
                    if m < 0 and beyond(m, qsum[i] // n, n, zz):
                        active[i] = 0
                        dropped += 1
        return dropped

    def enough(self, n, same, work, cap, reach, k, active, dsum, qsum, t0):
        """No more worlds after the n-th.  Another world would cost about
        what one has cost so far: start it only if it should end within a
        quarter over the budget.  A contract decision goes on, up to its
        extended budget, while some action leads the heuristic's.  Whether
        the lead is sure is judged once, at the end: stopping as soon as it
        looked sure would overrule the heuristic too often (measured)."""
        if same > 0:
            # Every sample the same deal so far: another costs nothing,
            # and enough of them (judge_from) let it overrule the heuristic.
            return n >= self.judge_from and n >= self.min_worlds
        if n >= self.min_worlds and work + work // n > cap and (
                work + work // n > reach or not self.leads(k, active, dsum, qsum, n)):
            return True
        if self.deadline_us is not None:
            # As with the budget: another world only if it should end
            # before the deadline.
            dt = ticks_diff(ticks_us(), t0)
            if dt + dt // n >= self.deadline_us:
                return True
        return False

    def pick(self, cands, hint, active, totals, dsum, qsum, n, same):
        """The best total; on a tie the heuristic's own choice, then legal
        order.  The heuristic's choice stands unless the best beat it surely."""
        best = -1
        h = -1
        for i in range(len(cands)):
            if not active[i]:
                continue
            if cands[i] == hint:
                h = i
            if best < 0 or totals[i] > totals[best] or (
                    totals[i] == totals[best] and cands[i] == hint):
                best = i
        if h >= 0 and best != h and same <= 0:
            # (A known deal solved exactly needs no judging: its best is best.)
            if n < self.judge_from:
                # Too few worlds to tell a sure gain from luck (two worlds
                # that agree give no spread at all): docs/ai.md.
                return hint
            # Leave the heuristic only for an action that beat it by more
            # than Z standard errors of the per-world differences; a few
            # noisy worlds must not overrule it.
            m = dsum[best] // n
            if m <= self.margin or not beyond(m, qsum[best] // n, n, 4 * self.z * self.z):
                return hint
        return cands[best]

    def plan(self, variant):
        """The level's budgets for the variant being played (BUDGETS)."""
        (self.budget, self.contract, self.extend, self.open_from,
         self.judge_from, self.solve_from, self.known_from) = plan_for(
             self.game.NAME, self.level, variant)

    def endgame(self, world, me, worlds, t0, reach):
        """At the first world of a card play with the hands final: (solver,
        known) where few enough cards are left, or where the seat knows them
        all (known), else (None, False).  The solver (engine/solver.py)
        values worlds as rollouts are (deal_value), tries the heuristic's
        action first at every node, stops at SOLVE_NODES times the budget's
        reach in nodes, and checks the wall-clock guard within a world too."""
        held = cards_held(world)
        known = held <= self.known_from and worlds.hidden() == 0
        if not known and held > self.solve_from:
            return None, False
        game = self.game
        options = worlds.options
        scores = worlds.scores
        if self.pols is None:
            self.pols = [self.policy(game, 1) for i in range(world.nplayers)]
        pols = self.pols

        def value(s):
            return deal_value(game, options, s.result, me, scores)

        def order(s, legal):
            return pols[s.to_move].choose(s.observation(s.to_move, True, legal))
        global Aborted
        from engine.solver import Solver, Aborted as out_of_bounds
        Aborted = out_of_bounds
        sv = Solver(game, options, me, value, order)
        sv.limit = reach * SOLVE_NODES
        if self.deadline_us is not None:
            limit = self.deadline_us

            def late():
                return ticks_diff(ticks_us(), t0) >= limit
            sv.ticks = late
        return sv, known

    def leads(self, k, active, dsum, qsum, n):
        """Some action's values exceed the heuristic's action's over the
        worlds so far by more than the margin and by half a standard error
        of the per-world differences (see enough): a lead worth more worlds."""
        if not active[0]:
            return False
        for i in range(1, k):
            if active[i]:
                m = dsum[i] // n
                if m > self.margin and beyond(m, qsum[i] // n, n, 1):  # Z = 1/2
                    return True
        return False

    def rollout(self, s, seed, me, worlds):
        """Play the deal out with the heuristic in every seat; returns the
        value for side `me` and the number of actions applied."""
        # The game's players hold nothing but their random stream (the card
        # tables are shared): reseeding them costs less than making new ones,
        # and a player that never draws on it needs none (reseeding was 8%
        # of a three-hand Sixty-six decision); one that does is seeded at its
        # first draw (engine/klaberjass/heuristic.py, draw_below).  Made at a
        # decision's first rollout and dropped at its end: between decisions
        # (the other players' turns) they would only hold heap.
        pols = self.pols
        if pols is None:
            pols = self.pols = [self.policy(self.game, 1) for i in range(s.nplayers)]
        if pols[0].draws:
            for i in range(s.nplayers):
                pols[i].reseed = seed + 7 * i
        w = 0
        while not s.done:
            seat = s.to_move
            # A forced move needs no player (they all play the only action
            # without drawing on their random stream); otherwise the player
            # picks from obs.legal, so the legality check of State.apply
            # would only repeat legal().
            legal = s.legal()
            if len(legal) == 1:
                s._apply(legal[0])
            else:
                s._apply(pols[seat].choose(s.observation(seat, True, legal)))
            w += 1
        return deal_value(self.game, worlds.options, s.result, me, worlds.scores), w


def cards_held(state):
    """The cards in all the hands: how much deal is left to solve."""
    n = 0
    for h in state.hands:
        n += len(h)
    return n


def candidates(legal, hint, limit=MAX_CANDIDATES):
    """The actions worth a search, the heuristic's choice first: all of them,
    or for a long list the heuristic's choice plus an even spread from the
    first to the last (a ladder of bids keeps its ends and some steps
    between)."""
    n = len(legal)
    if n <= limit:
        out = [hint]
        for a in legal:
            if a != hint:
                out.append(a)
        return out
    out = [hint]
    k = limit - 1
    for j in range(k):
        a = legal[(j * (n - 1)) // (k - 1)] if k > 1 else legal[0]
        if a == hint:
            a = legal[n - 1] if k == 1 else a
        if a not in out:
            out.append(a)
    return out



def same_deal(world, first, k, vals, totals, same):
    """A solved decision's next world: the same deal again (its values
    known: added to the totals) counts up `same`; several in a row, the seat
    knows every card (the stock gone).  Another deal ends the counting."""
    if world.hands == first[0]:
        for i in range(k):
            vals[i] = first[1][i]
            totals[i] += vals[i]
        return same + 1
    return -MAX_WORLDS


def deal_value(game, options, r, me, scores=None):
    """A finished deal from side `me`'s view: its game points less the best
    other side's (in a match to a target: counted up to the target, and a
    match won or lost weighs MATCH_BONUS more), times GP_SCALE, plus the
    card-point margin as a tie-break.  A deal that decides the match by
    itself (result.match_winner) is worth +-MATCH_DECIDED."""
    decided = getattr(r, "match_winner", -1)
    if decided >= 0:
        return MATCH_DECIDED if decided == me else -MATCH_DECIDED
    pts = r.points
    target = getattr(options, "match_target", None) if scores is not None else None
    if target is not None and (type(target) is not int or len(scores) != len(pts)):
        target = None
    other = None
    for s in range(len(pts)):
        p = pts[s]
        if target is not None:
            if scores[s] < target <= scores[s] + p:
                p = target - scores[s] + (MATCH_BONUS if p > 0 else 0)
        if s == me:
            mine = p
        elif other is None or p > other:
            other = p
    v = (mine - (other or 0)) * GP_SCALE
    tot = r.totals
    if tot:
        if len(tot) == len(pts):
            mine = tot[me]
            rest = 0
            for s in range(len(tot)):
                if s != me and tot[s] > rest:
                    rest = tot[s]
        else:
            # Totals per seat in a partnership game: add up each side.
            sums = [0] * len(pts)
            for seat in range(len(tot)):
                sums[side_of(game, options, seat) if options is not None else seat] += tot[seat]
            mine = sums[me]
            rest = 0
            for s in range(len(sums)):
                if s != me and sums[s] > rest:
                    rest = sums[s]
        d = mine - rest
        if d > TIE_CLAMP:
            d = TIE_CLAMP
        elif d < -TIE_CLAMP:
            d = -TIE_CLAMP
        v += d
    return v
