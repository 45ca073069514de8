# Skat: what a seat sees of a deal (spec shared/rules/skat.md §5.9): its
# observation, and a hand in the order a player holds it.
from engine.cards import JACK
from engine.game import Observation
from engine.skat.scoring import TOURNEE, SOLO, NULL, NULL_OUVERT

_PLAIN_RANK = (0, 1, 2, 6, 4, 3, 5, 7)  # display: A 10 K Q 9 8 7 (by rank 7 8 9 T J Q K A)


class SkatObservation(Observation):
    """An observation whose `info` lines (the public facts a UI prints) are
    built only when asked for: players never pay for the text."""

    @property
    def info(self):
        from engine.skat.info import info_lines
        return info_lines(self)


def display_order(state, cards):
    """A hand as a player holds it: jacks first (except in Null), the
    trump suit, then clubs, spades, hearts, diamonds, each high to low
    (keys are unique)."""
    null = state.gtype == NULL or state.gtype == NULL_OUVERT
    keyed = []
    for c in cards:
        r = c & 7
        if r == JACK and not null:
            k = 200 - (c >> 3)  # JC JS JH JD
        else:
            k = (3 - (c >> 3)) * 16 + (r if null else _PLAIN_RANK[r])
            if c >> 3 == state.trump and (state.gtype == TOURNEE or state.gtype == SOLO):
                k += 100  # the trump suit next to the jacks
        keyed.append(k * 64 + c)
    keyed.sort()
    keyed.reverse()
    return [k & 63 for k in keyed]

def observation(state, seat, brief=False, legal=None):
    """What `seat` may know (brief, legal: see engine.game.State)."""
    # Skat keeps the hand in the state's own order.
    o = state.observe(SkatObservation(seat), seat, brief, legal, sort_hand=False)
    o.trump = state.trump if state.gtype in (TOURNEE, SOLO) else -1
    o.gtype = state.gtype
    o.declarer = state.declarer
    o.bid = state.high
    o.seen = []  # skat cards this seat has seen privately
    if seat == state.declarer and state.seen_s1 and not state.picked:
        o.seen = [state.s1]
    o.skat = []  # the skat or discards, when this seat may know them
    if state.done or (seat == state.declarer and state.picked):
        o.skat = list(state.skat)
    o.laws = "isko" if state.isko else "seed"
    o.hand_game = state.hand_game  # ISkO: a Hand game (A.2)
    o.ann_z = state.ann_z  # every trick needed (schwarz announced, ouvert)
    if state.conceded == 0 and state.isko and o.legal and o.legal[-1] >= 260:
        # ISkO 4.3: giving up and claiming are the heuristic's alone; the
        # search (engine/ai.py) weighs the cards.
        o.searched = [a for a in o.legal if a < 100]
    if brief:
        return o
    o.game = "skat"
    o.forehand = state.forehand
    o.etrump = state.etrump
    o.passed = list(state.passed)
    o.auction = list(state.auction)  # (seat, call) pairs, shared tuples
    o.last = state.history[-1] if state.history else None  # (leader, cards, winner)
    o.tricks = list(state.tricks)
    o.voids = [bytearray(v) for v in state.voids]
    o.ann_s = state.ann_s
    o.second_show = state.second_show
    o.ouvert = state.ouvert  # ISkO: a suit or grand game laid open (A.3)
    o.shown = list(state.shown)
    o.discarded = state.discarded
    o.open_hand = []
    if state.is_open() and state.declarer != seat:
        o.open_hand = list(state.hands[state.declarer])
    o.concede_open = state.concede_open and seat == state.declarer
    o.done = state.done
    o.result = state.result
    return o
