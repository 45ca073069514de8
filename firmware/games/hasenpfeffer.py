# Hasenpfeffer: bids on tricks as a value chooser (Pass one step below the
# lowest), the trump named from a menu, the contract, trump and widow in the
# status line, the partnerships as We and They, the joker as its own card.
from firmware.games import base, public
from firmware.games.base import suit, label, summary  # noqa: F401 (the interface)
from firmware.games.public import info  # noqa: F401 (the interface)
from firmware.dialog import Menu
from firmware import words

_ = words.section("hasenpfeffer")


def status(v, o):
    """Forms, longest first: the trump, the declarer and his contract, the
    tricks won and the widow; without the widow; without the word won."""
    widow = (" " + _("widow ") + base.ui.card_label(o.widow)) if o.widow >= 0 else ""
    if o.declarer >= 0:
        head = (suit(o.trump) + " ") if 0 <= o.trump < 4 else ""
        head += "%s %d " % (v.name(o.declarer), o.contract or o.high)
        t = o.tricks
        me = v.my_side
        won = _("won %d:%d") % (t[me], t[1 - me])
        return (head + won + widow, head + won, head + "%d:%d" % (t[me], t[1 - me]))
    if o.high_seat >= 0:
        return (_("high %d %s") % (o.high, v.name(o.high_seat)) + widow,
                _("high %d %s") % (o.high, v.name(o.high_seat)))
    return widow.lstrip()


def dialog(v, o, acts):
    if base.any_card(o):
        return None
    texts = [v.state.action_text(a) for a in acts]
    if o.phase == "bidding":
        low = acts[texts.index("pass")] if "pass" in texts else acts[0]
        line = _("High: %d by %s") % (o.high, v.name(o.high_seat)) if o.high_seat >= 0 \
            else _("No bid yet")
        if low not in acts or "pass" not in texts:
            return Menu(_("Your bid"), [(label(v, o, a), (a,)) for a in acts], (line,))
        return public.bid_chooser(_("Tricks you bid"), v, o, acts,
                                lambda a: v.state.action_text(a).startswith("bid "),
                                lambda a: int(v.state.action_text(a)[4:]), low, (line,))
    items = [(_("Trump ") + suit("CSHD".find(t[-1])) if t.startswith("trump ") else label(v, o, a),
              (a,)) for a, t in zip(acts, texts)]
    return Menu(_("Name the trump"), items)


def event(v, seat, a, before, after):
    t = v.state.action_text(a)
    if t.startswith("bid "):
        you = seat == v.HUMAN  # "You bid", "Left bids"
        return (_("%s bid %s") if you else _("%s bids %s")) % (v.name(seat), t[4:]), False
    if t.startswith("trump "):
        return _("%s: trump %s") % (v.name(seat), suit("CSHD".find(t[-1]))), True
    return public.event_with_news(v, seat, a, before, after, label)


TOTALS = "%s %d [trick|tricks]"  # what the result's totals count
