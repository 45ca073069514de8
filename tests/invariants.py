"""Random complete games checked against the rules' invariants; shared by the
tests of every game (each game's own test adds its card-point checks)."""
import copy

from engine.game import IllegalAction, Options
from engine.match import Match
from engine.players import make_player
from engine.rng import Rng
from engine.determinize import sample


def other_values(game):
    """(setting, value) for every value of the game's settings but the
    default, with a long list of match targets (any target from 100 to
    5000, engine.game.match_targets) thinned to its ends: each value played
    is a match."""
    out = []
    for setting, values in game.SETTINGS:
        rest = values[1:]
        if len(rest) > 8:
            rest = (min(rest), max(rest))
        for v in rest:
            out.append((setting, v))
    return out


def _plain(x):
    """A structural copy: objects become dicts of their attributes, so two
    snapshots compare by value."""
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (bytearray, bytes)):
        return bytes(x)
    if hasattr(x, "__dict__"):
        return {k: _plain(v) for k, v in vars(x).items() if not k.startswith("_")}
    return copy.deepcopy(x)


def snapshot(state):
    d = dict(vars(state))
    d.pop("opts", None)
    return _plain(d)


def candidate_actions(state):
    """Every action code a game could use: all cards and the special range."""
    return list(range(0, 96)) + list(range(100, 400))


def check_illegal_rejected(state, rng, tries=6):
    """Illegal actions raise IllegalAction with a message and change nothing."""
    legal = set(state.legal())
    illegal = [a for a in candidate_actions(state) if a not in legal]
    before = snapshot(state)
    for _ in range(tries):
        a = illegal[rng.below(len(illegal))]
        try:
            state.apply(a)
        except IllegalAction as e:
            assert "legal:" in str(e) or "over" in str(e)
        else:
            raise AssertionError("illegal action %r was accepted" % a)
        assert snapshot(state) == before, "state changed by a rejected action"


def check_world(state, seat, rng, full):
    """A determinized world (what a search AI imagines) holds every card
    once, and stays so when it is played to the end of the deal: the rest of
    the deal must come from the world's unseen cards, never the real pack."""
    w = sample(state, seat, rng)
    assert sorted(w.card_locations()) == full, "a world doubles or loses a card"
    steps = 0
    while not w.done:
        legal = w.legal()
        w.apply(legal[rng.below(len(legal))])
        assert sorted(w.card_locations()) == full, "a world's deal doubles or loses a card"
        steps += 1
        assert steps < 2000, "a world's deal does not end"


def play_checked(game, options=None, seed=1, kinds=("random",), deal_check=None,
                 illegal_every=7, max_actions=5000, world_every=11):
    """Play a full match, checking after every action: legal() is non-empty and
    duplicate-free while the deal runs; the applied action was legal; every
    card is in exactly one place; illegal actions are rejected unchanged.
    deal_check(state) runs at the end of every deal.  Returns the match."""
    options = options or Options(game.SETTINGS)
    r = Rng(seed)
    match = Match(game, options, r.next30())
    players = [make_player(kinds[i % len(kinds)], game, r.next30())
               for i in range(match.nplayers)]
    full = sorted(game.new_pack(options))
    steps = 0
    while not match.over:
        st = match.new_deal()
        assert sorted(st.card_locations()) == full
        while not st.done:
            legal = st.legal()
            assert legal, "no legal action while the deal runs"
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            assert 0 <= st.to_move < match.nplayers
            if steps % illegal_every == 0:
                check_illegal_rejected(st, r)
            if world_every and steps % world_every == 3:
                check_world(st, st.to_move, r, full)
            obs = st.observation(st.to_move)
            assert sorted(obs.legal) == sorted(legal)
            a = players[st.to_move].choose(obs)
            assert a in legal
            text = st.action_text(a)
            assert st.parse_action(text) == a, "action text does not round-trip"
            st.apply(a)
            assert sorted(st.card_locations()) == full, "a card was lost or doubled"
            steps += 1
            assert steps < max_actions
        assert st.legal() == []
        assert st.result is not None
        try:
            st.apply(st.legal()[0] if st.legal() else 0)
        except IllegalAction:
            pass
        else:
            raise AssertionError("an action after the end of the deal was accepted")
        if deal_check:
            deal_check(st)
        match.finish_deal(st)
    assert match.winner is not None
    return match
