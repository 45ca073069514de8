"""The desktop's end of the serial link to the handheld (docs/link.md).

    python -m host_sim link --port PORT screen [--window | --keys K,K,... [--out FILE.png]]
    python -m host_sim link --port PORT check [--all] [--game G] [--seed N] [--matches K]
    python -m host_sim link --port PORT pull [--out DIR]

screen: the device's screen mirrored in the terminal (or --window) and the
        desktop's keys pressed on the device (arrows, Enter = OK, Backspace/Esc = BACK,
        m = MENU, q = quit); with --keys, those keys and then the screen as
        a PNG (--out) or in the terminal.
check:  the engine's cross-runtime transcripts (host_sim/transcripts.py) run
        on the device and compared, line by line, with CPython's.
pull:   the device's saves, statistics and settings copied into DIR and
        checked there; `python -m host_sim sim --storage DIR` goes on with
        the device's saved match on the desktop.

The link stops the application (Ctrl-C), enters MicroPython's raw REPL,
soft-resets there (a fresh heap; main.py does not run in the raw REPL) and
starts firmware/link.py's serve(); at the end the device is soft-reset from
the friendly REPL, so the application starts again.  --no-reset skips both
resets (the MicroPython unix port would end on one)."""
import binascii
import os
import sys
import time

from firmware.link import VERSION, FrameError, decode, encode
from host_sim.ports import no_pico, present

START = "import firmware.link\nfirmware.link.serve()\n"
BAUD = 115200  # ignored by USB CDC; a real UART bridge would need it


class LinkError(Exception):
    """Anything that ends a session: said in plain words, for the user."""


class Link:
    def __init__(self, port, timeout=10.0, start=START, reset=True, serial_mod=None):
        if serial_mod is None:
            import serial as serial_mod
        self.serial_mod = serial_mod
        self.name = port
        self.timeout = timeout
        self.reset = reset
        self.buf = bytearray()
        self.info = None
        if not present(port):
            raise LinkError(no_pico(port))
        try:
            self.ser = serial_mod.Serial(port, BAUD, timeout=0.05)
        except (serial_mod.SerialException, OSError) as e:
            raise LinkError("cannot open %s: %s\n(Is another program using it, e.g. Thonny, "
                            "mpremote or a terminal?)" % (port, e))
        try:
            self._start(start)
        except LinkError:
            self.close()  # a serve() that did start must not be left waiting
            raise

    # -- bytes on the wire ---------------------------------------------------

    def _write(self, data):
        try:
            self.ser.write(data)
            self.ser.flush()
        except (self.serial_mod.SerialException, OSError) as e:
            raise LinkError(self._lost(e))

    def _read(self):
        try:
            data = self.ser.read(4096)
        except (self.serial_mod.SerialException, OSError) as e:
            raise LinkError(self._lost(e))
        self.buf += data
        return data

    def _lost(self, e):
        return ("lost the device on %s (was the cable unplugged?): %s" % (self.name, e))

    def _read_until(self, marker, timeout, what):
        end = time.monotonic() + timeout
        while marker not in self.buf:
            if time.monotonic() > end:
                got = bytes(self.buf[-200:])
                raise LinkError("%s did not answer as MicroPython does within %.0f s (%s); "
                                "got %s" % (self.name, timeout, what,
                                            repr(got) if got else "nothing"))
            self._read()
        i = self.buf.index(marker) + len(marker)
        before = bytes(self.buf[:i])
        del self.buf[:i]
        return before

    def _start(self, code):
        # Stop whatever runs (main.py's application), then the raw REPL.
        self._write(b"\r\x03\x03")
        time.sleep(0.1)
        self._read()
        self.buf = bytearray()
        self._write(b"\r\x01")
        self._read_until(b"raw REPL; CTRL-B to exit\r\n>", self.timeout,
                         "no raw REPL: is MicroPython on it?")
        if self.reset:
            # A soft reset in the raw REPL: a fresh heap, and main.py is not
            # run again (a Pico runs it only from the friendly REPL).
            self._write(b"\x04")
            self._read_until(b"raw REPL; CTRL-B to exit\r\n>", self.timeout,
                             "no raw REPL after the soft reset")
        self._write(code.encode() + b"\x04")
        self._read_until(b"OK", self.timeout, "the raw REPL took no code")
        self.send("hello", str(VERSION).encode())
        kind, payload = self.receive("hello")
        words = payload.decode().split()
        if not words or words[0] != str(VERSION):
            raise LinkError(_version_mismatch(words[0] if words else "?"))
        if len(words) < 6:
            raise LinkError("the device's hello is incomplete: %r" % payload)
        self.info = {"board": words[1], "kind": words[2], "width": int(words[3]),
                     "height": int(words[4]), "format": words[5]}

    # -- frames ----------------------------------------------------------------

    def send(self, kind, payload=b""):
        self._write(encode(kind, payload))

    def receive(self, want=None, timeout=None):
        """The next frame (kind, payload).  An "error" frame, a traceback,
        garbage or silence raise LinkError; `want` names the kinds expected."""
        timeout = self.timeout if timeout is None else timeout
        end = time.monotonic() + timeout
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line = bytes(self.buf[:nl]).rstrip(b"\r")
                del self.buf[:nl + 1]
                if not line:
                    continue
                return self._frame(line, want)
            if len(self.buf) > 1 << 16:
                raise LinkError("garbage from the device on %s: %d bytes without a line end"
                                % (self.name, len(self.buf)))
            if b"\x04" in self.buf:  # the raw REPL's end of output: serve() ended
                raise LinkError(self._ended())
            if time.monotonic() > end:
                raise LinkError("no answer from the device on %s within %.0f s%s"
                                % (self.name, timeout,
                                   " (waiting for %s)" % _kinds(want) if want else ""))
            self._read()

    def _frame(self, line, want):
        if line.startswith(b"Traceback") or b"\x04" in line:
            self.buf[:0] = line + b"\n"
            try:
                text = self._read_until(b"\x04>", 2.0, "the end of an error")
            except LinkError:
                text = bytes(self.buf)
            raise LinkError(self._device_error(text))
        try:
            kind, payload = decode(line)
        except FrameError as e:
            raise LinkError("garbage from the device on %s: %s" % (self.name, e))
        if kind == "error":
            text = payload.decode("utf-8", "replace")
            if text.startswith("version:"):  # "version: the device speaks N, ..."
                words = text.replace(",", " ").split()
                theirs = words[words.index("speaks") + 1] if "speaks" in words else "?"
                raise LinkError(_version_mismatch(theirs))
            raise LinkError("the device says: %s" % text)
        if want and kind not in (want if isinstance(want, tuple) else (want,)):
            raise LinkError("the device sent %s where %s was expected" % (kind, _kinds(want)))
        return kind, payload

    def _ended(self):
        text, self.buf = bytes(self.buf), bytearray()
        return self._device_error(text)

    def _device_error(self, raw):
        """What the device's own error output (a traceback) means, in a line."""
        lines = [x.strip() for x in raw.replace(b"\x04", b"\n").decode("utf-8", "replace")
                 .splitlines() if x.strip() and x.strip() != ">"]
        text = "\n".join(lines)
        if "no module named 'firmware.link'" in text or "no module named 'firmware'" in text:
            return ("the application on %s has no serial link (firmware/link.py): "
                    "put this version on it first (make deploy)" % self.name)
        if not lines:
            return "the device's link stopped"
        where = [x for x in lines if x.startswith("File ")]
        return "the device stopped with an error: %s%s" % (
            lines[-1], " (%s)" % where[-1] if where else "")

    def close(self):
        """End the session: bye, leave the raw REPL, and (unless told not
        to) soft-reset, so the application starts again."""
        try:
            self.send("bye")
            self.receive("bye", timeout=3)
        except LinkError:
            pass
        try:
            self._write(b"\x02")  # the friendly REPL
            if self.reset:
                self._write(b"\x04")  # soft reset: main.py runs again
            time.sleep(0.05)
        except LinkError:
            pass
        try:
            self.ser.close()
        except Exception:
            pass


def _version_mismatch(theirs):
    return ("the device speaks link protocol version %s, this desktop %d: put the same "
            "version of the project on both (make deploy)" % (theirs, VERSION))


def _kinds(want):
    return " or ".join(want) if isinstance(want, tuple) else want


def _offset(payload):
    sp = payload.find(b" ")
    if sp <= 0 or not payload[:sp].isdigit():
        raise LinkError("a data frame without its offset")
    return int(payload[:sp]), payload[sp + 1:]


def pull(link, out):
    """Copy every file of the device's storage into out; returns the names."""
    link.send("ls")
    _, payload = link.receive("ls")
    os.makedirs(out, exist_ok=True)
    names = []
    for line in payload.decode().splitlines():
        name, size = line.rsplit(" ", 1)
        link.send("get", name.encode())
        data = bytearray()
        while True:
            kind, p = link.receive(("data", "end"))
            if kind == "end":
                total, crc = p.decode().split()
                if int(total) != len(data) or int(crc, 16) != binascii.crc32(data):
                    raise LinkError("%s arrived damaged (%d of %s bytes)" % (name, len(data), total))
                break
            off, chunk = _offset(p)
            if off != len(data):
                raise LinkError("%s: a piece went missing at byte %d" % (name, len(data)))
            data += chunk
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        names.append(name)
    return names


def describe_pulled(out, names, write=print):
    """Read each pulled file as the device would and say what it is; the
    saved match is replayed through the rules.  Returns the problems found."""
    from hal.storage import Storage
    from engine import savegame
    from engine.players import make_player
    from firmware import savegame as fsave
    store = Storage(out)
    problems = 0
    for name in sorted(names):
        if name.endswith(".bad") or name.endswith(".tmp"):
            write("  %s: a damaged file the device had set aside" % name)
            continue
        data = store.read(name)
        if data is None:
            write("  %s: %s" % (name, store.last_error))
            problems += 1
            continue
        if name == "game" or name.startswith(fsave.PREFIX):
            try:
                match, state, log, players = savegame.loads(
                    fsave.engine_save(data), lambda game, match: [
                        make_player("heuristic", game, 1 + s) for s in range(match.nplayers)])
            except savegame.SaveError as e:
                write("  %s: the saved match does not replay: %s" % (name, e))
                problems += 1
                continue
            write("  %s: %s, deal %d, scores %s: replays through the rules"
                  % (name, match.game.NAME, match.deals + 1,
                     " ".join(str(x) for x in match.scores)))
        else:
            write("  %s: %s" % (name, data.decode("utf-8", "replace").strip()[:60]))
    return problems


def check(link, cases, write=print):
    """Run each (args) case on the device and here; returns the number that
    differ."""
    from engine import selfplay
    bad = 0
    for args in cases:
        here = []
        selfplay.main(args, write=here.append)
        t0 = time.monotonic()
        link.send("check", " ".join(args).encode())
        there = []
        while True:
            kind, p = link.receive(("out", "end"), timeout=max(link.timeout, 600))
            if kind == "end":
                break
            there.append(p.decode())
        secs = time.monotonic() - t0
        label = " ".join(args)
        if there == here:
            write("same      %s (%d lines, %.1f s on the device)" % (label, len(here), secs))
            continue
        bad += 1
        n = 0
        while n < min(len(here), len(there)) and here[n] == there[n]:
            n += 1
        write("DIFFERENT %s at line %d:\n  device:  %s\n  desktop: %s"
              % (label, n + 1, there[n] if n < len(there) else "(ended)",
                 here[n] if n < len(here) else "(ended)"))
    return bad


def check_cases(all_cases=False, game=None, seed=1, matches=1):
    from host_sim.transcripts import CASES, AI_SKAT, AI_ISKO
    chosen = CASES + [AI_SKAT, AI_ISKO] if all_cases else []
    if not all_cases:
        firsts = set()
        for g, extra in CASES:  # one plain case per game: minutes on a Pico
            if g not in firsts and not any("ai" in w for w in extra):
                firsts.add(g)
                chosen.append((g, extra))
    if game:
        chosen = [(g, e) for g, e in chosen if g == game]
    return [["--game", g, "--seed", str(seed), "--matches", str(matches)] + e for g, e in chosen]


class Mirror:
    """The device's screen on the desktop: a display of the same kind that
    received frames are copied into."""

    def __init__(self, info):
        from host_sim.shims import install
        install()
        from hal.headless import HeadlessDisplay
        self.display = HeadlessDisplay(info["kind"])
        self.size = len(self.display.buffer)
        self.frames = 0
        self.pending = bytearray(self.size)

    def take(self, kind, payload):
        """Apply one frame; True when a whole new screen has arrived."""
        if kind == "palette":
            vals = [int(x) for x in payload.decode().split(",")]
            self.display.palette = vals
            return False
        off, data = _offset(payload)
        if off + len(data) > self.size:
            raise LinkError("a screen frame past the end of the display")
        self.pending[off:off + len(data)] = data
        if off + len(data) == self.size:
            self.display.buffer[:] = self.pending
            self.frames += 1
            return True
        return False


def screen_scripted(link, key_names, settle=0.6):
    """Press the keys one by one, each when the screen has been still for
    `settle` seconds; returns the Mirror."""
    m = Mirror(link.info)
    link.send("screen")

    def wait_still():
        end = time.monotonic() + link.timeout
        while True:
            try:
                kind, p = link.receive(("frame", "palette"),
                                       timeout=settle if m.frames else link.timeout)
            except LinkError as e:
                if str(e).startswith("no answer") and m.frames:
                    return
                raise
            m.take(kind, p)
            if time.monotonic() > end:
                raise LinkError("the device's screen never stood still")

    wait_still()
    for k in key_names:
        link.send("key", k.encode())
        wait_still()
    link.send("bye")
    while True:  # frames still on their way, then the end of the screen
        kind, p = link.receive(("frame", "palette", "bye"))
        if kind == "bye":
            break
        m.take(kind, p)
    return m


def screen_terminal(link):
    from host_sim.device import _read_keys, key_terminal
    from hal.keys import NAMES
    import shutil
    from host_sim.screen import ansi, ansi_compact
    m = Mirror(link.info)
    # Half width when the screen does not fit, as the simulator does.
    render = ansi_compact if shutil.get_terminal_size((80, 24)).columns < m.display.width \
        else ansi
    link.send("screen")
    out = sys.stdout
    with key_terminal() as fd:
        while True:
            for k in _read_keys(fd):
                if k == "quit":
                    link.send("bye")
                    while link.receive(("frame", "palette", "bye"))[0] != "bye":
                        pass
                    return 0
                if isinstance(k, int):  # a key (not the simulator's y/n answers)
                    link.send("key", NAMES[k].encode())
            try:
                kind, p = link.receive(("frame", "palette"), timeout=0.02)
            except LinkError as e:
                if str(e).startswith("no answer"):
                    continue
                raise
            if m.take(kind, p):
                out.write("\x1b[H" + render(m.display) + "\n" + "%s on %s: arrows move  Enter OK  "
                          "Backspace/Esc BACK  m MENU  q quit\n" % (link.info["board"], link.name))
                out.flush()


def screen_window(link, root):
    from host_sim.device import TK_KEYS, TkScreen
    from hal.keys import NAMES
    m = Mirror(link.info)
    screen = TkScreen(root, link.info["kind"])
    failed = []
    link.send("screen")

    def key(ev):
        if ev.keysym == "q":
            root.destroy()
        elif ev.keysym in TK_KEYS:
            link.send("key", NAMES[TK_KEYS[ev.keysym]].encode())

    def loop():
        try:
            while True:  # everything that has arrived
                kind, p = link.receive(("frame", "palette"), timeout=0.005)
                if m.take(kind, p):
                    screen.show(m.display)
        except LinkError as e:
            if not str(e).startswith("no answer"):
                failed.append(e)
                root.destroy()
                return
        root.after(20, loop)

    root.bind("<Key>", key)
    loop()
    root.mainloop()
    if failed:
        raise failed[0]
    link.send("bye")
    while link.receive(("frame", "palette", "bye"))[0] != "bye":
        pass
    return 0


def main(args):
    """The `link` subcommand (args from host_sim/__main__.py)."""
    root = None
    if args.what == "screen" and args.window:
        from host_sim.device import tk_root
        root = tk_root("Pocket card table on %s" % args.port, "link screen --window")
        if root is None:
            return 2
    try:
        link = Link(args.port, timeout=args.timeout, start=args.start or START,
                    reset=not args.no_reset)
    except LinkError as e:
        print("link: %s" % e, file=sys.stderr)
        return 1
    try:
        print("link: %s (%s, %dx%d) on %s, protocol %d"
              % (link.info["board"], link.info["kind"], link.info["width"],
                 link.info["height"], args.port, VERSION), file=sys.stderr)
        if args.what == "pull":
            args.out = args.out or "pulled"
            names = pull(link, args.out)
            print("pulled %d files into %s:" % (len(names), args.out))
            bad = describe_pulled(args.out, names)
            if any(n == "game" or n.startswith("save_") for n in names):
                print("go on with the saved match here: python -m host_sim sim --board %s "
                      "--storage %s" % (link.info["kind"], args.out))
            return 1 if bad else 0
        if args.what == "check":
            cases = check_cases(args.all, args.game, args.seed, args.matches)
            if not cases:
                print("link check: no case for game %r" % args.game, file=sys.stderr)
                return 2
            bad = check(link, cases)
            print("%d of %d transcripts the same on the device as on CPython"
                  % (len(cases) - bad, len(cases)))
            return 1 if bad else 0
        if args.keys is not None:
            from host_sim.device import parse_keys
            from hal.keys import NAMES
            names = [NAMES[k] for k in parse_keys(args.keys)]
            m = screen_scripted(link, names)
            if args.out:
                from host_sim.screen import write_png
                write_png(m.display, args.out)
                print("%s: the device's screen after %d keys (%d frames received)"
                      % (args.out, len(names), m.frames))
            else:
                from host_sim.screen import ansi
                print(ansi(m.display))
            return 0
        if root is not None:
            return screen_window(link, root)
        if not sys.stdin.isatty():
            print("link screen: needs a terminal; or give --keys K,K,... [--out FILE.png]",
                  file=sys.stderr)
            return 2
        return screen_terminal(link)
    except LinkError as e:
        print("link: %s" % e, file=sys.stderr)
        return 1
    except ValueError as e:
        print("link: %s" % e, file=sys.stderr)
        return 2
    finally:
        link.close()


def add_parser(sub):
    p = sub.add_parser("link", help="talk to the handheld over USB serial",
                       description=__doc__, formatter_class=RawHelp(),
                       epilog="protocol and messages: docs/link.md")
    p.add_argument("--port", required=True, help="the device's serial port, e.g. /dev/ttyACM0")
    p.add_argument("--timeout", type=float, default=10.0,
                   help="seconds of silence before giving up (default 10)")
    p.add_argument("--no-reset", action="store_true",
                   help="no soft reset before and after (the device stays at the REPL)")
    p.add_argument("--start", help=argparse_suppress(), default=None)
    p.add_argument("what", choices=("screen", "check", "pull"))
    p.add_argument("--keys", help="screen: press these keys, then show the screen")
    p.add_argument("--window", action="store_true",
                   help="screen: in a window (tkinter) instead of the terminal")
    p.add_argument("--out", help="screen: a PNG file; pull: the folder (default pulled)")
    p.add_argument("--all", action="store_true", help="check: every case, AI included")
    p.add_argument("--game", help="check: only this game's cases")
    p.add_argument("--seed", type=int, default=1, help="check: the first seed (default 1)")
    p.add_argument("--matches", type=int, default=1, help="check: matches per case (default 1)")
    return p


def argparse_suppress():
    import argparse
    return argparse.SUPPRESS


def RawHelp():
    import argparse
    return argparse.RawDescriptionHelpFormatter
