"""The terminal game: a person can play a whole match of every game by
typing action numbers or texts, and the record it writes replays."""
import subprocess
import sys

import pytest

from engine import games
from engine.game import Options
from engine.records import replay
from host_sim import terminal
from tests.mp import ROOT


@pytest.mark.parametrize("name", games.names())
def test_a_whole_match_typed_by_a_person(name, tmp_path):
    g = games.load(name)
    typed = []

    def inp():
        typed.append(1)
        # Mostly the first legal action; now and then a wrong entry first.
        return "nonsense" if len(typed) % 7 == 0 else "1"

    out = []
    rec = tmp_path / "m.rec"
    m = terminal.play(g, Options(g.SETTINGS), seed=3, human=0, inp=inp,
                      out=out.append, record=str(rec))
    assert m is not None and m.over
    text = "\n".join(out)
    assert "wins the match" in text
    assert "your hand:" in text and "your move:" in text
    assert "not a" in text or "not allowed" in text or "Choose" in text or "unknown" in text.lower()
    again = replay(rec.read_text())
    assert again.over and again.winner == m.winner and again.scores == m.scores


def test_cli_play_ends_cleanly_at_end_of_input():
    p = subprocess.run([sys.executable, "-m", "host_sim", "play", "--game", "sixtysix"],
                       cwd=ROOT, input="1\n2\n", capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "Traceback" not in p.stderr
    assert "match abandoned" in p.stdout


def test_cli_rejects_a_bad_setting():
    p = subprocess.run([sys.executable, "-m", "host_sim", "play", "--game", "sixtysix",
                        "--option", "match_target=9"], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 2 and "match_target" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("name", games.names())
def test_a_whole_match_in_russian(name):
    """play --lang ru: every text of the text game has its Russian (the
    table strict), and the moves are still typed by number."""
    from firmware import words
    g = games.load(name)
    out = []
    words.STRICT = True
    try:
        m = terminal.play(g, Options(g.SETTINGS), seed=3, human=0, inp=lambda: "1",
                          out=out.append, lang="ru")
    finally:
        words.STRICT = False
        words.use("en")
    assert m is not None and m.over
    text = "\n".join(out)
    assert "ваши карты:" in text and "ваш ход:" in text and "выигрывает партию" in text
    assert "your hand" not in text and "deal over" not in text


def test_cli_play_in_russian():
    p = subprocess.run([sys.executable, "-m", "host_sim", "play", "--game", "belote", "--lang", "ru"],
                       cwd=ROOT, input="1\n2\n", capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "Traceback" not in p.stderr
    assert "партия брошена" in p.stdout and "Белот" in p.stdout
