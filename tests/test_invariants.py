"""Every registered game, every setting: random complete matches keep the
shared invariants (tests/invariants.py)."""
import pytest
from hypothesis import given, settings, strategies as st

from engine import games
from engine.game import Options
from tests.invariants import play_checked, other_values

NAMES = games.names()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_matches_default_settings(name, seed):
    g = games.load(name)
    play_checked(g, Options(g.SETTINGS), seed, ("random",))
    play_checked(g, Options(g.SETTINGS), seed, ("heuristic", "random"))


@pytest.mark.parametrize("name", NAMES)
def test_every_setting_value(name):
    g = games.load(name)
    for setting, v in other_values(g):
        o = Options(g.SETTINGS)
        o.set(setting, v)
        play_checked(g, o, 11, ("random", "heuristic"))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_property_random_settings_and_seeds(name, data):
    g = games.load(name)
    o = Options(g.SETTINGS)
    for setting, values in g.SETTINGS:
        o.set(setting, data.draw(st.sampled_from(values), label=setting))
    seed = data.draw(st.integers(min_value=0, max_value=10 ** 6), label="seed")
    kinds = data.draw(st.sampled_from([("random",), ("heuristic",), ("random", "heuristic")]))
    play_checked(g, o, seed, kinds)
