# The MicroPython runner lives in host_sim (the bench uses it too).
from host_sim.mprun import tool, mpy_dir, run_micropython, run_cpython, ROOT  # noqa: F401
