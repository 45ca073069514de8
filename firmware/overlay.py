# What the table shows over itself now and then: the views DOWN steps
# through (the last trick, the last events, the score and the deal's public
# facts) and the pause box, and what its lines do (the hint, the take-back).  Loaded when first shown, so that the table
# itself stays small.
import gc

from hal import keys
from engine.game import ACTION_BASE
from engine.players import make_player, decide
from firmware import ui
from firmware.dialog import panel
from firmware import words

_ = words.section("table")


def _joined(m, parts):
    """parts joined by two spaces, as many a line as fit the view (a
    Russian or four-seat line ran off the screen)."""
    lines = []
    for p in parts:
        if lines and ui.text_w(m, lines[-1] + "  " + p) <= m.w - 8:
            lines[-1] += "  " + p
        else:
            lines.append(p)
    return lines


def _lines(t, m, y, o):
    lines = []
    if t.view == 0:
        if t.last is None:
            lines = [_("No trick played yet.")]
        else:
            lead, cards, won = t.last
            parts = []
            for i in range(len(cards)):
                parts.append("%s %s" % (t.name((lead + i) % t.n), ui.card_label(cards[i])))
            lines = _joined(m, parts)
            lines.append(_("%s took it") % t.name(won))
    elif t.view == 1:
        for e in t.history:
            lines += ui.wrap(m, e)
        lines = lines or [_("Nothing yet.")]
    else:
        names = t.match.scores
        parts = ["%s %d" % (t.side_name(s), names[s]) for s in range(len(names))]
        target = getattr(t.match.options, "match_target", None)
        if target is not None:
            parts.append(_("  (to %s)").strip() % target)
        lines = _joined(m, parts)
        for s in t.p.info(t, o):
            lines += ui.wrap(m, s)
    return lines


def draw_view(t, fb, m, th, o):
    """The last trick, the events or the score, over the table (the hand
    below on the LCD; the OLED's view takes the hand's room too: 6 lines
    instead of 3), scrolled where the arrows left it (at first the events
    at their newest lines, the others at the top), with a mark where more
    lines are."""
    title = _(t.VIEWS[t.view]) + _("  (DOWN: next)")
    x, y, w, h = panel(fb, m, th, title, (), 0 if m.big else m.h - m.dlg_y)
    key = (t.view, t.obs, len(t.history), t.history[-1] if t.history else None)
    cache = t.view_lines  # [key, lines, the first shown, the last first line]
    if cache is None or cache[0] != key:
        # (the same view of the same position is not made again)
        cache = t.view_lines = [key, _lines(t, m, y, o), -1, 0]
    lines = cache[1]
    rows = h // m.line
    last = len(lines) - rows if len(lines) > rows else 0
    top = cache[2]
    if top < 0 or top > last:
        top = last if t.view == 1 or top > last else 0
    cache[2] = top
    cache[3] = last  # (the arrows scroll when above 0, else close: view_key)
    for s in lines[top:top + rows]:
        ui.text(fb, m, s, x + 3, y, th.text)
        y += m.line
    if last:  # the marks of more lines above (^) and below (v), at the title's end
        ui.text(fb, m, ("^" if top else " ") + ("v" if top < last else ""),
                x + w - ui.text_w(m, "^v") - 2, m.dlg_y + 2, th.accent)
    if m.big:
        t._draw_hand(fb, m, th, o)


def view_key(t, key):
    """DOWN: the next view; LEFT or UP, RIGHT: a line back or on where the
    view has more lines than room; any other key closes it."""
    c = t.view_lines
    if key == keys.DOWN:
        t.view = (t.view + 1) % len(t.VIEWS)
    elif c is not None and c[3] and (key == keys.LEFT or key == keys.UP or key == keys.RIGHT):
        c[2] = max(0, min(c[3], c[2] + (1 if key == keys.RIGHT else -1)))
    else:
        t.view = -1
    return True


def draw_pause(t, fb, m, th):
    n = len(t.PAUSE)
    rows = min(n, (m.h - 8) // (m.line + 1) - 1)  # the OLED scrolls the list
    top = 0
    if t.pause_sel >= rows:
        top = t.pause_sel - rows + 1
    w = m.w * 3 // 4
    h = (rows + 1) * (m.line + 1) + 5
    x = (m.w - w) // 2
    y = (m.h - h) // 2
    fb.fill_rect(x, y, w, h, th.panel)
    fb.rect(x, y, w, h, th.text)
    ui.text(fb, m, _("Paused"), x + 4, y + 2, th.accent)
    for r in range(rows):
        i = top + r
        yy = y + 3 + (r + 1) * (m.line + 1)
        if i == t.pause_sel:
            fb.fill_rect(x + 2, yy - 1, w - 4, m.line + 1, th.cursor)
            ui.text(fb, m, _(t.PAUSE[i]), x + 6, yy, th.on_cursor)
        else:
            ui.text(fb, m, _(t.PAUSE[i]), x + 6, yy, th.text)


def take_back(t):
    """Undo the player's last move of this deal and the computer's
    replies since, where the match allows it: the match is rebuilt from
    its save cut at that move (the rules replay it), the computer
    players keeping their random streams as they are now."""
    if not t.log.takebacks:
        t.msg = _("No take-backs in this match")
        return
    if not t.marks:
        t.msg = _("Nothing to take back")  # (in this deal)
        return
    from engine import savegame as fmt
    cut = t.marks.pop()
    data = fmt.dumps(t.match, t.log, t.players)
    data = data[:data.find(b"\n") + 1] + bytes(t.log.data[:cut])
    level = t.level
    marks, history = t.marks, t.history
    t.state = t.obs = t.dlg = None
    gc.collect()
    t.match, state, t.log, t.players = fmt.loads(
        data, lambda game, match: t.make_players(game, match, 1, level))
    t.new_deal(state)
    t.marks, t.history = marks, history
    t.msg = _("You took your move back")
    t._event(t.msg)
    t._save()

def hint(t):
    """What the computer (the normal level) would do in the player's
    seat, from the player's observation only (the search samples the
    hidden cards as engine.players.Worlds does for every player): said in
    the message line and put under the cursor.  The first pass shows
    that it is being worked out."""
    if t.hint_due == 1:
        t.hint_due = 2
        t.msg = _("Hint: thinking...")
        return True
    t.hint_due = 0
    adviser = make_player("ai", t.game, (t.match.seed * 7 + len(t.history)) & 0xFFFFFF, True)
    a = decide(adviser, t.state, t.match)
    adviser = None
    gc.collect()
    o = t.obs
    t.msg = _("Hint: ") + t.p.label(t, o, a)
    d = t.dlg
    if a < ACTION_BASE and a in o.hand:
        t.row = 0
        t.cursor = o.hand.index(a)
    elif d is not None:
        d.point(a)
    else:
        acts = t.actions()
        if a in acts:
            t.row = 1
            t.chip = acts.index(a)
    return True


def pause_key(t, key):
    n = len(t.PAUSE)
    sel = ui.cycle(key, t.pause_sel, n)
    if sel is not None:
        t.pause_sel = sel
    elif key == keys.BACK or key == keys.MENU:
        t.paused = False
    elif key == keys.OK:
        t.paused = False
        if t.pause_sel == n - 1:
            t.app.home()
        elif t.pause_sel == t.HINT:
            if t.human_turn():
                t.hint_due = 1
            else:
                t.msg = _("A hint comes at your turn")
        elif t.pause_sel == t.TAKE_BACK:
            take_back(t)
        elif t.pause_sel > t.TAKE_BACK:
            t.view = t.pause_sel - t.TAKE_BACK - 1
    else:
        return False
    return True
