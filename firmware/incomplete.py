# The last word of firmware/main.py when the application cannot start or go
# on because a file it cannot do without is missing (a partial copy; what
# it can do without is firmware/partial.py's).  Its own module, importing
# nothing of the application: what is missing may be any of it.


def module_of(e):
    """The module an ImportError could not find (CPython names it;
    MicroPython says "no module named 'engine.skat.rules'"), or the error's
    own words."""
    name = getattr(e, "name", None)
    if name:
        return name
    s = str(e)
    i = s.find("'")
    return s[i + 1:-1] if i >= 0 and s.endswith("'") else s


def say(board, e):
    """The missing file on the serial port and, if the board is up, on its
    screen, in the display's own 8x8 font (the application's fonts and
    texts may be what is missing).  English only: that font has no
    Cyrillic."""
    mod = module_of(e)
    print("Copy incomplete: %s is missing on the flash (%s). Copy the application again "
          "(make bundle, or mpremote cp -r engine hal firmware main.py board.cfg :)."
          % (mod.replace(".", "/"), e))
    d = getattr(board, "display", None)
    if d is None:
        return
    n = d.width // 8
    lines = ["Copy incomplete:"] + [mod[i:i + n] for i in range(0, len(mod), n)]
    d.fill(0)
    for i in range(len(lines)):
        d.text(lines[i], 0, 10 * i, d.colors - 1)
    d.show()
