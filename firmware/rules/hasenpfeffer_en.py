# Hasenpfeffer, condensed from docs/rules/hasenpfeffer.md.
TITLE = "HASENPFEFFER RULES"
IN_FORCE = "#Settings in force"
PARAS = (
    "#Aim",
    "Four players in two pairs. Bid how many of the six tricks your pair "
    "will take, name trumps, and take at least that many. The first side "
    "to the match target wins.",
    "#Cards",
    "25 cards: A K Q J 10 9 of each suit and a joker; tricks count, cards "
    "have no points. Trumps: joker, jack of trumps, A, K, Q, 10, 9. Other "
    "suits: A K Q J 10 9. A joker lead is a trump lead.",
    "#Deal",
    "6 cards each by threes; the 25th lies face down, out of play. The deal "
    "passes left.",
    "#Bidding",
    "Each bids 1 to 6, higher than the last bid, or passes. When three have "
    "passed the fourth is the maker and names trumps; the 25th card is then "
    "shown.",
    "#Play",
    "The maker leads; the winner of a trick leads next. Follow suit if you "
    "can (the joker is a trump); no need to beat; void: any card. All six "
    "tricks are played.",
    "#Scoring",
    "A deal scores as the Scoring setting below says (bid only: the maker's "
    "side alone); a score may go below zero.",
)
