# The statistics screen, from the start menu: one game at a time (LEFT/RIGHT
# for the others), its matches and deals by opponents' level and in all;
# UP/DOWN scroll, OK or BACK return.  Game titles only: no rules loaded.
from hal import keys
from engine import games
from firmware.scene import Scene
from firmware import ui, stats
from firmware import words

_ = words.section("menu")

WORDS = {"normal": "Normal", "easy": "Easy", "hard": "Hard",
         "normal+": "Normal, with take-backs", "easy+": "Easy, with take-backs",
         "hard+": "Hard, with take-backs", "earlier": "Before levels were kept"}


def lines(r):
    """A record (stats.Record) for the screen, a line each."""
    out = [_("matches: won %d of %d") % (r.won, r.played)]
    if r.deals:
        out.append(_("deals: won %d of %d") % (r.deals_won, r.deals))
    if r.won:
        from firmware.plural import plural
        out.append(plural(_("best +%d, quickest %d [deal|deals]"), r.quickest) % (r.best, r.quickest))
    return out


def total(st):
    """The records of every level together: the best of the bests, the
    quickest of the quickest wins."""
    t = stats.Record()
    for r in st.levels.values():
        t.played += r.played
        t.won += r.won
        t.deals += r.deals
        t.deals_won += r.deals_won
        if r.best > t.best:
            t.best = r.best
        if r.quickest and (not t.quickest or r.quickest < t.quickest):
            t.quickest = r.quickest
    return t


class StatsScreen(Scene):
    def __init__(self, app, back_sel=0):
        Scene.__init__(self, app)
        self.back_sel = back_sel
        self.game = 0
        self._load()

    def _load(self):
        g, title, p = games.GAMES[self.game]
        st, problem = stats.load(self.app.board.storage, g)
        if problem:
            from firmware.notice import set_aside_text
            self.app.notify(set_aside_text(_("The %s statistics") % words.title(title), self.app.board.storage)
                            + _(" Counting starts again."))
        self.lines = self.page(st)
        self.top = 0

    def page(self, st):
        """(text, strong) lines: each level played, then all of them."""
        m = self.app.m
        out = []
        n = 0
        for lv in stats.LEVELS:
            r = st.levels.get(lv)
            if r is None or not r.played:
                continue
            n += 1
            out.append((_(WORDS[lv]), True))
            for s in lines(r):
                out += [(" " + part, False) for part in ui.wrap(m, s)]
        if not n:
            out.append((_("No match played yet"), False))
        elif n > 1:
            out.append((_("All levels"), True))
            for s in lines(total(st)):
                out += [(" " + part, False) for part in ui.wrap(m, s)]
        return out

    def rows(self):
        m = self.app.m
        return (m.h - m.line - (2 * m.line + 6)) // m.line

    def handle(self, key, event):
        if key == keys.LEFT or key == keys.RIGHT:
            self.game = (self.game + (1 if key == keys.RIGHT else -1)) % len(games.GAMES)
            self._load()
        elif key == keys.UP or key == keys.DOWN:
            top = self.top + (1 if key == keys.DOWN else -1)
            self.top = max(0, min(top, len(self.lines) - self.rows()))
        elif key == keys.OK or key == keys.BACK or key == keys.MENU:
            self.app.home(self.back_sel)
        else:
            return False
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, _("STATISTICS"))
        y = m.line + 5
        ui.text(fb, m, "< %s >" % words.title(games.GAMES[self.game][1]), 2, y, th.cursor)
        y += m.line + 1
        for text, strong in self.lines[self.top:self.top + self.rows()]:
            ui.text(fb, m, text, 2, y, th.accent if strong else th.text)
            y += m.line
        more = len(self.lines) - self.top > self.rows()
        ui.text(fb, m, _("DOWN: more  OK: back") if more else _("LEFT/RIGHT: game  OK: back"),
                2, m.h - m.line, th.dim)
