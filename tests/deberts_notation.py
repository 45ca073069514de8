# The seed's pencil notation for a Deberts score (spec DB-D18; display only,
# the engine keeps integers).  A vertical bar is 20 points.  "Small points"
# short of the next bar are written above, to the right of the bars (36 =
# two bars with 4 above: 40 - 4); points just past a bar are written below,
# to the right (68 = three bars with 8 below: 60 + 8).  A score never has
# small points both above and below ("при хороших плохих не бывает").
#
# Decision where the seed is silent: the small points are the nearer way
# round, so a remainder of 11-19 goes above (the next bar minus 9-1) and one
# of 1-10 below (exactly 10 is written below); zero is written "0", a
# negative score (baid_deduct_tricks) is the notation of its size after a
# minus sign.
#
# Only the tests use it (tests/test_deberts.py); the engine and the device
# do not load it.

BAR = 20


def parts(n):
    """(bars, above, below): n = bars*20 - above + below, with at most one
    of above/below non-zero and each below 20 (for n >= 0)."""
    bars = n // BAR
    r = n - bars * BAR
    if r == 0:
        return bars, 0, 0
    if r > BAR // 2:
        return bars + 1, BAR - r, 0
    return bars, 0, r


def value(bars, above, below):
    return bars * BAR - above + below


def _pad(s, width):
    while len(s) < width:
        s += " "
    return s


def lines(n, group=0):
    """Three text lines (above, bars, below) of equal width for the score n.
    `group` > 0 puts a space after every `group` bars for readability."""
    sign = ""
    if n < 0:
        sign = "-"
        n = -n
    bars, above, below = parts(n)
    mid = sign
    for i in range(bars):
        if group and i and i % group == 0:
            mid += " "
        mid += "|"
    if bars == 0 and above == 0 and below == 0:
        mid += "0"
    top = ""
    bottom = ""
    if above:
        top = _pad("", len(mid)) + str(above)
    if below:
        bottom = _pad("", len(mid)) + str(below)
    width = max(len(top), len(mid), len(bottom))
    return [_pad(top, width), _pad(mid, width), _pad(bottom, width)]


def text(n, group=0):
    return "\n".join(lines(n, group))


def sheet(names, scores, group=5):
    """Both players' scores side by side under their names: the lines a
    score screen can show."""
    cols = []
    for i in range(len(names)):
        col = [str(names[i]) + " " + str(scores[i])] + lines(scores[i], group)
        w = 0
        for s in col:
            if len(s) > w:
                w = len(s)
        cols.append([_pad(s, w) for s in col])
    out = []
    for row in range(4):
        out.append("   ".join([c[row] for c in cols]).rstrip())
    return out
