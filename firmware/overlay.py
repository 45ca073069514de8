# What the table shows over itself now and then: the views DOWN steps
# through (the last trick, the last events, the score and the deal's public
# facts) and the pause box.  Loaded when first shown, so that the table
# itself stays small.
from firmware import ui
from firmware.dialog import panel


def _lines(t, m, y, o):
    lines = []
    if t.view == 0:
        if t.last is None:
            lines = ["No trick played yet."]
        else:
            lead, cards, won = t.last
            parts = []
            for i in range(len(cards)):
                parts.append("%s %s" % (t.name((lead + i) % t.n), ui.card_label(cards[i])))
            # two plays a line on the small screen, all on the big one
            per = len(parts) if m.big else 2
            lines = ["  ".join(parts[i:i + per]) for i in range(0, len(parts), per)]
            lines.append("%s took it" % t.name(won))
    elif t.view == 1:
        for e in t.history:
            lines += ui.wrap(m, e)
        lines = lines[-((m.dlg_y + m.dlg_h - y) // m.line):] or ["Nothing yet."]
    else:
        names = t.match.scores
        lines = ["  ".join(["%s %d" % (t.side_name(s), names[s])
                            for s in range(len(names))])]
        target = getattr(t.match.options, "match_target", None)
        if target is not None:
            lines[0] += "  (to %s)" % target
        for s in t.p.info(t, o):
            lines += ui.wrap(m, s)
    return lines


def draw_view(t, fb, m, th, o):
    """The last trick, the events or the score, over the table."""
    title = t.VIEWS[t.view] + "  (DOWN: next)"
    x, y, w, h = panel(fb, m, th, title)
    key = (t.view, t.obs, len(t.history), t.history[-1] if t.history else None)
    cache = getattr(t, "view_lines", None)
    if cache is not None and cache[0] == key:
        lines = cache[1]  # the same view of the same position: not made again
    else:
        lines = _lines(t, m, y, o)
        t.view_lines = (key, lines)
    rows = (m.dlg_y + m.dlg_h - y) // m.line
    for s in lines[:rows]:
        ui.text(fb, m, s, x + 3, y, th.text)
        y += m.line


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
    ui.text(fb, m, "Paused", x + 4, y + 2, th.accent)
    for r in range(rows):
        i = top + r
        yy = y + 3 + (r + 1) * (m.line + 1)
        if i == t.pause_sel:
            fb.fill_rect(x + 2, yy - 1, w - 4, m.line + 1, th.cursor)
            ui.text(fb, m, t.PAUSE[i], x + 6, yy, th.on_cursor)
        else:
            ui.text(fb, m, t.PAUSE[i], x + 6, yy, th.text)
