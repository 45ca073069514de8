# Starting a game that has a saved match: Continue it, or Start over (the
# save is dropped as the new match begins).  BACK returns to the game menu.
from hal import keys
from firmware.scene import Scene
from firmware import ui
from firmware import words

_ = words.section("menu")

CHOICES = ("Continue", "Start over")


class SavedMatch(Scene):
    def __init__(self, app, menu, saved):
        Scene.__init__(self, app)
        self.menu = menu  # the game menu: its settings start a new match
        self.saved = saved
        self.sel = 0

    def handle(self, key, event):
        if key == keys.UP or key == keys.DOWN or key == keys.LEFT or key == keys.RIGHT:
            self.sel = 1 - self.sel
        elif key == keys.OK:
            self.menu.start(self.sel == 0)
        elif key == keys.BACK or key == keys.MENU:
            self.app.go(self.menu)
        else:
            return False
        return True

    def lines(self):
        s = self.saved
        out = [_("A match is saved.")]
        if s.scores:
            out.append(_("Score %s, deal %d") % (s.score_text(), s.deals + 1))
        return out

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, words.upper(words.title(self.menu.game.TITLE)))
        y = m.line + 5
        for s in self.lines():
            for part in ui.wrap(m, s):
                ui.text(fb, m, part, 2, y, th.text)
                y += m.line
        ui.menu_list(fb, m, th, [_(c) for c in CHOICES], self.sel, y + 2)
