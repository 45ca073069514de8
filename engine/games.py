# The games the engine knows: one record per game, read by every registry
# (the engine's players, the device's menus, the simulator's commands).
# A record names the game's package; what a package holds is fixed by name,
# so a record is all that ties a new game in (docs/engine.md, "Adding a game"):
#   engine/<package>/rules.py       the rules (or the module the record names)
#   engine/<package>/heuristic.py   the rule-based player: easy level, rollouts
#   engine/<package>/worlds.py      determinize(): the unseen cards dealt anew
#   firmware/games/<package>.py     the device's presentation
#   firmware/settings/<id>.py       the settings in words (English)
#   firmware/rules/<id>_<lang>.py   the help screen, and the settings' words
#   docs/rules/<id>.md, <id>.ru.md  the rules pages
# and its rows in engine/ai.py's BUDGETS, its title in firmware/text/ru_titles.
# A game's modules are imported only when it is asked for, so the device
# loads one rule set at a time.
ID = 0
TITLE = 1
PACKAGE = 2
RULES = 3

GAMES = (
    # id             title           package         rules module
    ("sixtysix",     "Sixty-six",    "sixtysix",     "sixtysix.rules"),
    ("schnapsen",    "Schnapsen",    "sixtysix",     "sixtysix.schnapsen"),
    ("klaberjass",   "Klaberjass",   "klaberjass",   "klaberjass.rules"),
    ("belote",       "Belote",       "belote",       "belote.rules"),
    ("deberts",      "Deberts",      "deberts",      "deberts.rules"),
    ("hasenpfeffer", "Hasenpfeffer", "hasenpfeffer", "hasenpfeffer.rules"),
    ("skat",         "Skat",         "skat",         "skat.rules"),
)


def names():
    return [r[ID] for r in GAMES]


def titles():
    """(id, English title) of every game, in the menu's order."""
    return [(r[ID], r[TITLE]) for r in GAMES]


def record(name):
    for r in GAMES:
        if r[ID] == name:
            return r
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(names())))


def load(name):
    """The rules module of game `name`."""
    return __import__("engine." + record(name)[RULES], None, None, ["NAME"])


def part(name, which):
    """The game's module `which` ("heuristic", "worlds") from its package."""
    return __import__("engine.%s.%s" % (record(name)[PACKAGE], which), None, None, ["NAME"])


# The engine's shared modules, kept; the rest (a game's package, the AI) go.
_SHARED = ("compat", "cards", "rng", "game", "tricks", "match", "determinize",
           "games", "players", "savegame", "records", "jacknine", "selfplay",
           "bench")


def unload():
    """Forget every loaded game (its package: rules, heuristic and helper
    modules) and the AI, so that the next game loads into a heap without
    the last one: the device holds one rule set at a time."""
    import sys
    if sys.implementation.name != "micropython":
        return  # the desktop has room; and its tests hold modules by name
    pkg = sys.modules.get("engine")
    for name in [m for m in sys.modules if m.startswith("engine.")]:
        top = name[7:].split(".")[0]
        if top not in _SHARED:
            del sys.modules[name]
            if pkg is not None and top in dir(pkg):
                delattr(pkg, top)
