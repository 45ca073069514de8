"""Writes the Skat spec's worked examples (shared/rules/skat.md §9) as
records under tests/records/skat/.  Not a test: a tool, kept so that the
records can be rebuilt and checked.

    python tests/skat_records_gen.py

For a declarer example the spec fixes the declarer's seat, bid, ten cards,
the skat, the contract and the outcome (card points, tricks); the tool deals
the other twenty cards and searches the card play for one that ends with
exactly that outcome.  For a Ramsch example the spec fixes every trick's
winner and card points; the tool builds tricks that give them, with every
follower obeying suit.  Each record is then replayed (engine.records) and its
stated result must come out."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.skat import rules as skat  # noqa: E402
from engine.cards import parse_cards, card_text, pack32  # noqa: E402
from engine.game import seat_name, parse_options  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.records import replay  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.skat.scoring import POINTS, GRAND_SOLO, tables_for  # noqa: E402
from engine.tricks import winning_index  # noqa: E402

OUT = os.path.join(ROOT, "tests", "records", "skat")
DEALER = 0  # P1 deals: forehand P2, middlehand P3, rearhand P1
F, M, R = 1, 2, 0
SEATS = {"F": F, "M": M, "R": R}


def build_deck(hands, skat_cards):
    """hands[seat] (10 cards each) -> the deck order of §2.4 (dealer P1)."""
    d = [None] * 32
    order = {F: [0, 1, 2, 11, 12, 13, 14, 23, 24, 25],
             M: [3, 4, 5, 15, 16, 17, 18, 26, 27, 28],
             R: [6, 7, 8, 19, 20, 21, 22, 29, 30, 31]}
    for seat in (F, M, R):
        for i, c in zip(order[seat], hands[seat]):
            d[i] = c
    d[9], d[10] = skat_cards
    return d


def auction(seat, bid, isko=False):
    if bid == (18 if isko else 10) and seat == F:
        return [(M, "pass"), (R, "pass"), (F, "play")]
    if seat == M:
        return [(M, "bid %d" % bid), (F, "pass"), (R, "pass")]
    if seat == F:
        return [(M, "bid %d" % bid), (F, "hold"), (M, "pass"), (R, "pass")]
    return [(M, "pass"), (R, "bid %d" % bid), (F, "pass")]


def new_state(deck, options=()):
    m = Match(skat, parse_options(skat.SETTINGS, options), 1, dealer=DEALER)
    return m.new_deal(deck)


def declarer_example(ex, seed=1):
    hand = parse_cards(ex["hand"])
    sk = parse_cards(ex["skat"])
    rest = [c for c in pack32() if c not in hand and c not in sk]
    seat = SEATS[ex["seat"]]
    rng = Rng(seed)
    for attempt in range(3000):
        pool = list(rest)
        rng.shuffle(pool)
        hands = {seat: hand}
        others = [s for s in (F, M, R) if s != seat]
        hands[others[0]] = sorted(pool[:10])
        hands[others[1]] = sorted(pool[10:])
        for k, v in ex.get("opp", {}).items():  # a hand-made deal
            hands[SEATS[k]] = parse_cards(v)
        deck = build_deck(hands, sk)
        st = new_state(deck, ex.get("options", ()))
        pre = auction(seat, ex["bid"], ex.get("options")) + [(seat, t) for t in ex["steps"]]
        for s, t in pre:
            assert st.to_move == s, (ex["id"], t, st.to_move)
            st.apply_text(t)
        if "first" in ex:  # a fixed opening, e.g. E9b's diamond lead
            ok_first = True
            for s, t in ex["first"]:
                a = st.parse_action(t)
                if st.to_move != s or a not in st.legal():
                    ok_first = False
                    break
                pre.append((s, t))
                st.apply(a)
            if not ok_first:
                continue
        want = ex["result"]
        pts = ex.get("pts")
        tr = ex.get("tr")
        ntricks = ex.get("ntricks")
        concede = ex.get("concede", False)
        skat_pts = POINTS[st.skat[0]] + POINTS[st.skat[1]] if st.phase == skat.PLAYING else 0

        def ok(s):
            r = s.result
            if r.points[seat] != want:
                return False
            if pts is not None and s.card_points()[seat] != pts:
                return False
            if tr is not None and s.tricks[seat] != tr:
                return False
            if ntricks is not None and len(s.history) != ntricks:
                return False
            if concede == "after lead" and len(s.trick) != 1:
                return False
            if "lead2" in ex and s.history[0][2] != SEATS[ex["lead2"]]:
                return False  # trick 2 led from the seat the example names
            return s.conceded == bool(concede)

        def prune(s):
            if concede:
                return len(s.history) > 1
            d_tricks = s.tricks[seat]
            if tr is not None:
                if d_tricks > tr or len(s.history) - d_tricks > 10 - tr:
                    return True
            if pts is not None:
                mine = s.points[seat] + skat_pts
                theirs = sum(s.points) - s.points[seat]
                if mine > pts or theirs > 120 - pts:
                    return True
            if ntricks is not None and len(s.history) > ntricks:
                return True
            return False

        bias = 0
        if (pts is not None and pts >= 85) or (tr is not None and tr >= 8):
            bias = 1
        elif (pts is not None and pts <= 72) or (tr is not None and tr <= 3 and ntricks is None):
            bias = -1
        if attempt % 3 == 2:
            bias = 0
        play = search_filtered(st, ok, prune, rng, 500, concede, seat, bias,
                               24 + 60 * (attempt % 4))
        if play is not None:
            return deck, pre + play
    raise SystemExit("no play found for %s" % ex["id"])


def search_filtered(st, ok, prune, rng, budget, concede, seat=-1, bias=0, noise=24):
    """Depth-first search over the card play for a finished deal with ok(st);
    returns the actions as (seat, text) or None.  Concessions are left out
    unless the example concedes (then the concession is taken as soon as it
    is offered).  Short searches from many deals beat one long search: a
    depth-first search stuck deep in a hopeless branch never gets out."""
    path = []
    count = [0]

    def rec(s):
        count[0] += 1
        if count[0] > budget:
            return False
        if s.done:
            return ok(s)
        if prune(s):
            return False
        legal = list(s.legal())
        if skat.CONCEDE in legal:
            if concede == "after lead" and not s.trick:
                legal.remove(skat.CONCEDE)  # wait for the lead of trick 2
            elif concede:
                legal = [skat.CONCEDE]
            else:
                legal.remove(skat.CONCEDE)
        rng.shuffle(legal)
        if bias and s.phase == skat.PLAYING:
            # Strong targets: the declarer plays high and the defenders low
            # first (weak targets the other way round); a little noise.
            sign = bias if s.to_move == seat else -bias
            keyed = [(-sign * (s.power[a] * 16 + POINTS[a]) * 8 + rng.below(noise), a)
                     for a in legal if a < 32]
            keyed.sort()
            legal = [a for _, a in keyed] + [a for a in legal if a >= 32]
        for a in legal:
            s2 = s.clone()
            s2.apply(a)
            path.append((s.to_move, s.action_text(a)))
            if rec(s2):
                return True
            path.pop()
        return False

    return list(path) if rec(st) else None


ISKO = ("laws=isko",)
TAKE = "take skat"
# Appendix A (laws=isko): A.9's worked examples, then every game type,
# announcement and the overbid, with their values (A.4-A.7).
ISKO_DECLARER = [
    dict(id="I1", seat="M", bid=36, hand="JC JS AC TC KC 9C AS TS AH 7D", skat="7C 8H",
         steps=[TAKE, "discard 7D", "discard 8H", "solo C"], pts=75, result=36,
         text="A.9: clubs after taking the skat, with 2, 75 points: 12 x (2 + 1) = 36"),
    dict(id="I2", seat="F", bid=48, hand="JS JH JD AC TC AS TS AH TH KS", skat="7D 8D",
         steps=["hand", "grand", "announce nothing"], pts=92, result=96,
         text="A.9: grand Hand against 1, 92 points: 24 x (1 + 1 + hand + schneider) = 96"),
    dict(id="I3a", seat="M", bid=18, hand="JC AH TH KH 9H 8H AS KS 7C 8D", skat="7S 7D",
         steps=[TAKE, "discard 7S", "discard 7D", "solo H"], pts=60, result=-40,
         text="A.9: hearts after taking the skat, with 1, bid 18, 60 points: 10 x 2 = 20, lost, doubled"),
    dict(id="I3b", seat="M", bid=22, hand="JC AH TH KH 9H 8H AS KS 7C 8D", skat="7S 7D",
         steps=[TAKE, "discard 7S", "discard 7D", "solo H"], pts=60, result=-60,
         text="A.9: as I3a with bid 22: 20 < 22, overbid -> 10 x 3 = 30, doubled"),
    dict(id="I4a", seat="M", bid=24, hand="JC AD TD KD 9D 8D AS TS AH 7C", skat="7S 8S",
         steps=[TAKE, "discard 7S", "discard 8S", "solo D"], pts=81, result=-54,
         text="A.9: diamonds after taking the skat, with 1, bid 24, 81 points: 18 < 24, overbid -> 27, doubled"),
    dict(id="I4b", seat="M", bid=24, hand="JC AD TD KD 9D 8D AS TS AH 7C", skat="7S 8S",
         steps=["hand", "solo D", "announce nothing"], pts=81, result=27,
         text="A.9: as I4a played Hand: 9 x (1 + 1 + hand) = 27 >= 24"),
    dict(id="I5", seat="M", bid=18, hand="7C 8C 9C 7S 8S 7H 8H 9H 7D 8D", skat="AC AS",
         steps=["hand", "null ouvert"], tr=0, result=59,
         text="A.9: Null ouvert Hand won: 59"),
    dict(id="I6", seat="F", bid=18, hand="7C 8C 9C 7S 8S 7H 8H AH 7D KD", skat="9D TS",
         steps=[TAKE, "discard 9D", "discard TS", "null"], tr=1, result=-46,
         text="A.9: Null with the skat lost (the declarer wins a trick, play stops): 23, doubled"),
    dict(id="I7", seat="M", bid=27, hand="JC AD TD KD 9D 8D AS 7S 7H 7C", skat="8S 8C",
         steps=[TAKE, "discard 8S", "discard 8C", "solo D"], pts=25, result=-54,
         text="A.6: bid 27, diamonds with 1 after taking the skat, 25 points: 9 x 3 (schneider against him) = 27, lost, doubled"),
    dict(id="I8", seat="R", bid=30, hand="JC JS JH AH TH KH QH AS AC 7D", skat="9S 8C",
         steps=["hand", "solo H", "announce schneider"], pts=95, result=70,
         text="hearts Hand, schneider announced, with 3, 95 points: 10 x (3 + 1 + hand + schneider + announced) = 70"),
    dict(id="I9", seat="R", bid=30, hand="JC JS JH AH TH KH QH AS AC 7D", skat="9S 8C",
         steps=["hand", "solo H", "announce schneider"], pts=85, result=-140,
         text="as I8 with 85 points: the announced schneider missed: 70, doubled"),
    dict(id="I10", seat="M", bid=60, hand="JC JS JH JD AC TC KC QC AS AH", skat="7D 8D",
         steps=["hand", "solo C", "announce schwarz"], tr=10, result=168,
         text="clubs Hand, schwarz announced, with 8, all tricks: 12 x (8 + 1 + hand + schneider, announced + schwarz, announced) = 168"),
    dict(id="I11", seat="M", bid=60, hand="JC JS JH JD AC TC KC QC AS AH", skat="7D 8D",
         steps=["hand", "solo C", "announce ouvert"], tr=10, result=180,
         text="clubs ouvert Hand, with 8, all tricks: 12 x (8 + 7) = 180"),
    dict(id="I12", seat="M", bid=100, hand="JC JS JH JD AC TC KC AS TS AH", skat="7D 8D",
         steps=["hand", "grand", "announce ouvert"], tr=10, result=264,
         text="A.4: grand ouvert Hand with 4, all tricks: 24 x (4 + 7) = 264"),
    dict(id="I13", seat="M", bid=100, hand="JC JS JH JD AC TC KC AS TS AH", skat="7D 8D",
         steps=["hand", "grand", "announce ouvert"], ntricks=1, tr=0, result=-528,
         first=[(F, "AD"), (M, "AH")],
         text="as I12; F leads a diamond, the void declarer discards AH, the defenders win trick 1 -> stop: 264, doubled"),
    dict(id="I14", seat="R", bid=18, hand="JC JS AS TS KS QS 9S AH TH 7D", skat="8C 7H",
         steps=["hand", "solo S", "announce schwarz"], result=-176,
         text="spades Hand, schwarz announced, with 2; the defenders win a trick -> stop: "
              "11 x (2 + 1 + hand + schneider, announced + schwarz, announced) = 88, doubled"),
    dict(id="I15", seat="F", bid=18, hand="JS JH AC TC KC AS TS AH KH 9D", skat="7S 8H",
         steps=[TAKE, "discard 9D", "discard 8H", "grand"], pts=78, result=48,
         text="grand after taking the skat, against 1 (F plays after two passes at 18), 78 points: 24 x 2 = 48"),
    dict(id="I16", seat="M", bid=20, hand="7C 8C 9C 7S 8S 7H 8H 9H 7D TD", skat="AC AS",
         steps=["hand", "null"], tr=0, result=35, text="Null Hand won: 35"),
    dict(id="I17", seat="M", bid=23, hand="7C 8C 9C 7S 8S 7H 8H 9H 7D TD", skat="AC AS",
         steps=[TAKE, "discard AC", "discard AS", "null ouvert"], tr=0, result=46,
         text="Null ouvert with the skat won: 46"),
    dict(id="I18", seat="F", bid=96, hand="JS JH JD AC TC AS TS AH TH KS", skat="7D 8D",
         steps=["hand", "grand", "announce nothing"], pts=75, result=-192,
         text="overbid: grand Hand against 1, bid 96, 75 points: 24 x 3 = 72 < 96 -> 24 x 4 = 96, doubled"),
    dict(id="I21", seat="M", bid=100, hand="JC JS JH AC TC KC AS TS AH KH", skat="7D 8D",
         steps=["hand", "grand", "announce schneider"], pts=100, result=168,
         text="grand Hand, schneider announced, with 3, 100 points: 24 x (3 + 1 + hand + schneider + announced) = 168"),
    dict(id="I22", seat="M", bid=100, hand="JC JS JH JD AC TC KC AS TS AH", skat="7D 8D",
         steps=["hand", "grand", "announce schwarz"], tr=10, result=240,
         text="grand Hand, schwarz announced, with 4, all tricks: 24 x (4 + 1 + hand + 4) = 240"),
]
for _ex in ISKO_DECLARER:
    _ex["options"] = ISKO


def ramsch_example(ex, seed=1):
    """Tricks with the given winners and card points, every follower obeying
    suit (a void, once shown, holds for the rest of the deal).  A depth-first
    search over tricks, a few random candidates per trick, restarted when it
    runs too long."""
    suits, power = tables_for(GRAND_SOLO, -1)[:2]
    trump = 4
    winners = [SEATS[w] for w in ex["winners"].split()]
    sk = parse_cards(ex["skat"])
    if "points" in ex:
        tpts = [int(x) for x in ex["points"].split()]
        need = None
    else:
        # Only the totals are fixed (F M R, the skat included): R4-R6 of the
        # spec list trick points no real deal can give (see RAMSCH below).
        tpts = [120] * 10
        tot = [int(x) for x in ex["totals"].split()]
        need = {F: tot[0], M: tot[1], R: tot[2]}
        need[winners[9]] -= POINTS[sk[0]] + POINTS[sk[1]]
    pool0 = [c for c in pack32() if c not in sk]
    rng = Rng(seed)

    def triples(t, leader, pool, voids):
        seats = [leader, (leader + 1) % 3, (leader + 2) % 3]
        out = []
        for a in pool:
            if suits[a] in voids[seats[0]] or POINTS[a] > tpts[t]:
                continue
            for b in pool:
                if b == a or suits[b] in voids[seats[1]] or POINTS[a] + POINTS[b] > tpts[t]:
                    continue
                rest = tpts[t] - POINTS[a] - POINTS[b]
                for c in pool:
                    if c == a or c == b or (need is None and POINTS[c] != rest) or suits[c] in voids[seats[2]]:
                        continue
                    if seats[winning_index([a, b, c], suits, power, trump)] != winners[t]:
                        continue
                    if need is not None and acc[winners[t]] + POINTS[a] + POINTS[b] + POINTS[c] > need[winners[t]]:
                        continue
                    out.append((a, b, c))
        return out

    acc = {F: 0, M: 0, R: 0}
    for restart in range(3000):
        tricks = []
        count = [0]

        def rec(t, leader, pool, voids):
            count[0] += 1
            if count[0] > 400:
                return False
            if t == 10:
                return need is None or acc == need
            cands = triples(t, leader, pool, voids)
            rng.shuffle(cands)
            seats = [leader, (leader + 1) % 3, (leader + 2) % 3]
            for a, b, c in cands[:6]:
                led = suits[a]
                nv = {s: set(v) for s, v in voids.items()}
                for s, x in ((seats[1], b), (seats[2], c)):
                    if suits[x] != led:
                        nv[s].add(led)
                tricks.append((a, b, c))
                won = POINTS[a] + POINTS[b] + POINTS[c]
                acc[winners[t]] += won
                if rec(t + 1, winners[t], [x for x in pool if x not in (a, b, c)], nv):
                    return True
                acc[winners[t]] -= won
                tricks.pop()
            return False

        if rec(0, F, pool0, {F: set(), M: set(), R: set()}):
            break
    else:
        raise SystemExit("no Ramsch deal for %s" % ex["id"])
    hands = {F: [], M: [], R: []}
    actions = []
    leader = F
    for t, (a, b, c) in enumerate(tricks):
        seats = [leader, (leader + 1) % 3, (leader + 2) % 3]
        for s, x in zip(seats, (a, b, c)):
            hands[s].append(x)
            actions.append((s, card_text(x)))
        leader = winners[t]
    deck = build_deck({s: sorted(h) for s, h in hands.items()}, sk)
    return deck, [(M, "pass"), (R, "pass"), (F, "pass")] + actions


DECLARER = [
    dict(id="E1", seat="M", bid=12, hand="JC JH AH TH KH 8H AS KS 7D 9C", skat="7H 7S",
         steps=["tournee", "accept", "discard 7D", "discard 9C"], pts=75, tr=6, result=12,
         text="Tournee; S1 = 7H accepted -> hearts (6); discards 7D 9C; with 1; 75 points, 6 tricks; 1 + 1 = 2"),
    dict(id="E2a", seat="F", bid=30, hand="JS JH AC TC KC AS TS AH 8D 9D", skat="JD 7C",
         steps=["tournee", "accept", "grand tournee", "discard 8D", "discard 9D"], pts=95, tr=8, result=36,
         text="Tournee; S1 = JD accepted, Grand chosen -> Grand Tournee (12); against 1; 95 points (schneider); 1 + 2 = 3"),
    dict(id="E2b", seat="F", bid=30, hand="JS JH AC TC KC AS TS AH 8D 9D", skat="JD 7C",
         steps=["tournee", "accept", "grand tournee", "discard 8D", "discard 9D"], pts=80, result=-36,
         text="as E2a with 80 points: 12 x 2 = 24 < 30, overbid; least multiple of 12 >= 30 = 36"),
    dict(id="E3", seat="R", bid=20, hand="JC JS AS TS 9S AH KH 8D 9D 8C", skat="7D KS",
         steps=["tournee", "reject", "discard 8D", "discard 9D"], pts=52, tr=4, result=-42,
         text="Tournee; S1 = 7D seen and rejected; S2 = KS shown -> spades (7), second show; with 2; lost 2 + 1 = 3 -> 21, doubled"),
    dict(id="E4", seat="M", bid=48, hand="JC JS JH AC TC AS TS AH 9H 7D", skat="AD 8C",
         steps=["guckser", "discard AH", "discard 9H"], pts=98, tr=9, result=80,
         opp={"F": "TH KH QH 8H 7H TD KD QD 9D 8D", "R": "JD KC QC 9C 7C KS QS 9S 8S 7S"},
         first=[(F, "TH"), (M, "TC"), (R, "JD")],
         text="Guckser (16); discards AH 9H (11 points, the declarer's); with 3; 98 points, 9 tricks (schneider); 3 + 2 = 5"),
    dict(id="E5a", seat="F", bid=33, hand="JH JD AC TC KC AS TS AH KH 9D", skat="JS 7H",
         steps=["guckser", "discard 9D", "discard 7H"], pts=72, tr=6, result=-96,
         text="Guckser, the seed's section 2 approved decision: against 1; 16 x 2 = 32 < 33: overbid -> 48, doubled"),
    dict(id="E5b", seat="F", bid=33, hand="JH JD AC TC KC AS TS AH KH 9D", skat="JS 7H",
         steps=["guckser", "discard 9D", "discard 7H"], pts=93, result=48,
         text="as E5a with 93 points (schneider): 16 x 3 = 48 >= 33"),
    dict(id="E6a", seat="M", bid=40, hand="JD AH TH KH QH 9H 8H AS AC 7D", skat="JC 8S",
         steps=["hand", "solo H", "announce nothing"], pts=68, tr=6, result=-40,
         text="Heart Solo (10), the seed's section 8.1 example: with 1 (JC in the skat); 10 x 2 = 20 < 40: overbid -> 40"),
    dict(id="E6b", seat="M", bid=40, hand="JD AH TH KH QH 9H 8H AS AC 7D", skat="8C 8S",
         steps=["hand", "solo H", "announce nothing"], pts=68, result=40,
         text="as E6a with 8C 8S in the skat: against 3; 3 + 1 = 4 -> 40"),
    dict(id="E7a", seat="R", bid=30, hand="JC JS JH AH TH KH QH AS AC 7D", skat="9S 8C",
         steps=["hand", "solo H", "announce schneider"], pts=95, tr=8, result=60,
         text="Heart Solo, schneider announced; with 3; 3 + 3 = 6"),
    dict(id="E7b", seat="R", bid=30, hand="JC JS JH AH TH KH QH AS AC 7D", skat="9S 8C",
         steps=["hand", "solo H", "announce schneider"], pts=85, result=-60,
         text="as E7a with 85 points: the announced schneider missed; 3 + 3 = 6"),
    dict(id="E8", seat="F", bid=40, hand="JC JS AC TC KC QC AS TS AH AD", skat="7H 8D",
         steps=["hand", "grand", "announce nothing"], pts=120, tr=10, result=100,
         text="Grand Solo (20), no announcement; with 2; all 10 tricks; 2 + 3 = 5"),
    dict(id="E9a", seat="M", bid=100, hand="JC JS JH JD AC TC KC AS TS AH", skat="7D 8D",
         steps=["hand", "grand ouvert"], tr=10, result=216,
         text="Grand ouvert (24); with 4; all 10 tricks; 4 + 5 = 9"),
    dict(id="E9b", seat="M", bid=100, hand="JC JS JH JD AC TC KC AS TS AH", skat="7D 8D",
         steps=["hand", "grand ouvert"], ntricks=1, tr=0, result=-216,
         first=[(F, "AD"), (M, "AH")],
         text="as E9a; F leads a diamond, the void declarer discards AH, the defenders win trick 1 -> stop"),
    dict(id="E10a", seat="F", bid=20, hand="7C 8C 9C 7S 8S 7H 8H 9H 7D TD", skat="AC AS",
         steps=["hand", "null"], tr=0, result=20, text="Null (20); no trick"),
    dict(id="E10b", seat="F", bid=35, hand="7C 8C 9C 7S 8S 7H 8H 9H 7D TD", skat="AC AS",
         steps=["hand", "null ouvert"], ntricks=6, tr=1, result=-40,
         text="Null ouvert (40), Null being illegal at 35; the declarer wins trick 6 -> stop"),
    dict(id="E11", seat="M", bid=33, hand="JH JD AS TS KS QS 9S AC TC 7D", skat="7C 8H",
         steps=["hand", "solo S", "announce nothing"], concede=True, result=-44,
         text="Spade Solo (11), conceded after trick 1; against 2; 2 + 2 (game, schneider) = 4"),
    dict(id="E11b", seat="M", bid=33, hand="JH JD AS TS KS QS 9S AC TC 7D", skat="7C 8H",
         steps=["hand", "solo S", "announce nothing"], concede="after lead", lead2="F", result=-44,
         text="as E11; F leads trick 2 and the declarer, second, concedes instead of playing to it "
              "(D18: until the second card)"),
    dict(id="E11c", seat="M", bid=33, hand="JH JD AS TS KS QS 9S AC TC 7D", skat="7C 8H",
         steps=["hand", "solo S", "announce nothing"], concede="after lead", lead2="R", result=-44,
         text="as E11; R leads trick 2 and the declarer, third, plays on before the lead and "
              "concedes after it (D18: until the second card)"),
    dict(id="E12", seat="R", bid=18, hand="JC AD TD KD 9D 8D AS 7S 7H 7C", skat="9H 8C",
         steps=["hand", "solo D", "announce nothing"], pts=28, tr=3, result=-27,
         text="Diamond Solo (9); with 1; 28 points, 3 tricks (schneidered); 1 + 2 = 3"),
    dict(id="E13", seat="F", bid=10, hand="8D 7D 7S 8S 9S 7H 8H 9H 7C 8C", skat="9D QD",
         steps=["tournee", "accept", "discard 7C", "discard 8C"], pts=0, tr=0, result=-50,
         text="M and R pass, F plays; Tournee; S1 = 9D accepted -> diamonds (5); against 7; no trick; 7 + 3 = 10"),
    dict(id="E14a", seat="M", bid=24, hand="JC JS AC TC KC 9C AS TS AH 7D", skat="7C 8H",
         steps=["tournee", "accept", "discard 7D", "discard 8H"], pts=90, result=24,
         text="Tournee; S1 = 7C accepted -> clubs (8); with 2; 90 points; 2 + 1 = 3"),
    dict(id="E14b", seat="M", bid=24, hand="JC JS AC TC KC 9C AS TS AH 7D", skat="7C 8H",
         steps=["tournee", "accept", "discard 7D", "discard 8H"], pts=91, result=32,
         text="as E14a with 91 points (schneider); 2 + 2 = 4"),
    dict(id="E14c", seat="M", bid=24, hand="JC JS AC TC KC 9C AS TS AH 7D", skat="7C 8H",
         steps=["tournee", "accept", "discard 7D", "discard 8H"], pts=31, result=-24,
         text="as E14a with 31 points: lost, not schneidered; 2 + 1 = 3"),
    dict(id="E14d", seat="M", bid=24, hand="JC JS AC TC KC 9C AS TS AH 7D", skat="7C 8H",
         steps=["tournee", "accept", "discard 7D", "discard 8H"], pts=30, result=-32,
         opp={"F": "JH JD QC 8C AD TD KD QD 9D 8D", "R": "KS QS 9S 8S 7S TH KH QH 9H 7H"},
         text="as E14a with 30 points: lost schneidered; 2 + 2 = 4"),
    dict(id="E15a", seat="R", bid=18, hand="JH JD AH TH KH 9H AS TS 7C 8D", skat="8H JS",
         steps=["tournee", "accept", "discard 7C", "discard 8D"], pts=70, result=-18,
         text="Tournee; S1 = 8H accepted -> hearts (6); against 1 (JS from the skat); 12 < 18: overbid -> 18"),
    dict(id="E15b", seat="R", bid=18, hand="JH JD AH TH KH 9H AS TS 7C 8D", skat="JS 8H",
         steps=["tournee", "reject", "discard 7C", "discard 8D"], pts=70, result=-36,
         text="Tournee; S1 = JS seen and rejected; S2 = 8H -> hearts, second show; against 1; overbid -> 18, doubled"),
    dict(id="E15c", seat="R", bid=18, hand="JH JD AH TH KH 9H AS TS 7C 8D", skat="8H 8C",
         steps=["tournee", "accept", "discard 7C", "discard 8D"], pts=70, result=18,
         text="Tournee; S1 = 8H accepted -> hearts; against 2; 2 + 1 = 3 -> 18"),
]

RAMSCH = [
    dict(id="R1", winners="F M R M R M R F M R", points="0 11 14 10 4 21 3 10 15 10", skat="AC AS",
         result="ramsch P2 +10", scores="0 10 0", text="unique lowest total, F with tricks: F +10 (totals 10/57/53)"),
    dict(id="R2", winners="M R M R M R M R M R", points="10 20 11 4 15 10 14 2 10 2", skat="AC AS",
         result="ramsch P2 +20", scores="0 20 0", text="unique lowest, F took no trick: F +20 (totals 0/60/60)"),
    dict(id="R3", winners="M M M M M M M M M M", points="10 20 11 4 15 10 14 2 10 2", skat="AC AS",
         result="ramsch P3 -30", scores="0 0 -30", text="all tricks by M: M -30"),
    # R4-R6: the spec's trick points cannot come from a real deal (its 20-,
    # 10- and 0-point tricks and a 10-point skat leave room for at most two
    # of the four aces, which are worth 11 each), so these records keep the
    # spec's trick winners, skat and totals and let the tool choose the cards.
    dict(id="R4", winners="F M R F M R F M R F", totals="40 40 40", skat="TC 7C",
         result="ramsch P2 +10", scores="0 10 0", text="40/40/40: F +10"),
    dict(id="R5", winners="M F M F M F M R M R", totals="30 60 30", skat="TC 7C",
         result="ramsch P1 +10", scores="10 0 0", text="F = R lowest (30); R won trick 10: R +10"),
    dict(id="R6", winners="F M R M F R M M R M", totals="25 70 25", skat="TC 7C",
         result="ramsch P1 +10", scores="10 0 0",
         text="F = R lowest (25); M won trick 10; R's latest trick (9) is later than F's (5) (D17): R +10"),
]


def write(name, head, deck, actions, result, scores, note=None, options=()):
    lines = ["# Skat spec %s: %s" % ("Appendix A" if options else "§9", head),
             "# Dealer P1: forehand P2, middlehand P3, rearhand P1."]
    if note:
        lines.append("# " + note)
    lines.append("game skat")
    if options:
        lines.append("option " + " ".join(options))
    lines += ["deal", "dealer P1",
             "deck " + " ".join(card_text(c) for c in deck)]
    for s, t in actions:
        lines.append("%s %s" % (seat_name(s), t))
    lines.append("result " + result)
    lines.append("scores " + scores)
    text = "\n".join(lines) + "\n"
    m = replay(text)  # raises if anything disagrees
    # State the whole result line (card points, matadors, tricks) too.
    lines[-2] = "result " + m.last.text()
    text = "\n".join(lines) + "\n"
    replay(text)
    with open(os.path.join(OUT, name + ".rec"), "w") as f:
        f.write(text)


def main():
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[1:]
    for ex in DECLARER:
        if only and ex["id"] not in only:
            continue
        deck, actions = declarer_example(ex)
        seat = SEATS[ex["seat"]]
        res = "%s %+d" % (seat_name(seat), ex["result"])
        sc = ["0", "0", "0"]
        sc[seat] = str(ex["result"])
        write(ex["id"], "%s: %s, bid %d. %s" % (ex["id"], ex["seat"], ex["bid"], ex["text"]),
              deck, actions, res, " ".join(sc))
        print(ex["id"], "ok")
    for ex in ISKO_DECLARER:
        if only and ex["id"] not in only:
            continue
        deck, actions = declarer_example(ex)
        seat = SEATS[ex["seat"]]
        sc = ["0", "0", "0"]
        sc[seat] = str(ex["result"])
        write(ex["id"], "%s: %s, bid %d. %s" % (ex["id"], ex["seat"], ex["bid"], ex["text"]),
              deck, actions, "%s %+d" % (seat_name(seat), ex["result"]), " ".join(sc),
              options=ex["options"])
        print(ex["id"], "ok")
    if not only or "I19" in only:
        # A.1: all three pass, the deal is thrown in (isko_all_pass=throw_in).
        deck = list(pack32())
        Rng(19).shuffle(deck)
        write("I19", "I19: all three pass: the deal is thrown in and scores nothing (A.1)",
              deck, [(M, "pass"), (R, "pass"), (F, "pass")], "thrown in", "0 0 0",
              options=ISKO)
        print("I19 ok")
    if not only or "I20" in only:
        # A.1 house rule isko_all_pass=ramsch: played and scored as the seed's §6.
        ex = dict(RAMSCH[0], id="I20")
        deck, actions = ramsch_example(ex)
        write("I20", "I20: all three pass with isko_all_pass=ramsch: a Ramsch as the seed's "
              "section 6 (%s)" % ex["text"], deck, actions, ex["result"], ex["scores"],
              options=ISKO + ("isko_all_pass=ramsch",))
        print("I20 ok")
    for ex in RAMSCH:
        if only and ex["id"] not in only:
            continue
        deck, actions = ramsch_example(ex)
        note = None
        if "totals" in ex:
            note = ("The spec's trick points for %s fit no real deal (no room for the four aces); "
                    "this deal keeps its trick winners, skat and totals." % ex["id"])
        write(ex["id"], "%s: Ramsch (all pass), %s" % (ex["id"], ex["text"]),
              deck, actions, ex["result"], ex["scores"], note)
        print(ex["id"], "ok")


if __name__ == "__main__":
    main()
