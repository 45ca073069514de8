"""Every game and variant played by keys only on the headless board under
the real micropython (modules from .mpy, a fixed heap), through every kind of
decision the game has: a player who tries each kind of choice once (then plays
as the heuristic would) presses the keys on CPython; the same keys replayed
under micropython give the same scenes and the same frames, key for key."""
import pytest

from tests.apphelp import new_app, scene
from tests.mp import run_micropython, run_cpython
from host_sim.autopilot import Autopilot
from host_sim.screens import game_start
from engine.game import ACTION_BASE

HEAP = "192k"  # the whole app's limit on the 64-bit port (DESIGN.md)

# game id, settings, the kinds of decision a player meets (the first word of
# the action's text; "card" for a card played), deals at most
CASES = (
    ("sixtysix", "", ("card", "close", "exchange", "marriage"), 4),
    ("sixtysix", "variant=three", ("card", "marriage"), 4),
    ("sixtysix", "variant=swabian", ("card", "close", "marriage"), 4),
    ("schnapsen", "", ("card", "close", "exchange", "marriage"), 8),
    ("klaberjass", "", ("card", "take", "pass", "schmeiss", "accept", "refuse", "name",
                        "exchange"), 10),
    ("belote", "", ("card", "take", "pass"), 4),
    ("deberts", "", ("card", "take", "pass", "name", "declare", "decline", "exchange",
                     "partiya"), 10),
    ("hasenpfeffer", "", ("card", "bid", "pass", "trump"), 4),
    ("skat", "", ("card", "bid", "hold", "pass", "tournee", "accept", "reject", "trump",
                  "guckser", "hand", "discard", "solo", "grand", "announce", "concede"), 14),
    ("skat", "laws=isko", ("card", "bid", "hold", "pass", "take", "hand", "discard", "solo",
                           "grand", "null", "announce"), 14),
)


def kind_of(text, a):
    return "card" if a < ACTION_BASE else text.split(" ")[0]


class Explorer(Autopilot):
    """Tries each kind of decision once (passing last), bids as high as it
    may while kinds it wants are still unmet (so that it declares), and
    otherwise plays as the heuristic."""

    def __init__(self, want):
        Autopilot.__init__(self, "heuristic", 7)
        self.want = want
        self.seen = set()

    def choose(self, t, o):
        texts = [t.state.action_text(a) for a in o.legal]
        kinds = [kind_of(texts[i], o.legal[i]) for i in range(len(texts))]
        best = None
        for i in range(len(kinds)):
            if kinds[i] not in self.seen and kinds[i] not in ("card", "pass"):
                best = i
                break
        if best is None and "pass" in kinds and "pass" not in self.seen:
            best = kinds.index("pass")
        if best is None or kinds[best] == "bid":
            unmet = [k for k in self.want if k not in self.seen and k != "pass"]
            bids = [i for i in range(len(kinds)) if kinds[i] == "bid"]
            if bids and (unmet or best is not None):
                best = bids[-1]  # the highest bid
        a = o.legal[best] if best is not None else self.player.choose(o)
        self.seen.add(kind_of(t.state.action_text(a), a))
        return a


PROGRAM = """
import sys, gc
try:
    import framebuf
except ImportError:
    sys.path.append("host_sim/shims")
from hal.headless import HeadlessBoard
from firmware.app import App, settle
KEYS = %r
board = HeadlessBoard("oled")
board.storage.write("opponents", b"v1 easy")
if %r:
    board.storage.write("opts_%s", b"v1 %s")
app = App(board, %d)
settle(app, board)
def crc(buf):
    h = 0
    for b in buf:
        h = (h * 31 + b) & 0xFFFFFF
    return h
low = 1 << 30
for i in range(len(KEYS)):
    board.push(int(KEYS[i]))
    app.step()
    settle(app, board)
    print(i, type(app.scene).__name__, crc(board.display.buffer))
    try:
        gc.collect()
        low = min(low, gc.mem_free())
    except AttributeError:
        pass
print("lowest_free", low)
"""

SEED = 3
# A match where the player meets every kind (Schnapsen's exchange needs the
# trump jack in hand at a lead while the stock is open).
SEEDS = {"schnapsen": 4}


def _keys(game, opts, want, deals):
    app, board = new_app("oled", SEEDS.get(game, SEED))
    board.storage.write("opponents", b"v1 easy")
    if opts:
        board.storage.write("opts_" + game, b"v1 " + opts.encode())
    from firmware.app import settle
    pilot = Explorer(want)
    pressed = []
    for k in game_start(game):
        board.push(k)
        app.step()
        settle(app, board)
        pressed.append(k)
    played = 0
    while len(pressed) < 6000:
        name = scene(app)
        if name == "DealSummary":
            played += 1
            if played >= deals or set(want) <= pilot.seen:
                break
        if name == "MatchEnd":
            break
        k = pilot.next_key(app)
        board.push(k)
        app.step()
        settle(app, board)
        pressed.append(k)
    return pressed, pilot.seen, played


@pytest.mark.parametrize("game,opts,want,deals", CASES,
                         ids=["%s-%s" % (c[0], c[1] or "default") for c in CASES])
def test_every_decision_by_keys_on_micropython(game, opts, want, deals):
    ks, seen, played = _keys(game, opts, want, deals)
    missing = [k for k in want if k not in seen]
    assert not missing, "never met: %s (met %s)" % (missing, sorted(seen))
    assert played >= 1
    code = PROGRAM % ("".join(str(k) for k in ks), bool(opts), game, opts,
                      SEEDS.get(game, SEED))
    mp = run_micropython(["-c", code], heap=HEAP)
    assert mp.returncode == 0, mp.stdout[-800:] + mp.stderr
    cp = run_cpython(["-c", code])
    assert cp.returncode == 0, cp.stderr
    m = [l for l in mp.stdout.splitlines() if not l.startswith("lowest")]
    c = [l for l in cp.stdout.splitlines() if not l.startswith("lowest")]
    assert m == c
    assert m[-1].split()[1] == "DealSummary"
    assert any(" Table " in l for l in m)
