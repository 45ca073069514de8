# Sixty-six, its three-hand and Swabian variants, and Schnapsen: trump, the
# stock (closed or not), the deal's points where shown, marriages with their
# value, the exchange of the trump jack (or nine).
from firmware.games import base
from firmware.games.base import suit, label, dialog, info  # noqa: F401 (the interface)
from firmware import words

_ = words.section("sixtysix")


def status(v, o):
    """Forms, longest first: the trump, the stock, closed, each side's
    points by name; the points compactly (13:47); the trump and the points
    (the stock and "closed" are on the table too)."""
    trump = suit(o.trump) if 0 <= o.trump < 4 else ""
    parts = [trump] if trump else []
    if o.stock:
        parts.append(_("stock %d") % o.stock)
    if o.closed:
        parts.append(_("closed"))
    head = " ".join(parts)
    if getattr(v.match.options, "show_running_totals", "true") != "true":
        return (head, trump)
    t = o.totals
    for s in range(len(t)):
        parts.append("%s %d" % (v.side_name(s), t[s]))
    pts = base.points(v, t)
    return (" ".join(parts), (head + " " + pts).lstrip(), (trump + " " + pts).lstrip())


def _marriage_value(o, seat, s):
    for suit_, value in o.marriages[seat]:
        if suit_ == s:
            return value
    return 0


def event(v, seat, a, before, after):
    t = v.state.action_text(a)
    who = v.name(seat)
    if t.startswith("marriage "):
        s = "CSHD".find(t[-1])
        value = _marriage_value(after, seat, s)
        return _("%s: marriage %s %d") % (who, suit(s), value), True
    if t in ("exchange", "close", "claim"):
        return "%s: %s" % (who, label(v, before, a)), True
    return "%s: %s" % (who, label(v, before, a)), False


def summary(v, st):
    r = st.result
    o = st.observation(0)  # the deal is over: nothing is hidden any more
    out = []
    if r.reason:
        out.append((v.names(base.cards_text(base.phrase(r.reason))), False))
    per_seat = not v.partners
    for s in range(len(r.totals)):
        from firmware.plural import plural
        line = plural(_("%s %d [pt|pts]"), r.totals[s]) % (v.side_name(s), r.totals[s])
        if per_seat:
            line += plural(_(", %d [trick|tricks]"), o.tricks[s]) % o.tricks[s]
            for suit_, value in o.marriages[s]:
                line += " " + suit(suit_) + "%d" % value
        out.append((line, False))
    return out
