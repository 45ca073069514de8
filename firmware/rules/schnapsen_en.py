# Schnapsen, condensed from docs/rules/schnapsen.md.
TITLE = "SCHNAPSEN RULES"
IN_FORCE = "#Settings in force"
PARAS = (
    "#Aim",
    "Be the first to 66 points in a deal. A deal won brings 1 to 3 game "
    "points; the first to 7 wins the Bummerl (the match).",
    "#Cards",
    "20 cards: A 11, 10 10, K 4, Q 3, J 2 (120 in a pack). Marriage (K and "
    "Q of a suit) 20, in trumps 40; it counts once you have a trick.",
    "#Deal",
    "The deal alternates. 3 cards each, the next turned for trumps, 2 more "
    "each; the other 9 lie across it: the talon of 10.",
    "#Play",
    "The non-dealer leads; the trick's winner draws first and leads. While "
    "the talon is open any card may be played. Talon gone or closed: follow "
    "suit and head the trick if you can, else trump.",
    "Before leading: swap the trump jack for the turned card (2 or more "
    "cards besides it in the talon), show a marriage, or close the talon "
    "(more than 2 cards in it).",
    "#Scoring",
    "The deal ends at 66. Loser 33 or more: 1 game point; less: 2; no trick: "
    "3. Closed: the closer who makes 66 scores by the other's points when he "
    "closed; who fails gives 2 (3 if the other had no trick then). Played "
    "out: the last trick wins the deal; no +10.",
)
