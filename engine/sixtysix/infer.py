# Three-hand Sixty-six's play read as evidence about the hands (docs/ai.md,
# "Inference"; engine/play_infer.py): every card an opponent led or played
# to a trick, and every marriage he declared or did not, is judged by the
# game's heuristic from the hand a sampled world gives him then.  With no
# stock (§4: all 24 cards are dealt) that hand is exact: the cards he holds
# in the world now and those he played since.  Loaded only by players that
# search.
from engine.cards import KING, QUEEN
from engine.game import Observation
from engine.sixtysix.rules import SUITS, POWER, POINTS, MARRIAGE, LEAD, FOLLOW
from engine.tricks import legal_follows
from engine.play_infer import kept_weigh, trick_players

_MODEL = [None]


def _model():
    """The heuristic, the model of a seat's play (it keeps nothing between
    calls)."""
    if _MODEL[0] is None:
        from engine.sixtysix.heuristic import Player
        _MODEL[0] = Player(None, 1)
    return _MODEL[0]


def three_weigh(state, others):
    """weigh(i, part) for deal_unseen: the hidden hand of place i (seat
    others[i]) weighed by its fit to that seat's play so far; None before
    any of them has played."""
    n = 3
    trump = state.trump
    rules = state.rules
    seq = state.played + state.trick
    # Who played each card: the first leader sits at the dealer's left (§4).
    by = trick_players(seq, (state.dealer + 1) % n, SUITS, POWER, trump, n)
    views = _views(state, others, seq, by)
    if not any(views):
        return None
    model = _model()
    head = rules.head
    may_marry = rules.marriages_in_phase2
    o = _observation(state)

    def answer(hand, view):
        o.played, start, k, o.tricks, total, pending, o.leader = view
        hand.sort()  # as the hand is held (the heuristic's ties go to the first)
        o.seat = me = by[seq[k]] - 1
        o.hand = hand
        o.totals[me] = total
        o.pending[me] = pending
        if k == start:
            o.phase = LEAD
            o.trick = []
            o.legal = marriages(hand) + hand if may_marry else hand
        else:
            o.phase = FOLLOW
            o.trick = seq[start:k]
            o.legal = legal_follows(hand, o.trick, SUITS, POWER, trump, head, True, True)
        return model.choose(o)

    hidden = []
    for p in others:
        hidden.extend(state.hands[p])
    return kept_weigh([(views[i], list(state.known[others[i]])) for i in range(len(others))],
                      hidden, answer)


def _marks(state, seq, by, n):
    """Where each marriage was declared: at its seat's lead of the pair's
    king or queen (the pair is led at once, and a broken pair cannot be
    declared); {index in seq: (suit, value)}."""
    marks = {}
    for p in range(n):
        for s, v in state.marriages[p]:
            for k in range(0, len(seq), n):
                c = seq[k]
                if by[c] == p + 1 and SUITS[c] == s and (c & 7 == KING or c & 7 == QUEEN):
                    marks[k] = (s, v)
                    break
    return marks


def _views(state, others, seq, by):
    """Per seat of `others`, what it saw at each card it played in `seq`
    (by: who played each card) and what it did: a list of (view, action,
    the cards it played from then on)."""
    n = 3
    marks = _marks(state, seq, by, n)
    views = [[] for _ in others]
    points = [0] * n
    tricks = [0] * n
    married = [0] * n
    for k in range(len(seq)):
        start = k - k % n
        if k == start:
            before = seq[:start]  # the cards gone before this trick, for its views
        p = by[seq[k]] - 1
        if k == start and k:
            # he leads: he won the trick before
            tricks[p] += 1
            for x in seq[k - n:k]:
                points[p] += POINTS[x]
        mark = marks.get(k)
        if p in others:
            # What he saw then, kept small (a view per card he played): the
            # cards gone before the trick (one list per trick), where it
            # began, his place in it, the tricks taken, his total() and
            # pending() (§2.4: a marriage counts once its side has a trick),
            # the trick's leader, what he did and the cards he played from
            # then on.
            t = married[p] if tricks[p] else 0
            view = (before, start, k, tuple(tricks), points[p] + t, married[p] - t,
                    by[seq[start]] - 1)
            since = [c for c in seq[k:] if by[c] == p + 1]
            views[others.index(p)].append((view, MARRIAGE + mark[0] if mark else seq[k], since))
        if mark:
            married[p] += mark[1]
    return views


def _observation(state):
    """One observation of the three-hand game in its strict phase, refilled
    for every view judged."""
    n = 3
    rules = state.rules
    o = Observation(0)
    o.nplayers = n
    o.trump = state.trump
    o.turnup = -1
    o.phase2 = True
    o.declared = ()
    o.target = rules.target
    o.variant = rules.variant
    # (the heuristic reads only its own seat's total and pending points)
    o.totals = [0] * n
    o.pending = [0] * n
    return o


def marriages(hand):
    """The marriages a leader holding `hand` may declare (one pack: a pair
    still whole in his hand), as actions in suit order.  SixtySix.
    marriage_suits says the same of a seat's hand now; shared as a function
    of engine/sixtysix/rules.py it cost that module enough heap that a records
    test in 96 KB ran out (tests/test_savegame.py), so the reading, loaded
    only by players that search, keeps its own."""
    k = q = 0
    for c in hand:
        r = c & 7
        if r == KING:
            k |= 1 << SUITS[c]
        elif r == QUEEN:
            q |= 1 << SUITS[c]
    k &= q
    return [MARRIAGE + s for s in range(4) if k >> s & 1]
