"""Every text of the device in both languages (firmware/words.py): each
text the code translates has its Russian in the right section, with the same
%s/%d/# marks; every character has a glyph in both fonts; and random matches
of every game and variant, played through the table with the Russian table
strict, never meet a text without its translation."""
import ast
import glob
import os
import re

import pytest

from host_sim.shims import install

install()

from firmware import words  # noqa: E402
from tests.apphelp import glyphless  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..")
GAME_SECTIONS = ("sixtysix", "klaberjass", "belote", "deberts", "hasenpfeffer", "skat")
SECTIONS = ("menu", "notice", "titles", "table", "play", "review") + GAME_SECTIONS


def ru(section):
    """The section's table as a dict (its lines in order, no text twice)."""
    T = __import__("firmware.text.ru_" + section, None, None, ["T"]).T
    assert T.startswith("\n") and T.endswith("\n"), section
    out = {}
    for line in T[1:-1].split("\n"):
        en, sep, text = line.partition("\t")
        assert sep and "\t" not in text, (section, line)
        assert en not in out, "%s twice in %s" % (en, section)
        out[en] = text
    return out


def _section_of(tree):
    """The section a module's _ translates through: a name, "game" (the
    game at the table's), or None."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and getattr(node.targets[0], "id", None) == "_":
            v = node.value
            if isinstance(v, ast.Call) and getattr(v.func, "attr", "") == "section":
                return v.args[0].value
            if isinstance(v, ast.Attribute) and v.attr == "game":
                return "game"
        if isinstance(node, ast.ImportFrom) and node.module == "firmware.games.base":
            if any(a.name == "_" for a in node.names):
                return "game"
    return None


# modules whose functions take the caller's translator as `_`
CALLERS = {"firmware/stats.py": "table"}  # Record.text, from the match's end


def _translated():
    """(file, section, text) of every literal the firmware passes to _."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True)):
        tree = ast.parse(open(path, encoding="utf-8").read())
        sec = _section_of(tree) or CALLERS.get(os.path.relpath(path, ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                assert sec is not None, "%s calls _ without a section" % path
                out.append((os.path.relpath(path, ROOT), sec, node.args[0].value))
    return out


def _constants():
    """(section, text) of the texts kept in tables and translated where
    shown (a variable passed to _)."""
    from engine import games
    from firmware import menu, savedmatch, statscreen, table
    from firmware.games import klaberjass, deberts, skat, hasenpfeffer
    out = []
    for g, title, _ in games.GAMES:
        out.append(("titles", title))
    for w in menu.LEVEL_WORDS + menu.TAKEBACK_WORDS:
        out += [("menu", w[0]), ("menu", w[1])]
    out += [("menu", t) for t in (menu.NEW_MATCH, menu.RULES, menu.RULES_HINT, menu.BACK,
                                  menu.NEW_HINT)]
    out += [("menu", t) for t in savedmatch.CHOICES]
    out += [("menu", t) for t in statscreen.WORDS.values()]
    out += [("table", t) for t in table.VIEWS + table.PAUSE]
    from firmware import powermenu
    out += [("power", t) for t in powermenu.EXPLAIN + tuple(powermenu.CHEMISTRY_WORDS.values())]
    for n in (2, 3, 4):
        for partners in (False, True):
            out += [("table", t) for t in table.seat_names(n, partners)]
    out += [("klaberjass", w[1]) for w in klaberjass.WORDS]
    out += [("deberts", w[1]) for w in deberts.WORDS]
    out += [("skat", w[1]) for w in skat.WORDS]
    out += [("hasenpfeffer", hasenpfeffer.TOTALS), ("klaberjass", "turned"),
            ("deberts", "candle")]
    for g in GAME_SECTIONS:
        if g != "hasenpfeffer":
            out.append((g, "%s %d card [point|points]"))  # the summary's default line
    return out


def test_every_translated_text_is_in_its_section():
    found = _translated()
    assert len(found) > 150
    missing = []
    for path, sec, text in found:
        for s in (GAME_SECTIONS if sec == "game" else (sec,)):
            if text not in ru(s):
                missing.append("%s: %s: %r" % (path, s, text))
    for s, text in _constants():
        if text not in ru(s):
            missing.append("constant: %s: %r" % (s, text))
    assert not missing, "\n".join(missing)


MARKS = re.compile(r"%[sd]|#")


@pytest.mark.parametrize("section", SECTIONS)
def test_both_languages_carry_the_same_marks(section):
    T = ru(section)
    assert T
    for en, text in T.items():
        assert MARKS.findall(en) == MARKS.findall(text), (en, text)
        assert text.strip() and text == text.strip(" ") or en.startswith(" ") \
            or en.endswith(" "), (en, text)


def test_every_character_of_the_tables_has_a_glyph_in_both_fonts():
    chars = set()
    for s in SECTIONS:
        for text in ru(s).values():
            chars.update(text)
    assert "«" in chars and not glyphless(chars)


def test_a_missing_translation_fails_in_tests_and_shows_english_on_the_device():
    words.use("ru")
    try:
        t = words.section("table")
        assert t("Paused") == "Пауза"
        words.STRICT = True
        with pytest.raises(KeyError):
            t("A text nobody translated")
        words.STRICT = False
        assert t("A text nobody translated") == "A text nobody translated"
    finally:
        words.STRICT = False
        words.use("en")
    assert words.section("table")("Paused") == "Paused"


def test_engine_phrases_go_piece_by_piece():
    words.use("ru")
    try:
        assert words.phrase("maker P1 made: P1 +103, P2 +37", "klaberjass") == \
            "играющий: P1, сыграно: P1 +103, P2 +37"
        # a count's noun agrees with its number; matadors "без 2", not "против"
        assert words.phrase("grand hand, against 2, bid 48, value 72, 61 points, 6 tricks, won",
                            "skat") == \
            "гранд хэнд, без 2, заявка 48, стоимость 72, 61 очко, 6 взяток, выигрыш"
        assert words.phrase("92 points, 1 trick", "skat") == "92 очка, 1 взятка"
        assert words.phrase("NS 80 (2 tricks), EW 82 (6 tricks)", "belote") == \
            "NS 80 (2 взятки), EW 82 (6 взяток)"
        # a closing "(...)" apart; a seat before words is "Seat: words", true
        # of every seat ("Вы взял", "Вы беру" were not)
        assert words.phrase("P2 took hearts (retourne AH)", "belote") == \
            "P2: червы (открытая AH)"
        assert words.phrase("P1 scores 20 (terz from T)", "deberts") == "P1 +20 (терц от T)"
        assert words.phrase("P1 take, P2 pass", "klaberjass") == "P1: беру, P2: пас"
        assert words.phrase("P1 tierce quarte; P2 none", "belote") == "P1: терц кварта; P2: нет"
        assert words.phrase("P1 12", "skat") == "P1 12"
    finally:
        words.use("en")
    assert words.phrase("grand hand", "skat") == "grand hand"


def test_capitals_are_the_same_on_both_runtimes():
    # MicroPython's str.upper knows ASCII only: the device's own
    assert words.upper("деберц: ё") == "ДЕБЕРЦ: Ё"
    assert words.cap("пас") == "Пас" and words.cap("pass") == "Pass"


@pytest.mark.parametrize("game,opts", __import__("host_sim.wordcheck", None, None,
                                                  ["CASES"]).CASES)
def test_random_matches_meet_no_text_without_russian(game, opts):
    from host_sim import wordcheck
    words.STRICT = True
    try:
        # one match of up to three deals a case (the suit's time: fifteen
        # cases; python -m host_sim.wordcheck ru plays three seeds each)
        assert wordcheck.play(game, opts, 1, "ru", deals=3) >= 1
    finally:
        words.STRICT = False
        words.use("en")
