"""A copy of the application with files missing (copied by hand, a copy
cut short): a language's text module missing shows its texts in English
with a notice, a game's module missing refuses that game with a notice
while the others play, and a module nothing can be shown without is named
on the serial port and the screen (firmware/partial.py,
firmware/incomplete.py).  On CPython a module is hidden by an import
finder that refuses it; under the real micropython by running from a copy
of the .mpy tree with its file removed."""
import os
import shutil
import subprocess
import sys

import pytest

from host_sim.shims import install

install()

from engine import games  # noqa: E402
from firmware import words  # noqa: E402
from firmware.app import App  # noqa: E402
from hal import keys  # noqa: E402
from hal.headless import HeadlessBoard, settle  # noqa: E402
from tests.apphelp import press, scene  # noqa: E402
from tests.mp import mpy_dir, tool  # noqa: E402


class Refuse:
    """An import finder that finds the hidden modules nowhere."""

    def __init__(self, names):
        self.names = names

    def find_spec(self, name, path=None, target=None):
        if name in self.names:
            raise ModuleNotFoundError("No module named %r" % name, name=name)
        return None


@pytest.fixture
def hide():
    """hide(*names): those modules cannot be imported until the test ends
    (CPython keeps imported modules: they are taken out of sys.modules and
    their packages while hidden, and put back after)."""
    saved = {}
    finder = Refuse(set())

    def hide(*names):
        finder.names.update(names)
        for n in names:
            saved[n] = sys.modules.pop(n, None)
            parent, _, leaf = n.rpartition(".")
            pkg = sys.modules.get(parent)
            if pkg is not None and hasattr(pkg, leaf):
                delattr(pkg, leaf)
        if finder not in sys.meta_path:
            sys.meta_path.insert(0, finder)
    yield hide
    sys.meta_path.remove(finder)
    for n, mod in saved.items():
        sys.modules.pop(n, None)  # (a stand-in: firmware/partial.py's Missing)
        if mod is not None:
            sys.modules[n] = mod
            parent, _, leaf = n.rpartition(".")
            if parent in sys.modules:
                setattr(sys.modules[parent], leaf, mod)
    words.use("en")


def boot(kind="oled", lang="en"):
    board = HeadlessBoard(kind)
    board.storage.write("opponents", b"v1 easy")
    if lang != "en":
        board.storage.write("lang", b"v1 " + lang.encode())
    app = App(board, 3)
    settle(app, board)
    return app, board


def notice(app):
    assert scene(app) == "Notice"
    return " ".join(app.scene.lines)


def to_line(app, board, label):
    """The start menu's cursor on the line label."""
    items = app.scene.items
    press(app, board, *[keys.DOWN] * ((items.index(label) - app.scene.sel) % len(items)))


def plays(app, board, line):
    """A new match of the start menu's line `line` (the game menu's first
    line) starts, and the table answers a key."""
    to_line(app, board, line)
    press(app, board, keys.OK)
    assert scene(app) == "GameMenu"
    press(app, board, keys.OK)
    assert scene(app) == "Table"
    press(app, board, keys.RIGHT, keys.OK)
    assert scene(app) in ("Table", "DealSummary")


# -- a language's text module ---------------------------------------------

@pytest.mark.parametrize("kind", ["oled", "lcd"])
def test_russian_without_its_menu_texts_shows_them_in_english_told_once(kind, hide):
    hide("firmware.text.ru_menu")
    app, board = boot(kind, "ru")
    text = notice(app)
    assert "В этой копии программы не хватает части текстов" in text
    assert "firmware/text/" in text and "ru_menu" in text and "по-английски" in text
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"
    items = app.scene.items
    assert "Statistics" in items and "Keys" in items  # the menu's own texts: English
    assert "Скат" in items  # the games' titles: their own section, there
    assert items[-1] == "Language: Русский"
    # told once: not again at the next screens; the games play in Russian
    press(app, board, keys.OK)
    assert scene(app) == "GameMenu" and app.scene.items()[0] == "New match"  # (the menu's section)
    press(app, board, keys.BACK)
    assert scene(app) == "StartMenu"
    plays(app, board, "Шестьдесят шесть")


def test_a_missing_notice_section_tells_in_english(hide):
    hide("firmware.text.ru_notice", "firmware.text.ru_titles")
    app, board = boot("oled", "ru")
    # both told, in English: the notice's own Russian words are missing
    assert notice(app) == " ".join(
        ["Some texts are missing from this copy of the program (firmware/text/%s): they are shown "
         "in English. Copy the program again." % m for m in ("ru_notice", "ru_titles")])
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"
    assert "Skat" in app.scene.items and "Статистика" in app.scene.items
    plays(app, board, "Skat")


# -- a game's module -------------------------------------------------------

def test_a_game_without_its_rules_is_refused_and_the_others_play(hide):
    hide("engine.skat.rules")
    app, board = boot()
    to_line(app, board, "Skat")
    press(app, board, keys.OK)
    assert notice(app) == ("Skat cannot be played: the file engine/skat/rules is missing from this "
                           "copy of the program. Copy the program again.")
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"
    assert app.scene.items[app.scene.sel] == "Skat"  # where the player was
    plays(app, board, "Belote")


def test_the_shared_rules_of_a_variant_refuse_both_games(hide):
    hide("engine.sixtysix.rules")
    app, board = boot("lcd", "ru")
    to_line(app, board, "Шестьдесят шесть")
    press(app, board, keys.OK)
    text = notice(app)
    assert text.startswith("Шестьдесят шесть, Шнапсен: играть нельзя, в этой копии программы нет файла")
    assert "engine/sixtysix" in text  # (CPython names the package that lacks it)
    press(app, board, keys.OK)
    plays(app, board, games_title("klaberjass"))


def games_title(g):
    return words.title([t for n, t, p in games.GAMES if n == g][0])


def test_the_ai_missing_in_play_ends_the_match_with_a_notice(hide):
    # The search's modules load at the computer's first decision, in play.
    hide("engine.klaberjass.worlds")
    app, board = boot()
    board.storage.write("opponents", b"v1 normal")
    from host_sim.autopilot import Autopilot
    pilot = Autopilot(seed=4)
    to_line(app, board, "Klaberjass")
    press(app, board, keys.OK, keys.OK)
    for _ in range(200):
        if scene(app) == "Notice":
            break
        press(app, board, pilot.next_key(app))
    text = notice(app)
    assert text.startswith("Klaberjass cannot be played: the file engine/klaberjass/") and " worlds is" in text
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"
    plays(app, board, "Sixty-six")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_without_its_presentation_is_refused_at_the_table(lang, hide):
    hide("firmware.games.deberts")
    app, board = boot("oled", lang)
    title = games_title("deberts")
    to_line(app, board, title)
    press(app, board, keys.OK)
    assert scene(app) == "GameMenu"  # its rules and settings are there
    press(app, board, keys.OK)
    text = notice(app)
    assert text.startswith(title + (" cannot be played" if lang == "en" else ": играть нельзя"))
    assert "firmware/games/deberts" in text
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"
    plays(app, board, games_title("belote"))


@pytest.mark.parametrize("missing", ["firmware.settings.hasenpfeffer", "firmware.rules.hasenpfeffer_ru"])
def test_a_game_without_its_settings_words_is_refused_at_its_menu(missing, hide):
    hide(missing)
    app, board = boot("oled", "ru")
    title = games_title("hasenpfeffer")
    to_line(app, board, title)
    press(app, board, keys.OK)
    text = notice(app)
    assert text.startswith(title + ": играть нельзя")
    assert missing.split(".")[-1] in text
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu" and app.scene.items[app.scene.sel] == title
    plays(app, board, games_title("skat"))


def test_a_screen_without_its_module_is_refused(hide):
    hide("firmware.statscreen")
    app, board = boot()
    to_line(app, board, "Statistics")
    press(app, board, keys.OK)
    assert notice(app).startswith("The file firmware/statscreen is missing from this copy")
    press(app, board, keys.OK)
    assert scene(app) == "StartMenu"
    plays(app, board, "Sixty-six")


# -- what nothing can be shown without --------------------------------------

def _says(board, lines):
    """The display as firmware/incomplete.py draws lines."""
    ref = HeadlessBoard(board.kind).display
    ref.fill(0)
    for i in range(len(lines)):
        ref.text(lines[i], 0, 10 * i, ref.colors - 1)
    return bytes(ref.buffer) == bytes(board.display.buffer)


def test_a_core_module_missing_is_named_on_the_serial_port_and_the_screen(hide, capsys):
    from firmware.main import main
    hide("firmware.menu")
    board = HeadlessBoard("oled")
    assert main(board) is None
    out = capsys.readouterr().out
    assert out.startswith("Copy incomplete: firmware/menu is missing on the flash")
    assert "Traceback" not in out
    assert _says(board, ["Copy incomplete:", "firmware.menu"])


def test_the_notice_itself_missing_stops_with_its_name(hide, capsys):
    from firmware.main import main
    hide("firmware.notice", "firmware.statscreen")
    board = HeadlessBoard("lcd")
    for _ in range(len(games.GAMES)):
        board.push(keys.DOWN)
    board.push(keys.OK)  # Statistics: missing, and the notice that would say so
    assert main(board) is None
    assert "Copy incomplete: firmware/notice is missing" in capsys.readouterr().out
    assert _says(board, ["Copy incomplete:", "firmware.notice"])


# -- under the real micropython --------------------------------------------

MP = """
import sys
from hal.headless import HeadlessBoard, settle
from hal import keys
from firmware.app import App
board = HeadlessBoard(%r)
board.storage.write("lang", b"v1 %s")
board.storage.write("opponents", b"v1 easy")
app = App(board, 3)
settle(app, board)
def press(*ks):
    for k in ks:
        board.push(k)
        app.step()
        settle(app, board)
def name():
    return type(app.scene).__name__
print(name(), "|", " ".join(app.scene.lines) if name() == "Notice" else "")
if name() == "Notice":
    press(keys.OK)
print(name(), "|", "/".join(app.scene.items))
for line in %r:
    while app.scene.items[app.scene.sel] != line:
        press(keys.DOWN)
    press(keys.OK)
    print(name(), "|", " ".join(app.scene.lines) if name() == "Notice" else "")
    press(keys.OK)
    print(name())
    if name() == "Table":
        press(keys.RIGHT, keys.OK)
        print(name())
"""


def _mp_copy(tmp_path, *gone):
    """The .mpy tree as deployed, without the files gone."""
    d = str(tmp_path / "flash")
    shutil.copytree(mpy_dir(), d)
    for g in gone:
        os.remove(os.path.join(d, g))
    return d


def _mp_run(d, code, heap="192k"):
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap, "-c", code], cwd=d,
                          capture_output=True, text=True, timeout=600)


def test_russian_without_its_menu_texts_on_micropython(tmp_path):
    d = _mp_copy(tmp_path, "firmware/text/ru_menu.mpy")
    r = _mp_run(d, MP % ("oled", "ru", ["Шестьдесят шесть"]))
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr
    out = r.stdout.splitlines()
    assert out[0].startswith("Notice | В этой копии программы не хватает части текстов (firmware/text/ru_menu)")
    assert out[1].startswith("StartMenu | Шестьдесят шесть/") and "/Statistics/" in out[1]
    assert out[2:] == ["GameMenu | ", "Table", "Table"]


def test_a_game_without_its_rules_on_micropython(tmp_path):
    d = _mp_copy(tmp_path, "engine/skat/rules.mpy")
    r = _mp_run(d, MP % ("lcd", "en", ["Skat", "Belote"]))
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr
    out = r.stdout.splitlines()
    assert out[:2] == ["StartMenu | ", "StartMenu | " + "/".join(
        [t for g, t, p in games.GAMES] + ["Statistics", "Power", "Keys", "About", "Language: English"])]
    assert out[2] == ("Notice | Skat cannot be played: the file engine/skat/rules is missing from "
                      "this copy of the program. Copy the program again.")
    assert out[3:] == ["StartMenu", "GameMenu | ", "Table", "Table"]


def test_a_core_module_missing_on_micropython(tmp_path):
    d = _mp_copy(tmp_path, "firmware/menu.mpy")
    r = _mp_run(d, "from hal.headless import HeadlessBoard\n"
                   "from firmware.main import main\n"
                   "b = HeadlessBoard('oled')\n"
                   "print(main(b))\n"
                   "print(sum(b.display.buffer) > 0)\n")
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr
    out = r.stdout.splitlines()
    assert out[0].startswith("Copy incomplete: firmware/menu is missing on the flash "
                             "(no module named 'firmware.menu').")
    assert out[1:] == ["None", "True"]
