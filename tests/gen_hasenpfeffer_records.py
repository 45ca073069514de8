"""Writes the Hasenpfeffer spec's worked examples (§11) as records under
tests/records/hasenpfeffer/ (run once: python tests/gen_hasenpfeffer_records.py).

The spec fixes the facts each record checks: the auction, who declares, the
tricks the declaring side must take, the deal's points and the match score.
Those are typed in below from the spec's tables, never computed by the
engine.  What the spec leaves open (the cards, and the play that gives the
declaring side exactly t tricks) is searched for here with random decks and
random or heuristic play; the replay then recomputes everything from the
cards.  §11.4 (the full deal) is written by hand in full_deal_11_4*.rec."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.hasenpfeffer import rules as g  # noqa: E402
from engine.hasenpfeffer import heuristic as h  # noqa: E402
from engine.cards import JOKER, card_text, parse_cards, pack25  # noqa: E402
from engine.game import Options, seat_name  # noqa: E402
from engine.rng import Rng  # noqa: E402

OUT = os.path.join(ROOT, "tests", "records", "hasenpfeffer")
NS, EW = "P1+P3", "P2+P4"

# Dealer N = P1 throughout, so the default auction order is S W N E = P3 P4 P1 P2.
NS_BIDS = lambda b: [(2, "bid %d" % b), (3, "pass"), (0, "pass"), (1, "pass")]  # noqa: E731
EW_BIDS = lambda b: [(2, "pass"), (3, "bid %d" % b)] + (  # noqa: E731
    [] if b == 6 else [(0, "pass"), (1, "pass")])
ALL_PASS = [(2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")]

# §11.1: (id, what, calls, tricks the declaring side takes, joker holder or
# None, start scores (NS, EW), target,
#  seed: (result head, scores, winner), classic: (result head, scores, winner))
SCORING = [
    ("S1", "NS declare 3, take 4", NS_BIDS(3), 4, None, (0, 0), 10,
     ("P1+P3 +3, P2+P4 0", "3 0", None), ("P1+P3 +4, P2+P4 +2", "4 2", None)),
    ("S2", "EW declare 3, take 3", EW_BIDS(3), 3, None, (0, 0), 10,
     ("P2+P4 +3, P1+P3 0", "0 3", None), ("P2+P4 +3, P1+P3 +3", "3 3", None)),
    ("S3", "NS declare 4, take 2", NS_BIDS(4), 2, None, (0, 0), 10,
     ("P1+P3 -2, P2+P4 0", "-2 0", None), ("P1+P3 -4, P2+P4 +4", "-4 4", None)),
    ("S4", "EW declare 6, take 6", EW_BIDS(6), 6, None, (0, 0), 10,
     ("P2+P4 +6, P1+P3 0", "0 6", None), ("P2+P4 +6, P1+P3 0", "0 6", None)),
    ("S5", "EW declare 6, take 5", EW_BIDS(6), 5, None, (0, 0), 10,
     ("P2+P4 -1, P1+P3 0", "0 -1", None), ("P2+P4 -6, P1+P3 +1", "1 -6", None)),
    ("S6", "NS declare 1, take 0", NS_BIDS(1), 0, None, (0, 0), 10,
     ("P1+P3 -1, P2+P4 0", "-1 0", None), ("P1+P3 -1, P2+P4 +6", "-1 6", None)),
    ("S7", "all four pass, E holds the joker: forced 3, EW take 1", ALL_PASS, 1, 1,
     (0, 0), 10,
     ("P2+P4 -2, P1+P3 0", "0 -2", None), ("P2+P4 -3, P1+P3 +5", "5 -3", None)),
    ("S8", "NS declare 5, take 6", NS_BIDS(5), 6, None, (0, 0), 10,
     ("P1+P3 +5, P2+P4 0", "5 0", None), ("P1+P3 +6, P2+P4 0", "6 0", None)),
    ("S10", "totals NS 8, EW 5; NS declare 2, take 2", NS_BIDS(2), 2, None, (8, 5), 10,
     ("P1+P3 +2, P2+P4 0", "10 5", NS), ("P1+P3 +2, P2+P4 +4", "10 9", NS)),
    ("S11", "totals NS 1, EW 9; EW declare 4, take 3", EW_BIDS(4), 3, None, (1, 9), 10,
     ("P2+P4 -1, P1+P3 0", "1 8", None), ("P2+P4 -4, P1+P3 +3", "4 5", None)),
    ("S12", "totals NS 8, EW 7; NS declare 2, take 3", NS_BIDS(2), 3, None, (8, 7), 10,
     ("P1+P3 +2, P2+P4 0", "10 7", NS), ("P1+P3 +3, P2+P4 +3", "11 10", NS)),
    ("S13", "totals NS 1, EW 0; NS declare 5, take 1", NS_BIDS(5), 1, None, (1, 0), 10,
     ("P1+P3 -4, P2+P4 0", "-3 0", None), ("P1+P3 -5, P2+P4 +5", "-4 5", None)),
    ("S14", "target 20; totals EW 18, NS 12; EW declare 2, take 6", EW_BIDS(2), 6, None,
     (12, 18), 20,
     ("P2+P4 +2, P1+P3 0", "12 20", EW), ("P2+P4 +6, P1+P3 0", "12 24", EW)),
    # Decision 14 where the defenders end higher: classic, NS 9 EW 8, EW
    # declare 1 and take 2 -> EW 10, NS 13: both over, the declarers win.
    ("D14", "classic both over: totals NS 9, EW 8; EW declare 1, take 2", EW_BIDS(1), 2,
     None, (9, 8), 10, None, ("P2+P4 +2, P1+P3 +4", "13 10", EW)),
]

# §11.2: (id, what, options, calls (seat, text), declarer, contract)
AUCTIONS = [
    ("A1", "S 2, W 3, N pass, E pass, S 4, W pass: declarer S, contract 4", {},
     [(2, "bid 2"), (3, "bid 3"), (0, "pass"), (1, "pass"), (2, "bid 4"), (3, "pass")], 2, 4),
    ("A2", "S pass, W pass, N pass, E 1: declarer E, contract 1", {},
     [(2, "pass"), (3, "pass"), (0, "pass"), (1, "bid 1")], 1, 1),
    ("A3", "S 6: W, N, E can only pass (auto-passed); declarer S, contract 6", {},
     [(2, "bid 6")], 2, 6),
    ("A6", "first_bidder=left_of_dealer: the order is E, S, W, N",
     {"first_bidder": "left_of_dealer"},
     [(1, "pass"), (2, "bid 2"), (3, "pass"), (0, "bid 3"), (2, "pass")], 0, 3),
    ("A7", "S 2, W pass, N pass, E pass: declarer S, contract 2", {},
     [(2, "bid 2"), (3, "pass"), (0, "pass"), (1, "pass")], 2, 2),
    ("A8", "pass_is_final=false: W passes, then bids again after E's bid",
     {"pass_is_final": "false"},
     [(2, "bid 1"), (3, "pass"), (0, "pass"), (1, "bid 2"), (2, "pass"), (3, "bid 3"),
      (0, "pass"), (1, "pass"), (2, "pass")], 3, 3),
]

# §11.3: (id, what, options, trump, cards in play order from S = P3, winner seat,
#  cards a seat must not hold (so that its play is legal))
TRICKS = [
    ("R1", "KS, 9S, JD, AS: no trump in the trick, AS wins", {}, "H",
     "KS 9S JD AS", 1),
    ("R2", "KS, 9H, AS, TH: the highest trump wins", {}, "H", "KS 9H AS TH", 1),
    ("R3", "QD, JH, JK, AD: the joker beats the trump jack", {}, "H", "QD JH JK AD", 0),
    ("R4", "JD, AD, 9D, QD: JD is a plain diamond; A > Q > J > 9", {}, "H",
     "JD AD 9D QD", 3),
    ("R5", "JK led is a trump lead: players holding hearts play hearts", {}, "H",
     "JK 9H KH QS", 2),
    ("R6", "left_bower=true: AD, JD, KD, 9D: JD is the left bower and wins; "
     "its player holds no diamond", {"left_bower": "true"}, "H", "AD JD KD 9D", 3),
    ("R7", "left_bower=true: AH, JD, JH, 9H: JK > JH > JD > AH", {"left_bower": "true"},
     "H", "AH JD JH 9H", 0),
]
TRICK_BIDS = [(2, "bid 1"), (3, "pass"), (0, "pass"), (1, "pass")]  # S declares and leads


def deck_from_hands(hands, widow, dealer=0):
    """The shuffled order d[0..24] that deals `hands` (§4)."""
    deck = [None] * 25
    taken = [0, 0, 0, 0]
    for i in range(24):
        s = (dealer + 1 + i // 3) % 4
        deck[i] = hands[s][taken[s]]
        taken[s] += 1
    deck[24] = widow
    return deck


# -- the expected result, worked out here from the spec (§3, §8), not by the
# engine: who wins each trick, the tricks per side, the score.

PLAIN_ORDER = "AKQJT9"  # §3, high to low
SAME_COLOUR = {"H": "D", "D": "H", "S": "C", "C": "S"}


def spec_suit(card, trump, left_bower):
    """A card's effective suit (§3): the joker, and the left bower if in use,
    belong to the trump suit."""
    if card == "JK" or (left_bower and card == "J" + SAME_COLOUR[trump]):
        return trump
    return card[1]


def spec_trump_order(trump, left_bower):
    order = ["JK", "J" + trump]
    if left_bower:
        order.append("J" + SAME_COLOUR[trump])
    return order + [r + trump for r in "AKQT9"]


def spec_trick_winner(plays, trump, left_bower):
    """plays: [(seat, card text)] in play order, leader first."""
    order = spec_trump_order(trump, left_bower)
    trumps = [p for p in plays if spec_suit(p[1], trump, left_bower) == trump]
    if trumps:
        return min(trumps, key=lambda p: order.index(p[1]))[0]
    led = spec_suit(plays[0][1], trump, left_bower)
    follows = [p for p in plays if spec_suit(p[1], trump, left_bower) == led]
    return min(follows, key=lambda p: PLAIN_ORDER.index(p[1][0]))[0]


def spec_result(lines, declarer, contract, trump, left_bower):
    """The record lines of a played deal -> the result line's head and the
    scores line (from 0 0, default `seed` scoring: §8), with the tricks per
    side as a comment."""
    plays = []
    for line in lines:
        w = line.split()
        if len(w) == 2 and w[0][0] == "P" and len(w[1]) == 2:  # a card: "P3 KS"
            plays.append((int(w[0][1]) - 1, w[1]))
    assert len(plays) == 24, len(plays)
    tricks = [0, 0]
    for i in range(0, 24, 4):
        trick = plays[i:i + 4]
        if i + 4 < 24:
            assert plays[i + 4][0] == spec_trick_winner(trick, trump, left_bower)  # leads next
        tricks[spec_trick_winner(trick, trump, left_bower) % 2] += 1
    side = declarer % 2
    t = tricks[side]
    score = contract if t >= contract else -(contract - t)
    names = (NS, EW)
    head = "%s %s, %s 0" % (names[side], "%+d" % score, names[1 - side])
    scores = [0, 0]
    scores[side] = score
    return ["# worked out from the spec, not by the engine: tricks %s %d, %s %d; %s bid %d"
            % (NS, tricks[0], EW, tricks[1], seat_name(declarer), contract),
            "result " + head, "scores %d %d" % tuple(scores)]


class Writer:
    def __init__(self, title):
        self.lines = title

    def add(self, line):
        self.lines.append(line)

    def save(self, name):
        with open(os.path.join(OUT, name), "w") as f:
            f.write("\n".join(self.lines) + "\n")


def header(options, start=None):
    out = ["# Seats: N = P1 (the dealer), E = P2, S = P3, W = P4; sides P1+P3 (NS), P2+P4 (EW).",
           "game hasenpfeffer"]
    words = ["%s=%s" % (k, options[k]) for k in sorted(options)]
    if words:
        out.append("option " + " ".join(words))
    if start is not None:
        out.append("start-scores %d %d" % start)
    out += ["deal", "dealer P1"]
    return out


def play_out(st, w, rng, kinds):
    """Play the deal to its end, writing every action."""
    players = [h.Player(g, rng.next30()) if k == "heuristic" else None for k in kinds]
    n = len(st.played) // 4
    while not st.done:
        if not st.trick:
            n += 1
            w.add("# trick %d" % n)
        seat = st.to_move
        o = st.observation(seat)
        if players[seat] is not None:
            a = players[seat].choose(o)
        else:
            a = o.legal[rng.below(len(o.legal))]
        w.add("%s %s" % (seat_name(seat), st.action_text(a)))
        st.apply(a)


def apply_calls(st, calls):
    for seat, text in calls:
        if not text:
            continue
        assert st.to_move == seat, (seat_name(seat), text)
        st.apply_text(text)


def scoring_records():
    for vid, what, calls, t, joker_at, start, target, seed_exp, classic_exp in SCORING:
        for scoring, exp in (("seed", seed_exp), ("classic", classic_exp)):
            if exp is None:
                continue
            opts = {}
            if scoring != "seed":
                opts["scoring"] = scoring
            if target != 10:
                opts["match_target"] = target
            o = Options(g.SETTINGS, opts)
            rng = Rng(sum([ord(c) for c in vid + scoring]) * 7919)
            for attempt in range(200000):
                deck = g.pack25()
                rng.shuffle(deck)
                st = g.Hasenpfeffer(o, 0, deck)
                if joker_at is not None and JOKER not in st.hands[joker_at]:
                    continue
                apply_calls(st, calls)
                decl = st.declarer
                ds = decl % 2
                st.apply(g.TRUMP + h.best_trump(st.hands[decl], False)[0])
                kinds = ["random"] * 4
                if t >= 5:
                    kinds[decl], kinds[(decl + 2) % 4] = "heuristic", "heuristic"
                elif t <= 1:
                    kinds[(decl + 1) % 4], kinds[(decl + 3) % 4] = "heuristic", "heuristic"
                w = Writer([])
                st2 = st
                play_out(st2, w, Rng(rng.next30()), kinds)
                if st2.tricks[ds] != t:
                    continue
                title = ["# Hasenpfeffer spec §11.1, %s (%s scoring): %s." % (vid, scoring, what)]
                if vid == "D14":
                    title = ["# Hasenpfeffer spec Decision 14 / §9 (classic scoring): %s." % what]
                body = header(opts, start if start != (0, 0) else None)
                body.append("deck " + " ".join([card_text(c) for c in deck]))
                for seat, text in calls:
                    if text:
                        body.append("%s %s" % (seat_name(seat), text))
                if calls[-1][1] == "bid 6":
                    body.append("# nobody can overcall 6: the auction ends (Decision 6)")
                if st2.forced:
                    body.append("# all passed: %s holds the joker, so he declares 3"
                                % seat_name(decl))
                body.append("%s %s" % (seat_name(decl), st2.action_text(g.TRUMP + st2.trump)))
                r = Writer(title + body + w.lines)
                r.add("# tricks taken by the declaring side: %d" % t)
                r.add("result " + exp[0])
                r.add("scores " + exp[1])
                if exp[2]:
                    r.add("winner " + exp[2])
                else:
                    # the match goes on: the next dealer (left) may deal
                    r.add("deal")
                    r.add("dealer P2")
                r.save("spec_11_1_%s_%s.rec" % (vid.lower(), scoring))
                break
            else:
                raise SystemExit("no deal found for %s" % vid)


def s9_record():
    # S9: all four pass with the joker as d[24]: annulled, no score; the
    # deal passes left (P2 deals and P4, opposite him, bids first).
    rng = Rng(9)
    for scoring in ("seed", "classic"):
        deck = [c for c in pack25() if c != JOKER]
        rng.shuffle(deck)
        deck.append(JOKER)
        opts = {} if scoring == "seed" else {"scoring": scoring}
        body = ["# Hasenpfeffer spec §11.1, S9 (%s scoring): all four pass and the joker is "
                "the undealt d[24]:" % scoring,
                "# the deal is annulled, nobody scores, the deal passes left."]
        body += header(opts)
        body.append("deck " + " ".join([card_text(c) for c in deck]))
        for seat, text in ALL_PASS:
            body.append("%s %s" % (seat_name(seat), text))
        body += ["result void", "scores 0 0", "deal", "dealer P2", "P4 pass"]
        Writer(body).save("spec_11_1_s9_%s.rec" % scoring)


def auction_records():
    for vid, what, opts, calls, decl, contract in AUCTIONS:
        o = Options(g.SETTINGS, opts)
        rng = Rng(sum([ord(c) for c in vid]) * 104729)
        deck = g.pack25()
        rng.shuffle(deck)
        st = g.Hasenpfeffer(o, 0, deck)
        apply_calls(st, calls)
        assert (st.declarer, st.contract, st.phase) == (decl, contract, g.NAMING), vid
        body = ["# Hasenpfeffer spec §11.2, %s: %s." % (vid, what)]
        if vid == "A8":
            body = ["# Hasenpfeffer spec §5 (pass_is_final=false), %s: %s." % (vid, what)]
        body += header(opts)
        body.append("deck " + " ".join([card_text(c) for c in deck]))
        for seat, text in calls:
            if text:
                body.append("%s %s" % (seat_name(seat), text))
        body.append("# %s declares %d (the next line is his)" % (seat_name(decl), contract))
        body.append("%s trump H" % seat_name(decl))
        st.apply_text("trump H")
        w = Writer([])
        play_out(st, w, rng, ["random"] * 4)
        body += w.lines
        body.append("# the contract and declarer come from the auction above; the tricks "
                    "from the play")
        body += spec_result(body, decl, contract, "H", False)
        Writer(body).save("spec_11_2_%s.rec" % vid.lower())


def trick_records():
    for vid, what, opts, trump, cards, winner in TRICKS:
        o = Options(g.SETTINGS, opts)
        trick = parse_cards(cards)
        order = [2, 3, 0, 1]  # S leads, as the declarer
        rng = Rng(sum([ord(c) for c in vid]) * 15485863)
        for attempt in range(100000):
            rest = [c for c in g.pack25() if c not in trick]
            rng.shuffle(rest)
            hands = [[], [], [], []]
            for i in range(4):
                hands[order[i]].append(trick[i])
            k = 0
            for s in range(4):
                while len(hands[s]) < 6:
                    hands[s].append(rest[k])
                    k += 1
            deck = deck_from_hands(hands, rest[k])
            st = g.Hasenpfeffer(o, 0, deck)
            apply_calls(st, TRICK_BIDS)
            st.apply_text("trump " + trump)
            ok = True
            for c in trick:
                if c not in st.legal():
                    ok = False
                    break
                st.apply(c)
            if not ok:
                continue
            assert st.to_move == winner, (vid, st.to_move)
            # the oracle below agrees with the spec's vector
            left = opts.get("left_bower") == "true"
            assert spec_trick_winner(list(zip(order, cards.split())), trump, left) == winner, vid
            body = ["# Hasenpfeffer spec §11.3, %s (trump %s): %s." % (vid, trump, what)]
            body += header(opts)
            body.append("deck " + " ".join([card_text(c) for c in deck]))
            for seat, text in TRICK_BIDS:
                body.append("%s %s" % (seat_name(seat), text))
            body.append("P3 trump " + trump)
            body.append("# trick 1: the vector")
            for i in range(4):
                body.append("%s %s" % (seat_name(order[i]), card_text(trick[i])))
            body.append("# %s won it, so he leads next (the replay checks whose turn it is)"
                        % seat_name(winner))
            w = Writer([])
            play_out(st, w, rng, ["random"] * 4)
            body += w.lines
            body += spec_result(body, 2, 1, trump, left)
            Writer(body).save("spec_11_3_%s.rec" % vid.lower())
            break
        else:
            raise SystemExit("no deal found for %s" % vid)


if __name__ == "__main__":
    scoring_records()
    s9_record()
    auction_records()
    trick_records()
