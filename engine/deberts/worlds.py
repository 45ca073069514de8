# The deberts deals a seat may imagine (engine.determinize.sample): the
# unseen cards dealt anew, and the inference that weighs them (docs/ai.md,
# "Inference").  Loaded only by players that search; the rules never load it.
from engine.compat import sort_small
from engine.determinize import deal_unseen


def determinize(state, seat, rng, into=None, inference=True):
    """A clone in which the cards `seat` cannot see (the other hand and
    the face-down stock) are dealt anew, consistently with what he
    knows: cards shown stay put, shown voids are respected.  A declared
    but unshown combination is not enforced (an approximation).  The
    takes and passes are not read: measured, reading them did not make
    the AI stronger here (docs/ai.md, "Inference"); with `inference`
    his answers to a led card are (engine.jacknine_infer)."""
    s = state.clone(into)
    opp = 1 - seat
    # Only the known cards still in his hand, each once: a card shown
    # and since played must not be dealt to him again.
    known = []
    for c in state.known[opp]:
        if c in state.hands[opp] and c not in known:
            known.append(c)
    pool = [c for c in state.hands[opp] if c not in known] + list(state.stock)
    hidden = len(state.hands[opp]) - len(known)
    weigh = None
    if inference and state.played and state.exchanged != opp:
        # (Not when he took the candle for the 7: when is not kept.)
        weigh = _follow_weigh(state, opp, known)
    parts = deal_unseen(rng, pool, [hidden, len(state.stock)],
                        [state.excluded[opp], None], weigh=weigh)
    s.hands[opp] = list(known) + parts[0]
    sort_small(s.hands[opp])
    s.stock = parts[1]
    return s


def _follow_weigh(state, opp, known):
    """The inference's weigh with his answers in the finished tricks read
    (engine.jacknine_infer.follow_weigh), judged by the heuristic's
    follow; None when there are none."""
    from engine import jacknine_infer as ji
    from engine.play_infer import trick_players
    from engine.deberts.heuristic import follow_card
    by = trick_players(state.played + state.trick, state.d, state.suits, state.power,
                       state.trump)
    follows = ji.follow_reads(state.played, by, state.trick, opp)
    if not follows:
        return None
    return ji.follow_weigh(follows, known, state.allowed, follow_card, state.trump)
