# Match flow shared by every game: deals, the dealer, running scores per side,
# the target, and the winner.  What a deal is worth, who deals next and what
# carries over are the game's business (game.settle), booked through the
# helpers here.
from engine.rng import Rng


class Match:
    def __init__(self, game, options=None, seed=1, dealer=None):
        self.game = game
        self.options = options if options is not None else game.default_options()
        self.seed = seed  # what the match was created with (saves replay from it)
        self.rng = Rng(seed)
        self.nplayers = game.players(self.options)
        self.nsides = game.sides(self.options)
        self.scores = [0] * self.nsides
        self.deals_won = [0] * self.nsides  # the deals each side won (statistics)
        self.dealer = self.rng.below(self.nplayers) if dealer is None else dealer
        self.deals = 0
        self.over = False
        self.winner = None
        self.last = None  # the last deal's result
        self.carry = None  # a game's carried-over points, if any

    def new_deal(self, deck=None):
        """Start the next deal, shuffled by the match's RNG unless a deck
        (the shuffled order, top first) is given."""
        if self.over:
            raise ValueError("the match is over")
        if deck is None:
            deck = self.game.new_pack(self.options)
            self.rng.shuffle(deck)
        return self.game.new_state(self, self.dealer, deck)

    def finish_deal(self, state):
        if not state.done:
            raise ValueError("the deal is not finished")
        self.game.settle(self, state)
        self.deals += 1
        self.last = state.result
        w = state.result.winner
        if w is not None and 0 <= w < self.nsides:
            self.deals_won[w] += 1

    # Helpers for game.settle

    def add(self, side, points):
        self.scores[side] += points

    def next_dealer_left(self):
        self.dealer = (self.dealer + 1) % self.nplayers

    def check_target(self, target):
        """First side to reach the target wins; the game resolves ties
        (more than one side over) before calling this if its rules say so."""
        best = None
        for s in range(self.nsides):
            if self.scores[s] >= target and (
                    best is None or self.scores[s] > self.scores[best]):
                best = s
        if best is not None:
            self.over = True
            self.winner = best
        return self.over
