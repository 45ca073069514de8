"""hal.storage (atomic save with a checksum, bad files put aside) and
hal.sound (PWM buzzer, can be off): under CPython in a temporary folder, and
under MicroPython on its real littlefs with power cut at every step."""
import json
import os

import pytest

from hal.sound import Sound
from hal.storage import Storage
from tests.mp import run_micropython, ROOT


def test_write_then_read(tmp_path):
    s = Storage(str(tmp_path / "data"))
    assert s.read("settings") is None
    assert "nothing saved" in s.last_error
    assert s.write("settings", b"sound=1\n")
    assert s.last_error is None
    assert s.read("settings") == b"sound=1\n"
    assert s.write("settings", b"sound=0\n")  # over the old one
    assert s.read("settings") == b"sound=0\n"
    assert sorted(os.listdir(tmp_path / "data")) == ["settings"]  # no temp file left
    assert s.write("empty", b"") and s.read("empty") == b""


@pytest.mark.parametrize("damage,words", [
    (lambda raw: raw[:-1] + bytes([raw[-1] ^ 1]), "checksum does not match"),
    (lambda raw: raw[:7], "too short"),
    (lambda raw: raw + b"extra", "wrong length"),
    (lambda raw: b"JUNK" + raw[4:], "not a saved file"),
    (lambda raw: b"", "too short"),
])
def test_a_damaged_file_is_reported_and_put_aside(tmp_path, damage, words):
    s = Storage(str(tmp_path))
    s.write("game", b"the game in progress")
    p = tmp_path / "game"
    p.write_bytes(damage(p.read_bytes()))
    bad = p.read_bytes()
    assert s.read("game") is None
    assert words in s.last_error and "moved aside as game.bad" in s.last_error
    assert not p.exists() and (tmp_path / "game.bad").read_bytes() == bad
    assert s.read("game") is None and "nothing saved" in s.last_error  # never read again
    assert s.write("game", b"new") and s.read("game") == b"new"


def test_a_leftover_temp_file_is_ignored_and_removed(tmp_path):
    s = Storage(str(tmp_path))
    s.write("stats", b"wins=3")
    (tmp_path / "stats.tmp").write_bytes(b"half a wri")  # power cut mid-write
    assert s.read("stats") == b"wins=3"
    assert not (tmp_path / "stats.tmp").exists()


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    s = Storage(str(tmp_path))
    s.write("stats", b"wins=3")

    def full(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "rename", full)
    assert s.write("stats", b"wins=4") is False
    assert "could not save stats: the flash is full" == s.last_error
    monkeypatch.undo()
    assert s.read("stats") == b"wins=3"
    assert sorted(os.listdir(tmp_path)) == ["stats"]


def test_bad_names_are_refused(tmp_path):
    s = Storage(str(tmp_path))
    for name in ("", "a/b", ".hidden"):
        with pytest.raises(ValueError):
            s.write(name, b"x")


def test_micropython_littlefs_power_cut_at_every_step():
    code = ("import sys\nsys.path.append(%r)\nimport storage_checks\nstorage_checks.main()\n"
            % os.path.join(ROOT, "tests"))
    p = run_micropython(["-c", code], heap="2m")
    assert p.returncode == 0, p.stdout + p.stderr
    r = {}
    for line in p.stdout.splitlines():
        d = json.loads(line)
        r[d["check"]] = d
    cut = r["power_cuts"]
    assert cut["ops"] >= 3
    # every cut leaves the old file or the new one, never a broken one
    assert cut["seen"]["other"] == 0
    assert cut["seen"]["old"] >= 1 and cut["seen"]["new"] >= 1
    assert cut["seen"]["old"] + cut["seen"]["new"] == cut["ops"] + 1
    dmg = r["damage"]
    assert dmg["got"] is None and "checksum does not match" in dmg["error"]
    assert dmg["names"] == ["stats.bad"]
    assert dmg["again"] is None and "nothing saved" in dmg["error2"]
    assert dmg["ok"] and dmg["back"] == "fresh" and dmg["last"] is None


class FakePWM:
    def __init__(self, pin):
        self.pin = pin
        self.log = []

    def freq(self, f):
        self.log.append(("freq", f))

    def duty_u16(self, d):
        self.log.append(("duty", d))

    def deinit(self):
        self.log.append(("deinit",))


def test_sound_plays_through_pwm_and_can_be_off():
    made = []
    slept = []

    def factory(pin):
        made.append(FakePWM(pin))
        return made[-1]
    s = Sound(pin=18, pwm_factory=factory, sleep=slept.append)
    assert made == []  # no PWM until the first sound
    s.beep(880, 60)
    assert made[0].pin == 18
    assert made[0].log == [("duty", 0), ("freq", 880), ("duty", 32768), ("duty", 0)]
    assert slept == [60]
    s.enabled = False
    s.beep(440, 100)
    s.click()
    assert slept == [60] and s.beeps == 1
    s.enabled = True
    s.click()
    assert slept == [60, 2] and made[0].log[-3:] == [("freq", 2000), ("duty", 32768), ("duty", 0)]
    s.off()
    assert made[0].log[-1] == ("deinit",)


def test_sound_without_a_pin_is_silent():
    s = Sound(pin=None)
    s.beep(1000, 10)
    s.click()
    assert s.beeps == 0


def test_a_file_larger_than_any_save_is_set_aside_unread(tmp_path, monkeypatch):
    from hal import storage
    s = Storage(str(tmp_path))
    p = tmp_path / "game"
    s.write("game", b"x" * 100)
    big = p.read_bytes()[:12] + b"\0" * (300 * 1024)  # a header, then 300 KB
    p.write_bytes(big)
    opened = []
    real_open = open

    def watch(path, *a, **k):
        opened.append(path)
        return real_open(path, *a, **k)
    monkeypatch.setattr("builtins.open", watch)
    assert s.read("game") is None
    assert str(p) not in opened  # refused by its size, never read into memory
    assert "too large: %d bytes" % len(big) in s.last_error
    assert "moved aside as game.bad" in s.last_error
    assert s.last_reason.startswith("too large")
    assert not p.exists() and (tmp_path / "game.bad").stat().st_size == len(big)
    # a file of the largest size a save may have is still read
    assert s.write("game", b"y" * storage.MAX_SIZE) and s.read("game") == b"y" * storage.MAX_SIZE


def test_more_than_a_save_may_hold_is_never_written(tmp_path):
    from hal import storage
    s = Storage(str(tmp_path))
    assert s.write("game", b"old")
    assert s.write("game", b"z" * (storage.MAX_SIZE + 1)) is False
    assert "more than a saved file may hold" in s.last_error
    assert s.read("game") == b"old"  # the good file is kept
    assert sorted(os.listdir(tmp_path)) == ["game"]
