# The abstract keys of every board; each board profile maps its buttons onto them.
from micropython import const  # (CPython: host_sim/shims/micropython.py)

LEFT = const(1)
RIGHT = const(2)
UP = const(3)
DOWN = const(4)
OK = const(5)
BACK = const(6)
MENU = const(7)

NAMES = ("", "LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "MENU")

# Button events
PRESS = const(1)
REPEAT = const(2)
LONG = const(3)
RELEASE = const(4)
