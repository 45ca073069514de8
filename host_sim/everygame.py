"""The every-game walk: a player who enters each game's table from the start
menu, plays a few keys there, quits to the start menu, and after every other
game plays the last one.  What a visit leaves in the heap (modules not
forgotten, MicroPython's interned names) shows in the last game's heap.

- keys(order, ...): the keys of the walk on the desktop's headless board,
  for tests/test_every_game.py to replay under the unix micropython;
- pico(...): the walk on the emulated Pico (`python -m host_sim.bench_pico
  --every-game GAME`), with the lowest free heap the app reported."""
from hal import keys as K


def order(last):
    """Every game, `last` last."""
    from engine.games import names
    return [g for g in names() if g != last] + [last]


def scene(app):
    return type(app.scene).__name__


def enter(app, press, game):
    """From the start menu to a new match of `game` (its line read off the
    menu: the saved matches' Continue lines come first)."""
    sc = app.scene
    line = [i for i, e in enumerate(sc.entries) if e[2] == game and e[1] in ("game", "continue")][0]
    for _ in range(line - sc.sel):
        press(K.DOWN)
    press(K.OK)
    if scene(app) == "GameMenu":
        press(K.OK)  # its first line starts a match
    if scene(app) == "SavedMatch":
        press(K.OK)
    if scene(app) != "Table":
        raise RuntimeError("no table for %s: %s" % (game, scene(app)))


def leave(app, press):
    """Back to the start menu: the pause menu's last line (UP wraps to it)."""
    for _ in range(12):
        if scene(app) == "StartMenu":
            return
        t = app.scene
        if scene(app) != "Table" or t.view >= 0:
            press(K.OK)  # a summary, a view
            continue
        if not t.paused:
            press(K.MENU)
        press(K.UP)
        press(K.OK)
    raise RuntimeError("no way back to the start menu from " + scene(app))


def play(app, press, pilot, n):
    """n keys of the stand-in player (host_sim.autopilot)."""
    for _ in range(n):
        k = pilot.next_key(app) if scene(app) == "Table" else K.OK
        if k is None:
            return
        press(k)


def keys(games, each=30, last=60, kind="oled", seed=3, level="easy"):
    """The keys of the walk through `games` (each played for `each` keys,
    the last for `last`) on CPython's headless board, the opponents at
    `level` (the file the game menu writes); (keys, the key count at each
    return to the start menu)."""
    from host_sim.shims import install
    install()
    from hal.headless import HeadlessBoard, settle
    from host_sim.autopilot import Autopilot
    from firmware.app import App
    board = HeadlessBoard(kind)
    board.storage.write("opponents", b"v1 " + level.encode())
    app = App(board, seed)
    settle(app, board)
    pressed = []
    menus = []

    def press(k):
        board.push(k)
        app.step()
        settle(app, board)
        pressed.append(k)
    for i, g in enumerate(games):
        enter(app, press, g)
        play(app, press, Autopilot("heuristic", 7), last if i == len(games) - 1 else each)
        if i < len(games) - 1:
            leave(app, press)
            menus.append(len(pressed))
    return pressed, menus


def pico(last="skat", board="pico_oled", level="normal", each=12, decisions=12, seed=5,
         firmware="frozen"):
    """The walk on the emulated Pico (host_sim.hil.Lockstep, the desktop in
    lockstep): every other game entered, played for `each` keys and left,
    then `last` until the computer has made `decisions` decisions.  The
    lowest free heap of each game: the app's figure before each computer
    decision (board.cfg trace), the heap after the move's collection."""
    import sys
    import time
    from host_sim.hil import Lockstep
    from host_sim.autopilot import Autopilot
    t0 = time.time()
    out = {"walk": order(last), "board": board, "level": level, "seed": seed, "free": {}}
    try:
        with Lockstep(board, seed=seed, stored={"opponents": ("v1 " + level).encode()},
                      firmware=firmware) as ls:
            games = order(last)
            for i, g in enumerate(games):
                enter(ls.app, ls.press, g)
                n = len(ls.decisions)
                pilot = Autopilot(seed=seed)
                if i < len(games) - 1:
                    play(ls.app, ls.press, pilot, each)
                else:
                    for _ in range(40 * decisions):
                        if len(ls.decisions) - n >= decisions:
                            break
                        play(ls.app, ls.press, pilot, 1)
                out["free"][g] = min([d[3] for d in ls.decisions[n:]] or [None])
                # (an hour on a busy machine: each game's figure as it comes)
                print("every-game: %s lowest free %s (%.0f s)" % (g, out["free"][g], time.time() - t0),
                      file=sys.stderr, flush=True)
                if i < len(games) - 1:
                    leave(ls.app, ls.press)
            out["device_s"] = round(ls.pico.now_ms / 1000.0, 1)
    except Exception as e:  # reported with what was measured until then
        out["error"] = "%s: %s" % (type(e).__name__, str(e)[:600])
    seen = [v for v in out["free"].values() if v is not None]
    out["min_free_heap"] = min(seen) if seen else None
    out["host_s"] = round(time.time() - t0, 1)
    return out
