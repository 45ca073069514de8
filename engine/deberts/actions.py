# Deberts' actions besides the card plays, its phases, and their text for
# records, logs and the UI (the game interface's action_text and
# parse_action; spec: shared/rules/deberts.md).
from engine.compat import const
from engine.cards import SUIT_CHARS, card_text, parse_card
from engine.game import ACTION_BASE

TAKE = const(100)      # round 1: "Играю", the candle's suit
PASS = const(101)
NAME_SUIT = const(104)  # + suit: round 2, "Червы" ...
RED = const(110)       # the colour call (DB-D1)
BLACK = const(111)
EXCHANGE = const(112)  # the trump 7 for the candle (DB-D6)
DECLARE = const(113)   # terz/berz (DB-D11)
DECLINE = const(114)
BELLA = const(115)     # bella shown before the first card (DB-D12 a; by hand)
QUERY = const(116)     # low_terz_query: "does my low trump terz win?"
PARTIYA = const(117)   # the early claim (DB-D17)
# Between tricks: "no claim" (after trick 9 it lets the deal be scored).
NO_CLAIM = const(118)
BELLA_PLAY = const(200)  # + card: play a trump K/Q announcing bella (DB-D12 b)

# Phases
LOT = "colour call"
BID1 = "bidding"
BID2 = "bidding, round 2"
DECLARING = "declaring"  # trick 1: exchange, declarations, bella (§5.1)
PLAY = "play"
CLAIM = "claim"          # between tricks: "Партия" or not (DB-D17)
OVER = "over"

_WORDS = (
    (TAKE, "take"), (PASS, "pass"), (RED, "red"), (BLACK, "black"),
    (EXCHANGE, "exchange"), (DECLARE, "declare"), (DECLINE, "decline"),
    (BELLA, "bella"), (QUERY, "ask terz"), (PARTIYA, "partiya"),
    (NO_CLAIM, "no claim"),
)


def action_text(a):
    if a < ACTION_BASE:
        return card_text(a)
    if a >= BELLA_PLAY:
        return card_text(a - BELLA_PLAY) + " bella"
    if NAME_SUIT <= a < NAME_SUIT + 4:
        return "name " + SUIT_CHARS[a - NAME_SUIT]
    for code, text in _WORDS:
        if code == a:
            return text
    raise ValueError("unknown action %r" % a)


def parse_action(text):
    t = " ".join(text.strip().lower().split())
    for code, word in _WORDS:
        if t == word:
            return code
    if t in ("партия", "Партия", "claim"):  # MicroPython lowers ASCII only
        return PARTIYA
    if t == "score":  # the records written before "no claim"
        return NO_CLAIM
    if t.startswith("name "):
        s = SUIT_CHARS.find(t[5:].strip().upper())
        if s < 0 or len(t[5:].strip()) != 1:
            raise ValueError("name needs a suit letter C S H D: %r" % text)
        return NAME_SUIT + s
    bella = False
    if t.endswith(" bella"):
        bella = True
        t = t[:-6]
    try:
        c = parse_card(t)
    except ValueError:
        raise ValueError("not a Deberts action: %r" % text)
    if c >= 32:
        raise ValueError("not a Deberts card: %r" % text)
    return BELLA_PLAY + c if bella else c
