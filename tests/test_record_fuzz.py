"""Malformed records never crash the replay: random corruptions and
truncations of the spec records end either in a clean replay or in a
RecordError that names a line."""
import glob
import os
import random

from hypothesis import given, settings, strategies as st

from engine.records import replay, RecordError
from tests.mp import ROOT

SOURCES = sorted(p for p in glob.glob(os.path.join(ROOT, "tests", "records", "**", "*.rec"),
                                      recursive=True) if os.sep + "bad" + os.sep not in p)
TEXTS = [open(p).read() for p in SOURCES]
WORDS = ["deal", "dealer P9", "deck", "P1", "P2 close", "result", "scores 1", "winner P3",
         "option x=y", "seed -1", "start-scores 9", "game sixtysix", "P1 marriage", "#", "KH#9",
         "\x00", "ÿ", "P0 AS", "p2 xx", "deck AS AS AS"]


def corrupt(text, rnd):
    lines = text.split("\n")
    for _ in range(rnd.randint(1, 4)):
        k = rnd.randrange(6)
        i = rnd.randrange(len(lines)) if lines else 0
        if k == 0 and lines:
            del lines[i]
        elif k == 1:
            lines.insert(i, rnd.choice(WORDS))
        elif k == 2 and lines:
            j = rnd.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif k == 3 and lines and lines[i]:
            p = rnd.randrange(len(lines[i]))
            lines[i] = lines[i][:p] + chr(rnd.randrange(32, 127)) + lines[i][p + 1:]
        elif k == 4:
            lines = lines[:i]
        elif lines:
            lines[i] = lines[i] + " " + rnd.choice(WORDS)
    return "\n".join(lines)


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=len(TEXTS) - 1), st.integers(min_value=0, max_value=2 ** 32))
def test_corrupt_records_fail_cleanly(which, seed):
    text = corrupt(TEXTS[which], random.Random(seed))
    try:
        replay(text)
    except RecordError as e:
        assert str(e).startswith("line ")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_fails_cleanly(text):
    try:
        replay(text)
    except RecordError as e:
        assert str(e).startswith("line ")
