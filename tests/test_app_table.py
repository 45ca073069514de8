"""The device application's table on CPython with the headless board
(Sixty-six, and a few other games' dialogs): the cursor, legal marks and
refusals, action prompts and choosers, the computer's turn and its thinking
sign, pause, hints, take-backs, the deal summary and the screen itself."""
import pytest

from tests.apphelp import (new_app, scene, deal_keys, press, down_to, to_table, advance_until,
                           message_row)
from hal import keys
from hal.headless import HeadlessBoard
from hal.headless import settle
from firmware import font, ui


def test_cursor_moves_over_the_hand_and_wraps():
    app, board = to_table()
    t = advance_until(app, board, lambda t: len(t.obs.hand) == 6)
    t.cursor = 0
    press(app, board, keys.LEFT)
    assert t.cursor == 5
    press(app, board, keys.RIGHT, keys.RIGHT)
    assert t.cursor == 1


def test_ok_plays_the_card_under_the_cursor():
    app, board = to_table()
    t = advance_until(app, board, lambda t: not t.actions() and len(t.obs.legal) >= 2)
    t.cursor = 1
    card = t.obs.hand[1]
    assert card in t.obs.legal
    before = len(t.obs.hand)
    press(app, board, keys.OK)
    assert card not in t.obs.hand
    assert card in t.obs.played or card in t.obs.trick or t.last and card in t.last
    assert len(t.obs.hand) in (before - 1, before)  # a card drawn after the trick


def test_an_illegal_card_is_refused_and_nothing_changes():
    app, board = to_table(seed=11)
    t = advance_until(app, board, lambda t: any(c not in t.obs.legal for c in t.obs.hand))
    bad = [i for i, c in enumerate(t.obs.hand) if c not in t.obs.legal][0]
    t.cursor = bad
    hand, legal, played = list(t.obs.hand), list(t.obs.legal), list(t.obs.played)
    frames = board.display.frames
    press(app, board, keys.OK)
    assert t.msg == "Lead K\x03 Q\x03"  # (the reason: the marriage of hearts just shown)
    assert t.obs.hand == hand and t.state.legal() == legal and t.obs.played == played
    assert t.human_turn()
    assert board.display.frames == frames + 1  # the refusal is shown


def test_action_prompts_follow_the_legal_actions():
    app, board = to_table(seed=11)
    t = advance_until(app, board, lambda t: len(t.actions()) >= 1)
    labels = [t.p.label(t, t.obs, a) for a in t.actions()]
    texts = [t.state.action_text(a) for a in t.actions()]
    for lab, txt in zip(labels, texts):
        assert lab.lower().startswith(txt.split()[0])
        if txt.startswith("marriage"):
            assert lab[-1] == font.suit_char("CSHD".find(txt[-1]))
    press(app, board, keys.UP)
    assert t.row == 1
    a = t.actions()[t.chip]
    press(app, board, keys.OK)
    word = t.state.action_text(a).split()[0]
    assert t.msg.startswith("You") and word in t.msg.lower()


def thinking_row(app, msg, name, dots=3):
    """The message line with the last event and the thinking sign at its end."""
    scratch = HeadlessBoard(app.board.kind)
    m = app.m
    x = m.w - ui.text_w(m, name + "...") - 1
    ui.text(scratch.display, m, ui.fit(m, msg, x - 4), 1, m.msg_y, app.theme.text)
    ui.text(scratch.display, m, name + "." * dots, x, m.msg_y, app.theme.warn)
    return message_row(app, scratch)


def test_the_computer_shows_it_is_thinking_then_moves():
    app, board = to_table()
    t = advance_until(app, board, lambda t: not t.actions() and not t.obs.trick)
    t.cursor = t.obs.hand.index(t.obs.legal[0])
    frames = board.display.frames
    board.push(keys.OK)
    app.step()  # the human leads; the same frame shows the thinking sign
    assert not t.human_turn() and t.ai_at >= 0 and t.busy()
    assert board.display.frames == frames + 1
    # The player's move stays readable beside the sign while the computer thinks.
    assert t.msg.startswith("You")
    assert message_row(app, board) == thinking_row(app, t.msg, "AI")
    board.advance(100)
    assert app.step() is False  # decided, the move waits for its delay: nothing to redraw
    assert t.ai_move >= 0 and t.ai_at >= 0
    played = len(t.obs.played)
    settle(app, board)
    assert t.ai_at < 0 and len(t.obs.played) == played + 2
    assert t.msg.startswith("AI: ")


def test_each_computer_move_stays_on_screen_while_the_next_one_thinks():
    # Skat's auction: bid after bid by the computer, each one readable (the
    # event line) for as long as the next seat thinks.
    from firmware import table
    app, board = new_app("oled", 3)
    settle(app, board)
    while app.scene.entries[app.scene.sel][2] != "skat":
        press(app, board, keys.DOWN)
    press(app, board, keys.OK)
    gm = app.scene
    laws = [s[0] for s in gm.shown].index("laws") + 1
    while gm.sel != laws:
        press(app, board, keys.DOWN)
    while gm.opts.get("laws") != "isko":
        press(app, board, keys.RIGHT)
    while gm.sel != 0:
        press(app, board, keys.UP)
    board.push(keys.OK)
    seen = 0
    for _ in range(3000):
        app.step()
        t = app.scene
        if scene(app) == "Table" and t.ai_at >= 0 and t.ai_move < 0 and t.history:
            # the thinking sign is up and the decision not yet made: the
            # last computer's move is on the line
            assert message_row(app, board) == thinking_row(app, t.msg, t.name(t.state.to_move))
            assert t.msg == t.history[-1]
            seen += 1
        if scene(app) == "Table" and t.human_turn():
            break
        board.advance(50)
    assert seen >= 2
    from firmware import thinking
    assert table.READ_MS < 2000 and thinking.PROGRESS_MS < 2000


def test_a_long_search_moves_the_thinking_sign():
    # On a slow device the clock runs during a search: the sign gets a new
    # frame every PROGRESS_MS, and the move still comes, with the sign reset.
    from firmware import table
    app, board = to_table()
    t = advance_until(app, board, lambda t: not t.actions() and not t.obs.trick)
    t.cursor = t.obs.hand.index(t.obs.legal[0])
    board.push(keys.OK)
    app.step()
    assert t.ai_at >= 0 and t.ai_move < 0
    frames = board.display.frames
    ticks = board.ticks_ms
    spins = []
    step = t._progress

    def progress():
        step()
        spins.append((t.spin, board.display.frames))
    t._progress = progress

    def slow():  # every look at the clock: 50 ms later
        board.now += 50
        return ticks()
    board.ticks_ms = slow
    played = len(t.obs.played)
    try:
        app.step()  # the search (and the move, its delay past by then)
    finally:
        board.ticks_ms = ticks
    assert spins and spins[-1][0] > 0
    assert spins[-1][1] == frames + spins[-1][0]  # a frame per step of the sign
    settle(app, board)
    assert t.spin == 0 and len(t.obs.played) == played + 2


def test_the_computer_moves_across_the_clock_wrap():
    # ticks_ms() wraps at 2**30 after 12.4 days: a move scheduled in the last
    # 0.7 s before the wrap must still come (D3).
    app, board = to_table(seed=3)
    t = advance_until(app, board, lambda t: not t.actions() and not t.obs.trick)
    board.now = (1 << 30) - 300
    t.cursor = t.obs.hand.index(t.obs.legal[0])
    played = len(t.obs.played) + len(t.obs.trick)
    board.push(keys.OK)
    app.step()
    assert t.ai_at >= 0 and t.ai_at < 1000  # scheduled past the wrap
    for _ in range(100):
        board.advance(50)
        app.step()
        if len(t.obs.played) + len(t.obs.trick) > played + 1:
            break
    assert len(t.obs.played) + len(t.obs.trick) > played + 1, "the computer never moved"


def test_pause_resume_and_quit_to_menu():
    app, board = to_table()
    t = advance_until(app, board, lambda t: True)
    press(app, board, keys.MENU)
    assert t.paused and not t.busy()
    hand = list(t.obs.hand)
    press(app, board, keys.OK)  # OK on Resume
    assert not t.paused and t.obs.hand == hand
    press(app, board, keys.BACK, keys.UP, keys.OK)  # the last line: quit
    assert scene(app) == "StartMenu"


def test_deal_summary_states_the_result():
    ks, app, board = deal_keys("oled", seed=3)
    s = app.scene
    r = s.table.state.result
    head = s.lines[0][0]
    gp = r.points[r.winner]
    assert head == "%s %d game point%s" % ("You win" if r.winner == 0 else "AI wins",
                                           gp, "" if gp == 1 else "s")
    assert s.lines[2][0].startswith("You %d pts, %d tricks" % (r.totals[0], s.table.obs.tricks[0]))
    assert s.lines[3][0].startswith("AI %d pts, %d tricks" % (r.totals[1], s.table.obs.tricks[1]))
    assert s.lines[-1][0].startswith("Match: You %d  AI %d" % tuple(s.table.match.scores))
    press(app, board, keys.OK)
    assert scene(app) == "Table" and app.scene.match.deals == 1
    assert len(app.scene.obs.hand) == 6


def test_the_screen_shows_the_table():
    # Crude but real: the hand row and the status line are lit, and the
    # selected card is inverted on the OLED (a filled block of ink).
    app, board = to_table("oled")
    t = advance_until(app, board, lambda t: len(t.obs.hand) == 6 and t.row == 0)
    fb = board.display
    m = app.m
    # five resting cards show their bottom edges; the selected one is lifted
    assert sum(fb.pixel(x, m.h - 1) for x in range(m.w)) == 5 * m.cw
    top = m.hand_y - m.lift
    marks = len([c for c in t.obs.hand if c in t.obs.legal]) - 1  # 3 px each
    assert sum(fb.pixel(x, top) for x in range(m.w)) == m.cw + 3 * marks
    assert any(fb.pixel(x, 2) for x in range(60))


def test_manual_claim_is_offered_and_ends_the_deal():
    app, board = new_app("oled", seed=11)
    press(app, board, keys.OK)
    down_to(app, board, "Going out")
    press(app, board, keys.RIGHT)  # claim mode manual
    assert app.scene.opts.claim_mode == "manual"
    while app.scene.sel:
        press(app, board, keys.UP)
    press(app, board, keys.OK)
    t = app.scene
    assert scene(app) == "Table"
    t = advance_until(app, board, lambda t: any(
        t.state.action_text(a) == "claim" for a in t.actions()))
    acts = t.actions()
    press(app, board, keys.UP)
    while t.state.action_text(acts[t.chip]) != "claim":
        press(app, board, keys.RIGHT)
    assert t.state.done is False
    total = t.obs.totals[0]
    board.push(keys.OK)
    app.step()
    assert t.state.done and t.msg == "You: Claim"
    r = t.state.result
    assert (r.winner == 0) == (total >= 66)
    settle(app, board)
    assert scene(app) == "DealSummary"
    assert board.sound.beeps  # keys click


def test_exchange_prompt_swaps_the_trump_nine_for_the_turn_up():
    app, board = to_table(seed=11)
    t = advance_until(app, board, lambda t: any(
        t.state.action_text(a) == "exchange" for a in t.actions()))
    up = t.obs.turnup
    nine = t.obs.trump * 8 + 2
    assert nine in t.obs.hand and up not in t.obs.hand
    press(app, board, keys.UP)
    while t.state.action_text(t.actions()[t.chip]) != "exchange":
        press(app, board, keys.RIGHT)
    press(app, board, keys.OK)
    assert t.msg == "You: Exchange"
    assert up in t.obs.hand and nine not in t.obs.hand and t.obs.turnup == nine
    assert t.human_turn()  # the leader still has to lead


def test_action_choices_scroll_when_they_do_not_fit():
    # Eight long choices cannot all fit: the selected one is always drawn.
    app, board = to_table("oled")
    t = advance_until(app, board, lambda t: True)

    class Many:
        done = False
        to_move = 0

        def action_text(self, a):
            return "choice %d" % a

    t.state = Many()
    t.obs.legal = list(range(100, 108))
    t.row = 1
    drawn = []
    real_chip = ui.chip

    def spy(fb, m, th, label, x, y, selected):
        drawn.append((label, selected, x))
        return real_chip(fb, m, th, label, x, y, selected)

    ui.chip = spy
    try:
        for sel in range(8):
            t.chip = sel
            drawn.clear()
            board.display.fill(0)
            t._draw_prompt(board.display, app.m, app.theme)
            assert ("Choice %d" % (100 + sel), True) in [(d[0], d[1]) for d in drawn]
            assert all(d[2] + ui.text_w(app.m, d[0]) + 3 <= app.m.w for d in drawn)
    finally:
        ui.chip = real_chip


def test_the_status_line_hides_the_points_when_the_setting_says_so():
    from firmware.games import sixtysix
    app, board = to_table(seed=3)
    t = advance_until(app, board, lambda t: True)
    shown = sixtysix.status(t, t.obs)
    t.match.options.set("show_running_totals", "false")
    hidden = sixtysix.status(t, t.obs)
    assert "You " in shown[0] and "AI " in shown[0]  # (the longest of its forms)
    assert not any("You " in f or "AI " in f for f in hidden)


def test_a_hint_points_at_a_legal_move_and_changes_nothing():
    app, board = to_table(seed=3)
    t = advance_until(app, board, lambda t: not t.actions())
    hand = list(t.obs.hand)
    logged = bytes(t.log.data)
    press(app, board, keys.MENU, keys.DOWN)  # Resume, then Hint
    assert t.pause_sel == 1
    press(app, board, keys.OK)
    assert not t.paused and t.msg.startswith("Hint: ")
    card = t.obs.hand[t.cursor]
    assert card in t.obs.legal and t.msg == "Hint: " + t.p.label(t, t.obs, card)
    assert t.obs.hand == hand and bytes(t.log.data) == logged and t.human_turn()
    press(app, board, keys.OK)  # and it can be played at once
    assert card not in t.obs.hand


def test_a_hint_in_a_dialog_points_at_its_choice():
    app, board = new_app("oled", 3)
    from host_sim.screens import game_start
    press(app, board, *game_start("hasenpfeffer"))
    t = advance_until(app, board, lambda t: t.dlg is not None)
    press(app, board, keys.MENU, keys.DOWN, keys.OK)
    assert t.msg.startswith("Hint: ")
    d = t.dlg
    chosen = d.current()[1] if hasattr(d, "current") else d.items[d.sel][1][0]
    assert t.msg == "Hint: " + t.p.label(t, t.obs, chosen)


def _take_back_keys(t):
    from firmware.table import TAKE_BACK
    return [keys.MENU] + [keys.DOWN] * TAKE_BACK + [keys.OK]


def test_take_back_undoes_the_players_move_and_the_replies():
    app, board = new_app("oled", 3)
    board.storage.write("takebacks_sixtysix", b"v1 on")
    press(app, board, keys.OK, keys.OK)  # Sixty-six, New match
    t = advance_until(app, board, lambda t: not t.actions() and not t.obs.trick
                      and len(t.obs.played) >= 2)
    before = (list(t.obs.hand), bytes(t.log.data), list(t.match.scores), list(t.obs.played))
    t.cursor = t.obs.hand.index(t.obs.legal[0])
    press(app, board, keys.OK)  # played; the computer answered
    assert bytes(t.log.data) != before[1] and t.human_turn()
    press(app, board, *_take_back_keys(t))
    assert app.scene is t and t.msg == "You took your move back"
    assert t.obs.hand == before[0] and bytes(t.log.data) == before[1]
    assert t.match.scores == before[2] and t.obs.played == before[3] and t.human_turn()
    # the save is the match as it is now, and it keeps the permission
    from engine import savegame as fmt
    from firmware.savegame import engine_save
    data = engine_save(board.storage.read("save_sixtysix"))
    assert data.endswith(before[1]) and fmt.header(data)[2][0] is None
    assert b" +;" in data.split(b"\n")[0] or data.split(b"\n")[0].split()[4].startswith(b"+")
    # back move by move to the player's first of this deal, then no further
    sizes = [len(t.log.data)]
    for _ in range(20):
        press(app, board, *_take_back_keys(t))
        if t.msg == "Nothing to take back":
            break
        sizes.append(len(t.log.data))
    assert t.msg == "Nothing to take back"
    assert sizes == sorted(sizes, reverse=True) and len(set(sizes)) == len(sizes) > 1


def test_take_back_is_refused_when_the_match_did_not_allow_it():
    app, board = to_table(seed=3)
    t = advance_until(app, board, lambda t: not t.actions() and not t.obs.trick)
    t.cursor = t.obs.hand.index(t.obs.legal[0])
    press(app, board, keys.OK)
    logged = bytes(t.log.data)
    press(app, board, *_take_back_keys(t))
    assert t.msg == "No take-backs in this match" and bytes(t.log.data) == logged


@pytest.mark.parametrize("game,text,want", [
    ("belote", "P3 took hearts; NS +0, EW +182", "Partner took hearts; We +0, They +182"),
    ("hasenpfeffer", "P4 6 for P2+P4; P1+P3 0", "Right 6 for They; We 0"),
])
def test_the_engines_side_and_seat_names_as_the_player_says_them(game, text, want):
    from host_sim.screens import game_start
    app, board = new_app("oled", 3)
    press(app, board, *game_start(game))
    assert scene(app) == "Table" and app.scene.names(text) == want


def test_the_bid_chooser_offers_the_bids_in_rising_order():
    # firmware/games/public.py keeps two lists in order as they fill (no
    # list of pairs: the heap on the LCD is tight there); whatever order
    # the actions come in, each value keeps its own action, and one step
    # below the lowest is the pass.
    from firmware.games.public import bid_chooser
    from engine.game import ACTION_BASE

    class View:
        class state:
            @staticmethod
            def action_text(a):
                return "pass"
    acts = [ACTION_BASE + n for n in (18, 20, 30, 22, 27, 24, 23)] + [ACTION_BASE]
    c = bid_chooser("Your bid", View, None, acts, lambda a: a > ACTION_BASE,
                    lambda a: a - ACTION_BASE, ACTION_BASE)
    assert list(c.numbers) == [18, 20, 22, 23, 24, 27, 30]
    assert [a - ACTION_BASE for a in c.actions] == c.numbers
    assert c.low[1] == ACTION_BASE and c.current() == ("18", ACTION_BASE + 18)


def test_a_long_check_of_the_players_action_shows_the_thinking_sign():
    # A claim in ISkO Skat is checked by a search of up to ~2 s on the Pico
    # (engine/skat/claim.py), which calls engine.compat.keepalive every 1024
    # steps: while the player's action is applied, those calls feed the
    # watchdog and draw the table's thinking sign, "You..." with its dots
    # moving; after it, the hook is the board's again and the sign is gone.
    from engine import compat
    app, board = to_table(seed=11)
    t = advance_until(app, board, lambda t: len(t.actions()) >= 1 and t.dlg is None)
    was = getattr(compat, "keepalive", None)
    frames, rows, fed = [], [], []
    apply, feed = t.state.apply, board.feed

    def slow_apply(a):  # the engine at work: 8 x 1024 steps, 400 ms each
        for _ in range(8):
            board.now += 400
            compat.keepalive()
            frames.append(board.display.frames)
            rows.append(message_row(app, board))
        apply(a)
    t.state.apply = slow_apply
    board.feed = lambda: fed.append(1) or feed()
    press(app, board, keys.UP)
    before, msg = board.display.frames, t.msg
    try:
        board.push(keys.OK)
        app.step()
    finally:
        t.state.apply, board.feed = apply, feed
    assert len(fed) >= 8  # every call fed the watchdog
    # The sign at once, then every PROGRESS_MS (900): at 0, 1.2 and 2.4 s.
    assert frames == [before + 1] * 3 + [before + 2] * 3 + [before + 3] * 2
    assert rows[0] == thinking_row(app, msg, t.name(0), 1)  # the dots move
    assert rows[-1] == thinking_row(app, msg, t.name(0), 3)
    assert t.ai_at < 0 and t.spin == 0
    assert getattr(compat, "keepalive", None) is was
