# After a deal: who won it and why, the game's breakdown (from its
# presentation module), the match score.  After the match: the winner and
# the statistics.  Leaving goes to the start menu through app.home(), so this
# module imports no menu.
from hal import keys
from firmware.scene import Scene
from firmware import ui, savegame, words
from engine.compat import forget_modules

_ = words.section("table")


def book(app, table):
    """Book the finished match in the statistics (at the level it was
    finished at), then remove the game's save: a power cut between the two
    leaves a save that is booked once only (the statistics keep the last
    booked match's seed).  Returns (the level's record, problem?)."""
    # The statistics are loaded here, once a match, not with the table: a
    # deal needs the room more (tests/test_app_micropython.py, 160 KB).
    import gc
    gc.collect()
    from firmware import stats
    t = table
    m = t.match
    won = m.winner == t.my_side
    others = [m.scores[s] for s in range(m.nsides) if s != t.my_side]
    margin = m.scores[t.my_side] - max(others)
    # a match played with take-backs allowed is booked apart (marked)
    level = t.level + ("+" if t.log.takebacks else "")
    st, problem = stats.count(app.board.storage, t.game.NAME, won, margin, m.deals, m.seed,
                              level, m.deals_won[t.my_side])
    savegame.clear(app.board.storage, t.game.NAME)
    return st, problem


class DealSummary(Scene):
    def __init__(self, app, table):
        Scene.__init__(self, app)
        self.table = table
        self.lines = self._lines(table)
        m = app.m
        self.wrapped = []  # the lines as the screen shows them, wrapped once
        for text, strong in self.lines + [(_("RIGHT: review the deal"), False)]:
            for s in ui.wrap(m, text):
                self.wrapped.append((s, strong))
        self.stats = None
        if table.match.over:
            self.stats, problem = book(app, table)
            if problem:
                from firmware.notice import set_aside_text
                app.notify(set_aside_text(_("The %s statistics") % words.title(table.game.TITLE),
                                          app.board.storage) + _(" Counting starts again."))
        self.top = 0

    def _lines(self, t):
        st, match = t.state, t.match
        r = st.result
        if r.winner < 0:
            head = _("Void deal") if r.void else _("Drawn deal")
        else:
            gp = r.points[r.winner]
            head = (_("%s %d game point") if gp == 1 else _("%s %d game points")) % (t.wins(r.winner), gp)
        out = [(head, True)]
        for line in t.p.summary(t, st):
            out.append(line)
        score = "  ".join(["%s %d" % (t.side_name(s), match.scores[s])
                           for s in range(len(match.scores))])
        target = getattr(match.options, "match_target", None)
        out.append((_("Match: ") + score + ("" if target is None else _("  (to %s)") % target), False))
        return out

    def handle(self, key, event):
        if key == keys.UP or key == keys.DOWN:
            # a long breakdown scrolls
            self.top += -1 if key == keys.UP else 1
            if self.top < 0:
                self.top = 0
            return True
        if key == keys.RIGHT:
            self.review()
            return True
        if key != keys.OK and key != keys.BACK:
            return False
        t = self.table
        if t.match.over:
            self.app.go(MatchEnd(self.app, t, self.stats))
        else:
            # The next deal is dealt by the table's next tick, once this
            # screen, its lines and this module have left the heap (dealt
            # here, its first dialog met them all: the peak of a Skat deal).
            t.deal_due = True
            self.app.go(t)
            # This module leaves the heap for the deal's searches (the table
            # loads it again at the deal's end).
            forget_modules(("firmware.summary", "firmware.plural"))
        return True

    def review(self):
        """The deal trick by trick (firmware/review.py), its modules loaded
        now and forgotten when it closes: every module it brings in (the
        solver, the AI where the opponents are easy) is noted as new."""
        import gc
        import sys
        had = list(sys.modules)
        gc.collect()
        try:
            from firmware.review import Review
            r = Review(self.app, self)
        except MemoryError:
            # MicroPython's own image, the .mpy files in RAM, after a Skat
            # deal: the review's modules and replay may not fit.  Said, and
            # the summary goes on (outside the except, whose traceback
            # holds the heap).
            r = None
        if r is None:
            forget_modules([n for n in sys.modules if n not in had])
            gc.collect()
            self.app.notify(_("Not enough memory for the review."))
            return
        r.had = had
        self.app.go(r)

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, _("DEAL %d") % self.table.match.deals)
        y = m.line + 5
        pitch = m.line + (2 if m.big else 0)
        rows = (m.h - m.line - y) // pitch
        lines = self.wrapped
        if self.top > len(lines) - rows:
            self.top = max(0, len(lines) - rows)
        for text, strong in lines[self.top:self.top + rows]:
            ui.text(fb, m, text, 2, y, th.accent if strong else th.text)
            y += pitch
        nxt = _("OK: the result") if self.table.match.over else _("OK: next deal")
        if self.top + rows < len(lines):
            nxt += _("  DOWN: more")
        elif self.top:
            nxt += _("  UP: back")
        ui.text(fb, m, nxt, 2, m.h - m.line, th.cursor)


class MatchEnd(Scene):
    def __init__(self, app, table, booked=None):
        Scene.__init__(self, app)
        self.table = table
        m = table.match
        self.won = m.winner == table.my_side
        if booked is None:
            from firmware import stats
            booked = stats.load(app.board.storage, table.game.NAME)[0].level(table.level)
        self.stats = booked

    def handle(self, key, event):
        if key != keys.OK and key != keys.BACK and key != keys.MENU:
            return False
        self.app.home()
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        t = self.table
        ui.title(fb, m, th, _("MATCH OVER"))
        y = m.line + 8
        head = _("You win the match!") if self.won else _("%s the match") % t.wins(t.match.winner)
        ui.centred(fb, m, head, y, th.accent)
        y += 2 * m.line
        for s in range(len(t.match.scores)):
            ui.centred(fb, m, "%s %d" % (t.side_name(s), t.match.scores[s]), y, th.text)
            y += m.line
        from firmware.plural import plural
        ui.centred(fb, m, plural(_("after %d [deal|deals]"), t.match.deals) % t.match.deals, y, th.text)
        y += 2 * m.line
        for line in ui.wrap(m, self.stats.text(_)):
            ui.centred(fb, m, line, y, th.dim)
            y += m.line
        ui.text(fb, m, _("OK: menu"), 2, m.h - m.line, th.cursor)
