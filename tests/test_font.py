"""The OLED's small font at arm's length: no two glyphs that a reader could
take for each other, 5 rows high (the 7-pixel line pitch), and the joker's
glyph in both fonts."""
import pytest

from host_sim.shims import install

install()

from firmware import font  # noqa: E402
from hal.headless import HeadlessBoard  # noqa: E402

DIGITS = "0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# The pairs readers confused (issue 15), and their neighbours.
CONFUSED = ("80", "8B", "0B", "0O", "0D", "DO", "5S", "2Z", "1I", "6G", "8X", "0U",
            "56", "59", "49", "4H", "OQ", "NH", "MN", "MW")


def glyph(ch):
    """(columns, set of lit (x, y)) of ch in the small font."""
    i = font.glyph_index(ord(ch))
    o = font._OFFSETS[i]
    w = font.WIDTHS[i]
    return w, frozenset((x, y) for x in range(w) for y in range(8)
                        if font.SMALL[o + x] >> y & 1)


def differ(a, b):
    """Pixels two glyphs differ by, drawn from the same corner; a different
    width shows at once and counts as 3 more."""
    (wa, pa), (wb, pb) = glyph(a), glyph(b)
    return len(pa ^ pb) + (3 if wa != wb else 0)


@pytest.mark.parametrize("pair", CONFUSED)
def test_the_confused_pairs_are_told_apart(pair):
    a, b = pair
    assert differ(a, b) >= 3, pair


def test_no_digit_looks_like_another_glyph():
    """Every digit differs from every other digit and letter by 3 pixels at
    least (the old font had 8/0 and O/0 one pixel apart)."""
    close = []
    for a in DIGITS:
        for b in DIGITS[DIGITS.index(a) + 1:] + LETTERS:
            if differ(a, b) < 3:
                close.append((a, b, differ(a, b)))
    assert not close


def test_every_glyph_keeps_the_line_height():
    for i in range(len(font.WIDTHS)):
        o = font._OFFSETS[i]
        for x in range(font.WIDTHS[i]):
            assert font.SMALL[o + x] < 32, i  # rows 0-4 only: the 7-pixel pitch holds
    assert all(3 <= w <= 5 for w in font.WIDTHS[1:])


def test_digits_are_all_one_width():
    """Scores in columns line up."""
    assert len(set(font.width(d) for d in DIGITS)) == 1


def test_the_joker_has_a_glyph_in_both_fonts():
    j = font.JOKER
    assert j == "\x05"
    assert font.glyph_index(5) == font.glyph_index(0x2605) == font.glyph_index(0x1F0CF) \
        == font.JOKER_SLOT < font.CYR_SLOT
    assert font.glyph_index(ord("Я")) == font.CYR_SLOT + 31  # the Cyrillic block follows
    assert glyph(j)[0] == 5 and glyph(j) != glyph("?") and glyph(j) != glyph("\x01")
    for big in (False, True):
        b = HeadlessBoard("oled")
        font.text(b.display, j, 0, 0, 1, big)
        star = [[b.display.pixel(x, y) for x in range(8)] for y in range(8)]
        b.display.fill(0)
        font.text(b.display, "?", 0, 0, 1, big)
        unknown = [[b.display.pixel(x, y) for x in range(8)] for y in range(8)]
        assert any(any(r) for r in star) and star != unknown
        assert star[0][3 if big else 2] and not star[0][0]  # a point at the top middle



SUITS = "\x01\x02\x03\x04"  # clubs, spades, hearts, diamonds


def rows(ch):
    """The lit columns of each of the glyph's 5 rows."""
    w, lit = glyph(ch)
    return [[x for x in range(w) if (x, y) in lit] for y in range(5)]


def test_the_suits_are_told_apart_on_the_oled():
    """A Skat player led the wrong jack: the small spade was the club with
    a point (4 pixels apart) and the diamond with a fuller foot (2 apart).
    Now every two suits differ by 4 pixels at least, clubs and spades by 6,
    and by their outline: the spade comes to a one-pixel point and stands
    on a foot three pixels wide; the club has a flat top three wide and
    ends in a one-pixel stem; the diamond ends in a point."""
    for i in range(4):
        for j in range(i + 1, 4):
            assert differ(SUITS[i], SUITS[j]) >= 4, (i, j, differ(SUITS[i], SUITS[j]))
    assert differ("\x01", "\x02") >= 6
    club, spade, diamond = rows("\x01"), rows("\x02"), rows("\x04")
    assert len(spade[0]) == 1 and len(spade[4]) == 3
    assert len(club[0]) == 3 and len(club[4]) == 1
    assert len(diamond[4]) == 1
    assert font.glyph_index(0x2660) == font.glyph_index(2)  # ♠ is the same glyph


CYRILLIC = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЁ"
# The Cyrillic letters drawn as their Latin twin (one glyph, copied).
TWINS = dict(zip("АВЕКМНОРСТХ", "ABEKMHOPCTX"))


def test_cyrillic_has_its_own_slots_and_folds_lower_case():
    for i, ch in enumerate(CYRILLIC):
        assert font.glyph_index(ord(ch)) == font.CYR_SLOT + i < len(font.WIDTHS)
        assert font.glyph_index(ord(ch.lower())) == font.CYR_SLOT + i
    for cyr, lat in TWINS.items():
        assert glyph(cyr) == glyph(lat)
    assert glyph("Ж") != glyph("?")


def test_no_cyrillic_glyph_looks_like_another_glyph():
    """Each Cyrillic letter drawn on its own differs by 3 pixels at least
    from every other letter and digit, Latin or Cyrillic (З from 3, Ч from 9,
    Б from В and Ь, И from N, Ш from Щ); a twin is its Latin letter."""
    own = [c for c in CYRILLIC if c not in TWINS]
    others = CYRILLIC + LETTERS + DIGITS
    close = []
    for a in own:
        for b in others:
            if b != a and TWINS.get(b) != a and differ(a, b) < 3:
                close.append((a, b, differ(a, b)))
    assert not close


def test_cyrillic_in_the_big_font():
    """The 8x8 text draws every Cyrillic letter from its own glyph (the
    built-in font has none): not the '?', no two alike, twins as the
    built-in Latin letter."""
    def big(s):
        b = HeadlessBoard("lcd")
        font.text(b.display, s, 0, 0, 1, True)
        return tuple(tuple(b.display.pixel(x, y) for x in range(8)) for y in range(8))
    seen = {}
    for ch in CYRILLIC + CYRILLIC.lower():
        g = big(ch)
        assert g != big("?") and any(any(r) for r in g), ch
        assert g == big(ch.upper())
        seen.setdefault(g, ch.upper())
        assert seen[g] == ch.upper(), (ch, seen[g])
    for cyr, lat in TWINS.items():
        assert big(cyr) == big(lat)


def test_the_viper_line_setter_sets_what_the_bytecode_one_does():
    """firmware/font.py's _vset, and width() by it (compiled by viper where
    MicroPython has it: the Pico, the unix port) against _set and width's
    plain form (CPython, the browser): the same column bytes and widths for
    every code point the font maps, its neighbours and ones it does not
    (drawn as '?'), in mixed lines, and a line cut at the buffer's 256
    columns."""
    from tests.mp import run_micropython
    code = r'''
from firmware import font
assert font._vset is None  # (until the app's first frame is out)
cps = list(range(1, 130)) + list(range(0x3f0, 0x460)) + [0xab, 0xbb, 0xe9, 0x20ac, 0x2605, 0x1f0cf] \
    + list(range(0x265e, 0x2668))
lines = ["a" + chr(cp) + "Z" for cp in cps]
lines += ["Партия: 4 круга \u2663\u2660\u2665\u2666 «x» 10\x01-Д\x04 \u2605 " * 12, ""]
widths = [font.width(s) for s in lines]
font.fast()
assert font._vset is not None, "no viper on this micropython"
bad = [s for s, w in zip(lines, widths) if font.width(s) != w]
for s in lines:
    n = font._set(s)
    a = bytes(font._LINE[:n])
    m = font._vset(s, len(s))
    if m != n or bytes(font._LINE[:m]) != a:
        bad.append(s)
print("checked", len(lines), "differ", len(bad), repr(bad[:3]))
'''
    p = run_micropython(["-c", code], heap="256k")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "checked 259 differ 0 " in p.stdout, p.stdout
