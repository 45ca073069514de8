# The games the engine knows, by id; a game's module is imported only when it
# is asked for, so the device loads one rule set at a time.
GAMES = (
    ("sixtysix", "Sixty-six"),
    ("schnapsen", "Schnapsen"),
    ("klaberjass", "Klaberjass"),
    ("belote", "Belote"),
    ("deberts", "Deberts"),
    ("hasenpfeffer", "Hasenpfeffer"),
)


def names():
    return [g for g, _ in GAMES]


def load(name):
    for g, _ in GAMES:
        if g == name:
            return __import__("engine." + g, None, None, ["NAME"])
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(names())))
