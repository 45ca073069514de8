"""Every text the device shows in a game, in another language: random
matches of every game and variant played through the table's presentation
(status line, labels, dialogs, events, the views, the summaries), with the
language's table strict, so that a missing translation fails.  Used by
tests/test_words.py; `python -m host_sim.wordcheck ru` lists what is missing
instead."""
import random
import sys

from host_sim.shims import install

install()

CASES = (
    ("sixtysix", ""), ("sixtysix", "variant=three"), ("sixtysix", "variant=swabian"),
    ("sixtysix", "claim_mode=manual"), ("schnapsen", ""), ("klaberjass", ""),
    ("belote", ""), ("belote", "announcements=on"), ("deberts", ""),
    ("deberts", "bella_announce=prompt first_move_lot=colour_call low_terz_query=on match_target=100"),
    ("klaberjass", "bella_announce=prompt"),
    ("hasenpfeffer", ""), ("skat", ""), ("skat", "laws=isko"),
    ("skat", "laws=isko isko_all_pass=ramsch isko_score=seeger_fabian"),
    ("skat", "ramsch_score=german"),
)


def play(game, opts, seed, lang, deals=6, board_kind="oled"):
    """Random play of one match (at most `deals` deals) through the table,
    touching every text it has; returns the number of deals."""
    from hal.headless import HeadlessBoard
    from engine import games
    from engine.game import parse_options
    from firmware.app import App
    from hal.headless import settle
    from firmware import overlay, menu
    from firmware.summary import DealSummary, MatchEnd
    board = HeadlessBoard(board_kind)
    board.storage.write("lang", b"v1 " + lang.encode())
    app = App(board, seed)
    settle(app, board)
    g = games.load(game)
    o = parse_options(g.SETTINGS, opts.split()) if opts else g.default_options()
    gm = menu.GameMenu(app, game)  # the game menu's lines and explanations
    for sel in range(len(gm.items())):
        gm.sel = sel
        gm.explanation()
    gm.draw(board.display)
    app.play(game, o, seed, "easy", False, True)
    settle(app, board)
    t = app.scene
    rng = random.Random(seed)
    fb = board.display
    played = 0
    while True:
        st = t.state
        if st.done:
            s = DealSummary(app, t)
            s.draw(fb)
            played += 1
            if t.match.over:
                MatchEnd(app, t, s.stats).draw(fb)
                return played
            if played >= deals:
                return played
            t.new_deal()
            continue
        ob = t.obs
        t.p.status(t, ob)
        for a in ob.legal if st.to_move == 0 else ():
            t.p.label(t, ob, a)
        if st.to_move == 0 and t.dlg is not None:
            t.dlg.draw(fb, app.m, app.theme)
        t.draw(fb)
        for view in range(len(t.VIEWS)):
            t.view = view
            t.view_lines = None
            overlay.draw_view(t, fb, app.m, app.theme, ob)
        t.view = -1
        t.paused = True
        overlay.draw_pause(t, fb, app.m, app.theme)
        t.paused = False
        t._apply(rng.choice(st.legal()))


def main(argv):
    from firmware import words
    lang = argv[0] if argv else "ru"
    words.MISSED = set()
    words.use(lang)
    for game, opts in CASES:
        for seed in range(1, 4):
            play(game, opts, seed, lang)
    for name, text in sorted(words.MISSED):
        print("%s\t%r" % (name, text))
    return 1 if words.MISSED else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
