# Hasenpfeffer's settings in words (the rules' Decisions 4-14, §10).
TEXTS = (
    ("match_target", "Match", (
        (None, "%s [point|points]", "The first side to %s [point|points] wins the match."),)),
    ("first_bidder", "First bid", (
        ("opposite_dealer", "Dealer's partner", "The dealer's partner opens the bidding."),
        ("left_of_dealer", "Dealer's left", "The player left of the dealer bids first."))),
    ("pass_is_final", "A pass", (
        ("true", "Is final", "Once you pass you are out of the bidding."),
        ("false", "Not final", "You may bid again; three passes in a row end it."))),
    ("all_pass", "All pass", (
        ("joker_forced_3", "Joker bids 3", "If all pass, the joker's holder must play 3."),
        ("redeal", "Redeal", "If all pass, the cards are dealt again."))),
    ("left_bower", "Left bower", (
        ("false", "No", "Only the jack of trumps is promoted."),
        ("true", "Yes", "The other jack of the trump colour is a trump too."))),
    ("scoring", "Scoring", (
        ("seed", "Bid only", "Made: plus the bid. Failed: minus the tricks short."),
        ("classic", "Classic", "Made: + tricks, failed: - bid; defenders 1 a trick."))),
)


def applies(name, opts):
    return True
