# The card table: one human (seat 0) against the computer through the game
# interface only (state.legal/apply/observation, the search AI).  The
# generic part: layout by seat, cursor, keys, the flow of play.  What a game
# shows (status, labels, dialogs, events, the summary's breakdown) comes from
# its presentation module in firmware/games/.
#
# Keys: LEFT/RIGHT move over the hand (or a dialog's choices), OK plays or
# chooses, UP goes to the action chips beside a card play (exchange, close,
# marriage ...), DOWN shows the last trick, then the events, then the score
# (DOWN again for the next, any other key closes), BACK or MENU pauses.
import gc

from hal import keys
from hal.ticks import ticks_add, ticks_diff
from engine.game import ACTION_BASE, side_of, side_names
from engine.match import Match
from engine.compat import collect_early
from engine.players import make_player
from engine.savegame import Log
from firmware.scene import Scene
from firmware import ui, savegame, words, font
from firmware import games as presentations

_ = words.section("table")

# The computer's strength: the search AI at its default level (engine/ai.py).
OPPONENT = "ai"
HUMAN = 0
AI_DELAY = 700  # ms: the computer waits, so that every card can be seen
READ_MS = 1800  # ms an event that scores stays before the next move
END_DELAY = 1500  # ms the last trick stays before the deal's summary
HISTORY = 8  # events kept for the history view

# The views DOWN steps through
VIEWS = ("Last trick", "Events", "Score")
PAUSE = ("Resume", "Hint", "Take back", "Last trick", "Events", "Score", "Quit to menu")
HINT = 1  # the pause menu's lines of the hint and the take-back; the views follow
TAKE_BACK = 2


def seat_names(n, partners):
    """The seats' names by place at the table: the player, then the seats
    in the order of play (to the player's left first)."""
    if n == 2:
        return ("You", "AI")
    if n == 3:
        return ("You", "Left", "Right")
    return ("You", "Left", "Partner" if partners else "Across", "Right")


# The game menu's "opponents" level -> the engine's player kind.
KINDS = {"normal": OPPONENT, "easy": "ai-easy", "hard": "ai-hard"}


def make_players(game, match, seed=1, level="normal"):
    """The computer players by seat, at `level`; None for the human in seat 0."""
    kind = KINDS.get(level, OPPONENT)
    players = [None]
    for s in range(1, match.nplayers):
        # With the wall-clock guard: on a board slower than the one measured
        # a search still ends within its level's longest decision.
        players.append(make_player(kind, game, (seed + 101 * s) & 0x3FFFFFFF, True))
    return players


def start(app, name, opts, seed, level, saved=False, takebacks=False):
    """The table of a new match of game `name` (its save, if any, is
    dropped: the player chose to start over), or (saved) of the game's
    saved match; None when no save can be used (set aside, and the player
    told)."""
    from engine import games
    game = games.load(name)
    storage = app.board.storage
    if not saved:
        savegame.clear(storage, name)
        return Table(app, game, opts, seed, None, level, takebacks)

    def players(game, match):
        return make_players(game, match, 1, level)
    from firmware import saves  # (released by the app once the table is made)
    restored, why = saves.restore(storage, name, players)
    if why:
        # Not a match the rules can replay: it was set aside; say so.
        from firmware.notice import set_aside_text
        app.notify(set_aside_text(_("The saved %s match") % words.title(game.TITLE), storage, why)
                   + (_(" The save before it goes on.") if restored else ""))
    if restored is None:
        return None
    m = restored[0]
    return Table(app, game, m.options, m.seed, restored, level)


def _summary():
    """The deal's summary screen (firmware/summary.py), loaded at the deal's
    end, not with the table: its code would stand in the way of every search
    of the deal.  Loaded on a collected heap, which a new screen's code and
    text need in one piece."""
    import sys
    if "firmware.summary" not in sys.modules:
        gc.collect()
    from firmware.summary import DealSummary
    return DealSummary


class Table(Scene):
    # for the modules that draw parts of the table (overlay, seats), which
    # must not import this one back
    HUMAN = HUMAN
    VIEWS = VIEWS
    PAUSE = PAUSE
    HINT = HINT
    TAKE_BACK = TAKE_BACK
    make_players = staticmethod(make_players)
    deal_due = False  # the summary is gone: the next deal is due (tick)

    def __init__(self, app, game, opts, seed, restored=None, level="normal", takebacks=False):
        """A new match with computer players at `level`, or (restored: what
        savegame.restore returned) the saved one, continuing exactly where
        it was."""
        Scene.__init__(self, app)
        self.game = game
        self.p = presentations.load(game.NAME)
        self.level = level
        self.paused = False
        self.pause_sel = 0
        self.history = []
        self.moved = False  # the player moved: after_frame() collects the garbage
        self.save_due = False  # the match is saved once the move's frame is out
        self.early = False  # collect_early() is due after the frame
        if restored:
            self.match, state, self.log, self.players = restored
            self._seats(game)
            collect_early()
            self.new_deal(state)
            self.msg = _("Match restored")
            return
        self.log = Log()  # every action of the match, for the save
        self.log.takebacks = takebacks
        self.match = Match(game, opts, seed)
        self._seats(game)
        # The computer players, the save and the collection threshold come
        # once the first frame is out (after_frame): a new match's first
        # screen waits neither for the players' modules (~10 ms on a Pico
        # with three or four seats) nor ~0.1 s for the flash nor 9 ms for
        # mem_free()'s walk of the heap.  No player is asked before then:
        # the computer's first move is due a frame later (tick).
        self.players = None
        self.new_deal()
        self.save_due = self.early = True

    def _seats(self, game):
        m = self.match
        self.n = m.nplayers
        self.my_side = side_of(game, m.options, HUMAN)
        self.partners = m.nsides < self.n
        self.seat_names = [_(s) for s in seat_names(self.n, self.partners)]

    def _save(self):
        savegame.save(self.app.board.storage, self.match, self.log, self.players)

    def new_deal(self, state=None):
        font.forget()  # the last deal's lines: a deal's dialogs want the heap
        self.state = state if state is not None else self.match.new_deal()
        self.obs = self.state.observation(HUMAN)
        self.row = 0  # 0: the hand, 1: the action chips
        self.cursor = 0
        self.chip = 0
        self.view = -1  # the view DOWN shows (VIEWS), -1: the table
        self.view_lines = None  # the view's lines, made once, and its scroll (overlay.py)
        self.msg = _("Deal %d") % (self.match.deals + 1)
        self.last = None  # the last finished trick: (leader, cards, winner)
        self.ai_at = -1  # when the computer moves (-1: not scheduled)
        self.ai_move = -1  # the computer's move, decided and due at ai_at (-1: not yet)
        self.spin = 0  # the thinking sign's steps during a long search
        self.shown_at = 0  # when the last frame of the thinking sign was sent
        self.end_at = -1
        self.hold = False  # the last event scored: it stays longer
        self.hint_due = 0  # 1: the hint was asked for, 2: its sign is shown
        self.marks = []  # the log's length before each of the player's moves this deal
        self._decision()

    # -- names -------------------------------------------------------------

    def name(self, seat):
        return self.seat_names[seat]

    def names(self, text):
        """The engine's side names (NS, P1+P3 ...) and seat names (P1, P2
        ...) as the screen says them: We and They, You, Left ...  The sides
        first, since a side's name may hold its seats' names."""
        if self.partners:
            names = side_names(self.game, self.match.options)
            for side in range(len(names)):
                text = text.replace(names[side], self.side_name(side))
        for s in range(self.n - 1, -1, -1):
            text = text.replace("P%d" % (s + 1), self.seat_names[s])
        return text

    def side_name(self, side):
        """A scoring side: a seat's name, or in partnership games We/They."""
        if not self.partners:
            return self.name(side)
        return _("We") if side == self.my_side else _("They")

    def wins(self, side):
        plural = self.partners or side == self.my_side  # You, We, They
        return (_("%s win") if plural else _("%s wins")) % self.side_name(side)

    def score_text(self):
        """The match score of every side, compactly (the player's first)."""
        sc = self.match.scores
        if len(sc) == 2:
            return "%d:%d" % (sc[self.my_side], sc[1 - self.my_side])
        return "/".join(["%d" % x for x in sc])

    # -- the flow of play ------------------------------------------------

    def _apply(self, a):
        st = self.state
        seat = st.to_move
        before = self.obs
        nplayed = len(before.played)
        if seat == HUMAN and a >= ACTION_BASE:
            from firmware import thinking  # (a Skat claim's check: seconds)
            thinking.apply(self, a)
        else:
            st.apply(a)
        self.log.action(a)
        self.obs = None
        # Collect after every move, between the long-lived pieces of the deal
        # and the last move's garbage: otherwise the free heap ends up in
        # slivers too small for a new screen's text or a search on a small
        # heap.  The player's own move is collected after its frame
        # (after_frame()): the key's response need not wait for it (~17 ms
        # on a Pico).
        self.moved = seat == HUMAN
        if not self.moved:
            gc.collect()
        self.obs = o = st.observation(HUMAN)
        # Saved while the player decides, not per AI move; once the move's
        # frame is out: a write to the flash takes tens of ms.
        self.save_due = st.done or st.to_move == HUMAN
        text, notable = self.p.event(self, seat, a, before, o)
        before = None
        if not o.trick and len(o.played) > nplayed:
            cards = o.played[nplayed:]
            self.last = (self._seat_of_last(cards, seat), cards, o.leader)
            w = o.leader
            text += " - %s" % (_("you take it") if w == HUMAN else _("%s takes") % self.name(w))
        if text is not None:  # (None: an answer made for the player, the last event stays)
            self.msg = text
            self.hold = notable
            self._event(text)
        self._decision()

    def after_frame(self):
        if self.players is None:
            self.players = make_players(self.game, self.match, self.match.seed, self.level)
            gc.collect()  # what setting up the table left (App._play does not)
        if self.moved:
            self.moved = False
            gc.collect()  # (see _apply)
        if self.save_due:
            self.save_due = False
            self._save()
        if self.early:
            self.early = False
            collect_early()

    def _seat_of_last(self, cards, seat):
        # The last card of a finished trick was the mover's: the leader sat
        # len(cards) - 1 places before him in the order of play.
        return (seat - len(cards) + 1) % self.n

    def _event(self, text):
        h = self.history
        h.append(text)
        if len(h) > HISTORY:
            h.pop(0)

    def _decision(self):
        """The dialog of the human's decision, if it has one; the cursor kept
        on the hand."""
        o = self.obs
        n = len(o.hand)
        if self.cursor >= n:
            self.cursor = n - 1 if n else 0
        self.dlg = None
        acts = self.actions()
        if not acts:
            self.row = 0
        elif self.chip >= len(acts):
            self.chip = 0
        if self.human_turn() and acts:
            d = self.p.dialog(self, o, acts)
            if type(d) is int:  # the answer, made for the player (Skat's concession)
                self._apply(d)
                return
            self.dlg = d

    def actions(self):
        """The human's choices that are not card plays."""
        return [a for a in self.obs.legal if a >= ACTION_BASE]

    def human_turn(self):
        return not self.state.done and self.state.to_move == HUMAN

    def busy(self):
        return not self.paused and self.view < 0 and (self.hint_due or not self.human_turn())

    def tick(self, now):
        if self.deal_due:
            self.deal_due = False
            gc.collect()
            self.new_deal()
        if self.paused or self.view >= 0:
            return False
        if self.hint_due:
            from firmware import overlay
            return overlay.hint(self)
        st = self.state
        if st.done:
            if self.end_at < 0:
                self.end_at = ticks_add(now, READ_MS if self.hold else END_DELAY)
                return True
            summary = _summary()  # (while the last trick is read)
            if ticks_diff(now, self.end_at) >= 0:
                self.match.finish_deal(st)
                self.log.end_of_deal()
                if not self.match.over:
                    # (if it is, the result is booked and the save removed
                    # in one step, on the summary's way to the match's end)
                    self._save()
                self.app.go(summary(self.app, self))
                return True
            return False
        if st.to_move == HUMAN:
            return False
        if self.ai_at < 0:
            # First frame: the thinking sign beside the last move's event,
            # which stays readable while the computer decides on the next
            # pass; the move comes once the delay from this frame is over.
            self.ai_at = ticks_add(now, READ_MS if self.hold else AI_DELAY)
            self.ai_move = -1
            self.spin = 0
            self.shown_at = now
            return True
        if self.ai_move < 0:
            self.ai_move = self._think()
            now = self.app.board.ticks_ms()
        if ticks_diff(now, self.ai_at) < 0:
            return False
        a = self.ai_move
        self.ai_at = -1
        self.ai_move = -1
        self.spin = 0
        self._apply(a)
        return True

    def _think(self):
        """The computer's decision for the seat to move (firmware/thinking.py)."""
        from firmware import thinking
        return thinking.think(self)

    def _progress(self):
        """Called by a search after each rollout (firmware/thinking.py)."""
        from firmware import thinking
        thinking.progress(self)

    def handle(self, key, event):
        if self.paused:
            from firmware import overlay
            return overlay.pause_key(self, key)
        if self.view >= 0:
            from firmware import overlay
            return overlay.view_key(self, key)
        if key == keys.MENU or key == keys.BACK:
            self.paused = True
            self.pause_sel = 0
            return True
        if key == keys.DOWN and (self.row == 0 or not self.human_turn()) \
                and (self.dlg is None or self.dlg.hand_mode):
            self.view = 0
            return True
        if not self.human_turn():
            return False
        if self.dlg is not None:
            r = self.dlg.handle(key)
            if r is None:
                return False
            if r:
                self.marks.append(len(self.log.data))
            for a in r:
                self._apply(a)
            return True
        acts = self.actions()
        hand = self.obs.hand
        if key == keys.UP and acts:
            self.row = 1
        elif key == keys.DOWN:
            self.row = 0
        elif key == keys.LEFT or key == keys.RIGHT:
            d = -1 if key == keys.LEFT else 1
            if self.row == 1:
                self.chip = (self.chip + d) % len(acts)
            elif hand:
                self.cursor = (self.cursor + d) % len(hand)
        elif key == keys.OK:
            if self.row == 1:
                self.row = 0
                self.marks.append(len(self.log.data))
                self._apply(acts[self.chip])
            elif hand:
                c = hand[self.cursor]
                if c in self.obs.legal:
                    self.marks.append(len(self.log.data))
                    self._apply(c)
                else:
                    from firmware import refusal  # (it lets itself go)
                    self.msg = refusal.reason(self, c)
        else:
            return False
        return True

    # -- drawing -----------------------------------------------------------

    def draw(self, fb):
        m, th, o = self.app.m, self.app.theme, self.obs
        score = self.score_text()
        sw = ui.text_w(m, score)
        if self.app.battery is not None:  # (its sign in the corner)
            sw += self.app.power.sign_w(m)
        ui.text(fb, m, ui.fit(m, self.p.status(self, o), m.w - sw - 4), 1, m.status_y, th.text)
        ui.text(fb, m, score, m.w - sw, m.status_y, th.accent)
        if self.ai_at >= 0 and not self.state.done:
            # The last event stays; the thinking sign at the line's end
            # (its dots move during a long search).
            name = self.name(self.state.to_move)
            x = m.w - ui.text_w(m, name + "...") - 1
            ui.text(fb, m, ui.fit(m, self.msg, x - 4), 1, m.msg_y, th.text)
            ui.text(fb, m, name + "..."[:1 + (self.spin + 2) % 3], x, m.msg_y, th.warn)
        else:
            ui.text(fb, m, ui.fit(m, self.msg, m.w - 2), 1, m.msg_y, th.text)
        if self.view >= 0:
            from firmware import overlay
            overlay.draw_view(self, fb, m, th, o)
            return
        if self.n == 2:
            if m.opp_y >= 0:
                self._draw_opponent(fb, m, th, o)
            self._draw_stock(fb, m, th, o)
            self._draw_trick2(fb, m, th, o)
        else:
            from firmware import seats
            seats.draw(self, fb, m, th, o)
        if self.dlg is not None:
            self.dlg.draw(fb, m, th)
        else:
            self._draw_prompt(fb, m, th)
        self._draw_hand(fb, m, th, o)
        if self.paused:
            from firmware import overlay
            overlay.draw_pause(self, fb, m, th)

    def _draw_opponent(self, fb, m, th, o):
        n = self._cards_left(o, 1)
        label = self.name(1)
        ui.text(fb, m, label, 2, m.opp_y + 4, th.text)
        x = ui.text_w(m, label) + 6
        for i in range(n):
            ui.back(fb, m, th, x + i * (m.bw - 4), m.opp_y, m.bw, m.bh)

    def _cards_left(self, o, seat):
        if o.hand_sizes:
            return o.hand_sizes[seat]
        if self.state.phase != "play" and o.played == []:
            return -1  # before the play the hands may still change (the skat)
        # Hands as long as each other at a trick's start, less what each
        # seat has put on this trick.
        played = o.trick
        mine = (HUMAN - o.leader) % self.n < len(played)
        start = len(o.hand) + (1 if mine else 0)
        return start - (1 if (seat - o.leader) % self.n < len(played) else 0)

    def _draw_stock(self, fb, m, th, o):
        up = o.turnup
        stock = o.stock
        y = m.trick_y
        x = 1
        if stock and stock > 1:
            ui.back(fb, m, th, x, y, m.cw, m.ch)
            x += m.cw // 2
        if up is not None and up >= 0:
            if o.turnup_face_up:
                ui.face(fb, m, th, x, y, up)
            else:
                ui.back(fb, m, th, x, y, m.cw, m.ch)
        if stock:
            ui.text(fb, m, "%d" % stock, x + m.cw + 2, y + m.ch - m.line, th.text)
        if o.closed:
            ui.text(fb, m, _("closed"), x + m.cw + 2, y, th.accent)

    def _trick_cards(self, o):
        """(leader, cards, dim): the trick on the table, or the last one dimmed."""
        if o.trick:
            return o.leader, o.trick, False
        if self.last:
            return self.last[0], self.last[1], True
        return -1, (), False

    def _draw_trick2(self, fb, m, th, o):
        lead, cards, dim = self._trick_cards(o)
        if not cards:
            return
        step = m.cw + 3
        x = (m.w - len(cards) * step) // 2 + 8
        for c in cards:
            ui.face(fb, m, th, x, m.trick_y, c, False, dim)
            x += step
        if dim and m.big:
            ui.text(fb, m, _("last"), x + 2, m.trick_y + 4, th.dim)
            ui.text(fb, m, _("trick"), x + 2, m.trick_y + 14, th.dim)

    def _place(self, seat):
        """The table position of a seat: 0 the player, 1 left, 2 across, 3
        right (three seats: left and right)."""
        p = (seat - HUMAN) % self.n
        if self.n == 3 and p == 2:
            return 3
        return p

    def _draw_prompt(self, fb, m, th):
        if not self.human_turn():
            return
        acts = self.actions()
        y = m.chips_y
        if acts and (self.n == 2 or self.row == 1):
            # The choices scroll sideways when they do not fit.
            o = self.obs
            labels = [self.p.label(self, o, a) for a in acts]
            sel = self.chip if self.row == 1 else 0
            first = 0
            while first < sel and self._chips_w(m, labels, first, sel) > m.w - 2:
                first += 1
            x = 1
            for i in range(first, len(acts)):
                if x + ui.text_w(m, labels[i]) + 3 > m.w:
                    break
                x = ui.chip(fb, m, th, labels[i], x, y, self.row == 1 and i == self.chip)
            return
        if self.n == 2:
            lead = not self.obs.trick
            ui.text(fb, m, _("Your lead") if lead else _("Your turn"), 1, y + 1, th.accent)
        elif acts:
            ui.text(fb, m, _("UP: more"), 1, m.hand_y - m.line - 1, th.accent)

    def _chips_w(self, m, labels, a, b):
        w = 0
        for i in range(a, b + 1):
            w += ui.text_w(m, labels[i]) + 5
        return w

    def _draw_hand(self, fb, m, th, o):
        hand = o.hand
        n = len(hand)
        if not n:
            return
        step = m.cw + 2
        if n > 1 and (n - 1) * step + m.cw > m.w - 2:
            step = (m.w - 2 - m.cw) // (n - 1)
        x = (m.w - ((n - 1) * step + m.cw)) // 2
        mine = self.human_turn()
        d = self.dlg
        mark = d is not None and d.hand_mode
        cards_now = mine and (d is None or mark)
        for i in range(n):
            c = hand[i]
            if mark:
                sel = i == d.cursor
                up = c in d.marked
                legal = c in d.action_of
            else:
                sel = cards_now and self.row == 0 and i == self.cursor
                up = sel
                legal = mine and c in o.legal
            y = m.hand_y - (m.lift if up else 0)
            ui.face(fb, m, th, x, y, c, sel, cards_now and not legal)
            if legal and cards_now and not sel:
                # the mark of a playable card
                fb.fill_rect(x + m.cw // 2 - 1, m.hand_y - 3, 3, 2, th.cursor)
            x += step
