# The project's version: shown in About, carried by the mip package
# (package.json, host_sim/package.py).  0.2: a package per game.
VERSION = "0.2.0"
