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
        if name == "StartMenu":  # a game or a saved match under the cursor
            what = sc.entries[sc.sel][1]
            return keys.OK if what in ("game", "continue") else keys.UP
        if name == "GameMenu":
            return keys.OK if sc.sel == 0 else keys.UP
        if name == "Table":
            return self._table(sc)
        return keys.OK  # summaries, match end, about

    def _table(self, t):
        if t.paused:
            return keys.BACK
        if t.view >= 0:
            return keys.OK  # close the view
        if not t.human_turn():
            return None  # wait
        if self.player is None:
            self.player = make_player(self.kind, t.game, self.seed)
        if self.target_obs is not t.obs:
            self.target = self.choose(t, t.obs)
            self.target_obs = t.obs
        a = self.target
        d = t.dlg
        if d is not None:
            return self._dialog(t, d, a)
        if a >= ACTION_BASE:
            if t.row == 0:
                return keys.UP
            acts = t.actions()
            return keys.OK if acts[t.chip] == a else keys.RIGHT
        if t.row == 1:
            return keys.DOWN
        return keys.OK if t.obs.hand[t.cursor] == a else keys.RIGHT

    def choose(self, t, o):
        return self.player.choose(o)

    def _dialog(self, t, d, a):
        kind = type(d).__name__
        if kind == "Menu":
            return keys.OK if d.items[d.sel][1][0] == a else keys.RIGHT
        if kind == "Chooser":
            if d.current()[1] == a:
                return keys.OK
            i = d.actions.index(a) if a in d.actions else -1
            return keys.RIGHT if d.i < i else keys.LEFT
        # Mark: the player's discards, one after the other on a copy
        want = self._marks(t, d, a)
        for c in d.hand:
            if (c in want) != (c in d.marked):
                return keys.OK if d.hand[d.cursor % len(d.hand)] == c and \
                    d.cursor < len(d.hand) else keys.RIGHT
        return keys.OK if d.cursor == len(d.hand) else keys.RIGHT

    def _marks(self, t, d, a):
        if getattr(self, "_mark_for", None) is not d:
            st = t.state.clone()
            acts = []
            by_action = {}
            for c in d.action_of:
                by_action[d.action_of[c]] = c
            while len(acts) < d.need:
                acts.append(a)
                st.apply(a)
                if len(acts) < d.need:
                    a = self.choose(t, st.observation(0))
            self._mark_for = d
            self._want = [by_action[x] for x in acts]
        return self._want


def play_keys(app, board, until, limit=5000):
    """Press the autopilot's keys until until(app) is true; returns the keys
    pressed (replayable with hal.headless.press_all)."""
    from hal.headless import settle
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
