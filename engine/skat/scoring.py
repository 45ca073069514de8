# Skat: card tables, the legal bid values, matadors, the value of a game, a
# deal's result and the match's settlement (spec: shared/rules/skat.md
# §2.1-§2.2, §3.2, §4, §6, §7).  The deal state (engine/skat/rules.py) calls them.
from engine.compat import const
from engine.game import DealResult, seat_name
from engine.cards import (SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE,
                          CLUBS, SPADES, HEARTS, DIAMONDS, SUIT_NAMES, table, pack32)

# Game types (§4.1, §6)
TOURNEE = const(0)
GRAND_TOURNEE = const(1)
GUCKSER = const(2)
SOLO = const(3)
GRAND_SOLO = const(4)
GRAND_OUVERT = const(5)
NULL = const(6)
NULL_OUVERT = const(7)
RAMSCH = const(8)

GAME_NAMES = ("tournee", "grand tournee", "guckser", "solo", "grand solo",
              "grand ouvert", "null", "null ouvert", "ramsch")

GRAND_SUIT = const(4)  # the effective suit of the jacks in a grand (§2.2)

# §2.1 card points
_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)  # by rank 7 8 9 T J Q K A
POINTS = table()
for _c in pack32():
    POINTS[_c] = _POINTS[_c & 7]

# §2.2 orders.  Plain suits: A 10 K Q 9 8 7 (the jack is never a plain card
# in a trump game).  Null: A K Q J 10 9 8 7, the cards' natural rank order.
_PLAIN = (1, 2, 3, 7, 0, 4, 5, 8)  # by rank 7 8 9 T J Q K A (J unused)
_NULL = (1, 2, 3, 4, 5, 6, 7, 8)
_JACK_POWER = (20, 19, 18, 17)  # clubs, spades, hearts, diamonds jacks


def _trump_tables(trump):
    """suits/power tables for a suit game (trump 0-3) or a grand
    (GRAND_SUIT): jacks and trump-suit cards are of the trump suit."""
    suits = table(255)
    power = table()
    for c in pack32():
        s = c >> 3
        r = c & 7
        if r == JACK:
            suits[c] = trump
            power[c] = _JACK_POWER[s]
        else:
            suits[c] = trump if s == trump else s
            power[c] = _PLAIN[r]
    return suits, power


def _null_tables():
    suits = table(255)
    power = table()
    for c in pack32():
        suits[c] = c >> 3
        power[c] = _NULL[c & 7]
    return suits, power


# Made when a deal's game is declared, not when the rules load: the six
# tables cost ~12 ms of a Pico's time, which the game's menu (it loads these
# rules for their settings) would wait for before its first frame.
_TABLES = {}


def tables_for(gtype, trump):
    """(suits, power, effective trump) for a game type and its trump suit."""
    if gtype == NULL or gtype == NULL_OUVERT:
        key = -1
    elif gtype == TOURNEE or gtype == SOLO:
        key = trump
    else:
        key = GRAND_SUIT
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _null_tables() if key < 0 else _trump_tables(key)
    return t[0], t[1], key


def game_text(g, trump, second_show, ann_s, ann_z, isko=False, hand=False, ouvert=False):
    """The game's name as the results and the UI print it: seed laws
    "solo spades, schneider announced"; ISkO "spades hand, schneider
    announced", "grand ouvert hand", "null ouvert"."""
    if g < 0:
        return ""
    if isko:
        if g == SOLO:
            t = SUIT_NAMES[trump]
        elif g == GRAND_SOLO:
            t = "grand"
        else:
            t = GAME_NAMES[g]
        if ouvert:
            t += " ouvert"
        if hand:
            t += " hand"
        if g == NULL or g == NULL_OUVERT or ouvert:
            return t
    else:
        t = GAME_NAMES[g]
        if g == TOURNEE or g == SOLO:
            t += " " + SUIT_NAMES[trump]
        if second_show:
            t += ", second show"
        if g == GRAND_OUVERT:
            return t
    if ann_z:
        t += ", schwarz announced"
    elif ann_s:
        t += ", schneider announced"
    return t


# §4.1 base values (suits indexed C S H D)
TOURNEE_BASE = (8, 7, 6, 5)
SOLO_BASE = (12, 11, 10, 9)
FIXED_BASE = {GRAND_TOURNEE: 12, GUCKSER: 16, GRAND_SOLO: 20, GRAND_OUVERT: 24,
              NULL: 20, NULL_OUVERT: 40}


def base_value(gtype, trump):
    if gtype == TOURNEE:
        return TOURNEE_BASE[trump]
    if gtype == SOLO:
        return SOLO_BASE[trump]
    return FIXED_BASE[gtype]


# §3.2: every value a game of this family is worth when won, the bids
# allowed: Tournee 8/7/6/5 x 2-14, Grand Tournee 12 x 2-7, Guckser 16 x 2-7,
# Solo 12/11/10/9 x 2-16, Grand Solo 20 x 2-9, Grand ouvert 24 x 6-9, Null 20
# and Null ouvert 40 (written out: made at load they cost ~3.5 ms of a
# Pico's time before the game's menu shows; tests/test_skat.py makes them
# from this rule).
BID_VALUES = (10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, 27, 28, 30, 32, 33, 35, 36, 40,
              42, 44, 45, 48, 49, 50, 54, 55, 56, 60, 63, 64, 65, 66, 70, 72, 77, 78, 80,
              81, 84, 88, 90, 91, 96, 98, 99, 100, 104, 108, 110, 112, 117, 120, 121, 126,
              130, 132, 135, 140, 143, 144, 150, 154, 156, 160, 165, 168, 176, 180, 192, 216)

# Trump sequences for matadors (§4.7): the four jacks, then A 10 K Q 9 8 7.
_JACKS = (CLUBS * 8 + JACK, SPADES * 8 + JACK, HEARTS * 8 + JACK, DIAMONDS * 8 + JACK)
_SUIT_SEQ = (ACE, TEN, KING, QUEEN, NINE, EIGHT, SEVEN)


def trump_sequence(gtype, trump):
    if gtype == TOURNEE or gtype == SOLO:
        return _JACKS + tuple([trump * 8 + r for r in _SUIT_SEQ])
    return _JACKS


def matadors(cards12, gtype, trump):
    """(n, with_) over the declarer's 12 cards: 'with n' if he holds the
    club jack, the unbroken run from the top; else 'against n', the number of
    top trumps he lacks."""
    have = bytearray(32)
    for c in cards12:
        have[c] = 1
    seq = trump_sequence(gtype, trump)
    with_ = have[seq[0]] == 1
    n = 0
    for c in seq:
        if (have[c] == 1) != with_:
            break
        n += 1
    return n, with_


def level_count(won, pts, tricks, ann_s, ann_z, conceded):
    """§4.9: how many of the five levels a won or lost game counts."""
    n = 1
    if won:
        if pts >= 91 or ann_s:
            n += 1
        if ann_s:
            n += 1
        if tricks == 10 or ann_z:
            n += 1
        if ann_z:
            n += 1
        return n
    if pts <= 30 or ann_s or conceded:
        n += 1
    if ann_s:
        n += 1
    if ann_z or (tricks == 0 and not conceded):
        n += 1
    if ann_z:
        n += 1
    return n


def declarer_result(gtype, trump, bid, mats, pts, tricks, ann_s, ann_z,
                    second_show, conceded):
    """§4.10: the declarer's score change, and whether he won.
    ann_s / ann_z already include Grand ouvert's implied announcement."""
    base = base_value(gtype, trump)
    if gtype == NULL or gtype == NULL_OUVERT:
        if tricks == 0 and not conceded:
            return base, True
        return -base, False
    dbl = 2 if (second_show or gtype == GUCKSER) else 1
    if (not conceded and pts >= 61 and (not ann_s or pts >= 91)
            and (not ann_z or tricks == 10)):
        v = base * (mats + level_count(True, pts, tricks, ann_s, ann_z, False))
        if v >= bid:
            return v, True
    if conceded:
        lost = 2 + (1 if ann_s else 0) + (2 if ann_z else 0)
    else:
        lost = level_count(False, pts, tricks, ann_s, ann_z, False)
    v = base * (mats + lost)
    # §8.1 overbid: at least the least multiple of the base reaching the bid.
    least = base * ((bid + base - 1) // base)
    if least > v:
        v = least
    return -dbl * v, False


def ramsch_scores(totals, tricks_won, last_winners, forehand):
    """§6.4: the score changes of a Ramsch, and the branch's name.
    totals include the skat; last_winners[t] = winner of trick t (0-9)."""
    out = [0, 0, 0]
    for p in range(3):
        if tricks_won[p] == 10:
            out[p] = -30
            return out, "all ten tricks to one player"
    low = min(totals)
    lows = [p for p in range(3) if totals[p] == low]
    if len(lows) == 1:
        p = lows[0]
        out[p] = 20 if tricks_won[p] == 0 else 10
        return out, "lowest total" if out[p] == 10 else "lowest total, no trick"
    if len(lows) == 3:
        out[forehand] = 10
        return out, "three-way tie: forehand"
    # Two tied: the one with the later most recent trick (the last trick's
    # winner first of all, D17); a player without a trick ranks last.
    best = -1
    best_t = -1
    for p in lows:
        t = -1
        for i in range(len(last_winners)):
            if last_winners[i] == p:
                t = i
        if t > best_t:
            best, best_t = p, t
    out[best] = 10
    return out, "tie for lowest: the later trick"


def bid_index(bids, value):
    for i in range(len(bids)):
        if bids[i] == value:
            return i
    return -1


# -- a deal's result (§4.10, §6; ISkO A.6) and the match (§7, D21) ------------

class SkatResult(DealResult):
    """A deal's result: the declarer's +V / -V, or the Ramsch scores."""

    def __init__(self, deltas, totals, head, reason):
        DealResult.__init__(self, 3, totals, -1, deltas, reason)
        best = 0
        for p in range(3):
            if deltas[p] > deltas[best]:
                best = p
        self.winner = best if deltas[best] > 0 else -1
        self.head = head

    def text(self):
        tot = ", ".join(["%s %d" % (seat_name(i), t) for i, t in enumerate(self.totals)])
        return "%s (card points %s; %s)" % (self.head, tot, self.reason)


def deal_result(state, tot):
    """The finished deal's SkatResult; tot: the card points of each seat."""
    if state.thrown:
        return SkatResult([0, 0, 0], tot, "thrown in", "all three passed")
    if state.gtype == RAMSCH:
        if getattr(state.opts, "ramsch_score", "seed") == "german":
            from engine.skat.ramsch import result
            deltas, why, head = result(state, tot)
            return SkatResult(deltas, tot, head, why)
        deltas, why = ramsch_scores(tot, state.tricks, state.winners, state.forehand)
        scorer = 0
        for p in range(3):
            if deltas[p] != 0:
                scorer = p
        head = "ramsch %s %+d" % (seat_name(scorer), deltas[scorer])
        return SkatResult(deltas, tot, head, why)
    d = state.declarer
    twelve = state.dealt + [state.s1, state.s2]
    if state.gtype == NULL or state.gtype == NULL_OUVERT:
        mats, with_ = 0, False
    else:
        mats, with_ = matadors(twelve, state.gtype, state.trump)
    pts = tot[d]
    nt = state.tricks[d]
    if state.isko:
        v, won, value, p, t = state.laws().scored(state, mats, pts, nt)
        if state.conceded > 2:  # a claim's tricks go to a side; a side that
            pts, nt = p, t      # gave up is scored by 4.3.3, its words say what it took
    else:
        v, won = declarer_result(state.gtype, state.trump, state.high, mats, pts,
                                 state.tricks[d], state.ann_s, state.ann_z,
                                 state.second_show, state.conceded)
    deltas = [0, 0, 0]
    deltas[d] = v
    why = [state.game_text()]
    if mats:
        why.append("%s %d" % ("with" if with_ else "against", mats))
    why.append("bid %d" % state.high)
    if state.isko:
        why.append("value %d" % value)  # A.6: after any overbid
    if state.gtype == NULL or state.gtype == NULL_OUVERT:
        why.append("%d trick%s" % (nt, "" if nt == 1 else "s"))  # points do not count
    else:
        why.append("%d points, %d trick%s" % (pts, nt, "" if nt == 1 else "s"))
    if state.isko and state.conceded > 0:
        why.append(state.laws().ending(state))
    elif state.conceded and not state.isko:
        why.append("conceded")
    elif len(state.history) < 10:
        why.append("stopped after trick %d" % len(state.history))
    why.append("won" if won else "lost")
    return SkatResult(deltas, tot, "%s %+d" % (seat_name(d), v), ", ".join(why))


def settle(match, state):
    r = state.result
    for p in range(3):
        if r.points[p]:
            match.add(p, r.points[p])
    rank = match.scores
    if state.isko:
        # A.7: the Seeger-Fabian figure is kept beside the plain score; with
        # isko_score=seeger_fabian the match is ranked by it.
        isko = state.laws()
        isko.book(match, state, state.declarer >= 0 and r.points[state.declarer] > 0)
        if match.options.isko_score == "seeger_fabian":
            rank = isko.seeger_totals(match)
    match.next_dealer_left()
    if match.deals + 1 >= match.options.rounds * 3:
        # D21: the highest total wins; equal totals share the place (the
        # match names the first of them, in seat order, as its winner).
        best = 0
        for p in range(3):
            if rank[p] > rank[best]:
                best = p
        match.over = True
        match.winner = best
        match.shared = [p for p in range(3) if rank[p] == rank[best]]
