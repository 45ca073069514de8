"""Long random runs of the application (used by tests/test_persistence.py in
a small size and by `make soak` in a long one).

bounce_run: random presses of the board's buttons, each with contact bounce,
some held long, some together, fed through hal.buttons.Buttons (debounce,
repeat, long press, chords) into the app on a headless board, for a long
simulated time.  No exception may escape, and afterwards a fixed way out
(pause, quit, back) must still reach the start menu: no stuck screen.

save_damage_run: damaged saved matches (random bytes changed, cut, added)
written to the device's storage, with a valid checksum or not; the app
starts, offers to continue or explains the problem, and never crashes."""
import random

from tests.apphelp import HeadlessBoard, App  # installs the framebuf shim
from hal import keys
from hal.buttons import Buttons
from firmware.app import settle
from engine.savegame import Log, dumps
from engine import games
from engine.match import Match
from engine.players import make_player

KEYS = (keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.MENU)


class BouncyButtons:
    """Seven buttons whose contacts bounce: each press and release flickers
    for a few milliseconds before it settles."""

    def __init__(self, rnd):
        self.rnd = rnd
        self.level = {k: False for k in KEYS}
        self.plan = []  # (at_ms, key, level)

    def read(self, k):
        return lambda: self.level[k]

    def schedule(self, now):
        """Plan the next press (sometimes two keys at once)."""
        r = self.rnd
        start = now + r.randint(5, 400)
        ks = [r.choice(KEYS)]
        if r.random() < 0.1:
            ks.append(r.choice(KEYS))
        hold = r.choice((r.randint(30, 200), r.randint(30, 200), r.randint(600, 1600)))
        for k in ks:
            t = start
            for _ in range(r.randint(0, 6)):  # bounce on press
                self.plan.append((t, k, True))
                t += r.randint(1, 3)
                self.plan.append((t, k, False))
                t += r.randint(1, 3)
            self.plan.append((t, k, True))
            t += hold
            for _ in range(r.randint(0, 6)):  # bounce on release
                self.plan.append((t, k, False))
                t += r.randint(1, 3)
                self.plan.append((t, k, True))
                t += r.randint(1, 3)
            self.plan.append((t, k, False))
        self.plan.sort()
        return max(p[0] for p in self.plan) + 5

    def advance(self, now):
        while self.plan and self.plan[0][0] <= now:
            _, k, lv = self.plan.pop(0)
            self.level[k] = lv


from firmware.table import PAUSE  # noqa: E402


def escape(app, board):
    """The way out of any scene to the start menu, as a user would press."""
    for _ in range(40):
        name = type(app.scene).__name__
        if name == "StartMenu":
            return True
        if name == "Table":
            t = app.scene
            if t.view >= 0:
                board.push(keys.OK)  # close the view
            elif not t.paused:
                board.push(keys.MENU)
            elif t.pause_sel != len(PAUSE) - 1:
                board.push(keys.UP)  # up from Resume wraps to Quit
            else:
                board.push(keys.OK)
        elif name == "GameMenu":
            board.push(keys.BACK)
        else:
            board.push(keys.OK)
        app.step()
        settle(app, board)
    return False


def reach(scene_name, kind, seed):
    """An app on a headless board, brought to the named scene the way a
    player would get there."""
    from host_sim.autopilot import play_keys
    board = HeadlessBoard(kind)
    if scene_name == "Notice":
        board.storage.write("opts_sixtysix", b"v7 from the future")
    app = App(board, seed)
    settle(app, board)
    if scene_name == "Notice":
        board.push(keys.OK)  # Sixty-six's menu reads the bad settings
        app.step()
    elif scene_name == "About":
        board.push(keys.UP)
        app.step()
        board.push(keys.OK)
        app.step()
    elif scene_name != "StartMenu":
        play_keys(app, board, lambda a: type(a.scene).__name__ == scene_name)
    settle(app, board)
    assert type(app.scene).__name__ == scene_name, type(app.scene).__name__
    return app, board


def bounce_run(seed, minutes, kind="oled", start="StartMenu"):
    """Random bouncing keys from the given scene on; returns the scene names
    visited; raises on any failure."""
    rnd = random.Random(seed)
    app, board = reach(start, kind, seed)
    pins = BouncyButtons(rnd)
    board.buttons = Buttons([(k, pins.read(k)) for k in KEYS])
    visited = set()
    end = board.now + int(minutes * 60000)
    next_press = pins.schedule(0)
    while board.now < end:
        if board.now >= next_press and not pins.plan:
            next_press = pins.schedule(board.now)
        pins.advance(board.now)
        app.step()
        name = type(app.scene).__name__
        if name == "Notice" and start != "Notice" and "Notice" not in visited:
            # Nothing was damaged: a notice here means a save that does not
            # restore, a bug (one such was found this way).
            raise AssertionError("unexpected notice: %s" % " ".join(app.scene.lines))
        visited.add(name)
        board.advance(5)
    # Let go of every button, then find the way out.
    for k in KEYS:
        pins.level[k] = False
    board.buttons = type(HeadlessBoard(kind).buttons)()  # a plain key queue again
    settle(app, board)
    if not escape(app, board):
        raise AssertionError("stuck in %s" % type(app.scene).__name__)
    return visited


def a_save(seed, actions):
    g = games.load("sixtysix")
    m = Match(g, g.default_options(), seed)
    ps = [None, make_player("heuristic", g, 5)]
    me = make_player("heuristic", g, 6)
    log = Log()
    st = m.new_deal()
    for _ in range(actions):
        if st.done:
            m.finish_deal(st)
            if m.over:
                break
            log.end_of_deal()
            st = m.new_deal()
        p = ps[st.to_move] or me
        a = p.choose(st.observation(st.to_move))
        st.apply(a)
        log.action(a)
    return dumps(m, log, ps)


def save_damage_run(seed, count):
    """Returns how many damaged saves were continued and how many refused."""
    rnd = random.Random(seed)
    good = [a_save(s, n) for s, n in ((1, 5), (2, 40), (3, 120))]
    out = {"continued": 0, "refused": 0, "unreadable": 0}
    for i in range(count):
        d = bytearray(rnd.choice(good))
        k = rnd.randrange(4)
        if k == 0:
            d = d[:rnd.randrange(len(d))]
        elif k == 1:
            for _ in range(rnd.randint(1, 3)):
                d[rnd.randrange(len(d))] = rnd.randrange(256)
        elif k == 2:
            p = rnd.randrange(len(d))
            d[p:p] = bytes([rnd.randrange(256) for _ in range(rnd.randint(1, 4))])
        else:
            p = rnd.randrange(len(d))
            del d[p:p + rnd.randint(1, 6)]
        board = HeadlessBoard("oled")
        if rnd.random() < 0.2:
            board.storage.files["game"] = bytes(d)  # raw, as if the CRC still matched
        else:
            board.storage.write("game", bytes(d))
        app = App(board, 1)
        settle(app, board)
        if type(app.scene).__name__ == "Notice":
            out["unreadable"] += 1
            board.push(keys.OK)
            app.step()
            settle(app, board)
        sm = app.scene
        assert type(sm).__name__ == "StartMenu"
        if sm.items[0].startswith("Continue"):
            board.push(keys.OK)
            app.step()
            settle(app, board)
            name = type(app.scene).__name__
            if name in ("Table", "DealSummary", "MatchEnd"):
                out["continued"] += 1
            else:
                assert name == "Notice", name
                out["refused"] += 1
                board.push(keys.OK)
                app.step()
                settle(app, board)
                assert type(app.scene).__name__ == "StartMenu"
                assert not app.scene.items[0].startswith("Continue")
    return out
