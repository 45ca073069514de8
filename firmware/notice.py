# A problem the player should know about, in plain words: a saved file that
# could not be used, a file the flash could not take.  Its own module so
# that every scene can tell the player (app.notify) without importing the
# menus, which import the table; dropped again when the notice closes.
from hal import keys
from firmware.scene import Scene
from firmware import ui
from firmware import words

_ = words.section("notice")


def set_aside_text(what, storage, why=None):
    """A file that could not be used, for the player, in plain words (why:
    the reason, if not the storage's last)."""
    fate = getattr(storage, "last_fate", "aside")  # what the storage could do with it
    if fate == "deleted":
        text = _("%s could not be used (%s). The file was deleted.")
    elif fate == "kept":
        text = _("%s could not be used (%s). The file could be neither moved nor deleted.")
    else:
        text = _("%s could not be used (%s). The file was put aside.")
    return text % (what, words.phrase(why or storage.last_reason or "unreadable", "notice"))


class Notice(Scene):
    """The problem's text; UP/DOWN scroll a text longer than the screen (a
    line at a time, as the help screens), any other key goes on to the next
    scene (UP/DOWN too when the whole text is shown)."""

    def __init__(self, app, text, then):
        Scene.__init__(self, app)
        m = app.m
        text = text or _("Something went wrong.")
        # the lines between the title and "OK: go on"
        self.rows = (m.h - 2 * m.line - 5) // m.line
        self.lines = ui.wrap(m, text)
        if len(self.lines) > self.rows:
            # wrapped again beside the scroll bar
            self.lines = ui.wrap(ui.Metrics(m.w - 3, m.h), text)
        self.top = 0
        self.then = then

    def last_top(self):
        return max(0, len(self.lines) - self.rows)

    def handle(self, key, event):
        if (key == keys.UP or key == keys.DOWN) and self.last_top():
            top = min(self.last_top(), max(0, self.top + (1 if key == keys.DOWN else -1)))
            if top == self.top:
                return False
            self.top = top
            return True
        self.app.go(self.then)
        from engine.compat import forget_modules
        forget_modules(("firmware.notice",))  # its code leaves the heap with this scene
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, _("NOTICE"))
        y0 = m.line + 5
        y = y0
        for s in self.lines[self.top:self.top + self.rows]:
            ui.text(fb, m, s, 2, y, th.text)
            y += m.line
        ui.text(fb, m, _("OK: go on"), 2, m.h - m.line, th.cursor)
        last = self.last_top()
        if last:
            # the scroll bar: where the shown lines are in the whole text
            h = self.rows * m.line
            bh = max(3, h * self.rows // len(self.lines))
            fb.fill_rect(m.w - 2, y0 + (h - bh) * self.top // last, 2, bh, th.accent)
