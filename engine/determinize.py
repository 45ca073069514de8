# Dealing the cards an observer cannot see, consistently with what he knows:
# how many cards each hidden place holds and which cards a place cannot hold
# (a void shown, a card it failed to head with).  Used by search-based AI.
#
# Inference from the auction (docs/ai.md, "Inference"): what a seat's public
# calls say about its cards weighs the deal.  A call is evidence, never
# proof (a human bids as he likes), so a world is weighed, not ruled out:
# each hidden place gets a weight from 0 to ONE (how well its cards fit that
# seat's calls; the games' determinize hooks say what each call means) and a
# dealt world is kept with the product of its weights as probability.  After
# WEIGH_TRIES rejected worlds the best one seen is used, so the cost is
# bounded and a deal never refused.  The weights depend only on the public
# calls and the dealt cards, never on the real deal (the AI's fairness,
# tests/test_ai_fair.py).  What the rules make certain (a card shown, the
# retourne with its taker, a marriage's partner) is a hard constraint
# instead: the hooks keep those cards where they are.

ONE = 16          # the weight of cards that fit their seat's calls fully
WEIGH_TRIES = 8   # weighed worlds dealt at most per sample


def uncertain(pool, counts):
    """How many of the unseen cards `pool` could lie elsewhere than they do,
    dealt by deal_unseen into places of these sizes: all of them, unless
    only one place takes cards (the one other hand, no stock left), where
    every sample is the true deal (State.hidden)."""
    places = 0
    for k in counts:
        if k:
            places += 1
    return len(pool) if places > 1 else 0


def deal_unseen(rng, pool, counts, excluded, tries=24, weigh=None):
    """Split `pool` into len(counts) lists of the given sizes.

    excluded[i] is None or a card-indexed bytearray, non-zero for a card that
    place i cannot hold.  The most constrained places are filled first; if a
    random order cannot satisfy them all, it reshuffles, and after `tries`
    failures it drops the constraints rather than fail (the observer's
    inference was then too strong, never the deal impossible).
    weigh(i, cards), if given, is place i's weight (see above)."""
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
    best = None
    bw = -1
    weighed = 0
    for attempt in range(tries + 1):
        if attempt == tries and best is not None:
            return best  # (rather than drop the constraints)
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
        if not ok:
            continue
        if weigh is None:
            return out
        keep = True
        w = 1
        for i in range(n):
            x = weigh(i, out[i])
            w *= x  # (at most ONE**4 for four places: a small int)
            if x < ONE and rng.below(ONE) >= x:
                keep = False
                # The later places are not weighed (time on the device):
                # for the fallback they count as fitting.
                for k in range(i + 1, n):
                    w *= ONE
                break
        if keep:
            return out
        if w > bw:
            best, bw = out, w
        weighed += 1
        if weighed >= WEIGH_TRIES:
            return best
    if best is not None:
        return best  # (the last try, without the constraints, was weighed too)
    raise ValueError("cannot deal %d unseen cards into %r" % (len(pool), counts))


def seen_by(state, seat, size):
    """A card-indexed mask (size: the codes of the pack) of the cards `seat`
    has seen: its hand, the finished tricks and the trick on the table."""
    seen = bytearray(size)
    for c in state.hands[seat]:
        seen[c] = 1
    for c in state.played:
        seen[c] = 1
    for c in state.trick:
        seen[c] = 1
    return seen


def sampler(state):
    """The determinize() of state's game: its worlds module (engine.games),
    which the rules never load."""
    from engine import games
    return games.part(state.game, "worlds").determinize


def sample(state, seat, rng, into=None, inference=True):
    """`state` as `seat` may imagine it: a clone (made in `into`, as clone()
    does) with the cards the seat cannot see dealt anew, consistently with
    what it knows; with `inference`, its calls weigh the deal too."""
    return sampler(state)(state, seat, rng, into, inference)
