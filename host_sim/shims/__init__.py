"""Stand-ins for MicroPython's built-in modules on CPython (framebuf,
micropython).  install() puts this folder on sys.path."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def install():
    if HERE not in sys.path:
        sys.path.append(HERE)
