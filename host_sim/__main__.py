"""The pocket card table's desktop simulator and tools.

    python -m host_sim                      the handheld's screen in the terminal (= sim)
    python -m host_sim sim --board oled|lcd [--window | --headless --keys K,K,...]
    python -m host_sim screenshot --board oled|lcd --keys RIGHT,OK,... --out FILE.png
    python -m host_sim menu                 choose a game and play it as text
    python -m host_sim play --game NAME     play a match against the computer
                                            (play --game NAME --help: its settings)
    python -m host_sim replay FILE...       check a game record and print its results
    python -m host_sim selfplay ...         computer matches (same as python -m engine.selfplay)
    python -m host_sim bench                memory and speed figures (make bench)
    python -m host_sim tournament ...       AI strength by duplicate play
    python -m host_sim link --port PORT screen|check|pull   the handheld over USB serial
"""
import argparse
import os
import sys

from engine import games
from engine.game import parse_options, parse_seat


def cmd_play(args):
    from host_sim import terminal
    try:
        game = games.load(args.game)
        opts = parse_options(game.SETTINGS, args.option or [])
        human = parse_seat(args.seat, game.players(opts))
    except ValueError as e:
        print("play: %s" % e, file=sys.stderr)
        return 2
    terminal.play(game, opts, seed=args.seed, human=human,
                  opponent=args.opponent, record=args.record, lang=args.lang)
    return 0  # (Ctrl-C ends the match as the end of input does)


def cmd_replay(args):
    from engine.records import replay, RecordError
    status = 0
    for path in args.files:
        try:
            with open(path) as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            print("%s: cannot read: %s" % (path, e), file=sys.stderr)
            status = 2
            continue
        print("%s:" % path)
        try:
            m = replay(text, out=lambda s: print("  " + s))
        except RecordError as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            status = 2
            continue
        if m.over:
            from engine.game import side_names
            print("  match over: %s wins" % side_names(m.game, m.options)[m.winner])
    return status


def cmd_menu(args):
    from firmware import words
    words.use(args.lang)
    _ = words.section("play")
    names = [(g, t) for g, t, _t in games.GAMES]
    print(_("The pocket card table. Games:"))
    for i, (g, title) in enumerate(names):
        print("  %d: %s" % (i + 1, words.title(title)))
    while True:
        try:
            t = input("game> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if t.isdigit() and 1 <= int(t) <= len(names):
            name = names[int(t) - 1][0]
            break
        if t in [g for g, _t in names]:
            name = t
            break
        print(_("choose 1-%d") % len(names))
    if args.seed is None:
        # a new deal each time, told so that the match can be played again
        import time
        args.seed = int(time.time() * 1000) % 100000 + 1
    print(_("match seed %d (play --game %s --seed %d plays it again)") % (args.seed, name, args.seed))
    args.game = name
    args.option = []
    args.seat = "P1"
    args.opponent = "ai"
    args.record = None
    return cmd_play(args)


def cmd_device(args):
    from host_sim import device
    return device.main(args)


def cmd_selfplay(args):
    from engine import selfplay
    return selfplay.main(args.rest)


def cmd_bench(args):
    from host_sim import bench
    return bench.main(args)


def cmd_tournament(args):
    from host_sim import tournament
    return tournament.main(args)


def settings_help(game=None):
    """The settings of `game` (None: of every game), for --help (the first
    value is the default)."""
    lines = ["settings (--option NAME=VALUE; the first value is the default; "
             "docs/rules/%s.md says what each changes):" % (game or "GAME")]
    for name in ([game] if game else games.names()):
        g = games.load(name)
        lines.append("  %s:" % name)
        for setting, values in g.SETTINGS:
            shown = [str(v) for v in values]
            if len(shown) > 10:
                # a long list (any match target from 100 to 5000): its default
                # and its ends
                shown = shown[:3] + ["...", "%s (%d values)" % (shown[-1], len(shown))]
            lines.append("    %s = %s" % (setting, " | ".join(shown)))
    return "\n".join(lines)


def count(least):
    """An argparse type: a whole number of at least `least`."""
    def parse(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % text)
        if n < least:
            raise argparse.ArgumentTypeError("must be %d or more, not %d" % (least, n))
        return n
    parse.__name__ = "count"
    return parse


def out_file(path):
    """An argparse type: a file to write, in a folder that exists (checked
    before the work, not after it)."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        raise argparse.ArgumentTypeError("%s is a folder: name a file in it" % path)
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError("there is no folder %s to write %s in" % (folder, path))
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError("cannot write in the folder %s" % folder)
    return path


def game_named(argv):
    """The game an argument list names with --game (for `play --help`)."""
    for i, a in enumerate(argv):
        if a == "--game" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--game="):
            return a[len("--game="):]
    return None


def parser(game=None):
    """game: the one whose settings `play --help` lists (None: every game's)."""
    p = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="cmd")
    add_play(sub, game if game in games.names() else None)
    add_device(sub)
    add_text_tools(sub)
    add_tournament(sub)
    add_bench(sub)
    from host_sim import link
    lk = link.add_parser(sub)
    lk.set_defaults(func=link.main)
    return p


def add_play(sub, game=None):
    """`play`: a match in the terminal."""
    pl = sub.add_parser("play", help="play a match against the computer in the terminal",
                        description="Play a match against the computer in the terminal.",
                        epilog=settings_help(game),
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    pl.add_argument("--game", required=True, choices=games.names())
    pl.add_argument("--seat", default="P1", help="your seat, P1 (default) .. Pn")
    pl.add_argument("--opponent", default="ai",
                    choices=("ai", "ai-easy", "ai-normal", "ai-hard", "heuristic", "random"),
                    help="the computer players (default ai: the search-based AI, normal level)")
    pl.add_argument("--seed", type=int, default=1, help="match seed (deals and first dealer)")
    pl.add_argument("--option", action="append", metavar="NAME=VALUE",
                    help="a rule setting, e.g. claim_mode=manual (repeatable)")
    pl.add_argument("--record", metavar="FILE", type=out_file,
                    help="write the match as a record to FILE")
    pl.add_argument("--lang", choices=("en", "ru"), default="en",
                    help="the texts' language (moves are typed by number, or as the "
                         "engine writes them: QH, marriage H)")
    pl.set_defaults(func=cmd_play)


def add_device(sub):
    """`sim` and `screenshot`: the device application."""
    sm = sub.add_parser("sim", help="the device application on a simulated handheld (default)")
    sm.add_argument("--board", default="oled", choices=("oled", "lcd"),
                    help="128x64 monochrome OLED (default) or 240x135 colour LCD")
    sm.add_argument("--window", action="store_true", help="a window (tkinter) instead of the terminal")
    sm.add_argument("--headless", action="store_true",
                    help="no interaction: press --keys, print the final screen")
    sm.add_argument("--keys", default="", help="comma-separated keys for --headless "
                    "(LEFT RIGHT UP DOWN OK BACK MENU; RIGHTx3 repeats)")
    sm.add_argument("--plain", action="store_true", help="no colours, block characters only")
    sm.add_argument("--compact", action="store_true",
                    help="2x2 pixels per character (automatic when the terminal is too narrow)")
    sm.add_argument("--seed", type=int, default=None, help="fixed match seeds")
    sm.add_argument("--lang", choices=("en", "ru"), default=None,
                    help="the device's language (remembered, as its Language line is; "
                    "default: the one last chosen, English at first)")
    sm.add_argument("--storage", metavar="DIR",
                    help="keep the device's files (saved matches, settings, statistics) in DIR, "
                    "e.g. files pulled from the device with `link pull` (default: "
                    "$XDG_DATA_HOME/pocket-card-table or ~/.local/share/pocket-card-table; "
                    "--headless: in memory)")
    sm.add_argument("--no-save", action="store_true",
                    help="keep the device's files in memory only: nothing is kept after the run")
    sm.set_defaults(func=cmd_device)

    ss = sub.add_parser("screenshot", help="write the device screen after some keys as PNG")
    ss.add_argument("--board", default="oled", choices=("oled", "lcd"))
    ss.add_argument("--keys", default="", help="comma-separated keys, e.g. OK,OK,RIGHT,OK")
    ss.add_argument("--seed", type=int, default=1)
    ss.add_argument("--out", required=True, metavar="FILE.png", type=out_file)
    ss.add_argument("--lang", choices=("en", "ru"), default=None, help="the device's language")
    ss.set_defaults(func=cmd_device)


def add_text_tools(sub):
    """`menu`, `replay` and `selfplay`."""
    mn = sub.add_parser("menu", help="choose a game and play it as text in the terminal",
                        description="Choose a game and play a match of it against the "
                        "computer (the normal level) as text in the terminal.")
    mn.add_argument("--seed", type=int, default=None,
                    help="match seed (default: a new one each time, shown)")
    mn.add_argument("--lang", choices=("en", "ru"), default="en", help="the texts' language")
    mn.set_defaults(func=cmd_menu)

    rp = sub.add_parser("replay", help="check game records; exit status 2 on an error")
    rp.add_argument("files", nargs="+", metavar="FILE")
    rp.set_defaults(func=cmd_replay)

    # (its own options, as engine.selfplay takes them: main() hands them on)
    sp = sub.add_parser("selfplay", help="computer matches with a transcript "
                        "(selfplay --help: its options)", add_help=False)
    sp.add_argument("rest", nargs=argparse.REMAINDER)
    sp.set_defaults(func=cmd_selfplay)


def add_tournament(sub):
    """`tournament`: duplicate matches."""
    tp = sub.add_parser("tournament", help="duplicate matches: player A against player B")
    tp.add_argument("--game", required=True, choices=games.names())
    tp.add_argument("--matches", type=count(1), default=20,
                    help="matches to play (default 20; with duplicate play each twice)")
    tp.add_argument("--a", default="ai", help="the tested player (default ai)")
    tp.add_argument("--b", default="heuristic", help="the baseline (default heuristic)")
    tp.add_argument("--seed", type=int, default=1, help="the first match's seed (default 1)")
    tp.add_argument("--option", action="append", metavar="NAME=VALUE",
                    help="a rule setting, e.g. variant=three (repeatable)")
    tp.add_argument("--verbose", action="store_true", help="the score every ten matches")
    tp.add_argument("--json", metavar="FILE", type=out_file, help="also write the result as JSON")
    tp.add_argument("--label", help="the name to report the game under (e.g. 'sixtysix three')")
    tp.add_argument("--wins", action="store_true",
                    help="count A's plain match wins, A in one seat and B in the others "
                         "(not duplicate play)")
    tp.set_defaults(func=cmd_tournament)


def add_bench(sub):
    """`bench`: the figures of docs/benchmarks.md."""
    bp = sub.add_parser("bench", help="memory and speed figures under micropython and CPython")
    bp.add_argument("--games", default=None, help="comma-separated games (default: all)")
    bp.add_argument("--deals", type=count(1), default=200, help="random deals timed per game")
    bp.add_argument("--out", default="docs/benchmarks.md", help="where to write the table")
    bp.add_argument("--ai-matches", type=count(0), default=3,
                    help="full AI matches timed per game under micropython (0: skip)")
    bp.add_argument("--tournament-matches", type=count(0), default=400,
                    help="duplicate matches per game against the heuristic (0: skip)")
    bp.add_argument("--random-matches", type=count(0), default=1000,
                    help="duplicate matches per game against random play (default 1000)")
    bp.add_argument("--peer-games", type=count(0), default=800,
                    help="Schnapsen games against the platform's RdeepBot (needs .venv-bench; 0: skip)")
    bp.add_argument("--peer-samples", type=int, default=32, help="RdeepBot's num_samples (default 32)")
    bp.add_argument("--peer-depth", type=int, default=8, help="RdeepBot's depth (default 8)")
    bp.add_argument("--peer-player", default="ai",
                    help="our side against RdeepBot (default: ai, the normal level; "
                         "ai-hard, heuristic, or a tuned AI such as ai:z=1)")
    bp.add_argument("--skip-rules", action="store_true", help="only the AI figures")
    bp.add_argument("--skip-screens", action="store_true",
                    help="leave out the device screens (redraw time and free heap per game)")
    bp.add_argument("--save-json", metavar="FILE", type=out_file, help="also save every figure as JSON")
    bp.add_argument("--from-json", metavar="FILE",
                    help="write the page from figures saved by --save-json (plus --strength-from)")
    bp.add_argument("--strength-from", nargs="*", metavar="JSON",
                    help="tournament results written by `tournament --json` (instead of playing them)")
    bp.set_defaults(func=cmd_bench)


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    if not argv:
        argv = ["sim"]  # the device's start menu
    if argv[0] == "selfplay":  # its own options and --help (engine/selfplay.py)
        from engine import selfplay
        return selfplay.main(argv[1:])
    args = parser(game_named(argv)).parse_args(argv)
    if args.cmd is None:  # only global options: the device as well
        seed = args.seed
        args = parser().parse_args(["sim"])
        args.seed = seed
    try:
        return args.func(args)
    except KeyboardInterrupt:
        # Ctrl-C in a long run (a tournament, a bench): a line, no traceback
        print("\n%s: interrupted" % args.cmd, file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
