# Klaberjass: take, pass or schmeiss with the turned card shown, the second
# round's suit named from a menu, the maker, trump and sequences in the
# status line and as events, the dix exchange.
from firmware.games import base, public
from firmware.games.base import label, summary  # noqa: F401 (the interface)
from firmware.games.public import info  # noqa: F401 (the interface)
from firmware.dialog import Menu
from firmware import words

_ = words.section("klaberjass")

WORDS = (("take", "Take"), ("pass", "Pass"), ("schmeiss", "Schmeiss (redeal?)"),
         ("accept", "Accept: redeal"), ("refuse", "Refuse: play it"),
         ("exchange", "Exchange the dix"), ("keep", "Keep"))


def word(v, o, a):
    return public.word(v, o, a, WORDS)


def status(v, o):
    return public.maker_status(v, o, "turned")


def dialog(v, o, acts):
    if base.any_card(o):
        return None
    items = [(word(v, o, a), (a,)) for a in acts]
    ph = o.phase
    title = base.cap(base.phrase(ph))
    if ph.startswith("bidding"):
        title = _("Take it?") if ph.endswith("1") else _("Name a trump?")
    elif ph == "schmeiss answer":
        title = _("%s schmeisses") % v.name(o.schmeisser)
    return Menu(title, items, (), o.turnup)


def event(v, seat, a, before, after):
    return public.event_with_news(v, seat, a, before, after, word)
