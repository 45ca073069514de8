# Skat: the auction as a value chooser (UP/DOWN or LEFT/RIGHT through the
# legal values, Pass one step below the lowest), hold or pass as a menu,
# Tournee / Guckser / Hand and the game types as menus, the discard by
# marking two cards, the declarer's game, bid and announcements always in
# the status line.  Reads action texts ("bid 18", "solo H", "announce
# schneider" ...) rather than codes, so the official laws' games show too.
from engine.cards import parse_card
from engine.game import ACTION_BASE
from engine.skat.scoring import game_text, RAMSCH
from firmware.games import base
from firmware.games.base import suit, cap, info  # noqa: F401 (info: the interface)
from firmware.games import public
from firmware.dialog import Menu
from firmware.marks import Mark
from firmware import ui, words

_ = words.section("skat")
phrase = base.phrase

WORDS = (
    ("tournee", "Tournee: turn a skat card"),
    ("guckser", "Guckser: take both, grand"),
    ("hand", "Hand: leave the skat"),
    ("announce nothing", "No announcement"),
    ("announce schneider", "Schneider"),
    ("announce schwarz", "Schwarz"),
    ("announce ouvert", "Ouvert (open hand)"),
    ("take skat", "Take the skat"),
    ("grand tournee", "Grand Tournee"),
    ("play on", "Play on"),
    ("concede", "Concede the game"),
    ("claim", "Claim the rest"),
    ("accept", "Accept the card"),
    ("reject", "Reject: turn the next"),
    ("play", "Play (take the game)"),
)


def game_name(o):
    """The declarer's game as the engine names it (its laws' names: "solo
    spades", "spades hand", "grand ouvert", with a second show and the
    announcements), a suit as its glyph."""
    if o.gtype is None or o.gtype < 0:
        return ""
    t = game_text(o.gtype, o.trump, o.second_show, o.ann_s,
                  o.ann_z, o.laws == "isko",
                  o.hand_game, o.ouvert)
    for i in range(4):
        t = t.replace(base.SUIT_WORDS[i], suit(i))
    return cap(phrase(t.replace(" announced", "")))


def label(v, o, a):
    if a < ACTION_BASE:
        return ui.card_label(a)
    t = v.state.action_text(a)
    for w, s in WORDS:
        if t == w:
            return _(s)
    if t.startswith("bid "):
        return t[4:]
    return cap(base.suit_text(phrase(t)))


def status(v, o):
    """The game, the declarer and the bid; as forms, longest first: the
    declarer and the bid first ("Right 18: Grand hand, schneider"), the
    game without its announcements, then only its trump (the suit, Grand,
    Null): the OLED beside Skat's three scores has room for 15 letters."""
    parts = []
    d = o.declarer
    g = game_name(o)
    if g and (o.gtype == RAMSCH or d < 0):
        return g
    if d >= 0 and g:
        who = v.name(d)
        key = suit(o.trump) if 0 <= o.trump < 4 else g.split(" ")[0]
        if o.bid:
            full = "%s %s %s" % (g, who, _("bid %d") % o.bid)
            who = "%s %d" % (who, o.bid)
        else:
            full = g + " " + who
        return (full, who + ": " + g, who + " " + g.split(",")[0], who + " " + key)
    if o.bid:
        parts.append(_("Bid %d") % o.bid)
        for seat, call in reversed(o.auction):
            if call not in ("pass", "hold"):
                who = v.name(seat)
                return (parts[0] + " " + who, "%s %d" % (who, o.bid))
    return " ".join(parts)


def _auction_line(v, o):
    a = o.auction
    if not a:
        return _("Nobody has bid yet")
    seat, call = a[-1]
    return "%s: %s" % (v.name(seat), phrase(call))


def dialog(v, o, acts):
    ph = o.phase
    if base.any_card(o) and ph != "discard":
        return None
    texts = [v.state.action_text(a) for a in acts]
    if ph == "bidding":
        low = acts[texts.index("pass")] if "pass" in texts else acts[0]
        return public.bid_chooser(_("Your bid"), v, o, acts,
                                lambda a: v.state.action_text(a).startswith("bid "),
                                lambda a: int(v.state.action_text(a)[4:]), low,
                                (_auction_line(v, o),))
    if ph == "discard":
        action_of = {}
        for i in range(len(acts)):
            if texts[i].startswith("discard "):
                action_of[parse_card(texts[i][8:])] = acts[i]  # (the card, not read as an action)
        need = 2 - o.discarded
        skat = " ".join([ui.card_label(c) for c in o.skat])
        return Mark(_("Discard %d") % need, o.hand, action_of, need,
                    _("Discard"), (_("Skat was ") + skat,) if skat else ())
    items = [(label(v, o, acts[i]), (acts[i],)) for i in range(len(acts))]
    card = -1
    info_ = ()
    title = cap(phrase(ph))
    if ph == "answer":
        title = _("%s bids %d") % (_bidder(v, o), o.bid)
        items = [(_("Hold %d") % o.bid if texts[i] == "hold" else label(v, o, acts[i]), (acts[i],))
                 for i in range(len(acts))]
    elif ph == "turn" or ph == "jack":
        title = _("Tournee")
        if o.seen:
            card = o.seen[-1]
        info_ = (_("You turned:"),)
    elif ph == "skat":
        title = _("Won at %d: the skat?") % o.bid if o.bid else _("The skat?")
    elif ph == "declare":
        title = _("Your game (bid %d)") % o.bid if o.bid else _("Your game")
    elif ph == "announce":
        title = _("%s: announce?") % game_name(o)
    elif ph == "concede":
        if not o.trick and (o.leader + 2) % 3 == v.HUMAN:
            # After trick 1 the declarer may concede until the 2nd card of
            # trick 2 (D18, §5.7): playing third he is asked once the lead
            # is down, so not now as well (he was asked twice in a row).
            return acts[texts.index("play on")]
        title = _("Concede?")
        if o.trick:
            card = o.trick[0]  # the lead he answers
    elif ph == "forehand":
        title = _("All passed")
    return Menu(title, items, info_, card)


def _bidder(v, o):
    for seat, call in reversed(o.auction):
        if call not in ("pass", "hold"):
            return v.name(seat)
    return "?"


def event(v, seat, a, before, after):
    who = v.name(seat)
    t = v.state.action_text(a)
    you = seat == v.HUMAN  # "You bid", "Left bids"
    if a < ACTION_BASE:
        return "%s: %s" % (who, ui.card_label(a)), False
    if t.startswith("bid "):
        return (_("%s bid %s") if you else _("%s bids %s")) % (who, t[4:]), False
    if t == "pass":
        return (_("%s pass") if you else _("%s passes")) % who, False
    if t == "hold":
        return (_("%s hold %d") if you else _("%s holds %d")) % (who, before.bid), False
    if t.startswith("discard"):
        return (_("%s discard") if you else _("%s discards")) % who, False
    if t == "play on" and you and not before.trick:
        return None, False  # (answered for the player: dialog(); no news)
    g = game_name(after)
    if after.declarer == seat and g and g != game_name(before):
        return (_("%s play %s") if you else _("%s plays %s")) % (who, g), True
    if t.startswith("announce") and t != "announce nothing":
        return (_("%s announce %s") if you else _("%s announces %s")) % (who, phrase(t[9:])), True
    return "%s: %s" % (who, label(v, before, a)), t in ("concede", "accept", "claim")


def summary(v, st):
    r = st.result
    o = st.observation(0)
    out = []
    head = getattr(r, "head", "")
    if head:
        out.append((v.names(phrase(head)), False))
    if r.reason:
        out.append((v.names(base.cards_text(phrase(r.reason))), False))
    for s in range(len(r.totals)):
        n, k = r.totals[s], o.tricks[s]
        from firmware.plural import plural
        out.append((plural(_("%s %d card [point|points], %d [trick|tricks]"), n, k) % (v.name(s), n, k), False))
    if o.skat:
        out.append((_("Skat ") + " ".join([ui.card_label(c) for c in o.skat]), False))
    return out
