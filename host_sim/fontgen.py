"""The source of firmware/font.py's glyphs: pixel art here, column bytes there.

    python -m host_sim.fontgen      rewrites the data block in firmware/font.py

Small glyphs are 5 rows high and 3 columns wide (digits, most letters,
punctuation), 4 or 5 (letters that a 3-column glyph would confuse, such as
B/8, O/0, G/6, Z/2, S/5, X/8, K, M, N, W) or 5 (suits, the joker), stored as
one byte per column, bit 0 = top row: the layout of MicroPython's own font.
Big glyphs (for the 8x8 text of the colour screen) are 8 columns of 8 rows.
The order of SMALL is the glyph index order documented in firmware/font.py."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Code points 32..95 (upper case), then { | } ~, then the suits C S H D, then
# the joker.  Letters that could be taken for a digit (B D G O S Z ...) are wider
# than the 3 columns of the digits; every glyph stays 5 rows high.
SMALL = [
    ("...", "...", "...", "...", "..."),  # space
    (".#.", ".#.", ".#.", "...", ".#."),  # !
    ("#.#", "#.#", "...", "...", "..."),  # "
    ("#.#", "###", "#.#", "###", "#.#"),  # #
    (".##", "##.", ".#.", ".##", "##."),  # $
    ("#..", "..#", ".#.", "#..", "..#"),  # %
    (".#.", "#.#", ".#.", "#.#", ".##"),  # &
    (".#.", ".#.", "...", "...", "..."),  # '
    ("..#", ".#.", ".#.", ".#.", "..#"),  # (
    ("#..", ".#.", ".#.", ".#.", "#.."),  # )
    ("...", "#.#", ".#.", "#.#", "..."),  # *
    ("...", ".#.", "###", ".#.", "..."),  # +
    ("...", "...", "...", ".#.", "#.."),  # ,
    ("...", "...", "###", "...", "..."),  # -
    ("...", "...", "...", "...", ".#."),  # .
    ("..#", "..#", ".#.", "#..", "#.."),  # /
    ("###", "#.#", "#.#", "#.#", "###"),  # 0: square, against the round O
    (".#.", "##.", ".#.", ".#.", ".#."),  # 1: no foot, against I
    ("##.", "..#", ".#.", "#..", "###"),  # 2: narrow, against the wide Z
    ("###", "..#", ".##", "..#", "###"),  # 3
    ("..#", ".##", "#.#", "###", "..#"),  # 4: open, against 9 and H
    ("###", "#..", "###", "..#", "##."),  # 5: square, against the wide S
    (".##", "#..", "###", "#.#", "###"),  # 6: a curved top, against 5 (square) and G (wide)
    ("###", "..#", "..#", ".#.", ".#."),  # 7: against T
    ("###", "#.#", ".#.", "#.#", "###"),  # 8: a waist, against 0; narrow, against B
    ("###", "#.#", "###", "..#", "..#"),  # 9: a straight tail, against 5
    ("...", ".#.", "...", ".#.", "..."),  # :
    ("...", ".#.", "...", ".#.", "#.."),  # ;
    ("..#", ".#.", "#..", ".#.", "..#"),  # <
    ("...", "###", "...", "###", "..."),  # =
    ("#..", ".#.", "..#", ".#.", "#.."),  # >
    ("##.", "..#", ".#.", "...", ".#."),  # ?
    (".#.", "#.#", "###", "#..", ".##"),  # @
    (".#.", "#.#", "###", "#.#", "#.#"),  # A
    ("###.", "#..#", "###.", "#..#", "###."),  # B: wide, against 8
    (".##", "#..", "#..", "#..", ".##"),  # C
    ("###.", "#..#", "#..#", "#..#", "###."),  # D: square corners, narrower than O
    ("###", "#..", "##.", "#..", "###"),  # E
    ("###", "#..", "##.", "#..", "#.."),  # F
    (".###", "#...", "#.##", "#..#", ".###"),  # G: wide, against 6 and C
    ("#.#", "#.#", "###", "#.#", "#.#"),  # H
    ("###", ".#.", ".#.", ".#.", "###"),  # I
    ("..#", "..#", "..#", "#.#", ".#."),  # J
    ("#..#", "#.#.", "##..", "#.#.", "#..#"),  # K: wide, against R and X
    ("#..", "#..", "#..", "#..", "###"),  # L
    ("#...#", "##.##", "#.#.#", "#...#", "#...#"),  # M: wide
    ("#..#", "##.#", "#.##", "#..#", "#..#"),  # N: wide, against H and M
    (".###.", "#...#", "#...#", "#...#", ".###."),  # O: wide and round, against 0 and D
    ("##.", "#.#", "##.", "#..", "#.."),  # P
    (".###.", "#...#", "#...#", "#..#.", ".##.#"),  # Q: as O
    ("##.", "#.#", "##.", "#.#", "#.#"),  # R
    (".###", "#...", ".##.", "...#", "###."),  # S: wide, against 5
    ("###", ".#.", ".#.", ".#.", ".#."),  # T
    ("#..#", "#..#", "#..#", "#..#", ".##."),  # U: wide and round, against 0
    ("#.#", "#.#", "#.#", ".#.", ".#."),  # V
    ("#...#", "#...#", "#.#.#", "##.##", "#...#"),  # W: wide
    ("#...#", ".#.#.", "..#..", ".#.#.", "#...#"),  # X: wide, against 8 and H
    ("#.#", "#.#", ".#.", ".#.", ".#."),  # Y
    ("####", "..#.", ".#..", "#...", "####"),  # Z: wide and slanted, against 2
    ("##.", "#..", "#..", "#..", "##."),  # [
    ("#..", "#..", ".#.", "..#", "..#"),  # backslash
    (".##", "..#", "..#", "..#", ".##"),  # ]
    (".#.", "#.#", "...", "...", "..."),  # ^
    ("...", "...", "...", "...", "###"),  # _
    (".##", ".#.", "##.", ".#.", ".##"),  # {
    (".#.", ".#.", ".#.", ".#.", ".#."),  # |
    ("##.", ".#.", ".##", ".#.", "##."),  # }
    ("...", "..#", "###", "#..", "..."),  # ~
    (".###.", ".###.", "#####", "#.#.#", "..#.."),  # clubs
    ("..#..", ".###.", "#####", "#####", "..#.."),  # spades
    (".#.#.", "#####", "#####", ".###.", "..#.."),  # hearts
    ("..#..", ".###.", "#####", ".###.", "..#.."),  # diamonds
    ("..#..", "#####", ".###.", ".#.#.", "#...#"),  # the joker: a star
]

# 8x8 suits for the big text (C S H D) and the joker, 7 columns used.
BIG = [
    ("..###..", "..###..", "#.###.#", "#######", "#.#.#.#", "...#...", "..###..", "......."),
    ("...#...", "..###..", ".#####.", "#######", "#######", ".#.#.#.", "..###..", "......."),
    (".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#...", "......."),
    ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#...", "......."),
    ("...#...", "...#...", "..###..", "#######", ".#####.", "..###..", ".##.##.", "##...##"),  # joker
]


def columns(art, width=None):
    w = width or len(art[0])
    out = []
    for x in range(w):
        v = 0
        for y, row in enumerate(art):
            if x < len(row) and row[x] == "#":
                v |= 1 << y
        out.append(v)
    return out


def data():
    small = []
    widths = []
    for art in SMALL:
        small += columns(art)
        widths.append(len(art[0]))
    big = []
    for art in BIG:
        big += columns(art, 8)
    return bytes(small), bytes(widths), bytes(big)


def main():
    small, widths, big = data()
    block = ["# -- generated by host_sim/fontgen.py: do not edit by hand --",
             "SMALL = bytes.fromhex(\"%s\")" % small.hex(),
             "WIDTHS = bytes.fromhex(\"%s\")" % widths.hex(),
             "BIG = bytes.fromhex(\"%s\")" % big.hex(),
             "# -- end of generated data --"]
    path = os.path.join(ROOT, "firmware", "font.py")
    with open(path) as f:
        text = f.read()
    a = text.index(block[0])
    b = text.index(block[-1]) + len(block[-1])
    text = text[:a] + "\n".join(block) + text[b:]
    with open(path, "w") as f:
        f.write(text)
    print("font: %d small glyphs, %d big glyphs" % (len(SMALL), len(BIG)))


if __name__ == "__main__":
    main()
