# After a deal: who won it and why, each side's card points, tricks and
# marriages, the game points, the match score.  After the match: the winner.
from hal import keys
from engine.game import side_names
from firmware.scene import Scene
from firmware import ui, font


def _names(table, text):
    # The engine's texts name seats P1, P2 ...; the screen says You / AI.
    for s in range(table.n - 1, -1, -1):
        text = text.replace("P%d" % (s + 1), table.label(s))
    return text


class DealSummary(Scene):
    def __init__(self, app, table):
        Scene.__init__(self, app)
        self.table = table
        self.lines = self._lines(table)

    def _lines(self, t):
        st, match = t.state, t.match
        r = st.result
        o = st.observation(0)  # the deal is over: nothing is hidden any more
        names = side_names(t.game, match.options)
        if r.winner < 0:
            head = "Void deal" if r.void else "Drawn deal"
        else:
            gp = r.points[r.winner]
            head = "%s %d game point%s" % (t.wins(r.winner), gp, "" if gp == 1 else "s")
        out = [(head, True)]
        if r.reason:
            out.append((_names(t, r.reason), False))
        # per-seat facts fit the lines only when every seat is its own side
        per_seat = t.match.nsides == t.n
        tricks = getattr(o, "tricks", None) if per_seat else None
        marr = getattr(o, "marriages", None) if per_seat else None
        for s in range(len(r.totals)):
            line = "%s %d pts" % (t.side_label(s), r.totals[s])
            if tricks is not None:
                line += ", %d tricks" % tricks[s]
            if marr and marr[s]:
                for suit, value in marr[s]:
                    line += " " + font.suit_char(suit) + "%d" % value
            out.append((line, False))
        score = "  ".join(["%s %d" % (_names(t, names[s]), match.scores[s])
                           for s in range(len(match.scores))])
        target = getattr(match.options, "match_target", None)
        out.append(("Match: " + score + ("" if target is None else "  (to %d)" % target), False))
        return out

    def handle(self, key, event):
        if key != keys.OK and key != keys.BACK:
            return False
        t = self.table
        if t.match.over:
            self.app.go(MatchEnd(self.app, t))
        else:
            t.new_deal()
            self.app.go(t)
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, "DEAL %d" % self.table.match.deals)
        y = m.line + 5
        for text, strong in self.lines:
            ui.text(fb, m, text, 2, y, th.accent if strong else th.text)
            y += m.line + (2 if m.big else 0)
        nxt = "OK: the result" if self.table.match.over else "OK: next deal"
        ui.text(fb, m, nxt, 2, m.h - m.line, th.cursor)


class MatchEnd(Scene):
    def __init__(self, app, table):
        Scene.__init__(self, app)
        self.table = table
        self.won = table.match.winner == table.my_side
        self.record = _count(app.board.storage, self.won)

    def handle(self, key, event):
        if key != keys.OK and key != keys.BACK and key != keys.MENU:
            return False
        from firmware.menu import StartMenu
        self.app.go(StartMenu(self.app))
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        t = self.table
        ui.title(fb, m, th, "MATCH OVER")
        y = m.line + 8
        head = "You win the match!" if self.won else "%s the match" % t.wins(t.match.winner)
        ui.centred(fb, m, head, y, th.accent)
        y += 2 * m.line
        names = side_names(t.game, t.match.options)
        for s in range(len(t.match.scores)):
            ui.centred(fb, m, "%s %d" % (_names(t, names[s]), t.match.scores[s]), y, th.text)
            y += m.line
        ui.centred(fb, m, "after %d deals" % t.match.deals, y, th.text)
        y += 2 * m.line
        ui.centred(fb, m, "Matches won %d, lost %d" % self.record, y, th.dim)
        ui.text(fb, m, "OK: menu", 2, m.h - m.line, th.cursor)


def _count(storage, won):
    """Matches won and lost, kept on the device."""
    data = storage.read("stats")
    w = l = 0
    if data:
        try:
            w, l = [int(x) for x in data.decode().split()]
        except ValueError:
            w = l = 0
    if won:
        w += 1
    else:
        l += 1
    storage.write("stats", ("%d %d" % (w, l)).encode())
    return w, l
