"""Shared by the application tests: a headless app on CPython, keys pressed
and the autopilot playing up to a given turn, the autopilot's key sequence
for a complete deal, and the same sequence as a program for the real
micropython."""
from host_sim.shims import install

install()

from hal import keys  # noqa: E402
from hal.headless import HeadlessBoard  # noqa: E402
from firmware import ui  # noqa: E402
from firmware.app import App  # noqa: E402
from hal.headless import settle  # noqa: E402
from host_sim.autopilot import Autopilot, play_keys  # noqa: E402


def new_app(kind="oled", seed=5):
    board = HeadlessBoard(kind)
    return App(board, seed), board


def scene(app):
    return type(app.scene).__name__


def deal_keys(kind="oled", seed=5, game=None):
    """Keys from the start menu to the first deal's summary, and the app;
    `game`: the start menu's line to take first (default: the top one)."""
    app, board = new_app(kind, seed)
    pre = []
    if game is not None:
        from engine import games
        from hal.headless import settle
        from hal import keys
        settle(app, board)
        for _ in range(games.names().index(game)):
            board.push(keys.DOWN)
            app.step()
            settle(app, board)
            pre.append(keys.DOWN)
    ks = play_keys(app, board, lambda a: scene(a) == "DealSummary")
    return pre + ks, app, board


def press(app, board, *ks):
    for k in ks:
        board.push(k)
        app.step()
    settle(app, board)


def down_to(app, board, prefix):
    """Move the game menu's selection down to the line starting with prefix."""
    gm = app.scene
    while not gm.items()[gm.sel].startswith(prefix):
        press(app, board, keys.DOWN)


def to_table(kind="oled", seed=3):
    app, board = new_app(kind, seed)
    press(app, board, keys.OK, keys.OK)
    assert scene(app) == "Table"
    return app, board


def advance_until(app, board, pred, limit=3000):
    """Let the autopilot play until pred(table) holds at the human's turn."""
    pilot = Autopilot(seed=11)
    for _ in range(limit):
        t = app.scene
        if scene(app) == "Table" and t.human_turn() and pred(t):
            return t
        press(app, board, pilot.next_key(app))
    raise AssertionError("never reached")


def wait_for(app, board, name, steps=50, ms=500):
    """Let the clock run, no key pressed, until the scene is `name` (or
    `steps` passes of `ms` go by); the scene then."""
    for _ in range(steps):
        if scene(app) == name:
            break
        board.advance(ms)
        app.step()
    return app.scene


def message_row(app, board):
    m = app.m
    return [[board.display.pixel(x, m.msg_y + y) for x in range(m.w)] for y in range(m.line - 1)]


def drawn_text(app, text):
    """The message line as it looks with just this text on it."""
    scratch = HeadlessBoard(app.board.kind)
    m = app.m
    ui.text(scratch.display, m, text, 1, m.msg_y, app.theme.warn)
    return message_row(app, scratch)


# Runs on both interpreters: replays the keys one at a time and prints, after
# each, the scene and a checksum of the frame buffer.
PROGRAM = """
import sys, gc
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
KIND = %r
SEED = %d
KEYS = %r
def crc(buf):
    h = 0
    for b in buf:
        h = (h * 31 + b) & 0xFFFFFF
    return h
board = HeadlessBoard(KIND)
app = App(board, SEED)
settle(app, board)
print("start", type(app.scene).__name__, crc(board.display.buffer))
for i in range(len(KEYS)):
    board.push(int(KEYS[i]))
    app.step()
    settle(app, board)
    print(i, KEYS[i], type(app.scene).__name__, crc(board.display.buffer))
import binascii
buf = board.display.buffer
for i in range(0, len(buf), 512):
    print("final", binascii.hexlify(buf[i:i + 512]).decode())
gc.collect()
print("frames", board.display.frames)
for line in app.scene.lines:
    print("summary", line[0])
try:
    print("mem_free", gc.mem_free(), "mem_alloc", gc.mem_alloc())
except AttributeError:
    pass
"""


def program(kind, seed, ks):
    return PROGRAM % (kind, seed, "".join(str(k) for k in ks))


def glyphless(chars):
    """The characters of `chars` that one of the device's fonts cannot draw:
    the small font, and the 8x8 one (the built-in ASCII, or the device's own
    suits, joker, Cyrillic and quotes)."""
    from firmware import font
    missing = []
    for ch in sorted(set(chars)):
        cp = ord(ch)
        i = font.glyph_index(cp)
        small = 0 <= i < len(font.WIDTHS)
        big = 32 <= cp <= 126 or 0 <= i - font.SUIT_SLOT < len(font.BIG) // 8
        if not (small and big):
            missing.append(ch)
    return "".join(missing)
