"""A notice longer than the screen scrolls (firmware/notice.py): UP/DOWN a
line, as the help screens, OK/BACK go on; on both screens every line of a
long notice (three damaged saves at once: 10 lines on the OLED, where 6
fit) can be brought on screen, whole, between the title and "OK: go on"."""
import pytest

from tests.apphelp import scene, press
from hal import keys
from hal.headless import HeadlessBoard
from firmware import ui
from firmware.app import App
from hal.headless import settle

DAMAGED = ("sixtysix", "belote", "skat")
# the LCD fits 11 lines: three saves' 11 lines fit, six do not
MORE = DAMAGED + ("klaberjass", "deberts", "hasenpfeffer")


def damaged_app(kind, games=DAMAGED):
    board = HeadlessBoard(kind)
    for g in games:
        board.storage.write("save_" + g, b"PCT1 this is not a saved game")
    app = App(board, 1)
    settle(app, board)
    assert scene(app) == "Notice"
    return app, board


def rows(m):
    """The notice's lines on a screen: between the title and "OK: go on"."""
    return (m.h - 2 * m.line - 5) // m.line


def band(display, y, h, w):
    return [[display.pixel(x, y + r) for x in range(w)] for r in range(h)]


def looks(app, line):
    """The pixels of `line` drawn alone in a notice's row."""
    m = app.m
    scratch = HeadlessBoard(app.board.kind)
    scratch.display.fill(app.theme.bg)
    ui.text(scratch.display, m, line, 2, m.line + 5, app.theme.text)
    return band(scratch.display, m.line + 5, m.line, m.w - 3)  # (the scroll bar aside)


def on_screen(app, board, drawn):
    """Which of the lines (drawn: looks() of each) are on the screen now,
    whole, each alone in one of the notice's rows."""
    m = app.m
    rows_now = [band(board.display, m.line + 5 + r * m.line, m.line, m.w - 3)
                for r in range(rows(m))]
    return set(i for i in range(len(drawn)) if drawn[i] in rows_now)


@pytest.mark.parametrize("kind,damaged", [("oled", DAMAGED), ("lcd", MORE)])
def test_every_line_of_a_long_notice_can_be_read(kind, damaged):
    app, board = damaged_app(kind, damaged)
    notice = app.scene
    lines = list(notice.lines)
    assert lines[0].startswith("The saved Sixty-six match")
    m = app.m
    assert len(lines) > rows(m)  # longer than the screen
    assert rows(m) == (6 if kind == "oled" else 11)
    assert m.line + 5 + rows(m) * m.line <= m.h - m.line  # the rows end above "OK: go on"
    drawn = [looks(app, s) for s in lines]  # (a line said twice is seen with either)
    seen = set()
    for _ in range(len(lines) + 3):  # DOWN to the end, and a few more
        seen |= on_screen(app, board, drawn)
        press(app, board, keys.DOWN)
        assert scene(app) == "Notice"  # DOWN scrolls; it does not close
    assert seen == set(range(len(lines)))
    now = on_screen(app, board, drawn)
    assert len(lines) - 1 in now and 0 not in now
    # back up to the first line, then OK goes on to the start menu
    press(app, board, *[keys.UP] * len(lines))
    assert 0 in on_screen(app, board, drawn) and scene(app) == "Notice"
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"


@pytest.mark.parametrize("key", [keys.BACK, keys.OK])
def test_back_or_ok_closes_a_long_notice_anywhere(key):
    app, board = damaged_app("oled")
    press(app, board, keys.DOWN, keys.DOWN)
    assert scene(app) == "Notice" and app.scene.top == 2
    press(app, board, key)
    assert scene(app) == "StartMenu"


def test_a_notice_that_fits_goes_on_with_any_key_as_before():
    app, board = damaged_app("lcd", ("sixtysix",))
    assert len(app.scene.lines) <= rows(app.m)
    press(app, board, keys.DOWN)
    assert scene(app) == "StartMenu"
