# Game records: a small line-based text format for a deal or a match (see
# docs/records.md).  Replaying a record re-checks every action against the
# rules and recomputes every result; any problem is a RecordError that names
# the line.
from engine import games
from engine.game import IllegalAction, parse_seat, seat_name, side_names, Options
from engine.match import Match


class RecordError(ValueError):
    def __init__(self, line, msg):
        ValueError.__init__(self, "line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


def _lines(text):
    n = 0
    for raw in text.split("\n"):
        n += 1
        s = raw
        h = s.find("#")
        if h >= 0 and (h == 0 or s[h - 1] in " \t"):
            s = s[:h]  # a comment ('KH#2' is a card, not a comment)
        s = s.strip()
        if s:
            yield n, s


def _head(result_text):
    i = result_text.find(" (")
    return result_text if i < 0 else result_text[:i]


def _norm(s):
    return " ".join(s.split())


def replay(text, out=None):
    """Replay a record; returns the Match.  `out` receives a line per deal
    result (and per check).  Raises RecordError."""
    game = None
    opt_words = []
    seed = 1
    match = None
    state = None
    start_scores = None
    nactions = 0
    last = 0

    def need_match(n):
        nonlocal match
        if match is None:
            if game is None:
                raise RecordError(n, "the record must start with 'game NAME'")
            opts = Options(game.SETTINGS)
            for w in opt_words:
                k, v = w.split("=", 1)
                opts.set(k, v)
            match = Match(game, opts, seed)
            if start_scores is not None:
                if len(start_scores) != match.nsides:
                    raise RecordError(n, "start-scores needs %d numbers" % match.nsides)
                match.scores = list(start_scores)
        return match

    def finish(n):
        nonlocal state
        if state is not None and state.done:
            match.finish_deal(state)
            if out:
                out("deal %d: %s" % (match.deals, state.result.text()))
                out("scores %s" % " ".join([str(x) for x in match.scores]))
            state = None

    pending_dealer = None
    pending_deck = None
    deck_line = 0
    in_deal = False

    def start_deal(n):
        nonlocal state, in_deal, pending_deck, pending_dealer, nactions, deck_line
        m = need_match(n)
        if m.over:
            raise RecordError(n, "the match is already over (%s won)" % side_names(game, m.options)[m.winner])
        if pending_dealer is not None:
            if m.deals == 0:
                m.dealer = pending_dealer
            elif m.dealer != pending_dealer:
                raise RecordError(n, "the record says %s deals, but the rules give %s" % (
                    seat_name(pending_dealer), seat_name(m.dealer)))
        try:
            state = m.new_deal(pending_deck)
        except ValueError as e:
            raise RecordError(deck_line or n, str(e))
        pending_deck = None
        pending_dealer = None
        in_deal = False
        nactions = 0
        deck_line = 0

    for n, line in _lines(text):
        last = n
        word = line.split()[0].lower()
        rest = line[len(word):].strip()
        if word == "game":
            if game is not None:
                raise RecordError(n, "a record holds one game")
            try:
                game = games.load(rest)
            except ValueError as e:
                raise RecordError(n, str(e))
        elif word in ("option", "options"):
            if match is not None:
                raise RecordError(n, "options must come before the first deal")
            if game is None:
                raise RecordError(n, "the record must start with 'game NAME'")
            try:
                check = Options(game.SETTINGS)
                for w in rest.split():
                    if "=" not in w:
                        raise ValueError("option %r is not name=value" % w)
                    k, v = w.split("=", 1)
                    check.set(k, v)
            except ValueError as e:
                raise RecordError(n, str(e))
            opt_words.extend(rest.split())
        elif word == "seed":
            if match is not None:
                raise RecordError(n, "the seed must come before the first deal")
            try:
                seed = int(rest)
            except ValueError:
                raise RecordError(n, "seed needs a number, not %r" % rest)
        elif word == "start-scores":
            if match is not None:
                raise RecordError(n, "start-scores must come before the first deal")
            try:
                start_scores = [int(x) for x in rest.split()]
            except ValueError:
                raise RecordError(n, "start-scores needs numbers: %r" % rest)
        elif word == "deal":
            if state is not None and not state.done:
                raise RecordError(n, "the previous deal is unfinished (%s to move)" % seat_name(state.to_move))
            finish(n)
            need_match(n)
            in_deal = True
        elif word == "dealer":
            if not in_deal:
                raise RecordError(n, "'dealer' belongs after 'deal', before the first action")
            try:
                pending_dealer = parse_seat(rest, need_match(n).nplayers)
            except ValueError as e:
                raise RecordError(n, str(e))
        elif word == "deck":
            if not in_deal:
                raise RecordError(n, "'deck' belongs after 'deal', before the first action")
            try:
                from engine.cards import parse_cards
                pending_deck = parse_cards(rest)
                deck_line = n
            except ValueError as e:
                raise RecordError(n, str(e))
        elif word == "result":
            if in_deal:
                start_deal(n)
            if state is None or not state.done:
                raise RecordError(n, "'result' given but the deal is not over%s" % (
                    "" if state is None else " (%s to move)" % seat_name(state.to_move)))
            got = state.result.text()
            if _norm(rest) != _norm(got) and _norm(rest) != _norm(_head(got)):
                raise RecordError(n, "the record says result %r, the rules give %r" % (rest, got))
        elif word == "scores":
            finish(n)
            m = need_match(n)
            want = rest.split()
            have = [str(x) for x in m.scores]
            if want != have:
                raise RecordError(n, "the record says scores %s, the rules give %s" % (
                    " ".join(want), " ".join(have)))
        elif word == "winner":
            finish(n)
            m = need_match(n)
            if not m.over:
                raise RecordError(n, "the record names a winner but the match is not over")
            name = side_names(game, m.options)[m.winner]
            if _norm(rest).upper() != name.upper():
                raise RecordError(n, "the record says winner %s, the rules give %s" % (
                    rest, name))
        elif word[0] == "p" and word[1:].isdigit():
            if in_deal:
                start_deal(n)
            if state is None:
                raise RecordError(n, "an action before any 'deal' line")
            try:
                seat = parse_seat(word, state.nplayers)
            except ValueError as e:
                raise RecordError(n, str(e))
            if state.done:
                raise RecordError(n, "the deal is already over: %s" % state.result.text())
            if seat != state.to_move:
                raise RecordError(n, "it is %s's turn, not %s's" % (
                    seat_name(state.to_move), seat_name(seat)))
            try:
                a = state.parse_action(rest)
                state.apply(a)
            except (IllegalAction, ValueError) as e:
                raise RecordError(n, str(e))
            nactions += 1
        else:
            raise RecordError(n, "unknown line %r" % line)
    if in_deal:
        start_deal(last)
    if state is not None and state.done:
        finish(0)
    elif state is not None and out:
        out("deal unfinished after %d actions: %s to move; legal: %s" % (
            nactions, seat_name(state.to_move), ", ".join(state.legal_text())))
    if match is None:
        raise RecordError(last, "the record holds no deal")
    match.unfinished = state
    return match


def deal_lines(state, actions):
    """Lines for one deal: dealer, deck, actions (as seat + text), result.
    `actions` are (seat, action) pairs; `state.deck` is the dealt order."""
    out = ["deal", "dealer %s" % seat_name(state.dealer)]
    from engine.cards import card_text
    out.append("deck " + " ".join([card_text(c) for c in state.deck]))
    for seat, text in actions:
        out.append("%s %s" % (seat_name(seat), text))
    if state.done:
        out.append("result " + state.result.text())
    return out
