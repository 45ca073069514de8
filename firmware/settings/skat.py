# Skat's settings in words (the rules' D21 and Appendix A, the ISkO laws).
TEXTS = (
    ("rounds", "Match", (
        (None, "%s rounds", "Each player deals %s times; three deals a round."),)),
    ("laws", "Laws", (
        ("seed", "Classic", "The old American laws: Tournee, Guckser, Solo."),
        ("isko", "Official", "Today's International Skat Order, bids from 18."))),
    ("isko_all_pass", "All pass", (
        ("throw_in", "Thrown in", "If all pass, the next dealer deals."),
        ("ramsch", "Ramsch", "If all pass, Ramsch is played (a house rule)."))),
    ("isko_score", "Scores", (
        ("plain", "Plain", "Won: + the value. Lost: minus twice the value."),
        ("seeger_fabian", "Seeger-Fabian", "Tournament score: +50 won, -50 lost, +40 others lost."))),
)


def applies(name, opts):
    if name.startswith("isko_"):
        return getattr(opts, "laws", "seed") == "isko"
    return True
