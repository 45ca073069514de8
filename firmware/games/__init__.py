# The device's presentation of each game: one small module per game, found
# by the game's id, supplying what the generic table cannot know (the status
# line, action labels, the dialog of each decision, readable events and the
# end-of-deal breakdown) in the game's own terms.  Rules stay in engine/:
# these modules read observations and action texts only.

# Games that share another's presentation (Schnapsen is a Sixty-six variant).
_SAME = (("schnapsen", "sixtysix"),)


def load(name):
    """The presentation module of game `name` (an engine.games id)."""
    for a, b in _SAME:
        if name == a:
            name = b
    from firmware import words
    words.GAME = name  # the section of the texts the games share
    return __import__("firmware.games." + name, None, None, ["status"])
