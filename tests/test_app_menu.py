"""The device application's menus on CPython with the headless board: the
start menu, each game's menu and its settings (kept, damaged, restored after
a restart), the opponents' level, key repeat, and what the start menu knows
of the saves."""
import pytest

from tests.apphelp import new_app, scene, press, down_to
from hal import keys
from hal.headless import HeadlessBoard


def test_start_menu_lists_games_and_wraps():
    app, board = new_app()
    m = app.scene
    assert scene(app) == "StartMenu"
    from engine import games
    assert m.items == [t for _, t, _ in games.GAMES] + ["Statistics", "Power", "Keys", "About",
                                                     "Language: English"]
    last = len(m.items) - 1
    press(app, board, keys.UP)
    assert m.sel == last
    press(app, board, keys.DOWN)
    assert m.sel == 0
    press(app, board, keys.UP, keys.UP, keys.OK)
    assert scene(app) == "About"
    press(app, board, keys.BACK)
    assert scene(app) == "StartMenu" and app.scene.sel == last - 1


def test_settings_cycle_persist_and_reach_the_match():
    app, board = new_app()
    press(app, board, keys.OK)
    gm = app.scene
    assert scene(app) == "GameMenu" and gm.items()[0] == "New match"
    assert "Match: 8 points" in gm.items()
    down_to(app, board, "Match")
    press(app, board, keys.RIGHT)
    assert gm.opts.match_target == 7
    assert board.storage.read("opts_sixtysix") == b"v1 match_target=7"
    down_to(app, board, "Going out")
    press(app, board, keys.OK)  # claim_mode auto -> manual
    assert gm.opts.claim_mode == "manual"
    # leave and come back: the saved settings are loaded
    press(app, board, keys.BACK, keys.OK)
    gm2 = app.scene
    assert gm2 is not gm and gm2.opts.match_target == 7 and gm2.opts.claim_mode == "manual"
    press(app, board, keys.OK)
    t = app.scene
    assert scene(app) == "Table"
    assert t.match.options.match_target == 7 and t.match.options.claim_mode == "manual"


@pytest.mark.parametrize("name,data,word,default", [
    ("opts_sixtysix", b"v1 match_target=99", "settings", lambda gm: gm.opts.match_target == 8),
    ("opponents", b"v1 brutal", "level", lambda gm: gm.level == "normal"),
])
def test_a_damaged_settings_file_is_set_aside_and_the_default_used(name, data, word, default):
    app, board = new_app()
    board.storage.write(name, data)
    press(app, board, keys.OK)
    # The player is told in plain words, then the default is used.
    assert scene(app) == "Notice" and word in " ".join(app.scene.lines)
    press(app, board, keys.OK)
    assert scene(app) == "GameMenu" and default(app.scene)
    assert board.storage.read(name + ".bad") == data  # set aside


def test_the_opponents_level_cycles_persists_and_plays():
    from engine.ai import AIPlayer
    app, board = new_app()
    press(app, board, keys.OK)
    gm = app.scene
    assert gm.items()[-4:] == ["Opponents: Normal", "Take-backs: Off", "Rules", "Back"]
    down_to(app, board, "Opponents")
    press(app, board, keys.RIGHT)
    assert gm.level == "easy" and board.storage.read("opponents") == b"v1 easy"
    press(app, board, keys.LEFT, keys.LEFT)
    assert gm.level == "hard" and board.storage.read("opponents") == b"v1 hard"
    press(app, board, keys.OK)  # OK also cycles: hard -> normal
    assert gm.level == "normal"
    press(app, board, keys.RIGHT)  # easy
    # leave and come back: the level is kept, and a new match plays at it
    press(app, board, keys.BACK, keys.OK)
    gm2 = app.scene
    assert gm2 is not gm and gm2.level == "easy"
    press(app, board, keys.UP, keys.UP, keys.UP, keys.UP, keys.RIGHT)  # on "opponents": easy -> hard
    assert gm2.level == "hard"
    press(app, board, keys.DOWN, keys.DOWN, keys.DOWN, keys.DOWN)  # past the take-backs, Rules and Back
    assert gm2.sel == 0
    press(app, board, keys.OK)
    t = app.scene
    assert scene(app) == "Table" and t.level == "hard"
    ai = t.players[1]
    assert isinstance(ai, AIPlayer) and ai.level == "hard"


def test_easy_opponents_are_the_heuristic():
    from engine.ai import AIPlayer
    app, board = new_app()
    board.storage.write("opponents", b"v1 easy")
    press(app, board, keys.OK, keys.OK)
    t = app.scene
    assert scene(app) == "Table" and t.level == "easy"
    assert t.players[0] is None and not isinstance(t.players[1], AIPlayer)
    assert t.players[1].name == "heuristic"



def test_redraw_only_on_change():
    app, board = new_app()
    app.step()
    frames = board.display.frames
    for _ in range(10):
        board.advance(100)
        assert app.step() is False
    assert board.display.frames == frames
    press(app, board, keys.DOWN)
    assert board.display.frames == frames + 1


def test_settings_survive_a_restart_and_a_bad_file_is_ignored(tmp_path):
    from firmware.app import App
    d = str(tmp_path / "data")
    b = HeadlessBoard("oled", storage_dir=d)
    assert type(b.storage).__name__ == "Storage"  # hal.storage, atomic with CRC
    app = App(b, 1)
    press(app, b, keys.OK)
    down_to(app, b, "Match")
    press(app, b, keys.RIGHT)
    b2 = HeadlessBoard("oled", storage_dir=d)  # power cycle
    app2 = App(b2, 1)
    press(app2, b2, keys.OK)
    assert app2.scene.opts.match_target == 7
    (tmp_path / "data" / "opts_sixtysix").write_bytes(b"garbage")
    b3 = HeadlessBoard("oled", storage_dir=d)
    app3 = App(b3, 1)
    press(app3, b3, keys.OK)
    assert scene(app3) == "Notice"
    assert " ".join(app3.scene.lines) == ("The Sixty-six settings could not be used (too short). "
                                          "The file was put aside. The standard settings are used.")
    press(app3, b3, keys.OK)
    assert app3.scene.opts.match_target == 8
    assert (tmp_path / "data" / "opts_sixtysix.bad").exists()


def test_auto_repeat_moves_but_never_confirms():
    app, board = new_app()
    board.push(keys.DOWN, keys.REPEAT)
    app.step()
    assert app.scene.sel == 1
    board.push(keys.UP, keys.REPEAT)
    board.push(keys.OK, keys.REPEAT)
    board.push(keys.OK, keys.LONG)
    app.step()
    assert scene(app) == "StartMenu" and app.scene.sel == 0


def test_the_start_menu_knows_the_saves_names():
    # firmware/menu.py tells there is no saved match from the storage's
    # list of names, without loading the saves' reader at boot.
    from firmware import menu, savegame, saves
    from hal.headless import MemoryStorage
    assert menu.SAVE_PREFIX == savegame.PREFIX and menu.LEGACY_SAVE == saves.LEGACY
    s = MemoryStorage()
    s.write("lang", b"v1 en")
    assert not menu.may_hold_saves(s)
    s.write(savegame.name_of("skat") + savegame.PREV, b"x")
    assert menu.may_hold_saves(s)


def test_the_start_menu_lists_a_storage_folder_not_yet_made(tmp_path):
    from firmware import menu
    from hal.storage import Storage
    s = Storage(str(tmp_path / "data"))
    assert not menu.may_hold_saves(s)
    s.write(menu.LEGACY_SAVE, b"x")
    assert menu.may_hold_saves(s)
