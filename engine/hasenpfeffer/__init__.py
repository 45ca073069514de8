# The game hasenpfeffer; its record is in engine/games.py.
