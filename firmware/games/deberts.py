# Deberts: take or pass with the candle (the turned card) shown, a suit named
# in the second round, the first trick's declarations, bella, "Rost?" and the
# "Partiya" claim as prompts that show what is at stake; the maker, trump and
# the deal's points in the status line, declarations as events.
from engine.game import ACTION_BASE
from firmware.games import base, public
from firmware.games.base import suit, label, summary  # noqa: F401 (the interface)
from firmware.games.public import info  # noqa: F401 (the interface)
from firmware.dialog import Menu

WORDS = (("take", "Take (play it)"), ("pass", "Pass"), ("red", "Red"), ("black", "Black"),
         ("exchange", "Exchange the 7"), ("declare", "Declare"), ("decline", "Do not declare"),
         ("bella", "Bella"), ("ask terz", "Rost? (does my terz win)"),
         ("partiya", "Partiya! (claim)"), ("no claim", "No claim"), ("score", "No claim"))


def word(v, o, a):
    t = v.state.action_text(a)
    if t == "partiya":
        return "Partiya! (%d)" % count(v, o)
    for w, s in WORDS:
        if t == w:
            return s
    if t.startswith("name "):
        return "Trump " + suit("CSHD".find(t[-1]))
    if t.endswith(" bella"):
        return base.ui.card_label(a - 200) + " bella"
    return label(v, o, a)


def status(v, o):
    parts = []
    if 0 <= o.trump < 4:
        parts.append(suit(o.trump))
    if o.maker >= 0:
        parts.append("maker " + v.name(o.maker))
    elif getattr(o, "turnup", -1) >= 0:
        parts.append("candle " + base.ui.card_label(o.turnup))
    t = o.totals
    parts.append("%d:%d" % (t[0], t[1]))
    if o.pot:
        parts.append("pot %d" % o.pot)
    return " ".join(parts)


def count(v, o):
    """The player's count for a claim: the match score and this deal's."""
    return o.scores[0] + o.totals[0]


def dialog(v, o, acts):
    texts = [v.state.action_text(a) for a in acts]
    ph = o.phase
    if base.any_card(o):
        return None  # a claim with the lead is a chip beside the hand: UP
    items = [(word(v, o, a), (a,)) for a in acts if a >= ACTION_BASE]
    card = -1
    info_ = ()
    title = base.cap(ph)
    if ph.startswith("bidding"):
        title = "Take it?" if ph == "bidding" else "Name a trump?"
        card = getattr(o, "turnup", -1)
    elif "partiya" in texts:
        title = "Partiya?"
        target = getattr(v.match.options, "match_target", "")
        info_ = ("Your count %d of %s" % (count(v, o), target),)
    elif ph == "declaring":
        title = "Declarations"
        dec = [t for k, t in getattr(o, "info", ()) if k == "declarations"]
        if dec:
            info_ = (v.names(base.cards_text(dec[0])),)
    return Menu(title, items, info_, card)


def event(v, seat, a, before, after):
    return public.event_with_news(v, seat, a, before, after, word)
