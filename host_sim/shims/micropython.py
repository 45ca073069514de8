"""The few `micropython` module functions the device code uses, for CPython."""


def const(x):
    return x


def mem_info(*args):
    pass


def opt_level(*args):
    return 0
