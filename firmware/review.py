# "Could I have won?": the finished deal, trick by trick, from the deal's
# summary (RIGHT).  Every action of each trick, and at each of the player's
# card plays whether it cost points against the best play with every card
# known, the best play, and what the computer (normal level, seeing only
# what the player saw) would have played there (engine/review.py judges).
#
# A judgement is a search (up to ~2.5 s on a Pico): the page shown is judged
# first, then the pages after it, one play per pass of the loop while the
# player reads, with a moving thinking sign (the dots) and the watchdog fed.
# This module and engine/review.py are loaded when the review opens and
# forgotten when it closes: the next deal's searches want the heap.
import gc

from hal import keys
from hal.ticks import ticks_diff
from engine.game import ACTION_BASE
from firmware.scene import Scene
from firmware import ui, words

_ = words.section("review")

# One play's judgement: the solver's nodes at most (the same everywhere: a
# deal reviewed in the simulator says what the device says), and on the
# device its clock too (the AI's suggestion has its own guard, 1.9 s).
# Measured: docs/ai.md, "The review of a deal".
NODES = 600
CLOCK_MS = 2500


class _View:
    """The table as the game's labels read it, with the replayed state."""

    def __init__(self, table, state):
        self.t = table
        self.state = state

    def __getattr__(self, name):
        return getattr(self.t, name)


class Review(Scene):
    def __init__(self, app, summary):
        Scene.__init__(self, app)
        self.summary = summary
        t = self.table = summary.table
        m = t.match
        from engine.review import of_log
        self.r = of_log(t.game, m.options, m.seed, t.log.data, t.HUMAN, True)
        # The suggestions are the computer's at the match's level (the hard
        # level's searches as the normal level's): its modules are in the
        # heap already, where the search AI's beside an easy table would
        # not fit (tests/test_review.py, the walkthrough's heap).
        if t.level == "easy":
            self.r.kind = "ai-easy"
        self.page = 0
        self.top = 0
        self.lines = None  # the page's lines (action index or -1, text), made once a page
        self.wrapped = None  # the lines with the verdicts, as the screen shows them
        self.shown = False  # the page's first frame is out: judging may start
        self.spin = 0
        self.working = -1  # the action being judged
        self.shown_at = 0
        self.started = 0
        self.left = self._todo()

    # -- what is judged when ---------------------------------------------

    def _todo(self):
        """The player's decisions not judged yet: this page's first, then
        the pages after it, then those before."""
        r = self.r
        n = len(r.pages)
        out = []
        for k in range(n):
            for i in r.judged((self.page + k) % n):
                if i not in r.verdicts:
                    out.append(i)
        return out

    def busy(self):
        return bool(self.left)

    def tick(self, now):
        if not self.left or not self.shown:
            return False
        i = self.left.pop(0)
        self.working = i
        self.started = self.shown_at = now
        gc.collect()  # (the search wants the heap in one piece)
        p = self.r.player
        if p is not None:
            p.progress = self._progress
        board = self.app.board
        trace = self.app.trace
        t0 = board.ticks_ms() if trace else 0
        try:
            self.r.judge(i, NODES, self._late)
        except MemoryError:
            # A plain MicroPython with the .mpy files in RAM has ~55 KB at
            # a Skat summary, and a solve can want more: that play and the
            # rest stay unjudged, said so, and the app goes on.
            from engine.review import NO_ROOM
            self.r.verdicts[i] = (NO_ROOM,)
            self.left = []
            gc.collect()
        finally:
            if p is not None:
                del p.progress
        if trace:
            v = self.r.verdicts[i]
            print("~review %s %d %d %d %d" % (self.table.game.NAME, i, v[0],
                                              ticks_diff(board.ticks_ms(), t0), gc.mem_free()))
        self.working = -1
        self.wrapped = None
        return True

    def _late(self):
        """Every 64 nodes of a solve: the watchdog fed, the sign moved, and
        True once the judgement's time is over."""
        self._progress()
        return ticks_diff(self.app.board.ticks_ms(), self.started) >= CLOCK_MS

    def _progress(self):
        # the table's thinking sign, the same steps (firmware/thinking.py)
        from firmware.thinking import progress
        progress(self)

    def after_frame(self):
        self.shown = True

    # -- keys --------------------------------------------------------------

    def handle(self, key, event):
        if key == keys.BACK or key == keys.MENU or (key == keys.OK and self.page == len(self.r.pages) - 1):
            self.close()
            return True
        d = 1 if key == keys.RIGHT or key == keys.OK else -1 if key == keys.LEFT else 0
        if d:
            p = self.page + d
            if 0 <= p < len(self.r.pages):
                self.page = p
                self.top = 0
                self.lines = self.wrapped = None
                self.left = self._todo()
                self.shown = False
            return True
        if key == keys.UP or key == keys.DOWN:
            self.top += -1 if key == keys.UP else 1
            if self.top < 0:
                self.top = 0
            return True
        return False

    def close(self):
        """Back to the deal's summary; this module's heap goes with it."""
        app = self.app
        s = self.summary
        self.r = self.summary = self.table = None
        import sys
        from engine.compat import forget_modules
        had = self.had
        self.had = None
        forget_modules([n for n in sys.modules if n not in had])
        app.go(s)

    had = ()  # the modules before the review (firmware/summary.py): the rest are forgotten

    # -- the page ----------------------------------------------------------

    def _page_lines(self):
        """(action index, text) of every action of the page, and where a
        trick ends, who took it (-1, text)."""
        t, r = self.table, self.r
        first, end = r.pages[self.page]
        s = r.state_at(first)
        out = []
        for i in range(first, end):
            a = r.acts[i]
            seat = s.to_move
            o = s.observation(seat)
            out.append((i, "%s: %s" % (t.name(seat), t.p.label(_View(t, s), o, a))))
            n = len(s.played)
            s._apply(a)
            if not s.trick and len(s.played) > n:
                w = s.leader
                out.append((-1, _("You take the trick") if w == t.HUMAN
                            else _("%s takes the trick") % t.name(w)))
        if self.page < r.before:
            out.append((-1, _("Bids and calls are shown, not judged.")))
        return out

    def _verdict(self, i):
        """The lines under the player's action i: (text, colour name)."""
        r = self.r
        v = r.verdicts.get(i)
        if v is None:
            if r.movers[i] != r.seat:
                return ()
            return (("» " + _("solving") + "..."[:1 + self.spin % 3] if i == self.working
                     else "» " + _("waiting"), "dim"),)
        from engine import review as e
        if v[0] == e.FORCED:
            return (("» " + _("the only play"), "dim"),)
        if v[0] == e.SHOWN:
            return ()
        if v[0] == e.NO_ROOM:
            return (("» " + _("no memory left to solve"), "dim"),)
        if v[0] == e.UNSOLVED or v[0] == e.EARLY:
            return (("» " + (_("not solved in time") if v[0] == e.UNSOLVED
                             else _("too many cards to solve")), "dim"),
                    ("» " + _("AI: %s") % self._label(i, v[1]), "text"))
        best, played, best_a, ai, ai_v = v[1], v[2], v[3], v[4], v[5]
        from firmware.plural import plural
        out = []
        if best > played:
            out.append(("» " + plural(_("cost %d [point|points]"), best - played) % (best - played), "warn"))
            out.append(("» " + _("best: %s") % self._label(i, best_a), "text"))
        else:
            out.append(("» " + _("best play"), "accent"))
        if ai == r.acts[i]:
            out.append(("» " + _("AI: the same"), "text"))
        elif ai_v >= best:
            out.append(("» " + _("AI: %s, best") % self._label(i, ai), "text"))
        else:
            out.append(("» " + plural(_("AI: %s, %d [point|points] less"), best - ai_v)
                        % (self._label(i, ai), best - ai_v), "text"))
        return out

    def _label(self, i, a):
        if a < ACTION_BASE:
            return ui.card_label(a)
        s = self.r.state_at(i)
        return self.table.p.label(_View(self.table, s), s.observation(s.to_move), a)

    def _wrap(self):
        if self.lines is None:
            self.lines = self._page_lines()
        m = self.app.m
        out = []
        for i, text in self.lines:
            kind = "dim" if i < 0 else "text"
            for s in ui.wrap(m, text):
                out.append((s, kind))
            if i >= 0:
                for text, kind in self._verdict(i):
                    for s in ui.wrap(m, text):
                        out.append((s, kind))
        return out

    def draw(self, fb):
        try:
            self._draw(fb)
            return
        except MemoryError:
            pass
        # A page's lines are made as it is drawn: with no heap left for them
        # (the .mpy files in RAM after a Skat deal), back to the summary and
        # told, as when the review cannot start (firmware/summary.py).
        # Outside the except, whose traceback holds the heap.
        self.close()
        self.app.notify(words.section("table")("Not enough memory for the review."))

    def _draw(self, fb):
        m, th = self.app.m, self.app.theme
        r = self.r
        n = len(r.pages)
        if self.page < r.before:
            head = _("BEFORE THE PLAY")
        else:
            head = _("TRICK %d OF %d") % (self.page - r.before + 1, n - r.before)
        ui.title(fb, m, th, head)
        # (rebuilt while a judgement runs: its dots move)
        lines = self.wrapped = self._wrap()
        y = m.line + 5
        pitch = m.line + (2 if m.big else 0)
        rows = (m.h - m.line - y) // pitch
        if self.top > len(lines) - rows:
            self.top = max(0, len(lines) - rows)
        for text, kind in lines[self.top:self.top + rows]:
            ui.text(fb, m, text, 2, y, getattr(th, kind))
            y += pitch
        if self.top + rows < len(lines):
            foot = _("DOWN: more")
        else:
            foot = (_("LEFT/RIGHT: tricks  BACK: summary"), _("LEFT/RIGHT: tricks"))
        ui.text(fb, m, ui.fit(m, foot, m.w - 2), 2, m.h - m.line, th.cursor)

