# Why a card may not be played now, in a few words, found from the player's
# observation alone: the legal cards, the trick and the trump, as the rules
# of every game here say it (engine/tricks.py).  Loaded when a card is
# refused and let go at once: the table stays small.
from engine.cards import NOSUIT, suit_of
from engine.game import ACTION_BASE
from engine.compat import forget_modules
from firmware import ui, font, words

_ = words.section("table")

TRUMP = NOSUIT  # a card's suit in the play when it is a trump (the joker's own: _suit)


def _suit(t, o, c):
    """Card c's suit in the play: TRUMP for a trump.  Skat's observation
    carries its effective trump: its jacks are trumps with the trump suit
    (Grand's and Ramsch's alone, none in Null), by the engine's tables;
    elsewhere a card of the trump suit, and the joker."""
    et = getattr(o, "etrump", None)
    if et is not None:
        from engine.skat.scoring import tables_for
        s = tables_for(o.gtype, o.trump)[0][c]
        return TRUMP if s == et else s
    s = suit_of(c)
    return TRUMP if s == getattr(o, "trump", -1) else s


def reason(t, c):
    """Why card c may not be played now, in a few words: found from the
    legal cards, the trick and the trump of the player's observation, as
    the rules of every game here say it (engine/tricks.py): follow suit,
    beat the trick, trump, overtrump; a lead held to a few cards (Sixty-six
    after a marriage) names them.  This module leaves the heap after it."""
    forget_modules(("firmware.refusal",))
    o = t.obs
    legal = [x for x in o.legal if x < ACTION_BASE]
    if not o.trick and 0 < len(legal) <= 3:
        return _("Lead %s") % " ".join([ui.card_label(x) for x in legal])
    if o.trick and legal:
        led = _suit(t, o, o.trick[0])
        mine = _suit(t, o, c)
        suits = [_suit(t, o, x) for x in legal]
        if suits.count(led) == len(suits):  # every legal card follows the lead
            if mine != led:
                if led == TRUMP:
                    return _("Trump led: play a trump")
                return _("Follow suit: %s") % font.suit_char(led)
            if led == TRUMP:
                return _("Play a higher trump")
            return _("Play a higher %s") % font.suit_char(led)
        if suits.count(TRUMP) == len(suits) and led != TRUMP:  # void: trump it
            if mine == TRUMP:
                return _("Play a higher trump")
            return _("Void in %s: play a trump") % font.suit_char(led)
    return _("%s may not be played now") % ui.card_label(c)
