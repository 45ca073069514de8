# The games the engine knows, by id; a game's module is imported only when it
# is asked for, so the device loads one rule set at a time.
GAMES = (
    ("sixtysix", "Sixty-six"),
    ("schnapsen", "Schnapsen"),
    ("klaberjass", "Klaberjass"),
    ("belote", "Belote"),
    ("deberts", "Deberts"),
    ("hasenpfeffer", "Hasenpfeffer"),
    ("skat", "Skat"),
)


def names():
    return [g for g, _ in GAMES]


def load(name):
    for g, _ in GAMES:
        if g == name:
            return __import__("engine." + g, None, None, ["NAME"])
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(names())))


# The engine's shared modules; every other engine module belongs to a game.
_SHARED = ("compat", "cards", "rng", "game", "tricks", "match", "determinize",
           "games", "players", "savegame", "records", "jacknine", "selfplay",
           "bench")


def unload():
    """Forget every loaded game (its rules, heuristic and helper modules), so
    that the next game loads into a heap without the last one: the device
    holds one rule set at a time."""
    import sys
    if sys.implementation.name != "micropython":
        return  # the desktop has room; and its tests hold modules by name
    pkg = sys.modules.get("engine")
    for name in [m for m in sys.modules if m.startswith("engine.")]:
        short = name[7:]
        if short not in _SHARED:
            del sys.modules[name]
            if pkg is not None and short in dir(pkg):
                delattr(pkg, short)
