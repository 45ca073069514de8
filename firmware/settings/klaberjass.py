# Klaberjass's settings in words (the rules' Decisions K-D7, K-D11, K-D14, §9).
TEXTS = (
    ("match_target", "Match", (
        (None, "%s [point|points]", "First to %s [point|points] wins; both over: the higher."),)),
    ("bete_mode", "Maker fails", (
        ("double_own", "Double", "A failed maker's opponent writes twice his total."),
        ("both_totals", "Both totals", "A failed maker's opponent writes both totals."))),
    ("schmeiss_enabled", "Schmeiss", (
        ("on", "Allowed", "Round 1: offer a redeal; if refused, you are maker."),
        ("off", "Not allowed", "Round 1 is take or pass only."))),
    ("reveal_bottom_card", "Bottom card", (
        ("on", "Shown", "The stock's bottom card is shown after the deal."),
        ("off", "Hidden", "The stock's bottom card stays hidden."))),
    ("dealer_dix_delay", "Dealer's dix", (
        ("on", "Till trick 1", "The dealer may swap the trump 7 until trick 1 ends."),
        ("off", "Before lead", "The dealer swaps the trump 7 before the first lead."))),
    ("bella_announce", "Bella", (
        ("auto", "Automatic", "Trump K and Q score 20 as the queen is played."),
        ("prompt", "You say it", "You choose to say bella as you play the trump Q."))),
)


def applies(name, opts):
    return True
