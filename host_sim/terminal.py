"""Play a match against the computer in a plain terminal.

The screen is text: the deal's public state, your hand, the trick, and a
prompt listing your legal actions.  Enter an action's number or its text
("QH", "marriage H", "close"); a wrong entry is answered with the choices."""
from engine.cards import SUIT_NAMES, card_text
from engine.game import seat_name, side_names
from engine.match import Match
from engine.players import make_player, decide
from engine.records import deal_lines
from firmware import words

# the text game's own words (--lang ru: firmware/text/ru_play.py)
_ = words.section("play")


def _game(text, game):
    """An engine phrase of `game` in the player's language."""
    return words.phrase(text, "sixtysix" if game.NAME == "schnapsen" else game.NAME)


def _cards(cards):
    return " ".join(card_text(c) for c in cards) if cards else "-"


def _goal(options):
    """How the match is won: a target score, or a number of rounds (Skat)."""
    target = getattr(options, "match_target", None)
    if target is not None:
        from firmware.plural import plural
        return plural(_("first to %s game [point|points]"), target) % target
    rounds = getattr(options, "rounds", None)
    if rounds is not None:
        from firmware.plural import plural
        return plural(_("the highest score after %s [round|rounds]"), rounds) % rounds
    return _("the match winner")


def _result(r, game):
    """A deal's result as DealResult.text says it, in the player's language."""
    if words.LANG == "en":
        return r.text()
    name = r.names or [seat_name(i) for i in range(len(r.totals))]
    tot = ", ".join(["%s %d" % (name[i], t) for i, t in enumerate(r.totals)])
    if getattr(r, "head", None):
        head = _game(r.head, game)
    elif r.winner < 0:
        head = _("void") if r.void else _("draw")
    else:
        head = "%s +%d" % (name[r.winner], r.points[r.winner])
    if r.reason:
        return "%s (%s%s; %s)" % (head, _("totals "), tot, _game(r.reason, game))
    return "%s (%s%s)" % (head, _("totals "), tot)


def show(obs, match, out):
    """The table as the human at obs.seat sees it (only what he may know)."""
    me = obs.seat
    out("")
    trump = obs.trump
    line = []
    if trump is not None and 0 <= trump < 4:
        line.append(_("trump %s") % _(SUIT_NAMES[trump]))
    turnup = obs.turnup
    if turnup is not None and turnup >= 0:
        up = obs.turnup_face_up
        line.append(_("turn-up %s%s") % (card_text(turnup), "" if up else _(" (face down)")))
    if obs.stock is not None:
        line.append(_("stock %d") % obs.stock)
    if obs.closed:
        line.append(_("closed by %s") % seat_name(obs.closer))
    if line:
        out("  " + ", ".join(line))
    totals = getattr(obs, "totals", None)
    if totals is not None:
        parts = []
        for s, t in enumerate(totals):
            pend = getattr(obs, "pending", None)
            extra = _(" (+%d pending)") % pend[s] if pend and pend[s] else ""
            parts.append("%s%s %d%s" % (seat_name(s), _(" (you)") if s == me else "", t, extra))
        out(_("  this deal: ") + ", ".join(parts))
    names = side_names(match.game, match.options)
    out(_("  match: ") + ", ".join("%s %d" % (names[s], x) for s, x in enumerate(match.scores))
        + "  (%s)" % _goal(match.options))
    # Game-specific public facts: a list of (label, text) pairs.
    for label, text in obs.info:
        out("  %s: %s" % (_game(label, match.game), _game(text, match.game)))
    known = getattr(obs, "known", None)
    if known:
        out(_("  known in the other hand: ") + _cards(known))
    if obs.trick:
        out(_("  trick (led by %s): %s") % (seat_name(obs.leader), _cards(obs.trick)))
    out(_("  your hand: ") + _cards(obs.hand))


def ask(state, seat, inp, out, game=None):
    """Read one legal action from the human (its number, or its text as the
    engine writes it); repeats until it gets one.  Returns None at end of
    input."""
    legal = state.legal()
    texts = [state.action_text(a) for a in legal]
    shown = [_game(t, game) for t in texts] if game is not None else texts
    while True:
        out(_("  your move: ") + "  ".join("%d:%s" % (i + 1, t) for i, t in enumerate(shown)))
        line = inp()
        if line is None:
            return None
        t = line.strip()
        if not t:
            continue
        if t.isdigit() and 1 <= int(t) <= len(legal):
            return legal[int(t) - 1]
        try:
            a = state.parse_action(t)
        except ValueError as e:
            out("  %s" % e)
            continue
        if a in legal:
            return a
        out(_("  %s is not allowed now. Choose one of: %s") % (t, ", ".join(texts)))


def play(game, options, seed=1, human=0, opponent="ai", record=None,
         inp=None, out=print, lang="en"):
    """Play one match, the texts in `lang`; returns the Match (or None if
    the input ended)."""
    words.use(lang)
    if inp is None:
        def inp():
            try:
                return input("> ")
            except EOFError:
                return None
    match = Match(game, options, seed)
    n = match.nplayers
    bots = [None if s == human else make_player(opponent, game, seed * 31 + s)
            for s in range(n)]
    lines = ["game %s" % game.NAME]
    if options.text():
        lines.append("option " + options.text())
    out(_("%s: you are %s; %s wins.") % (words.title(game.TITLE), seat_name(human), _goal(options)))
    result = match
    while not match.over:
        st = match.new_deal()
        out("\n" + _("=== deal %d, %s deals ===") % (match.deals + 1, seat_name(st.dealer)))
        actions = []
        while not st.done:
            seat = st.to_move
            try:
                if seat == human:
                    show(st.observation(seat), match, out)
                    a = ask(st, seat, inp, out, game)
                else:
                    a = decide(bots[seat], st, match)
            except KeyboardInterrupt:
                # Ctrl-C: as the end of input (the record keeps what was played)
                out("\n" + _("interrupted; match abandoned."))
                result = None
                break
            if a is None:
                out("\n" + _("input ended; match abandoned."))
                result = None
                break
            if seat != human:
                out("  %s: %s" % (seat_name(seat), _game(st.action_text(a), game)))
            actions.append((seat, st.action_text(a)))
            st.apply(a)
        lines.extend(deal_lines(st, actions))
        if result is None:
            break
        match.finish_deal(st)
        lines.append("scores " + " ".join(str(x) for x in match.scores))
        out(_("  deal over: ") + _result(st.result, game))
        out(_("  match: ") + ", ".join("%s %d" % (n, x) for n, x in zip(side_names(game, options), match.scores)))
    if result is not None:
        names = side_names(game, options)
        lines.append("winner %s" % names[match.winner])
        out("\n" + _("%s wins the match.") % names[match.winner])
        line = getattr(match, "summary", None)  # e.g. Skat's Seeger-Fabian totals
        if line:
            out(line)
    if record:
        with open(record, "w") as f:
            f.write("\n".join(lines) + "\n")
        out(_("record written to %s") % record)
    return result
