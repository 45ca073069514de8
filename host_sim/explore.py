"""The walkthrough player: every game and variant played by keys only from
the start menu by a player who tries each kind of decision once (then plays
as the heuristic would), on a headless board with easy opponents.  The keys it
presses are replayed under the real micropython by tests/test_walkthrough.py
(the same scenes and frames as CPython) and by host_sim/bench_screens.py (each
scene's redraw time, the app's lowest free heap)."""
from host_sim.shims import install

install()  # the framebuf shim, before the headless board needs it

from hal.headless import HeadlessBoard  # noqa: E402
from engine.game import ACTION_BASE  # noqa: E402
from host_sim.autopilot import Autopilot  # noqa: E402
from host_sim.screens import game_start  # noqa: E402

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


SEED = 3
# A match where the player meets every kind (Schnapsen's exchange needs the
# trump jack in hand at a lead while the stock is open).
SEEDS = {"schnapsen": 4}


def keys_for(game, opts, want, deals, lang="en", kind="oled"):
    """(the keys pressed, the kinds met, the deals played) of the walk through
    game `game` with settings `opts` until every kind in `want` is met or
    `deals` deals are played, with the device speaking `lang`, on a board
    of `kind` (oled, lcd)."""
    from firmware.app import App
    from hal.headless import settle
    board = HeadlessBoard(kind)
    setup(board, game, opts, lang)
    app = App(board, seed_of(game))
    pilot = Explorer(want)
    pressed = []
    for k in game_start(game):
        board.push(k)
        app.step()
        settle(app, board)
        pressed.append(k)
    played = 0
    while len(pressed) < 6000:
        name = type(app.scene).__name__
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


def seed_of(game):
    return SEEDS.get(game, SEED)


def setup(board, game, opts, lang="en"):
    """The files the walk starts with: easy opponents, the case's settings,
    the language.  SETUP is the same for a program run under micropython."""
    board.storage.write("opponents", b"v1 easy")
    board.storage.write("lang", b"v1 " + lang.encode())
    if opts:
        board.storage.write("opts_" + game, b"v1 " + opts.encode())


SETUP = """
board.storage.write("opponents", b"v1 easy")
board.storage.write("lang", b"v1 %s")
if %r:
    board.storage.write("opts_%s", b"v1 %s")
"""


def setup_code(game, opts, lang="en"):
    return SETUP % (lang, bool(opts), game, opts)
