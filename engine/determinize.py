# Dealing the cards an observer cannot see, consistently with what he knows:
# how many cards each hidden place holds and which cards a place cannot hold
# (a void shown, a card it failed to head with).  Used by search-based AI.


def deal_unseen(rng, pool, counts, excluded, tries=24):
    """Split `pool` into len(counts) lists of the given sizes.

    excluded[i] is None or a card-indexed bytearray, non-zero for a card that
    place i cannot hold.  The most constrained places are filled first; if a
    random order cannot satisfy them all, it reshuffles, and after `tries`
    failures it drops the constraints rather than fail (the observer's
    inference was then too strong, never the deal impossible)."""
    n = len(counts)
    order = list(range(n))
    # Constrained places first, fewest allowed cards first.
    allowed = [len(pool)] * n
    for i in range(n):
        ex = excluded[i]
        if ex is not None:
            k = 0
            for c in pool:
                if not ex[c]:
                    k += 1
            allowed[i] = k
    order.sort(key=lambda i: (allowed[i] if excluded[i] is not None else 9999) * 16 + i)
    # Sorted first, so that the sample depends only on which cards are
    # unseen, never on where they really lie (the AI's fairness rests on it).
    work = sorted(pool)
    for attempt in range(tries + 1):
        rng.shuffle(work)
        taken = bytearray(len(work))
        out = [None] * n
        ok = True
        for i in order:
            need = counts[i]
            ex = excluded[i] if attempt < tries else None
            got = []
            j = 0
            while len(got) < need and j < len(work):
                c = work[j]
                if not taken[j] and (ex is None or not ex[c]):
                    taken[j] = 1
                    got.append(c)
                j += 1
            if len(got) < need:
                ok = False
                break
            out[i] = got
        if ok:
            return out
    raise ValueError("cannot deal %d unseen cards into %r" % (len(pool), counts))
