# Deberts' pre-play phase (spec §5, DB-D6, DB-D11, DB-D12): the trump 7
# exchange, the low-terz query, the declarations and their comparison, and
# bella.  A part of the deal state (engine.deberts.Deberts), kept apart as
# the spec keeps it: the methods here read and write the state's fields.
from engine.compat import sort_small
from engine.cards import SEVEN, card_text
from engine.game import State, seat_name
from engine import jacknine
from engine.deberts.actions import QUERY, EXCHANGE, DECLARE, DECLINE, BELLA
from engine.deberts.combos import combinations, best_key, combo_points, combo_cards, combo_text

BELLA_POINTS = 20


class PrePlay(State):
    def combos(self, seat):
        return combinations(self.hands[seat], self.trump,
                            self.opts.long_run_split == "on")

    def can_exchange(self, seat):
        # DB-D6: round-1 trump only, before his declaration step, trump 7 in hand
        o = self.opts
        if o.seven_exchange != "on" or self.round != 1 or self.decided[seat]:
            return False
        if o.seven_exchange_who == "maker_only" and seat != self.maker:
            return False
        return self.trump * 8 + SEVEN in self.hands[seat]

    def can_query(self, seat):
        # §5.1 low_terz_query: a trump run holding the 7 that he could still
        # trade for the candle
        if self.opts.low_terz_query != "on" or self.asked[seat] >= 0:
            return False
        if not self.can_exchange(seat):
            return False
        for k in self.combos(seat):
            if self.trump * 8 + SEVEN in combo_cards(k):
                return True
        return False

    def bella_by_hand(self):
        """Bella is announced by the player's own action (bella_announce =
        prompt); by default the engine announces it (DB-D12)."""
        return self.opts.bella_announce == "prompt"

    def bella_with(self, seat, c):
        """May `seat` announce bella as he plays c (DB-D12 b, variant)?"""
        if self.bella[seat] or self.trump < 0:
            return False
        k, q = jacknine.bella_cards(self.trump)
        if c != k and c != q:
            return False
        other = q if c == k else k
        if other in self.hands[seat]:
            return not self.trick or self.opts.bella_with_card == "lead_or_follow"
        return self.opts.bella_on_second_card == "on" and self.bella_half[seat]

    def preplay_actions(self, seat, out):
        """His actions before his first card (§5.1), appended to out: True
        while he must still declare or not (no card may be played yet)."""
        if not self.decided[seat]:
            if self.can_query(seat):
                out.append(QUERY)
            if self.can_exchange(seat):
                out.append(EXCHANGE)
            if self.combos(seat):
                out.append(DECLARE)
                out.append(DECLINE)
                return True
        if self.bella_by_hand() and not self.bella[seat] and \
                jacknine.has_bella(self.hands[seat], self.trump):
            out.append(BELLA)
        return False

    def _exchange(self, seat):
        seven = self.trump * 8 + SEVEN
        h = self.hands[seat]
        h.remove(seven)
        h.append(self.candle)
        sort_small(h)
        self.known[seat].append(self.candle)
        self.candle = seven
        self.exchanged = seat

    def _decide(self, seat, declare):
        """His declaration step closes: by his choice, his bella, or his
        first card (which also closes the exchange)."""
        self.decided[seat] = True
        if declare:
            self.declared[seat] = self.combos(seat)
        if not self.bella_by_hand() and jacknine.has_bella(self.hands[seat], self.trump):
            # DB-D12: the earliest allowed moment is this pre-play turn,
            # after the exchange (which may bring the K or Q) and the
            # declaration, before the first card.
            self._bella(seat)
        if seat == self.n:
            self._resolve()

    def _bella(self, seat):
        self.bella[seat] = True
        for c in jacknine.bella_cards(self.trump):
            self._know(seat, c)

    def _resolve(self):
        # §5.2, DB-D9: berz beats terz, then the top card, then trump; on a
        # full tie the first declarer (D) keeps it.
        kd = self.declared[self.d]
        kn = self.declared[self.n]
        w = -1
        if kd and kn:
            w = self.n if best_key(kn, self.trump) > best_key(kd, self.trump) else self.d
        elif kd:
            w = self.d
        elif kn:
            w = self.n
        self.combo_winner = w
        if w >= 0:
            self.combo_pts[w] = combo_points(self.declared[w])

    def _would_win(self, seat):
        """The truthful answer to the low-terz query: would his best
        combination win the comparison against what the other holds now
        (D asks) or has declared (N asks)?"""
        mine = best_key(self.combos(seat), self.trump)
        other = 1 - seat
        if seat == self.d:
            theirs = self.combos(other)
            return not theirs or best_key(theirs, self.trump) <= mine
        theirs = self.declared[other]
        return not theirs or mine > best_key(theirs, self.trump)

    def _know(self, seat, c):
        if c in self.hands[seat] and c not in self.known[seat]:
            self.known[seat].append(c)

    def _show_combos(self):
        # DB-D11: the winner shows his combinations once N has played
        self.shown = True
        w = self.combo_winner
        if w >= 0:
            for k in self.declared[w]:
                for x in combo_cards(k):
                    self._know(w, x)

    def declaration_text(self):
        """The public part of the declarations (DB-D11): each declared type,
        the top cards only when both types are equal (the "Рост?" answer),
        and the winner's combinations once N has played."""
        if self.d < 0:
            return ""
        kd = self.declared[self.d]
        kn = self.declared[self.n]
        same = kd and kn and kd[0][0] == kn[0][0]
        parts = []
        for s in (self.d, self.n):
            k = self.declared[s]
            if k:
                t = "%s %s" % (seat_name(s), "berz" if k[0][0] == 4 else "terz")
                if same:
                    t += " from " + card_text(k[0][1] * 8 + k[0][2])[0]
                parts.append(t)
            elif self.decided[s]:
                parts.append("%s none" % seat_name(s))
        if self.decided[self.n]:
            w = self.combo_winner
            if w >= 0:
                t = "%s scores %d" % (seat_name(w), self.combo_pts[w])
                if self.shown:
                    t += " (%s)" % ", ".join([combo_text(k) for k in self.declared[w]])
                parts.append(t)
        return "; ".join(parts)
