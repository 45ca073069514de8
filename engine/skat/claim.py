# Skat under the ISkO: does a claim hold (ISkO 4.3.4; engine/skat/shorten.py)?
# The declarer, his cards open, takes every remaining trick whatever the
# defenders play: the engine knows their cards, so the question has an exact
# answer.  Loaded only for a claim that is not plainly sound.
from engine import compat
from engine.compat import const
from engine.tricks import winning_index, legal_follows


# The trick starts already decided are remembered by a fingerprint of
# small ints (Zobrist hashing: one random number per card and hand, XORed in
# and out as cards are played and taken back), not by a bytes key each: on
# the Pico a claim at the first trick filled a dict with thousands of keys
# among as many dead ones, and no gap was left for the dict's next table (a
# MemoryError with 200 KB free).  Two numbers, 30 and 28 bits: the dict's
# key and, beside the value, a check; two starts share both with odds of
# 2**-58 a pair.  At most KNOWN_MAX are kept (~16 KB of table on the Pico).
KNOWN_MAX = 1024
# A claim's check gives up, undecided, after _STEP_MAX steps of the search
# (a step: one card tried or taken back), some 2 s on the Pico (420-520 us a
# step on the emulated one).  Of 3,000 first-trick claims with strong hands
# (every seat, suit and grand games) the longest took 3,760 steps, 1.9 s;
# what an undecided claim scores: engine/skat/shorten.py.  A step bound, not
# a clock: the same claim ends the same way on every machine.  (No new name
# in the device's table of interned names, whose next pool costs ~15 KB.)
_STEP_MAX = const(4096)
_Z = []  # per card * 3 + hand: (30-bit, 28-bit) numbers, made at the first claim


def _trick_won(mine, hands, st, masters, known, f1, f2):
    """A trick just taken (mine: by the declarer): (the value, True or
    False, or None while open; the start's fingerprint to remember, or
    None)."""
    if not mine:
        return False, None
    if not hands[st.declarer]:
        return True, None
    k = known.get(f1, 0)
    if k >> 2 == f2:
        return k & 3 == 1, None
    if masters(hands, st.declarer, st.suits, st.power, st.etrump):
        return True, f1
    return None, f1


def _fingerprint(hands, z):
    f1 = f2 = 0
    for p in range(3):
        for c in hands[p]:
            f1 ^= z[c * 3 + p][0]
            f2 ^= z[c * 3 + p][1]
    return f1, f2


def _zobrist():
    if not _Z:
        from engine.rng import Rng
        r = Rng(4303)  # any fixed seed: ISkO 4.3
        for _ in range(32 * 3):
            _Z.append((r.next30(), r.next30() >> 2))
    return _Z


# An AND-OR search without recursion (one explicit stack of plies), trying
# the strongest cards first, one card of each run of touching cards, and
# remembering the trick starts already decided.  masters(hands, declarer,
# suits, power, trump): engine/skat/shorten.py's test of a rest plainly his.
def takes_rest(st, masters, limit=_STEP_MAX):
    """True when the declarer, his cards open, takes every remaining trick
    whatever the defenders play (the engine knows their cards); False when
    they can take one; None if neither is shown in `limit` steps."""
    d = st.declarer
    hands = [list(h) for h in st.hands]
    trick = list(st.trick)
    suits, power, et = st.suits, st.power, st.etrump
    leader = st.leader
    known = {}  # a trick's start's fingerprint: check << 2 | 1 won, 2 not
    z = _zobrist()
    f1, f2 = _fingerprint(hands, z)  # of the hands as they are
    if not trick and leader == d and masters(hands, d, suits, power, et):
        return True
    seats, moves, idx, undo = [], [], [], []
    nxt = (leader + len(trick)) % 3
    val, steps = None, 0
    keepalive = getattr(compat, "keepalive", None)  # the watchdog, the sign: firmware/
    while True:
        steps += 1
        if not steps & 1023:
            if steps >= limit:
                return None
            if keepalive is not None:
                keepalive()  # every 1024 steps
        if nxt >= 0:
            seats.append(nxt)
            moves.append(_choices(hands, nxt, d, trick, suits, power, et))
            idx.append(0)
            undo.append(None)
            nxt = -1
        t = len(seats) - 1
        seat = seats[t]
        if val is not None:
            c, saved, old, key = undo[t]  # take back the move that led to the value
            if saved is None:
                trick.pop()
            else:
                trick[:] = saved
                leader = old
                if key is not None and len(known) < KNOWN_MAX:
                    known[key] = f2 << 2 | (1 if val else 2)
            hands[seat].append(c)
            zc = z[c * 3 + seat]
            f1, f2 = f1 ^ zc[0], f2 ^ zc[1]
            if val != (seat == d):
                val = None  # not decided yet: the next choice
        if val is None and idx[t] == len(moves[t]):
            val = seat != d  # every choice tried: the declarer failed, a defender did
        if val is not None:
            if val == (seat == d) or idx[t] == len(moves[t]):
                # An OR node (the declarer) with a success, an AND node (a
                # defender) with a failure, or every choice tried: decided.
                seats.pop()
                moves.pop()
                idx.pop()
                undo.pop()
                if not seats:
                    return val
                continue
        i = idx[t]
        idx[t] = i + 1
        c = moves[t][i]
        hands[seat].remove(c)
        zc = z[c * 3 + seat]
        f1, f2 = f1 ^ zc[0], f2 ^ zc[1]
        trick.append(c)
        saved = None
        key = None
        if len(trick) == 3:
            saved = trick[:2]
            w = (leader + winning_index(trick, suits, power, et)) % 3
            trick[:] = []
            val, key = _trick_won(w == d, hands, st, masters, known, f1, f2)
        undo[t] = (c, saved, leader, key)
        if val is None:
            if saved is not None:
                leader = d
            nxt = (leader + len(trick)) % 3


def _choices(hands, seat, d, trick, suits, power, et):
    """The cards `seat` may play, strongest first.  The declarer keeps one
    of each run of touching cards (no card of another hand or of the trick
    between them in the same suit): they win and lose the same tricks.  A
    defender needs one trick only, so of each suit he plays its highest
    card (it wins whatever a lower one would) or its lowest (it keeps the
    higher ones, which can do whatever a lower one can)."""
    legal = legal_follows(hands[seat], trick, suits, power, et)
    keyed = [(suits[c] * 64 + power[c]) * 64 + c for c in legal]
    keyed.sort()
    keyed.reverse()
    out = []
    last = -1
    n = len(keyed)
    for i in range(n):
        c = keyed[i] & 63
        if last >= 0 and suits[last] == suits[c]:
            if seat != d and i + 1 < n and suits[keyed[i + 1] & 63] == suits[c]:
                continue  # a defender's card neither the suit's highest nor its lowest
            if not _between(hands, seat, trick, suits, power, c, last):
                continue
        out.append(c)
        last = c
    return out


def _between(hands, seat, trick, suits, power, lo, hi):
    s = suits[lo]
    a, b = power[lo], power[hi]
    for p in range(3):
        if p != seat:
            for x in hands[p]:
                if suits[x] == s and a < power[x] < b:
                    return True
    for x in trick:
        if suits[x] == s and a < power[x] < b:
            return True
    return False
