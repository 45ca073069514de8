# Sixty-six, condensed from docs/rules/sixtysix.md; each variant's own rows.
TITLE = "SIXTY-SIX RULES"
IN_FORCE = "#Settings in force"
PARAS = (
    "#Aim",
    "Be the first to 66 points in a deal, from the cards of your tricks and "
    "marriages. A deal won brings 1 to 3 game points; the first to the "
    "match target wins.",
    "#Cards",
    "A 11, 10 10, K 4, Q 3, J 2, 9 0 (120 in a pack). A marriage (K and Q of "
    "a suit) is 20, in trumps 40, shown as one of them is led; it counts "
    "once you have a trick.",
    ("variant", "two", "#Deal"),
    ("variant", "two", "24 cards, 6 each by threes; the 13th is turned: "
     "trumps, under the stock. The winner of a deal deals next."),
    ("variant", "two", "#Play"),
    ("variant", "two", "While the stock lasts any card may be played; after "
     "each trick the winner draws first. Stock gone or closed: follow suit "
     "and head the trick if you can, else trump."),
    ("variant", "two", "Before leading you may swap the trump 9 for the "
     "turned card (with a trick won), close the stock, or show a marriage."),
    ("variant", "two", "#Scoring"),
    ("variant", "two", "Loser 33 or more: 1 game point; 1 to 32: 2; none: 3. "
     "A closed deal scores as the Closed deal setting below says. Last "
     "trick +10 when played out."),
    ("variant", "three", "#Three players"),
    ("variant", "three", "8 cards each (3-2-3); the dealer's last card is "
     "turned for trumps and stays his. No stock: from trick 1 follow suit "
     "and head the trick, else trump (and overtrump), else any card."),
    ("variant", "three", "#Scoring"),
    ("variant", "three", "The first to 66 wins the deal: 1, 2 or 3 game "
     "points by each loser's points (33+, 1-32, none). No one at 66: no "
     "score. Last trick +10; the deal passes left."),
    ("variant", "swabian", "#Swabian"),
    ("variant", "swabian", "Two players, two packs (48 cards), 8 each by "
     "fours; the 17th is turned for trumps. Tricks 1-16 draw, 17-24 are "
     "strict. Of two equal cards the first played wins. Each K and Q goes "
     "into one marriage only; either trump 9 may be swapped."),
    ("variant", "swabian", "#Scoring"),
    ("variant", "swabian", "As with two players: 33 or more 1 game point, "
     "1 to 32: 2, none: 3; the last trick +10."),
)
