# Skat's settings in words (the rules' D21 and Appendix A, the ISkO laws).
TEXTS = (
    ("rounds", "Match", (
        (None, "%s [round|rounds]", "Each player deals %s [time|times]; three deals a round."),)),
    ("laws", "Laws", (
        ("seed", "Classic", "The old American laws: Tournee, Guckser, Solo."),
        ("isko", "Official", "Today's International Skat Order, bids from 18."))),
    ("isko_all_pass", "All pass", (
        ("throw_in", "Thrown in", "If all pass, the next dealer deals."),
        ("ramsch", "Ramsch", "If all pass, Ramsch is played (a house rule)."))),
    ("isko_score", "Scores", (
        ("plain", "Plain", "Won: + the value. Lost: minus twice the value."),
        ("seeger_fabian", "Seeger-Fabian", "Tournament score: +50 won, -50 lost, +40 others lost."))),
    ("ramsch_score", "Ramsch score", (
        ("seed", "Lowest wins", "Fewest points +10, no trick +20; all tricks -30."),
        ("german", "Most loses", "Most points: minus them, x2 if one has no trick."))),
)


def applies(name, opts):
    if name.startswith("isko_"):
        return getattr(opts, "laws", "seed") == "isko"
    if name == "ramsch_score":
        # Ramsch is played when all pass: always under the seed laws, by the
        # house rule under the ISkO.
        return getattr(opts, "laws", "seed") != "isko" or opts.isko_all_pass == "ramsch"
    return True
