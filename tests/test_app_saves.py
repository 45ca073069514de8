"""The match in progress survives a power cut: Continue restores it (at the
level set now), a save the rules or its checksum refuse gives way to the one
before it, the save goes when the match ends, and a finished match is booked
before a key and only once."""
import pytest

from tests.apphelp import new_app, scene, play_keys, press, advance_until, wait_for
from hal import keys
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle


def _snapshot(t):
    return (list(t.obs.hand), list(t.obs.played), list(t.obs.trick), t.obs.turnup,
            list(t.match.scores), t.match.deals, t.state.to_move, list(t.obs.legal))


def _power_cycle(d, kind="oled"):
    from firmware.app import App
    b = HeadlessBoard(kind, storage_dir=d)
    return App(b, 99), b


@pytest.mark.parametrize("deals_first", [0, 1])
def test_continue_restores_the_match(tmp_path, deals_first):
    from firmware.app import App
    d = str(tmp_path / "flash")
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 11)
    if deals_first:
        play_keys(app, b, lambda a: scene(a) == "DealSummary")
        press(app, b, keys.OK)
    t = advance_until(app, b, lambda t: len(t.obs.played) >= 6)
    before = _snapshot(t)
    app2, b2 = _power_cycle(d)
    assert app2.scene.items[0] == "Continue Sixty-six %d:%d" % tuple(before[4])
    press(app2, b2, keys.OK)
    t2 = app2.scene
    assert scene(app2) == "Table" and t2.msg == "Match restored"
    assert _snapshot(t2) == before
    assert t2.match.deals == deals_first
    # and play goes on from there
    settle(app2, b2)
    assert t2.human_turn()


def test_continue_plays_on_at_the_level_set_now(tmp_path):
    """The save keeps the deals and the players' random streams, not their
    level: a match continued after changing the level plays on at the new one."""
    from firmware.app import App
    from engine.ai import AIPlayer
    d = str(tmp_path / "flash")
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 11)
    t = advance_until(app, b, lambda t: len(t.obs.played) >= 4)
    assert isinstance(t.players[1], AIPlayer) and t.players[1].level == "normal"
    before = _snapshot(t)
    b.storage.write("opponents", b"v1 easy")
    app2, b2 = _power_cycle(d)
    press(app2, b2, keys.OK)
    t2 = app2.scene
    assert scene(app2) == "Table" and _snapshot(t2) == before
    assert t2.level == "easy" and t2.players[1].name == "heuristic"


def test_a_saved_match_the_rules_refuse_is_dropped(tmp_path):
    from firmware.app import App
    d = str(tmp_path / "flash")
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 11)
    advance_until(app, b, lambda t: len(t.obs.played) >= 2)
    data = b.storage.read("save_sixtysix")
    b.storage.write("save_sixtysix", data + bytes([31, 31]))  # a card played twice
    b.storage.remove("save_sixtysix.prev")  # and no save before it
    app2, b2 = _power_cycle(d)
    assert app2.scene.items[0].startswith("Continue")
    press(app2, b2, keys.OK)
    assert scene(app2) == "Notice" and "breaks the rules" in " ".join(app2.scene.lines)
    press(app2, b2, keys.OK)
    assert scene(app2) == "StartMenu" and app2.scene.items[0] == "Sixty-six"
    assert not b2.storage.exists("save_sixtysix") and b2.storage.exists("save_sixtysix.bad")


def test_a_refused_save_gives_way_to_the_one_before(tmp_path):
    """Each save keeps the one it replaces: when the newest is refused (by
    the rules at the table, or by its checksum at the start menu), it is set
    aside with the reason and the previous one goes on."""
    from firmware.app import App
    d = str(tmp_path / "flash")
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 11)
    advance_until(app, b, lambda t: len(t.obs.played) >= 2)
    t = advance_until(app, b, lambda t: len(t.obs.played) >= 4)
    before = _snapshot(t)
    prev = b.storage.read("save_sixtysix")
    advance_until(app, b, lambda t: len(t.obs.played) >= 6)  # one more save
    assert b.storage.read("save_sixtysix.prev") == prev
    data = b.storage.read("save_sixtysix")
    b.storage.write("save_sixtysix", data + bytes([31, 31]))  # a card played twice
    app2, b2 = _power_cycle(d)
    press(app2, b2, keys.OK)
    text = " ".join(app2.scene.lines)
    assert scene(app2) == "Notice" and "breaks the rules" in text and "before it goes on" in text
    press(app2, b2, keys.OK)
    assert scene(app2) == "Table" and _snapshot(app2.scene) == before
    assert b2.storage.exists("save_sixtysix.bad") and not b2.storage.exists("save_sixtysix.prev")
    # a save whose checksum fails is set aside as the start menu looks
    app2.scene._save()
    with open(d + "/save_sixtysix", "r+b") as f:
        f.seek(20)
        f.write(b"?")
    app3, b3 = _power_cycle(d)
    settle(app3, b3)
    text = " ".join(app3.scene.lines)
    assert scene(app3) == "Notice" and "checksum" in text and "save before it is offered" in text
    press(app3, b3, keys.OK)
    assert app3.scene.items[0] == "Continue Sixty-six %d:%d" % tuple(before[4])
    press(app3, b3, keys.OK)
    assert scene(app3) == "Table" and _snapshot(app3.scene) == before


def test_the_save_is_cleared_when_the_match_ends(tmp_path):
    from firmware.app import App
    d = str(tmp_path / "flash")
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 5)
    play_keys(app, b, lambda a: scene(a) == "MatchEnd")
    assert not b.storage.exists("save_sixtysix") and not b.storage.exists("save_sixtysix.prev")
    press(app, b, keys.OK)
    assert app.scene.items[0] == "Sixty-six"


def test_a_restored_match_saves_and_restores_again(tmp_path):
    """Continue, play on, switch off again, continue again: the second save
    still replays (it keeps the match's own seed)."""
    from firmware.app import App
    d = str(tmp_path / "flash")
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 11)
    advance_until(app, b, lambda t: len(t.obs.played) >= 2)
    for _ in range(3):
        app, b = _power_cycle(d)
        assert app.scene.items[0].startswith("Continue")
        press(app, b, keys.OK)
        assert scene(app) == "Table" and app.scene.msg == "Match restored"
        n = len(app.scene.log.data)
        advance_until(app, b, lambda t: len(t.log.data) > n + 2)


def _to_last_summary(kind="oled", seed=5):
    app, board = new_app(kind, seed)
    saves = []
    real_write = board.storage.write

    def write(name, data, keep=False):
        if name == "save_sixtysix":
            saves.append(data)
        return real_write(name, data, keep)
    board.storage.write = write
    play_keys(app, board, lambda a: scene(a) == "DealSummary" and a.scene.table.match.over)
    board.storage.write = real_write
    return app, board, saves


def test_a_finished_match_is_booked_before_a_key_and_only_once():
    # D2: the result is booked and the save removed as the last summary
    # appears; a power cut on that screen loses nothing.
    from firmware import stats
    app, board, saves = _to_last_summary()
    assert not board.storage.exists("save_sixtysix")
    st = stats.load(board.storage, "sixtysix")[0].level("normal")
    assert st.played == 1
    # the power is cut here; the device starts again: nothing to continue
    app2 = App(board, 9)
    settle(app2, board)
    assert not any(e[1] == "continue" for e in app2.scene.entries)
    # A power cut between the booking and the removal of the save: the save
    # of the finished last deal is still there; continuing it books nothing
    # twice.
    board.storage.write("save_sixtysix", saves[-1])
    app3 = App(board, 9)
    settle(app3, board)
    assert app3.scene.entries[0][1] == "continue"  # "Continue Sixty-six"
    press(app3, board, keys.OK)
    wait_for(app3, board, "DealSummary")
    assert scene(app3) == "DealSummary" and app3.scene.table.match.over
    assert stats.load(board.storage, "sixtysix")[0].level("normal").played == 1
    assert not board.storage.exists("save_sixtysix")
