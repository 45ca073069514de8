# The game belote; its record is in engine/games.py.
