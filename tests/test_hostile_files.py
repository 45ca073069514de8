"""Files with a valid checksum but content this program never writes
(issue 35, "Nothing lost, round 3"): copied by a user, from another
version, or a bit flip that keeps the CRC.  Under the 16 KB size cap a
line of thousands of numbers or words, split() whole, exhausted the heap:
MemoryError at boot (a save, the old single save, the language), at a game's
menu or Continue (the opponents' level, the rule settings, take-backs) or
at the Statistics screen, every time, since the file was never set aside.
Each reader now bounds what it reads by what the program itself can ever
write (the file's size, its lines, its words), counted before anything is
made, and refuses the rest with a notice, the file set aside.

Each kind of file is tried under the real micropython (.mpy) at the heap
the application's tests use (192 KB, the OLED), where the fault was a
MemoryError; and the bounds are checked against the longest file of each
kind the program can write."""
import json
import os
import struct
from binascii import crc32

import pytest

from tests.mp import run_micropython
from tests.apphelp import new_app, scene, press  # installs the framebuf shim
from hal import keys
from hal.headless import MemoryStorage

HEAP = "192k"  # the whole app's limit on this port (tests/test_app_micropython.py)


def framed(data):
    """data as hal.storage writes it: a header with its length and CRC."""
    return struct.pack("<4sII", b"PCT1", len(data), crc32(data) & 0xFFFFFFFF) + data


def good_save(game="sixtysix", seed=7):
    from engine.savegame import Log, dumps
    from engine.match import Match
    from engine import games
    g = games.load(game)
    m = Match(g, g.default_options(), seed)
    return dumps(m, Log(), [None] * m.nplayers)


def _words(word, n, head=b"v1 "):
    return head + b" ".join([word] * n)


def hostile():
    """(name, {file: data}, keys, the notice's words, the file set aside):
    one case per kind of file, each under 16 KB."""
    good = good_save()
    first = good.split(b"\n")[0]
    k = keys
    stats_line = [k.DOWN] * 7 + [k.OK]  # the start menu's Statistics (no save listed)
    return [
        ("save-scores", {"save_sixtysix": b"MATCH 3 0 " + b",".join([b"1"] * 8000) + b"\n" + good},
         [], "score line is damaged", "save_sixtysix"),
        ("save-first-line", {"save_sixtysix": first + b" " + _words(b"a=b", 4000, b"") + b"\n"},
         [], "first line is longer than any this program writes", "save_sixtysix"),
        ("save-states", {"save_sixtysix": b"PCTSAVE 1 sixtysix 7 " + b";".join([b"-"] * 7000) + b"\n"},
         [], "first line is longer than any this program writes", "save_sixtysix"),
        ("legacy-game", {"game": first + b" " + _words(b"a=b", 4000, b"") + b"\n"},
         [], "first line is longer than any this program writes", "game"),
        ("lang", {"lang": _words(b"abc", 4000)},
         [], "too large", "lang"),
        ("opponents", {"opponents": _words(b"easy", 3200)},
         [k.OK], "too large", "opponents"),
        ("opponents-at-continue", {"opponents": _words(b"easy", 3200),
                                   "save_sixtysix": b"MATCH 0 0 0,0\n" + good},
         [k.OK], "too large", "opponents"),
        ("rule-settings", {"opts_sixtysix": _words(b"a=b", 4000)},
         [k.OK], "too large", "opts_sixtysix"),
        ("take-backs", {"takebacks_sixtysix": _words(b"on", 5000)},
         [k.OK], "too large", "takebacks_sixtysix"),
        ("statistics", {"stats_sixtysix": b"v2 -\n" + b"\n".join([b"x"] * 8000)},
         stats_line, "too large", "stats_sixtysix"),
        ("statistics-words", {"stats_sixtysix": b"v2 - " + _words(b"1", 8000, b"")},
         stats_line, "too large", "stats_sixtysix"),
    ]


CASES = hostile()

PROGRAM = """
import sys, os, gc, json
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
board = HeadlessBoard("oled", storage_dir=%r)
def seen(app):
    s = app.scene
    name = type(s).__name__
    return {"scene": name, "text": " ".join(s.lines) if name == "Notice" else ""}
try:
    app = App(board, 1)
    settle(app, board)
    print(json.dumps(seen(app)))
    for k in %r:
        board.push(k)
        app.step()
        settle(app, board)
        print(json.dumps(seen(app)))
    for i in range(3):  # every notice read, OK
        if type(app.scene).__name__ != "Notice":
            break
        board.push(5)
        app.step()
        settle(app, board)
    print(json.dumps(seen(app)))
except MemoryError as e:
    print(json.dumps({"scene": "MemoryError", "text": str(e)}))
print(json.dumps(sorted(os.listdir(%r))))
"""


@pytest.mark.parametrize("name,files,ks,words,aside", CASES, ids=[c[0] for c in CASES])
def test_a_hostile_file_is_refused_and_set_aside_on_micropython(tmp_path, name, files, ks, words,
                                                                aside):
    assert keys.OK == 5  # (the program presses 5 for OK)
    d = str(tmp_path)
    for n, data in files.items():
        assert len(data) <= 16 * 1024, n  # under the size cap: read, not refused by size
        with open(os.path.join(d, n), "wb") as f:
            f.write(framed(data))
    p = run_micropython(["-c", PROGRAM % (d, list(ks), d)], heap=HEAP)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr
    out = [json.loads(l) for l in p.stdout.splitlines()]
    shown = out[:-1]
    assert all(s["scene"] != "MemoryError" for s in shown), shown
    notices = [s["text"] for s in shown if s["scene"] == "Notice"]
    assert notices and words in notices[0] and "put aside" in notices[0], shown
    assert shown[-1]["scene"] in ("StartMenu", "GameMenu", "StatsScreen", "Table"), shown
    assert aside + ".bad" in out[-1] and aside not in out[-1], out[-1]


# -- the bounds hold every file the program writes -------------------------------

def _longest_options(game):
    """The game's settings text with every setting at its longest value."""
    from engine.game import Options
    o = Options(game.SETTINGS)
    for name, values in game.SETTINGS:
        longest = max(values, key=lambda v: len(str(v)))
        o.set(name, longest)
    return o.text()


def test_the_bounds_hold_the_longest_files_the_program_writes():
    from engine import games, savegame as fmt
    from engine.match import Match
    from engine.savegame import Log, dumps
    from engine.game import parse_options
    from firmware import prefs, saves, savegame, stats

    def gaps(data):
        return len(data.split()) - 1
    for g, title, p in games.GAMES:
        game = games.load(g)
        text = _longest_options(game)
        opts = parse_options(game.SETTINGS, text.split())
        # the settings file
        data = ("%s %s" % (prefs.SETTINGS_VERSION, text)).encode()
        assert len(data) <= prefs.MOST_BYTES and gaps(data) < prefs.MOST_WORDS, g
        # the save: its first line with the longest seed and random states
        m = Match(game, opts, 0x3FFFFFFF)

        class P:
            def __init__(self):
                from engine.rng import Rng
                self.rng = Rng()
                self.rng.set_state((1073000000, 1038033013))
        players = [None] + [P() for _ in range(m.nplayers - 1)]
        head = dumps(m, Log(), players).split(b"\n")[0]
        assert len(head) <= fmt.HEAD_MOST and gaps(head) < fmt.HEAD_WORDS, g
        assert m.nplayers <= fmt.SEATS_MOST
        # the score line, with scores far beyond any match's
        m.scores = [-99999] * m.nsides
        m.deals = 99999
        s = MemoryStorage()
        savegame.save(s, m, Log(), players)
        line = s.read(savegame.name_of(g)).split(b"\n")[0]
        assert len(line) <= saves.INFO_MOST and line.count(b",") < saves.SIDES_MOST, g
        # and the whole save reads back
        assert saves.peek(s, g)[0] is not None, g
    # the statistics: every level, the largest numbers
    st = stats.Stats(0x3FFFFFFF)
    for lv in stats.LEVELS:
        st.levels[lv] = stats.Record(*([999999999] * 6))
    text = st.text()
    assert len(text) <= stats.MOST_BYTES and text.count("\n") == len(stats.LEVELS)
    assert stats._parse(text).level("hard").fields() == (999999999,) * 6


def test_statistics_with_a_seed_of_ten_digits_are_read_back():
    """The last booked match's seed is up to 30 bits, ten digits from
    1,000,000,000: read back as "not readable" (nine digits at most), one
    match in 14 set the player's statistics aside at the next booking."""
    from firmware import stats
    s = MemoryStorage()
    r, problem = stats.count(s, "belote", True, 10, 5, 0x3FFFFFFF, "normal", 3)
    assert s.read("stats_belote") == b"v2 1073741823\nnormal 1 1 5 3 10 5"
    st, problem = stats.load(s, "belote")
    assert not problem and st.last == 0x3FFFFFFF and st.level("normal").played == 1
    # booked once
    r, problem = stats.count(s, "belote", True, 10, 5, 0x3FFFFFFF, "normal", 3)
    assert r.played == 1 and not problem
    # a seed beyond 30 bits was not written by this program
    s.write("stats_belote", b"v2 1073741824\nnormal 1 1 5 3 10 5")
    assert stats.load(s, "belote")[1] and s.last_reason == "not readable"


def test_counts_never_grow_past_what_the_reader_takes():
    from firmware import stats
    s = MemoryStorage()
    s.write("stats_skat", b"v2 -\nnormal 999999999 999999999 999999999 999999999 5 5")
    stats.count(s, "skat", True, 10, 5, 3, "normal", 3)
    st, problem = stats.load(s, "skat")
    assert not problem and st.level("normal").played == 999999999


@pytest.mark.parametrize("name,files,ks,words,aside", CASES, ids=[c[0] for c in CASES])
def test_a_hostile_file_is_refused_on_cpython_too(tmp_path, name, files, ks, words, aside):
    from hal.headless import HeadlessBoard
    from firmware.app import App
    from hal.headless import settle
    board = HeadlessBoard("oled", storage_dir=str(tmp_path))
    for n, data in files.items():
        board.storage.write(n, data)
    app = App(board, 1)
    settle(app, board)
    texts = []
    if scene(app) == "Notice":
        texts.append(" ".join(app.scene.lines))
    for k in ks:
        press(app, board, k)
        if scene(app) == "Notice":
            texts.append(" ".join(app.scene.lines))
    assert texts and words in texts[0], texts
    assert board.storage.exists(aside + ".bad") and not board.storage.exists(aside)


# Within the size cap, files of more words, lines or seats than the program
# writes: refused as they are split, with a limit (no more is ever made).
WITHIN = [
    ("opponents", b"v1 " + b" ".join([b"e"] * 200), "longer than any this program writes"),
    ("lang", b"v1\t" + b"\t".join([b"r"] * 200), "longer than any this program writes"),
    ("opts_skat", b"v1 " + b" ".join([b"a=b"] * 40), "longer than any this program writes"),
]


@pytest.mark.parametrize("name,data,why", WITHIN, ids=[w[0] for w in WITHIN])
def test_a_settings_file_of_too_many_words_is_refused(name, data, why):
    from firmware import prefs
    app, board = new_app("oled", 1)
    got = prefs.load_setting(app, name, lambda ws: ws, "default", "The setting", "")
    assert got == "default"  # (none there yet)
    board.storage.write(name, data)
    assert len(data) <= prefs.MOST_BYTES
    got = prefs.load_setting(app, name, lambda ws: ws, "default", "The setting", "")
    assert got == "default" and board.storage.last_reason == why
    assert board.storage.exists(name + ".bad") and why in app.notice


@pytest.mark.parametrize("text,why", [
    ("v2 -" + "\n" * 8, "longer than any this program writes"),
    ("v2 -\n" + "\n".join(["normal 1 1 1 1 1 1"] * 8), "longer than any this program writes"),
    ("v2 -\nnormal " + " ".join(["1"] * 300), "not readable"),
    ("v2 " + " ".join(["-"] * 300), "not readable"),
    ("v1 " + "\t".join(["1"] * 300), "not readable"),
])
def test_statistics_of_too_many_lines_or_words_are_refused(text, why):
    from firmware import stats
    s = MemoryStorage()
    s.write("stats_belote", text.encode())
    assert len(text) <= stats.MOST_BYTES
    st, problem = stats.load(s, "belote")
    assert problem and s.last_reason == why and not st.levels


@pytest.mark.parametrize("first,why", [
    ("PCTSAVE 1 sixtysix 7 -;- " + " ".join(["a=b"] * 60), "first line is longer than any"),
    ("PCTSAVE 1 sixtysix 7 " + ";".join(["-"] * 9), "the wrong number of players"),
    ("PCTSAVE 1 sixtysix 7 -;" + ",".join(["1"] * 100), "damaged random state"),
    ("PCTSAVE 1 sixtysix 7 -;- " + "x" * 1100, "first line is longer than any"),
])
def test_a_save_of_too_many_words_or_seats_is_refused(first, why):
    from engine.savegame import header, SaveError
    with pytest.raises(SaveError) as e:
        header(first.encode() + b"\n")
    assert why in str(e.value)


def test_a_score_line_longer_than_the_program_writes_is_refused():
    from firmware import saves
    s = MemoryStorage()
    s.write("save_sixtysix", b"MATCH 3 0 " + b",".join([b"1"] * 40) + b"\n" + good_save())
    assert saves.peek(s, "sixtysix")[0] is None
    assert s.last_reason == "the saved game's score line is damaged"
    s.write("save_sixtysix", b"MATCH 3 0 1,1,1,1,1\n" + good_save())  # five sides: none has
    assert saves.peek(s, "sixtysix")[0] is None
    s.write("save_sixtysix", b"MATCH 3 0 1,1\n" + good_save())
    assert saves.peek(s, "sixtysix")[0].scores == [1, 1]
