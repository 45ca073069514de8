# Marking cards of the hand, then confirming: the Skat discard (a dialog:
# see firmware/dialog.py).
from hal import keys
from firmware import ui, words

_ = words.section("table")
from firmware.dialog import panel


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
        x, y, w, h = panel(fb, m, th, self.title, self.info)
        left = self.need - len(self.marked)
        if left:
            from firmware.plural import plural
            s = plural(_("Mark %d more [card|cards] (OK)"), left) % left
        else:
            s = _(">> %s: OK") % self.done if self.cursor == len(self.hand) else _("Then > %s") % self.done
        ui.text(fb, m, s, x + 3, y, th.accent)
        y += m.line + 1
        on = self.cursor == len(self.hand)
        ui.chip(fb, m, th, self.done + " " + " ".join([ui.card_label(c) for c in self.marked]),
                x + 3, y, on)
