# The dialogs of the table's decisions that are not a card play: a menu
# (take / pass / name a suit, the Skat game types ...), a value chooser (bids)
# and the marking of cards in the hand (the Skat discard).  Each presentation
# module builds them from the legal actions; the table draws them over the
# trick area and feeds them keys.
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
        n = len(self.items)
        if key == keys.UP or key == keys.LEFT:
            self.sel = (self.sel - 1) % n
        elif key == keys.DOWN or key == keys.RIGHT:
            self.sel = (self.sel + 1) % n
        elif key == keys.OK:
            return self.items[self.sel][1]
        else:
            return None
        return ()

    def point(self, a):
        """Put the cursor on the choice that takes action a (a hint)."""
        for i in range(len(self.items)):
            if self.items[i][1] and self.items[i][1][0] == a:
                self.sel = i

    def draw(self, fb, m, th):
        x, y, w, h = panel(fb, m, th, self.title)
        if self.card >= 0:
            ui.face(fb, m, th, x + w - m.cw - 3, y, self.card)
            w -= m.cw + 4
        for s in self.info:
            ui.text(fb, m, s, x + 3, y, th.text)
            y += m.line
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


class Chooser:
    """A value chooser: UP/RIGHT steps to the next legal value, DOWN/LEFT to
    the one before; one step below the lowest is the other answer (Pass),
    so it is one key away; OK takes the value shown.  values: ((label,
    action), ...) in rising order; low: (label, action) below them."""

    hand_mode = False

    def __init__(self, title, values, low, info=(), hint="OK: bid"):
        self.title = title
        self.values = values
        self.low = low
        self.info = info
        self.hint = hint
        self.i = 0  # 0 .. len(values)-1; -1: the low answer

    def current(self):
        return self.low if self.i < 0 else self.values[self.i]

    def point(self, a):
        """Show the value whose action is a (a hint)."""
        self.i = -1
        for j in range(len(self.values)):
            if self.values[j][1] == a:
                self.i = j

    def handle(self, key):
        if key == keys.UP or key == keys.RIGHT:
            if self.i < len(self.values) - 1:
                self.i += 1
        elif key == keys.DOWN or key == keys.LEFT:
            if self.i >= 0:
                self.i -= 1
        elif key == keys.OK:
            return (self.current()[1],)
        else:
            return None
        return ()

    def draw(self, fb, m, th):
        x, y, w, h = panel(fb, m, th, self.title)
        for s in self.info:
            ui.text(fb, m, s, x + 3, y, th.text)
            y += m.line
        label = self.current()[0]
        left = "<" if self.i >= 0 else " "
        right = ">" if self.i < len(self.values) - 1 else " "
        s = "%s %s %s" % (left, label, right)
        y += 1
        tw = ui.text_w(m, s)
        fb.fill_rect(x + (w - tw) // 2 - 2, y - 1, tw + 3, m.line + 1, th.cursor)
        ui.text(fb, m, s, x + (w - tw) // 2, y, th.on_cursor)
        y += m.line + 2
        if self.i >= 0:
            tip = "%s  <: %s" % (self.hint, self.low[0]) if self.i == 0 else self.hint
        else:
            tip = "OK: %s" % self.low[0]
        ui.text(fb, m, tip, x + 3, y, th.dim)


class Mark:
    """Mark `need` cards of the hand, then confirm: LEFT/RIGHT move over the
    hand and a last position (the confirmation), OK marks or unmarks a card,
    OK on the confirmation applies action_of(card) for each marked card."""

    hand_mode = True

    def __init__(self, title, hand, action_of, need, done="Discard", info=()):
        self.title = title
        self.hand = hand
        self.action_of = action_of  # card -> action (absent: not markable)
        self.need = need
        self.done = done
        self.info = info
        self.marked = []
        self.cursor = 0

    def point(self, a):
        """Put the cursor on the card that action a discards (a hint)."""
        for i in range(len(self.hand)):
            if self.action_of.get(self.hand[i]) == a:
                self.cursor = i

    def handle(self, key):
        n = len(self.hand) + 1
        if key == keys.LEFT or key == keys.UP:
            self.cursor = (self.cursor - 1) % n
        elif key == keys.RIGHT or key == keys.DOWN:
            self.cursor = (self.cursor + 1) % n
        elif key == keys.OK:
            if self.cursor == len(self.hand):
                if len(self.marked) == self.need:
                    return tuple([self.action_of[c] for c in self.marked])
                return ()
            c = self.hand[self.cursor]
            if c in self.marked:
                self.marked.remove(c)
            elif c in self.action_of and len(self.marked) < self.need:
                self.marked.append(c)
        else:
            return None
        return ()

    def draw(self, fb, m, th):
        x, y, w, h = panel(fb, m, th, self.title)
        for s in self.info:
            ui.text(fb, m, s, x + 3, y, th.text)
            y += m.line
        left = self.need - len(self.marked)
        if left:
            s = "Mark %d more card%s (OK)" % (left, "" if left == 1 else "s")
        else:
            s = ">> %s: OK" % self.done if self.cursor == len(self.hand) else "Then > %s" % self.done
        ui.text(fb, m, s, x + 3, y, th.accent)
        y += m.line + 1
        on = self.cursor == len(self.hand)
        ui.chip(fb, m, th, self.done + " " + " ".join([ui.card_label(c) for c in self.marked]),
                x + 3, y, on)


def panel(fb, m, th, title):
    """The dialog's box with its title; returns the inside (x, y, w, h)."""
    x, y, w, h = m.dlg_x, m.dlg_y, m.dlg_w, m.dlg_h
    fb.fill_rect(x, y, w, h, th.panel)
    fb.rect(x, y, w, h, th.text)
    ui.text(fb, m, title, x + 3, y + 2, th.accent)
    return x, y + m.line + 3, w, h - m.line - 3
