# The Jack-Nine games' taking auction, and a player's answers to a led card,
# read as evidence about the hands: the weights of engine.determinize's
# inference, used by Klaberjass (Belote's and Deberts' auctions were
# measured and left out: docs/ai.md, "Inference").  Loaded only by players
# that search.
from engine.determinize import ONE
from engine.play_infer import play_fit

# A seat's calls are judged by the game's heuristic, the model of a bidder:
# would it have taken (or passed) with that hand?  A call it would not have
# made is not ruled out (a human bids as he likes), only weighed LOW.  The
# hand a seat bid with is part of what it holds now (the rest was dealt
# after the auction): a random part of that size stands for it, so a world
# is kept with the share of such parts that explain the calls.

TAKER1 = 1  # took the turned suit in round 1
TAKER2 = 2  # named this suit in round 2
PASS1 = 3   # passed the turned suit in round 1
PASS2 = 4   # passed every other suit in round 2
LOW = 3     # the weight of a call the model would not have made


def jacknine_reads(bids, n, turned, take, pass_a, name_base):
    """Per seat, a list of (fact, suit) read from the public `bids` ((seat,
    action) pairs): the first n passes or takes are round 1; `name_base` +
    suit names a trump in round 2.  Other calls (a schmeiss and its answer)
    say nothing here."""
    reads = [[] for _ in range(n)]
    calls = 0
    for seat, a in bids:
        if a == take:
            reads[seat].append((TAKER1, turned))
        elif name_base <= a < name_base + 4:
            reads[seat].append((TAKER2, a - name_base))
        elif a == pass_a:
            reads[seat].append((PASS1 if calls < n else PASS2, turned))
        else:
            continue
        calls += 1
    return reads


def bid_hand(rng, part, base, size, leave=-1):
    """The cards part + base (but `leave`, a card dealt after the auction),
    or a random `size` of them when they are more: the hand the calls were
    made with, as far as the seat may tell."""
    cards = [c for c in part if c != leave] + [c for c in base if c != leave]
    n = len(cards)
    if n <= size:
        return cards
    for i in range(size):
        j = i + rng.below(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:size]


def jacknine_fit(reads, hand, takes):
    """The weight of a bid-time `hand` given a seat's reads: takes(hand,
    suit, round) is the model's test (the game's heuristic)."""
    w = ONE
    for fact, s in reads:
        if fact == TAKER1:
            ok = takes(hand, s, 1)
        elif fact == TAKER2:
            ok = takes(hand, s, 2)
        elif fact == PASS1:
            ok = not takes(hand, s, 1)
        else:
            ok = True
            for t in range(4):
                if t != s and takes(hand, t, 2):
                    ok = False
                    break
        if not ok:
            w = w * LOW // ONE
    return w


def jacknine_weigh(rng, reads, base, size, leave, takes):
    """weigh(i, part) for deal_unseen from per-place reads and known or
    played cards (base); None when nobody's calls are read."""
    for r in reads:
        if r:
            def weigh(i, part):
                r = reads[i]
                if not r:
                    return ONE
                return jacknine_fit(r, bid_hand(rng, part, base[i], size, leave), takes)
            return weigh
    return None


# A follower's answer is judged the same way (engine/play_infer.py, with the
# same weight LOW), and weighs LOW when the model (the game's heuristic) would
# not have played that card from the hand he held then (a weight of 1
# measured the same, 69.8% against 69.9%).  His hand then is the one a world
# gives him now with the cards he played since.


def follow_reads(played, played_by, trick, seat):
    """The seat's answers in the finished tricks of a two-hand game
    (`played`: their cards in order, the leader's first), each (led, card,
    since): `since` that card and those he played after it, all in his
    hand then."""
    mine = [c for c in played if played_by[c] == seat + 1]
    for c in trick:
        if played_by[c] == seat + 1:
            mine.append(c)
    out = []
    for k in range(1, len(played), 2):
        c = played[k]
        if played_by[c] == seat + 1:
            i = mine.index(c)
            out.append((played[k - 1], c, mine[i:]))
    return out


def play_reads(played, played_by, trick, n):
    """Per seat, every card it played in an n-hand game so far (the
    finished tricks in `played`, in play order, and the one on the table),
    each (start, k, card, since): the trick began at place `start` of the
    play and his card is at place k (k == start: he led it); `since` is
    that card with those he played after it, all in his hand then."""
    seq = played + trick
    mine = [[] for _ in range(n)]
    for c in seq:
        mine[played_by[c] - 1].append(c)
    reads = [[] for _ in range(n)]
    for k in range(len(seq)):
        c = seq[k]
        his = mine[played_by[c] - 1]
        reads[played_by[c] - 1].append((k - k % n, k, c, his[his.index(c):]))
    return reads


def follow_weigh(follows, known, allowed, follow_card, trump, auction=None):
    """weigh(i, part) for deal_unseen: the other hand (place 0: its `known`
    cards and part) weighed by its fit to his answers (play_fit), times
    its fit to his calls (auction, or None).  The model of an answer is the
    game's heuristic: follow_card(cards, led, trump, last) from the cards
    the game's rule allowed(hand, trick) lets him play."""
    known = list(known)

    def answer(hand, led):
        hand.sort()  # as the hand is held (the heuristic's ties go to the first)
        cards = allowed(hand, [led])
        if len(cards) == 1:
            return cards[0]
        return follow_card(cards, led, trump, len(hand) == 1)

    def weigh(i, part):
        w = auction(i, part) if auction is not None else ONE
        if i == 0 and w:
            w = w * play_fit(follows, known + part, answer) // ONE
        return w
    return weigh
