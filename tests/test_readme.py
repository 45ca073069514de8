"""The README is true: every figure it quotes is the one docs/benchmarks.md
measured (rounded as the README writes it), every `python -m host_sim`
command it shows is one the command line takes, and what it says of the
defaults, the simulator's sizes and the order of its sections holds."""
import os
import re

import pytest

from tests.mp import ROOT


def _read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


README = _read("README.md")
BENCH = _read(os.path.join("docs", "benchmarks.md"))


def _flat(text):
    return re.sub(r"\s+", " ", text)


def _rows(text, header):
    """The cells of the rows of the table whose header line starts with `header`."""
    lines = text.splitlines()
    start = [i for i, line in enumerate(lines) if line.startswith(header)]
    assert start, "no table %r in docs/benchmarks.md" % header
    out = []
    for line in lines[start[0] + 2:]:
        if not line.startswith("|"):
            break
        out.append([c.strip() for c in line.strip("|").split("|")])
    return out


def _s(ms, places):
    """ms as seconds the README way: rounded half up to `places` decimals."""
    unit = 10 ** (3 - places)
    return "%.*f" % (places, (int(ms) + unit // 2) // unit / 10.0 ** places)


def _pct(x):
    return "%d" % int(float(x) + 0.5)


def _span(values, fmt):
    """'0.5-0.9', or one figure where both ends read the same."""
    lo, hi = fmt(min(values)), fmt(max(values))
    return lo if lo == hi else "%s-%s" % (lo, hi)


def test_the_pico_figures_are_the_benchmarks():
    decisions = _rows(BENCH, "| game | board | normal | hard | easy |")
    normal = [[int(x) for x in re.findall(r"\d+", r[2])[:3]] for r in decisions]
    hard = [[int(x) for x in re.findall(r"\d+", r[3])[:3]] for r in decisions if r[3] != "-"]
    text = _flat(README)
    assert "normal level p95 %s s, longest %s s" % (
        _span([n[1] for n in normal], lambda v: _s(v, 1)),
        _s(max(n[2] for n in normal), 1)) in text
    assert "hard p95 %s s" % _span([h[1] for h in hard], lambda v: _s(v, 1)) in text
    profiles = _rows(BENCH, "| profile | boot to menu |")
    boot = [int(re.match(r"(\d+) ms", r[1]).group(1)) for r in profiles]
    keys = [[int(x) for x in re.findall(r"(\d+) ms", r[2])] for r in profiles]
    assert "boots to its menu in %s s" % _span(boot, lambda v: _s(v, 2)) in text
    assert "a key's answer in play (p95 %s s)" % _span([k[0] for k in keys],
                                                      lambda v: _s(v, 2)) in text
    assert "a new screen (%s s)" % _span([k[2] for k in keys], lambda v: _s(v, 2)) in text


def test_the_strength_figures_are_the_benchmarks():
    table = _rows(BENCH, "| game | baseline B | matches |")
    share = {}
    for r in table:
        share.setdefault(r[1], []).append(float(r[6].rstrip("%")))
    hard = [float(r[4].rstrip("%")) for r in _rows(BENCH, "| game | better | equal | worse |")]
    text = _flat(README)
    assert "better than the heuristic player in %s%% of them (the hard level: %s%%)" % (
        _span(share["heuristic"], _pct), _span(hard, _pct)) in text
    assert "better than random play in %s%%" % _span(share["random"], _pct) in text
    three = re.search(r"^sixtysix three against two random players .*?won, ([\d.]+)%", BENCH, re.M)
    assert "three-hand Sixty-six, where one deal can decide a match, it wins %s%% of its " \
        "matches against two random players" % _pct(three.group(1)) in text
    peer = _rows(BENCH, "| games | our game points |")[0]
    assert "it takes %s of the game points over %s games" % (peer[3].split()[0], peer[0]) in text


def test_the_heap_figure_is_the_benchmarks():
    rows = _rows(BENCH, "| game | Pico decision p95 / longest")
    heaps = [int(re.match(r"(\d+) KB", r[5]).group(1)) for r in rows]
    assert "full matches with the AI in every seat fit a 128 KB heap" in _flat(README)
    assert max(heaps) <= 128


def test_the_three_sided_paragraphs_say_what_each_measures():
    """Each "against two random players" paragraph names its own game, and
    is the one `make bench` would write for its figures."""
    from host_sim import bench
    from host_sim.tournament import wilson
    found = re.findall(r"^((sixtysix three|skat|skat isko) against two random players .*)$",
                       BENCH, re.M)
    assert [g for _, g in found] == ["sixtysix three", "skat", "skat isko"]
    for line, game in found:
        w, n = [int(x) for x in re.search(r"(\d+) of (\d+) matches won", line).groups()]
        lo, hi = wilson(w, n)
        r = {"game": game, "wins": w, "matches": n, "share": w / float(n), "lo": lo, "hi": hi}
        assert line == bench.wins_paragraph(r)
        assert ("Sixty-six" in line) == (game == "sixtysix three"), line


def _commands():
    """Every `python -m host_sim ...` command of the README (not its
    modules: `python -m host_sim.package`), with its placeholders filled."""
    found = re.findall(r"python -m host_sim ([^`#\n]*)", README)
    fill = {"ID": "sixtysix", "WHAT": "screen", "DIR": "build"}
    out = []
    for c in found:
        words = [fill.get(w, w) for w in c.split()]
        if words:
            out.append(words)
    return out


@pytest.mark.parametrize("argv", _commands(), ids=" ".join)
def test_the_readme_commands_parse(argv, tmp_path, monkeypatch):
    from host_sim.__main__ import parser
    monkeypatch.chdir(tmp_path)  # (`--out table.png` checks its folder)
    if "--help" in argv:
        with pytest.raises(SystemExit) as e:
            parser().parse_args(argv)
        assert e.value.code == 0
        return
    parser().parse_args(argv)


def test_the_readme_says_play_and_menu_play_the_ai():
    from host_sim.__main__ import parser
    assert parser().parse_args(["play", "--game", "sixtysix"]).opponent == "ai"
    for line in README.splitlines():
        if re.search(r"host_sim (play|menu)\b", line) and "--opponent" not in line:
            assert "heuristic" not in line, line


def test_the_readme_installs_with_mip_from_something_real():
    assert "OWNER/REPO" not in README
    assert "mpremote mip install --target / package.json" in README
    assert os.path.isfile(os.path.join(ROOT, "package.json"))


def test_what_the_readme_calls_above_or_below_is_there():
    text = _flat(README)
    bundle = text.index("make bundle BOARD=")
    for m in re.finditer(r"the bundle \((above|below)\)|the bundle (below|above)", text):
        where = m.group(1) or m.group(2)
        assert (bundle < m.start()) == (where == "above"), m.group(0)


def test_the_readme_has_the_simulators_sizes():
    from host_sim.simview import Layout
    text = _flat(README)
    for what, (w, h) in (("the OLED", (128, 64)), ("the LCD", (240, 135))):
        full = Layout(w, h, 0)
        assert "%dx%d" % (full.cols, full.lines + full.chrome) in text, what


def test_the_readme_names_a_serial_make_test():
    assert "make test-serial" in README
    assert re.search(r"^test-serial:", _read("Makefile"), re.M)
