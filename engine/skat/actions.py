# Skat: an action's text back to the action ("bid 18", "solo S", "discard
# TS", "claim" ...), for records and the command line: engine/skat/rules.py's
# parse_action, which passes its codes, (BID, TRUMP, DISCARD, SOLO_A, words),
# words the (code, text) pairs of the other actions.  Its own module: the
# device never reads actions as text, and its heap is short.
from engine.cards import SUIT_CHARS, parse_card
from engine.skat.scoring import bid_index


def parse(st, text, codes):
    bid, trump, discard, solo, words = codes
    t = " ".join(text.strip().lower().split())
    for code, word in words:
        if t == word:
            return code
    w = t.split(" ")
    if len(w) == 2:
        if w[0] == "bid" and w[1].isdigit():
            i = bid_index(st.bids, int(w[1]))
            if i < 0:
                raise ValueError("%s is not a Skat bid value (%s)" % (
                    w[1], " ".join([str(v) for v in st.bids])))
            return bid + i
        s = SUIT_CHARS.find(w[1].upper())
        if w[0] in ("trump", "solo") and len(w[1]) == 1 and s >= 0:
            return (trump if w[0] == "trump" else solo) + s
        if w[0] == "discard":
            c = parse_card(w[1])
            if c < 32:
                return discard + c
    if len(w) == 1:
        try:
            return parse_card(t)
        except ValueError:
            pass
    raise ValueError("not a Skat action: %r" % text)

