"""A full flash (issue 35, "Nothing lost, round 3"): every write the
application makes (the match's saves, at a move, at a deal's end, at a
take-back and when a match starts; the statistics at a match's end; the
settings, the opponents' level, take-backs, the language; the move of an
old save) on a flash that fills up.  The player is told at once when a
write fails, once and not at every key; the last good save or record is
never removed before its replacement is on the flash; a finished match
that could not be booked stays saved, and is booked when it is continued;
every notice says what really happened.

The flash is a model (Flash): a real folder whose files may hold so many
bytes in all, and/or so many bytes of writes before every write fails;
a write past either raises OSError(28) at f.write, errno only, as
MicroPython's littlefs does (tests/storage_checks.py's RAM flash shows the
same: a full littlefs refuses the write and still renames)."""
import os

import pytest

from tests.apphelp import scene, press, play_keys, wait_for
from hal import keys
from hal import storage as storage_module
from hal import storage_trouble
from hal.headless import HeadlessBoard
from hal.storage import Storage
from firmware.app import App
from hal.headless import settle
from host_sim.autopilot import Autopilot
from tests.mp import run_micropython


class Flash:
    """hal.storage's filesystem, full past `capacity` bytes of files in its
    folder or after `budget` bytes of writes (the rest of the flash taken by
    others); full_at: full for the files whose names start so;
    rename_fails: every rename refused as well (a filesystem that cannot
    even commit a rename), remove_fails: every removal too (read-only)."""

    def __init__(self, root, capacity=None, budget=None):
        self.root = root
        self.capacity = capacity
        self.budget = budget
        self.written = 0
        self.refused = 0  # writes refused
        self.rename_fails = False
        self.remove_fails = False
        self.full_at = None  # a name prefix: the flash is full when such a file is written

    def used(self):
        if not os.path.isdir(self.root):
            return 0
        return sum(os.path.getsize(os.path.join(self.root, f)) for f in os.listdir(self.root))

    def room(self, n):
        if self.budget is not None and self.written + n > self.budget:
            return False
        return self.capacity is None or self.used() + n <= self.capacity

    def install(self, monkeypatch):
        flash = self

        def opener(path, mode="r", *a, **k):
            f = open(path, mode, *a, **k)
            if "w" not in mode and "a" not in mode:
                return f
            full = flash.full_at is not None and os.path.basename(path).startswith(flash.full_at)
            return _File(f, flash, full)

        class OS:
            def __getattr__(self, name):
                return getattr(os, name)

            def rename(self, a, b):
                if flash.rename_fails:
                    raise OSError(28)
                os.rename(a, b)

            def remove(self, p):
                if flash.remove_fails:
                    raise OSError(30)
                os.remove(p)
        monkeypatch.setattr(storage_module, "open", opener, raising=False)
        monkeypatch.setattr(storage_module, "os", OS())
        monkeypatch.setattr(storage_trouble, "os", OS())
        return self


class _File:
    def __init__(self, f, flash, full=False):
        self.f = f
        self.flash = flash
        self.full = full

    def write(self, b):
        if self.full or not self.flash.room(len(b)):
            self.flash.refused += 1
            raise OSError(28)
        self.flash.written += len(b)
        n = self.f.write(b)
        self.f.flush()
        return n

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


# -- the storage itself ----------------------------------------------------------

def test_a_write_the_flash_refuses_keeps_the_last_good_file(tmp_path, monkeypatch):
    d = str(tmp_path / "data")
    flash = Flash(d, capacity=100).install(monkeypatch)
    s = Storage(d)
    assert s.write("save", b"a" * 30, True) and s.write("save", b"b" * 30, True)
    assert s.read("save") == b"b" * 30 and s.read("save.prev") == b"a" * 30
    assert s.unsaved == {} and s.untold is None
    assert not s.write("save", b"c" * 80, True)  # no room even alone
    assert s.last_error == "could not save save: the flash is full" and flash.refused
    assert s.read("save") == b"b" * 30  # the last good one, never removed
    assert s.unsaved == {"save": "the flash is full"} and s.untold == ["save"]
    s.untold = None  # (the app has told the player)
    assert not s.write("save", b"c" * 80, True)
    assert s.untold is None  # the same failure again: nothing new to tell
    assert s.write("save", b"d" * 40, True)  # room again
    assert s.unsaved == {} and s.read("save") == b"d" * 40
    assert sorted(os.listdir(d)) == ["save", "save.prev"]


def test_room_is_made_from_the_previous_generation_and_the_set_aside_files(tmp_path, monkeypatch):
    """The flash holds the save and its replacement but not the previous
    generation as well: the write drops NAME.prev (which it replaces anyway),
    what power cuts left and the files set aside, and goes through."""
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    s = Storage(d)
    for i in range(3):
        assert s.write("save_x", bytes([65 + i]) * 100, True)
    with open(os.path.join(d, "stats_y.bad"), "wb") as f:
        f.write(b"?" * 50)
    with open(os.path.join(d, "opponents.tmp"), "wb") as f:
        f.write(b"?" * 10)
    flash.capacity = flash.used() + 60  # no room for a third copy of the save
    assert s.write("save_x", b"D" * 100, True), s.last_error
    assert flash.refused == 1  # refused once, then room made
    assert s.read("save_x") == b"D" * 100 and s.read("save_x.prev") == b"C" * 100
    assert sorted(os.listdir(d)) == ["save_x", "save_x.prev"]
    assert s.unsaved == {} and s.untold is None
    # another file's previous generation is not this write's to drop
    assert s.write("save_z", b"z" * 10, True) and s.write("save_z", b"Z" * 10, True)
    flash.capacity = flash.used() + 5
    assert not s.write("stats_y", b"s" * 40)
    assert s.read("save_z.prev") == b"z" * 10 and s.read("save_x.prev") == b"C" * 100


def test_a_damaged_file_that_cannot_be_renamed_is_reported_as_it_went(tmp_path, monkeypatch):
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    s = Storage(d)
    s.write("save_x", b"match")
    with open(os.path.join(d, "save_x"), "r+b") as f:
        f.seek(13)
        f.write(b"?")
    flash.rename_fails = True
    assert s.read("save_x") is None
    assert s.last_fate == "deleted" and not os.path.exists(os.path.join(d, "save_x"))
    assert "could not be moved aside, so it was deleted" in s.last_error
    assert "moved aside as" not in s.last_error
    flash.rename_fails = False
    s.write("save_x", b"match")
    with open(os.path.join(d, "save_x"), "r+b") as f:
        f.seek(13)
        f.write(b"?")
    flash.rename_fails = flash.remove_fails = True  # a read-only filesystem: it stays
    assert s.read("save_x") is None
    assert s.last_fate == "kept" and os.path.exists(os.path.join(d, "save_x"))
    assert "neither moved aside nor deleted" in s.last_error
    flash.rename_fails = flash.remove_fails = False
    s.write("save_x", b"match")
    with open(os.path.join(d, "save_x"), "r+b") as f:
        f.seek(13)
        f.write(b"?")
    assert s.read("save_x") is None and s.last_fate == "aside"
    assert "moved aside as save_x.bad" in s.last_error


def test_a_refused_rename_is_an_answer_not_a_crash(tmp_path, monkeypatch):
    """The previous save offered in place of a missing newest one: renamed
    to the save's name where the flash lets it; where it does not, still
    offered and continued (the start menu and the table go on)."""
    from firmware import saves, savegame
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    s = Storage(d)
    data = _a_save()
    s.write("save_sixtysix", data)
    s.rename("save_sixtysix", "save_sixtysix.prev")  # a cut between a save's renames
    flash.rename_fails = True
    assert s.rename("save_sixtysix.prev", "save_sixtysix") is False
    assert "could not rename" in s.last_error
    got, why = saves.peek(s, "sixtysix")
    assert got is not None and why is None and s.exists("save_sixtysix.prev")
    restored, why = saves.restore(s, "sixtysix", lambda g, m: [None, None])
    assert restored is not None and restored[0].seed == 7
    assert savegame.name_of("sixtysix") == "save_sixtysix"


def _a_save(game="sixtysix", seed=7):
    from engine.savegame import Log, dumps
    from engine.match import Match
    from engine import games
    g = games.load(game)
    m = Match(g, g.default_options(), seed)
    return dumps(m, Log(), [None] * m.nplayers)


# -- the application -------------------------------------------------------------

def _notices(app):
    return " ".join(app.scene.lines) if scene(app) == "Notice" else None


def _play(app, board, keys_n, flash, until=None):
    """The autopilot's keys: every notice shown (after which key, its text)
    and the key after which the flash first refused a write."""
    pilot = Autopilot()
    told = []
    first = None
    settle(app, board)
    for i in range(keys_n):
        if until is not None and until(app):
            break
        text = _notices(app)
        if text is not None:
            told.append((i, text))
        k = pilot.next_key(app)
        assert k is not None, scene(app)
        refused = flash.refused
        board.push(k)
        app.step()
        settle(app, board)
        if first is None and flash.refused > refused:
            first = i + 1
    return told, first


def test_saves_failing_in_play_are_told_at_once_and_once(tmp_path, monkeypatch):
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 5)
    settle(app, b)
    press(app, b, keys.OK, keys.OK)  # Sixty-six, a new match
    assert scene(app) == "Table" and b.storage.exists("save_sixtysix")
    _play(app, b, 10, flash)
    saved = b.storage.read("save_sixtysix")
    flash.budget = flash.written  # full from here: no room to be made
    told, first = _play(app, b, 120, flash)
    assert flash.refused > 20  # the saves kept failing ...
    assert len(told) == 1, told  # ... and the player was told once
    text = told[0][1]
    assert text == ("The match could not be saved (the flash is full). Play goes on, but if "
                    "the power goes, the moves since its last save are lost.")
    # at once: the notice is the screen after the key whose save failed
    assert told[0][0] == first, (told, first)
    # the last good save stays on the flash, whole (its previous generation
    # went to make room, in vain)
    assert b.storage.read("save_sixtysix") == saved


def test_a_flash_with_no_room_for_the_previous_save_still_keeps_the_match(tmp_path, monkeypatch):
    """The case of the issue: saves refused from deal 4, the power cut at
    deal 7, the match continued from deal 4.  The flash holds two copies of
    the save but not three: with room made from the previous generation,
    the match continues where the power went."""
    d = str(tmp_path / "data")
    # Three copies of a save of 100 bytes, each with its 12 of header: the
    # save (57 bytes at the start, about 10 more a move) outgrows a third of
    # the flash in deal 2 and half of it in deal 5 (seed 5).
    flash = Flash(d, capacity=3 * 112).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 5)
    settle(app, b)
    press(app, b, keys.OK, keys.OK)
    told, first = _play(app, b, 400, flash, until=lambda a: scene(a) == "Table"
                        and a.scene.match.deals >= 4 and a.scene.human_turn())
    assert first is not None and not told  # refused, room made: nothing to tell
    t = app.scene
    assert scene(app) == "Table" and t.match.deals >= 4
    app2 = App(HeadlessBoard("oled", storage_dir=d), 9)  # the power cut
    b2 = app2.board
    settle(app2, b2)
    press(app2, b2, keys.OK)
    t2 = app2.scene
    assert scene(app2) == "Table" and t2.msg == "Match restored"
    assert t2.match.deals == t.match.deals and bytes(t2.log.data) == bytes(t.log.data)


def test_a_match_that_cannot_be_booked_stays_saved_and_is_booked_when_continued(tmp_path, monkeypatch):
    """The issue's match end: "Won 3 of 5" on the screen, the old count on
    the flash, the save gone.  Now the screen shows the record as it is on
    the flash, the player is told, and the save stays: continued, the match
    reaches its end again and is booked then."""
    from firmware import stats
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    stats.count(b.storage, "sixtysix", True, 3, 5, 1, "normal", 3)  # one match booked before
    before = b.storage.read("stats_sixtysix")
    app = App(b, 5)
    flash.full_at = "stats_"  # the flash is full when the statistics are written
    play_keys(app, b, lambda a: scene(a) in ("DealSummary", "Notice") and _over(a))
    assert scene(app) == "Notice", scene(app)
    text = " ".join(app.scene.lines)
    assert text == ("The result of this match could not be counted (the flash is full). "
                    "The match stays saved: continue it to count it."), text
    assert b.storage.read("stats_sixtysix") == before  # the old count, whole
    assert b.storage.exists("save_sixtysix")  # and the match, resumable
    press(app, b, keys.OK)
    assert scene(app) == "DealSummary"
    press(app, b, keys.OK)
    assert scene(app) == "MatchEnd"
    # the record as it is on the flash, not one that was never written
    assert app.scene.stats.played == 1 and app.scene.stats.text() == "Won 1 of 1, best +3, quickest 5 deals"
    press(app, b, keys.OK)
    assert scene(app) == "StartMenu" and app.scene.entries[0][1] == "continue"
    # room again (another day): continued, the match is booked, once
    flash.full_at = None
    app2 = App(HeadlessBoard("oled", storage_dir=d), 9)
    b2 = app2.board
    settle(app2, b2)
    press(app2, b2, keys.OK)
    wait_for(app2, b2, "DealSummary")
    assert scene(app2) == "DealSummary" and app2.scene.table.match.over
    st = stats.load(b2.storage, "sixtysix")[0].level("normal")
    assert st.played == 2
    assert not b2.storage.exists("save_sixtysix") and not b2.storage.exists("save_sixtysix.prev")


def _over(app):
    """At the last deal's summary, or at a notice over it."""
    sc = app.scene.then if scene(app) == "Notice" else app.scene
    t = getattr(sc, "table", None)
    return t is not None and t.match.over


def test_a_take_back_that_cannot_be_saved_is_told(tmp_path, monkeypatch):
    from firmware.table import TAKE_BACK
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    b.storage.write("takebacks_sixtysix", b"v1 on")
    app = App(b, 3)
    press(app, b, keys.OK, keys.OK)
    t = app.scene
    pilot = Autopilot()
    while not (t.marks and t.human_turn()):  # a move of the player's to take back
        press(app, b, pilot.next_key(app))
    saved = b.storage.read("save_sixtysix")
    flash.budget = flash.written  # full from here
    press(app, b, keys.MENU, *([keys.DOWN] * TAKE_BACK + [keys.OK]))
    assert scene(app) == "Notice"
    assert " ".join(app.scene.lines).startswith("The match could not be saved (the flash is full).")
    press(app, b, keys.OK)
    assert app.scene is t and t.msg == "You took your move back"
    assert b.storage.read("save_sixtysix") == saved  # the last good save, kept


def test_a_new_match_that_cannot_be_saved_is_told(tmp_path, monkeypatch):
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 3)
    settle(app, b)
    flash.budget = 0
    press(app, b, keys.OK, keys.OK)
    assert scene(app) == "Notice"
    assert " ".join(app.scene.lines) == (
        "The match could not be saved (the flash is full). Play goes on, but if the power "
        "goes, the match is lost.")
    press(app, b, keys.OK)
    assert scene(app) == "Table"


def _menu(app, b, name):
    """The game menu's line starting with name."""
    gm = app.scene
    while not gm.items()[gm.sel].startswith(name):
        press(app, b, keys.DOWN)


@pytest.mark.parametrize("line,name", [("Opponents", "opponents"), ("Take-backs", "takebacks_sixtysix"),
                                       ("Going out", "opts_sixtysix")])
def test_a_setting_that_cannot_be_saved_is_told(tmp_path, monkeypatch, line, name):
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 3)
    press(app, b, keys.OK)  # Sixty-six's menu
    assert scene(app) == "GameMenu"
    _menu(app, b, line)
    flash.budget = flash.written
    press(app, b, keys.RIGHT)
    assert scene(app) == "Notice"
    assert " ".join(app.scene.lines) == ("The setting could not be saved (the flash is full): "
                                         "the device will not remember it.")
    press(app, b, keys.OK)
    assert scene(app) == "GameMenu"
    press(app, b, keys.RIGHT, keys.RIGHT)  # again: told once
    assert scene(app) == "GameMenu" and not b.storage.exists(name)
    assert b.storage.unsaved == {name: "the flash is full"}


def test_the_language_that_cannot_be_saved_is_told(tmp_path, monkeypatch):
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    app = App(b, 3)
    settle(app, b)
    m = app.scene
    press(app, b, *[keys.DOWN] * (len(m.items) - 1))
    flash.budget = 0
    press(app, b, keys.RIGHT)
    assert scene(app) == "Notice"
    assert " ".join(app.scene.lines).startswith("The setting could not be saved (the flash is full)")
    assert not b.storage.exists("lang")


def test_the_old_single_save_is_moved_on_a_full_flash(tmp_path, monkeypatch):
    """Moved by a rename, which a full littlefs still makes: a copy could not
    be written, and the old save then was never offered."""
    d = str(tmp_path / "data")
    flash = Flash(d).install(monkeypatch)
    b = HeadlessBoard("oled", storage_dir=d)
    data = _a_save("schnapsen")
    b.storage.write("game", data)
    flash.budget = flash.written
    app = App(b, 1)
    settle(app, b)
    assert scene(app) == "StartMenu" and app.scene.items[0] == "Continue Schnapsen"
    assert not b.storage.exists("game") and b.storage.read("save_schnapsen") == data


MP_FULL = """
import sys, os, gc, json
import hal.storage
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
KEYS = %r
FULL_AT = %d
real_open = open
refused = []
class Full:
    def __init__(self, f):
        self.f = f
    def write(self, b):
        refused.append(1)
        raise OSError(28)
    def close(self):
        self.f.close()
    def __enter__(self):
        return self
    def __exit__(self, *a):
        self.f.close()
def full_open(path, mode="r"):
    f = real_open(path, mode)
    return Full(f) if "w" in mode else f
board = HeadlessBoard(%r, storage_dir=%r)
app = App(board, %d)
settle(app, board)
told = []
first = None
for i in range(len(KEYS)):
    if i == FULL_AT:
        hal.storage.open = full_open
    while type(app.scene).__name__ == "Notice":  # read, OK
        told.append([i, " ".join(app.scene.lines)])
        board.push(5)
        app.step()
        settle(app, board)
    n = len(refused)
    board.push(int(KEYS[i]))
    app.step()
    settle(app, board)
    if first is None and len(refused) > n:
        first = i + 1
gc.collect()
print(json.dumps({"told": told, "first": first, "scene": type(app.scene).__name__,
                  "free": gc.mem_free(), "files": sorted(os.listdir(%r))}))
"""


def test_a_full_flash_at_the_table_is_told_within_the_apps_heap_on_micropython(tmp_path):
    """A Sixty-six deal on the OLED under the real micropython at the app's
    192 KB, every write refused from the table's tenth key: the notice
    (its module and texts loaded in the middle of a deal) fits, once."""
    from tests.apphelp import deal_keys
    ks, app, board = deal_keys("oled", seed=35)
    # the autopilot's keys of that deal (a notice read with OK in between:
    # it changes nothing at the table)
    assert keys.OK == 5
    d = str(tmp_path)
    code = MP_FULL % ("".join(str(k) for k in ks), 10, "oled", d, 35, d)
    p = run_micropython(["-c", code], heap="192k")
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    import json
    out = json.loads(p.stdout.splitlines()[-1])
    assert out["first"] is not None and len(out["told"]) == 1, out
    assert out["told"][0][0] == out["first"], out  # the next screen after the refused save
    assert out["told"][0][1].startswith("The match could not be saved (the flash is full).")
    assert out["files"] == ["save_sixtysix"] and out["scene"] in ("Table", "DealSummary"), out
    print("free after the deal with the notice: %d bytes" % out["free"])
