# Search players with some settings fixed, for tuning and measurement only
# (host_sim/tournament.py, engine/peer.py; the device never asks for one, so
# engine.players imports this module only when a kind names one):
#   'ai@N[:attr=V...]'   the AI with a budget of N work units for every
#                        decision (and AIPlayer attributes set, e.g. z=3);
#   'ai:attr=V...'       the normal level's own budgets with attributes set
#                        (e.g. ai:solve_from=0; ai:inference=0, the AI that
#                        does not read the calls); 'ai-hard:...' the same at
#                        the hard level.
# The attributes are set again after every plan (AIPlayer.plan sets the
# variant's budgets at a decision), so a budget column can be tuned too.
from engine.ai import AIPlayer


def tuned_class(base):
    """The game's AI class (engine.players.make_player's) with some settings
    fixed, whatever the variant's budgets."""
    class Tuned(base):
        def __init__(self, *args, **kw):
            self.tune = {}
            base.__init__(self, *args, **kw)

        def plan(self, variant):
            base.plan(self, variant)
            for name in self.tune:
                setattr(self, name, self.tune[name])
    return Tuned


def tuned_player(kind, game, seed):
    if "@" in kind:
        k, n = kind.split("@", 1)
        parts = n.split(":")
        budget = int(parts[0])
    else:
        parts = kind.split(":")
        k, budget = parts[0], None
    if k not in ("ai", "ai-hard"):
        raise ValueError("unknown player kind %r" % (kind,))
    base = AIPlayer
    if getattr(game, "LEARNED_ORDER", False):
        from engine.policy import OrderedAI as base
    p = tuned_class(base)(game, seed, "hard" if k == "ai-hard" else "normal", budget=budget)
    for kv in parts[1:]:
        name, v = kv.split("=")
        p.tune[name] = int(v)
        setattr(p, name, int(v))
    return p
