# The table of three or four seats: each seat's name (the partner marked
# with *), its cards left, the seat on turn highlighted, and the trick's
# cards placed by the seats that played them, the card that was led marked.
# Loaded only by the games of three and four players.
from firmware import ui

PARTNER = "*"


def draw(t, fb, m, th, o):
    """Three or four seats: each seat's name, cards left, the seat on turn
    highlighted, and the trick's cards placed by the seats that played them,
    the led card marked (a word under the seat that led did not fit beside
    the side cards in Russian)."""
    lead, cards, dim = t._trick_cards(o)
    turn = -1 if t.state.done else t.state.to_move
    for seat in range(1, t.n):
        _seat_name(t, fb, m, th, o, seat, seat == turn)
    for i in range(len(cards)):
        seat = (lead + i) % t.n
        x, y = m.seat_xy[t._place(seat)]
        ui.face(fb, m, th, x, y, cards[i], False, dim)
        if i == 0 and len(cards) > 1:
            # the led card's mark: a block in an empty corner of its face
            # (the LCD's top right; the OLED's bottom right, beside a 10)
            s = 4 if m.big else 2
            fb.fill_rect(x + m.cw - s - 2, y + 2 if m.big else y + m.ch - s - 2, s, s,
                         th.accent if th.colour else th.ink)


def label_xy(m, place, w, line):
    """Where a seat's label of width w goes (line 0: the name, 1: the
    cards left): beside the seat's card, clear of the other seats' cards
    (tests/test_app_table.py checks every seat name in both languages)."""
    cx, cy = m.seat_xy[place]
    if place == 1:
        return 1, cy + 2 + line * m.line
    if place == 3:
        return m.w - w - 1, cy + 2 + line * m.line
    # across: right of its card, the count under the name, short of the
    # right seat's card
    return cx + m.cw + 3, cy + 1 + line * m.line


def _seat_name(t, fb, m, th, o, seat, turn):
    place = t._place(seat)
    name = t.name(seat)
    if t.partners and seat % 2 == t.HUMAN % 2:
        name = PARTNER + name
    w = ui.text_w(m, name)
    x, y = label_xy(m, place, w, 0)
    if turn:
        fb.fill_rect(x - 1, y - 1, w + 1, m.line, th.cursor)
        ui.text(fb, m, name, x, y, th.on_cursor)
    else:
        ui.text(fb, m, name, x, y, th.text)
    left = t._cards_left(o, seat)
    if left >= 0:
        sub = "%d" % left
        x, y = label_xy(m, place, ui.text_w(m, sub), 1)
        ui.text(fb, m, sub, x, y, th.dim)
