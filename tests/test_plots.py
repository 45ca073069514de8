"""The benchmark page's figures and summary (host_sim/plots.py), drawn from a
small fixed pair of results files shaped like make bench's and make
bench-pico's (tests/bench_fixture/); and the long runs' progress lines
(host_sim/progress.py) when the output is not a terminal."""
import io
import json
import os
import re

import pytest

from host_sim import plots
from host_sim.progress import Progress, duration

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_fixture")


def _load(name):
    with open(os.path.join(FIXTURE, name)) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """Every figure and the summary, from the fixture, into a temp folder."""
    out = tmp_path_factory.mktemp("docs")
    page = out / "benchmarks.md"
    page.write_text("# Benchmarks\n\nthe desktop's sections\n")
    bench, pico = _load("bench.json"), _load("bench-pico.json")
    made, rows = plots.redraw(bench, pico, str(out), str(page))
    return {"out": out, "page": page, "made": made, "rows": rows, "bench": bench, "pico": pico}


def _ink(path):
    """How many pixels are not the white background."""
    from matplotlib.image import imread
    px = imread(str(path))
    return int((px[:, :, :3] < 0.97).any(axis=2).sum()), px.shape[0] * px.shape[1]


def test_every_figure_is_drawn_and_is_not_an_empty_canvas(drawn):
    assert sorted(drawn["made"]) == sorted(plots.FILES)
    for name, f in plots.FILES.items():
        path = drawn["out"] / f
        assert path.exists(), name
        with open(path, "rb") as fh:
            assert fh.read(8) == b"\x89PNG\r\n\x1a\n"
        ink, total = _ink(path)
        # titles, axes, bars, the target lines and the legend: far more than
        # a blank figure's nothing, far less than a page painted over
        assert 0.03 * total < ink < 0.6 * total, (name, ink, total)


def _row(page_text, game):
    line = [l for l in page_text.splitlines() if l.startswith("| %s |" % game)][0]
    return [c.strip() for c in line.strip("|").split("|")]


def test_the_summary_shows_what_the_figures_drew(drawn):
    """Each number of the summary is the one the figures drew, and both
    are the results files' own."""
    text = drawn["page"].read_text()
    made, pico, bench = drawn["made"], drawn["pico"], drawn["bench"]
    for game in ("sixtysix", "sixtysix three", "schnapsen"):
        cells = _row(text, game)
        # Pico p95 / longest at the normal level: the worse display's
        plotted = [v for (level, lab, _b), v in made["latency"].items()
                   if level == "normal" and lab == game]
        p95, mx = max(v[1] for v in plotted), max(v[2] for v in plotted)
        g = pico["games"][game]["normal"]
        assert (p95, mx) == (g["p95_ms"], g["max_ms"])
        assert cells[1].startswith("%.0f / %.0f ms" % (p95, mx))
        # strength: the share the bars drew, the bench's share
        for col, kind in ((2, "heuristic"), (3, "random")):
            share, lo, hi = made["strength"][(kind, game)]
            r = [x for x in bench["strength"] if x["game"] == game and x["b"] == kind][0]
            assert (share, lo, hi) == (r["share"], r["lo"], r["hi"])
            assert cells[col].startswith("%.1f%% (%.1f-%.1f)" % (100 * share, 100 * lo, 100 * hi))
        # heap: the desktop's smallest, the Pico's lowest free over its displays
        kb = made["heap"][("desktop", game)]
        assert kb == [x["heap"] for x in bench["lats"] if x["game"] == game][0]
        assert cells[5].startswith("%d KB" % kb if kb else "over %d KB" % plots.targets()[
            "desktop_heap_kb"])
        low = min(v for k, v in made["heap"].items() if k[0] == "pico" and k[1] == game)
        assert low == min(r["min_free_heap"] for r in pico["runs"] if r["label"] == game)
        assert cells[6].startswith("%.1f KB" % (low / 1024.0))
    share, lo, hi = made["strength"][("peer", "schnapsen")]
    assert share == bench["peer"]["share"]
    assert _row(text, "schnapsen")[4].startswith("%.1f%% (%.1f-%.1f)" % (
        100 * share, 100 * lo, 100 * hi))
    assert _row(text, "sixtysix")[4] == "-"  # the peer plays Schnapsen alone
    # the display figure: the profiles' key times and show()
    prof = pico["profiles"]["pico_oled"]
    assert made["display"][("key", "play", "pico_oled")] == tuple(
        prof["key_kinds"]["play"][k] for k in ("p50_ms", "p95_ms", "max_ms"))
    assert made["display"][("show", "pico_lcd_114")] == pico["profiles"]["pico_lcd_114"]["show_ms"]


def test_each_cell_is_marked_against_the_codes_targets(drawn):
    text = drawn["page"].read_text()
    tg = plots.targets()
    from engine.ai import LATENCY_MS
    assert tg["latency"]["normal"] == tuple(LATENCY_MS[0][1:])
    six, three, schn = (_row(text, g) for g in ("sixtysix", "sixtysix three", "schnapsen"))
    assert six[1].endswith(" met") and six[2].endswith(" met")        # 810/1260, 79.0%
    assert three[1].endswith("**missed**")                           # p95 1250 ms > 1200
    assert schn[1].endswith("**missed**")                            # longest 2100 ms > 2000
    assert three[2].endswith("**missed**")                           # 68.9% < 75%
    assert "wins" in three[3] and three[3].endswith("**missed**")    # 70.8% of wins < 80%
    assert schn[4].endswith("**missed**")                            # 58.6% < 60%
    assert three[5] == "over %d KB **missed**" % tg["desktop_heap_kb"]
    assert three[6] == "59.1 KB **missed**"                          # 60500 bytes < 64 KB
    # the date and commit of each file
    assert "2026-12-04 at commit abc1234" in text and "2026-12-03 at commit def5678" in text


def test_the_summary_sits_under_the_title_and_is_replaced_in_place(drawn, tmp_path):
    text = drawn["page"].read_text()
    assert text.startswith("# Benchmarks\n\n" + plots.BEGIN + "\n## Summary")
    assert text.rstrip().endswith("the desktop's sections")
    for f in plots.FILES.values():
        assert "](%s)" % f in text
    page = tmp_path / "benchmarks.md"
    page.write_text(text)
    plots.write_summary("## Summary\n\nnew\n", str(page))
    again = page.read_text()
    assert again.count(plots.BEGIN) == 1 and "new" in again and "| sixtysix |" not in again
    assert again.rstrip().endswith("the desktop's sections")


def test_make_bench_keeps_the_summary_on_top(tmp_path):
    from host_sim import bench
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\n%s\n## Summary\n\nkept\n%s\n\nold desktop figures\n" % (
        plots.BEGIN, plots.END))
    bench.write_doc([], str(page), date="2026-12-03")
    text = page.read_text()
    assert text.startswith("# Benchmarks\n\n%s\n## Summary\n\nkept\n%s\n" % (plots.BEGIN, plots.END))
    assert "old desktop figures" not in text and "on 2026-12-03" in text


def test_a_missing_results_file_leaves_its_figures_out(tmp_path):
    made, rows = plots.redraw(None, _load("bench-pico.json"), str(tmp_path), None)
    assert sorted(made) == ["display", "heap", "latency"]
    assert not (tmp_path / plots.FILES["strength"]).exists()
    assert all("heuristic" not in r for r in rows)
    assert "not measured yet" in plots.summary_markdown(rows, None, {}, plots.targets())


def test_plain_progress_lines_give_the_rate_and_the_time_left():
    now = [0.0]
    out = io.StringIO()
    p = Progress(20, "skat: ai vs heuristic", unit="match", stream=out, mode="plain",
                 clock=lambda: now[0])
    for i in range(20):
        now[0] += 3.0
        p.update(1, "better %d" % (i + 1))
    p.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 10  # one at every tenth of the work
    assert lines[0] == ("skat: ai vs heuristic: 2/20 (10%), 3 s per match, 54 s left, better 2")
    assert re.match(r"skat: ai vs heuristic: 20/20 \(100%\), .* 1 min 00 s spent, better 20$",
                    lines[-1])
    # a slow step still shows within PLAIN_EVERY_S
    out = io.StringIO()
    p = Progress(1000, "peer", unit="game", stream=out, mode="plain", clock=lambda: now[0])
    now[0] += 61
    p.update(1)
    assert "1/1000 (0%)" in out.getvalue() and "left" in out.getvalue()
    assert duration(3725) == "1 h 02 min"


def test_progress_on_a_log_is_plain_and_off_when_asked(monkeypatch):
    from host_sim import progress
    monkeypatch.delenv("PROGRESS", raising=False)
    assert progress.choose_mode(io.StringIO()) == "plain"  # not a terminal
    monkeypatch.setenv("PROGRESS", "off")
    out = io.StringIO()
    p = Progress(2, "x", stream=out)
    p.update(2)
    assert out.getvalue() == ""
