# Belote: take or pass with the retourne shown, the second round's suit from
# a menu, the taker and trump in the status line, belote / rebelote and the
# announcements as events, the partnerships as We and They.
from firmware.games import base, public
from firmware.games.base import suit, label, summary  # noqa: F401 (the interface)
from firmware.games.public import info  # noqa: F401 (the interface)
from firmware.dialog import Menu
from firmware import words

_ = words.section("belote")


def word(v, o, a):
    t = v.state.action_text(a)
    if t == "take":
        return _("Take ") + suit(o.retourne // 8) if o.retourne >= 0 else _("Take")
    if t.startswith("take "):
        return _("Take ") + suit("CSHD".find(t[-1]))
    return label(v, o, a)


def status(v, o):
    """Forms, longest first: the trump, who took, the card points and the
    pot; the taker's name alone; without the pot."""
    pot = (" " + _("pot %d") % o.pot) if o.pot else ""
    if o.taker >= 0:
        who = v.name(o.taker)
        head = suit(o.trump) + " "
        pts = " " + base.points(v, o.card_points)
        return (head + _("%s took") % who + pts + pot, head + who + pts + pot, head + who + pts)
    if o.retourne >= 0:
        return _("retourne ") + base.ui.card_label(o.retourne) + pot
    return pot.lstrip()


def dialog(v, o, acts):
    if base.any_card(o):
        return None
    items = [(word(v, o, a), (a,)) for a in acts]
    title = _("Take it?") if o.phase.endswith("1") else _("Name a trump?")
    return Menu(title, items, (), o.retourne)


def event(v, seat, a, before, after):
    return public.event_with_news(v, seat, a, before, after, word)

