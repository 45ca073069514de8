"""docs/benchmarks.md as `make bench` rewrites it: the hand-timed hard level
table is carried over from the page as it was, up to the next heading of
its level or above."""
from host_sim.bench import HARD_HEADING, kept_section


def test_the_hard_level_table_is_kept_from_the_old_page(tmp_path):
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\n## AI: latency\n\n| a |\n\n" + HARD_HEADING +
                    "\n\nby hand\n\n| game | p95 |\n|---|---|\n| skat | 32.0 |\n\n"
                    "#### a note under it\n\nkept too\n\n## AI: strength\n\n| b |\n")
    kept = kept_section(str(page), HARD_HEADING)
    assert kept[0] == HARD_HEADING and "| skat | 32.0 |" in kept
    assert "kept too" in kept and "## AI: strength" not in kept and "| b |" not in kept
    # A page without the table, or no page yet: nothing to keep.
    assert kept_section(str(tmp_path / "none.md"), HARD_HEADING) == []
    page.write_text("# Benchmarks\n")
    assert kept_section(str(page), HARD_HEADING) == []


def test_bench_pico_lays_out_its_json_and_marks_each_budget():
    from host_sim import bench_pico
    base = {"boot_ms": 380.0, "show_ms": 15.0, "longest_blank_ms": 1500.0,
            "key_to_pixels_p95_ms": 60.0, "us_per_unit": 3000.0, "seed": 5}
    runs = [
        dict(base, label="skat", level="normal", board="pico_oled", decisions=10, p50_ms=500.0,
             p95_ms=1100.0, max_ms=1900.0, min_free_heap=70000,
             key_to_pixels={"play": {"p50_ms": 30.0, "p95_ms": 45.0, "max_ms": 45.0, "keys": 9}},
             key_ms={"play": [20.0, 25.0, 30.0, 30.0, 30.0, 35.0, 40.0, 44.0, 45.0]}),
        dict(base, label="skat", level="normal", board="pico_display_pack", decisions=10,
             p50_ms=600.0, p95_ms=1300.0, max_ms=2100.0, min_free_heap=60000,
             key_to_pixels={"screen": {"p50_ms": 100.0, "p95_ms": 120.0, "max_ms": 120.0,
                                       "keys": 3}},
             key_ms={"screen": [90.0, 100.0, 120.0]}),
        # a second run on the OLED: its slowest key counts once among all 18
        dict(base, label="skat", level="hard", board="pico_oled", decisions=10, p50_ms=500.0,
             p95_ms=1100.0, max_ms=1900.0, min_free_heap=70000,
             key_to_pixels={"play": {"p50_ms": 30.0, "p95_ms": 40.0, "max_ms": 900.0, "keys": 9}},
             key_ms={"play": [20.0, 25.0, 30.0, 30.0, 30.0, 35.0, 40.0, 40.0, 900.0]}),
        {"label": "belote", "level": "hard", "board": "pico_oled", "error": "Mismatch: ..."},
    ]
    res = bench_pico.summarise(runs)
    # the layout: games -> label -> level -> figures (the worse screen's)
    normal = res["games"]["skat"]["normal"]
    assert (normal["p95_ms"], normal["max_ms"], normal["decisions"]) == (1300.0, 2100.0, 20)
    assert normal["by_profile"]["pico_oled"]["p95_ms"] == 1100.0
    assert res["boot_ms"] == 380.0 and res["min_free_heap"] == 60000
    assert res["errors"][0]["label"] == "belote"
    text = bench_pico.markdown(res)
    oled = [l for l in text.splitlines() if l.startswith("| skat | pico_oled")][0]
    lcd = [l for l in text.splitlines() if l.startswith("| skat | pico_display_pack")][0]
    assert "met" in oled and "missed" not in oled
    assert "**missed**" in lcd  # p95 1.3 s and max 2.1 s
    # in play over all 18 keys of the OLED (each run's p95 is its second
    # slowest key), a new screen over the LCD's 3
    kk = res["profiles"]["pico_oled"]["key_kinds"]["play"]
    assert (kk["p95_ms"], kk["worst_run_p95_ms"], kk["max_ms"], kk["keys"]) == (45.0, 45.0, 900.0, 18)
    assert "45 ms (18) met" in text and "120 ms (3) **missed**" in text
    assert "belote hard pico_oled: Mismatch" in text


def test_make_bench_keeps_the_pico_section(tmp_path):
    from host_sim import bench, bench_pico
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\nold desktop figures\n\n" + bench_pico.BEGIN
                    + "\n## On the Pico\n\nboot 380 ms\n" + bench_pico.END + "\n")
    bench.write_doc([], str(page))
    text = page.read_text()
    assert "old desktop figures" not in text  # the desktop part is new
    assert bench_pico.BEGIN + "\n## On the Pico\n\nboot 380 ms\n" + bench_pico.END in text
    bench_pico.write_docs("## On the Pico\n\nboot 350 ms\n", str(page))
    text = page.read_text()
    assert "boot 350 ms" in text and "boot 380 ms" not in text and text.count(bench_pico.BEGIN) == 1


def test_make_bench_keeps_the_learned_policy_table(tmp_path):
    """The learned policy's strength table (tournaments of 800 matches a
    row, measured by hand) stays under the bench's new strength table."""
    from host_sim import bench
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\n## AI: strength by duplicate play\n\n| old |\n\n"
                    + bench.LEARNED_HEADING + "\n\n| klaberjass | 75.0% |\n\n"
                    "## AI: against an outside peer (Schnapsen)\n\n| peer |\n")
    row = {"game": "klaberjass", "b": "heuristic", "matches": 400, "wins": 300, "ties": 0,
           "losses": 100, "share": 0.75, "lo": 0.7, "hi": 0.79, "strict": 0.75}
    bench.write_doc([], str(page), strength=[row])
    text = page.read_text()
    assert "| old |" not in text and "| klaberjass | heuristic | 400 | 300 |" in text
    i = text.index(bench.LEARNED_HEADING)
    assert text.index("| klaberjass | heuristic | 400 |") < i
    assert "| klaberjass | 75.0% |" in text[i:]
