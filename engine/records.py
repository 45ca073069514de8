# Game records: a small line-based text format for a deal or a match (see
# docs/records.md).  Replaying a record re-checks every action against the
# rules and recomputes every result; any problem is a RecordError that names
# the line.
from engine import games
from engine.compat import is_digits, number
from engine.game import IllegalAction, parse_seat, seat_name, side_names, Options
from engine.match import Match
from engine.cards import parse_cards, card_text


class RecordError(ValueError):
    def __init__(self, line, msg):
        # (super(): MicroPython has no ValueError.__init__ to call)
        super().__init__("line %d: %s" % (line, msg))
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


class _Replay:
    """The state of one replay: the game, the match once the first deal
    starts, the deal in progress, and what the next deal's lines set up."""

    def __init__(self, out):
        self.out = out
        self.game = None
        self.opt_words = []
        self.seed = 1
        self.start_scores = None
        self.match = None
        self.state = None
        self.in_deal = False  # after 'deal', before its first action
        self.dealer = None
        self.deck = None
        self.deck_line = 0
        self.nactions = 0

    # -- helpers ---------------------------------------------------------

    def need_match(self, n):
        if self.match is None:
            if self.game is None:
                raise RecordError(n, "the record must start with 'game NAME'")
            opts = Options(self.game.SETTINGS)
            for w in self.opt_words:
                k, v = w.split("=", 1)
                opts.set(k, v)
            self.match = Match(self.game, opts, self.seed)
            if self.start_scores is not None:
                if len(self.start_scores) != self.match.nsides:
                    raise RecordError(n, "start-scores needs %d numbers" % self.match.nsides)
                self.match.scores = list(self.start_scores)
        return self.match

    def before_first_deal(self, n, what):
        if self.match is not None:
            raise RecordError(n, "%s must come before the first deal" % what)

    def side_name(self, side):
        return side_names(self.game, self.match.options)[side]

    def finish(self):
        """Book a finished deal into the match."""
        st = self.state
        if st is not None and st.done:
            self.match.finish_deal(st)
            if self.out:
                self.out("deal %d: %s" % (self.match.deals, st.result.text()))
                self.out("scores %s" % " ".join([str(x) for x in self.match.scores]))
            self.state = None

    def start_deal(self, n):
        m = self.need_match(n)
        if m.over:
            raise RecordError(n, "the match is already over (%s won)" % self.side_name(m.winner))
        if self.dealer is not None:
            if m.deals == 0:
                m.dealer = self.dealer
            elif m.dealer != self.dealer:
                raise RecordError(n, "the record says %s deals, but the rules give %s" % (
                    seat_name(self.dealer), seat_name(m.dealer)))
        try:
            self.state = m.new_deal(self.deck)
        except ValueError as e:
            raise RecordError(self.deck_line or n, str(e))
        self.in_deal = False
        self.dealer = None
        self.deck = None
        self.deck_line = 0
        self.nactions = 0

    # -- one method per kind of line -------------------------------------

    def line_game(self, n, rest):
        if self.game is not None:
            raise RecordError(n, "a record holds one game")
        self.game = games.load(rest)

    def line_option(self, n, rest):
        self.before_first_deal(n, "options")
        if self.game is None:
            raise RecordError(n, "the record must start with 'game NAME'")
        check = Options(self.game.SETTINGS)
        for w in rest.split():
            if "=" not in w:
                raise ValueError("option %r is not name=value" % w)
            k, v = w.split("=", 1)
            check.set(k, v)
        self.opt_words.extend(rest.split())

    def line_seed(self, n, rest):
        self.before_first_deal(n, "the seed")
        try:
            self.seed = number(rest)
        except ValueError:
            raise RecordError(n, "seed needs a number, not %r" % rest)

    def line_start_scores(self, n, rest):
        self.before_first_deal(n, "start-scores")
        try:
            self.start_scores = [number(x) for x in rest.split()]
        except ValueError:
            raise RecordError(n, "start-scores needs numbers: %r" % rest)

    def line_deal(self, n, rest):
        st = self.state
        if st is not None and not st.done:
            raise RecordError(n, "the previous deal is unfinished (%s to move)" % seat_name(st.to_move))
        if self.in_deal:
            raise RecordError(n, "the previous deal has no action")
        self.finish()
        self.need_match(n)
        self.in_deal = True

    def line_dealer(self, n, rest):
        if not self.in_deal:
            raise RecordError(n, "'dealer' belongs after 'deal', before the first action")
        self.dealer = parse_seat(rest, self.need_match(n).nplayers)

    def line_deck(self, n, rest):
        if not self.in_deal:
            raise RecordError(n, "'deck' belongs after 'deal', before the first action")
        self.deck = parse_cards(rest)
        self.deck_line = n

    def line_result(self, n, rest):
        if self.in_deal:
            self.start_deal(n)
        st = self.state
        if st is None or not st.done:
            raise RecordError(n, "'result' given but the deal is not over%s" % (
                "" if st is None else " (%s to move)" % seat_name(st.to_move)))
        got = st.result.text()
        if _norm(rest) != _norm(got) and _norm(rest) != _norm(_head(got)):
            raise RecordError(n, "the record says result %r, the rules give %r" % (rest, got))

    def line_scores(self, n, rest):
        self.finish()
        m = self.need_match(n)
        want = rest.split()
        have = [str(x) for x in m.scores]
        if want != have:
            raise RecordError(n, "the record says scores %s, the rules give %s" % (
                " ".join(want), " ".join(have)))

    def line_winner(self, n, rest):
        self.finish()
        m = self.need_match(n)
        if not m.over:
            raise RecordError(n, "the record names a winner but the match is not over")
        name = self.side_name(m.winner)
        if _norm(rest).upper() != name.upper():
            raise RecordError(n, "the record says winner %s, the rules give %s" % (rest, name))

    def line_action(self, n, word, rest):
        if self.in_deal:
            self.start_deal(n)
        st = self.state
        if st is None:
            raise RecordError(n, "an action before any 'deal' line")
        seat = parse_seat(word, st.nplayers)
        if st.done:
            raise RecordError(n, "the deal is already over: %s" % st.result.text())
        if seat != st.to_move:
            raise RecordError(n, "it is %s's turn, not %s's" % (
                seat_name(st.to_move), seat_name(seat)))
        st.apply(st.parse_action(rest))
        self.nactions += 1

    def line(self, n, line):
        word = line.split()[0].lower()
        rest = line[len(word):].strip()
        if word[0] == "p" and is_digits(word[1:]):
            return self.line_action(n, word, rest)
        f = _LINES.get(word)
        if f is None:
            raise RecordError(n, "unknown line %r" % line)
        f(self, n, rest)

    def end(self, last):
        if self.in_deal:
            self.start_deal(last)
        st = self.state
        if st is not None and st.done:
            self.finish()
        elif st is not None and self.out:
            self.out("deal unfinished after %d actions: %s to move; legal: %s" % (
                self.nactions, seat_name(st.to_move), ", ".join(st.legal_text())))
        if self.match is None:
            raise RecordError(last, "the record holds no deal")
        self.match.unfinished = st
        return self.match


_LINES = {
    "game": _Replay.line_game,
    "option": _Replay.line_option,
    "options": _Replay.line_option,
    "seed": _Replay.line_seed,
    "start-scores": _Replay.line_start_scores,
    "deal": _Replay.line_deal,
    "dealer": _Replay.line_dealer,
    "deck": _Replay.line_deck,
    "result": _Replay.line_result,
    "scores": _Replay.line_scores,
    "winner": _Replay.line_winner,
}


def replay(text, out=None):
    """Replay a record; returns the Match (its `unfinished` attribute holds a
    deal the record leaves part-way).  `out` receives a line per deal result.
    Any problem raises RecordError naming the line; never another exception."""
    r = _Replay(out)
    last = 0
    for n, line in _lines(text):
        last = n
        try:
            r.line(n, line)
        except RecordError:
            raise
        except (IllegalAction, ValueError) as e:
            raise RecordError(n, str(e))
        except Exception as e:  # a rules bug must still name the line
            raise RecordError(n, "cannot replay this line (%s: %s)" % (type(e).__name__, e))
    try:
        return r.end(last)
    except RecordError:
        raise
    except Exception as e:
        raise RecordError(last, "cannot replay the record (%s: %s)" % (type(e).__name__, e))


def deal_lines(state, actions):
    """Lines for one deal: dealer, deck, actions (as seat + text), result.
    `actions` are (seat, action) pairs; `state.deck` is the dealt order."""
    out = ["deal", "dealer %s" % seat_name(state.dealer)]
    out.append("deck " + " ".join([card_text(c) for c in state.deck]))
    for seat, text in actions:
        out.append("%s %s" % (seat_name(seat), text))
    if state.done:
        out.append("result " + state.result.text())
    return out
