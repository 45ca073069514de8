# Computer players.  A player sees only what its seat may know: it is given
# observation(seat), whose .legal lists the actions it may choose from.
# A searching player (`searches = True`, engine.ai) also gets a Worlds: a way
# to sample deals consistent with that observation, never the deal itself.
from engine import games
from engine.rng import Rng


class RandomPlayer:
    """Plays a uniformly random legal action: the weakest baseline."""

    name = "random"

    def __init__(self, game, seed=1):
        self.rng = Rng(seed)

    def choose(self, obs):
        return obs.legal[self.rng.below(len(obs.legal))]


class Worlds:
    """Samples of the current deal as `seat` may imagine it: the unseen cards
    dealt anew by the game's determinize(), consistently with what the seat
    knows.  It also carries the public match context (settings, scores).
    A player must use only sample() and hidden(); tests/test_ai_fair.py checks that the
    samples, and so the decisions, do not depend on where the hidden cards
    really are."""

    # Read the calls (bids, takes, the game chosen) as evidence about the
    # hands (engine.determinize, "Inference"); a player whose `inference`
    # is False does not (for measuring what it buys).
    inference = True

    def __init__(self, state, seat, options=None, scores=None):
        self._state = state
        self.seat = seat
        self.options = options
        self.scores = scores
        self._deal = None  # the game's worlds.determinize, found at the first sample

    def hidden(self):
        """How many cards the seat cannot place (State.hidden): 0 when every
        sample is the true deal; None where the game does not say."""
        return self._state.hidden(self.seat)

    def sample(self, rng, into=None):
        """A deal as the seat may imagine it; `into`: an earlier sample to
        overwrite instead of making a new state."""
        if self._deal is None:
            from engine.determinize import sampler
            self._deal = sampler(self._state)
        return self._deal(self._state, self.seat, rng, into, self.inference)


def decide(player, state, match=None):
    """The action `player` chooses for the seat to move in `state`."""
    seat = state.to_move
    obs = state.observation(seat)
    if getattr(player, "searches", False):
        opts = match.options if match is not None else getattr(state, "opts", None)
        scores = list(match.scores) if match is not None else None
        w = Worlds(state, seat, opts, scores)
        if not getattr(player, "inference", True):
            w.inference = False
        return player.choose(obs, w)
    return player.choose(obs)


KINDS = ("random", "heuristic", "ai", "ai-easy", "ai-normal", "ai-hard")


def make_player(kind, game, seed=1, guard=False):
    """'random', 'heuristic' (the game's rule-based baseline), or the
    search-based AI: 'ai' (= 'ai-normal'), 'ai-easy' (the heuristic),
    'ai-hard'; for measurement, a tuned AI ('ai@N:...', 'ai:attr=V':
    engine/tuning.py).  guard: the device's wall-clock guard on a search
    (engine.ai.guard_deadline; off for tests, records and benches, whose
    play must not depend on the machine's speed)."""
    if "@" in kind or ":" in kind:
        # A tuned search player (measurement only: engine/tuning.py).
        from engine.tuning import tuned_player
        return tuned_player(kind, game, seed)
    if kind == "random":
        # A game whose uniformly random auction would never end a match
        # (every contract overbid and failed) supplies its own random baseline.
        return getattr(games.part(game.NAME, "heuristic"), "RandomPlayer", RandomPlayer)(game, seed)
    if kind == "heuristic" or kind == "ai-easy":
        mod = games.part(game.NAME, "heuristic")
        return mod.Player(game, seed)
    if kind == "ai" or kind == "ai-normal" or kind == "ai-hard":
        from engine.ai import AIPlayer, guard_deadline
        if getattr(game, "LEARNED_ORDER", False):
            from engine.policy import OrderedAI as AIPlayer
        p = AIPlayer(game, seed, "hard" if kind == "ai-hard" else "normal")
        return guard_deadline(p) if guard else p
    raise ValueError("unknown player kind %r (%s)" % (kind, ", ".join(KINDS)))
