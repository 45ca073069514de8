# Belote, condensed from docs/rules/belote.md.
TITLE = "BELOTE RULES"
IN_FORCE = "#Settings in force"
PARAS = (
    "#Aim",
    "Four players in two pairs, 32 cards. The taker names trumps; his pair "
    "must score more than the defenders. The first pair to the match "
    "target wins.",
    "#Cards",
    "Trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3, 8, 7. Other suits: A 11, "
    "10 10, K 4, Q 3, J 2, 9 8 7 nothing. Last trick (dix de der) +10: 162 "
    "a deal.",
    "#Deal and bidding",
    "3 then 2 cards each; the next is turned. Round 1: take (the turned suit "
    "is trumps) or pass. Round 2: take naming another suit, or pass; four "
    "passes: a new deal. Then 3 more each, the taker the turned card and 2: "
    "8 each.",
    "#Declarations",
    "Belote-rebelote: trump K and Q in one hand, 20, always kept. With "
    "announcements on: terz 20, quart 50, quint 100, four jacks 200, four "
    "nines 150, four A, 10, K or Q 100; only the pair with the best scores "
    "all of theirs.",
    "#Play",
    "8 tricks. Follow suit; on a trump lead play a higher trump if you can. "
    "Void: partner winning, any card; else trump (overtrump if you can); no "
    "trump, any card.",
    "#Scoring",
    "Made (taker's pair higher): each pair writes its total. Dedans (lower): "
    "the taker's pair only its belote, the defenders 162 + all "
    "declarations. Litige (equal): the taker's points wait for the next "
    "deal. Capot (all 8 tricks): 252.",
)
