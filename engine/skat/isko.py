# Skat under today's International Skat Order: the setting laws=isko (spec:
# shared/rules/skat.md Appendix A).  The bid values (A.1), the games offered
# (A.3), the value of a game (A.4, A.5), won or lost and the overbid (A.6),
# the score and the Seeger-Fabian figure (A.7).  The deal state
# (engine/skat/rules.py) calls these; the deck, the card order, the auction's order
# of speaking and the play are the seed laws' (engine/skat/scoring.py).
from engine.skat.scoring import SOLO, GRAND_SOLO, NULL, NULL_OUVERT, RAMSCH, matadors

LOWEST_BID = 18  # A.1: diamonds with or against 1, 9 x 2

# A.4 bases (suits indexed C S H D) and A.5 Null values.
SUIT_BASE = (12, 11, 10, 9)
GRAND_BASE = 24
NULL_VALUE = 23
NULL_HAND = 35
NULL_OUVERT_VALUE = 46
NULL_OUVERT_HAND = 59

# A.1: every value an ISkO game can be worth: suit games 12/11/10/9 x 2-18,
# grand 24 x 2-11, and the four Null values 23, 35, 46, 59 (written out:
# made at load they cost a Pico ~4 ms before ISkO Skat's table shows;
# tests/test_skat_isko.py makes them from this rule).
BID_VALUES = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60,
              63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121,
              126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170,
              176, 180, 187, 192, 198, 204, 216, 240, 264)


def base_value(gtype, trump):
    return SUIT_BASE[trump] if gtype == SOLO else GRAND_BASE


def null_value(ouvert, hand):
    if ouvert:
        return NULL_OUVERT_HAND if hand else NULL_OUVERT_VALUE
    return NULL_HAND if hand else NULL_VALUE


def declare_menu(hand, twelve, bid):
    """A.3: the games offered, as offsets from engine.skat.rules's SOLO_A (0-3 the
    suits C S H D, 4 grand, 6 Null, 7 Null ouvert), once the skat is taken (hand False: twelve
    are the declarer's ten dealt cards and the skat) or left (hand True).
    A Null below the bid is not offered.  After taking the skat a suit or
    grand game is offered only if its highest reachable value (matadors +
    game + schneider + schwarz) reaches the bid; if none does, all of them
    are (each is then lost as an overbid, A.6: the spec is silent, and the
    declarer must play something)."""
    out = []
    for k in range(5):
        g = SOLO if k < 4 else GRAND_SOLO
        if hand or base_value(g, k) * (matadors(twelve, g, k)[0] + 3) >= bid:
            out.append(k)
    if not out:
        out = [0, 1, 2, 3, 4]
    if null_value(False, hand) >= bid:
        out.append(6)
    if null_value(True, hand) >= bid:
        out.append(7)
    return out


def multiplier(mats, pts, tricks, hand, ann_s, ann_z, ouvert):
    """A.4: matadors + game + hand + the levels reached or announced
    (ann_s / ann_z already include what a higher announcement implies)."""
    m = mats + 1
    if hand:
        m += 1
    if ann_s or pts >= 90 or pts <= 30:
        m += 1  # schneider
    if ann_s:
        m += 1
    if ann_z or tricks == 10 or tricks == 0:
        m += 1  # schwarz
    if ann_z:
        m += 1
    if ouvert:
        m += 1
    return m


def result(gtype, trump, bid, mats, pts, tricks, hand, ann_s, ann_z, ouvert):
    """A.5-A.7: (the declarer's score change, won, the game's value)."""
    if gtype == NULL or gtype == NULL_OUVERT:
        v = null_value(gtype == NULL_OUVERT, hand)
        if tricks == 0:
            return v, True, v
        return -2 * v, False, v
    base = base_value(gtype, trump)
    v = base * multiplier(mats, pts, tricks, hand, ann_s, ann_z, ouvert)
    if v < bid:
        # Overbid: lost at the lowest multiple of the base that reaches the bid.
        v = base * ((bid + base - 1) // base)
        return -2 * v, False, v
    if pts >= 61 and (not ann_s or pts >= 90) and (not ann_z or tricks == 10):
        return v, True, v
    return -2 * v, False, v


def scored(state, mats, pts, tricks):
    """The declarer's result (score change, won, value) and the card points
    and tricks it counts: his own, or for a game shortened under 4.3 the
    ones shortened() below scores it by."""
    g, trump = state.gtype, state.trump
    if state.conceded > 0:
        from engine.skat import shorten  # (engine/skat/rules.py forgets it after the deal)
        pts, tricks = shorten.shortened(state, pts, lambda p, t: base_value(g, trump) * multiplier(
            mats, p, t, state.hand_game, state.ann_s, state.ann_z, state.ouvert))
    v, won, value = result(g, trump, state.high, mats, pts, tricks, state.hand_game,
                           state.ann_s, state.ann_z, state.ouvert)
    return v, won, value, pts, tricks


def ending(state):
    """4.3: how a shortened game ended, for its result's words."""
    return "%s after trick %d" % (_WHY[state.conceded], len(state.history))


# 4.3: how a shortened game ended (engine/skat/shorten.py's codes), in the
# result's words ("... after trick 3").
_WHY = ("", "given up by the declarer", "given up by the defenders", "claim held",
        "claim failed")


def book(match, state, won):
    """A.7: the Seeger-Fabian figure beside the plain score: +50 for a game
    won as declarer, -50 for one lost, +40 to each opponent of a lost game.
    Thrown-in deals and Ramsch add nothing here.  Kept on the match as
    match.seeger (per seat), and as match.summary the line a UI prints at
    the end (summary); the match replays from its seed, so a save needs no
    more."""
    sf = getattr(match, "seeger", None)
    if sf is None:
        sf = match.seeger = [0, 0, 0]
    d = state.declarer
    if d >= 0 and state.gtype != RAMSCH:
        if won:
            sf[d] += 50
        else:
            sf[d] -= 50
            for p in range(3):
                if p != d:
                    sf[p] += 40
    match.summary = summary(match)


def seeger_totals(match):
    """Each seat's Seeger-Fabian total: the plain total + the bonuses."""
    sf = getattr(match, "seeger", None) or [0, 0, 0]
    return [match.scores[p] + sf[p] for p in range(3)]


def summary(match):
    """A.7: the Seeger-Fabian totals printed beside the plain ones at the end
    of a match that asked for them, else None."""
    if match.options.isko_score != "seeger_fabian":
        return None
    t = seeger_totals(match)
    return "Seeger-Fabian: " + ", ".join(["P%d %d" % (p + 1, t[p]) for p in range(3)])
