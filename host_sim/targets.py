"""The benchmarks' targets and what they run over, read by `make bench`
(host_sim/bench.py), `make bench-pico` (host_sim/bench_pico.py) and the
figures drawn from both (host_sim/plots.py)."""
from engine.ai import LATENCY_MS

# DESIGN.md: the engine with the AI, a full match of every game, within
# 128 KB on this 64-bit port (the Pico's live heap is about 80% of its
# figure, of 228 KB; issue 18).
AI_HEAP_LIMIT = 128
# Issue 18's strength targets: the share of duplicate matches in which the
# AI does better than the baseline, in every two-sided game; with three
# sides against random play, the share of the AI's match wins against two
# random players (the line for three-hand Sixty-six); and the share
# of the game points against the outside peer, RdeepBot(32, 8).
STRENGTH_TARGET = {"heuristic": 0.75, "random": 0.90}
MATCH_WINS_TARGET = 0.80
PEER_TARGET = 0.60

# (label, game id, settings) of every game and variant
LABELS = (
    ("sixtysix", "sixtysix", ""),
    ("sixtysix three", "sixtysix", "variant=three"),
    ("sixtysix swabian", "sixtysix", "variant=swabian"),
    ("schnapsen", "schnapsen", ""),
    ("klaberjass", "klaberjass", ""),
    ("belote", "belote", ""),
    ("deberts", "deberts", ""),
    ("hasenpfeffer", "hasenpfeffer", ""),
    ("skat", "skat", ""),
    ("skat isko", "skat", "laws=isko"),
)
LEVELS = ("normal", "hard", "easy")
# The OLED, the LCD with a button for every key (Waveshare Pico-LCD-1.14), and
# the same LCD on Pimoroni's four-button pack, whose every button is half of
# a chord: a key alone is known only when its chord window closes (60 ms,
# hal/buttons.py) or at its release, and its key times include that wait.
BOARDS = ("pico_oled", "pico_lcd_114", "pico_display_pack")
# The budgets (issue "The Pico in the loop"), in ms of device time: the
# engine's own (engine/ai.py LATENCY_MS), level -> (p95, max)
BUDGET = dict((level, (p95, mx)) for level, p95, mx in LATENCY_MS)
KEY_P95_MS = 50  # key to last byte, in play
SCREEN_MS = 100  # key to last byte of a whole new screen
BLANK_MS = 2000
MIN_FREE = 64 * 1024
BOOT_MS = 400


def mark(ok):
    return "met" if ok else "**missed**"
