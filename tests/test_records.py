"""Every record under tests/records/ (the specs' worked examples) replays
cleanly; records under tests/records/bad/ must fail with the error named in
their first line ('# error: TEXT')."""
import glob
import os
import subprocess
import sys

import pytest

from engine.records import replay, RecordError
from tests.mp import ROOT

GOOD = sorted(p for p in glob.glob(os.path.join(ROOT, "tests", "records", "**", "*.rec"), recursive=True)
              if os.sep + "bad" + os.sep not in p)
BAD = sorted(glob.glob(os.path.join(ROOT, "tests", "records", "bad", "*.rec")))


# Records that lack an expected line, kept here until their owners add it.
MISSING = {
    os.path.join("deberts", "db16_pot_lost.rec"): "its first deal has no result line",
}


def stated(text):
    """How many result, scores and winner lines the record states."""
    words = [line.split("#", 1)[0].split() for line in text.splitlines()]
    first = [w[0] for w in words if w]
    return first.count("result"), first.count("scores"), first.count("winner")


@pytest.mark.parametrize("path", GOOD, ids=[os.path.relpath(p, ROOT) for p in GOOD])
def test_record_replays(path):
    """The replay checks every stated line against the rules; and every
    record states them all: each finished deal's result and the match
    scores after it, and the winner when the match is over."""
    with open(path) as f:
        text = f.read()
    m = replay(text)
    why = MISSING.get(os.path.relpath(path, os.path.join(ROOT, "tests", "records")))
    if why:
        pytest.xfail(why)
    results, scores, winners = stated(text)
    assert m.deals >= 1
    assert results == m.deals, "%d deals, %d result lines" % (m.deals, results)
    assert scores == m.deals, "%d deals, %d scores lines" % (m.deals, scores)
    assert winners == (1 if m.over else 0), "over: %s, %d winner lines" % (m.over, winners)


@pytest.mark.parametrize("path", BAD, ids=[os.path.basename(p) for p in BAD])
def test_bad_record_is_rejected(path):
    with open(path) as f:
        text = f.read()
    first = text.splitlines()[0]
    assert first.startswith("# error: "), "a bad record names its expected error"
    want = first[len("# error: "):]
    with pytest.raises(RecordError) as e:
        replay(text)
    assert want in str(e.value)


def test_replay_cli_ok_and_error_exit_status(tmp_path):
    good = [p for p in GOOD if "sixtysix" in p][0]
    p = subprocess.run([sys.executable, "-m", "host_sim", "replay", good], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "deal 1:" in p.stdout
    bad = tmp_path / "bad.rec"
    bad.write_text(open(good).read().replace("P2 AH", "P2 AS", 1))
    p = subprocess.run([sys.executable, "-m", "host_sim", "replay", str(bad)], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert "line " in p.stderr and "may not play AS" in p.stderr


def test_replay_cli_unreadable_file(tmp_path):
    f = tmp_path / "bin.rec"
    f.write_bytes(b"\xff\xfe\x00garbage")
    p = subprocess.run([sys.executable, "-m", "host_sim", "replay", str(f), str(tmp_path / "missing.rec")],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert "cannot read" in p.stderr


def test_records_replay_the_same_under_micropython():
    """The record module is engine code: the device could replay a record."""
    from tests.mp import run_micropython, mpy_dir
    paths = [p for p in GOOD if os.sep + "sixtysix" + os.sep in p]
    code = ("from engine.records import replay\n"
            "import sys\n"
            "for p in sys.argv[1:]:\n"
            "    replay(open(p).read(), print)\n")
    script = os.path.join(mpy_dir(), "replay_check.py")  # beside the .mpy engine
    with open(script, "w") as f:
        f.write(code)
    mp = run_micropython([script] + paths, heap="96k")
    cp = subprocess.run([sys.executable, script] + paths, cwd=ROOT, capture_output=True,
                        text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    assert mp.returncode == 0 and cp.returncode == 0, mp.stdout + mp.stderr + cp.stderr
    assert mp.stdout == cp.stdout and "deal 1:" in mp.stdout
