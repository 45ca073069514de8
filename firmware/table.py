# The card table: one human (seat 0) against the computer through the game
# interface only (state.legal/apply/observation, the search AI).
# Keys: LEFT/RIGHT move the cursor over the hand (or the action choices),
# UP goes to the actions (exchange, close, marriage, claim ...), DOWN back to
# the hand, OK plays, MENU or BACK pauses (resume / quit to the start menu).
import gc

from hal import keys
from engine.game import ACTION_BASE, side_of
from engine.match import Match
from engine.compat import collect_early
from engine.players import make_player, decide

# The computer's strength: the search AI at its default level (engine/ai.py;
# about 2-3 s a decision on an RP2040, shown by "AI is thinking").
OPPONENT = "ai"
from firmware.scene import Scene
from engine.savegame import Log
from firmware import ui, font, savegame
# Imported with the table, while the heap is still in one piece: a module
# loaded at the end of a deal may find it too fragmented on a small heap.
from firmware.summary import DealSummary

HUMAN = 0
AI_DELAY = 700  # ms: the computer waits, so that every card can be seen
END_DELAY = 1500  # ms the last trick stays before the deal's summary


def seat_label(seat, n):
    if seat == HUMAN:
        return "You"
    return "AI" if n == 2 else "AI%d" % seat


def action_label(state, a):
    """An action as the screen shows it: cards with suit glyphs, words
    capitalised, a trailing suit letter as its glyph ('Marriage ♥')."""
    if a < ACTION_BASE:
        return ui.card_label(a)
    t = state.action_text(a)
    if len(t) > 2 and t[-2] == " " and t[-1] in "CSHD":
        t = t[:-1] + font.suit_char("CSHD".find(t[-1]))
    return t[0].upper() + t[1:]


# The game menu's "opponents" level -> the engine's player kind.
KINDS = {"normal": OPPONENT, "easy": "ai-easy", "hard": "ai-hard"}


def make_players(game, match, seed=1, level="normal"):
    """The computer players by seat, at `level`; None for the human in seat 0."""
    kind = KINDS.get(level, OPPONENT)
    players = [None]
    for s in range(1, match.nplayers):
        players.append(make_player(kind, game, (seed + 101 * s) & 0x3FFFFFFF))
    return players


class Table(Scene):
    def __init__(self, app, game, opts, seed, restored=None, level="normal"):
        """A new match with computer players at `level`, or (restored: what
        savegame.restore returned) the saved one, continuing exactly where
        it was."""
        Scene.__init__(self, app)
        self.game = game
        self.level = level
        self.paused = False
        self.pause_sel = 0
        if restored:
            self.match, state, self.log, self.players = restored
            self.n = self.match.nplayers
            collect_early()
            self.my_side = side_of(game, self.match.options, HUMAN)
            self.new_deal(state)
            self.msg = "Match restored"
            return
        self.log = Log()  # every action of the match, for the save
        self.match = Match(game, opts, seed)
        self.n = self.match.nplayers
        self.players = make_players(game, self.match, seed, level)
        self.my_side = side_of(game, self.match.options, HUMAN)
        collect_early()
        self.new_deal()
        self._save()

    def _save(self):
        savegame.save(self.app.board.storage, self.match, self.log, self.players)

    def new_deal(self, state=None):
        self.state = state if state is not None else self.match.new_deal()
        self.obs = self.state.observation(HUMAN)
        self.row = 0  # 0: the hand, 1: the action choices
        self.cursor = 0
        self.chip = 0
        self.msg = "Deal %d" % (self.match.deals + 1)
        self.last = None  # the last finished trick's cards
        self.last_winner = -1
        self.ai_at = -1  # when the computer moves (-1: not scheduled)
        self.end_at = -1

    def label(self, seat):
        return seat_label(seat, self.n)

    def side_label(self, side):
        """A scoring side: a seat's label, or in partnership games We/They."""
        if self.match.nsides == self.n:
            return self.label(side)
        return "We" if side == self.my_side else "They"

    def wins(self, side):
        who = self.side_label(side)
        return who + (" win" if who in ("You", "We", "They") else " wins")

    # -- the flow of play ------------------------------------------------

    def _apply(self, a):
        st = self.state
        seat = st.to_move
        before = len(self.obs.played)
        text = action_label(st, a)
        st.apply(a)
        self.log.action(a)
        self.obs = None
        # Collect after every move, between the long-lived pieces of the deal
        # and the last move's garbage: otherwise the free heap ends up in
        # slivers too small for a new screen's text on a small heap.
        gc.collect()
        self.obs = st.observation(HUMAN)
        if st.done or st.to_move == HUMAN:
            self._save()  # written while the player decides, not per AI move
        self.msg = "%s: %s" % (self.label(seat), text)
        played = self.obs.played
        if not self.obs.trick and len(played) > before:
            self.last = played[before:]
            self.last_winner = self.obs.leader
            self.msg += " - %s" % ("you take it" if self.last_winner == HUMAN
                                   else self.label(self.last_winner) + " takes")
        self._clamp()

    def _clamp(self):
        n = len(self.obs.hand)
        if self.cursor >= n:
            self.cursor = n - 1 if n else 0
        if not self.actions():
            self.row = 0
        elif self.chip >= len(self.actions()):
            self.chip = 0

    def actions(self):
        """The human's choices that are not card plays."""
        return [a for a in self.obs.legal if a >= ACTION_BASE]

    def human_turn(self):
        return not self.state.done and self.state.to_move == HUMAN

    def busy(self):
        return not self.paused and not self.human_turn()

    def tick(self, now):
        if self.paused:
            return False
        st = self.state
        if st.done:
            if self.end_at < 0:
                self.end_at = now + END_DELAY
                return True
            if now >= self.end_at:
                self.match.finish_deal(st)
                self.log.end_of_deal()
                if self.match.over:
                    savegame.clear(self.app.board.storage)
                else:
                    self._save()

                self.app.go(DealSummary(self.app, self))
                return True
            return False
        if st.to_move == HUMAN:
            return False
        if self.ai_at < 0:
            # First frame: the thinking sign; the move comes on a later pass.
            self.ai_at = now + AI_DELAY
            return True
        if now < self.ai_at:
            return False
        seat = st.to_move
        a = decide(self.players[seat], st, self.match)
        self.ai_at = -1
        self._apply(a)
        return True

    def handle(self, key, event):
        if self.paused:
            return self._pause_key(key)
        if key == keys.MENU or key == keys.BACK:
            self.paused = True
            self.pause_sel = 0
            return True
        if not self.human_turn():
            return False
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
                self._apply(acts[self.chip])
                self.row = 0
            elif hand:
                c = hand[self.cursor]
                if c in self.obs.legal:
                    self._apply(c)
                else:
                    self.msg = "%s may not be played now" % ui.card_label(c)
        else:
            return False
        return True

    def _pause_key(self, key):
        if key == keys.UP or key == keys.DOWN:
            self.pause_sel = 1 - self.pause_sel
        elif key == keys.BACK or key == keys.MENU or (key == keys.OK and self.pause_sel == 0):
            self.paused = False
        elif key == keys.OK:
            from firmware.menu import StartMenu
            self.app.go(StartMenu(self.app))
        else:
            return False
        return True

    # -- drawing -----------------------------------------------------------

    def status(self):
        o = self.obs
        parts = []
        trump = getattr(o, "trump", -1)
        if trump is not None and 0 <= trump < 4:
            parts.append(font.suit_char(trump))
        stock = getattr(o, "stock", None)
        if stock is not None:
            parts.append("stock %d" % stock)
        totals = getattr(o, "totals", None)
        show = getattr(self.match.options, "show_running_totals", "true") == "true"
        if totals is not None and show:
            for s in range(len(totals)):
                parts.append("%s %d" % (self.side_label(s), totals[s]))
        return " ".join(parts)

    def draw(self, fb):
        m, th, o = self.app.m, self.app.theme, self.obs
        score = "%d:%d" % (self.match.scores[0], self.match.scores[1]) \
            if len(self.match.scores) == 2 else ""
        ui.text(fb, m, self.status(), 1, m.status_y, th.text)
        ui.text(fb, m, score, m.w - ui.text_w(m, score), m.status_y, th.accent)
        if self.ai_at >= 0 and not self.state.done:
            msg = "%s is thinking..." % self.label(self.state.to_move)
            ui.text(fb, m, msg, 1, m.msg_y, th.warn)
        else:
            ui.text(fb, m, self.msg, 1, m.msg_y, th.text)
        if m.opp_y >= 0:
            self._draw_opponent(fb, m, th, o)
        self._draw_stock(fb, m, th, o)
        self._draw_trick(fb, m, th, o)
        self._draw_prompt(fb, m, th)
        self._draw_hand(fb, m, th, o)
        if self.paused:
            self._draw_pause(fb, m, th)

    def _draw_opponent(self, fb, m, th, o):
        n = getattr(o, "opponent_cards", 0)
        label = self.label(1)
        ui.text(fb, m, label, 2, m.opp_y + 4, th.text)
        x = ui.text_w(m, label) + 6
        for i in range(n):
            ui.back(fb, m, th, x + i * (m.bw - 4), m.opp_y, m.bw, m.bh)

    def _draw_stock(self, fb, m, th, o):
        up = getattr(o, "turnup", -1)
        stock = getattr(o, "stock", 0)
        y = m.trick_y
        x = 1
        if stock and stock > 1:
            ui.back(fb, m, th, x, y, m.cw, m.ch)
            x += m.cw // 2
        if up is not None and up >= 0:
            if getattr(o, "turnup_face_up", True):
                ui.face(fb, m, th, x, y, up)
            else:
                ui.back(fb, m, th, x, y, m.cw, m.ch)
        if stock:
            ui.text(fb, m, "%d" % stock, x + m.cw + 2, y + m.ch - m.line, th.text)
        if getattr(o, "closed", False):
            ui.text(fb, m, "closed", x + m.cw + 2, y, th.accent)

    def _draw_trick(self, fb, m, th, o):
        cards = o.trick
        dim = False
        if not cards and self.last:
            cards = self.last
            dim = True
        if not cards:
            return
        step = m.cw + 3
        x = (m.w - len(cards) * step) // 2 + 8
        for c in cards:
            ui.face(fb, m, th, x, m.trick_y, c, False, dim)
            x += step
        if dim and m.big:
            ui.text(fb, m, "last", x + 2, m.trick_y + 4, th.dim)
            ui.text(fb, m, "trick", x + 2, m.trick_y + 14, th.dim)

    def _draw_prompt(self, fb, m, th):
        if not self.human_turn():
            return
        acts = self.actions()
        y = m.chips_y
        if acts:
            # The choices scroll sideways when they do not fit (long bid lists).
            labels = [action_label(self.state, a) for a in acts]
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
        lead = not self.obs.trick
        ui.text(fb, m, "Your lead" if lead else "Your turn", 1, y + 1, th.accent)

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
        for i in range(n):
            c = hand[i]
            sel = mine and self.row == 0 and i == self.cursor
            legal = mine and c in o.legal
            y = m.hand_y - (m.lift if sel else 0)
            ui.face(fb, m, th, x, y, c, sel, mine and not legal)
            if legal and not sel:
                # the mark of a playable card
                fb.fill_rect(x + m.cw // 2 - 1, m.hand_y - 3, 3, 2, th.cursor)
            x += step

    def _draw_pause(self, fb, m, th):
        w = m.w * 3 // 4
        h = 4 * m.line + 6
        x = (m.w - w) // 2
        y = (m.h - h) // 2
        fb.fill_rect(x, y, w, h, th.panel)
        fb.rect(x, y, w, h, th.text)
        ui.text(fb, m, "Paused", x + 4, y + 3, th.accent)
        items = ("Resume", "Quit to menu")
        for i in range(2):
            yy = y + 3 + (i + 1) * (m.line + 2)
            if i == self.pause_sel:
                fb.fill_rect(x + 2, yy - 1, w - 4, m.line + 1, th.cursor)
                ui.text(fb, m, items[i], x + 6, yy, th.bg if not th.colour else th.ink)
            else:
                ui.text(fb, m, items[i], x + 6, yy, th.text)
