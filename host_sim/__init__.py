# The desktop side: command line, simulated hardware, tools.  CPython only.
