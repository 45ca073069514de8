# Time on a clock that wraps like MicroPython's ticks_ms() (at 2**30 on the
# Pico, after 12.4 days), compared without ever building an int of 2**30 or
# more.  Shared by the buttons and the table's timers.
from micropython import const  # (CPython: host_sim/shims/micropython.py)

_PERIOD = const(0x40000000)
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def ticks_add(a, b):
    """a + b on a clock that wraps at 2**30, never building an int >= 2**30."""
    s = a - _PERIOD + b
    if s < 0:
        s += _PERIOD
    return s


def ticks_diff(a, b):
    """a - b for clocks that wrap at 2**30, like time.ticks_diff."""
    d = (a - b) & _MASK
    if d >= _HALF:
        d -= _PERIOD
    return d
