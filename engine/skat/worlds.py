# Skat: the deals a searching player may imagine (engine.determinize.sample;
# spec shared/rules/skat.md §5.9 says what each seat may see).  Loaded only
# when a player searches, so the rules alone stay small on the device.
from engine.determinize import deal_unseen
from engine.skat.view import display_order


def known_to(st, seat):
    """Cards of other places that `seat` may see: (owner, card) pairs
    (owner 3 = the skat / discards)."""
    out = []
    d = st.declarer
    if d >= 0 and d != seat:
        if st.is_open():  # (from the declaration on, which starts the play)
            for c in st.hands[d]:
                out.append((d, c))
        else:
            for c in st.shown:
                if c in st.hands[d]:
                    out.append((d, c))
        for c in st.shown:
            if c in st.skat:
                out.append((3, c))  # a shown card discarded again
    if d == seat:
        if st.picked:
            for c in st.skat:  # his own discards
                out.append((3, c))
        else:
            for c in st.skat:
                if (c == st.s1 and st.seen_s1) or c in st.shown:
                    out.append((3, c))
    return out


def determinize(st, seat, rng, into=None, inference=True):
    """A clone (made in `into`, as st.clone does) in which the cards `seat`
    cannot see (the other hands, the skat unless he has seen it) are dealt
    anew, keeping cards he has seen where they are and respecting the voids
    shown in play."""
    s = st.clone(into)
    # Nobody gives up or claims in an imagined deal (ISkO 4.3): the search
    # weighs card play, and the heuristic alone claims (engine/skat/isko_heuristic.py).
    if st.isko:
        s.conceded = -1
    fixed = known_to(st, seat)
    keep = bytearray(32)
    for _, c in fixed:
        keep[c] = 1
    places = []
    counts = []
    excl = []
    pool = []
    for p in range(3):
        if p == seat:
            continue
        hidden = [c for c in st.hands[p] if not keep[c]]
        places.append(p)
        counts.append(len(hidden))
        pool.extend(hidden)
        ex = bytearray(96)
        for c in range(32):
            if st.suits is not None and st.voids[p][st.suits[c]]:
                ex[c] = 1
        excl.append(ex)
    sk = [c for c in st.skat if not keep[c]]
    places.append(3)
    counts.append(len(sk))
    pool.extend(sk)
    excl.append(None)
    weigh = None
    if inference:
        from engine.skat.infer import skat_weigh
        weigh = skat_weigh(st, places, fixed)
    parts = deal_unseen(rng, pool, counts, excl, weigh=weigh)
    for i in range(len(places)):
        p = places[i]
        if p == 3:
            # Known skat cards keep their places (S1 stays S1).
            fresh = parts[i]
            s.skat = []
            for c in st.skat:
                if keep[c]:
                    s.skat.append(c)
                else:
                    s.skat.append(fresh.pop())
        else:
            s.hands[p] = display_order(st, [c for c in st.hands[p] if keep[c]] + parts[i])
    if not st.picked:
        s.s1, s.s2 = s.skat[0], s.skat[1]
    return s
