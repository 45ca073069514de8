# The sixtysix deals a seat may imagine (engine.determinize.sample), for
# Sixty-six and Schnapsen alike: the unseen cards dealt anew, the
# three-hand game's play read as evidence about the hands.  Loaded only by
# players that search; the rules never load it.
from engine.compat import sort_small
from engine.determinize import deal_unseen


def determinize(state, seat, rng, into=None, inference=True):
    """A clone in which the cards `seat` cannot see (the other hands and
    the face-down stock) are dealt anew, consistently with what `seat`
    knows: cards shown (marriages, the exchanged turn-up, the last draw)
    stay where they are, and shown voids are respected.  Its calls
    (closing, marriages) place cards exactly; with `inference`, the
    three-hand game's worlds are weighed by the other seats' play
    (engine/sixtysix/infer.py: with no stock, the hand each held at
    every trick is exact in a world).  The two-hand games' draws leave
    the hand held then unknown, so their play is not read."""
    s = state.clone(into)
    others, pool, counts, excluded = state._unseen(seat)
    weigh = None
    if inference and state.rules.n == 3:
        weigh = _play_weigh(state, others)
    parts = deal_unseen(rng, pool, counts, excluded, weigh=weigh)
    for i, p in enumerate(others):
        h = list(state.known[p]) + parts[i]
        sort_small(h)
        s.hands[p] = h
    s.stock = parts[-1]
    return s


def _play_weigh(state, others):
    """Three-hand: the hidden hands weighed by their seats' play
    (engine/sixtysix/infer.py), made once per position: every world of
    a decision asks the same.  It is kept on the state sampled from (its
    attribute _reads: the position and its weigh), which only this
    module sets; a clone does not copy it."""
    here = (len(state.played) + len(state.trick), others[0])
    reads = getattr(state, "_reads", None)
    if reads is None or reads[0] != here:
        from engine.sixtysix.infer import three_weigh
        reads = state._reads = (here, three_weigh(state, others))
    return reads[1]
