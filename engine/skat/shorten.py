# Skat under the ISkO (laws=isko): shortening the game, ISkO 4.3
# ("Abkuerzung des Spiels"; spec shared/rules/skat.md Appendix A.8, as
# corrected).  Loaded when a game is shortened, and forgotten after the deal
# (engine/skat/rules.py): its code need not stay in the device's heap.
# During the play a side may give up at its turn, and the declarer may lay
# his cards open and claim every remaining trick.
#
# - A side gives up (4.3.3 for the defenders, who are jointly liable; the
#   declarer likewise): the game ends.  By 4.1.3 / 4.1.4, which 4.3.3 applies,
#   a game already decided stays decided, with the card points and tricks as
#   they stand; otherwise the side that gave up loses in the level "simple":
#   no schneider or schwarz is counted against it, except that when the
#   defenders give up, a level the declarer's bid needs is counted while the
#   defenders can still reach it (they have 30 or fewer, no trick).
#   Announced levels are part of the game (A.4) and always count.
# - The declarer claims (4.3.4): he lays his cards open and says he takes
#   every trick left.  In electronic play the engine knows every card, so
#   there is no dispute: if the defenders could take a trick against his open
#   cards, the claim fails and every remaining trick is theirs; otherwise
#   every remaining trick is his.  Claims are made in suit and grand games.
#   The check has a bound (engine/skat/claim.py _STEP_MAX, ~2 s on the Pico,
#   never reached in thousands of first-trick claims): a claim it cannot
#   show to hold within it is treated as one that does not (4.3.4: laying
#   his cards open, the declarer undertakes to take every trick; where that
#   is not so, the rest is the defenders').
# engine/skat/rules.py offers the actions; the exact check of a claim that is
# not plainly sound lives in engine/skat/claim.py, loaded for it alone.
from engine.skat.scoring import NULL, NULL_OUVERT

PLAYED_OUT = 0
DECLARER_GAVE_UP = 1
DEFENDERS_GAVE_UP = 2
CLAIM_HELD = 3
CLAIM_FAILED = 4


def end(state, seat, claim):
    """How the deal ends when `seat` gives up (claim False) or the declarer
    claims (claim True): one of the constants above."""
    if claim:
        if state.trick or state.leader != state.declarer or not masters(
                state.hands, state.declarer, state.suits, state.power, state.etrump):
            # Not plainly his (below): the search, in its own module.
            from engine.skat.claim import takes_rest
            if not takes_rest(state, masters):  # (None, undecided: failed too)
                return CLAIM_FAILED
        return CLAIM_HELD
    return DECLARER_GAVE_UP if seat == state.declarer else DEFENDERS_GAVE_UP


def shortened(state, pts, value_of):
    """The declarer's (card points, tricks) to score a shortened game by:
    pts, his card points so far (skat or discards included).
    value_of(pts, tricks): the game's value were it so."""
    d = state.declarer
    how = state.conceded
    tricks = state.tricks[d]
    done = len(state.history)
    theirs = 0
    for p in range(3):
        if p != d:
            theirs += state.points[p]
    their_tricks = done - tricks
    if how == CLAIM_HELD:
        return 120 - theirs, 10 - their_tricks
    if how == CLAIM_FAILED:
        return pts, tricks
    if state.gtype == NULL or state.gtype == NULL_OUVERT:
        # (a Null is decided only by its declarer's first trick, which ends it)
        return (0, 0) if how == DEFENDERS_GAVE_UP else (0, 1)
    ann_s, ann_z = state.ann_s, state.ann_z
    if theirs >= 60 or (ann_s and theirs > 30):
        return pts, tricks  # 4.1.3: decided for the defenders
    if pts >= 61 and (not ann_s or pts >= 90) and not ann_z \
            and value_of(pts, tricks) >= state.high:
        return pts, tricks  # 4.1.3: decided for the declarer
    if how == DECLARER_GAVE_UP:
        return 60, 1  # lost, simple
    # The defenders gave up: won, simple, unless the announcement or the bid
    # needs more and they can still be held to it (4.1.4; A.6).
    if ann_z:
        return 120, 10  # (a trick of theirs would have ended the game, 5.6)
    p, t = 61, 5
    if (ann_s or value_of(p, t) < state.high) and theirs <= 30:
        p = 90
        if value_of(p, t) < state.high and their_tricks == 0:
            p, t = 120, 10
    return p, t


def masters(hands, d, suits, power, et):
    """The declarer, on lead, surely takes every trick by leading his trumps
    from the top until the defenders have none, then each other suit from
    the top.  Each lead of a suit makes a defender holding it play one, so a
    card of his is sure when no defender holds a higher card of its suit or
    the cards above it in his hand draw all of that defender's (what the
    defenders discard meanwhile only leaves them fewer); and he holds at
    least as many trumps as either defender, so that none is left to ruff
    with."""
    top = [-1] * 10  # per defender (0, 5) and effective suit: his best card's power
    n = [0] * 10  # and his number of cards
    k = 0
    for p in range(3):
        if p != d:
            for x in hands[p]:
                i = k + suits[x]
                n[i] += 1
                if power[x] > top[i]:
                    top[i] = power[x]
            k = 5
    mine = hands[d]
    trumps = 0
    for c in mine:
        s, w = suits[c], power[c]
        if s == et:
            trumps += 1
        above = 0  # his cards of the suit above c, led before it
        for x in mine:
            if suits[x] == s and power[x] > w:
                above += 1
        if (top[s] > w and n[s] > above) or (top[5 + s] > w and n[5 + s] > above):
            return False
    return n[et] <= trumps and n[5 + et] <= trumps
