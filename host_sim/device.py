"""The handheld on the desktop: the device application (firmware/) on a
simulated board, shown in the terminal (half-block characters, two pixel rows
per line), in a window (tkinter, if installed), or headless.

Keys: arrows move, Enter = OK, Backspace or Esc = BACK, m = MENU, q = quit."""
import os
import sys
import time

from host_sim.shims import install

install()

from hal import keys  # noqa: E402
from hal.headless import HeadlessBoard  # noqa: E402

KEY_NAMES = {"LEFT": keys.LEFT, "RIGHT": keys.RIGHT, "UP": keys.UP, "DOWN": keys.DOWN,
             "OK": keys.OK, "BACK": keys.BACK, "MENU": keys.MENU}


class RealTimeBoard(HeadlessBoard):
    """The headless board with the wall clock (for interactive use)."""

    def __init__(self, kind, storage_dir=None):
        HeadlessBoard.__init__(self, kind, storage_dir)
        self.t0 = time.monotonic()

    def ticks_ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


def parse_keys(text):
    """'RIGHT,OK,ok x3' -> key codes; a word may end in xN (repeat)."""
    out = []
    for w in text.replace(" ", ",").split(","):
        w = w.strip().upper()
        if not w:
            continue
        n = 1
        if "X" in w[1:] and w.rsplit("X", 1)[1].isdigit():
            w, rep = w.rsplit("X", 1)
            n = int(rep)
        if w not in KEY_NAMES:
            raise ValueError("unknown key %r (%s)" % (w, ", ".join(KEY_NAMES)))
        out += [KEY_NAMES[w]] * n
    return out


def speak(board, lang):
    """--lang: the device's language setting, as if chosen in its start menu
    (and so remembered in its files); None keeps the one saved."""
    if lang:
        board.storage.write("lang", ("v1 " + lang).encode())


def headless(kind, key_list, seed=1, storage=None, lang=None):
    """Run the app on a headless board through the keys; returns (app, board)."""
    from firmware.app import App
    from hal.headless import press_all
    board = HeadlessBoard(kind, storage)
    speak(board, lang)
    app = App(board, seed)
    press_all(app, board, key_list)
    return app, board


def screenshot(kind, key_list, out, seed=1, scale=None, lang=None):
    from host_sim.screen import write_png
    app, board = headless(kind, key_list, seed, None, lang)
    write_png(board.display, out, scale)
    return app


# -- the terminal ------------------------------------------------------------

_ESC_KEYS = {"[A": keys.UP, "[B": keys.DOWN, "[C": keys.RIGHT, "[D": keys.LEFT,
             "OA": keys.UP, "OB": keys.DOWN, "OC": keys.RIGHT, "OD": keys.LEFT}


def _read_keys(fd):
    """Keys waiting on the terminal (non-blocking); 'quit' for q."""
    import select
    data = b""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 64)
        if not chunk:
            break
        data += chunk
    out = []
    s = data.decode("utf-8", "replace")
    i = 0
    while i < len(s):
        ch = s[i]
        if ch == "\x1b":
            seq = s[i + 1:i + 3]
            if seq in _ESC_KEYS:
                out.append(_ESC_KEYS[seq])
                i += 3
                continue
            out.append(keys.BACK)  # a lone Esc
        elif ch in "\r\n ":
            out.append(keys.OK)
        elif ch in "\x7f\x08":
            out.append(keys.BACK)
        elif ch in "mM":
            out.append(keys.MENU)
        elif ch in "qQ\x03":
            out.append("quit")
        elif ch in "yY":
            out.append("yes")
        elif ch in "nN":
            out.append("no")
        i += 1
    return out


def terminal(kind, seed=None, colour=True, compact=None, storage=None, lang=None):
    """The device in this terminal, drawn as large as it fits (host_sim/simview.py,
    again at each resize); q asks first during a match, Ctrl-C leaves as q does."""
    import shutil
    from firmware.app import App
    from host_sim import simview
    board = RealTimeBoard(kind, storage)
    speak(board, lang)
    app = App(board, seed)
    out = sys.stdout
    least = 1 if compact else 0
    with key_terminal() as fd:
        shown = None  # (frame count, terminal size, asking) on the screen
        asking = False  # q pressed during a match: quit?
        try:
            while True:
                for k in _read_keys(fd):
                    if asking:
                        # q or y quits; any other key plays on (and is not a move)
                        if k in ("quit", "yes"):
                            return 0
                        asking = False
                    elif k == "quit":
                        if not simview.match_on(app):
                            return 0
                        asking = True
                    elif k in KEY_NAMES.values():
                        board.push(k)
                if not asking:
                    app.step()
                size = tuple(shutil.get_terminal_size((80, 24)))
                now = (board.display.frames, size, asking)
                if now != shown:
                    shown = now
                    out.write(simview.frame(board.display, colour, size[0], size[1], least, asking))
                    out.flush()
                time.sleep(0.02)
        except KeyboardInterrupt:
            return 0  # Ctrl-C: as q (the match is saved as it goes)


class key_terminal:
    """The terminal read key by key, the cursor hidden and the screen
    cleared; as it was again afterwards, whatever happened (the simulator's
    view and the link's mirror of the device)."""

    def __enter__(self):
        import termios
        import tty
        self.fd = sys.stdin.fileno()
        self.old = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        sys.stdout.write("\x1b[?25l\x1b[2J")
        return self.fd

    def __exit__(self, *exc):
        import termios
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.old)
        sys.stdout.write("\x1b[0m\x1b[?25h\n")
        return False


# -- the window --------------------------------------------------------------

# tkinter key names -> keys (q quits).
TK_KEYS = {"Left": keys.LEFT, "Right": keys.RIGHT, "Up": keys.UP, "Down": keys.DOWN,
           "Return": keys.OK, "BackSpace": keys.BACK, "Escape": keys.BACK, "m": keys.MENU}


def tk_root(title, what):
    """A tkinter window, or None after saying why there is none."""
    try:
        import tkinter
    except ImportError:
        print("%s: tkinter is not installed; use the terminal (no --window)" % what,
              file=sys.stderr)
        return None
    try:
        root = tkinter.Tk()
    except tkinter.TclError as e:
        print("%s: no display (%s)" % (what, e), file=sys.stderr)
        return None
    root.title(title)
    return root

class TkScreen:
    """A display shown as a picture in a tkinter window."""

    def __init__(self, root, kind):
        import tkinter
        self.tk = tkinter
        self.label = tkinter.Label(root)
        self.label.pack()
        self.scale = 4 if kind == "oled" else 3
        self.img = None

    def show(self, display):
        import base64
        from host_sim.screen import png_bytes
        data = base64.b64encode(png_bytes(display, self.scale))
        self.img = self.tk.PhotoImage(data=data)
        self.label.configure(image=self.img)


def ask_quit(root):
    """q during a match in the window: a yes/no question first."""
    from tkinter import messagebox
    from host_sim import simview
    return messagebox.askyesno("Pocket card table", simview.quit_question(), parent=root)


def window(kind, seed=None, storage=None, lang=None):
    import signal
    from firmware.app import App
    from host_sim import simview
    root = tk_root("Pocket card table (%s)" % kind, "sim --window")
    if root is None:
        return 2
    board = RealTimeBoard(kind, storage)
    speak(board, lang)
    app = App(board, seed)
    screen = TkScreen(root, kind)

    def key(ev):
        if ev.keysym == "q":
            if not simview.match_on(app) or ask_quit(root):
                root.destroy()
        elif ev.keysym in TK_KEYS:
            board.push(TK_KEYS[ev.keysym])

    root.bind("<Key>", key)
    # Ctrl-C in the terminal closes the window as q does (no traceback)
    signal.signal(signal.SIGINT, lambda *_: root.after(0, root.destroy))
    state = {"frames": -1}

    def loop():
        app.step()
        if board.display.frames != state["frames"]:
            state["frames"] = board.display.frames
            screen.show(board.display)
        root.after(20, loop)

    loop()
    root.mainloop()
    return 0


APP_FOLDER = "pocket-card-table"


def data_folder(env=None):
    """Where the simulator keeps the device's files between runs: the
    per-user data folder ($XDG_DATA_HOME, else ~/.local/share; %APPDATA% on
    Windows), in pocket-card-table."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME")
    if not base and os.name == "nt":
        base = env.get("APPDATA")
    if not base:
        home = env.get("HOME") or os.path.expanduser("~")
        base = os.path.join(home, ".local", "share")
    return os.path.join(base, APP_FOLDER)


def storage_of(args):
    """The folder for the device's files (None: in memory).  A scripted
    --headless run keeps them in memory unless --storage names a folder,
    so that it starts alike every time."""
    if getattr(args, "no_save", False):
        return None
    if args.storage:
        folder = args.storage
    elif args.headless:
        return None
    else:
        folder = data_folder()
    return usable_folder(folder)


def usable_folder(folder):
    """folder, made if it is missing; ValueError saying why it cannot hold
    the device's files (a file, no permission)."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError("%s is a file, not a folder: give a folder for the device's files"
                         % folder)
    if not os.path.isdir(folder):
        try:
            os.makedirs(folder)
        except OSError as e:
            raise ValueError("cannot make the folder %s: %s" % (folder, e.strerror or e))
        print("sim: made the folder %s for the device's files" % folder, file=sys.stderr)
    if not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
        raise ValueError("cannot write in %s: give a folder of yours" % folder)
    return folder


def main(args):
    """The `sim` and `screenshot` subcommands."""
    try:
        key_list = parse_keys(getattr(args, "keys", "") or "")
    except ValueError as e:
        print("%s: %s" % (args.cmd, e), file=sys.stderr)
        return 2
    if args.cmd == "screenshot":
        app = screenshot(args.board, key_list, args.out, args.seed if args.seed is not None else 1,
                         None, args.lang)
        print("%s: %s screen after %d keys" % (args.out, type(app.scene).__name__, len(key_list)))
        return 0
    try:
        storage = storage_of(args)
    except ValueError as e:
        print("%s: --storage: %s" % (args.cmd, e) if args.storage else "%s: %s" % (args.cmd, e),
              file=sys.stderr)
        return 2
    if args.headless:
        from host_sim.screen import ansi, ansi_compact
        app, board = headless(args.board, key_list, args.seed if args.seed is not None else 1,
                              storage, args.lang)
        render = ansi_compact if args.compact else ansi
        print(render(board.display, colour=not args.plain))
        print("scene: %s, frames: %d" % (type(app.scene).__name__, board.display.frames))
        return 0
    if args.window:
        return window(args.board, args.seed, storage, args.lang)
    if not sys.stdin.isatty():
        print("sim: the terminal simulator needs a terminal; try --headless --keys ...",
              file=sys.stderr)
        return 2
    rc = terminal(args.board, args.seed, colour=not args.plain,
                  compact=True if args.compact else None, storage=storage, lang=args.lang)
    print("sim: the device's files are kept in %s" % storage if storage else
          "sim: --no-save: nothing was kept", file=sys.stderr)
    return rc
