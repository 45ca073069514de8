# Sixty-six's settings in words (the rules' Decisions and settings table).
TEXTS = (
    ("variant", "Variant", (
        ("two", "Two players", "24 cards, a stock to draw from; you may close it."),
        ("three", "Three players", "8 cards each, no stock: follow suit from trick 1."),
        ("swabian", "Swabian", "Two players, two packs (48 cards), 8 cards each."))),
    ("match_target", "Match", (
        (None, "%s [point|points]", "The first to %s game [point|points] wins the match."),)),
    ("claim_mode", "Going out", (
        ("auto", "Automatic", "The deal ends once a player has the points to win."),
        ("manual", "By claim", "Claim after a trick or marriage; false claims lose."))),
    ("last_trick_bonus", "Last trick", (
        ("10", "10 points", "The last trick scores 10 more (not after closing)."),
        ("0", "No bonus", "The last trick counts only its cards."))),
    ("schwarz_basis", "Schwarz", (
        ("zero_points", "No points", "3 game points when the loser has 0 points."),
        ("no_tricks", "No tricks", "3 game points only when the loser has no trick."))),
    ("closed_scoring", "Closed deal", (
        ("seed", "Always 3", "Whoever wins a closed deal scores 3 game points."),
        ("pagat", "Graded", "A made close scores as usual; a failed one 2 or 3."))),
    ("marriages_in_phase2", "Late marriages", (
        ("allowed", "Allowed", "Marriages count after the stock is closed or gone."),
        ("forbidden", "Not allowed", "None once the stock is gone (three players: none)."))),
    ("must_head_in_suit", "Head the trick", (
        ("true", "Yes", "Without a stock you must beat the card led if you can."),
        ("false", "No", "Follow suit or trump, but no need to play higher."))),
    ("dealer_rotation", "Next dealer", (
        ("winner_deals", "The winner", "The winner of a deal deals the next one."),
        ("alternate", "Alternate", "The deal passes to the other player every time."))),
    ("no66_two_player", "Played out", (
        ("higher_total", "Higher wins", "All cards played and no one out: the higher total wins."),
        ("void", "No score", "All cards played and no one out: nobody scores."))),
    ("three_player_points", "Winner scores", (
        ("sum", "From both", "Game points won from each loser, added up."),
        ("best_opponent", "From one", "Game points from the loser with more points only."))),
    ("swabian_target", "Deal won at", (
        ("66", "66 points", "66 of the pack's 240 points win a deal."),
        ("101", "101 points", "101 of the pack's 240 points win a deal (Gaigel)."))),
    ("show_running_totals", "Points shown", (
        ("true", "Yes", "The table shows both players' points."),
        ("false", "No", "Keep count in your head, as at a real table."))),
)


def applies(name, opts):
    v = opts.variant
    if name == "swabian_target":
        return v == "swabian"
    if name == "three_player_points":
        return v == "three"
    if name == "no66_two_player":
        # Swabian's 240 points always put someone out, unless he must claim.
        return v == "two" or (v == "swabian" and opts.claim_mode == "manual")
    if name == "show_running_totals":
        # It matters only when a player must claim (the table's status line
        # follows it).
        return opts.claim_mode == "manual" and v != "three"
    if name in ("claim_mode", "closed_scoring", "dealer_rotation"):
        return v != "three"  # three players: no stock to close, auto, the deal passes left
    return True
