# The desktop side: command line, simulated hardware, tools.  CPython only.

# MicroPython's built-in modules (framebuf, micropython) for the device code
# the desktop runs: hal/ imports `const` from micropython, as its drivers do.
from host_sim.shims import install  # noqa: E402

install()
