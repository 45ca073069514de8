"""The exact endgame solver (engine/solver.py) and how the AI uses it."""
import subprocess
import sys

import pytest

from engine import games
from engine.ai import AIPlayer, deal_value, cards_held, plan_for, guard_deadline, latency_ms, \
    GP_SCALE
from engine.cards import parse_card, suit_of
from engine.compat import sort_small
from engine.game import parse_options, side_of
from engine.match import Match
from engine.players import make_player, decide
from engine.rng import Rng
from engine.solver import Solver, Aborted, TT_SIZE
from tests.mp import ROOT, run_micropython, run_cpython


def brute(game, o, s, me):
    """Plain minimax over every line of play: the reference."""
    if s.done:
        return deal_value(game, o, s.result, me)
    vals = []
    for a in s.legal():
        c = s.clone()
        c._apply(a)
        vals.append(brute(game, o, c, me))
    return max(vals) if side_of(game, o, s.to_move) == me else min(vals)


def endgames(name, opts, most, n, seed=1):
    """Positions with at most `most` cards held and none to come, where the
    seat to move has a choice, from heuristic play (a few per game)."""
    g = games.load(name)
    o = parse_options(g.SETTINGS, opts)
    out = []
    i = 0
    while len(out) < n and i < 200:
        r = Rng(seed + i)
        i += 1
        m = Match(g, o, r.next30())
        ps = [make_player("heuristic", g, r.next30()) for _ in range(m.nplayers)]
        st = m.new_deal()
        while not st.done:
            if st.hands_final() and cards_held(st) <= most and len(st.legal()) > 1:
                out.append((m, st.clone()))
                break
            st.apply(ps[st.to_move].choose(st.observation(st.to_move)))
    assert len(out) == n
    return g, o, out


SMALL = [("sixtysix", [], 8), ("schnapsen", [], 8), ("sixtysix", ["variant=three"], 9),
         ("belote", [], 8), ("klaberjass", [], 6), ("skat", [], 9), ("hasenpfeffer", [], 8),
         ("deberts", [], 6), ("sixtysix", ["variant=swabian"], 10)]


@pytest.mark.parametrize("name,opts,most", SMALL, ids=[" ".join([n] + o) for n, o, _ in SMALL])
def test_solver_equals_brute_force_minimax(name, opts, most):
    g, o, pos = endgames(name, opts, most, 8)
    pol = [make_player("heuristic", g, 3) for _ in range(4)]

    def order(s, legal):
        return pol[s.to_move].choose(s.observation(s.to_move, True, legal))
    for m, st in pos:
        me = side_of(g, o, st.to_move)
        want = brute(g, o, st, me)
        before = [list(h) for h in st.hands], list(st.trick), st.to_move
        for od in (None, order):
            for tt in (False, True):
                sv = Solver(g, o, me, lambda s: deal_value(g, o, s.result, me), od, tt)
                assert sv.solve(st) == want
                assert sv.nodes > 0
        # The position solved is left as it was.
        assert ([list(h) for h in st.hands], list(st.trick), st.to_move) == before


def test_the_table_saves_nodes_and_a_node_limit_aborts():
    g, o, pos = endgames("sixtysix", [], 12, 6)
    with_tt = without = 0
    for m, st in pos:
        me = side_of(g, o, st.to_move)

        def v(s):
            return deal_value(g, o, s.result, me)
        a = Solver(g, o, me, v)
        b = Solver(g, o, me, v, tt=False)
        assert a.solve(st) == b.solve(st)
        with_tt += a.nodes
        without += b.nodes
        assert len(a.tflag) == TT_SIZE
        # The table is the process's, but a new solver finds it empty: the
        # same work again, whatever was solved before.
        again = Solver(g, o, me, v)
        assert again.solve(st) == b.solve(st) and again.nodes == a.nodes
    assert with_tt < without  # transpositions are common in Sixty-six's endgames
    # Past the generations the table is cleared and still right.
    from engine import solver
    m, st = pos[0]
    first = Solver(g, o, 0, lambda s: deal_value(g, o, s.result, 0))
    want = first.solve(st), first.nodes
    for i in range(solver.GENERATIONS + 2):
        sv = Solver(g, o, 0, lambda s: deal_value(g, o, s.result, 0))
        assert (sv.solve(st), sv.nodes) == want
    sv = Solver(g, o, 0, lambda s: 0)
    sv.limit = 3
    with pytest.raises(Aborted):
        sv.solve(st)


def test_a_hand_made_endgame():
    # Schnapsen, the stock gone, hearts trumps, 40 card points each; P1
    # holds AH and KS, P2 TH and QS, P1 to lead.  Suit must be followed, so
    # P1 wins both tricks whatever he leads (21 and 7 points): 68 against
    # 40, one game point (the loser has 33 or more), 28 card points ahead.
    g = games.load("schnapsen")
    o = parse_options(g.SETTINGS, [])
    m = Match(g, o, 1)
    st = m.new_deal()
    st.hands = [[parse_card("AH"), parse_card("KS")], [parse_card("TH"), parse_card("QS")]]
    sort_small(st.hands[0])
    sort_small(st.hands[1])
    st.stock, st.turnup, st.exhausted = [], -1, True
    st.trump = suit_of(parse_card("AH"))
    st.to_move = st.leader = 0
    st.points = [40, 40]
    st.tricks = [3, 3]
    assert st.hands_final() and cards_held(st) == 4
    sv = Solver(g, o, 0, lambda s: deal_value(g, o, s.result, 0))
    assert sv.solve(st) == brute(g, o, st, 0) == 1 * GP_SCALE + 28
    # From P2's side the same deal is worth as much less.
    sv = Solver(g, o, 1, lambda s: deal_value(g, o, s.result, 1))
    assert sv.solve(st) == -(1 * GP_SCALE + 28)


def exact_best(g, o, m, st):
    me = side_of(g, o, st.to_move)
    vals = {}
    for a in st.legal():
        c = st.clone()
        c._apply(a)
        vals[a] = brute(g, o, c, me) if cards_held(st) <= 6 else Solver(
            g, o, me, lambda s: deal_value(g, o, s.result, me, list(m.scores))).solve(c)
    return vals


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen"])
def test_the_ai_plays_a_known_endgame_exactly(name):
    # Two-hand Sixty-six once the stock is gone: the seat knows every card
    # (hidden() == 0), so the solved choice is the best one (no regret).
    # Each action after the first is solved only against the best so far,
    # which costs fewer nodes than solving every one exactly.
    g = games.load(name)
    o = parse_options(g.SETTINGS, [])
    known_from = plan_for(name, "normal")[6]
    assert known_from >= plan_for(name, "normal")[5] > 0
    pol = [make_player("heuristic", g, 1) for _ in range(2)]

    def order(s, legal):
        return pol[s.to_move].choose(s.observation(s.to_move, True, legal))
    found = work = full = 0
    for m, st in endgames(name, [], known_from, 40)[2]:
        if not st.exhausted or st.closed:
            assert st.hidden(st.to_move) > 0
            continue
        assert st.hidden(st.to_move) == 0
        p = AIPlayer(g, 5)
        a = decide(p, st, m)
        assert p.last_solved
        me = side_of(g, o, st.to_move)
        vals = {}
        for b in st.legal():
            c = st.clone()
            c._apply(b)
            sv = Solver(g, o, me, lambda s: deal_value(g, o, s.result, me, list(m.scores)), order)
            vals[b] = sv.solve(c)
            full += sv.nodes + 1
        assert vals[a] == max(vals.values())
        work += p.last_work
        found += 1
    assert found >= 5
    assert work < full


def test_a_window_ranks_without_the_exact_value():
    # solve(s, alpha): a value above alpha is exact; one at most alpha only
    # says the true value is no more.
    g, o, pos = endgames("schnapsen", [], 10, 8)
    for m, st in pos:
        me = side_of(g, o, st.to_move)
        value = lambda s: deal_value(g, o, s.result, me)  # noqa: E731
        for a in st.legal():
            c = st.clone()
            c._apply(a)
            exact = Solver(g, o, me, value).solve(c)
            for alpha in (exact - 200, exact - 1, exact, exact + 1, exact + 300):
                v = Solver(g, o, me, value).solve(c, alpha)
                if exact > alpha:
                    assert v == exact
                else:
                    assert exact <= v <= alpha


def test_hidden_counts_the_cards_a_seat_cannot_place():
    g = games.load("schnapsen")
    o = parse_options(g.SETTINGS, [])
    m = Match(g, o, 9)
    st = m.new_deal()
    # At the deal: the other hand (5) and the face-down stock (9).
    assert st.hidden(st.to_move) == 14
    pol = [make_player("heuristic", g, 1), make_player("heuristic", g, 2)]
    while not st.done and not (st.exhausted or st.closed):
        st.apply(pol[st.to_move].choose(st.observation(st.to_move)))
    if st.exhausted and not st.closed:
        assert st.hidden(0) == st.hidden(1) == 0
    # Three hands: two other hands of 8 to place the unseen cards in, less
    # the dealer's trump card, which everyone has seen.
    g3 = games.load("sixtysix")
    o3 = parse_options(g3.SETTINGS, ["variant=three"])
    s3 = Match(g3, o3, 9).new_deal()
    assert s3.to_move != s3.dealer
    assert s3.hidden(s3.to_move) == 15


def test_the_solver_stays_within_the_decisions_budget():
    g = games.load("schnapsen")
    plan = plan_for("schnapsen", "normal")
    reach = plan[2] + plan[2] // 4
    from engine.ai import SOLVE_NODES
    n = 0
    for m, st in endgames("schnapsen", [], plan[5], 10)[2]:
        p = AIPlayer(g, 2)
        a = decide(p, st, m)
        assert a in st.legal()
        if p.last_solved:
            n += 1
            assert 0 < p.last_work <= reach * SOLVE_NODES
    assert n >= 5


def test_the_wall_clock_guard_stops_a_search():
    g = games.load("sixtysix")
    m, st = endgames("sixtysix", [], 8, 1)[2][0]
    p = AIPlayer(g, 5)
    p.deadline_us = 1  # past at once: one world at most, then the heuristic's call
    a = decide(p, st, m)
    assert a in st.legal() and p.last_worlds <= 1
    # The device's players have the guard, at their level's share of its
    # longest decision on the Pico; the benches' and tests' do not.
    q = make_player("ai-hard", g, 1, guard=True)
    assert 0 < q.deadline_us < latency_ms("hard")[1] * 1000
    assert make_player("ai", g, 1).deadline_us is None
    assert guard_deadline(make_player("heuristic", g, 1)) is not None
    from firmware.table import make_players
    for pl in make_players(g, m, 1, "normal")[1:]:
        assert pl.deadline_us == latency_ms("normal")[1] * 1000 * 15 // 16


CHOICES = """
import gc
from engine import games
from engine.compat import collect_early
from engine.game import parse_options
from engine.match import Match
from engine.players import make_player, decide
from engine.ai import AIPlayer, cards_held
for name, opts in (("sixtysix", []), ("schnapsen", [])):
    g = games.load(name)
    o = parse_options(g.SETTINGS, opts)
    out = []
    for seed in (1, 2, 3):
        m = Match(g, o, seed)
        ps = [AIPlayer(g, 10 + s) for s in range(2)]
        collect_early()  # as the device's table does
        while not m.over:
            st = m.new_deal()
            while not st.done:
                p = ps[st.to_move]
                gc.collect()
                a = decide(p, st, m)
                if p.last_solved:
                    out.append("%d:%d:%d" % (a, p.last_work, p.last_worlds))
                st.apply(a)
            m.finish_deal(st)
    print(name, len(out), " ".join(out))
"""


def test_solved_choices_are_the_same_on_micropython():
    cp = run_cpython(["-c", CHOICES])
    mp = run_micropython(["-c", CHOICES], heap="128k")
    assert cp.returncode == 0, cp.stderr
    assert mp.returncode == 0, mp.stdout[-2000:] + mp.stderr
    for line in cp.stdout.splitlines():
        assert int(line.split()[1]) >= 10  # the solver really took over
    assert mp.stdout == cp.stdout


def test_the_solver_builds_no_long_ints():
    code = ("import sys; sys.path.insert(0, 'tests'); import intcheck; intcheck.install()\n"
            + CHOICES.replace("(1, 2, 3)", "(1,)"))
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
