# Klaberjass: take, pass or schmeiss with the turned card shown, the second
# round's suit named from a menu, the maker, trump and sequences in the
# status line and as events, the dix exchange.
from firmware.games import base, public
from firmware.games.base import suit, label, summary  # noqa: F401 (the interface)
from firmware.games.public import info  # noqa: F401 (the interface)
from firmware.dialog import Menu

WORDS = (("take", "Take"), ("pass", "Pass"), ("schmeiss", "Schmeiss (redeal?)"),
         ("accept", "Accept: redeal"), ("refuse", "Refuse: play it"),
         ("exchange", "Exchange the dix"), ("keep", "Keep"))


def word(v, o, a):
    t = v.state.action_text(a)
    for w, s in WORDS:
        if t == w:
            return s
    if t.startswith("name "):
        return "Trump " + suit("CSHD".find(t[-1]))
    return label(v, o, a)


def status(v, o):
    parts = []
    if 0 <= o.trump < 4:
        parts.append(suit(o.trump))
    if o.maker >= 0:
        parts.append("maker " + v.name(o.maker))
    elif 0 <= getattr(o, "turnup", -1):
        parts.append("turned " + base.ui.card_label(o.turnup))
    if o.totals:
        parts.append("%d:%d" % (o.totals[0], o.totals[1]))
    return " ".join(parts)


def dialog(v, o, acts):
    if base.any_card(o):
        return None
    items = [(word(v, o, a), (a,)) for a in acts]
    ph = o.phase
    title = base.cap(ph)
    if ph.startswith("bidding"):
        title = "Take it?" if ph.endswith("1") else "Name a trump?"
    elif ph == "schmeiss answer":
        title = "%s schmeisses" % v.name(o.schmeisser)
    return Menu(title, items, (), getattr(o, "turnup", -1))


def event(v, seat, a, before, after):
    return public.event_with_news(v, seat, a, before, after, word)
