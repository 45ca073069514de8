# What differs between CPython and MicroPython, in one place.
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x


def sort_small(items):
    """Sort a short list of small ints in place (insertion sort).

    list.sort works on both runtimes, but this keeps the engine free of
    key functions and allocation in places that sort a hand on every move."""
    i = 1
    n = len(items)
    while i < n:
        x = items[i]
        j = i - 1
        while j >= 0 and items[j] > x:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = x
        i += 1
    return items


try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython
    from time import perf_counter as _pc

    def ticks_us():
        return int(_pc() * 1000000)

    def ticks_diff(a, b):
        return a - b


def mem_peak():
    """Peak heap use in bytes where the port tracks it (MicroPython unix),
    else -1."""
    try:
        import micropython
        return micropython.mem_peak()
    except (ImportError, AttributeError):
        return -1


def collect_early():
    """From now on let MicroPython collect each time a quarter of the heap
    that is free now has been allocated, not only when the heap runs out
    (gc.threshold, documented as a guard against fragmentation).  The AI's
    rollouts make garbage fast; collected late, it leaves the live objects of
    the deal scattered over the heap and no gap wide enough for a state's
    attribute table (a MemoryError at 60 KB live on a 96 KB heap).  Called
    once the game and its players are loaded; a no-op on CPython."""
    import gc
    threshold = getattr(gc, "threshold", None)
    free = getattr(gc, "mem_free", None)
    if threshold is None or free is None:
        return -1
    gc.collect()
    amount = free() // 4
    threshold(amount)
    return amount


def is_digits(text):
    """True if text is one or more of the ASCII digits 0-9.  str.isdigit()
    differs between the runtimes: CPython's is true of "²" too (which int()
    then refuses, in words no player should see) and of other scripts'
    digits ("٣", which int() reads as 3), MicroPython's of ASCII only.  What a
    save, a record or a settings file holds must read the same on both."""
    if not text:
        return False
    for c in text:
        if c < "0" or c > "9":
            return False
    return True


def number(text):
    """The int written as ASCII digits, with an optional leading "-";
    ValueError (in plain words) for anything else, on both runtimes alike
    (int() also takes spaces, "+", "1_0" and other scripts' digits)."""
    if is_digits(text[1:] if text[:1] == "-" else text):
        return int(text)
    raise ValueError("not a number: %r" % (text,))


def forget_modules(names):
    """Forget modules that the next screens do not need, so that their code
    leaves the heap with what used them (they are imported again when
    needed).  Only on MicroPython: the desktop has room, and its tests hold
    modules by name."""
    import sys
    if sys.implementation.name != "micropython":
        return
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot])
            # (not `in dir(parent)`: MicroPython's dir() probes every
            # interned name there is, ~20 ms a call with the app frozen in)
            if parent is not None and hasattr(parent, name[dot + 1:]):
                delattr(parent, name[dot + 1:])
