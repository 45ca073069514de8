# The rule-based Skat player's decisions under laws=isko (spec: skat.md
# Appendix A) before the card play, which is the seed laws' (engine/
# skat_heuristic.py).  Loaded only when an ISkO deal asks for it.
#
# Rules of thumb:
# - value every game the ten cards could carry: a suit game with five
#   trumps and two jacks or aces (four with two jacks and a side ace) at base x (matadors + 1); the
#   same as a Hand game, one level more, with the seed player's solo hands
#   (seven trumps, six and an ace, five with two jacks and two aces); a grand
#   with two jacks and five jacks and aces (Hand: three jacks and three aces,
#   or four jacks and two), a Null (23, Hand 35) with no high card;
# - bid up to the best of those values, hold while it reaches the bid;
# - play Hand when a Hand game reaches the bid, else take the skat, keep
#   the longest trump suit (or the grand or Null the twelve cards carry) and
#   name it; announce ouvert when every trick is sure, nothing otherwise;
# - in the play (ISkO 4.3): never give up; as declarer, on lead, claim the
#   rest when his own cards prove every trick his (claims).
from engine.cards import JACK, ACE
from engine.skat.scoring import SOLO, GRAND_SOLO, NULL, matadors
from engine.skat import rules as g
from engine.skat import isko


def _jacks(hand):
    return len([c for c in hand if c & 7 == JACK])


def _suit(hand, s):
    return len([c for c in hand if c >> 3 == s and c & 7 != JACK])


def _aces(hand, trump):
    return len([c for c in hand if c & 7 == ACE and c >> 3 != trump])


def _null_ok(hand, strict):
    """No ace, king or queen; at most two jacks or tens (none if strict)."""
    hi = 0
    for c in hand:
        r = c & 7
        if r >= 5:  # Q K A
            return False
        if r == JACK or r == 3:  # J, T
            hi += 1
    return hi == 0 if strict else hi <= 2


def games(hand):
    """[(value, hand_game, action)] for every game the cards carry."""
    out = []
    j = _jacks(hand)
    for s in range(4):
        t = j + _suit(hand, s)
        a = _aces(hand, s)
        m = matadors(hand, SOLO, s)[0]
        base = isko.SUIT_BASE[s]
        if t >= 7 or (t >= 6 and a >= 1) or (t >= 5 and j >= 2 and a >= 2):
            out.append((base * (m + 2), True, g.SOLO_A + s))
        if (t >= 5 and j + a >= 2) or (t >= 4 and j >= 2 and a >= 1):
            out.append((base * (m + 1), False, g.SOLO_A + s))
    a = _aces(hand, -1)
    m = matadors(hand, GRAND_SOLO, -1)[0]
    if (j >= 3 and a >= 3) or (j == 4 and a >= 2):
        out.append((isko.GRAND_BASE * (m + 2), True, g.GRAND_A))
    if j >= 2 and j + a >= 5:
        out.append((isko.GRAND_BASE * (m + 1), False, g.GRAND_A))
    if _null_ok(hand, True):
        out.append((isko.NULL_HAND, True, g.NULL_A))
    if _null_ok(hand, False):
        out.append((isko.NULL_VALUE, False, g.NULL_A))
    return out


def limit(hand):
    best = 0
    for v, _, _ in games(hand):
        if v > best:
            best = v
    return best


def auction(o, top):
    """A bid, hold or pass with a hand worth `top` (limit)."""
    if o.phase == g.FOREHAND:
        return g.PLAY if top >= isko.LOWEST_BID else g.PASS
    if o.phase == g.ANSWER:
        return g.HOLD if o.bid <= top else g.PASS
    for a in o.legal:
        if a != g.PASS and isko.BID_VALUES[a - g.BID] <= top:
            return a
    return g.PASS


def skat_choice(o):
    for v, hand, _ in games(o.hand):
        if hand and v >= o.bid:
            return g.HAND
    return g.TAKE_SKAT


def intent(hand):
    """(game type, trump) to keep in the discard: a Null or a grand the
    cards carry, else the longest trump suit."""
    if _null_ok(hand, False) and _jacks(hand) == 0:
        return NULL, -1
    j = _jacks(hand)
    if j >= 3 and _aces(hand, -1) >= 2:
        return GRAND_SOLO, -1
    best = 0
    bk = -1
    for s in range(4):
        k = _suit(hand, s) * 4 + (1 if s * 8 + ACE in hand else 0)
        if k > bk:
            best, bk = s, k
    return SOLO, best


def discard_null(hand, power):
    """Null: put away the highest card, from the shortest suit on a tie."""
    best = hand[0]
    bk = -1
    for c in hand:
        k = power[c] * 16 - len([x for x in hand if x >> 3 == c >> 3])
        if k > bk:
            best, bk = c, k
    return best


def declare(o):
    """The game to name from the legal ones (after the discard, or Hand)."""
    legal = o.legal
    if o.hand_game:
        best = None
        for v, hand, a in games(o.hand):
            if hand and a in legal and (best is None or v > best[0]):
                best = (v, a)
        if best is not None:
            return best[1]
    gt, trump = intent(o.hand)
    if gt == NULL and g.NULL_A in legal:
        return g.NULL_A
    if gt == GRAND_SOLO and g.GRAND_A in legal:
        return g.GRAND_A
    if g.SOLO_A + trump in legal:
        return g.SOLO_A + trump
    for a in legal:
        if g.SOLO_A <= a <= g.GRAND_A:
            return a
    return legal[0]


_SIDE = (7, 3, 6, 5, 2, 1, 0)  # ranks A T K Q 9 8 7 (by rank index 7 8 9 T J Q K A)


def sure(hand, gtype, trump):
    """Every trick is his, whoever leads: he holds an unbroken run of the top
    trumps longer than the trumps out and the ruffs his voids may need, and
    every side suit he holds runs down from its ace."""
    seq = [JACK, 8 + JACK, 16 + JACK, 24 + JACK]  # JC JS JH JD
    if gtype == SOLO:
        seq += [trump * 8 + r for r in _SIDE]
    run = 0
    while run < len(seq) and seq[run] in hand:
        run += 1
    mine = len([c for c in hand if c in seq])
    voids = 0
    for s in range(4):
        if gtype == SOLO and s == trump:
            continue
        side = [c for c in hand if c >> 3 == s and c & 7 != JACK]
        if not side:
            voids += 1
        for i in range(len(side)):
            if s * 8 + _SIDE[i] not in side:
                return False
    return run >= len(seq) - mine + voids


def announce(o):
    """Ouvert when every trick is sure (it counts every level); otherwise
    nothing: in 1500 heuristic deals an announced schneider with four jacks
    and three aces, or eight trumps and three jacks, lost 21 points a game
    on average where playing it unannounced won 85 (the AI's search still
    weighs every announcement)."""
    if sure(o.hand, o.gtype, o.trump):
        return g.ANNOUNCE_OUVERT
    return g.ANNOUNCE_NONE


def claims(o):
    """ISkO 4.3.4: claim the rest, on lead, only when the declarer's own
    knowledge proves every remaining trick his, whatever the unseen cards
    (the skat of a Hand game among them) and whoever holds them: each of
    his trumps beats every trump still out and he holds at least as many,
    so that leading them first leaves the defenders none; and each of his
    other cards beats every card of its suit still out.  Playing on would
    then take the same tricks: the claim only saves time, and the engine's
    own check (engine/skat/shorten.py) always upholds it."""
    if o.seat != o.declarer or o.trick or (o.gtype != SOLO and o.gtype != GRAND_SOLO):
        return False
    from engine.skat.scoring import tables_for
    suits, power, et = tables_for(o.gtype, o.trump)
    gone = bytearray(32)
    for c in o.hand:
        gone[c] = 1
    for c in o.played:
        gone[c] = 1
    for c in o.skat:  # his discards, or (the deal over) the skat
        gone[c] = 1
    top = [-1] * 5  # the strongest card still out, by effective suit
    out_trumps = 0
    for c in range(32):
        if not gone[c]:
            s = suits[c]
            if power[c] > top[s]:
                top[s] = power[c]
            if s == et:
                out_trumps += 1
    mine = 0
    for c in o.hand:
        if power[c] <= top[suits[c]]:
            return False
        if suits[c] == et:
            mine += 1
    return mine >= out_trumps
