# The game sixtysix; its record is in engine/games.py.
