# Klaberjass, condensed from docs/rules/klaberjass.md.
TITLE = "KLABERJASS RULES"
IN_FORCE = "#Settings in force"
PARAS = (
    "#Aim",
    "Two players, 32 cards. The maker (who named trumps) must score more than "
    "the other. First to the match target wins.",
    "#Cards",
    "Trumps: jass (J) 20, menel (9) 14, A 11, 10 10, K 4, Q 3, 8, 7. Other "
    "suits: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing. Last trick +10.",
    "#Deal",
    "6 cards each by threes; the 13th card is turned: it proposes trumps. "
    "The deal passes in turn.",
    "#Bidding",
    "Round 1 (the turned suit): Pass, Take, or Schmeiss (offer a new deal: "
    "accepted, the cards are thrown in; refused, you are maker). Round 2: name "
    "another suit or pass; two passes: a new deal. Then 3 more cards each (9).",
    "#Declarations",
    "Dix: with the turned suit trumps, the trump 7 may be swapped for the "
    "turned card. Runs in A K Q J 10 9 8 7: 3 cards 20, 4 or more 50; only "
    "the best run scores (50 over 20, then the higher top, trumps, the "
    "non-dealer), with all its owner's runs. Bella: trump K+Q, 20, said as "
    "the queen is played.",
    "#Play",
    "9 tricks, the non-dealer leads. Follow suit; else trump; else any card. "
    "On a trump lead you must beat it if you can.",
    "#Scoring",
    "Total = cards + last trick + runs + bella. Maker higher: both write "
    "their totals. Equal: maker 0. Lower: maker 0, the other as set below.",
)
