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
    parts = []
    if o.taker >= 0:
        parts.append(suit(o.trump))
        parts.append(_("%s took") % v.name(o.taker))
        p = o.card_points
        me = v.my_side
        parts.append("%d:%d" % (p[me], p[1 - me]))
    elif o.retourne >= 0:
        parts.append(_("retourne ") + base.ui.card_label(o.retourne))
    if o.pot:
        parts.append(_("pot %d") % o.pot)
    return " ".join(parts)


def dialog(v, o, acts):
    if base.any_card(o):
        return None
    items = [(word(v, o, a), (a,)) for a in acts]
    title = _("Take it?") if o.phase.endswith("1") else _("Name a trump?")
    return Menu(title, items, (), o.retourne)


def event(v, seat, a, before, after):
    return public.event_with_news(v, seat, a, before, after, word)

