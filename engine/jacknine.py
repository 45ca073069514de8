# What the Jack-Nine games (Klaberjass, Deberts, Belote) share: the trump
# order J 9 A T K Q 8 7 and its card values, the plain order A T K Q J 9 8 7,
# runs of consecutive cards in the combination order 7 8 9 T J Q K A (the
# rank codes' own order), and bella (trump K + Q).  Each game scores runs
# its own way.
from engine.cards import SEVEN, QUEEN, KING, ACE, table, suit_of, rank_of, pack32

# rank -> (trick power, card points), trump and plain
TRUMP_POWER = bytes([1, 2, 7, 5, 8, 3, 4, 6])   # 7 8 9 T J Q K A
TRUMP_POINTS = bytes([0, 0, 14, 10, 20, 3, 4, 11])
PLAIN_POWER = bytes([1, 2, 3, 7, 4, 5, 6, 8])
PLAIN_POINTS = bytes([0, 0, 0, 10, 2, 3, 4, 11])

DEAL_POINTS = 152  # card points in a 32-card pack with trumps (before the last-trick 10)


_TABLES = [None] * 5  # per trump -1..3, built once: every deal and every
# rollout of the AI asks for them, and nobody writes into them


def tables(trump):
    """(suits, power, points): card-indexed tables for a deal with `trump`
    (-1: no trump).  Power compares cards of one suit only.  Shared and
    read-only."""
    t = _TABLES[trump + 1]
    if t is None:
        suits = table(255)
        power = table()
        points = table()
        for c in pack32():
            s = suit_of(c)
            r = rank_of(c)
            suits[c] = s
            if s == trump:
                power[c] = TRUMP_POWER[r]
                points[c] = TRUMP_POINTS[r]
            else:
                power[c] = PLAIN_POWER[r]
                points[c] = PLAIN_POINTS[r]
        t = _TABLES[trump + 1] = (suits, power, points)
    return t


_KEEP = [None] * 5  # per trump -1..3, built once, like _TABLES


def keep_values(trump):
    """How much the three games' rule-based players would rather keep each
    card (higher: give it away later): 4 per card point, its trick power,
    and 60 for a trump.  A card-indexed table, shared and read-only: their
    cheapest/dearest look a value up instead of computing it per card."""
    t = _KEEP[trump + 1]
    if t is None:
        suits, power, points = tables(trump)
        t = table()
        for c in pack32():
            v = points[c] * 4 + power[c]
            if suits[c] == trump:
                v += 60
            t[c] = v
        _KEEP[trump + 1] = t
    return t


_WHOLE_SUIT = b"\x01" * 8


def infer_follow(ex, suits, power, trump, led, c):
    """What following `led` with `c` shows in the two-hand games (Klaberjass,
    Deberts: follow suit, else trump; head a led trump), marked in the
    follower's card-indexed `ex`: a void (and, not trumping, no trump), or
    no trump higher than the led one.  A suit's cards are the codes
    suit * 8 .. suit * 8 + 7."""
    ls = suits[led]
    cs = suits[c]
    if cs != ls:
        ex[ls * 8:ls * 8 + 8] = _WHOLE_SUIT
        if cs != trump:
            ex[trump * 8:trump * 8 + 8] = _WHOLE_SUIT
    elif ls == trump:
        p = power[led]
        if power[c] < p:
            for x in range(trump * 8, trump * 8 + 8):
                if power[x] > p:
                    ex[x] = 1


def runs(hand, min_len=3):
    """Maximal runs of consecutive ranks in one suit (combination order
    7 8 9 T J Q K A), at least min_len long: a list of (suit, top_rank, length),
    in suit order then rank order.  A run is never split here; a game that
    splits long runs (Deberts) does it from these."""
    # One pass over the hand: a mask of ranks per suit (the codes are
    # suit * 8 + rank).  Deberts asks on every legal() of its first trick.
    masks = [0, 0, 0, 0]
    for c in hand:
        masks[c >> 3] |= 1 << (c & 7)
    out = []
    for s in range(4):
        mask = masks[s]
        # A bit set here starts min_len ranks in a row: none, no run.
        m = mask
        for i in range(1, min_len):
            m &= mask >> i
        if not m:
            continue
        r = SEVEN
        while r <= ACE:
            if mask & (1 << r):
                start = r
                while r + 1 <= ACE and mask & (1 << (r + 1)):
                    r += 1
                if r - start + 1 >= min_len:
                    out.append((s, r, r - start + 1))
            r += 1
    return out


def run_cards(suit, top, length):
    """The cards of a run, lowest first."""
    return [suit * 8 + r for r in range(top - length + 1, top + 1)]


def bella_cards(trump):
    return (trump * 8 + KING, trump * 8 + QUEEN)


def has_bella(hand, trump):
    k, q = bella_cards(trump)
    return k in hand and q in hand
