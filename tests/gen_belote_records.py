"""Writes the Belote spec's worked examples (§10) as records under
tests/records/belote/ (run from the repository root:
`python tests/gen_belote_records.py`).  The records are the test vectors; this
script only builds them: a deck for each §10.1 deal (8-card hands -> the two
distributions), the bidding that makes the row's taker, the tricks as listed;
and, for the rows that give only totals (B3b, B3c, B4b, B11, B14), a searched
random legal deal with exactly those totals, whose result is written here by
hand from the spec's arithmetic (never the engine's own output).  Every
record is replayed before it is written."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.belote import rules as B  # noqa: E402
from engine.cards import parse_cards, card_text, SUIT_CHARS, pack32  # noqa: E402
from engine.game import Options, seat_name  # noqa: E402
from engine.records import replay  # noqa: E402
from engine.rng import Rng  # noqa: E402

OUT = os.path.join(ROOT, "tests", "records", "belote")
SEATS = "NESW"

# §10.1: dealer W for every deal; hands N E S W; tricks; trick winners.
DEALS = {
    "B1": ("8S JS QS 7H JH 8C QC AC", "9S AS 9H QH AH 7D 8D 9D", "KS TH JD KD AD 7C TC KC", "7S TS 8H KH TD QD 9C JC", "7H QH TH 8H / 7C JC 8C 7D / TS QS AS KS / 9S TC 7S JS / 8S 9H KD QD / AH AD KH JH / AC 9D KC 9C / QC 8D JD TD", "SWENENNN"),
    "B2": ("JS AS 7H 8H 9H TH 8D 9D", "7S 9S QS KS 9C QC KC AC", "KH 7D TD QD 7C 8C TC JC", "8S TS JH QH AH JD KD AD", "JS 9S JC 8S / AS 7S 7C TS / 9D QS TD KD / KS QD AD 7H / 9C 8C JD 8D / QC TC QH TH / 7D AH 9H KC / KH JH 8H AC", "NNEEESSS"),
    "B3": ("9S JS QH 8D TD KD AD KC", "TS KS TH JH 7D JD QD 7C", "8S 8H 9H KH 9D 8C JC QC", "7S QS AS 7H AH 9C TC AC", "8D JD 9D 7S / 7C 8C AC KC / AS JS TS 8S / TC KD QD QC / AD 7D 8H 7H / TD TH 9H AH / 9S KS JC QS / JH KH 9C QH", "EWWNNNES"),
    "B4": ("TS TH TD KD TC QC KC AC", "7S 9S 7D 8D 9D JD AD 9C", "7H 8H 9H JH QH KH AH QD", "8S JS QS KS AS 7C 8C JC", "TH 9C AH JC / 7C TC 7S 7H / AC 9S 9H 8C / QC 8D QH QS / KD JD QD JS / TS AD KH AS / 8S KC 9D 8H / TD 7D JH KS", "WNNNNWNN"),
    "B5": ("8S JS QS KS AS 7C 8C QC", "7H 8H TH JH AH TD JD 9C", "7S 9S TS QD TC JC KC AC", "9H QH KH 7D 8D 9D KD AD", "QS JH 7S QH / 7H QD KH AS / 7D QC JD JC / TD TS 9D 8C / 8H KC 9H 8S / KD 7C 9C TC / AD KS AH 9S / TH AC 8D JS", "EWEEWWEE"),
    "B6": ("JS 9H JH KH QD 8C QC KC", "TS AS 8H TD 9C TC JC AC", "7S 9S KS 8D 9D JD KD 7C", "8S QS 7H TH QH AH 7D AD", "JH 8H 7S QH / QS JS AS KS / TC 7C 8S KC / JC 8D TH 8C / TD JD AD QD / AH 9H TS 9D / 7H KH AC 9S / 9C KD 7D QC", "WEEEWWEE"),
    "B7": ("7H 8H 9H JH AH 7D QD AC", "TH 8D JD 8C 9C TC JC QC", "8S TS KS AS KH KD 7C KC", "7S 9S JS QS QH 9D TD AD", "7D 8D KD TD / QH AH TH KH / 9H JD KC 9D / TC 7C AD AC / 9S QD JC 8S / 7H 9C AS QS / JH 8C KS JS / 8H QC TS 7S", "WNEWNNNN"),
    "B8": ("7S 8S TS KS JH QH KH 9D", "JD QD KD 7C 8C TC JC KC", "9H AH 7D 8D TD AD 9C AC", "9S JS QS AS 7H 8H TH QC", "JH TC AH TH / AC QC QH KC / 9H 8H KH KD / 9D QD 8D 7H / JD TD JS 7S / AS KS JC AD / 9S TS 8C 7D / QS 8S 7C 9C", "SSNEWWWW"),
    "B9": ("9S 9H AH TD 8C 9C TC AC", "KS AS 8H 8D 9D JD AD JC", "7S TH JH QH KH QD KD 7C", "8S TS JS QS 7H 7D QC KC", "9H 8H QH 7H / TH KC AH KS / QC 9C JC 7C / JD QD 7D TD / 8C AS 7S 8S / 9S 8D KD JS / QS TC 9D JH / AC AD KH TS", "SWENNWNN"),
    "B10": ("9S AS 7D 8D 9D TD AD 7C", "7S QS KS 8H AH JD QD TC", "8S JH QH 8C 9C JC KC AC", "TS JS 7H 9H TH KH KD QC", "7C TC 9C QC / 8H QH KH TD / TS AS KS 8S / 9S QS JH JS / KC 9H 9D AH / TH 8D QD 8C / 7H AD JD AC / KD 7D 7S JC", "EWNSWWWW"),
    "B12": ("QS AS 8H AH 7D AD 9C AC", "KS 8D TD QD 7C 8C QC KC", "7H 9H TH QH KH 9D KD TC", "7S 8S 9S TS JS JH JD JC", "AS KS TC 8S / QS 8D 9D 9S / 9H JH 8H 8C / TS 7D TD KD / QD 7H JD AD / JS AH KC KH / JC 9C 7C QH / 7S AC QC TH", "NSWEWWWW"),
}

# The §10 table: trump, taker, announcements; the retourne we choose (a
# trump of the taker's for a round-1 take; another suit's card for the two
# deals taken in round 2); the spec's totals (NS, EW, None: not given) and
# written points (NS, EW).
ROWS = {
    "B1": ("H", "N", "off", "7H", (111, 51), (111, 51)),
    "B2": ("S", "E", "on", "7S", (175, 57), (212, 20)),
    "B3": ("D", "S", "off", "9D", (81, 81), (0, 81)),
    "B4": ("C", "N", "off", "TC", (91, 91), (20, 91)),
    "B5": ("H", "W", "on", "9H", None, (0, 322)),
    "B6": ("C", "N", "off", "8C", (20, 252), (20, 252)),
    "B7": ("D", "S", "on", "KD", (198, 84), (198, 84)),
    "B8": ("S", "E", "on", "JD", (62, 100), (62, 100)),   # round 2
    "B9": ("C", "W", "off", "8S", (90, 92), (90, 92)),    # round 2
    "B10": ("H", "N", "on", "9S", (100, 112), (0, 212)),  # round 2
    "B12": ("D", "W", "on", "JD", (42, 370), (42, 370)),
}


def spec_deck(hands, taker, retourne, dealer=3):
    """The 32-card deck (top first) whose two distributions give `hands`."""
    deck = [None] * 32
    k = 21
    for i in range(4):
        p = (dealer + 1 + i) % 4
        h = [c for c in hands[p] if c != retourne]
        first, rest = h[:5], h[5:]
        deck[3 * i:3 * i + 3] = first[:3]
        deck[12 + 2 * i:14 + 2 * i] = first[3:5]
        n = 2 if p == taker else 3
        assert len(rest) == n
        deck[k:k + n] = rest
        k += n
    deck[20] = retourne
    assert sorted(deck) == sorted(pack32())
    return deck


def bid_actions(taker, trump, retourne, dealer):
    first = (dealer + 1) % 4
    out = []
    round2 = SUIT_CHARS.index(trump) != retourne // 8
    if round2:
        for i in range(4):
            out.append(((first + i) % 4, "pass"))
    p = first
    while p != taker:
        out.append((p, "pass"))
        p = (p + 1) % 4
    out.append((taker, "take " + trump if round2 else "take"))
    return out


def play_deal(st, actions):
    lines = []
    for seat, text in actions:
        assert st.to_move == seat, (seat, text, st.to_move)
        st.apply_text(text)
        lines.append("%s %s" % (seat_name(seat), text))
    return lines


def spec_deal(name):
    """(lines of one deal, the finished state) for a §10.1 deal."""
    trump, taker, ann, ret, totals, written = ROWS[name]
    hn, he, hs, hw, tricks, winners = DEALS[name]
    hands = [parse_cards(h) for h in (hn, he, hs, hw)]
    taker = SEATS.index(taker)
    ret = parse_cards(ret)[0]
    deck = spec_deck(hands, taker, ret)
    opts = Options(B.SETTINGS)
    opts.set("announcements", ann)
    st = B.Belote(opts, 3, deck)
    lines = play_deal(st, bid_actions(taker, trump, ret, 3))
    for h in range(4):
        assert sorted(st.hands[h]) == sorted(hands[h]), name
    got = ""
    for t in tricks.split("/"):
        cards = t.split()
        for c in cards:
            lines.append("%s %s" % (seat_name(st.to_move), c))
            st.apply_text(c)
        got += SEATS[st.leader]
    assert got == winners, (name, got, winners)
    assert st.done
    if totals is not None:
        assert tuple(st.result.totals) == totals, (name, st.result.totals, totals)
    assert tuple(st.written) == written, (name, st.written, written)
    return ["deal", "dealer P4", "deck " + " ".join(card_text(c) for c in deck)] + lines, st


def searched_deal(dealer, taker, trump, pot, want, seed, belote_side=-1, last_side=-1):
    """A random legal deal (round-1 take of `trump` by `taker`, no
    announcements) whose (card points NS, EW) equal `want`, with belote held
    by `belote_side` (-1: nobody) and the last trick won by `last_side` (-1:
    any).  What the deal then scores follows from these conditions alone:
    the caller writes it down by hand (the spec's arithmetic), and the
    replay checks it."""
    r = Rng(seed)
    opts = Options(B.SETTINGS)
    for attempt in range(200000):
        deck = pack32()
        r.shuffle(deck)
        if SUIT_CHARS[deck[20] // 8] != trump:
            continue
        st = B.Belote(opts, dealer, deck, pot)
        acts = bid_actions(taker, SUIT_CHARS[deck[20] // 8], deck[20], dealer)
        for seat, text in acts:
            st.apply_text(text)
        b = st.belote_seat % 2 if st.belote_seat >= 0 else -1
        if b != belote_side:
            continue
        moves = []
        while not st.done:
            legal = st.legal()
            a = legal[r.below(len(legal))]
            moves.append((st.to_move, st.action_text(a)))
            st.apply(a)
        if tuple(st.card_points) != want:
            continue
        if last_side >= 0 and st.last_winner % 2 != last_side:
            continue
        return ["deal", "deck " + " ".join(card_text(c) for c in deck)] + \
            ["%s %s" % (seat_name(s), t) for s, t in acts + moves], st
    raise RuntimeError("no deal found")


def check_and_write(fname, lines):
    text = "\n".join(lines) + "\n"
    replay(text)
    with open(os.path.join(OUT, fname), "w") as f:
        f.write(text)
    print("wrote", fname)


def result_lines(st, scores):
    return ["result " + st.result.text(), "scores %d %d" % scores]


def main():
    os.makedirs(OUT, exist_ok=True)
    notes = {
        "B1": "trump H, taker N; NS 101 card points + 10, EW 51: made",
        "B2": "trump S, taker E; E belote, tierce; N quarte best: dedans 162+50",
        "B3": "trump D, taker S; 81 to 81: litige, pot 81",
        "B4": "trump C, taker N with belote; 91 to 91: litige, NS keep the belote, pot 71",
        "B5": "trump H, taker W; EW capot; NS's best quarte transferred: 252+20+50",
        "B6": "trump C, taker N with belote; EW capot: dedans with 252",
        "B7": "trump D, taker S; carre K beats E's quinte: NS +120",
        "B8": "trump S taken in round 2 by E; equal plain tierces to K: nobody scores",
        "B9": "trump C taken in round 2 by W; made because of the belote",
        "B10": "trump H taken in round 2 by N; N's quarte best, dedans 162+50",
        "B12": "trump D, taker W; carre J + quarte (250) over the quinte; beats N's carre A",
    }
    states = {}
    for name in ROWS:
        lines, st = spec_deal(name)
        states[name] = (lines, st)
        head = ["# Belote spec §10 %s: %s" % (name, notes[name]), "game belote"]
        if ROWS[name][2] == "on":
            head.append("option announcements=on")
        check_and_write(name.lower() + ".rec", head + lines + result_lines(st, ROWS[name][5]))

    b3 = states["B3"][0]
    b3s = result_lines(states["B3"][1], (0, 81))
    # The searched deals' results, worked out by hand from the conditions of
    # the search (card points, who takes the last trick's 10, belote's 20,
    # the taker and trump) with the spec's rules: the takers' side must have
    # more than the defenders (made: each side writes its points, the
    # takers the pot too), else dedans (the defenders write 162 and the
    # pot), and equal totals are a litige (the defenders write theirs, the
    # takers' go to the pot).
    # B3b: next deal dealer N (P1); taker W: EW 90 + 10 = 100 vs NS 62,
    # made: EW 100 + the pot 81 = +181, NS +62.
    d, st = searched_deal(0, 3, "H", 81, (62, 90), 31, last_side=1)
    check_and_write("b3b.rec", ["# Belote spec §10 B3 then B3b: the pot of 81 goes to the makers",
                                "game belote"] + b3 + b3s + d + [
        "result EW +181 (totals NS 62, EW 100; P4 took hearts; made; NS +62, EW +181)",
        "scores 62 262"])
    # B3c: taker W: EW 70 vs NS 82 + 10 = 92, dedans: NS 162 + 81 = +243.
    d, st = searched_deal(0, 3, "D", 81, (82, 70), 32, last_side=0)
    check_and_write("b3c.rec", ["# Belote spec §10 B3 then B3c: dedans, the pot goes to the defenders",
                                "game belote"] + b3 + b3s + d + [
        "result NS +243 (totals NS 92, EW 70; P4 took diamonds; dedans; NS +243, EW +0)",
        "scores 243 81"])
    # B4b: taker N: NS 60 vs EW 92 + 10 = 102, dedans: EW 162 + 71 = +233.
    b4 = states["B4"][0]
    d, st = searched_deal(0, 0, "S", 71, (60, 92), 33, last_side=1)
    check_and_write("b4b.rec", ["# Belote spec §10 B4 then B4b: dedans, the pot of 71 goes to EW",
                                "game belote"] + b4 + result_lines(states["B4"][1], (20, 91)) + d + [
        "result EW +233 (totals NS 60, EW 102; P1 took spades; dedans; NS +0, EW +233)",
        "scores 20 324"])
    # B11: B3, then taker E with belote: EW 71 + 20 = 91 vs NS 81 + 10 = 91,
    # litige: NS +91, EW +20 (the belote), the pot 81 + 71 = 152; then
    # taker S: NS 100 + 10 = 110 vs 52, made: NS 110 + 152 = +262, EW +52.
    d2, st2 = searched_deal(0, 1, "D", 81, (81, 71), 34, belote_side=1, last_side=0)
    d3, st3 = searched_deal(1, 2, "D", 152, (100, 52), 35, last_side=0)
    check_and_write("b11.rec", ["# Belote spec §10 B11: a litige chain; the pot accumulates to 152",
                                "game belote"] + b3 + b3s + d2 + [
        "result draw (totals NS 91, EW 91; P2 took diamonds; litige, pot 152; NS +91, EW +20)",
        "scores 91 101"] + d3 + [
        "result NS +262 (totals NS 110, EW 52; P3 took diamonds; made; NS +262, EW +52)",
        "scores 353 153"])
    # B13: 440/470, then B1 -> 551/521, both over: NS (higher) wins.
    check_and_write("b13.rec", ["# Belote spec §10 B13: both pairs over 501; the higher total wins",
                                "game belote", "start-scores 440 470"] + states["B1"][0]
                    + result_lines(states["B1"][1], (551, 521)) + ["winner NS"])
    # B14: 450/470, taker N: NS 81 + 10 = 91 vs 71, made -> 541/541: another
    # deal; taker E: EW 112 + 10 = 122 vs 40, made -> 581/663, EW win.
    d, st = searched_deal(3, 0, "D", 0, (81, 71), 36, last_side=0)
    d2, st2 = searched_deal(0, 1, "S", 0, (40, 112), 37, last_side=1)
    check_and_write("b14.rec", ["# Belote spec §10 B14: both over 501 with equal totals: one more deal",
                                "game belote", "start-scores 450 470", "deal", "dealer P4"]
                    + d[1:] + [
        "result NS +91 (totals NS 91, EW 71; P1 took diamonds; made; NS +91, EW +71)",
        "scores 541 541"] + d2 + [
        "result EW +122 (totals NS 40, EW 122; P2 took spades; made; NS +40, EW +122)",
        "scores 581 663", "winner EW"])
    # B15: 300/430, then B3 (litige) -> EW 511 wins; the pot is lost.
    check_and_write("b15.rec", ["# Belote spec §10 B15: EW reach 501 in a litige; the pot of 81 is lost",
                                "game belote", "start-scores 300 430"] + b3 + b3s[:1]
                    + ["scores 300 511", "winner EW"])
    # B16: target 301; 200/280, then B8 -> EW 380 wins.
    check_and_write("b16.rec", ["# Belote spec §10 B16: target 301",
                                "game belote", "option match_target=301 announcements=on",
                                "start-scores 200 280"] + states["B8"][0]
                    + result_lines(states["B8"][1], (262, 380)) + ["winner EW"])


if __name__ == "__main__":
    main()
