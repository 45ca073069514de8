# What every game's presentation does unless its module says otherwise:
# labels from the engine's action texts, a menu of the non-card choices, the
# trump in the status line, events as "Left: Q<heart>", and the deal's
# breakdown from its result.  `v` is the table (seat and side names, the
# match); `o` the human's observation.
from engine.game import ACTION_BASE
from firmware import ui, font, words  # noqa: F401 (ui for the games)

_ = words.game  # the texts of the game at the table
phrase = words.game_phrase
cap = words.cap

SUITS = "CSHD"
_CARD_START = "789TJQKA" + SUITS  # what a card, a rank or a suit begins with
SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")


def suit(s):
    return font.suit_char(s)


def suit_text(t):
    """A trailing suit letter of an engine text as its glyph ('marriage H'
    -> 'marriage <heart>')."""
    if len(t) > 2 and t[-2] == " " and t[-1] in SUITS:
        return t[:-1] + suit(SUITS.find(t[-1]))
    return t


def cards_text(text):
    """Card names in an engine text ('QS', 'TH', a run 'TD-QD'), a suit
    ("name D") or a rank ("carre K", "terz from T") as the screen shows
    them: the player's ranks, never the engine's letters."""
    # Most words are not cards: they are passed over on their first letter
    # or their length (a Deberts declaration's event cost a Pico ~9 ms of a
    # key's response when every word was taken apart).
    words = text.split(" ")
    for i in range(len(words)):
        w = words[i]
        run = "-" in w
        if not run and (not w or w[0] not in _CARD_START):
            continue
        j = len(w)
        while j and w[j - 1] in ",;:)":
            j -= 1
        if j > 2 and not run:
            continue
        cs = w[:j].split("-")
        for k in range(len(cs)):
            c = cs[k]
            n = len(c)
            if n == 1 and c in SUITS:
                cs[k] = suit(SUITS.find(c))
            elif 0 < n < 3 and c[0] in "789TJQKA" and (n == 1 or c[1] in SUITS):
                cs[k] = ui.RANKS["789TJQKA".find(c[0])] + (suit(SUITS.find(c[1])) if n == 2 else "")
        words[i] = "-".join(cs) + w[j:]
    return " ".join(words)


def label(v, o, a):
    """An action as a chip or menu line shows it."""
    if a < ACTION_BASE:
        return ui.card_label(a)
    return cap(cards_text(phrase(v.state.action_text(a))))


def points(v, t):
    """A deal's points of every side, compactly: the player's side first
    (13:47), or every seat's in order (13/0/25)."""
    if len(t) == 2:
        me = v.my_side
        return "%d:%d" % (t[me], t[1 - me])
    return "/".join(["%d" % x for x in t])


def status(v, o):
    """The deal's state in a few words (the top line): a text, or a tuple
    of forms, longest first, of which the table shows the first that fits
    (the short ones keep who, the game and the score, dropping words)."""
    trump = o.trump
    if trump is not None and 0 <= trump < 4:
        return _("Trump ") + suit(trump)
    return ""


def info(v, o):
    """The deal's public facts as lines, for the score view (none beyond
    the status line unless the game says; see games/public.py)."""
    return []


def dialog(v, o, acts):
    """The dialog of a decision with no card play, or None (then the
    actions are chips beside the hand)."""
    if any_card(o):
        return None
    from firmware.dialog import Menu  # only the games with such decisions load it
    return Menu(phase_title(o), [(label(v, o, a), (a,)) for a in acts])


def any_card(o):
    for a in o.legal:
        if a < ACTION_BASE:
            return True
    return False


def phase_title(o):
    return cap(phrase(o.phase.replace("_", " ")))


def event(v, seat, a, before, after):
    """What the seat's action shows everyone, as (text, notable): notable
    events (points scored, a contract) stay longer on the screen."""
    return "%s: %s" % (v.name(seat), label(v, before, a)), False


def summary(v, st):
    """The end-of-deal breakdown: (text, strong) lines after the head."""
    r = st.result
    out = []
    if r.reason:
        out.append((v.names(cards_text(phrase(r.reason))), False))
    for s in range(len(r.totals)):
        n = r.totals[s]
        from firmware.plural import plural
        out.append((plural(_(getattr(v.p, "TOTALS", "%s %d card [point|points]")), n) % (v.side_name(s), n), False))
    return out
