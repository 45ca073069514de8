# A problem the player should know about, in plain words: a saved file that
# could not be used.  Its own module so that every scene can tell the player
# (app.notify) without importing the menus, which import the table.
from firmware.scene import Scene
from firmware import ui
from firmware import words

_ = words.section("notice")


def set_aside_text(what, storage, why=None):
    """A file that could not be used, for the player, in plain words (why:
    the reason, if not the storage's last)."""
    return _("%s could not be used (%s). The file was put aside.") % (
        what, words.phrase(why or storage.last_reason or "unreadable", "notice"))


class Notice(Scene):
    """The problem's text; any key goes on to the next scene."""

    def __init__(self, app, text, then):
        Scene.__init__(self, app)
        self.lines = ui.wrap(app.m, text or _("Something went wrong."))
        self.then = then

    def handle(self, key, event):
        self.app.go(self.then)
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, _("NOTICE"))
        y = m.line + 5
        for s in self.lines:
            ui.text(fb, m, s, 2, y, th.text)
            y += m.line
        ui.text(fb, m, _("OK: go on"), 2, m.h - m.line, th.cursor)
