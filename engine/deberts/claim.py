# Deberts' early claim "Партия" (spec §7, DB-D17, DB-D19): made only
# between tricks, after any completed trick, offered to the trick's winner
# first and then to the other player.  A part of the deal state
# (engine.deberts.Deberts), kept apart as the spec keeps it.
#
# How the offer is made: after a trick, each player whose claim is open
# (claim_open) is asked, the winner first.  When only the winner is asked,
# the offer comes with his lead (the lead itself declines, as a player
# simply plays on); when the other player is asked too, both answer
# "partiya" or "no claim" in the CLAIM phase before the next lead, so that
# the loser of a trick is asked before it.  After trick 9 everyone asked
# answers in the CLAIM phase, and the last "no claim" scores the deal.
from engine.compat import const
from engine.game import State, DealResult, seat_name
from engine import jacknine
from engine.deberts.actions import CLAIM, PLAY

TRICKS = const(9)
LAST_BONUS = const(10)
# More than any deal can give one player: 152 card points, the last trick,
# two berzes and bella (a quick bound for the claim offer).
MAX_DEAL = const(300)


class Claims(State):
    def claim_count(self, seat):
        # DB-D17: the pot is not counted
        return self.start_scores[seat] + self.total(seat)

    def claim_valid(self, seat):
        return (self.claim_count(seat) >= self.opts.match_target
                and self.tricks[seat] >= 1)

    def claim_open(self, seat):
        """Is "Партия" offered to `seat`?  Only after a completed trick
        (DB-D17).  With the guard on, only when it holds; with it off (a
        wrong claim loses), whenever it is not hopeless: his count plus the
        points still to be won reach the target.  Both come from public
        facts alone (the count, the cards not yet played), since whether a
        player is asked is seen by both."""
        if self.tricks[0] + self.tricks[1] == 0:
            return False
        if self.opts.partiya_claim_guard == "on":
            return self.claim_valid(seat)
        target = self.opts.match_target
        if self.start_scores[seat] + MAX_DEAL < target:
            return False
        count = self.claim_count(seat)
        if count >= target or self.last >= 0:
            return count >= target
        if count + LAST_BONUS + jacknine.DEAL_POINTS - \
                self.cardpts[0] - self.cardpts[1] < target:
            # Not even with every card point not yet taken (which
            # still_to_win never exceeds): no need to count them.
            return False
        return count + self.still_to_win() >= target

    def still_to_win(self):
        """At most the points still to be won between tricks, from public
        facts: the last trick's 10 and the best of the cards not yet played
        or shown out of play (the hands and the face-down stock), as many
        as the hands hold."""
        pts = self.points
        h0 = self.hands[0]
        h1 = self.hands[1]
        unseen = [pts[c] for c in h0]
        for c in h1:
            unseen.append(pts[c])
        for c in self.stock:
            unseen.append(pts[c])
        unseen.sort()
        rest = LAST_BONUS
        i = len(unseen) - 1
        k = len(h0) + len(h1)
        while k > 0:
            rest += unseen[i]
            i -= 1
            k -= 1
        return rest

    def offer_claims(self, w):
        """After a trick won by w: ask the players whose claim is open (see
        the module's comment).  False when the deal goes on at once (or
        only with the winner's offer at his lead)."""
        ask = []
        for s in (w, 1 - w):
            if self.claim_open(s):
                ask.append(s)
        last = self.tricks[0] + self.tricks[1] == TRICKS
        if not ask:
            return False
        if not last and ask == [w]:
            self.claim_queue = ask  # with his lead (Deberts.card_actions)
            return False
        self.phase = CLAIM
        self.to_move = ask[0]
        self.claim_queue = ask[1:]
        return True

    def _no_claim(self):
        if self.claim_queue:
            self.to_move = self.claim_queue.pop(0)
        elif self.tricks[0] + self.tricks[1] == TRICKS:
            self._score()
        else:
            self.phase = PLAY
            self.to_move = self.leader  # the trick's winner leads

    def _claim(self, seat):
        count = self.claim_count(seat)
        pts = [0, 0]
        if self.claim_valid(seat):
            self.match_winner = seat
            # DB-D17: his count becomes his match score
            pts[seat] = count - self.start_scores[seat]
            reason = "partiya: %s claimed with %d" % (seat_name(seat), count)
        else:
            self.match_winner = 1 - seat
            why = " but no trick" if self.tricks[seat] == 0 else " < %d" % (
                self.opts.match_target)
            reason = "wrong partiya: %s claimed with %d%s, loses the match" % (
                seat_name(seat), count, why)
        self.claimed = seat
        self.next_dealer = self.d
        self.result = DealResult(2, [self.total(0), self.total(1)],
                                 self.match_winner, pts, reason)
        self.result.match_winner = self.match_winner
        self._over()
