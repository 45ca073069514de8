"""A stand-in human for tests and demos: looks at the current scene and says
which key a player would press next, choosing his moves with a computer
player (on the human seat's observation only)."""
from hal import keys
from engine.game import ACTION_BASE
from engine.players import make_player


class Autopilot:
    def __init__(self, kind="heuristic", seed=7):
        self.kind = kind
        self.seed = seed
        self.player = None
        self.target = None  # the action being steered to
        self.target_obs = None

    def next_key(self, app):
        sc = app.scene
        name = type(sc).__name__
        if name == "StartMenu":  # the game under the cursor (not About)
            return keys.OK if sc.sel < len(sc.items) - 1 else keys.UP
        if name == "GameMenu":
            return keys.OK if sc.sel == 0 else keys.UP
        if name == "Table":
            return self._table(sc)
        return keys.OK  # summaries, match end, about

    def _table(self, t):
        if t.paused:
            return keys.BACK
        if not t.human_turn():
            return None  # wait
        if self.player is None:
            self.player = make_player(self.kind, t.game, self.seed)
        if self.target_obs is not t.obs:
            self.target = self.player.choose(t.obs)
            self.target_obs = t.obs
        a = self.target
        if a >= ACTION_BASE:
            if t.row == 0:
                return keys.UP
            acts = t.actions()
            return keys.OK if acts[t.chip] == a else keys.RIGHT
        if t.row == 1:
            return keys.DOWN
        return keys.OK if t.obs.hand[t.cursor] == a else keys.RIGHT


def play_keys(app, board, until, limit=5000):
    """Press the autopilot's keys until until(app) is true; returns the keys
    pressed (replayable with firmware.app.press_all)."""
    from firmware.app import settle
    pilot = Autopilot()
    pressed = []
    settle(app, board)
    while not until(app):
        k = pilot.next_key(app)
        if k is None:
            raise RuntimeError("the autopilot has nothing to press in %s" % type(app.scene).__name__)
        board.push(k)
        app.step()
        pressed.append(k)
        settle(app, board)
        if len(pressed) > limit:
            raise RuntimeError("no end after %d keys" % limit)
    return pressed
