# What the games with public facts (the Jack-Nine games and Hasenpfeffer:
# the engine's observation.info) and the bidding games share: the facts as
# lines, the facts an action made public as its event, a bid chooser.  Not
# needed by Sixty-six or Skat, so it is a module of its own.
from firmware.games.base import cap, cards_text, label, suit, phrase, _
from firmware import ui


def info(v, o):
    """The deal's public facts as lines, for the scoreboard view."""
    out = []
    for k, t in o.info:
        out.append(cap(v.names(cards_text("%s: %s" % (phrase(k), phrase(t))))))
    return out


def bid_chooser(title, v, o, acts, is_bid, value, low, info=(), hint=None):
    """A Chooser of the bids among acts (is_bid(a), value(a) their number)
    and the other answer `low` (pass) one step below the lowest."""
    from firmware.chooser import Chooser
    # Two lists kept in order as they grow (the actions come nearly sorted):
    # a list of (value, action) pairs, sorted and split, cost a Skat auction
    # 70 tuples and two more lists, and this is where the whole application
    # on the LCD once ran out of a 1 KB gap (its Russian walkthrough in 208
    # KB; now it completes in 204 KB).
    numbers = []
    bids = []
    for a in acts:
        if is_bid(a):
            n = value(a)
            i = len(numbers)
            while i and numbers[i - 1] > n:
                i -= 1
            numbers.insert(i, n)
            bids.insert(i, a)
    return Chooser(title, numbers, bids, (label(v, o, low), low), info, hint or _("OK: bid"))


# Facts that change on every trick or bid are not events of their own.
QUIET = ("bids", "this deal", "retourne", "first move", "bottom card", "direction")


def news(v, before, after):
    """The public facts (o.info) that the last action added or changed, as
    screen text: a maker, a declaration, a sequence scored, belote."""
    old = getattr(before, "info", ())
    out = []
    for k, t in getattr(after, "info", ()):
        if k in QUIET or (k, t) in old:
            continue
        out.append(v.names(cards_text("%s: %s" % (cap(phrase(k)), phrase(t)))))
    return out


def event_with_news(v, seat, a, before, after, lab):
    """'Left: Q<heart>', or what the action made public when it did
    (notable: it stays longer on the screen)."""
    n = news(v, before, after)
    text = "%s: %s" % (v.name(seat), lab(v, before, a))
    if n:
        return text + ". " + ". ".join(n), True
    return text, False


def word(v, o, a, words):
    """An action in the game's words (words: ((engine text, label), ...));
    a suit named in a second round as 'Trump <suit>'."""
    t = v.state.action_text(a)
    for w, s in words:
        if t == w:
            return _(s)
    if t.startswith("name "):
        return _("Trump ") + suit("CSHD".find(t[-1]))
    return label(v, o, a)


def maker_status(v, o, turned, more=""):
    """The two-hand Jack-Nine games' status: the trump, the maker (or the
    turned card, `turned` naming it, while nobody has taken), the deal's
    points and `more` (Deberts' pot); as forms, longest first: the maker's
    name without the word, then without `more`."""
    head = suit(o.trump) + " " if 0 <= o.trump < 4 else ""
    t = o.totals
    pts = " %d:%d" % (t[0], t[1]) if t else ""
    if o.maker >= 0:
        who = v.name(o.maker)
        return (head + _("maker ") + who + pts + more, head + who + pts + more, head + who + pts)
    if o.turnup >= 0:
        head += _(turned) + " " + ui.card_label(o.turnup)
    return (head + pts + more).strip()
