# The device's presentation of each game: one small module per game, found
# by the game's id, supplying what the generic table cannot know (the status
# line, action labels, the dialog of each decision, readable events and the
# end-of-deal breakdown) in the game's own terms.  Rules stay in engine/:
# these modules read observations and action texts only.


def load(name):
    """The presentation module of game `name` (an engine.games id): its
    package's (Schnapsen is shown as the Sixty-six it is a variant of)."""
    from engine import games
    name = games.package(name)
    from firmware import words
    words.GAME = name  # the section of the texts the games share
    return __import__("firmware.games." + name, None, None, ["status"])
