# Belote's settings in words (the rules' BL-D1, BL-D8, §9).
TEXTS = (
    ("match_target", "Match", (
        (None, "%s [point|points]", "The first pair to %s [point|points] wins the match."),)),
    ("announcements", "Announcements", (
        ("off", "Off", "Only belote-rebelote scores besides the tricks."),
        ("on", "On", "Sequences and four of a kind in hand score too."))),
    ("direction", "Direction", (
        ("clockwise", "Clockwise", "Cosmetic: the rules are the same."),
        ("counter-clockwise", "Anticlockwise", "Cosmetic: the rules are the same."))),
)


def applies(name, opts):
    # The direction changes no rule, and the table always turns one way.
    return name != "direction"
