# The dialogs of the table's decisions that are not a card play: a menu
# (take / pass / name a suit, the Skat game types ...) here, a value chooser
# (bids: firmware/chooser.py) and the marking of cards in the hand (the Skat
# discard: firmware/marks.py), each loaded by the games that use it.  Each
# presentation module builds them from the legal actions; the table draws
# them over the trick area and feeds them keys.
#
# handle(key) answers None (the key is not the dialog's), () (only the
# dialog changed: redraw) or a tuple of actions to apply in order.
from hal import keys
from firmware import ui


class Menu:
    """A titled list of choices; any arrow moves (the four-button board has
    only LEFT and RIGHT), OK chooses.  items: ((label, actions), ...) where
    actions is a tuple of actions applied in order.  info: lines shown above
    the choices (what is at stake); card: a card shown beside them (the
    turned card), or -1."""

    hand_mode = False

    def __init__(self, title, items, info=(), card=-1, sel=0):
        self.title = title
        self.items = items
        self.info = info
        self.card = card
        self.sel = sel % len(items) if items else 0
        self.top = 0

    def handle(self, key):
        sel = ui.cycle(key, self.sel, len(self.items))
        if sel is not None:
            self.sel = sel
            return ()
        if key == keys.OK:
            return self.items[self.sel][1]
        return None

    def point(self, a):
        """Put the cursor on the choice that takes action a (a hint)."""
        for i in range(len(self.items)):
            if self.items[i][1] and self.items[i][1][0] == a:
                self.sel = i

    def draw(self, fb, m, th):
        x, y, w, h = panel(fb, m, th, self.title, self.info)
        if self.card >= 0:
            ui.face(fb, m, th, x + w - m.cw - 3, m.dlg_y + m.line + 3, self.card)
            w -= m.cw + 4
        rows = (m.dlg_y + m.dlg_h - 2 - y) // (m.line + 1)
        if rows < 1:
            rows = 1
        if self.sel < self.top:
            self.top = self.sel
        if self.sel >= self.top + rows:
            self.top = self.sel - rows + 1
        for i in range(self.top, min(len(self.items), self.top + rows)):
            label = self.items[i][0]
            if i == self.sel:
                fb.fill_rect(x + 1, y, w - 2, m.line + 1, th.cursor)
                ui.text(fb, m, label, x + 4, y + 1, th.on_cursor)
            else:
                ui.text(fb, m, label, x + 4, y + 1, th.text)
            y += m.line + 1
        if self.top > 0:
            ui.text(fb, m, "^", m.dlg_x + m.dlg_w - 8, m.dlg_y + m.line + 3, th.dim)
        if self.top + rows < len(self.items):
            ui.text(fb, m, "v", m.dlg_x + m.dlg_w - 8, m.dlg_y + m.dlg_h - m.line - 1, th.dim)


def panel(fb, m, th, title, info=(), h=0):
    """The dialog's box with its title and the lines of `info` (what is at
    stake) under it, h high (0: the screen's dialog height); returns the
    inside (x, y, w, h), y below the info."""
    x, y, w = m.dlg_x, m.dlg_y, m.dlg_w
    h = h or m.dlg_h
    fb.fill_rect(x, y, w, h, th.panel)
    fb.rect(x, y, w, h, th.text)
    ui.text(fb, m, title, x + 3, y + 2, th.accent)
    y += m.line + 3
    for s in info:
        ui.text(fb, m, s, x + 3, y, th.text)
        y += m.line
    return x, y, w, m.dlg_y + h - y
