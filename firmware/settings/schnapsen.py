# Schnapsen's settings in words (docs/rules/schnapsen.md).
TEXTS = (
    ("variant", "Variant", (
        ("schnapsen", "Schnapsen", "20 cards, A to J: the Austrian game."),)),
    ("match_target", "Match", (
        (None, "%s [point|points]", "The first to %s game [point|points] wins the Bummerl."),)),
    ("claim_mode", "Going out", (
        ("auto", "Automatic", "The deal ends the moment a player has 66."),
        ("manual", "By claim", "Claim 66 after a trick or marriage; false claims lose."))),
    ("schwarz_basis", "Schwarz", (
        ("no_tricks", "No tricks", "3 game points when the loser has no trick."),
        ("zero_points", "No points", "3 game points when the loser has 0 points."))),
    ("marriages_in_phase2", "Late marriages", (
        ("allowed", "Allowed", "Marriages count after the talon is closed or gone."),
        ("forbidden", "Not allowed", "No marriage once the talon is closed or gone."))),
    ("platform_compat", "Platform rules", (
        ("off", "Off", "The Schnapsen rules of this table."),
        ("on", "On", "The PyPI schnapsen platform's rules (its bots)."))),
)


def applies(name, opts):
    # The variant has one value; the platform's rules are for desktop
    # matches against its bots (docs/rules/schnapsen.md), not a way to play.
    return name != "variant" and name != "platform_compat"
