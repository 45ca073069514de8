# Colour roles -> colour indices, per screen class.  The UI draws only these
# indices; a colour panel's driver turns them into RGB565 through PALETTE.
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x
# (not engine.compat's const: that module would cost ~20 ms of loading on a
# Pico before the first frame, which needs nothing else of it)

# Palette indices of the colour screen
_TABLE = const(0)
_WHITE = const(1)
_CARD = const(2)
_BLACK = const(3)
_RED = const(4)
_GREY = const(5)
_YELLOW = const(6)
_CYAN = const(7)
_BLUE = const(8)
_DARK = const(9)
_ORANGE = const(10)


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


# RGB of each index (the colour screen's palette), black for unused ones.
_RGB = ((0x0b, 0x5d, 0x2e), (0xff, 0xff, 0xff), (0xf4, 0xf1, 0xe6), (0x10, 0x10, 0x10),
        (0xd0, 0x20, 0x20), (0x9a, 0xa0, 0x9a), (0xff, 0xd4, 0x2a), (0x6a, 0xd8, 0xf0),
        (0x24, 0x4c, 0xb0), (0x06, 0x38, 0x1b), (0xff, 0x8c, 0x1a))


def palette():
    out = [0] * 16
    for i in range(len(_RGB)):
        r, g, b = _RGB[i]
        out[i] = rgb565(r, g, b)
    return out


def palette_rgb(i):
    """(r, g, b) of colour index i, for renderers on the desktop."""
    return _RGB[i] if i < len(_RGB) else (0, 0, 0)


class Theme:
    def __init__(self, colors):
        self.colour = colors > 2
        if self.colour:
            self.bg = _TABLE  # the table
            self.text = _WHITE
            self.card = _CARD  # a card's face
            self.ink = _BLACK  # black suits, card edges
            self.red = _RED  # red suits
            self.dim = _GREY  # cards that may not be played now
            self.cursor = _YELLOW
            self.accent = _CYAN  # titles, whose turn
            self.back = _BLUE  # card backs
            self.panel = _DARK  # boxes behind text
            self.warn = _ORANGE  # the thinking sign
        else:
            # Monochrome: 0 off, 1 on.  Faces are dark with a lit outline;
            # the cursor inverts.
            self.bg = 0
            self.text = 1
            self.card = 0
            self.ink = 1
            self.red = 1
            self.dim = 1
            self.cursor = 1
            self.accent = 1
            self.back = 1
            self.panel = 0
            self.warn = 1
        # text on the cursor's highlight
        self.on_cursor = self.ink if self.colour else self.bg

    def suit(self, s):
        """Ink of suit s: red hearts and diamonds on colour screens."""
        return self.red if s == 2 or s == 3 else self.ink
