"""The learned move ordering (engine/policy.py) and its training
(host_sim/train.py, `make train GAME=...`): the committed tables are what the
command makes, the ordering keeps legal moves only and is deterministic, and
the tables load under MicroPython in a small heap."""
import hashlib
import re

import pytest

from engine import games, policy
from engine.ai import candidates
from engine.game import parse_options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng
from host_sim import train
from tests.mp import run_micropython

TRAINED = sorted(train.PLANS)


def table_module(name):
    try:
        return games.part(name, "policy")
    except ImportError:
        return None


def with_table():
    return [n for n in TRAINED if table_module(n) is not None]


@pytest.mark.parametrize("name", with_table())
def test_header_names_its_making(name):
    mod = table_module(name)
    path = mod.__file__
    head = open(path).read().split("FEATURES")[0]
    assert "make train GAME=%s" % name in head
    opts, count, budget, epochs, keep, worlds, hard = train.PLANS[name]
    assert (mod.SEED, mod.POSITIONS, mod.BUDGET, mod.EPOCHS, mod.KEEP, mod.WORLDS,
            mod.HARD_WORLDS) == (1, count, budget, epochs, keep, worlds, hard)
    assert len(mod.WEIGHTS) == policy.NFEATURES


@pytest.mark.parametrize("name", with_table())
def test_first_positions_reproduce(name):
    """The data the table was fitted on starts with the positions a re-run
    labels now (the whole run: `make train`, minutes)."""
    mod = table_module(name)
    text = open(mod.__file__).read()
    want = re.search(r"first %d positions sha256 ([0-9a-f]+)" % train.PREFIX, text).group(1)
    game = games.load(name)
    options = parse_options(game.SETTINGS, [])
    data = train.positions(game, options, mod.SEED, train.PREFIX, mod.BUDGET)
    assert hashlib.sha256(train.serialize(data)).hexdigest() == want


def test_training_is_deterministic():
    """A tiny run twice: the same module text, byte for byte; and the
    weights fit a signed byte, the largest at full scale."""
    game = games.load("klaberjass")
    options = parse_options(game.SETTINGS, [])
    data = train.positions(game, options, 3, 8, 200)
    a = train.fit(data, policy.NFEATURES, 3, 2)
    b = train.fit(data, policy.NFEATURES, 3, 2)
    assert a == b and len(a) == policy.NFEATURES
    assert max(a) <= 127 and min(a) >= -128 and max(abs(x) for x in a) in (127, 128)
    t1 = train.module_text("klaberjass", "x", 3, 8, 200, 2, (3, 16, 0), "d", "p", a, (0.5, 0.5))
    t2 = train.module_text("klaberjass", "x", 3, 8, 200, 2, (3, 16, 0), "d", "p", b, (0.5, 0.5))
    assert t1 == t2


def heuristic_deals(name):
    """Every decision of three deals the heuristic plays in every seat:
    (game, options, match, state, observation, the heuristic's action),
    the action applied once the caller is done with it."""
    game = games.load(name)
    options = parse_options(game.SETTINGS, [])
    for seed in range(1, 4):
        r = Rng(seed)
        match = Match(game, options, r.next30())
        players = [make_player("heuristic", game, r.next30()) for s in range(match.nplayers)]
        st = match.new_deal()
        while not st.done:
            obs = st.observation(st.to_move)
            hint = players[st.to_move].choose(obs)
            yield game, options, match, st, obs, hint
            st.apply(hint)


@pytest.mark.parametrize("name", with_table())
def test_order_keeps_legal_moves_deterministically(name):
    rk = policy.ranker(name)
    assert rk is not None
    seen = 0
    for game, options, match, st, obs, hint in heuristic_deals(name):
        cands = candidates(obs.legal, hint)
        out = rk.order(obs, cands, game.players(options))
        assert out[0] == hint
        assert len(set(out)) == len(out) and all(a in obs.legal for a in out)
        assert out == rk.order(obs, list(cands), game.players(options))
        cards = [a for a in cands[1:] if a in obs.hand]
        assert len([a for a in out[1:] if a in obs.hand]) == min(len(cards), rk.keep) \
            or obs.trump < 0
        seen += len(cards) > rk.keep
    assert seen > 0


@pytest.mark.parametrize("name", with_table())
def test_table_loads_under_micropython(name):
    """The table and the ordering under the real MicroPython: the table, its
    module and the Ranker cost under 2 KB of heap (about 1.2 KB).  64 KB:
    engine.policy loads engine.ai (its OrderedAI extends the search), which
    with the games' registry leaves 15 KB of 56 KB; 48 KB fits neither."""
    pkg = games.package(name)
    code = ("import gc\n"
            "from engine import policy, games\n"  # (games: loaded by every app)
            "gc.collect(); f = gc.mem_free()\n"
            "r = policy.ranker(%r)\n"
            "gc.collect(); print(len(r.w), r.keep, r.worlds, f - gc.mem_free() < 2048)\n"
            "import engine.%s.policy as m\n"
            "print(r.score([0, 5, 17]) == sum(b - 128 for b in (m.WEIGHTS[0], m.WEIGHTS[5], m.WEIGHTS[17])))\n"
            % (name, pkg))
    mp = run_micropython(["-c", code], heap="64k")
    assert mp.returncode == 0, mp.stderr
    mod = table_module(name)
    assert mp.stdout.split() == [str(policy.NFEATURES), str(mod.KEEP), str(mod.WORLDS), "True", "True"]


def test_only_the_games_with_a_table_load_the_policy():
    """Under MicroPython: a game without a table gets the plain search and
    never imports engine.policy (its heap pays nothing); Klaberjass gets the
    ordered search."""
    code = ("import sys\n"
            "from engine import games\n"
            "from engine.players import make_player\n"
            "p = make_player('ai', games.load('schnapsen'), 1)\n"
            "print(type(p).__name__, 'engine.policy' in sys.modules)\n"
            "q = make_player('ai', games.load('klaberjass'), 1)\n"
            "print(type(q).__name__, 'engine.policy' in sys.modules, q.rank is not None)\n")
    mp = run_micropython(["-c", code], heap="128k")
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout.split() == ["AIPlayer", "False", "OrderedAI", "True", "True"]


@pytest.mark.parametrize("name", with_table())
def test_an_ordered_card_play_searches_the_kept_cards(name):
    """At a card play the ordered search rolls out the heuristic's card and
    the table's best `keep` others only, in at most the table's worlds; the
    plain search of the same budget tries more cards."""
    from engine.ai import AIPlayer
    from engine.players import Worlds
    mod = table_module(name)
    cut = 0
    for game, options, match, st, obs, hint in heuristic_deals(name):
        seat = st.to_move
        cards = [a for a in obs.legal if a in obs.hand]
        if len(cards) > mod.KEEP + 2 and obs.trump is not None and obs.trump >= 0:
            w = Worlds(st, seat, options, list(match.scores))
            ordered = make_player("ai", game, 7)
            assert type(ordered).__name__ == "OrderedAI"
            ordered.choose(obs, w)
            searched = ordered.last_values or ()  # a total per action searched
            assert len(searched) <= mod.KEEP + 1 + len(obs.legal) - len(cards)
            assert ordered.last_worlds <= mod.WORLDS
            plain = AIPlayer(game, 7)
            plain.choose(obs, Worlds(st, seat, options, list(match.scores)))
            cut += len(plain.last_values or ()) > len(searched)
    assert cut > 0
