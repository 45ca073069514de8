import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


import pytest  # noqa: E402

import host_sim  # noqa: E402,F401  (MicroPython's built-in modules' stand-ins, for hal/)


@pytest.fixture(autouse=True)
def _english_again():
    """Each test starts in English: an app a test made may have switched
    the device's words to Russian (firmware/words.py keeps one language for
    the process), and a later test's texts must not depend on the order."""
    from firmware import words
    words.use("en")
    yield
