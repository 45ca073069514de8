# Drawing pieces shared by the scenes: card faces and backs, boxes, lists,
# and the metrics of each screen class.  Everything draws colour indices from
# the theme, so one code path serves the mono OLED and the colour LCD.
from hal import keys
from firmware import font

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A", "JK")  # words.RANKS: the joker last


class Metrics:
    """Sizes and places of one screen class (128x64 or 240x135)."""

    def __init__(self, w, h):
        self.w = w
        self.h = h
        if w >= 200:
            self.big = True  # 8x8 text
            self.line = 10  # text line pitch
            self.cw, self.ch = 26, 34  # card
            self.lift = 4  # the selected card rises
            self.status_y = 1
            self.msg_y = 12
            self.opp_y = 23  # opponent's card backs
            self.bw, self.bh = 12, 16  # small card backs
            self.trick_y = 44
            self.chips_y = 84
            self.hand_y = self.h - self.ch
            # dialogs cover the table between the message line and the hand
            self.dlg_x, self.dlg_y, self.dlg_w, self.dlg_h = 0, 22, 240, 78
            # the trick of 3 or 4: the card of the seat left, across, right
            # of the player, and the player's own (x, y)
            self.seat_xy = ((107, 58), (62, 38), (107, 23), (152, 38))
            self.small = self.line  # a seat's name line
        else:
            self.big = False
            self.line = 7
            self.cw, self.ch = 13, 17
            self.lift = 3
            self.status_y = 0
            self.msg_y = 7
            self.opp_y = -1  # no room: the status line gives the count
            self.bw, self.bh = 0, 0
            self.trick_y = 14
            self.chips_y = 33
            self.hand_y = self.h - self.ch
            self.dlg_x, self.dlg_y, self.dlg_w, self.dlg_h = 0, 7, 128, 37
            self.seat_xy = ((57, 29), (31, 21), (57, 13), (83, 21))  # names of 30 beside
            self.small = self.line


def text(fb, m, s, x, y, c):
    return font.text(fb, s, x, y, c, m.big)


def text_w(m, s):
    return font.width(s, m.big)


def fit(m, s, w):
    """s cut to fit w pixels (a last character '~' where it was cut); s may
    be a tuple of forms, longest first (a status line): the first that fits
    whole, else the last one cut."""
    if type(s) is tuple:
        for f in s:
            if font.width(f, m.big) <= w:
                return f
        s = s[-1]
    return font.fit(s, w, m.big)


def wrap(m, s):
    """Split s into lines that fit the screen's width (each word measured
    once: a long text is wrapped in one pass)."""
    lines = []
    cur = ""
    cw = 0
    space = text_w(m, " ")
    room = m.w - 4
    for w in s.split():
        ww = text_w(m, w)
        if cur and cw + space + ww > room:
            lines.append(cur)
            cur, cw = w, ww
        elif cur:
            cur += " " + w
            cw += space + ww
        else:
            cur, cw = w, ww
    if cur:
        lines.append(cur)
    return lines


def centred(fb, m, s, y, c):
    text(fb, m, s, (m.w - text_w(m, s)) // 2, y, c)


JOKER = "\x05"  # the joker's glyph in both fonts


def is_joker(c):
    return c & 63 == 32


def card_label(c):
    """'10' + suit glyph: the text of a card on screen (code < 96); the
    joker is its star."""
    if is_joker(c):
        return JOKER + RANKS[8]
    return RANKS[c & 7] + font.suit_char((c & 63) >> 3)


def face(fb, m, th, x, y, c, selected=False, dim=False):
    """A card face at (x, y).  selected: inverted (mono) or a cursor frame
    (colour); dim: a card that may not be played now.  The joker has no
    rank or suit: a star in each corner and 'JK'."""
    w, h = m.cw, m.ch
    joker = is_joker(c)
    suit = (c & 63) >> 3
    if joker:
        r, s = "JK", JOKER
    else:
        r, s = RANKS[c & 7], font.suit_char(suit)
    if th.colour:
        fb.fill_rect(x, y, w, h, th.dim if dim else th.card)
        fb.rect(x, y, w, h, th.cursor if selected else th.ink)
        if selected:
            fb.rect(x + 1, y + 1, w - 2, h - 2, th.cursor)
        ink = th.red if joker else th.suit(suit)
        # the rank (ASCII) straight to the built-in font and the suit's 8x8
        # glyph straight to its blit: a hand of ten faces is most of a frame
        g = 8 * (4 if joker else suit)
        if joker:
            font._glyph8(fb, g, x + 3, y + 3, ink)
            font.text(fb, r, x + 5, y + 13, th.ink)
        else:
            if r[0] < "\x80":
                fb.text(r, x + 3, y + 3, ink)
            else:  # a Russian rank (В Д К Т): the built-in font is ASCII only
                font.text(fb, r, x + 3, y + 3, ink, True)
            font._glyph8(fb, g, x + 3, y + 13, ink)
        if h >= 30:
            font._glyph8(fb, g, x + w - 11, y + h - 11, ink)
        return
    if selected:
        fb.fill_rect(x, y, w, h, th.ink)
        ink = th.bg
    else:
        fb.fill_rect(x, y, w, h, th.card)
        fb.rect(x, y, w, h, th.ink)
        ink = th.ink
    if dim and not selected:
        # A broken edge marks a card that may not be played.
        for yy in range(y + 2, y + h - 2, 2):
            fb.pixel(x, yy, th.bg)
            fb.pixel(x + w - 1, yy, th.bg)
    # glyph by glyph from kept framebuffers: a face is a dozen glyphs at most
    glyph = font.glyph
    if joker:
        glyph(fb, s, x + 2, y + 2, ink)
        font.text(fb, r, x + 2, y + 9, ink)
        return
    xx = x + 2
    for ch in r:
        xx = glyph(fb, ch, xx, y + 2, ink)
    glyph(fb, s, x + 2, y + 9, ink)


def back(fb, m, th, x, y, w, h):
    """A face-down card."""
    if th.colour:
        fb.fill_rect(x, y, w, h, th.back)
        fb.rect(x, y, w, h, th.card)
        fb.rect(x + 2, y + 2, w - 4, h - 4, th.accent)
        return
    fb.fill_rect(x, y, w, h, th.bg)
    fb.rect(x, y, w, h, th.ink)
    for d in range(3, w + h - 4, 4):
        # diagonal hatching, clipped to the inside
        x0 = x + 1 + d
        y0 = y + 1
        if x0 > x + w - 2:
            y0 += x0 - (x + w - 2)
            x0 = x + w - 2
        x1 = x + 1 + d - (h - 3)
        y1 = y + h - 2
        if x1 < x + 1:
            y1 -= (x + 1) - x1
            x1 = x + 1
        if y0 <= y1:
            fb.line(x0, y0, x1, y1, th.ink)


def chip(fb, m, th, label, x, y, selected):
    """A boxed word (an action choice); returns the x after it."""
    w = text_w(m, label) + 3
    h = m.line + 1
    if selected:
        fb.fill_rect(x, y, w, h, th.cursor)
        text(fb, m, label, x + 2, y + 1, th.bg if not th.colour else th.ink)
    else:
        fb.rect(x, y, w, h, th.text)
        text(fb, m, label, x + 2, y + 1, th.text)
    return x + w + 2


def cycle(key, sel, n):
    """The selection of a list of n after an arrow key (every arrow moves:
    the four-button board has only LEFT and RIGHT), or None for another key."""
    if key == keys.UP or key == keys.LEFT:
        return (sel - 1) % n
    if key == keys.DOWN or key == keys.RIGHT:
        return (sel + 1) % n
    return None


def menu_list(fb, m, th, items, sel, y, top=0):
    """A vertical list with the selected item highlighted; items: strings."""
    rows = (m.h - y) // (m.line + 1)
    if sel - top >= rows:
        top = sel - rows + 1
    if sel < top:
        top = sel
    for i in range(top, min(len(items), top + rows)):
        yy = y + (i - top) * (m.line + 1)
        if i == sel:
            fb.fill_rect(0, yy, m.w, m.line + 1, th.cursor)
            text(fb, m, items[i], 4, yy + 1, th.bg if not th.colour else th.ink)
        else:
            text(fb, m, items[i], 4, yy + 1, th.text)
    return top


def title(fb, m, th, s):
    if th.colour:
        fb.fill_rect(0, 0, m.w, m.line + 2, th.panel)
    text(fb, m, s, 2, 1, th.accent)
    fb.hline(0, m.line + 2, m.w, th.accent)

