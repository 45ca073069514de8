# The game skat; its record is in engine/games.py.
