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
from engine.rng import Rng

# Work units per decision, per game or "game variant":
#   play      a card play at the normal level;
#   contract  any other decision at the normal level (bids, taking, naming
#             trump, discards, declarations, closing, claims);
#   extend    how far such a decision may go on while some action leads
#             the heuristic's (see choose);
#   open_from at the normal level, a card play from a hand of at least this
#             many cards is left to the heuristic (0: never);
#   judge_from the fewest worlds from which the search may overrule the
#             heuristic (at any level): in the two-hand Sixty-six games and
#             in Deberts' first card plays two worlds proved a bad judge
#             (docs/ai.md);
#   hard      every decision at the hard level.
# Each game's normal level is sized so that 95% of its decisions take at
# most about 9 ms on desktop MicroPython in the slower bench runs (the
# target is 10 ms, about 2 s on an RP2040; docs/benchmarks.md).  In the
# Jack-Nine games the contract decides most of a deal, and the heuristic's
# first card plays are hard to improve on with a handful of worlds: in
# duplicate matches against the heuristic (docs/ai.md) a bigger budget for
# the auction gained about ten points and searching the first half of the
# card play gained nothing, so those plays are the heuristic's and their
# time goes to the auction.  Deberts is the exception: once an overrule
# needs three worlds, searching its first card plays gains five points.
# Skat under the ISkO laws ("skat isko", the laws' row) gains about twelve
# points from a bigger auction and choice of game (docs/ai.md).
BUDGETS = (
    # game             play contract extend open_from judge_from hard
    ("sixtysix",         160, 160, 160, 0, 3, 1200),
    ("sixtysix three",   220, 220, 220, 0, 2, 1200),
    ("sixtysix swabian", 150, 150, 150, 0, 3, 1200),
    ("schnapsen",        150, 150, 150, 0, 3, 1200),
    ("klaberjass",       155, 220, 450, 5, 2, 1200),
    ("belote",           185, 300, 600, 5, 2, 1200),
    ("deberts",          140, 200, 380, 0, 3, 1200),
    ("hasenpfeffer",     235, 235, 235, 0, 2, 1200),
    ("skat",             175, 175, 175, 0, 2, 1200),
    ("skat isko",        140, 200, 300, 0, 2, 1200),
)
MIN_WORLDS = 2     # never judge from fewer samples (unless the deadline hits)
DEFAULT_BUDGET = (145, 145, 145, 0, MIN_WORLDS, 1200)
MAX_WORLDS = 48
MAX_CANDIDATES = 8  # long action lists (a ladder of bids) are thinned out

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
    """(play, contract, extend, open_from, judge_from) at `level` in game
    `name` (and its `variant`, where that has its own figures): see BUDGETS."""
    found = DEFAULT_BUDGET
    named = name + " " + variant if variant is not None else None
    for row in BUDGETS:
        if row[0] == name or row[0] == named:
            found = row[1:]
    if level == "hard":
        return found[5], found[5], found[5], 0, found[4]
    return found[:5]


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
        else:
            (self.budget, self.contract, self.extend, self.open_from,
             self.judge_from) = plan_for(game.NAME, level)
        self.fixed_budget = budget is not None
        self.margin = KEEP_MARGIN if margin is None else margin
        # Only where the state has its own `infer`: a new attribute on the
        # other games' states would grow every rollout state's table.
        self.quiet = getattr(game, "QUIET_ROLLOUTS", False)
        mod = __import__("engine." + game.HEURISTIC, None, None, ["Player"])
        self.policy = mod.Player
        self.fallback = mod.Player(game, seed)
        self.pols = None  # the rollouts' players, one per seat, during a decision
        # What the last decision saw, for tests and the bench.
        self.last_values = None
        self.last_worlds = 0
        self.last_work = 0

    def choose(self, obs, worlds=None):
        legal = obs.legal
        self.last_values = None
        self.last_worlds = 0
        self.last_work = 0
        hint = self.fallback.choose(obs)
        if len(legal) == 1 or worlds is None:
            # Nothing to weigh, or a caller without worlds: the heuristic.
            return hint
        if not self.fixed_budget and worlds.options is not None:
            # A variant's row, or Skat's laws' ("skat isko"; "skat seed" has none).
            (self.budget, self.contract, self.extend, self.open_from,
             self.judge_from) = plan_for(self.game.NAME, self.level,
                                         getattr(worlds.options, "variant", None)
                                         or getattr(worlds.options, "laws", None))
        budget = reach = self.budget
        if not card_play(obs):
            budget = self.contract
            reach = self.extend
        elif self.open_from and len(obs.hand) >= self.open_from:
            return hint
        cands = candidates(legal, hint)
        me = side_of(self.game, worlds.options, obs.seat) if worlds.options is not None else obs.seat
        k = len(cands)
        totals = [0] * k
        vals = [0] * k  # this world's values
        dsum = [0] * k  # per world: value less the heuristic's, and its square
        qsum = [0] * k
        active = bytearray(b"\x01" * k)
        left = k
        work = 0
        n = 0
        t0 = ticks_us()
        cap = budget + budget // 4
        reach += reach // 4
        scratch = None
        world = None
        while n < MAX_WORLDS and left > 1:
            world = worlds.sample(self.rng, world)
            seed = self.rng.next30()
            i = 0
            while i < k:  # (k may shrink during the first world)
                if active[i]:
                    # One state serves every rollout of the decision.
                    s = scratch = world.clone(scratch)
                    if self.quiet:
                        s.infer = False  # rollouts are never determinized (State.infer)
                    s.apply(cands[i])
                    v, w = self.rollout(s, seed, me, worlds)
                    totals[i] += v
                    vals[i] = v
                    work += w + 1
                    if n == 0 and i == 0:
                        # The heuristic's action (first) shows what a
                        # rollout costs here: keep only as many actions as
                        # MIN_WORLDS worlds of them fit in the budget.
                        fit = cap // ((w + 1) * self.min_worlds)
                        if fit < 2:
                            fit = 2
                        if fit < k:
                            cands = candidates(legal, hint, fit)
                            k = len(cands)
                            totals = totals[:1] + [0] * (k - 1)
                            vals = vals[:1] + [0] * (k - 1)
                            dsum = [0] * k
                            qsum = [0] * k
                            active = bytearray(b"\x01" * k)
                            left = k
                i += 1
            n += 1
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
            if self.prune and n >= self.prune_from:
                # Drop an action significantly worse than the heuristic's
                # (never the heuristic's own): later worlds go to contenders.
                zz = 4 * self.z * self.z
                for i in range(1, k):
                    if active[i]:
                        m = dsum[i] // n
                        if m < 0 and beyond(m, qsum[i] // n, n, zz):
                            active[i] = 0
                            left -= 1
            # Another world would cost about what one has cost so far: start
            # it only if it should end within a quarter over the budget.
            # A contract decision goes on, up to its extended budget, while
            # some action leads the heuristic's.  Whether the lead is sure is
            # judged once, at the end: stopping as soon as it looked sure
            # would overrule the heuristic too often (measured).
            if n >= self.min_worlds and work + work // n > cap and (
                    work + work // n > reach or not self.leads(k, active, dsum, qsum, n)):
                break
            if self.deadline_us is not None and \
                    ticks_diff(ticks_us(), t0) >= self.deadline_us:
                break
        self.pols = None
        self.last_values = totals
        self.last_worlds = n
        self.last_work = work
        # Best total; on a tie the heuristic's own choice, then legal order.
        best = -1
        h = -1
        for i in range(k):
            if not active[i]:
                continue
            if cands[i] == hint:
                h = i
            if best < 0 or totals[i] > totals[best] or (
                    totals[i] == totals[best] and cands[i] == hint):
                best = i
        if h >= 0 and best != h:
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

    def leads(self, k, active, dsum, qsum, n):
        """Some action's values exceed the heuristic's action's over the
        worlds so far by more than the margin and by half a standard error
        of the per-world differences (see choose): a lead worth more worlds."""
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
        # tables are shared): reseeding them costs less than making new ones.
        # Made at a decision's first rollout and dropped at its end: between
        # decisions (the other players' turns) they would only hold heap.
        pols = self.pols
        if pols is None:
            pols = self.pols = [self.policy(self.game, 1) for i in range(s.nplayers)]
        for i in range(s.nplayers):
            pols[i].rng.seed(seed + 7 * i)
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
