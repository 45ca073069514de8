"""The simulator remembers: `python -m host_sim sim` keeps the device's files
in a per-user folder across runs (or --storage DIR; --no-save: memory), and a
saved match per game survives starting another game.  Never the real home
folder: every run here gets a temporary XDG_DATA_HOME and HOME."""
import argparse
import os
import subprocess
import sys
import time

import pytest

from tests.apphelp import scene
from hal import keys
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle, press_all
from host_sim import device
from host_sim.autopilot import Autopilot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sim_args(**kw):
    a = argparse.Namespace(storage=None, headless=False, no_save=False)
    for k, v in kw.items():
        setattr(a, k, v)
    return a


def test_the_data_folder_is_per_user(tmp_path):
    assert device.data_folder({"XDG_DATA_HOME": "/x/data", "HOME": "/h"}) == \
        os.path.join("/x/data", "pocket-card-table")
    assert device.data_folder({"HOME": "/h"}) == \
        os.path.join("/h", ".local", "share", "pocket-card-table")


def test_where_the_sim_keeps_its_files(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    want = str(tmp_path / "xdg" / "pocket-card-table")
    assert device.storage_of(sim_args()) == want and os.path.isdir(want)  # made when missing
    assert device.storage_of(sim_args(no_save=True)) is None
    assert device.storage_of(sim_args(headless=True)) is None  # scripted runs start alike
    d = str(tmp_path / "pulled" / "deeper")
    assert device.storage_of(sim_args(storage=d, headless=True)) == d and os.path.isdir(d)
    assert device.storage_of(sim_args(storage=d, no_save=True)) is None


def press(app, board, *ks):
    press_all(app, board, ks)


def play_a_little(app, board, moves):
    """Start the game under the start menu's cursor and play `moves` of the
    human's moves (the autopilot's choice), then leave the table."""
    pilot = Autopilot(seed=3)
    done = 0
    while done < moves:
        t = app.scene
        if scene(app) == "Table" and t.human_turn():
            n = len(t.log.data)
            press(app, board, pilot.next_key(app))
            if len(t.log.data) > n:
                done += 1
            continue
        press(app, board, pilot.next_key(app))


def test_starting_another_game_keeps_the_first_games_save(tmp_path):
    d = str(tmp_path / "flash")
    board = HeadlessBoard("oled", storage_dir=d)
    app = App(board, 5)
    settle(app, board)
    play_a_little(app, board, 2)  # Sixty-six, the first line
    six = board.storage.read("save_sixtysix")
    six_score = "%d:%d" % tuple(app.scene.match.scores)
    press(app, board, keys.MENU, keys.UP, keys.OK)  # pause, quit to the menu
    assert scene(app) == "StartMenu"
    items = app.scene.items
    assert items[0] == "Continue Sixty-six " + six_score
    app.scene.sel = items.index("Klaberjass")
    press(app, board, keys.OK, keys.OK)  # the game menu, New match: no question
    assert scene(app) == "Table" and app.scene.game.NAME == "klaberjass"
    assert board.storage.read("save_sixtysix") == six  # untouched
    assert board.storage.exists("save_klaberjass")
    board2 = HeadlessBoard("oled", storage_dir=d)  # switched off and on
    app2 = App(board2, 9)
    settle(app2, board2)
    conts = [e for e in app2.scene.entries if e[1] == "continue"]
    assert [e[2] for e in conts] == ["sixtysix", "klaberjass"]  # every saved match, in order
    assert conts[1][0].startswith("Continue Klaberjass 0:0")
    press(app2, board2, keys.OK)
    assert scene(app2) == "Table" and app2.scene.game.NAME == "sixtysix"
    assert app2.scene.msg == "Match restored"


def test_a_game_with_a_save_asks_continue_or_start_over(tmp_path):
    d = str(tmp_path / "flash")
    board = HeadlessBoard("oled", storage_dir=d)
    app = App(board, 5)
    settle(app, board)
    play_a_little(app, board, 2)
    t = app.scene
    log = bytes(t.log.data)
    press(app, board, keys.MENU, keys.UP, keys.OK)
    app.scene.sel = app.scene.items.index("Sixty-six")
    press(app, board, keys.OK, keys.OK)  # the game menu, New match
    assert scene(app) == "SavedMatch"
    assert app.scene.lines() == ["A match is saved.", "Score %d:%d, deal 1"
                                 % tuple(t.match.scores)]
    press(app, board, keys.BACK)
    assert scene(app) == "GameMenu"  # nothing lost
    press(app, board, keys.OK, keys.OK)  # Continue
    assert scene(app) == "Table" and bytes(app.scene.log.data) == log
    press(app, board, keys.MENU, keys.UP, keys.OK)
    app.scene.sel = app.scene.items.index("Sixty-six")
    press(app, board, keys.OK, keys.OK, keys.DOWN, keys.OK)  # Start over
    assert scene(app) == "Table" and app.scene.match.seed != t.match.seed
    assert len(app.scene.log.data) < len(log) or app.scene.log.data != log
    assert not board.storage.exists("save_sixtysix.prev")  # the old match is gone whole


def test_the_old_single_save_is_moved_to_its_game(tmp_path):
    from engine.savegame import Log, dumps
    from engine.match import Match
    from engine import games
    g = games.load("schnapsen")
    data = dumps(Match(g, g.default_options(), 7), Log(), [None, None])
    d = str(tmp_path / "flash")
    board = HeadlessBoard("oled", storage_dir=d)
    board.storage.write("game", data)
    app = App(board, 1)
    settle(app, board)
    assert scene(app) == "StartMenu" and app.scene.items[0] == "Continue Schnapsen"
    assert not board.storage.exists("game") and board.storage.read("save_schnapsen") == data
    press(app, board, keys.OK)
    assert scene(app) == "Table" and app.scene.match.seed == 7
    # an old save that is not a save at all is set aside with the reason
    board.storage.write("game", b"nonsense\n")
    app = App(board, 1)
    settle(app, board)
    assert scene(app) == "Notice" and "not a saved game" in " ".join(app.scene.lines)
    assert board.storage.exists("game.bad") and board.storage.exists("save_schnapsen")


# -- the terminal simulator, run as a player would ------------------------------

def run_sim(home, script, timeout=60):
    """`python -m host_sim sim` on a pseudo-terminal with HOME and
    XDG_DATA_HOME in `home`: script is a list of (bytes to type, a
    condition to wait for first or None); returns the exit code."""
    import pty
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), TERM="xterm")
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "sim", "--seed", "3"],
                         stdin=slave, stdout=slave, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    os.close(slave)
    run = {}
    try:
        for text, until in script:
            t0 = time.monotonic()
            while until is not None and not until():
                run["drew"] = _drain(master) or run.get("drew")
                assert time.monotonic() - t0 < timeout, "the simulator never got there"
                time.sleep(0.05)
            _settle(master, run)
            os.write(master, text)
            time.sleep(0.3)
            run["drew"] = _drain(master) or run.get("drew")
        t0 = time.monotonic()
        while p.poll() is None:
            _drain(master)
            assert time.monotonic() - t0 < timeout
            time.sleep(0.05)
        return p.returncode, p.stderr.read().decode()
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        os.close(master)


def _drain(fd):
    """Read what the simulator drew; True if it drew anything."""
    import select
    drew = False
    while select.select([fd], [], [], 0)[0]:
        try:
            if not os.read(fd, 65536):
                return drew
        except OSError:
            return drew
        drew = True
    return drew


def _settle(fd, run, quiet=0.5, most=15):
    """Wait until the simulator has drawn its first screen and then drawn
    nothing for `quiet` seconds: it waits for a key (a key typed while it is
    still starting, or while a new scene is on its way, can land on the
    scene before; on a loaded machine that is seconds).  run: this run's
    state (whether it has drawn yet)."""
    t0 = last = time.monotonic()
    while time.monotonic() - t0 < most:
        if _drain(fd):
            run["drew"] = True
            last = time.monotonic()
        elif run.get("drew") and time.monotonic() - last >= quiet:
            return
        time.sleep(0.05)


def _save_body(path):
    from hal.storage import Storage
    data = Storage(os.path.dirname(path)).read(os.path.basename(path))
    return None if data is None else data[data.find(b"\n") + 1:]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
def test_the_sim_quit_mid_deal_goes_on_after_a_restart(tmp_path):
    save = tmp_path / "data" / "pocket-card-table" / "save_sixtysix"
    # start Sixty-six (the first game), play until a save holds a move, quit
    first = {}

    def moved():
        b = _save_body(str(save)) if save.exists() else None
        if b is None or len(b) <= b.find(b"\n") + 1:
            return False  # no action saved yet
        first["body"] = b
        return True
    keys_right_ok = b"\x1b[C\r" * 6
    # (q during a match asks first: y confirms)
    rc, err = run_sim(tmp_path, [(b"\r", None), (b"\r", None), (keys_right_ok, None),
                                 (b"qy", moved)])
    assert rc == 0 and "kept in %s" % save.parent in err
    body = _save_body(str(save))
    assert body is not None and _match(body)[1].startswith(_match(first["body"])[1])
    assert b"\xff" not in _match(body)[1]  # quit in the first deal: it is kept
    # start again: the first line continues it; play on and the save grows
    # from the same match

    def grew():
        b = _save_body(str(save))
        return b is not None and len(b) > len(body)
    rc, _ = run_sim(tmp_path, [(b"\r", None), (keys_right_ok, None), (keys_right_ok, None),
                               (b"qy", grew)])
    assert rc == 0
    after = _save_body(str(save))
    assert _match(after)[0] == _match(body)[0]  # the same match (game, seed) ...
    assert _match(after)[1].startswith(_match(body)[1])  # ... played on


def _match(body):
    """(game and seed, the actions) of an engine save (the computer's random
    states between them change as it plays)."""
    head, actions = body.split(b"\n", 1)
    return head.split()[:4], actions


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
def test_the_sim_with_no_save_keeps_nothing(tmp_path):
    env_home = tmp_path
    import pty
    env = dict(os.environ, HOME=str(env_home), XDG_DATA_HOME=str(env_home / "data"), TERM="xterm")
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "sim", "--no-save", "--seed", "3"],
                         stdin=slave, stdout=slave, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    os.close(slave)
    try:
        for text in (b"\r", b"\r", b"\x1b[C\r" * 3):
            os.write(master, text)
            time.sleep(0.5)
            _drain(master)
        time.sleep(2)
        os.write(master, b"qy")  # (in a match q asks first)
        t0 = time.monotonic()
        while p.poll() is None and time.monotonic() - t0 < 30:
            _drain(master)
            time.sleep(0.05)
        assert p.returncode == 0
        assert "nothing was kept" in p.stderr.read().decode()
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        os.close(master)
    assert not (env_home / "data").exists() and not (env_home / ".local").exists()
