# A value chooser for bids (a dialog: see firmware/dialog.py).
from hal import keys
from firmware import ui, words
from firmware.dialog import panel

_ = words.section("table")


class Chooser:
    """A value chooser: UP/RIGHT steps to the next legal value, DOWN/LEFT to
    the one before; one step below the lowest is the other answer (Pass),
    so it is one key away; OK takes the value shown.  numbers and actions:
    the values in rising order and their actions (two lists of small ints:
    a Skat auction has 70 values, and a label each would cost the heap);
    low: (label, action) below them."""

    hand_mode = False

    def __init__(self, title, numbers, actions, low, info=(), hint="OK: bid"):
        self.title = title
        self.numbers = numbers
        self.actions = actions
        self.low = low
        self.info = info
        self.hint = hint
        # 0 .. len(values)-1; -1: the low answer (the only one when no bid is
        # left above the last: Skat's 264, Hasenpfeffer's all the tricks)
        self.i = 0 if actions else -1

    def current(self):
        """(label, action) of the choice shown."""
        if self.i < 0:
            return self.low
        return "%d" % self.numbers[self.i], self.actions[self.i]

    def point(self, a):
        """Show the value whose action is a (a hint)."""
        self.i = self.actions.index(a) if a in self.actions else -1

    def handle(self, key):
        if key == keys.UP or key == keys.RIGHT:
            if self.i < len(self.actions) - 1:
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
        x, y, w, h = panel(fb, m, th, self.title, self.info)
        label = self.current()[0]
        left = "<" if self.i >= 0 else " "
        right = ">" if self.i < len(self.actions) - 1 else " "
        s = "%s %s %s" % (left, label, right)
        y += 1
        tw = ui.text_w(m, s)
        fb.fill_rect(x + (w - tw) // 2 - 2, y - 1, tw + 3, m.line + 1, th.cursor)
        ui.text(fb, m, s, x + (w - tw) // 2, y, th.on_cursor)
        y += m.line + 2
        if self.i >= 0:
            tip = "%s  <: %s" % (self.hint, self.low[0]) if self.i == 0 else self.hint
        else:
            tip = _("OK: %s") % self.low[0]
        ui.text(fb, m, tip, x + 3, y, th.dim)
