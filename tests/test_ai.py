"""The search-based AI (engine/ai.py): its kinds and levels, its budget in
work units, its evaluation of a finished deal, determinism, and that it plays
every registered game to the end, legally, beating random play."""
import subprocess
import sys

import pytest

from engine import games
from engine.ai import (AIPlayer, plan_for, card_play, candidates, deal_value, GP_SCALE,
                       TIE_CLAMP, MIN_WORLDS, MATCH_BONUS, MATCH_DECIDED)
from engine.game import DealResult, Options
from engine.players import make_player, decide, KINDS
from engine.selfplay import play_match
from engine.determinize import sample
from host_sim import tournament
from tests.mp import ROOT
from tests.test_ai_fair import SPECS, IDS, options, positions


def budget_for(name, level, variant=None):
    """The work units of a card play at `level` (the plan's first field)."""
    return plan_for(name, level, variant)[0]


def test_kinds_and_levels():
    g = games.load("sixtysix")
    h = make_player("heuristic", g, 3)
    assert type(make_player("ai-easy", g, 3)) is type(h)
    normal = make_player("ai", g, 3)
    assert isinstance(normal, AIPlayer) and normal.level == "normal"
    assert make_player("ai-normal", g, 3).budget == normal.budget == budget_for("sixtysix", "normal")
    hard = make_player("ai-hard", g, 3)
    assert hard.budget > normal.budget
    for k in KINDS:
        make_player(k, g, 1)
    with pytest.raises(ValueError) as e:
        make_player("ai-brutal", g, 1)
    assert "ai-hard" in str(e.value)


def test_candidates_thin_long_lists_keeping_the_hint_and_the_ends():
    legal = list(range(100, 130))
    c = candidates(legal, 117, limit=8)
    assert len(c) == 8 and c[0] == 117 and 100 in c and 129 in c
    assert len(set(c)) == len(c)
    assert candidates([1, 2, 3], 2) == [2, 1, 3]
    assert candidates(legal, 100, limit=2) == [100, 129]


def result(points, totals):
    return DealResult(len(points), totals, 0, points)


def test_deal_value_game_points_then_card_points():
    g = games.load("sixtysix")
    o = Options(g.SETTINGS)
    assert deal_value(g, o, result([2, 0], [70, 40]), 0) == 2 * GP_SCALE + 30
    assert deal_value(g, o, result([2, 0], [70, 40]), 1) == -2 * GP_SCALE - 30
    # the card-point margin never outweighs a game point
    assert deal_value(g, o, result([0, 1], [300, 0]), 0) == -GP_SCALE + TIE_CLAMP


def test_deal_value_match_context():
    g = games.load("sixtysix")
    o = Options(g.SETTINGS)  # match_target 8
    # 3 game points when 1 wins the match: worth the 1 needed plus the bonus
    assert deal_value(g, o, result([3, 0], [80, 0]), 0, [7, 0]) == \
        (1 + MATCH_BONUS) * GP_SCALE + 80
    assert deal_value(g, o, result([0, 1], [50, 70]), 0, [0, 7]) == \
        -(1 + MATCH_BONUS) * GP_SCALE - 20
    # far from the target: plain game points
    assert deal_value(g, o, result([3, 0], [80, 0]), 0, [0, 0]) == 3 * GP_SCALE + 80


def test_deal_value_partnership_totals_per_seat():
    class Partners:
        NAME = "partners"

        @staticmethod
        def side_of(options, seat):
            return seat % 2
    r = DealResult(2, [30, 10, 25, 20], 0, [1, 0])  # seats 0+2: 55, 1+3: 30
    assert deal_value(Partners, object(), r, 0) == GP_SCALE + 25
    assert deal_value(Partners, object(), r, 1) == -GP_SCALE - 25


def test_budget_and_deadline():
    g = games.load("sixtysix")
    m, st = positions(g, 5, limit=1)[0]
    p = AIPlayer(g, 4, budget=300)
    p.prune = False
    decide(p, st, m)
    assert p.last_worlds >= MIN_WORLDS
    per_world = p.last_work // p.last_worlds
    # it stopped because another world would have run past 300 + 300/4 ...
    assert p.last_work + per_world > 375 or p.last_worlds == 48
    # ... and it did not start one that was expected to
    assert p.last_work <= 375 + per_world
    assert p.last_worlds >= 2  # this position's worlds are small
    q = AIPlayer(g, 4, budget=300)
    q.deadline_us = 0
    decide(q, st, m)
    assert q.last_worlds == 1


def test_card_play_tells_cards_from_other_decisions():
    g = games.load("belote")
    kinds = set()
    for m, st in positions(g, 2, every=1, limit=60):
        o = st.observation(st.to_move)
        kinds.add((o.phase, card_play(o)))
    assert kinds == {("bidding round 1", False), ("playing", True)} or \
        kinds == {("bidding round 1", False), ("bidding round 2", False), ("playing", True)}
    # Sixty-six: a lead that may also close the stock is still a card play
    g = games.load("sixtysix")
    mixed = [card_play(st.observation(st.to_move)) for m, st in positions(g, 4, every=1, limit=80)
             if any(a >= 100 for a in st.legal())]
    assert mixed and all(mixed)


def test_the_first_card_plays_are_the_heuristics_where_the_plan_says_so():
    g = games.load("belote")
    play, contract, extend, open_from, judge_from, solve_from, known_from = plan_for("belote", "normal")
    assert open_from > 0 and contract >= play and extend >= contract
    assert plan_for("belote", "hard")[3] == 0  # the hard level searches them all
    mod = games.part(g.NAME, "heuristic")
    early = late = 0
    for m, st in positions(g, 6, every=1, limit=200):
        o = st.observation(st.to_move)
        if not card_play(o):
            continue
        p = make_player("ai", g, 9)
        a = decide(p, st, m)
        if len(o.hand) >= open_from:
            early += 1
            assert p.last_worlds == 0 and a == mod.Player(g, 9).choose(o)
        else:
            late += 1
            assert p.last_worlds >= MIN_WORLDS
    assert early >= 10 and late >= 10


def test_a_contract_decision_goes_on_only_while_an_action_leads():
    g = games.load("belote")
    pos = [(m, st) for m, st in positions(g, 3, every=1, limit=40)
           if not card_play(st.observation(st.to_move))]
    m, st = pos[0]

    def search(lead):
        p = AIPlayer(g, 4, budget=100)
        p.contract, p.extend, p.prune = 100, 800, False
        p.leads = lambda *args: lead
        decide(p, st, m)
        return p.last_work, p.last_work // p.last_worlds
    # no lead: it stops at the contract budget (and a quarter)
    work, per_world = search(False)
    assert work <= 125 + per_world and work + per_world > 125
    # a lead: it goes on to the extended budget
    work, per_world = search(True)
    assert work + per_world > 1000 and work <= 1000 + per_world


def test_too_few_worlds_never_overrule_the_heuristic():
    # Sixty-six leads where a two-world search (judge_from 2) leaves the
    # heuristic's action: asked for three worlds before judging, the same
    # search (the same worlds, the same values) keeps the heuristic's.
    g = games.load("sixtysix")
    assert plan_for("sixtysix", "normal")[4] == 3 and plan_for("belote", "normal")[4] == MIN_WORLDS
    mod = games.part(g.NAME, "heuristic")
    found = 0
    for m, st in positions(g, 7, every=1, limit=120):
        o = st.observation(st.to_move)
        hint = mod.Player(g, 5).choose(o)
        two = AIPlayer(g, 5, budget=160)
        a = decide(two, st, m)
        if a == hint or two.last_worlds != 2:
            continue
        three = AIPlayer(g, 5, budget=160)
        three.judge_from = 3
        assert decide(three, st, m) == hint
        assert (three.last_values, three.last_worlds) == (two.last_values, 2)
        found += 1
    assert found >= 3
    # The plan gives the game's figure to the AI players of both levels.
    assert make_player("ai", g, 1).judge_from == 3 and make_player("ai-hard", g, 1).judge_from == 3


def test_a_lead_is_half_a_standard_error_over_the_heuristics_action():
    p = AIPlayer(games.load("belote"), 1)
    on = bytearray(b"\x01\x01")
    # 4 worlds, differences 10, 10, 10, 10: a sure lead
    assert p.leads(2, on, [0, 40], [0, 400], 4)
    # differences 30, -30, 30, -20: ahead by 2.5 on average, but the spread is ~28
    assert not p.leads(2, on, [0, 10], [0, 2700], 4)
    # behind, or the heuristic's action dropped: no lead
    assert not p.leads(2, on, [0, -40], [0, 400], 4)
    assert not p.leads(2, bytearray(b"\x00\x01"), [0, 40], [0, 400], 4)


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_without_evidence_it_plays_the_heuristic(name, variant):
    # Asked for an impossible margin, the search never overrules the
    # heuristic, and searching leaves the game as it was: the same match.
    g = games.load(name)
    o = options(g, variant)
    n = g.players(o)
    a = tournament.play(g, o, 8, ["ai@145:margin=100000"] + ["heuristic"] * (n - 1))
    b = tournament.play(g, o, 8, ["heuristic"] * n)
    assert (a.scores, a.deals, a.winner) == (b.scores, b.deals, b.winner)


def test_same_seed_same_decisions_other_seed_may_differ():
    g = games.load("sixtysix")
    o = Options(g.SETTINGS)
    lines = []
    play_match(g, o, 21, ["ai", "heuristic"], lines.append)
    again = []
    play_match(g, o, 21, ["ai", "heuristic"], again.append)
    assert lines == again
    plain = []
    play_match(g, o, 21, ["heuristic"], plain.append)
    assert plain != lines  # the AI does not just replay the heuristic


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_plays_every_game_to_the_end(name, variant):
    # State.apply rejects an illegal action, so a finished match means every
    # decision of every phase was legal.
    g = games.load(name)
    n = g.players(options(g, variant))
    kinds = ["ai"] + ["heuristic"] * (n - 1)
    m = play_match(g, options(g, variant), 3, kinds)
    assert m.over and m.winner is not None


# Three-player Sixty-six is left out: its matches are so short (one deal
# can score the 8 points) that not even the heuristic beats random play
# there in most matches.
TWO_SIDED = [(n, v) for n, v in SPECS if games.load(n).sides(options(games.load(n), v)) == 2]


@pytest.mark.parametrize("name,variant", TWO_SIDED,
                         ids=["%s-%s" % (n, v) if v else n for n, v in TWO_SIDED])
def test_beats_random_play_in_duplicate(name, variant):
    g = games.load(name)
    # 30 duplicate matches, and strictly better results in so many of them
    # that a player no better than random play (a coin at best in each
    # match: a tie is no win) would get there less than 1 time in 1,000:
    # 24 of 30.  The full runs are in make bench.
    n = 30
    need = n
    while binomial_tail(n, need - 1) < 0.001:
        need -= 1
    assert need == 24
    r = tournament.duplicate(g, options(g, variant), n, "ai", "random", seed=50)
    assert r["wins"] + r["ties"] + r["losses"] == n
    assert r["wins"] >= need, tournament.text(r)


def binomial_tail(n, k):
    """P(at least k heads in n tosses of a fair coin)."""
    from math import comb
    return sum(comb(n, i) for i in range(k, n + 1)) / 2.0 ** n


def test_no_long_ints_in_ai_play():
    code = ("import sys; sys.path.insert(0, 'tests'); import intcheck; intcheck.install()\n"
            "from engine import games\n"
            "from engine.game import Options\n"
            "from engine.selfplay import play_match\n"
            "for name in games.names():\n"
            "    g = games.load(name)\n"
            "    play_match(g, Options(g.SETTINGS), 5, ['ai', 'ai-hard', 'heuristic'][:g.players(Options(g.SETTINGS))])\n"
            "print(intcheck.COUNT[0])\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=900)
    assert p.returncode == 0, p.stderr[-3000:]
    assert int(p.stdout.split()[-1]) > 100000


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_brief_observation_gives_the_players_what_they_read(name, variant):
    """The AI's rollouts hand the game's players observation(seat, brief=True):
    only what they read, sharing the state's lists (and a forced move is
    played without them).  Over whole matches of
    heuristic play (mixed with random moves, to reach odd positions) the
    player chooses the same from it as from the full observation, and
    choosing leaves the state as it was."""
    g = games.load(name)
    opts = options(g, variant)
    from engine.rng import Rng
    from engine.match import Match
    r = Rng(11)
    for _ in range(2):
        m = Match(g, opts, r.next30())
        pols = [make_player("heuristic", g, r.next30()) for _ in range(m.nplayers)]
        noise = make_player("random", g, r.next30())
        checked = 0
        while not m.over:
            st = m.new_deal()
            while not st.done:
                seat = st.to_move
                p = pols[seat]
                rng = getattr(p, "rng", None)
                saved = rng.state() if rng is not None else None
                full = st.observation(seat)
                before = repr(sorted(full.__dict__.items(), key=lambda kv: kv[0]))
                a = p.choose(full)
                if len(full.legal) == 1:
                    # The rollouts play a forced move without the player.
                    assert a == full.legal[0] and rng.state() == saved
                if rng is not None:
                    rng.set_state(saved)
                assert p.choose(st.observation(seat, True)) == a, st.describe(a)
                if rng is not None:
                    rng.set_state(saved)
                assert p.choose(st.observation(seat, True, st.legal())) == a
                after = st.observation(seat)
                assert repr(sorted(after.__dict__.items(), key=lambda kv: kv[0])) == before
                checked += 1
                if checked % 5 == 0:
                    a = noise.choose(full)
                st.apply(a)
            m.finish_deal(st)
        assert checked > 20


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_a_reseeded_rollout_player_is_a_new_one(name, variant):
    """The AI reuses one heuristic player per seat across its rollouts and
    only reseeds it: that must choose as a new player with that seed would,
    whatever the reused one saw before."""
    g = games.load(name)
    mod = games.part(g.NAME, "heuristic")
    reused = mod.Player(g, 5)
    k = 0
    for _, st in positions(g, 3, variant, every=1, limit=30):
        o = st.observation(st.to_move)
        k += 1
        reused.rng.seed(100 + k)
        assert reused.choose(o) == mod.Player(g, 100 + k).choose(o)
    assert k >= 20


def test_budget_follows_the_variant():
    g = games.load("sixtysix")
    assert budget_for("sixtysix", "normal", "swabian") != budget_for("sixtysix", "normal")
    assert budget_for("sixtysix", "normal", "two") == budget_for("sixtysix", "normal")
    assert budget_for("nosuchgame", "hard") > budget_for("nosuchgame", "normal")
    hard = budget_for("sixtysix", "hard")
    normal = plan_for("sixtysix", "normal")
    assert plan_for("sixtysix", "hard") == (hard, hard, hard, 0, normal[4], normal[5], normal[6])
    m, st = positions(g, 5, "swabian", limit=1)[0]
    p = make_player("ai", g, 4)
    decide(p, st, m)
    assert p.budget == budget_for("sixtysix", "normal", "swabian")
    q = AIPlayer(g, 4, budget=77)
    decide(q, st, m)
    assert q.budget == 77


def _fields(st):
    return dict(st.__dict__)


@pytest.mark.parametrize("name,variant", SPECS, ids=IDS)
def test_clone_into_a_used_state_is_a_fresh_clone(name, variant):
    """The AI's rollouts reuse one state: clone(into=scratch) must leave the
    scratch exactly as a new clone would be, whatever the scratch went
    through before (here: played to the end of another deal), and
    independent of the original."""
    g = games.load(name)
    pos = positions(g, 7, variant, every=1, limit=40)
    assert len(pos) >= 20
    rnd = make_player("random", g, 3)
    scratch = None
    for m, st in pos:
        fresh = st.clone()
        if scratch is not None:
            got = st.clone(into=scratch)
            assert got is scratch
            assert sorted(_fields(got)) == sorted(_fields(fresh))
            for k, v in _fields(fresh).items():
                assert _fields(got)[k] == v, k
            # and a sampled world made in a used state is the same world
            from engine.rng import Rng
            w = sample(st, st.to_move, Rng(9))
            got = sample(st, st.to_move, Rng(9), into=scratch)
            assert got is scratch and _fields(got) == _fields(w)
            before = st.observation(st.to_move).__dict__
        else:
            before = None
        # play the scratch (or a first copy) to the end, as a rollout does
        scratch = st.clone() if scratch is None else scratch
        while not scratch.done:
            scratch.apply(rnd.choose(scratch.observation(scratch.to_move)))
        if before is not None:
            assert repr(sorted(st.observation(st.to_move).__dict__.items())) == \
                repr(sorted(before.items()))


def test_a_deal_that_decides_the_match_outweighs_any_score():
    g = games.load("deberts")
    o = Options(g.SETTINGS)
    r = result([0, 0], [40, 120])
    r.match_winner = 1  # e.g. P1's wrong claim hands P2 the match
    assert deal_value(g, o, r, 1, [300, 200]) == MATCH_DECIDED
    assert deal_value(g, o, r, 0, [300, 200]) == -MATCH_DECIDED
    big = result([400, 0], [162, 0])
    assert deal_value(g, o, big, 0) < MATCH_DECIDED


def test_the_ai_never_claims_a_deberts_match_it_has_not_won():
    """A wrong Partiya claim loses the match (DB-D17); the AI once made it to
    cut a bad deal short, its evaluation seeing only the deal's points."""
    g = games.load("deberts")
    o = Options(g.SETTINGS)
    claims = 0
    for i in (0, 3, 7, 9):  # matches in which it did
        ai_seat = i % 2
        m = tournament.play(g, o, 1 + i, ["ai", "random"] if ai_seat == 0 else ["random", "ai"])
        reason = m.last.reason
        if "partiya: P%d claimed" % (ai_seat + 1) in reason:
            claims += 1
            assert not reason.startswith("wrong"), reason
    assert claims >= 1


def test_tournament_margins_count_up_to_the_match_target():
    g = games.load("sixtysix")
    o = Options(g.SETTINGS)  # match_target 8

    class M:
        options = o
        nsides = 2
        winner = 0
        scores = [11, 3]  # the last deal overshot the target by 3
    assert tournament.outcome(M, 0) == (1, 8 - 3)
    assert tournament.outcome(M, 1) == (0, 3 - 8)
    M.scores = [8, 3]
    assert tournament.outcome(M, 0) == (1, 5)


def test_match_wins_count_the_tested_seats_wins():
    # Three-hand Sixty-six's measure (issue 18): A in seat i % 3, B elsewhere.
    g = games.load("sixtysix")
    o = options(g, "three")
    r = tournament.match_wins(g, o, 6, "heuristic", "random", seed=3)
    won = 0
    for i in range(6):
        kinds = ["random"] * 3
        kinds[i % 3] = "heuristic"
        if tournament.play(g, o, 3 + i, kinds).winner == i % 3:
            won += 1
    assert r["wins"] == won and r["losses"] == 6 - won and r["matches"] == 6
    assert r["lo"] <= r["share"] == won / 6.0 <= r["hi"]
    assert "won %d" % won in tournament.text(r)


def test_a_rollout_player_is_seeded_at_its_first_draw():
    # The rollouts leave a seed in `reseed` rather than reseed every player
    # (engine/ai.py, rollout): a player's draws are then those of a stream
    # seeded so, and only a player that draws at all (Klaberjass's
    # schmeiss) is given one.
    from engine.klaberjass.heuristic import Player as KlaberjassPlayer
    from engine.sixtysix.heuristic import Player as SixtySixPlayer
    from engine.rng import Rng
    p = KlaberjassPlayer(None, 5)
    p.reseed = 1234
    got = [p.draw_below(3) for _ in range(8)]
    r = Rng(1234)
    assert got == [r.below(3) for _ in range(8)] and p.reseed is None
    assert KlaberjassPlayer.draws and not SixtySixPlayer.draws
