# Deberts, condensed from docs/rules/deberts.md.
TITLE = "DEBERTS RULES"
IN_FORCE = "#Settings in force"
PARAS = (
    "#Aim",
    "Two players, 32 cards. The maker (who chose trumps) must score more "
    "than the other in the deal. First to the match target wins.",
    "#Cards",
    "Trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3, 8, 7. Other suits: A 11, "
    "10 10, K 4, Q 3, J 2, 9 8 7 nothing. Last trick +10.",
    "#Deal",
    "6 cards each, by threes; the next card is turned under the stock (the "
    "proposed trump). The winner of a deal deals next; the dealer declares "
    "and leads first, the other bids first.",
    "#Bidding",
    "Round 1: play the turned suit or pass. Round 2: name another suit or "
    "pass; both pass: a new deal. Then 3 more cards each (9); the stock's "
    "bottom card is shown.",
    "#Declarations",
    "Before his first card a player may swap the trump 7 for the turned card. "
    "Terz (3 in a row) 20, berz (4 in a row) 50; order 7 8 9 10 J Q K A. "
    "Only the best (berz over terz, then the higher top card, then trumps) "
    "scores, all of its owner's. Bella (trump K+Q) is always 20.",
    "#Play",
    "9 tricks. Follow suit; else any trump; else any card. On a trump lead "
    "you must beat it if you can.",
    "#Scoring",
    "Total = cards + last trick + won runs + bella. Maker higher: both write "
    "their totals. Maker lower (baid): he writes 0, the other both totals. "
    "Equal (hang): the maker's total waits for the next deal won.",
    "Between tricks a player may say \"Partiya\" (match): with a trick taken and "
    "the target reached counting this deal so far he wins, else he loses.",
)
