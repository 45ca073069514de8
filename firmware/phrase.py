# The engine's phrases in the player's language (firmware/words.py's
# phrase): an English phrase is made of pieces between "; ", ", " and ": ";
# each is translated as it stands, or by its shape with the numbers, seats
# and cards as "#" ("bid #"), or else word by word.  Its own module, so that
# the English game never loads it; it imports nothing (words.py passes
# what it needs: its lookup, what to do with a missing word).
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
    for n in range(len(parts)):
        out.append(parts[n])
        if n < len(values) and n < len(parts) - 1:
            out.append(values[n])
    return "".join(out)


def _words(text, T, name):
    """Word by word: the words of a long reason ("clubs hand")."""
    out = []
    for w in text.split(" "):
        i, j = _core(w)
        c = w[i:j]
        if i < j and not _value(c):
            t = get(T, c)
            if t is None:
                t = missing(c, name)
            w = w[:i] + t + w[j:]
        out.append(w)
    return " ".join(out)
