"""Long random runs of the application (used by tests/test_persistence.py in
a small size and by `make soak` in a long one).

bounce_run: random presses of the board's buttons, each with contact bounce,
some held long, some together, fed through hal.buttons.Buttons (debounce,
repeat, long press, chords) into the app on a headless board, for a long
simulated time.  No exception may escape, and afterwards a fixed way out
(pause, quit, back) must still reach the start menu: no stuck screen.

save_damage_run: damaged saved matches (random bytes changed, cut, added)
in the device's storage in its real format, with a valid checksum or not;
the app starts, offers to continue or explains the problem, never crashes,
sets aside what it refuses and continues exactly what it accepts."""
import os
import random

from tests.apphelp import HeadlessBoard, App  # installs the framebuf shim
from hal import keys
from hal.buttons import Buttons
from hal.headless import settle
from engine.savegame import Log, dumps, header
from engine import games
from engine.match import Match
from engine.players import make_player
from firmware.savegame import engine_save

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
        for k in (keys.UP, keys.UP, keys.OK):  # About is above the Language line
            board.push(k)
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


def _damage(d, rnd):
    """Bytes changed, cut, added or taken out."""
    d = bytearray(d)
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
    return bytes(d)


SAVE = "save_sixtysix"  # where the device keeps a Sixty-six match


def _same_match(before, after):
    """The save the app wrote after continuing `before` carries on the same
    match: the same game, seed and settings, and every action of `before`
    first (the random states move on with the computer's moves)."""
    h1, h2 = header(before), header(after)
    body1 = before[before.find(b"\n") + 1:]
    body2 = after[after.find(b"\n") + 1:]
    return (h1[0], h1[1], h1[3]) == (h2[0], h2[1], h2[3]) and body2.startswith(body1)


def save_damage_run(seed, count):
    """Damaged saved matches in the device's storage (hal.storage, in a
    temporary folder, in its real format), the app started on each.  Two
    kinds of damage: on the flash itself (the file's bytes, header and
    checksum included: the checksum no longer matches), or in the save
    before it was written (a valid checksum over damaged contents, which
    only the save's own checks can catch).  Returns the counts of each
    outcome; raises on a crash or on a wrong outcome:
    - a file the storage or the save's header refuses is set aside at boot
      (NAME.bad, its bytes kept) with a notice, and no match is offered;
    - a save refused only when the rules replay it is set aside when
      continued, with a notice, and no match is offered afterwards;
    - a continued match is exactly the saved one (see _same_match);
    - a file whose checksum no longer matches is never continued."""
    import shutil
    import tempfile
    rnd = random.Random(seed)
    good = [a_save(s, n) for s, n in ((1, 5), (2, 40), (3, 120))]
    out = {"continued": 0, "refused": 0, "set_aside_at_boot": 0, "checksum_damaged": 0}
    root = tempfile.mkdtemp(prefix="damaged-saves-")
    try:
        for i in range(count):
            folder = os.path.join(root, str(i))
            board = HeadlessBoard("oled", storage_dir=folder)
            st = board.storage
            path = os.path.join(folder, SAVE)
            data = rnd.choice(good)
            on_flash = rnd.random() < 0.2
            if on_flash:
                st.write(SAVE, data)
                with open(path, "rb") as f:
                    written = f.read()
                raw = _damage(written, rnd)
                if raw == written:
                    continue  # nothing changed after all
                with open(path, "wb") as f:
                    f.write(raw)
                out["checksum_damaged"] += 1
            else:
                data = _damage(data, rnd)
                st.write(SAVE, data)
                with open(path, "rb") as f:
                    raw = f.read()
            app = App(board, 1)
            settle(app, board)
            if type(app.scene).__name__ == "Notice":
                assert not st.exists(SAVE), "a notice, but the save is still offered"
                with open(path + ".bad", "rb") as f:
                    assert f.read() == raw  # set aside as it was, for a look later
                out["set_aside_at_boot"] += 1
                board.push(keys.OK)
                app.step()
                settle(app, board)
                assert type(app.scene).__name__ == "StartMenu"
                continue
            assert type(app.scene).__name__ == "StartMenu"
            assert not on_flash, "a save whose checksum fails was offered"
            assert st.exists(SAVE), "no notice, yet the save is gone"
            board.push(keys.OK)  # the first line: continue the saved match
            app.step()
            settle(app, board)
            name = type(app.scene).__name__
            if name in ("Table", "DealSummary", "MatchEnd"):
                out["continued"] += 1
                now = st.read(SAVE)
                assert now is None or _same_match(data, engine_save(now)), (data, now)
                continue
            assert name == "Notice", name
            out["refused"] += 1
            assert not st.exists(SAVE) and st.exists(SAVE + ".bad")
            board.push(keys.OK)
            app.step()
            settle(app, board)
            assert type(app.scene).__name__ == "StartMenu"
            assert not st.exists(SAVE)
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return out
