# Deberts: take or pass with the candle (the turned card) shown, a suit named
# in the second round, the first trick's declarations, bella, "Rost?" and the
# "Partiya" claim as prompts that show what is at stake; the maker, trump and
# the deal's points in the status line, declarations as events.
from engine.game import ACTION_BASE
from firmware.games import base, public
from firmware.games.base import summary  # noqa: F401 (the interface)
from firmware.games.public import info  # noqa: F401 (the interface)
from firmware.dialog import Menu
from firmware import words

_ = words.section("deberts")

WORDS = (("take", "Take (play it)"), ("pass", "Pass"), ("red", "Red"), ("black", "Black"),
         ("exchange", "Exchange the 7"), ("declare", "Declare"), ("decline", "Do not declare"),
         ("bella", "Bella"), ("ask terz", "Rost? (does my terz win)"),
         ("partiya", "Partiya! (claim)"), ("no claim", "No claim"), ("score", "No claim"))


def word(v, o, a):
    t = v.state.action_text(a)
    if t == "partiya":
        return _("Partiya! (%d)") % count(v, o)
    if t.endswith(" bella"):  # a card played announcing bella: "KS bella"
        return base.cards_text(base.phrase(t))
    return public.word(v, o, a, WORDS)


def label(v, o, a):
    """A chip or menu line: the game's words (a card played with bella
    included)."""
    if a < ACTION_BASE:
        return base.label(v, o, a)
    return word(v, o, a)


def status(v, o):
    return public.maker_status(v, o, "candle", (" " + _("pot %d") % o.pot) if o.pot else "")


def count(v, o):
    """The player's count for a claim: the match score and this deal's."""
    return o.scores[0] + o.totals[0]


def dialog(v, o, acts):
    texts = [v.state.action_text(a) for a in acts]
    ph = o.phase
    if base.any_card(o):
        return None  # a claim with the lead is a chip beside the hand: UP
    items = [(word(v, o, a), (a,)) for a in acts if a >= ACTION_BASE]
    card = -1
    info_ = ()
    title = base.cap(base.phrase(ph))
    if ph.startswith("bidding"):
        title = _("Take it?") if ph == "bidding" else _("Name a trump?")
        card = o.turnup
    elif "partiya" in texts:
        title = _("Partiya?")
        target = getattr(v.match.options, "match_target", "")
        info_ = (_("Your count %d of %s") % (count(v, o), target),)
    elif ph == "declaring":
        title = _("Declarations")
        dec = [t for k, t in o.info if k == "declarations"]
        if dec:
            info_ = (v.names(base.cards_text(base.phrase(dec[0]))),)
    return Menu(title, items, info_, card)


def event(v, seat, a, before, after):
    return public.event_with_news(v, seat, a, before, after, word)
