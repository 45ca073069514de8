"""The project's documentation stands alone: nothing in README.md or docs/
points outside the project (a clone has no ../shared), every game has its
players' rules page in English and Russian, and each page names every
setting the game's engine takes."""
import os
import re

import pytest

from engine import games
from tests.mp import ROOT

DOCS = os.path.join(ROOT, "docs")
RULES = os.path.join(DOCS, "rules")
OUTSIDE = ("../shared", "shared/rules")


def _text_files():
    yield os.path.join(ROOT, "README.md")
    for top, _dirs, files in os.walk(DOCS):
        for f in sorted(files):
            if f.endswith((".md", ".txt")):
                yield os.path.join(top, f)


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_the_docs_are_found():
    assert any(p.endswith(os.path.join("docs", "rules", "README.md")) for p in _text_files())


@pytest.mark.parametrize("path", list(_text_files()), ids=lambda p: os.path.relpath(p, ROOT))
def test_no_reference_outside_the_project(path):
    text = _read(path)
    for needle in OUTSIDE:
        for n, line in enumerate(text.splitlines(), 1):
            assert needle not in line, "%s:%d mentions %r: a clone of the project has no ../shared" % (
                os.path.relpath(path, ROOT), n, needle)


# "issue 18", "Issue 35's", "(#12)": the tracker's numbers mean nothing to a
# player reading the docs (a card's copy, `KH#1`, is no issue)
ISSUE = re.compile(r"\bissues? #?\d+|(?<![\w`])#\d+\b", re.I)


@pytest.mark.parametrize("path", list(_text_files()), ids=lambda p: os.path.relpath(p, ROOT))
def test_no_issue_numbers(path):
    for n, line in enumerate(_read(path).splitlines(), 1):
        found = ISSUE.search(line)
        assert not found, "%s:%d cites %r: say what it is instead" % (
            os.path.relpath(path, ROOT), n, found.group(0))


def test_the_benchmark_page_generator_cites_no_issue():
    from host_sim import bench
    page = "\n".join(bench.strength_section([{
        "game": "skat", "measure": "match wins", "a": "ai", "b": "random", "matches": 10,
        "wins": 9, "ties": 0, "losses": 1, "share": 0.9, "lo": 0.6, "hi": 0.98, "strict": 0.9}]))
    page += "\n".join(bench.peer_section({
        "games": 8, "samples": 32, "depth": 8, "wins": {"ours": 5, "rdeep": 3},
        "points": {"ours": 9, "rdeep": 6}, "share": 0.6, "mismatches": 0, "p50": 1, "p95": 2,
        "max": 3}))
    assert not ISSUE.search(page), ISSUE.search(page).group(0)


def _page(game, lang):
    return os.path.join(RULES, game + (".ru.md" if lang == "ru" else ".md"))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", games.names())
def test_every_game_has_its_rules_page(game, lang):
    assert os.path.isfile(_page(game, lang)), "no rules page %s" % os.path.relpath(_page(game, lang), ROOT)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", games.names())
def test_the_page_names_every_setting(game, lang):
    path = _page(game, lang)
    if not os.path.isfile(path):
        pytest.skip("no page (reported by test_every_game_has_its_rules_page)")
    text = _read(path)
    missing = [name for name, _values in games.load(game).SETTINGS
               if not re.search("`%s[`=]" % re.escape(name), text)]
    assert not missing, "%s does not name the settings %s" % (os.path.relpath(path, ROOT), missing)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", games.names())
def test_the_index_and_readme_lead_to_the_page(game, lang):
    name = os.path.basename(_page(game, lang))
    assert "(%s)" % name in _read(os.path.join(RULES, "README.md"))
    assert "docs/rules/" in _read(os.path.join(ROOT, "README.md"))


def test_rules_pages_link_only_to_files_that_exist():
    pages = [os.path.join(RULES, f) for f in sorted(os.listdir(RULES)) if f.endswith(".md")]
    for path in [os.path.join(ROOT, "README.md")] + pages:
        for target in re.findall(r"\]\(([^)#\s]+)", _read(path)):
            if "://" in target or target.startswith("mailto:"):
                continue
            full = os.path.normpath(os.path.join(os.path.dirname(path), target))
            assert os.path.exists(full), "%s links to %s, which does not exist" % (
                os.path.relpath(path, ROOT), target)
