# Skat: the common German Ramsch score, as xskat plays it (the setting
# ramsch_score = german, under both laws; spec shared/rules/skat.md §10.5
# names it beside the seed's §6.4).  Loaded only when that Ramsch is scored.


def most_loses(totals, tricks_won):
    """The common German Ramsch, as xskat scores it (setting ramsch_score =
    german): the player with the most card points (the skat going with the
    last trick) loses that many; two tied for the most both lose them, a
    three-way tie scores nothing; doubled when a player took no trick; a
    player who took every trick wins 120 instead (Durchmarsch)."""
    out = [0, 0, 0]
    for p in range(3):
        if tricks_won[p] == 10:
            out[p] = 120
            return out, "all ten tricks to one player: he wins"
    high = max(totals)
    losers = [p for p in range(3) if totals[p] == high]
    if len(losers) == 3:
        return out, "three-way tie: nobody scores"
    v = high
    why = "most points lose them"
    if 0 in tricks_won:
        v *= 2
        why += ", doubled: a player without a trick"
    for p in losers:
        out[p] = -v
    return out, why


def result(state, tot):
    """(score changes, their reason, the head line): every seat that scores
    in the head ("ramsch P2 -57", "ramsch P2 -120 P3 -120")."""
    from engine.game import seat_name
    deltas, why = most_loses(tot, state.tricks)
    head = "ramsch"
    for p in range(3):
        if deltas[p]:
            head += " %s %+d" % (seat_name(p), deltas[p])
    if head == "ramsch":
        head += " 0"
    return deltas, why, head
