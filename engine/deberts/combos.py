# Deberts combinations (spec §5.2, DB-D7 to DB-D9): terz (3 in a row, 20) and
# berz (4 in a row, 50) cut from the maximal runs that engine.jacknine finds
# in the combination order 7 8 9 T J Q K A.
#
# A combination is a tuple (kind, suit, top, ncards): kind 3 = terz,
# 4 = berz; top is the rank of its highest card; ncards the cards it shows
# and stores (always as many as its kind: a berz is four cards, even one cut
# from a longer run, DB-D8).
from engine.cards import RANK_CHARS, SUIT_CHARS
from engine import jacknine

TERZ = 3
BERZ = 4
VALUE = (0, 0, 0, 20, 50)


def combinations(hand, trump, split=True):
    """Every terz and berz of a hand, best first, no two sharing a card.
    DB-D8: with `split`, a run of 4-6 is one berz (its top four cards), of 7
    a berz and the terz below it, of 8 two berzes; without it a run of four
    or more is a single berz, again its top four cards."""
    out = []
    for suit, top, n in jacknine.runs(hand, 3):
        if n == 3:
            out.append((TERZ, suit, top, 3))
        elif not split:
            out.append((BERZ, suit, top, 4))
        else:
            out.append((BERZ, suit, top, 4))
            if n == 7:
                out.append((TERZ, suit, top - 4, 3))
            elif n == 8:
                out.append((BERZ, suit, top - 4, 4))
    # best first; the keys are unique (suit is part of them), as
    # MicroPython's sort is not stable.  (Most hands have one or none:
    # legal() asks on every move of the first trick.)
    if len(out) > 1:
        out.sort(key=lambda k: -(key(k, trump) * 4 + k[1]))
    return out


def key(k, trump):
    """DB-D9: the type, then the top card, then trump over plain."""
    return k[0] * 32 + k[2] * 2 + (1 if k[1] == trump else 0)


def best_key(combos, trump):
    best = -1
    for k in combos:
        v = key(k, trump)
        if v > best:
            best = v
    return best


def combo_points(combos):
    t = 0
    for k in combos:
        t += VALUE[k[0]]
    return t


def combo_cards(k):
    return jacknine.run_cards(k[1], k[2], k[3])


def combo_text(k):
    """'terz JC QC KC', 'berz 7S 8S 9S TS'."""
    return ("berz " if k[0] == BERZ else "terz ") + " ".join(
        [RANK_CHARS[c & 7] + SUIT_CHARS[c >> 3] for c in combo_cards(k)])
