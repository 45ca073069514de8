# Deberts's settings in words (the rules' Decisions DB-D1 to DB-D17, §9).
TEXTS = (
    ("match_target", "Match", (
        (None, "%s [point|points]", "First to %s [point|points] wins; it may be claimed early."),)),
    ("overtrump_with_highest", "Trump led", (
        ("off", "Any higher", "On a trump lead any higher trump will do."),
        ("on", "Highest", "On a trump lead you must beat it with your highest."))),
    ("baid_deduct_tricks", "Baid", (
        ("off", "Maker 0", "A maker who fails writes 0."),
        ("on", "Minus tricks", "A maker who fails writes minus his trick points."))),
    ("seven_exchange", "Trump 7 swap", (
        ("on", "Allowed", "The trump 7 may be swapped for the turned card."),
        ("off", "Not allowed", "The turned card cannot be taken."))),
    ("seven_exchange_who", "Who swaps", (
        ("either", "Either", "Either player holding the trump 7 may swap."),
        ("maker_only", "Maker only", "Only the maker may swap the trump 7."))),
    ("low_terz_query", "Ask on a 7 terz", (
        ("off", "No", "No question before the swap."),
        ("on", "Yes", "With a trump terz holding the 7, ask first if it wins."))),
    ("bella_on_second_card", "Bella late", (
        ("off", "No", "Bella is said with the first of the trump K and Q."),
        ("on", "Yes", "Bella may be said with the second card too."))),
    ("bella_with_card", "Bella with", (
        ("lead", "Your lead", "Bella in play only with a card you lead."),
        ("lead_or_follow", "Lead or follow", "Bella in play with a card you lead or follow."))),
    ("bella_announce", "Bella", (
        ("auto", "Automatic", "Bella is announced for you at the first chance."),
        ("prompt", "You say it", "You announce bella; forget it and it is lost."))),
    ("long_run_split", "Long runs", (
        ("on", "Split", "Runs of 7 or 8 cards make two combinations."),
        ("off", "One berz", "A run of 4 or more is one berz, its top 4 cards."))),
    ("partiya_claim_guard", "Match claim", (
        ("off", "At your risk", "A wrong claim of the match loses it."),
        ("on", "Checked", "The claim is offered only when it wins."))),
    ("first_move_lot", "First move", (
        ("random", "Random", "Chance decides who moves first."),
        ("colour_call", "Colour call", "Call red or black; the turned card decides."))),
)


def applies(name, opts):
    if name == "seven_exchange_who" or name == "low_terz_query":
        return opts.seven_exchange == "on"
    return True
