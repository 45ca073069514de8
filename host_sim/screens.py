"""Write the pictures of docs/screens/: the main screens of both screen
classes, and each game's decision dialog, trick and summary
(<screen>_<game>_<auction|trick|summary>.png), Deberts' rules in Russian
(<screen>_rules_ru.png) and Russian screens (<screen>_ru_<name>.png), each made by
`python -m host_sim screenshot` with a key sequence that the autopilot finds
(printed, so any picture can be made again).

    python -m host_sim.screens [OUTDIR]
"""
import os
import sys

from host_sim.device import screenshot, headless
from host_sim.autopilot import Autopilot
from hal import keys

SEED = 11
NAMES = {v: k for k, v in (("LEFT", keys.LEFT), ("RIGHT", keys.RIGHT), ("UP", keys.UP),
                           ("DOWN", keys.DOWN), ("OK", keys.OK), ("BACK", keys.BACK),
                           ("MENU", keys.MENU))}


def _find(kind, pred, then=(), start=()):
    """Keys from the start (the keys `start` first) until pred(app) holds,
    then the extra keys."""
    from hal.headless import settle
    app, board = headless(kind, list(start), SEED)
    pilot = Autopilot(seed=SEED)
    pressed = list(start)
    while not pred(app):
        k = pilot.next_key(app)
        board.push(k)
        app.step()
        settle(app, board)
        pressed.append(k)
        if len(pressed) > 3000:
            raise RuntimeError("screen not reached")
    return pressed + list(then)


def _table(app):
    return type(app.scene).__name__ == "Table" and app.scene.human_turn()


SHOTS = (
    ("menu", lambda app: True, ()),
    ("settings", lambda app: type(app.scene).__name__ == "GameMenu", (keys.DOWN,)),
    ("lead", lambda app: _table(app) and len(app.scene.obs.played) >= 2
     and not app.scene.obs.trick, ()),
    ("actions", lambda app: _table(app) and len(app.scene.actions()) >= 2, (keys.UP,)),
    ("follow", lambda app: _table(app) and app.scene.obs.trick
     and any(c not in app.scene.obs.legal for c in app.scene.obs.hand), ()),
    ("pause", lambda app: _table(app) and len(app.scene.obs.played) >= 6, (keys.MENU,)),
    ("summary", lambda app: type(app.scene).__name__ == "DealSummary", ()),
    ("match_end", lambda app: type(app.scene).__name__ == "MatchEnd", ()),
    # the first deal's review at its seventh trick: a play judged best
    ("review", lambda app: type(app.scene).__name__ == "DealSummary", (keys.RIGHT,) * 7),
)


def _full_trick(app):
    t = app.scene
    return _table(app) and t.n > 2 and len(t.obs.trick) == t.n - 1 or \
        _table(app) and t.n == 2 and len(t.obs.trick) == 1


# Each game's own screens: its first decision with a dialog, a trick on the
# table at the player's turn, the end of the first deal.
def _dialog(kind):
    return lambda app: _table(app) and type(app.scene.dlg).__name__ == kind


GAME_SHOTS = (
    ("auction", lambda app: _table(app) and app.scene.dlg is not None, ()),
    ("bid", _dialog("Chooser"), ()),
    ("discard", _dialog("Mark"), (keys.OK,)),
    ("events", lambda app: _table(app) and len(app.scene.history) >= 6, (keys.DOWN, keys.DOWN)),
    ("trick", _full_trick, ()),
    ("summary", lambda app: type(app.scene).__name__ == "DealSummary", ()),
)


BIDS = ("skat", "hasenpfeffer")  # the games whose bids are a value chooser


def game_start(name):
    """The keys from the start menu to a new match of game `name`."""
    from engine import games
    return [keys.DOWN] * games.names().index(name) + [keys.OK, keys.OK]


def rules_ru_keys(name="deberts"):
    """The keys from the start menu to game `name`'s Rules in Russian: the
    language line (last) to Russian, down to the game, its Rules line (above
    Back)."""
    from engine import games
    return [keys.UP, keys.RIGHT] + [keys.DOWN] * (1 + games.names().index(name)) \
        + [keys.OK, keys.UP, keys.UP, keys.OK]


RUSSIAN = [keys.UP, keys.RIGHT]  # the start menu's Language line to Russian
# The Russian screens (<screen>_ru_<name>.png): the start menu, the pause box,
# and a few games' dialogs, tricks and summaries.
RU_SHOTS = (
    ("menu", None, "menu"), ("pause", "sixtysix", "pause"),
    ("deberts_auction", "deberts", "auction"), ("deberts_trick", "deberts", "trick"),
    ("deberts_summary", "deberts", "summary"), ("klaberjass_auction", "klaberjass", "auction"),
    ("belote_trick", "belote", "trick"), ("skat_auction", "skat", "auction"),
    ("skat_bid", "skat", "bid"), ("skat_summary", "skat", "summary"),
    ("hasenpfeffer_bid", "hasenpfeffer", "bid"), ("sixtysix_summary", "sixtysix", "summary"),
)


def russian_start(name):
    """The keys from the start menu to Russian, then (name) a new match of
    game `name`: the cursor is left on the Language line, DOWN wraps to the
    first game."""
    if name is None:
        return list(RUSSIAN)
    return RUSSIAN + [keys.DOWN] + game_start(name)


def _russian(kind, name, what):
    for n, pred, then in SHOTS + GAME_SHOTS:
        if n == what:
            return _find(kind, pred, then, russian_start(name))
    raise KeyError(what)


def _shot(out, kind, name, ks):
    path = os.path.join(out, "%s_%s.png" % (kind, name))
    screenshot(kind, ks, path, SEED)
    text = ",".join(NAMES[k] for k in ks)
    if len(text) > 60:
        text = text[:57] + "..."
    print("%s  (%d keys: %s)" % (path, len(ks), text or "none"))


def main(argv):
    from engine import games
    out = argv[0] if argv else os.path.join("docs", "screens")
    os.makedirs(out, exist_ok=True)
    for kind in ("oled", "lcd"):
        for name, pred, then in SHOTS:
            _shot(out, kind, name, _find(kind, pred, then))
        _shot(out, kind, "rules_ru", rules_ru_keys())
        for name, game, what in RU_SHOTS:
            _shot(out, kind, "ru_" + name, _russian(kind, game, what))
        for g in games.names():
            for name, pred, then in GAME_SHOTS:
                if name == "discard" and g != "skat" or name == "bid" and g not in BIDS:
                    continue
                try:
                    ks = _find(kind, pred, then, game_start(g))
                except RuntimeError:
                    print("%s_%s_%s: not reached" % (kind, g, name))
                    continue

                _shot(out, kind, "%s_%s" % (g, name), ks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
