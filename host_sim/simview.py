"""The terminal simulator's view: the device's screen drawn as large as the
terminal allows, with the keys under it, and the question before `q` leaves
a match.

The screen is drawn at the first size of the ladder that fits: full size
(each character one pixel wide, two high: half blocks), 2x2 pixels per
character (quadrant blocks), 2x4 (braille dots: still every pixel of the
OLED), then the screen reduced 2, 3, ... times, too small to read but never
garbled; below full size a line says why and what size is needed.  The
texts are in the device's language (firmware/text/ru_play.py)."""
from firmware import words
from host_sim.screen import Reduced, ansi, ansi_braille, ansi_compact

_ = words.section("play")

KEYS = "arrows move  Enter OK  Backspace/Esc BACK  m MENU  q quit"
QUIT_ASK = "Quit? (the match is saved)  q/y: quit  other keys: play on"
QUIT_WINDOW = "Quit the match? It is saved and goes on next time."
SMALLER = "%s: the terminal is %dx%d, full size needs %dx%d"
TOO_SMALL = "needs %dx%d to read (full size %dx%d); this terminal: %dx%d"
SCALES = ("2x2 pixels a character", "2x4 pixels a character")


class Layout:
    """One way to draw a w x h screen: `scale` 0 full size, 1 quadrants, 2
    braille, 3 and up braille of the screen reduced scale - 1 times."""

    def __init__(self, w, h, scale):
        self.scale = scale
        if scale == 0:
            self.cols, self.lines = w, (h + 1) // 2
        elif scale == 1:
            self.cols, self.lines = (w + 1) // 2, (h + 1) // 2
        else:
            n = scale - 1
            self.cols, self.lines = (w + 2 * n - 1) // (2 * n), (h + 4 * n - 1) // (4 * n)
        # the keys' line, and below full size the line that says why
        self.chrome = 1 if scale == 0 else 2

    def fits(self, cols, lines):
        return self.cols <= cols and self.lines + self.chrome <= lines

    def draw(self, display, colour):
        if self.scale == 0:
            return ansi(display, colour)
        if self.scale == 1:
            return ansi_compact(display, colour)
        if self.scale == 2:
            return ansi_braille(display, colour)
        return ansi_braille(Reduced(display, self.scale - 1), colour)


def choose(w, h, cols, lines, least=0):
    """The largest layout of a w x h screen that fits a cols x lines
    terminal, from scale `least` (1: --compact); None if not even a dot per
    character would."""
    scale = least
    while True:
        lay = Layout(w, h, scale)
        if lay.fits(cols, lines):
            return lay
        if lay.cols <= 1 or lay.lines <= 1:
            return None
        scale += 1


def note(lay, w, h, cols, lines):
    """Why the screen is smaller than full size (None at full size)."""
    full = Layout(w, h, 0)
    if lay is not None and lay.scale == 0:
        return None
    if lay is not None and lay.scale <= 2:
        return _(SMALLER) % (_(SCALES[lay.scale - 1]), cols, lines, full.cols,
                             full.lines + full.chrome)
    # readable from the braille size up (it still shows every OLED pixel)
    least = Layout(w, h, 2)
    return _(TOO_SMALL) % (least.cols, least.lines + least.chrome, full.cols,
                           full.lines + full.chrome, cols, lines)


def frame(display, colour, cols, lines, least=0, asking=False):
    """The whole terminal's text for one frame: the screen, then the keys
    (or the question before quitting) and the note, each line cut to the
    terminal's width and cleared to its end."""
    w, h = display.width, display.height
    lay = choose(w, h, cols, lines, least)
    out = lay.draw(display, colour).split("\n") if lay is not None else []
    bottom = [_(QUIT_ASK) if asking else _(KEYS)]
    why = note(lay, w, h, cols, lines)
    if why:
        bottom.append(why)
    if asking and colour:
        bottom[0] = "\x1b[7m" + bottom[0][:cols] + "\x1b[0m"
    else:
        bottom[0] = bottom[0][:cols]
    bottom[1:] = [line[:cols] for line in bottom[1:]]
    text = out + bottom
    return "\x1b[H" + "\n".join(line + "\x1b[K" for line in text[:max(1, lines)]) + "\x1b[J"


def quit_question():
    """The question before q leaves a match, for the window (yes or no)."""
    return _(QUIT_WINDOW)


def match_on(app):
    """True while a match is being played: its table, or a screen shown
    over it (the deal's summary, a notice, its rules)."""
    scene = app.scene
    for _depth in range(4):
        match = getattr(scene, "match", None)
        if match is not None:
            return not match.over
        scene = getattr(scene, "table", None) or getattr(scene, "then", None)
        if scene is None:
            return False
    return False
