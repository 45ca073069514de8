# Klaberjass' actions besides the card plays, its phases, and their text for
# records, logs and the UI (the game interface's action_text and
# parse_action; spec: shared/rules/klaberjass.md).
from engine.compat import const
from engine.cards import QUEEN, SUIT_CHARS, SUIT_NAMES, card_text, parse_card
from engine.game import ACTION_BASE

# Actions besides card plays.
PASS = const(100)
TAKE = const(101)
SCHMEISS = const(102)
ACCEPT = const(103)
REFUSE = const(104)
NAME_SUIT = const(105)  # + suit: name trump in round 2
EXCHANGE = const(110)  # the trump 7 for the turned card (dix)
KEEP = const(111)  # decline the exchange in an explicit window
BELLA = const(112)  # play the trump Q announcing bella (prompt mode)

# Phases
BID1 = "bidding, round 1"
ANSWER = "schmeiss answer"
BID2 = "bidding, round 2"
DIX = "dix exchange"
LEAD = "lead"
FOLLOW = "follow"
OVER = "over"


def action_text(a, trump):
    """`a` as text; `trump`: the deal's trump suit (-1 before it is fixed)."""
    if a < ACTION_BASE:
        return card_text(a)
    if a == PASS:
        return "pass"
    if a == TAKE:
        return "take"
    if a == SCHMEISS:
        return "schmeiss"
    if a == ACCEPT:
        return "accept"
    if a == REFUSE:
        return "refuse"
    if NAME_SUIT <= a < NAME_SUIT + 4:
        return "name " + SUIT_CHARS[a - NAME_SUIT]
    if a == EXCHANGE:
        return "exchange"
    if a == KEEP:
        return "keep"
    if a == BELLA:
        t = trump if trump >= 0 else 0
        return "bella " + card_text(t * 8 + QUEEN)
    raise ValueError("unknown action %r" % a)


def parse_action(text, trump):
    t = " ".join(text.strip().lower().split())
    for a in (PASS, TAKE, SCHMEISS, ACCEPT, REFUSE, EXCHANGE, KEEP):
        if t == action_text(a, trump):
            return a
    if t.startswith("name "):
        w = t[5:].upper()
        s = SUIT_CHARS.find(w) if len(w) == 1 else -1
        for i in range(4):
            if w == SUIT_NAMES[i].upper():
                s = i
        if s < 0:
            raise ValueError("name needs a suit: C S H D or its name, not %r" % text)
        return NAME_SUIT + s
    if t == "bella" or (t.startswith("bella ") and
                        trump >= 0 and
                        t[6:].upper() == card_text(trump * 8 + QUEEN)):
        return BELLA
    try:
        return parse_card(t)
    except ValueError:
        raise ValueError("not a Klaberjass action: %r" % text)
