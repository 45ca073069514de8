# The games the engine knows: one record per game, read by every registry
# (the engine's players, the device's menus, the simulator's commands).
# A record names the game's package; what a package holds is fixed by name,
# so a record is all that ties a new game in (docs/engine.md, "One room per game"):
#   engine/<package>/rules.py       the rules (a variant with another game's
#                                   package: engine/<package>/<id>.py)
#   engine/<package>/heuristic.py   the rule-based player: easy level, rollouts
#   engine/<package>/worlds.py      determinize(): the unseen cards dealt anew
#   engine/<package>/policy.py      optional: the AI's learned move ordering
#                                   (its rules say LEARNED_ORDER; engine/policy.py)
#   firmware/games/<package>.py     the device's presentation
#   firmware/settings/<id>.py       the settings in words (English)
#   firmware/rules/<id>_<lang>.py   the help screen, and the settings' words
#   docs/rules/<id>.md, <id>.ru.md  the rules pages
# and its rows in engine/ai.py's BUDGETS, its title in firmware/text/ru_titles.
# A game's modules are imported only when it is asked for, so the device
# loads one rule set at a time.
GAMES = (
    # id             title           package: engine/<package>/
    ("sixtysix",     "Sixty-six",    "sixtysix"),
    ("schnapsen",    "Schnapsen",    "sixtysix"),   # its rules: sixtysix/schnapsen.py
    ("klaberjass",   "Klaberjass",   "klaberjass"),
    ("belote",       "Belote",       "belote"),
    ("deberts",      "Deberts",      "deberts"),
    ("hasenpfeffer", "Hasenpfeffer", "hasenpfeffer"),
    ("skat",         "Skat",         "skat"),
)


def names():
    return [g for g, _, _ in GAMES]


def package(name):
    """The package (engine/<package>/) of game `name`."""
    for g, _, p in GAMES:
        if g == name:
            return p
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(names())))


def load(name):
    """The rules module of game `name`: its package's rules.py, or, for a
    variant that has a package of another game, <package>/<id>.py."""
    p = package(name)
    return __import__("engine.%s.%s" % (p, "rules" if p == name else name), None, None, ["NAME"])


def part(name, which):
    """The game's module `which` ("heuristic", "worlds") from its package."""
    return __import__("engine.%s.%s" % (package(name), which), None, None, ["NAME"])


# The engine's shared modules, kept; the rest (a game's package, the AI) go.
# Shared but not kept: what only some games or levels load (the Jack-Nine
# games' engine/jacknine.py, 7.6 KB on the 64-bit port; the search's
# determinize.py), which kept stood beside every later game's table.
_SHARED = ("compat", "cards", "rng", "game", "tricks", "match",
           "games", "players", "savegame", "records", "selfplay", "bench")


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
            if pkg is not None and hasattr(pkg, top):
                delattr(pkg, top)
