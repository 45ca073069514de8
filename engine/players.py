# Computer players.  A player sees only what its seat may know: it is given
# observation(seat), whose .legal lists the actions it may choose from.
from engine.rng import Rng


class RandomPlayer:
    """Plays a uniformly random legal action: the weakest baseline."""

    name = "random"

    def __init__(self, game, seed=1):
        self.rng = Rng(seed)

    def choose(self, obs):
        return obs.legal[self.rng.below(len(obs.legal))]


def make_player(kind, game, seed=1):
    """'random' or 'heuristic' (the game's rule-based baseline)."""
    if kind == "random":
        # A game whose uniformly random auction would never end a match
        # (every contract overbid and failed) supplies its own random baseline.
        return getattr(game, "RandomPlayer", RandomPlayer)(game, seed)
    if kind == "heuristic":
        mod = __import__("engine." + game.HEURISTIC, None, None, ["Player"])
        return mod.Player(game, seed)
    raise ValueError("unknown player kind %r (random, heuristic)" % kind)
