# Schnapsen, the Austrian two-hander (docs/rules/schnapsen.md): Sixty-six on
# 20 cards (A T K Q J), played by the same code as engine/sixtysix/rules.py with
# the variant "schnapsen".  Only the settings and the game id differ here.
from engine.sixtysix import rules as sixtysix
from engine.cards import pack20
from engine.game import fixed_table

NAME = "schnapsen"
TITLE = "Schnapsen"
# Rollout states may skip the voids' bookkeeping (engine.game.State.infer),
# as Sixty-six's do: the same state class.
QUIET_ROLLOUTS = True

SETTINGS = (
    ("variant", ("schnapsen",)),
    ("match_target", (7,)),  # a "Bummerl" is 7 game points
    ("claim_mode", ("auto", "manual")),
    ("schwarz_basis", ("no_tricks", "zero_points")),
    ("marriages_in_phase2", ("allowed", "forbidden")),
    # on: the PyPI `schnapsen` platform's rules, to play against its bots
    ("platform_compat", ("off", "on")),
)

SixtySix = sixtysix.SixtySix
settle = sixtysix.settle
new_state = sixtysix.new_state


default_options, players, sides, new_pack = fixed_table(SETTINGS, 2, 2, pack20)
