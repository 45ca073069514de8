# A Sixty-six deal's frame (spec: shared/rules/sixtysix.md): how a deal is
# set up and how it ends; the play between is engine/sixtysix/rules.py's.
# - the settings (§7) and, for the two-player game (§3), the three-player
#   variant (§4), the Swabian double pack (§5) and Schnapsen on 20 cards
#   (engine/sixtysix/schnapsen.py, with settings of its own), each one's
#   fixed parameters, its pack and its deal (§3.1);
# - the end of a deal and its game points (§3.5-§3.7, §4; Schnapsen's
#   closing), and the match (§3.8, §4, §6).  The deal's totals (§2.4) are
#   the state's total().
# (One module, not two: each module costs the device's heap about 0.5 KB.)
from engine.compat import const
from engine.cards import NINE, JACK, pack20, pack24, pack48
from engine.game import Options, DealResult, seat_name
from engine.tricks import HEAD_ALWAYS, HEAD_NEVER

SETTINGS = (
    ("variant", ("two", "three", "swabian")),
    ("match_target", (8, 7)),
    ("claim_mode", ("auto", "manual")),
    ("last_trick_bonus", (10, 0)),
    ("schwarz_basis", ("zero_points", "no_tricks")),
    ("closed_scoring", ("seed", "pagat")),
    ("marriages_in_phase2", ("allowed", "forbidden")),
    ("must_head_in_suit", ("true", "false")),
    ("dealer_rotation", ("winner_deals", "alternate")),
    ("no66_two_player", ("higher_total", "void")),
    ("three_player_points", ("sum", "best_opponent")),
    ("swabian_target", (66, 101)),
    ("show_running_totals", ("true", "false")),
)

TARGET = const(66)
OVER = "over"  # the phase of a finished deal


class Rules:
    """The fixed parameters of one variant, derived from the options once per
    deal, so the play code (engine/sixtysix/rules.py) reads the same for
    every variant."""

    def __init__(self, o):
        v = getattr(o, "variant", "two")
        self.variant = v
        self.n = 3 if v == "three" else 2
        self.double = v == "swabian"
        self.schnapsen = v == "schnapsen"
        self.compat = getattr(o, "platform_compat", "off") == "on"
        self.target = o.swabian_target if self.double else TARGET
        self.head = HEAD_NEVER if getattr(o, "must_head_in_suit", "true") == "false" else HEAD_ALWAYS
        self.bonus = getattr(o, "last_trick_bonus", 0)
        self.manual = getattr(o, "claim_mode", "auto") == "manual" and self.n == 2 and not self.compat
        self.basis = getattr(o, "schwarz_basis", "no_tricks")
        if self.compat:
            self.basis = "zero_points"
        self.closed_scoring = "schnapsen" if self.schnapsen else o.closed_scoring
        self.marriages_in_phase2 = getattr(o, "marriages_in_phase2", "allowed") == "allowed"
        # The exchangeable trump card and how much of the stock (face-down
        # cards) must remain for an exchange or a close.
        self.exchange_rank = JACK if self.schnapsen else NINE
        self.exchange_needs_trick = not self.schnapsen  # Decision 4
        self.exchange_min = 1 if (self.compat or not self.schnapsen) else 2
        self.can_close = self.n == 2 and not self.compat
        self.close_min = 2 if self.schnapsen else 1  # Schnapsen: "more than two cards"


def default_options():
    return Options(SETTINGS)


def players(options):
    return 3 if options.variant == "three" else 2


def sides(options):
    return players(options)


def new_pack(options):
    v = getattr(options, "variant", "two")
    if v == "schnapsen":
        return pack20()
    return pack48() if v == "swabian" else pack24()


def deal_hands(rules, dealer, d):
    """The deal of §3.1, §4 and §5 (and Schnapsen's 3+2): (hands, turn-up,
    stock with its top card first)."""
    n = rules.n
    hands = [[] for _ in range(n)]
    if n == 3:
        # §4: 3-2-3 clockwise from the dealer's left; the dealer's last card
        # is shown and fixes trump.
        order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
        i = 0
        for packet in (3, 2, 3):
            for seat in order:
                hands[seat].extend(d[i:i + packet])
                i += packet
        return hands, d[23], []
    nd = 1 - dealer
    if rules.schnapsen and rules.compat:
        # The platform deals alternately, leader first; its talon's last
        # card is the trump card.
        hands[nd] = [d[0], d[2], d[4], d[6], d[8]]
        hands[dealer] = [d[1], d[3], d[5], d[7], d[9]]
        return hands, d[19], list(d[10:19])
    if rules.schnapsen:
        # 3 each, the trump card, 2 each; the talon is the rest.
        hands[nd] = [d[0], d[1], d[2], d[7], d[8]]
        hands[dealer] = [d[3], d[4], d[5], d[9], d[10]]
        return hands, d[6], list(d[11:20])
    k = 4 if rules.double else 3
    # Two packets each, non-dealer first; the next card is the turn-up.
    hands[nd] = list(d[0:k]) + list(d[2 * k:3 * k])
    hands[dealer] = list(d[k:2 * k]) + list(d[3 * k:4 * k])
    return hands, d[4 * k], list(d[4 * k + 1:])


# -- the end of a deal (§3.5-§3.7, §4) ----------------------------------------

def game_points(state, loser, total=None, tricks=None):
    """Game points against a loser (§3.7): 1 at 33 or more, 3 if
    schwarz, else 2."""
    t = state.total(loser) if total is None else total
    k = state.tricks[loser] if tricks is None else tricks
    if t >= 33:
        return 1
    if state.rules.basis == "zero_points":
        return 3 if t == 0 else 2
    return 3 if k == 0 else 2


def end_deal(state, winner, reason, false_claim=-1):
    """The deal ends with `winner` at 66 or more (or by a false claim:
    `false_claim` is the seat that made it)."""
    r = state.rules
    if r.n == 3:
        gs = [game_points(state, s) for s in range(3) if s != winner]
        if state.opts.three_player_points == "sum":
            gp = gs[0] + gs[1]
        else:
            o = [s for s in range(3) if s != winner]
            best = o[0] if state.total(o[0]) >= state.total(o[1]) else o[1]
            gp = game_points(state, best)
        finish(state, winner, gp, reason)
        return
    loser = 1 - winner
    scoring = r.closed_scoring
    if not state.closed:
        gp = 2 if false_claim >= 0 else game_points(state, loser)  # Decision 13
    elif scoring == "seed":
        gp = 3  # Decision 10
    elif scoring == "schnapsen":
        if winner == state.closer and false_claim < 0:
            # The closer's win counts the opponent as he was at closing.
            gp = game_points(state, loser, state.closer_opp_points,
                             1 if state.closer_opp_had_trick else 0)
        elif winner != state.closer:
            gp = 2 if state.closer_opp_had_trick else 3
        else:
            gp = 2
    elif false_claim >= 0:
        if false_claim == state.closer:
            gp = 2 if state.closer_opp_had_trick else 3
        else:
            gp = 2
    elif winner == state.closer:
        gp = game_points(state, loser)
    else:
        gp = 2
    if state.closed:
        reason += "; %s closed" % seat_name(state.closer)
    finish(state, winner, gp, reason)


def played_out(state):
    """The last trick is played and nobody reached 66."""
    r = state.rules
    if r.n == 3:
        finish(state, -1, 0, "nobody reached 66", void=True)  # §4
        return
    if state.closed:
        # §3.5: the closer failed.
        w = 1 - state.closer
        if r.closed_scoring == "seed":
            gp = 3
        else:
            gp = 2 if state.closer_opp_had_trick else 3
        finish(state, w, gp, "%s closed and failed" % seat_name(state.closer))
        return
    if r.schnapsen:
        w = state.last_winner
        gp = 1 if r.compat else game_points(state, 1 - w)
        finish(state, w, gp, "won the last trick")
        return
    if state.opts.no66_two_player == "void":
        finish(state, -1, 0, "played out without %d" % r.target, void=True)
        return
    t0, t1 = state.total(0), state.total(1)
    if t0 == t1:
        finish(state, -1, 0, "played out, equal totals")
    else:
        w = 0 if t0 > t1 else 1
        finish(state, w, game_points(state, 1 - w), "played out, higher total")


def finish(state, winner, gp, reason, void=False):
    n = state.rules.n
    pts = [0] * n
    if winner >= 0:
        pts[winner] = gp
    state.result = DealResult(n, [state.total(s) for s in range(n)], winner,
                              pts, reason, void)
    state.done = True
    state.phase = OVER
    state.to_move = -1


# -- match (§3.8, §4, §6) -------------------------------------------------------

def settle(match, state):
    r = state.result
    o = match.options
    if r.winner >= 0:
        match.add(r.winner, r.points[r.winner])
    if state.rules.n == 3 or getattr(o, "dealer_rotation", "alternate") == "alternate":
        match.next_dealer_left()  # §4: the deal passes left
    elif r.winner >= 0:
        match.dealer = r.winner
    match.check_target(o.match_target)
