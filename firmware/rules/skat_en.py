# Skat, condensed from docs/rules/skat.md; the laws' own rows.
TITLE = "SKAT RULES"
IN_FORCE = "#Settings in force"
# Without a "laws" setting the engine plays the classic laws.
ABSENT = (("laws", "seed"),)
PARAS = (
    "#Aim",
    "Three players. After the bidding the declarer plays alone against two: "
    "in a trump game he needs 61 of 120 points (his tricks and the skat); "
    "in null he must take no trick. A game won is written for him at its "
    "value, a game lost against him.",
    "#Cards",
    "A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing. Suit game: the jacks (clubs, "
    "spades, hearts, diamonds) then A 10 K Q 9 8 7 of trumps. Grand: the "
    "jacks only. Null: no trumps, A K Q J 10 9 8 7.",
    "#Deal",
    "Forehand (left of the dealer, leads), middlehand, rearhand (the "
    "dealer). 10 cards each, 2 to the skat.",
    "#Bidding",
    "Middlehand bids game values to forehand (Yes or Pass), then rearhand "
    "to the one left; the last one in is the declarer.",
    ("laws", "seed", "Bids from 10. All pass: Ramsch. Games: Tournee (turn a "
     "skat card for trumps; the second turned counts double), Guckser (take "
     "the skat, play grand, double), Solo (no skat) and grand, null 20, "
     "null ouvert 40."),
    ("laws", "isko", "Bids from 18. Take the skat and lay away two, or play "
     "hand. Suit games 9 10 11 12, grand 24, null 23 (hand 35, ouvert 46, "
     "both 59); hand games may announce schneider, schwarz, ouvert."),
    "#Play",
    "Forehand leads. Follow suit (a jack is a trump, except in null); else "
    "any card.",
    ("laws", "isko", "At its turn a side may give up: the game ends, lost "
     "simple unless already decided. The declarer of a suit game or grand "
     "may claim the rest with his cards open: if the defenders could still "
     "take a trick, every trick left is theirs, else his."),
    "#Value",
    "Base value x (matadors + 1, +1 schneider (91 points, or 30 or fewer), +1 schwarz, +1 for each "
    "announced). Lost below the bid: the bid's next multiple of the base.",
    ("laws", "seed", "Ramsch: each for himself, jacks trump. Seed score: "
     "the fewest points +10 (+20 without a trick), all tricks -30. German "
     "score: the most points are lost, doubled when a player took no trick; "
     "all tricks +120."),
)
