# The table of three or four seats: each seat's name (the partner marked
# with *), its cards left, the leader's mark, the seat on turn highlighted,
# and the trick's cards placed by the seats that played them.  Loaded only by
# the games of three and four players.
from firmware import ui, words

_ = words.section("table")


def draw(t, fb, m, th, o):
    """Three or four seats: each seat's name, cards left, the leader's
    mark, the seat on turn highlighted, and the trick's cards placed by
    the seats that played them."""
    lead, cards, dim = t._trick_cards(o)
    turn = -1 if t.state.done else t.state.to_move
    for seat in range(1, t.n):
        _seat_name(t, fb, m, th, o, seat, seat == turn, seat == o.leader and bool(o.trick))
    for i in range(len(cards)):
        seat = (lead + i) % t.n
        x, y = m.seat_xy[t._place(seat)]
        ui.face(fb, m, th, x, y, cards[i], False, dim)


def _seat_name(t, fb, m, th, o, seat, turn, leader):
    place = t._place(seat)
    name = t.name(seat)
    if t.partners and seat % 2 == t.HUMAN % 2:
        name = "*" + name  # the partner
    left = t._cards_left(o, seat)
    cx, cy = m.seat_xy[place]
    w = ui.text_w(m, name)
    if place == 1:
        x, y = 1, cy + 2
    elif place == 3:
        x, y = m.w - w - 1, cy + 2
    else:
        x, y = cx + m.cw + 3, cy + 1
    if turn:
        fb.fill_rect(x - 1, y - 1, w + 1, m.line, th.cursor)
        ui.text(fb, m, name, x, y, th.on_cursor)
    else:
        ui.text(fb, m, name, x, y, th.text)
    y += m.line
    sub = ""
    if leader:
        sub = _("led")
    if left >= 0:
        sub = ("%d" % left) + (" " + _("led") if leader else "")
    if sub:
        if place == 3:
            x = m.w - ui.text_w(m, sub) - 1
        ui.text(fb, m, sub, x, y, th.dim)
