# Belote's announcements (spec shared/rules/belote.md §5, BL-D9, BL-D10):
# which combinations a hand yields and how they compare.  A combination is
# a tuple (key, value, kind, suit, top, length); its key orders combinations
# by strength, so a pair's best is the largest key of its two hands.
from engine.compat import const
from engine.cards import NINE, TEN, JACK, QUEEN, KING, ACE, RANK_CHARS, card_text, rank_of
from engine import jacknine

# A carré's value by rank (7s and 8s are no combination),
# and the order of equal 100-point carrés (BL-D10: A > T > K > Q).
CARRE_RANKS = (JACK, NINE, ACE, TEN, KING, QUEEN)
CARRE_VALUE = bytes([0, 0, 150, 100, 200, 100, 100, 100])  # 7 8 9 T J Q K A
CARRE_ORDER = bytes([0, 0, 0, 2, 0, 1, 3, 4])
TIERCE = const(0)
QUARTE = const(1)
QUINTE = const(2)
CARRE = const(3)
KIND_NAMES = ("tierce", "quarte", "quinte", "carre")


def sequence(suit, top, length, trump):
    """A run as a combination: (key, value, kind, suit, top, length).  The key
    orders combinations by strength: value, then a carré over a sequence of
    equal value, then the higher top card, then trump (BL-D10)."""
    if length >= 5:
        value, kind = 100, QUINTE
    elif length == 4:
        value, kind = 50, QUARTE
    else:
        value, kind = 20, TIERCE
    key = value * 64 + top * 2 + (1 if suit == trump else 0)
    return (key, value, kind, suit, top, length)


def carre(rank):
    value = CARRE_VALUE[rank]
    return (value * 64 + 32 + CARRE_ORDER[rank], value, CARRE, -1, rank, 4)


def combinations(hand, trump):
    """The combinations a hand announces (BL-D9): every subset of its carrés,
    with the maximal runs of the remaining cards; the subset with the highest
    total wins, then the one with the stronger best combination."""
    carres = []
    for r in CARRE_RANKS:
        n = 0
        for c in hand:
            if rank_of(c) == r:
                n += 1
        if n == 4:
            carres.append(r)
    best = None
    best_total = -1
    best_key = -1
    for mask in range(1 << len(carres)):
        chosen = [carres[i] for i in range(len(carres)) if mask & (1 << i)]
        rest = [c for c in hand if rank_of(c) not in chosen]
        combos = [carre(r) for r in chosen]
        for s, top, length in jacknine.runs(rest):
            combos.append(sequence(s, top, length, trump))
        total = 0
        key = 0
        for cb in combos:
            total += cb[1]
            if cb[0] > key:
                key = cb[0]
        if total > best_total or (total == best_total and key > best_key):
            best, best_total, best_key = combos, total, key
    return best


def combo_cards(cb):
    if cb[2] == CARRE:
        return [s * 8 + cb[4] for s in range(4)]
    return jacknine.run_cards(cb[3], cb[4], cb[5])


def combo_text(cb, full=False):
    if cb[2] == CARRE:
        return "carre %s" % RANK_CHARS[cb[4]] if full else "carre"
    if not full:
        return KIND_NAMES[cb[2]]
    cards = combo_cards(cb)
    return "%s %s-%s" % (KIND_NAMES[cb[2]], card_text(cards[0]), card_text(cards[-1]))


def best_key(combo_lists):
    k = 0
    for combos in combo_lists:
        for cb in combos:
            if cb[0] > k:
                k = cb[0]
    return k
