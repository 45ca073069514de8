"""What a player reads, in both languages and on both screens: every text
the device draws (the menus with every setting's every value, the rules, the
keys, About, the statistics, and random matches of every game played through
the table) measured as drawn, so that nothing runs off the screen, a text cut
short keeps its key word, and a Russian screen shows no Latin letters; count
phrases ("4 круга", "1 trick") in the form their number wants."""
import re

import pytest

from host_sim.shims import install

install()

from engine import games  # noqa: E402
from firmware import font, words, settings  # noqa: E402
from firmware.plural import plural  # noqa: E402
from hal.headless import settle  # noqa: E402
from hal import keys  # noqa: E402
from tests.apphelp import new_app, press  # noqa: E402

KINDS = ("oled", "lcd")
LANGS = ("en", "ru")
COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 101, 501)

# Latin letters a Russian screen may show: the letters printed on the boards'
# buttons (the Display Pack's A B X Y, the joystick board's A B), the joker's
# card face (its corner letters, as on a printed joker), the Pico's name, the
# licence's and the version (About); and the views' scroll mark "v", drawn
# alone as an arrow (the font has none).
LATIN_OK = re.compile(r"\b([ABXY](\+[ABXY])?|JK|Pico|MIT|v\d[\w.]*)\b")
LATIN = re.compile(r"[A-Za-z]")


class Drawn:
    """Every text drawn (text, x, big) and every text cut by fit()."""

    def __init__(self, monkeypatch):
        self.texts = []
        self.cuts = []
        text, fit = font.text, font.fit

        def drawn(fb, s, x, y, c, big=False):
            self.texts.append((s, x, big))
            return text(fb, s, x, y, c, big)

        def cut(s, w, big=False):
            r = fit(s, w, big)
            if r != s:
                self.cuts.append((s, r))
            return r
        monkeypatch.setattr(font, "text", drawn)
        monkeypatch.setattr(font, "fit", cut)

    def overflow(self, width):
        """The texts that run past the screen's right edge (the last
        glyph's spacing column may fall off) or start left of it."""
        out = set()
        for s, x, big in self.texts:
            if x < 0 or x + font.width(s, big) > width + 1:
                out.add((x + font.width(s, big) - 1 - width, s))
        return sorted(out)

    def lost_key_words(self):
        """Texts cut inside their key word: the first word of the value
        after "label: ", or else the first word."""
        out = []
        for s, r in self.cuts:
            head = s.split(": ", 1)
            key = len(head[0]) + 2 if len(head) == 2 else 0
            end = s.find(" ", key + 1)
            end = len(s) if end < 0 else end
            if len(r) - 1 < end:
                out.append((s, r))
        return out

    def latin(self):
        return sorted(set(s for s, x, big in self.texts
                          if s.strip() != "v" and LATIN.search(LATIN_OK.sub("", s))))


@pytest.fixture
def speak():
    yield words.use
    words.use("en")


def _menus(app, board):
    """The start menu, every game's menu with every value of every
    setting (each line selected, so each explanation is drawn), its rules
    for every variant, the keys, About and the statistics."""
    from firmware.menu import GameMenu
    from firmware import help
    from firmware.statscreen import StatsScreen
    fb = board.display
    app.scene.draw(fb)
    for g in games.names():
        gm = GameMenu(app, g)
        for name, values in gm.game.SETTINGS:
            for v in values:
                gm.opts.set(name, v)
                gm._rows()
                for sel in range(len(gm.items())):
                    gm.sel = sel
                    gm.draw(fb)
                if name == "variant":
                    _pages(help.rules(app, gm.game, gm.opts, gm.texts, gm), fb)
            gm.opts.set(name, values[0])
        for level in ("normal", "easy", "hard"):
            gm.level = level
            gm.takebacks = 1 - gm.takebacks
            gm.draw(fb)
        _pages(help.rules(app, gm.game, gm.opts, gm.texts, gm), fb)
        gm._drop_texts()
    _pages(help.keys_screen(app), fb)
    _pages(help.about(app), fb)
    st = StatsScreen(app, 0)
    for _ in range(len(games.GAMES)):
        st.draw(fb)
        st.handle(keys.RIGHT, None)


def _pages(sc, fb):
    while True:
        sc.draw(fb)
        if not sc.handle(keys.RIGHT, None):
            return


def _table(kind, lang):
    """Random matches of every game and variant through the table (its
    status line, labels, dialogs, views, pause box and summaries)."""
    from host_sim import wordcheck
    for game, opts in wordcheck.CASES:
        wordcheck.play(game, opts, 1, lang, deals=2, board_kind=kind)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_menu_text_fits_and_speaks_the_language(kind, lang, speak, monkeypatch):
    # Russian on the OLED clipped 16 settings lines ("Диз сдатчика: До конца
    # 1-й взятки", "Следующий сдающий: Победитель") and the Keys screen
    # named the buttons UP/DOWN/BACK.
    board_lang = lang
    app, board = new_app(kind)
    board.storage.write("lang", b"v1 " + board_lang.encode())
    speak(lang)
    from firmware.menu import StartMenu
    app.go(StartMenu(app))
    settle(app, board)
    d = Drawn(monkeypatch)
    _menus(app, board)
    assert len(d.texts) > 500
    assert d.overflow(board.display.width) == []
    assert d.lost_key_words() == []
    if lang == "ru":
        assert d.latin() == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_table_text_fits_and_speaks_the_language(kind, lang, speak, monkeypatch):
    # "Последняя взятка  (ВНИЗ: дальше)" ran 23 px off the OLED; Belote's
    # declarations showed the engine's "TD-QD" and its seats "(E)".
    speak(lang)
    d = Drawn(monkeypatch)
    _table(kind, lang)
    assert len(d.texts) > 1000
    w = 128 if kind == "oled" else 240
    assert d.overflow(w) == []
    assert d.lost_key_words() == []
    if lang == "ru":
        assert d.latin() == []


# -- count phrases ---------------------------------------------------------

def test_the_plural_forms_of_both_languages():
    ru = "%d [круг|круга|кругов]"
    assert [plural(ru, n) % n for n in COUNTS] == [
        "0 кругов", "1 круг", "2 круга", "5 кругов", "11 кругов", "21 круг", "22 круга",
        "25 кругов", "101 круг", "501 круг"]
    assert [plural("%d [trick|tricks]", n) % n for n in (0, 1, 2, 21)] == [
        "0 tricks", "1 trick", "2 tricks", "21 tricks"]
    assert plural("[a|b], [c|d|e]", 1, 12) == "a, e" and plural("[a|b|c]", -3) == "b"


def _ru_tables():
    import glob
    import os
    root = os.path.join(os.path.dirname(__file__), "..", "firmware", "text")
    out = []
    for p in sorted(glob.glob(os.path.join(root, "ru_*.py"))):
        T = __import__("firmware.text." + os.path.basename(p)[:-3], None, None, ["T"]).T
        for line in T[1:-1].split("\n"):
            en, _, ru = line.partition("\t")
            out.append((os.path.basename(p), en, ru))
    return out


def _setting_templates(lang):
    out = []
    words.use(lang)
    try:
        for g in games.names():
            for row in settings.load(g).TEXTS:
                for w in row[2]:
                    if w[0] is None:
                        out.append((g, row[0], w[1], w[2]))
    finally:
        words.use("en")
    return out


# Nouns whose form follows the number before them: a count mark (%d, a
# settings template's %s, a phrase's #) right before one of them must give
# the noun's forms, "[очко|очка|очков]".
COUNT_NOUNS = re.compile(r"(%d|%s|#) (очк|пункт|взят|сдач|круг|карт|раз\b|байт|партий)")
# (English: a number's own noun; "%s deals" is a seat dealing, and a
# phrase's # comes from the engine, which says its own forms)
COUNT_NOUNS_EN = re.compile(r"(%d|%s) (points?|tricks?|deals?|rounds?|times|cards?(?! \[)|bytes)\b")


def test_every_count_phrase_gives_its_forms():
    # "Партия: 4 кругов", "Каждый сдаёт 4 раз", "до 501 очков", "за 3 сдач",
    # "после 1 кругов"; in English "1 tricks".
    bad = []
    for f, en, ru in _ru_tables():
        bad += [(f, ru) for m in COUNT_NOUNS.finditer(ru)]
        bad += [(f, en) for m in COUNT_NOUNS_EN.finditer(en.replace("%s deals", ""))]
        # the same choices in both: English [one|many], Russian [one|few|many]
        # (an engine phrase's shape, with #, comes in English as the engine
        # says it: its forms are the Russian's only)
        groups_en = re.findall(r"\[([^]]*)\]", en)
        groups_ru = re.findall(r"\[([^]]*)\]", ru)
        assert len(groups_en) == len(groups_ru) or "#" in en, (f, en, ru)
        assert all(g.count("|") == 1 for g in groups_en), (f, en)
        assert all(g.count("|") == 2 for g in groups_ru), (f, ru)
    for lang in LANGS:
        for g, name, word, why in _setting_templates(lang):
            for t in (word, why):
                bad += [(g, t) for m in (COUNT_NOUNS if lang == "ru" else COUNT_NOUNS_EN).finditer(t)]
                assert all(x.count("|") == (2 if lang == "ru" else 1)
                           for x in re.findall(r"\[([^]]*)\]", t)), (g, t)
    assert bad == []


@pytest.mark.parametrize("n,line,why", [
    (1, "Партия: 1 круг", "Каждый сдаёт 1 раз; круг - три сдачи."),
    (4, "Партия: 4 круга", "Каждый сдаёт 4 раза; круг - три сдачи."),
    (12, "Партия: 12 кругов", "Каждый сдаёт 12 раз; круг - три сдачи.")])
def test_skats_rounds_agree_with_their_number(n, line, why, speak):
    speak("ru")
    texts = settings.load("skat")
    word, w = settings.words(texts, "rounds", n)
    assert "%s: %s" % (settings.label(texts, "rounds"), word) == line and w == why


def test_the_counts_of_every_screen_agree_with_their_numbers(speak):
    from firmware.stats import Record
    for n in COUNTS:
        for lang in LANGS:
            speak(lang)
            _ = words.section("table")
            t = plural(_("after %d [deal|deals]"), n) % n
            deals = ("deal" if n == 1 else "deals") if lang == "en" else \
                ("сдачи" if n % 10 == 1 and n % 100 != 11 else "сдач")
            assert t.endswith("%d %s" % (n, deals)), t
    speak("ru")
    for g, forms in (("deberts", "до %d очка|до %d очков|до %d очков"),
                     ("schnapsen", "наберёт %d пункт|наберёт %d пункта|наберёт %d пунктов"),
                     ("sixtysix", "до %d большого пункта|до %d больших пунктов|до %d больших пунктов")):
        texts = settings.load(g)
        for n, form in ((1, 0), (2, 1), (5, 2), (11, 2), (21, 0), (22, 1), (25, 2), (101, 0), (501, 0)):
            why = settings.words(texts, "match_target", n)[1]
            assert forms.split("|")[form] % n in why, why
    r = Record()
    r.played, r.won, r.best, r.quickest = 3, 1, 40, 21
    assert r.text(words.section("table")).endswith("за 21 сдачу")
    words.use("en")
    assert r.text(str).endswith("quickest 21 deals")
    r.quickest = 1
    assert r.text(str).endswith("quickest 1 deal")


def test_seats_and_verbs_agree_for_every_seat(speak):
    # "Вы пишет 40", "Вы беру", "Вы играю", "Вы взял бубны", "Правый 5 за
    # Они": the Russian says "Seat: words", true of the player too.
    speak("ru")
    for game, text, want in (
            ("klaberjass", "P1 take, P2 pass", "P1: беру, P2: пас"),
            ("deberts", "P1 take", "P1: играю"),
            ("deberts", "P1 none; P2 scores 20 (terz from T)", "P1: без слов; P2 +20 (терц от T)"),
            ("belote", "P1 took diamonds (retourne 9H)", "P1: бубны (открытая 9H)"),
            ("hasenpfeffer", "P2 5 for P1+P3", "P2: 5, пара: P1+P3"),
            ("belote", "P1 tierce QC-AC", "P1: терц QC-AC")):
        assert words.phrase(text, game) == want


def test_engine_cards_show_as_the_table_shows_them(speak):
    # "Левый терц TD-QD": a Russian reads Т as туз; a run shows as the cards
    # of the table do, in either language.
    from firmware.games.base import cards_text
    speak("ru")
    assert cards_text("терц TD-QD, каре K, от T") == "терц 10\x04-Д\x04, каре К, от 10"
    speak("en")
    assert cards_text("tierce TD-QD") == "tierce 10\x04-Q\x04"


# -- a partial copy's notices (firmware/partial.py) -------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_a_partial_copys_notices_fit(kind, lang, speak, monkeypatch):
    # The missing file is named as it is on the flash, each notice with the
    # longest name it may carry: a name a line cannot hold is broken after
    # its folder (ui.wrap breaks no word).
    from firmware import partial
    from firmware.notice import Notice
    app, board = new_app(kind)
    speak(lang)
    d = Drawn(monkeypatch)

    class E(ImportError):
        pass
    longest = ("firmware.settings.hasenpfeffer", "firmware.rules.hasenpfeffer_ru",
               "engine.hasenpfeffer.heuristic", "firmware.text.ru_hasenpfeffer", "firmware.statscreen")
    for mod in longest:
        app.notice = None
        partial.missing(app, E("no module named '%s'" % mod))
        app.texts_missing = []
        partial.text(mod)
        __import__("sys").modules.pop(mod, None)  # (the stand-in it left)
        sc = Notice(app, app.notice, None)  # both notices, one after the other
        for top in range(sc.last_top() + 1):  # every line, scrolled
            sc.top = top
            sc.draw(board.display)
    assert len(d.texts) > 20
    assert d.overflow(board.display.width) == []
    if lang == "ru":
        # the file names are Latin (broken over lines): nothing else is
        parts = re.compile("|".join(sorted(set("/".join(longest).replace(".", "/").split("/")),
                                           key=len, reverse=True)))
        assert [s for s in d.latin() if LATIN.search(parts.sub("", s))] == []
