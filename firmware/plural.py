# A count's noun in the form its number wants, in either language: a text
# carries the forms as "[one|few|many]" (Russian: 1 круг, 3 круга, 5
# кругов, 11 кругов, 21 круг) or "[one|many]" (English: 1 trick, 2
# tricks).  Its own module, imported where a count is said (a deal's end,
# the statistics, the game menu, marking cards), so the table's searches
# never hold it in the heap.


def plural(t, *ns):
    """t with each "[..|..]" said for its count: the first for ns[0], the
    next for ns[1] (the last count for the rest)."""
    i = t.find("[")
    k = 0
    while i >= 0:
        j = t.find("]", i)
        f = t[i + 1:j].split("|")
        n = abs(ns[min(k, len(ns) - 1)])
        if len(f) == 2:
            n = 0 if n == 1 else 1
        elif 10 < n % 100 < 20 or n % 10 > 4 or n % 10 == 0:
            n = 2
        else:
            n = 0 if n % 10 == 1 else 1
        t = t[:i] + f[n] + t[j + 1:]
        i = t.find("[", i)
        k += 1
    return t
