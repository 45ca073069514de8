"""The help screens: every game's rules in English and Russian (each variant
its own rows, the settings in force in words), the Keys screen of each
board, About; all scroll to their end and fit the screen, every character
has a glyph in both fonts, and the Rules screen runs in Russian under the
real micropython within the app's heap."""
import os

import pytest

from host_sim.shims import install

install()

from engine import games  # noqa: E402
from hal import keys  # noqa: E402
from hal.headless import HeadlessBoard  # noqa: E402
from firmware import help, lang, settings, ui  # noqa: E402
from firmware.app import App  # noqa: E402
from hal.headless import settle, press_all  # noqa: E402
from tests.mp import run_micropython, run_cpython  # noqa: E402
from tests.apphelp import glyphless  # noqa: E402

GAMES = games.names()
LANGS = lang.LANGS
VARIANTS = ("variant", "laws")  # the settings that make another game of it


def _app(kind="oled", language=None):
    board = HeadlessBoard(kind)
    if language:
        board.storage.write(lang.FILE, ("v1 " + language).encode())
    app = App(board, 1)
    settle(app, board)
    return app, board


def _opts_variants(game):
    """Options for every value of the game's variant settings (the default
    options when it has none)."""
    out = []
    for name, values in game.SETTINGS:
        if name in VARIANTS:
            for v in values:
                o = game.default_options()
                o.set(name, v)
                out.append(o)
    return out or [game.default_options()]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_every_game_and_variant_has_its_rules(name, lang):
    """A text per game and language; a variant setting's rows cover every
    value (a missing text is a failure, never an English fallback)."""
    mod = help.text_module("%s_%s" % (name, lang))
    assert mod is not None, "no %s rules for %s" % (lang, name)
    assert mod.TITLE and mod.IN_FORCE.startswith("#")
    game = games.load(name)
    for o in _opts_variants(game):
        _, paras = help.rules_paras(game, lang, o, settings.load(name))
        heads = [p for p in paras if p.startswith("#")]
        assert len(heads) >= 5, heads  # aim, cards, deal/bidding, play, scoring; in force
    for p in mod.PARAS:
        if not isinstance(p, str):
            setting, value, text = p
            # a setting to come: the values its words name (firmware/settings)
            known = dict(game.SETTINGS).get(setting) or [
                w[0] for r in settings.load(name).TEXTS if r[0] == setting for w in r[2]]
            assert setting in VARIANTS and value in [str(v) for v in known], p
    for name_, values in game.SETTINGS:
        if name_ in VARIANTS and len(values) > 1:
            for v in values:
                assert any(not isinstance(p, str) and p[:2] == (name_, v) for p in mod.PARAS), v
    if lang == "ru":
        # The settings in words, in Russian: every setting and value.
        for s, values in game.SETTINGS:  # (and the words of settings to come)
            row = [r for r in mod.TEXTS if r[0] == s]
            assert row, s
            known = [w[0] for w in row[0][2]]
            for v in values:
                assert str(v) in known or None in known, (s, v)


def test_the_rules_follow_the_settings_in_force():
    game = games.load("sixtysix")
    texts = settings.load("sixtysix")
    for lang, three, two in (("en", "Three players", "24 cards, 6 each"),
                             ("ru", "Втроём", "24 карты, по 6")):
        o = game.default_options()
        _, paras = help.rules_paras(game, lang, o, texts)
        assert any(two in p for p in paras) and not any(p == "#" + three for p in paras)
        o.set("variant", "three")
        o.set("match_target", 7)
        _, paras = help.rules_paras(game, lang, o, texts)
        assert "#" + three in paras and not any(two in p for p in paras)
        forced = paras[paras.index(help.text_module("sixtysix_" + lang).IN_FORCE) + 1:]
        # the settings that apply to three players, with today's values
        assert len(forced) == len([s for s, _ in game.SETTINGS
                                   if settings.applies(texts, s, o)])
        assert any("7" in p for p in forced)
    assert "Партия: до 7." in paras[-len(forced):][1]


def _russian_strings():
    out = list(lang.WORDS)
    for name in GAMES + ["keys"]:
        mod = help.text_module("%s_ru" % name)
        for attr in ("TITLE", "IN_FORCE", "PARAS", "PARAS_TITLE", "HOLD"):
            v = getattr(mod, attr, "")
            out += [v] if isinstance(v, str) else [p if isinstance(p, str) else p[2] for p in v]
        for row in getattr(mod, "TEXTS", ()):
            out.append(row[1])
            for w in row[2]:
                out += [w[1], w[2]]
        for _, b in getattr(mod, "LABELS", ()):
            out.append(b)
    return out


def test_every_character_of_the_russian_texts_has_a_glyph_in_both_fonts():
    chars = set("".join(_russian_strings()))
    assert len(chars) > 60
    assert not glyphless(chars)


def _scroll_to_end(app, board, sc):
    m = app.m
    for s, _ in sc.lines:
        assert ui.text_w(m, s) <= m.w - 5, s  # x 2, the scroll bar's 3 columns
    press_all(app, board, [keys.RIGHT] * (len(sc.lines) // 2 + 2))
    assert sc.top == len(sc.lines) - sc.rows  # the last line is on the screen
    press_all(app, board, [keys.UP])
    assert sc.top == len(sc.lines) - sc.rows - 1
    press_all(app, board, [keys.LEFT] * (len(sc.lines) // 2 + 2))
    assert sc.top == 0


@pytest.mark.parametrize("kind", ["oled", "lcd"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_screens_scroll_to_the_end_and_fit(kind, lang):
    for name in GAMES:
        game = games.load(name)
        for o in _opts_variants(game):
            app, board = _app(kind, lang)
            back = app.scene
            sc = help.rules(app, game, o, settings.load(name), back)
            app.go(sc)
            settle(app, board)
            assert type(app.scene).__name__ == "Rules"
            assert sc.rows == (7 if kind == "oled" else 12)
            _scroll_to_end(app, board, sc)
            press_all(app, board, [keys.BACK])
            assert app.scene is back


def test_rules_from_the_game_menu_and_back():
    app, board = _app("oled", "ru")
    press_all(app, board, [keys.DOWN] * 4 + [keys.OK])  # Deberts
    gm = app.scene
    assert gm.items()[-2] == "Правила" and gm.items()[-1] == "Назад"
    assert gm.items()[0] == "Новая партия"
    press_all(app, board, [keys.UP, keys.UP])
    assert gm.explanation() == "Как играть, с настройками выше."
    press_all(app, board, [keys.OK])
    sc = app.scene
    assert type(sc).__name__ == "Rules" and sc.title == "ДЕБЕРЦ: ПРАВИЛА"
    text = " ".join(s for s, _ in sc.lines)
    for term in ("Играю", "Пас", "Рост?", "терц", "берц", "белла", "висяк", "байд",
                 "козырь", "Партия", "Партия: до 501."):
        assert term.lower() in text.lower(), term
    press_all(app, board, [keys.OK])
    assert app.scene is gm and gm.sel == len(gm.items()) - 2


@pytest.mark.parametrize("kind,chord", [("oled", False), ("lcd", True)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_screen_names_this_boards_buttons(kind, chord, lang):
    app, board = _app(kind, lang)
    press_all(app, board, [keys.UP, keys.UP, keys.UP, keys.OK])
    sc = app.scene
    assert type(sc).__name__ == "Keys" and sc.title == ("KEYS", "КНОПКИ")[LANGS.index(lang)]
    text = " ".join(s for s, _ in sc.lines)
    assert ("A+X" in text) == chord and (("UP/DOWN", "ВВЕРХ/ВНИЗ")[LANGS.index(lang)] in text) != chord
    if lang == "ru":  # the OLED board's buttons in Russian, as the table's hints say them
        assert not any(w in text for w in ("UP", "DOWN", "LEFT", "RIGHT", "BACK", "OK"))
    assert "{" not in text
    _scroll_to_end(app, board, sc)
    press_all(app, board, [keys.OK])
    assert type(app.scene).__name__ == "StartMenu"
    assert app.scene.items[app.scene.sel] == ("Keys", "Кнопки")[LANGS.index(lang)]


def test_key_names_of_the_joystick_board():
    class B:
        name, kind = "pico_lcd_114", "lcd"
    n = help.key_names(B(), help.text_module("keys_ru"))
    assert n["UP"] == "джойстик вверх" and n["OK"] == "A" and n["MENU"] == "нажать джойстик"
    n = help.key_names(B(), help.text_module("keys_en"))
    assert n["BACK"] == "B" and n["DOWN"] == "joystick down"
    n = help.key_names(type("P", (), {"name": "pico_display_pack", "kind": "lcd"})(),
                       help.text_module("keys_en"))
    assert n["UP"] == "A+X" and n["MENU"] == "hold A" and n["LEFT"] == "B"


@pytest.mark.parametrize("kind", ["oled", "lcd"])
def test_about_scrolls_and_promises_only_what_the_device_does(kind):
    app, board = _app(kind)
    press_all(app, board, [keys.UP, keys.UP, keys.OK])
    sc = app.scene
    assert type(sc).__name__ == "About"
    text = " ".join(s for s, _ in sc.lines).lower()
    assert "undo" not in text and "take back" not in text
    _scroll_to_end(app, board, sc)
    press_all(app, board, [keys.BACK])
    assert app.scene.items[app.scene.sel] == "About"


def test_the_language_line_changes_and_is_remembered():
    app, board = _app()
    assert app.scene.items[-1] == "Language: English"
    press_all(app, board, [keys.UP, keys.RIGHT])
    # the whole menu speaks the new language at once, the cursor kept
    assert app.scene.items[-1] == "Язык: Русский"
    assert "Статистика" in app.scene.items and "Шестьдесят шесть" in app.scene.items
    assert app.scene.sel == len(app.scene.items) - 1
    assert board.storage.read(lang.FILE) == b"v1 ru"
    app2 = App(board, 1)
    settle(app2, board)
    assert app2.scene.items[-1] == "Язык: Русский"
    press_all(app2, board, [keys.UP, keys.LEFT])
    assert board.storage.read(lang.FILE) == b"v1 en"
    assert app2.scene.items[-1] == "Language: English" and "Statistics" in app2.scene.items


def test_a_language_file_from_elsewhere_is_set_aside():
    board = HeadlessBoard("oled")
    board.storage.write(lang.FILE, b"v1 klingon")
    app = App(board, 1)
    settle(app, board)
    assert type(app.scene).__name__ == "Notice"
    assert "language" in " ".join(app.scene.lines) and "English is used" in " ".join(app.scene.lines)
    press_all(app, board, [keys.OK])
    assert app.scene.items[-1] == "Language: English"


MP_RULES = """
import gc, sys
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
from hal.headless import HeadlessBoard
from firmware.app import App
from hal.headless import settle
from hal import keys
board = HeadlessBoard(%r)
board.storage.write("lang", b"v1 ru")
app = App(board, 3)
settle(app, board)
ks = [keys.DOWN] * %d + [keys.OK, keys.UP, keys.UP, keys.OK]
for k in ks:
    board.push(k); app.step(); settle(app, board)
sc = app.scene
print(type(sc).__name__, len(sc.lines), [m for m in sys.modules if m.startswith("firmware.rules")])
print(sc.lines[0][0])
while True:
    top = sc.top
    board.push(keys.RIGHT); app.step(); settle(app, board)
    if sc.top == top:
        break
print("end", sc.top + sc.rows == len(sc.lines), sc.lines[-1][0])
h = 0
for b in board.display.buffer:
    h = (h * 31 + b) & 0xFFFFFF
print("frame", h)
gc.collect()
try:
    print("mem_free", gc.mem_free())
except AttributeError:
    pass
board.push(keys.BACK); app.step(); settle(app, board)
print(type(app.scene).__name__)
"""


@pytest.mark.parametrize("kind,game", [("oled", "deberts"), ("lcd", "klaberjass")])
def test_the_russian_rules_on_micropython(kind, game):
    """The Rules screen in Russian, from the start menu, under the real
    micropython (.mpy modules) within the app's limit of 192 KB: the same
    lines and frames as CPython, the text module gone from the heap."""
    code = MP_RULES % (kind, GAMES.index(game))
    mp = run_micropython(["-c", code], heap="192k")
    assert mp.returncode == 0, mp.stdout[-1500:] + mp.stderr
    cp = run_cpython(["-c", code])
    assert cp.returncode == 0, cp.stderr
    out = [l for l in mp.stdout.splitlines() if not l.startswith("mem_free")]
    c = cp.stdout.splitlines()
    assert out[1:] == c[1:] and out[0].split()[:2] == c[0].split()[:2]
    print(mp.stdout)
    # loaded, wrapped, dropped (the desktop keeps its modules)
    assert out[0].startswith("Rules ") and out[0].endswith("[]")
    assert out[1] == "Цель" and out[2].startswith("end True")
    assert out[-1] == "GameMenu"


@pytest.mark.parametrize("name,terms", [
    ("klaberjass", ("Беру", "Пас", "Шмайсс", "диз", "менель", "ясс", "белла", "штих", "козырь",
                    "играющий", "секвенции")),
    ("sixtysix", ("марьяж", "козырь", "больших пунктов")),
    ("skat", ("играющий", "первая рука", "средняя", "задняя", "рамш", "турне", "гуксер",
              "шнайдер", "матадоры")),
    ("deberts", ("вскрышка", "играющий", "фреза")),
    ("hasenpfeffer", ("прикуп", "играющий"))])
def test_the_russian_rules_say_the_games_terms(name, terms):
    # Players' words: one name for the declarer in every game (играющий,
    # never игрок or заявитель), Skat's seats as the hands (первая,
    # средняя, задняя рука), Гуксер and Шнайдер, штих, секвенции,
    # Deberts' вскрышка; «» as the quotes, as everywhere on the screen.
    game = games.load(name)
    title, paras = help.rules_paras(game, "ru", game.default_options(), settings.load(name))
    text = " ".join(paras).lower()
    assert [t for t in terms if t.lower() not in text] == []
    old = ("игрок ", "заявител", "лидер", "гаксер", "шнейдер", "стишь", "секанс", "свечк", '"')
    assert [t for t in old if t in text] == []


@pytest.mark.parametrize("language", LANGS)
def test_about_names_the_version_and_the_licence(language):
    from firmware.help import about
    from firmware.version import VERSION
    app, board = _app("oled", language)
    text = " ".join(line for line, _ in about(app).lines)
    assert VERSION in text and "MIT" in text
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    assert open(os.path.join(root, "LICENSE")).read().startswith("MIT License")
