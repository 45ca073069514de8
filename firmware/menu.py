# The start menu (the games, About) and each game's menu (new match, the
# rule settings, saved on the device).
from hal import keys
from engine import games
from firmware.scene import Scene
from firmware import ui


class StartMenu(Scene):
    """Continue (when a match is saved), the games, About."""

    def __init__(self, app, sel=0):
        Scene.__init__(self, app)
        from firmware import savegame
        self.saved = savegame.load(app.board.storage)
        self.entries = []  # (label, game id or None for About, continue?)
        if self.saved is not None:
            for g, t in games.GAMES:
                if g == self.saved[0]:
                    self.entries.append(("Continue " + t, g, True))
        for g, t in games.GAMES:
            self.entries.append((t, g, False))
        self.entries.append(("About", None, False))
        self.items = [e[0] for e in self.entries]
        self.sel = sel % len(self.items)
        self.top = 0

    def handle(self, key, event):
        n = len(self.items)
        if key == keys.UP:
            self.sel = (self.sel - 1) % n
        elif key == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif key == keys.OK or key == keys.RIGHT:
            label, name, cont = self.entries[self.sel]
            if cont:
                self._continue()
            elif name is not None:
                self.app.go(GameMenu(self.app, name, self.sel))
            else:
                self.app.go(About(self.app))
        else:
            return False
        return True

    def _continue(self):
        from engine.game import parse_options, IllegalAction
        from firmware import savegame
        from firmware.table import Table
        name, seed, words, actions = self.saved
        game = games.load(name)
        try:
            opts = parse_options(game.SETTINGS, words)
            table = Table(self.app, game, opts, seed, actions)
        except (ValueError, IllegalAction):
            # Not a match the rules can replay: drop it, never trust it.
            savegame.clear(self.app.board.storage)
            self.app.go(StartMenu(self.app))
            return
        self.app.go(table)

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, "POCKET CARD TABLE")
        self.top = ui.menu_list(fb, m, th, self.items, self.sel, m.line + 5, self.top)


def load_options(app, game):
    """The game's settings as last saved on the device (defaults if none or
    if the saved text no longer fits the rules)."""
    from engine.game import parse_options
    data = app.board.storage.read("opts_" + game.NAME)
    if data:
        try:
            return parse_options(game.SETTINGS, data.decode().split())
        except (ValueError, UnicodeError):
            pass
    return game.default_options()


class GameMenu(Scene):
    """New match, then one line per rule setting (LEFT/RIGHT/OK change it)."""

    def __init__(self, app, name, back_sel=0):
        Scene.__init__(self, app)
        self.name = name
        self.back_sel = back_sel
        self.game = games.load(name)
        self.opts = load_options(app, self.game)
        self.sel = 0
        self.top = 0

    def items(self):
        out = ["New match"]
        for n, v in self.opts.items():
            out.append("%s: %s" % (n.replace("_", " "), v))
        out.append("Back")
        return out

    def _cycle(self, step):
        name, values = self.game.SETTINGS[self.sel - 1]
        i = 0
        cur = self.opts.get(name)
        for j in range(len(values)):
            if values[j] == cur:
                i = j
        self.opts.set(name, values[(i + step) % len(values)])
        self.app.board.storage.write("opts_" + self.name, self.opts.text().encode())

    def handle(self, key, event):
        n = len(self.game.SETTINGS) + 2
        setting = 1 <= self.sel <= len(self.game.SETTINGS)
        if key == keys.UP:
            self.sel = (self.sel - 1) % n
        elif key == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif setting and (key == keys.LEFT or key == keys.RIGHT or key == keys.OK):
            self._cycle(-1 if key == keys.LEFT else 1)
        elif key == keys.OK and self.sel == 0:
            from firmware.table import Table
            self.app.go(Table(self.app, self.game, self.opts, self.app.new_seed()))
        elif key == keys.BACK or key == keys.MENU or key == keys.OK:
            self.app.go(StartMenu(self.app, self.back_sel))
        else:
            return False
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, self.game.TITLE.upper())
        self.top = ui.menu_list(fb, m, th, self.items(), self.sel, m.line + 5, self.top)


class About(Scene):
    LINES = ("Trick-taking card games", "against the computer.",
             "", "Arrows: move  OK: choose", "BACK: undo a choice",
             "MENU: pause / quit", "", "Engine: same rules on", "Pico and desktop.")

    def handle(self, key, event):
        self.app.go(StartMenu(self.app, -1))  # back on About
        return True

    def draw(self, fb):
        m, th = self.app.m, self.app.theme
        ui.title(fb, m, th, "ABOUT")
        y = m.line + 5
        for s in self.LINES:
            ui.text(fb, m, s, 2, y, th.text)
            y += m.line
