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
