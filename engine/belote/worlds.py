# The belote deals a seat may imagine (engine.determinize.sample): the
# unseen cards dealt anew, and the inference that weighs them (docs/ai.md,
# "Inference").  Loaded only by players that search; the rules never load it.
from engine.compat import sort_small
from engine.cards import pack32
from engine.game import Observation
from engine.determinize import deal_unseen, seen_by
from engine import jacknine
from engine.belote.rules import PLAY
from engine.belote.combos import combinations


def determinize(state, seat, rng, into=None, inference=True):
    """A clone in which the cards `seat` cannot see (the other hands and,
    while bidding, the undealt cards) are dealt anew, keeping the cards
    known to be in a hand (the retourne with the taker, a said belote's
    other half, announced combinations) and the voids shown.  Belote and
    combinations not yet public are recomputed for the new hands; the
    kinds already announced are not used as constraints.  The takes and
    passes are not read (`inference`: engine.determinize): measured, reading
    them did not make the AI stronger here (docs/ai.md, "Inference")."""
    s = state.clone(into)
    seen = seen_by(state, seat, 32)
    if state.taker < 0:
        seen[state.retourne] = 1
    others = []
    for p in range(4):
        if p != seat:
            others.append(p)
            for c in state.known[p]:
                seen[c] = 1
    pool = []
    for c in pack32():
        if not seen[c]:
            pool.append(c)
    counts = [len(state.hands[p]) - len(state.known[p]) for p in others]
    excl = [state.excluded[p] for p in others]
    if state.stock:
        counts.append(len(state.stock))
        excl.append(None)
    weigh = None
    if inference and state.phase == PLAY:
        weigh = _play_weigh(state, others)
    parts = deal_unseen(rng, pool, counts, excl, weigh=weigh)
    for i in range(3):
        p = others[i]
        s.hands[p] = sort_small(list(state.known[p]) + parts[i])
    if state.stock:
        s.stock = parts[3]
    if state.taker >= 0:
        _redo_hidden_bonuses(s, state)
    return s


def _play_weigh(state, others):
    """weigh(i, part) for deal_unseen: each hidden hand (place i, seat
    others[i]: its known cards and part) weighed by its fit to the cards
    that seat played, its leads and its answers, partner's and
    opponents' alike (engine.play_infer), each judged by
    the heuristic's card from the hand it held then and what it had
    seen; None before anyone has played."""
    # Made once per position and seat: every world of a decision asks
    # the same, and a hand's weight is kept (the later tricks' few
    # unseen cards give the same hands again and again).  Kept on the
    # state (its attribute _reads, set here only: a rollout's clone has
    # none) as (position, weigh).
    here = (len(state.played) + len(state.trick), others[0])
    kept = getattr(state, "_reads", None)
    if kept is not None and kept[0] == here:
        return kept[1]
    from engine import jacknine_infer as ji
    from engine.play_infer import kept_weigh
    reads = ji.play_reads(state.played, state.played_by, state.trick, 4)
    seq = state.played + state.trick
    suits, power = state.suits, state.power
    fits = []
    some = False
    for p in others:
        views = []
        gone = [0, 0, 0, 0]
        j = 0
        for start, k, c, since in reads[p]:
            while j < k:
                x = seq[j]
                gone[suits[x]] |= 1 << power[x]
                j += 1
            o = Observation(p)
            o.phase = PLAY
            o.trump = state.trump
            o.taker = state.taker
            o.trick = seq[start:k]
            o.leader = state.played_by[seq[start]] - 1
            o.gone = gone[:]
            views.append((o, c, since))
            some = True
        fits.append((views, list(state.known[p])))
    if not some:
        state._reads = (here, None)
        return None
    model = _model()
    allowed = state.allowed

    def answer(hand, o):
        hand.sort()  # as the hand is held (the heuristic's ties go to the first)
        o.hand = hand
        o.legal = allowed(hand, o.trick, o.seat, o.leader)
        return model.choose(o)

    hid = []
    for p in others:
        hid.extend(state.hands[p])
    weigh = kept_weigh(fits, hid, answer)
    state._reads = (here, weigh)
    return weigh


def _redo_hidden_bonuses(s, real):
    """Belote and the combinations not yet public, found anew in the world
    `s` (dealt from `real`) from its 8-card hands."""
    eight = [[], [], [], []]
    for p in range(4):
        # played_by also marks the cards of the trick on the table
        eight[p] = s.hands[p] + [c for c in range(32) if s.played_by[c] == p + 1]
    if not real.belote_said:
        s.belote_seat = -1
        for p in range(4):
            if jacknine.has_bella(eight[p], s.trump):
                s.belote_seat = p
    if s.opts.announcements == "on" and real.ann_side == -2:
        for p in range(4):
            s.combos[p] = combinations(eight[p], s.trump)


_MODEL = [None]


def _model():
    """The heuristic as the inference's model of a seat's card (it keeps
    nothing between calls but the trump's tables)."""
    if _MODEL[0] is None:
        from engine.belote.heuristic import Player
        _MODEL[0] = Player(None, 1)
    return _MODEL[0]
