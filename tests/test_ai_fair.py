"""The AI is fair: it decides from what its seat may know.  The same
observation with the hidden cards dealt differently gives the same decision
(and the same evaluation of every action) for the same AI seed, in every
registered game; a player that peeks at the real deal is caught by the same
comparison."""
import pytest

from engine import games
from engine.ai import AIPlayer
from engine.game import Options
from engine.match import Match
from engine.players import make_player, decide
from engine.rng import Rng
from engine.determinize import sample

def specs():
    """Every registered game, and each value of its `variant` setting."""
    out = []
    for name in games.names():
        g = games.load(name)
        out.append((name, None))
        for setting, values in g.SETTINGS:
            if setting == "variant":
                for v in values[1:]:
                    out.append((name, v))
    return out


SPECS = specs()
IDS = ["%s-%s" % (n, v) if v else n for n, v in SPECS]


def options(game, variant):
    o = Options(game.SETTINGS)
    if variant:
        o.set("variant", variant)
    return o


def positions(game, seed, variant=None, every=3, limit=8):
    """Decision points (match, state) with a real choice, from heuristic play."""
    opts = options(game, variant)
    r = Rng(seed)
    m = Match(game, opts, r.next30())
    players = [make_player("heuristic", game, r.next30()) for _ in range(m.nplayers)]
    out = []
    k = 0
    while not m.over and len(out) < limit:
        st = m.new_deal()
        while not st.done:
            if len(st.legal()) > 1:
                k += 1
                if k % every == 0 and len(out) < limit:
                    out.append((m, st.clone()))
            st.apply(decide(players[st.to_move], st, m))
        m.finish_deal(st)
    return out


def hidden_differs(a, b, seat):
    """Some seat other than `seat` holds different cards (or the rest of the
    pack lies differently)."""
    for name in ("hands", "stock", "skat", "talon", "widow", "kitty"):
        x, y = getattr(a, name, None), getattr(b, name, None)
        if x is not None and x != y:
            return True
    return False


def same_observation(a, b, seat):
    return vars(a.observation(seat)) == vars(b.observation(seat))


class Peeker(AIPlayer):
    """A cheat: samples the real deal instead of imagined ones."""

    def choose(self, obs, worlds=None):
        real = worlds._state

        class Cheat:
            options = worlds.options
            scores = worlds.scores
            seat = worlds.seat

            def sample(self, rng, into=None):
                return real.clone(into)
        return AIPlayer.choose(self, obs, Cheat())


def decisions(cls, game, m, st, seed):
    p = cls(game, seed, "normal", budget=120)
    a = decide(p, st, m)
    return a, p.last_values


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_same_observation_same_decision(name, variant):
    game = games.load(name)
    checked = 0
    for seed in (1, 2):
        for m, st in positions(game, seed, variant):
            seat = st.to_move
            for k in range(2):
                other = sample(st, seat, Rng(100 + k))
                if not hidden_differs(st, other, seat):
                    continue
                assert same_observation(st, other, seat)
                a1, v1 = decisions(AIPlayer, game, m, st, 77)
                a2, v2 = decisions(AIPlayer, game, m, other, 77)
                assert (a1, v1) == (a2, v2), "decision depends on hidden cards"
                checked += 1
    assert checked >= 8


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_the_comparison_catches_a_peeking_player(name, variant):
    game = games.load(name)
    caught = 0
    for m, st in positions(game, 3, variant):
        seat = st.to_move
        other = sample(st, seat, Rng(5))
        if not hidden_differs(st, other, seat):
            continue
        if decisions(Peeker, game, m, st, 77) != decisions(Peeker, game, m, other, 77):
            caught += 1
    assert caught >= 1


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_searches_only_through_worlds(name, variant):
    # Without worlds (a caller that has only the observation) it is the
    # heuristic, never a search of something it was not given.
    game = games.load(name)
    for m, st in positions(game, 4, variant, limit=4):
        seat = st.to_move
        obs = st.observation(seat)
        ai = make_player("ai", game, 9)
        h = make_player("heuristic", game, 9)
        assert ai.choose(obs) == h.choose(st.observation(seat))
        assert ai.last_values is None
