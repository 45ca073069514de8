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
    """Card names in an engine text ('QS', 'TH') as the screen shows them."""
    out = []
    for w in text.split(" "):
        tail = ""
        while w and w[-1] in ",;:)":
            tail = w[-1] + tail
            w = w[:-1]
        if len(w) == 2 and w[0] in "789TJQKA" and w[1] in SUITS:
            w = ui.RANKS["789TJQKA".find(w[0])] + suit(SUITS.find(w[1]))
        elif len(w) == 1 and w in SUITS:  # a suit named: "name D", "trump C"
            w = suit(SUITS.find(w))
        out.append(w + tail)
    return " ".join(out)


def label(v, o, a):
    """An action as a chip or menu line shows it."""
    if a < ACTION_BASE:
        return ui.card_label(a)
    return cap(cards_text(phrase(v.state.action_text(a))))


def status(v, o):
    """The deal's state in a few words (the top line)."""
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
        out.append((_(getattr(v.p, "TOTALS", "%s %d card points")) % (v.side_name(s), r.totals[s]), False))
    return out
