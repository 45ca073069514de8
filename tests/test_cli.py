"""The command line as a first-time user meets it: every command the README
lists starts, a wrong argument is refused with a message (never a
traceback, never a silent result), Ctrl-C and q leave cleanly, and the
terminal simulator fits the terminal it is given."""
import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from tests.mp import ROOT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def host_sim(*argv):
    """`python -m host_sim ARGV` in this process: (exit status, stdout, stderr)."""
    from host_sim.__main__ import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(list(argv))
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue(), err.getvalue()


def run(argv, **kw):
    return subprocess.run([sys.executable] + argv, cwd=ROOT, capture_output=True, text=True,
                          timeout=60, **kw)


# -- menu, play: no seed on the menu's path, Ctrl-C -----------------------------

def test_menu_starts_the_chosen_game():
    p = run(["-m", "host_sim", "menu"], input="1\n2\n")
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    assert "Sixty-six: you are P1" in p.stdout and "your move:" in p.stdout
    seed = int(re.search(r"match seed (\d+)", p.stdout).group(1))
    # the seed it names plays the same match again
    again = run(["-m", "host_sim", "play", "--game", "sixtysix", "--seed", str(seed)], input="1\n2\n")
    hand = re.search(r"your hand: .*", p.stdout).group(0)
    assert re.search(r"your hand: .*", again.stdout).group(0) == hand


def test_menu_by_name_with_a_seed_in_russian():
    p = run(["-m", "host_sim", "menu", "--seed", "4", "--lang", "ru"], input="skat\n")
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    assert "Игры:" in p.stdout and "номер партии 4" in p.stdout and "Скат" in p.stdout


def test_ctrl_c_in_play_abandons_the_match_and_keeps_the_record(tmp_path):
    rec = tmp_path / "m.rec"
    import select
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "play", "--game", "sixtysix",
                          "--record", str(rec)], cwd=ROOT, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        p.stdin.write(b"1\n")
        p.stdin.flush()
        seen = b""
        t0 = time.monotonic()
        while seen.count(b"your move:") < 2:  # at the next prompt, after a move
            assert time.monotonic() - t0 < 30, seen
            if select.select([p.stdout], [], [], 0.1)[0]:
                seen += os.read(p.stdout.fileno(), 65536)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
        out = seen + out
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0 and b"Traceback" not in err, err.decode()
    assert b"interrupted; match abandoned." in out
    assert rec.read_text().startswith("game sixtysix")


def test_ctrl_c_in_a_computer_move_is_caught_too():
    from engine import games
    from host_sim import terminal
    game = games.load("sixtysix")
    said = []

    def typed():
        raise KeyboardInterrupt

    assert terminal.play(game, game.default_options(), inp=typed, out=said.append) is None
    assert "interrupted; match abandoned." in "\n".join(said)


def test_a_long_run_interrupted_says_so(monkeypatch):
    from host_sim import tournament

    def interrupted(*a, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(tournament, "run", interrupted)
    rc, out, err = host_sim("tournament", "--game", "sixtysix", "--matches", "2")
    assert rc == 130 and "tournament: interrupted" in err


# -- arguments checked before the work ------------------------------------------

@pytest.mark.parametrize("n", ["-3", "0", "two"])
def test_tournament_wants_a_positive_number_of_matches(n):
    rc, out, err = host_sim("tournament", "--game", "sixtysix", "--matches", n)
    assert rc == 2 and "--matches" in err and "%" not in out


@pytest.mark.parametrize("argv", [
    ["play", "--game", "sixtysix", "--record", "/no/such/folder/m.rec"],
    ["screenshot", "--out", "/no/such/folder/s.png"],
    ["tournament", "--game", "sixtysix", "--json", "/no/such/folder/t.json"],
])
def test_a_file_to_write_in_a_missing_folder_is_refused_at_once(argv):
    rc, out, err = host_sim(*argv)
    assert rc == 2 and "no folder /no/such/folder" in err


def test_sim_storage_must_be_a_folder(tmp_path):
    a_file = tmp_path / "f"
    a_file.write_text("x")
    for folder in (str(a_file), str(a_file / "sub")):
        p = run(["-m", "host_sim", "sim", "--headless", "--storage", folder])
        assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
        assert "sim: --storage:" in p.stderr and folder in p.stderr
    fresh = tmp_path / "new" / "folder"
    p = run(["-m", "host_sim", "sim", "--headless", "--storage", str(fresh)])
    assert p.returncode == 0 and fresh.is_dir() and "made the folder" in p.stderr


def test_play_help_lists_the_games_settings():
    rc, out, _ = host_sim("play", "--game", "skat", "--help")
    assert rc == 0 and "skat:" in out and "laws = seed | isko" in out
    assert "match_target =" not in out and "  sixtysix:" not in out  # another game's
    rc, out, _ = host_sim("play", "--help")
    assert rc == 0 and all("  %s:" % g in out for g in ("sixtysix", "skat", "belote"))


def test_selfplay_help_is_selfplays():
    rc, out, _ = host_sim("selfplay", "--help")
    assert rc == 0 and "--game NAME" in out and "--matches" in out and "rest" not in out
    rc, out, _ = host_sim("selfplay", "--game", "sixtysix", "--matches", "1", "--quiet")
    assert rc == 0 and out.startswith("matches 1 wins")


# -- bundle and deploy -------------------------------------------------------------

def test_bundle_refuses_an_unknown_setting(tmp_path):
    from host_sim import bundle
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        rc = bundle.main(["--board", "pico_oled", "--set", "bogus=1", "--out", str(tmp_path / "b")])
    assert rc == 1 and "'bogus'" in err.getvalue() and "oled_driver" in err.getvalue()
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize("setting,why", [
    ("turn=180", "for LCD boards"), ("oled_driver=ssd1309", "one of ssd1306"),
    ("buzzer=40", "GPIO number"), ("board=pico_lcd_114", "--board"), ("turn", "KEY=VALUE"),
])
def test_settings_are_checked(setting, why):
    from host_sim import boardcfg
    with pytest.raises(ValueError, match=why):
        boardcfg.parse("pico_oled", [setting])


def test_settings_the_device_reads_pass():
    from host_sim import boardcfg
    assert boardcfg.parse("pico_display_pack", ["turn = 180", "backlight=80", "buzzer=none",
                                                "sound=0", "storage=/saves"]) == [
        ("turn", "180"), ("backlight", "80"), ("buzzer", "none"), ("sound", "0"),
        ("storage", "/saves")]
    assert boardcfg.parse("pico_oled", ["oled_driver=sh1106", "buzzer=18"])


def test_every_setting_the_device_reads_can_be_set():
    """A key hal/ or firmware/ reads from board.cfg that --set refused would
    be out of reach of deploy and bundle."""
    from host_sim import boardcfg
    read = set()
    for top in ("hal", "firmware"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f.endswith(".py"):
                    text = open(os.path.join(d, f), encoding="utf-8").read()
                    read |= set(re.findall(r"cfg(?:\.get\(|\[)\"(\w+)\"", text))
    assert "buzzer" in read and "turn" in read
    assert read - {"board"} <= set(boardcfg.SETTINGS), read - set(boardcfg.SETTINGS)


def test_deploy_names_a_wrong_board_before_the_port(capsys):
    from host_sim import deploy
    rc = deploy.main(["--port", "/dev/ttyACM97", "--board", "foo"])
    err = capsys.readouterr().err
    assert rc == 1 and "unknown board 'foo'" in err and "pico_display_pack" in err
    assert "no Pico was found" not in err


def test_deploy_dry_run_lists_what_goes_where(tmp_path, capsys, monkeypatch):
    from host_sim import deploy

    def compiled(outdir):  # (the compiling itself: tests/test_deploy.py, test_bundle.py)
        for name in ("engine/cards.mpy", "firmware/app.mpy"):
            os.makedirs(os.path.join(outdir, os.path.dirname(name)), exist_ok=True)
            open(os.path.join(outdir, name), "wb").close()
    monkeypatch.setattr(deploy, "build", compiled)
    rc = deploy.main(["--port", "/dev/ttyACM97", "--board", "pico_lcd_114", "--set", "turn=180",
                      "--dry-run", "--stage", str(tmp_path / "s")])
    out = capsys.readouterr().out
    assert rc == 0
    lines = out.splitlines()
    assert "main.py -> :main.py" in lines and "board.cfg -> :board.cfg" in lines
    assert "firmware/app.mpy -> :firmware/app.mpy" in lines
    assert "engine/cards.mpy -> :engine/cards.mpy" in lines
    assert "dry run: 4 files for pico_lcd_114 would be copied to / on the device at " \
        "/dev/ttyACM97" in lines[-1]
    assert "nothing was copied" in lines[-1]
    assert "turn = 180" in (tmp_path / "s" / "board.cfg").read_text()


def test_deploy_help_explains_every_option(capsys):
    from host_sim import deploy
    with pytest.raises(SystemExit):
        deploy.main(["--help"])
    out = capsys.readouterr().out
    assert re.search(r"--stage DIR\s+the folder where the files are", out)
    assert "--dry-run" in out


def test_make_test_has_a_serial_form():
    p = subprocess.run(["make", "-n", "test-serial", "STAMP=", "PICO_DEPS="], cwd=ROOT,
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 0 and "pytest -q -n 0" in p.stdout
    p = subprocess.run(["make", "-n", "test", "JOBS=1", "STAMP=", "PICO_DEPS="], cwd=ROOT,
                       capture_output=True, text=True, timeout=30)
    assert "pytest -q -n 1" in p.stdout


# -- the terminal simulator: its size, q and Ctrl-C ------------------------------

def test_the_screen_fits_the_terminal_and_says_why_it_is_small():
    from host_sim.device import headless, parse_keys
    from host_sim import simview
    for kind, full in (("oled", (128, 33)), ("lcd", (240, 69))):
        _app, board = headless(kind, parse_keys("OK,OK"), 3)
        for cols, lines in ((300, 100), (120, 40), (80, 24), (40, 12), (12, 4)):
            text = ANSI.sub("", simview.frame(board.display, True, cols, lines))
            rows = text.split("\n")
            assert len(rows) <= lines and max(len(r) for r in rows) <= cols, (kind, cols, lines)
            if cols >= full[0] and lines >= full[1]:
                assert "needs" not in text
            elif cols >= 40:
                assert "needs" in text, text  # why the screen is small, and what it needs
    # at 120 columns the OLED is drawn 2x2 pixels a character, and says so
    _app, board = headless("oled", [], 3)
    text = ANSI.sub("", simview.frame(board.display, True, 120, 40))
    assert "2x2 pixels a character: the terminal is 120x40, full size needs 128x33" in text
    # too small to read: the size it needs comes first
    text = ANSI.sub("", simview.frame(board.display, True, 40, 12))
    assert text.split("\n")[-1].startswith("needs 64x18 to read")


def test_braille_keeps_every_pixel_of_the_oled():
    from host_sim.device import headless
    from host_sim.screen import ansi_braille, rows
    _app, board = headless("oled", [], 3)
    d = board.display
    cells = ansi_braille(d, colour=False).split("\n")
    px = rows(d)
    for y in range(d.height):
        for x in range(d.width):
            bits = ord(cells[y // 4][x // 2]) - 0x2800
            dot = {(0, 0): 1, (0, 1): 2, (0, 2): 4, (1, 0): 8, (1, 1): 16, (1, 2): 32,
                   (0, 3): 64, (1, 3): 128}[(x % 2, y % 4)]
            assert bool(bits & dot) == bool(px[y][x])


class Sim:
    """`python -m host_sim sim` on a pseudo-terminal of a given size, with a
    temporary home; read() gathers its output."""

    def __init__(self, tmp_path, cols=80, lines=24, args=()):
        import fcntl
        import pty
        import struct
        import termios
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, cols, 0, 0))
        env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"),
                   TERM="xterm")
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.p = subprocess.Popen([sys.executable, "-m", "host_sim", "sim", "--seed", "3"]
                                  + list(args), stdin=slave, stdout=slave,
                                  stderr=subprocess.PIPE, cwd=ROOT, env=env)
        os.close(slave)
        self.out = b""

    def read(self, wait=0.5):
        import select
        t0 = time.monotonic()
        while time.monotonic() - t0 < wait:
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    self.out += os.read(self.master, 65536)
                except OSError:
                    break
        return self.out.decode("utf-8", "replace")

    def type(self, data, wait=0.6):
        os.write(self.master, data)
        return self.read(wait)

    def end(self, timeout=20):
        t0 = time.monotonic()
        while self.p.poll() is None and time.monotonic() - t0 < timeout:
            self.read(0.1)
        running = self.p.poll() is None
        if running:
            self.p.kill()
        self.p.wait()
        err = self.p.stderr.read().decode()
        os.close(self.master)
        return (None if running else self.p.returncode), err


needs_pty = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")


def _until(sim, text, timeout=20):
    t0 = time.monotonic()
    while text not in ANSI.sub("", sim.read(0.2)):
        assert time.monotonic() - t0 < timeout, "never showed %r" % text


def _in_a_match(sim, tmp_path, timeout=30):
    """Start the first game (Sixty-six) from the start menu; return once
    its table has saved the match (the table is there)."""
    save = tmp_path / "data" / "pocket-card-table" / "save_sixtysix"
    _until(sim, "q quit")
    sim.type(b"\r")
    sim.type(b"\r")
    t0 = time.monotonic()
    while not save.exists():
        assert time.monotonic() - t0 < timeout, "no match started"
        sim.read(0.2)
    sim.read(1)


@needs_pty
def test_q_in_a_match_asks_first(tmp_path):
    sim = Sim(tmp_path)
    try:
        _in_a_match(sim, tmp_path)
        sim.out = b""
        sim.type(b"q")
        _until(sim, "Quit? (the match is saved)")
        sim.type(b"x\x1b[C")  # another key: play on; the arrow moves again
        assert sim.p.poll() is None
        sim.type(b"q")
        _until(sim, "Quit?")
        sim.type(b"y")
    finally:
        rc, err = sim.end()
    assert rc == 0 and "Traceback" not in err and "kept in" in err


@needs_pty
def test_q_in_the_start_menu_quits_at_once(tmp_path):
    sim = Sim(tmp_path)
    try:
        _until(sim, "q quit")
        sim.type(b"q")
    finally:
        rc, err = sim.end(10)
    assert rc == 0 and "Traceback" not in err


@needs_pty
def test_ctrl_c_leaves_the_sim_as_q_does(tmp_path):
    sim = Sim(tmp_path)
    try:
        _in_a_match(sim, tmp_path)
        sim.p.send_signal(signal.SIGINT)
    finally:
        rc, err = sim.end()
    assert rc == 0 and "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "kept in" in err
    saves = os.listdir(str(tmp_path / "data" / "pocket-card-table"))
    assert "save_sixtysix" in saves


@needs_pty
def test_a_small_terminal_is_told_what_size_is_needed(tmp_path):
    sim = Sim(tmp_path, cols=40, lines=12)
    try:
        _until(sim, "needs 64x18 to read")
        raw = sim.read(0.5)
    finally:
        sim.type(b"q")
        rc, err = sim.end(10)
    # the last frame: no line wider than the terminal, no more lines than it
    # has (nothing wraps, nothing scrolls)
    screen = ANSI.sub("", raw.rsplit("\x1b[H", 1)[-1]).replace("\r", "").split("\n")
    assert len(screen) <= 12 and "needs 64x18 to read" in screen[-1]
    for line in screen:
        assert len(line) <= 40, line
    assert rc == 0


def test_the_simulators_words_are_in_russian_too():
    from firmware.text.ru_play import T
    from host_sim import simview
    russian = dict(line.split("\t", 1) for line in T.strip("\n").split("\n"))
    texts = [simview.KEYS, simview.QUIT_ASK, simview.QUIT_WINDOW, simview.SMALLER,
             simview.TOO_SMALL] + list(simview.SCALES)
    texts += ["The pocket card table. Games:", "choose 1-%d",
              "match seed %d (play --game %s --seed %d plays it again)",
              "interrupted; match abandoned."]
    for text in texts:
        assert text in russian, text
        assert re.findall(r"%[sd]", text) == re.findall(r"%[sd]", russian[text]), text
