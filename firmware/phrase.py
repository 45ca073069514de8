# The engine's phrases in the player's language (firmware/words.py's
# phrase): an English phrase is made of pieces between "; ", ", " and ": ";
# each is translated as it stands, or by its shape with the numbers, seats
# and cards as "#" ("bid #"), or else word by word.  A shape may say a
# count's noun in its forms ("# [очко|очка|очков]"), chosen by the number
# before it.  A closing "(...)" is translated apart from the words before
# it ("P1 scores 20 (terz from 9)").  Its own module, so that the English
# game never loads it; words.py passes what it needs: its lookup, what to
# do with a missing word.
SEPS = ("; ", ", ", ": ")
get = None
missing = None


def translate(text, T, name, lookup, miss):
    global get, missing
    get, missing = lookup, miss
    return _split(text, T, 0, name)


def _split(text, T, k, name):
    r = get(T, text)
    if r is None:
        r = _shaped(text, T)
    if r is not None:
        return r
    i = text.find(" (")
    if i > 0 and text.find(")") == len(text) - 1:
        return _split(text[:i], T, k, name) + " (" + _split(text[i + 2:-1], T, 0, name) + ")"
    if k < len(SEPS):
        sep = SEPS[k]
        if sep in text:
            return sep.join([_split(p, T, k + 1, name) for p in text.split(sep)])
        return _split(text, T, k + 1, name)
    return _words(text, T, name)


def _core(w):
    """A word without the brackets and signs around it: (start, end)."""
    i, j = 0, len(w)
    while i < j and w[i] in "(+-":
        i += 1
    while j > i and w[j - 1] in "),.!?":
        j -= 1
    return i, j


def _value(c):
    """Numbers, seats (P1, NS), cards (QH, 10<suit>) and suit letters are
    the same in every language: no lower-case letter."""
    for ch in c:
        if "a" <= ch <= "z":
            return False
    return True


def _shaped(text, T):
    """The text by its shape ("bid #"), its numbers, seats and cards put
    back in order; None when the section has no such shape."""
    words = text.split(" ")
    shape = []
    values = []
    for w in words:
        i, j = _core(w)
        if i < j and _value(w[i:j]):
            shape.append(w[:i] + "#" + w[j:])
            values.append(w[i:j])
        else:
            shape.append(w)
    if not values:
        return None
    if len(values) == len(words):
        return text  # numbers, seats and cards only
    r = get(T, " ".join(shape))
    if r is None:
        return None
    out = []
    parts = r.split("#")
    count = 0  # the last number put back: a "[..|..|..]" after it agrees
    for n in range(len(parts)):
        p = parts[n]
        if "[" in p:
            from firmware.plural import plural
            p = plural(p, count)
        out.append(p)
        if n < len(values) and n < len(parts) - 1:
            v = values[n]
            out.append(v)
            if v.isdigit():
                count = int(v)
    return "".join(out)


def _seat(w):
    """An engine seat (P1) or side (NS, P1+P3)."""
    return (w[:1] == "P" and w[1:2].isdigit()) or w == "NS" or w == "EW"


def _words(text, T, name):
    """Word by word: the words of a long reason ("clubs hand"); a seat
    before them is said "Seat: words", which holds for every seat, the
    player's "Вы" too (a verb after it could not agree with them all)."""
    out = []
    ws = text.split(" ")
    if len(ws) > 1 and _seat(ws[0]) and not _value(ws[1]):
        ws[0] += ":"
    for w in ws:
        i, j = _core(w)
        c = w[i:j]
        if i < j and not _value(c):
            t = get(T, c)
            if t is None:
                t = missing(c, name)
            w = w[:i] + t + w[j:]
        out.append(w)
    return " ".join(out)
