# The game klaberjass; its record is in engine/games.py.
