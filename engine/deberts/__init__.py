# The game deberts; its record is in engine/games.py.
