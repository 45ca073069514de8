# Belote: take or pass with the retourne shown, the second round's suit from
# a menu, the taker and trump in the status line, belote / rebelote and the
# announcements as events, the partnerships as We and They.
from firmware.games import base, public
from firmware.games.base import suit, label  # noqa: F401  (the interface)
from firmware.dialog import Menu


def sides(v, text):
    """NS / EW as the player's side and the other."""
    we, they = ("NS", "EW") if v.my_side == 0 else ("EW", "NS")
    return text.replace(we, "We").replace(they, "They")


def word(v, o, a):
    t = v.state.action_text(a)
    if t == "take":
        return "Take " + suit(o.retourne // 8) if o.retourne >= 0 else "Take"
    if t.startswith("take "):
        return "Take " + suit("CSHD".find(t[-1]))
    return label(v, o, a)


def status(v, o):
    parts = []
    if o.taker >= 0:
        parts.append(suit(o.trump))
        parts.append("%s took" % v.name(o.taker))
        p = o.card_points
        me = v.my_side
        parts.append("%d:%d" % (p[me], p[1 - me]))
    elif o.retourne >= 0:
        parts.append("retourne " + base.ui.card_label(o.retourne))
    if o.pot:
        parts.append("pot %d" % o.pot)
    return " ".join(parts)


def info(v, o):
    return [sides(v, s) for s in public.info(v, o)]


def dialog(v, o, acts):
    if base.any_card(o):
        return None
    items = [(word(v, o, a), (a,)) for a in acts]
    title = "Take it?" if o.phase.endswith("1") else "Name a trump?"
    return Menu(title, items, (), o.retourne)


def event(v, seat, a, before, after):
    t, notable = public.event_with_news(v, seat, a, before, after, word)
    return sides(v, t), notable


def summary(v, st):
    return [(sides(v, t), s) for t, s in base.summary(v, st)]
