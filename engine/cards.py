# Cards as small ints, their text, and the packs the games use.
#
# code = suit * 8 + rank for the 32 French-suited cards, suits C S H D and
# ranks 7 8 9 T J Q K A.  The joker is 32.  The second copy of a card in a
# double pack (Swabian Sixty-six) is code + 64, so "the same card" is
# code & 63 and every code stays below 96: a bytearray of 96 entries maps any
# card to a property (suit, rank power, points) without a dict.
from engine.compat import const

CLUBS = const(0)
SPADES = const(1)
HEARTS = const(2)
DIAMONDS = const(3)
NOSUIT = const(4)  # the joker before a trump is named

SEVEN = const(0)
EIGHT = const(1)
NINE = const(2)
TEN = const(3)
JACK = const(4)
QUEEN = const(5)
KING = const(6)
ACE = const(7)

JOKER = const(32)
SECOND = const(64)  # offset of a double pack's second copy
NCODES = const(96)

SUIT_CHARS = "CSHD"
RANK_CHARS = "789TJQKA"
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")


def card(rank, suit):
    return suit * 8 + rank


def suit_of(c):
    if c & 63 == JOKER:
        return NOSUIT
    return (c & 63) >> 3


def rank_of(c):
    return c & 7


def base(c):
    """The card with its copy mark removed (KH#2 -> KH)."""
    return c & 63


def card_text(c, double=False):
    """'TS', 'JK'; in a double pack 'KH#1' / 'KH#2'."""
    b = c & 63
    if b == JOKER:
        t = "JK"
    elif 0 <= b < 32:
        t = RANK_CHARS[b & 7] + SUIT_CHARS[b >> 3]
    else:
        raise ValueError("not a card code: %r" % c)
    if double or c >= SECOND:
        t += "#2" if c >= SECOND else "#1"
    return t


def parse_card(text):
    """Inverse of card_text; accepts '10' for T and lower case.

    Raises ValueError with the offending text."""
    t = text.strip().upper()
    copy = 0
    if len(t) > 2 and t[-2] == "#":
        if t[-1] == "2":
            copy = SECOND
        elif t[-1] != "1":
            raise ValueError("bad copy mark in card %r" % text)
        t = t[:-2]
    if t == "JK" or t == "JOKER":
        return JOKER + copy
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2:
        raise ValueError("not a card: %r" % text)
    r = RANK_CHARS.find(t[0])
    s = SUIT_CHARS.find(t[1])
    if r < 0 or s < 0:
        raise ValueError("not a card: %r" % text)
    return s * 8 + r + copy


def cards_text(cards, double=False):
    return " ".join([card_text(c, double) for c in cards])


def parse_cards(text):
    out = []
    for w in text.replace("|", " ").replace(",", " ").split():
        out.append(parse_card(w))
    return out


def pack(low_rank, joker=False, copies=1):
    """A fresh unshuffled pack: every suit from low_rank up to the ace."""
    cards = []
    for copy in range(copies):
        for s in range(4):
            for r in range(low_rank, 8):
                cards.append(s * 8 + r + copy * SECOND)
    if joker:
        cards.append(JOKER)
    return cards


# The packs the games need.
def pack32():  # Klaberjass, Deberts, Belote, Skat
    return pack(SEVEN)


def pack24():  # Sixty-six: 9 to A
    return pack(NINE)


def pack25():  # Hasenpfeffer: 9 to A and the joker
    return pack(NINE, joker=True)


def pack48():  # Swabian Sixty-six: two identical 24-card packs
    return pack(NINE, copies=2)


def pack20():  # Schnapsen: J Q K T A (no nines)
    cards = []
    for s in range(4):
        for r in (TEN, JACK, QUEEN, KING, ACE):
            cards.append(s * 8 + r)
    return cards


def table(default=0):
    """A card-indexed lookup table (suit, power, points) for any pack."""
    t = bytearray(NCODES)
    if default:
        for i in range(NCODES):
            t[i] = default
    return t
