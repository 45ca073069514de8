# The device's end of the serial link (docs/link.md): the desktop
# (`python -m host_sim link`) stops main.py, enters the raw REPL and runs
# `import firmware.link; firmware.link.serve()`; from then on both sides
# speak frames over the USB serial port until "bye".
#
# A frame is one line of ASCII, so nothing in it is a REPL control character:
#     ~KIND BASE64 CRC\n
# KIND a short lowercase word, BASE64 the payload (up to MAX_PAYLOAD bytes),
# CRC the CRC-32 of KIND, a space and the payload, as 8 hex digits.  The
# codec below is the desktop's too (host_sim/link.py imports it).
import sys
from binascii import a2b_base64, b2a_base64, crc32

VERSION = 1  # of the protocol; both ends refuse another
MARK = 0x7E  # "~"
MAX_PAYLOAD = 4096
MAX_LINE = 6 + 16 + MAX_PAYLOAD * 4 // 3 + 16
CHUNK = 1536  # raw bytes per frame of a file or a screen (2 KB of base64)
IDLE_MS = 120000  # without a frame for this long the device goes back to its app
POLL_MS = 20  # as firmware/app.py's loop
KEYS = 16  # keys waiting for the application at most; the rest wait in the port


class FrameError(ValueError):
    pass


def _crc(kind, payload):
    return crc32(payload, crc32(kind + b" ")) & 0xFFFFFFFF


def frame_parts(kind, payload=b""):
    """The pieces of one frame's line, in order.  The device writes them one
    by one: joined, a 2 KB frame would be copied once more, and the heap the
    application has filled may have no gap that wide."""
    if len(payload) > MAX_PAYLOAD:
        raise FrameError("a %s frame of %d bytes is over %d" % (kind, len(payload), MAX_PAYLOAD))
    if isinstance(kind, str):
        kind = kind.encode()
    return (b"~", kind, b" ", b2a_base64(payload, newline=False), b" ",
            ("%08x\n" % _crc(kind, payload)).encode())


def encode(kind, payload=b""):
    """The line for one frame (bytes, newline included)."""
    return b"".join(frame_parts(kind, payload))


def decode(line):
    """(kind, payload) of one line without its newline; FrameError saying
    what is wrong with anything else."""
    if not line or line[0] != MARK:
        raise FrameError("not a frame: %r" % bytes(line[:40]))
    # (at most 4 parts: a line of spaces split whole would be thousands of
    # objects, more than the heap has beside a running application)
    parts = bytes(line[1:]).split(b" ", 3)
    if len(parts) != 3 or len(parts[2]) != 8 or not parts[0].isalpha():
        raise FrameError("a damaged frame: %r" % bytes(line[:40]))
    kind, b64, crc = parts
    try:
        payload = a2b_base64(b64) if b64 else b""
        want = int(crc, 16)
    except ValueError:
        raise FrameError("a damaged frame (not base64): %r" % bytes(line[:40]))
    if _crc(kind, payload) != want:
        raise FrameError("a frame that fails its checksum (%s)" % kind.decode())
    return kind.decode(), payload


def text(payload):
    """A payload as text; FrameError if it is not UTF-8."""
    try:
        return bytes(payload).decode()
    except ValueError:  # UnicodeError, on both runtimes
        raise FrameError("a payload that is not UTF-8 text: %r" % bytes(payload[:20]))


class Port:
    """The USB serial port as the application sees it: stdin and stdout."""

    def __init__(self, inp=None, out=None):
        import select
        self.inp = inp or sys.stdin.buffer
        self.out = out or sys.stdout.buffer
        self.poller = select.poll()
        self.poller.register(inp or sys.stdin, select.POLLIN)
        self.line = bytearray()
        self.skip = False  # the rest of a line that was too long is dropped

    def send(self, kind, payload=b""):
        for part in frame_parts(kind, payload):
            self.out.write(part)
        flush = getattr(self.out, "flush", None)
        if flush:
            flush()

    def receive(self, timeout_ms):
        """The next frame, or None when nothing completes one within
        timeout_ms of silence.  A garbled line raises FrameError."""
        while True:
            if not self.poller.poll(timeout_ms):
                return None
            ch = self.inp.read(1)
            if not ch:
                return None
            c = ch[0]
            if c == 3:  # Ctrl-C, as a Pico's USB port takes it (not a tty's)
                raise KeyboardInterrupt
            if c == 10:  # "\n"
                line, self.line = self.line, bytearray()
                if self.skip:
                    self.skip = False
                elif line:
                    return decode(line)
            elif c != 13 and not self.skip:
                if len(self.line) >= MAX_LINE:
                    # said once; the rest of the line is dropped unread
                    self.line = bytearray()
                    self.skip = True
                    raise FrameError("a line of more than %d bytes" % MAX_LINE)
                self.line.append(c)


class Desk:
    """The desktop's keys arriving as button presses: the board's buttons
    with the received keys added to what they report."""

    def __init__(self, buttons):
        self.buttons = buttons
        self.queue = []

    def poll(self, now_ms):
        got = self.buttons.poll(now_ms)
        if not self.queue:
            return got
        out = list(got) + self.queue
        self.queue = []
        return out


def describe(board):
    d = board.display
    fmt = "mono_vlsb" if d.colors == 2 else "gs4_hmsb"
    return ("%d %s %s %d %d %s" % (VERSION, board.name, board.kind, d.width, d.height,
                                   fmt)).encode()


def receive_now(port):
    """A frame that is already there, or None; a garbled one is answered."""
    try:
        return port.receive(0)
    except FrameError as e:
        port.send("error", str(e).encode())
        return None


def frame_buffer():
    """Room for one "OFFSET " + CHUNK bytes payload, kept for every frame of a
    file or a screen: a fresh copy of each chunk and of each join would be
    several KB of garbage per frame, 11 frames to a colour screen."""
    return bytearray(CHUNK + 12)


def send_at(port, kind, buf, off, piece):
    """One frame of piece (at most CHUNK bytes) at offset off, built in buf."""
    head = b"%d " % off
    k = len(head)
    n = len(piece)
    buf[:k] = head
    buf[k:k + n] = piece
    port.send(kind, memoryview(buf)[:k + n])


def send_bytes(port, kind, data):
    """data in frames of CHUNK bytes, each "OFFSET " + bytes."""
    mv = memoryview(data)
    buf = frame_buffer()
    off = 0
    while True:
        n = min(CHUNK, len(data) - off)
        send_at(port, kind, buf, off, mv[off:off + n])
        off += n
        if off >= len(data):
            return


def key_of(payload, names):
    """The key a "key" frame names (hal.keys); FrameError for another."""
    name = text(payload)
    if not name or name not in names:
        raise FrameError("no key " + name[:20])
    return names.index(name)


def screen(port, board, seed=None, make_app=None):
    """Run the application with its screen mirrored: every frame that
    changed is sent, every key received is pressed.  Ends on "bye"."""
    from hal import keys
    if make_app is None:
        from firmware.app import App as make_app
    desk = Desk(board.buttons)
    board.buttons = desk
    try:
        app = make_app(board, seed)
        if board.display.colors > 2:  # App has just set it
            port.send("palette", ",".join(["%d" % c for c in board.display.palette]).encode())
        sleep = getattr(board, "sleep_ms", None)  # a headless board's clock
        last = -1
        while not app.quit:
            msg = receive_now(port)
            bye = False
            while msg:
                kind, payload = msg
                if kind == "bye":
                    if not desk.queue:
                        return
                    bye = True  # once the keys sent before it are pressed
                    break
                try:
                    if kind != "key":
                        raise FrameError("not now: " + kind)
                    desk.queue.append((key_of(payload, keys.NAMES), keys.PRESS))
                except FrameError as e:
                    port.send("error", str(e).encode())
                if len(desk.queue) >= KEYS:
                    # A burst: the application takes these first, and the
                    # rest wait in the port (the USB port holds the sender).
                    break
                msg = receive_now(port)
            changed = app.step()
            if changed:
                buf = board.display.buffer
                crc = crc32(buf) & 0xFFFFFFFF
                if crc != last:  # only a frame that changed goes out
                    last = crc
                    send_bytes(port, "frame", buf)
            if bye:
                return
            if changed:
                continue
            if sleep:
                sleep(POLL_MS)
            else:
                port.poller.poll(POLL_MS)  # wait for a key or the next poll
    finally:
        board.buttons = desk.buttons


def send_file(port, path):
    import os
    try:
        folder = os.stat(path)[0] & 0x4000
    except (OSError, ValueError):  # (CPython: a name with a NUL in it)
        port.send("error", b"no file " + path.encode())
        return
    if folder:
        port.send("error", b"a folder, not a file: " + path.encode())
        return
    total = 0
    crc = 0
    buf = bytearray(CHUNK)
    frame = frame_buffer()
    try:
        with open(path, "rb") as f:
            while True:
                n = f.readinto(buf)
                if not n:
                    break
                piece = memoryview(buf)[:n]
                send_at(port, "data", frame, total, piece)
                crc = crc32(piece, crc)
                total += n
    except OSError as e:
        port.send("error", ("cannot read %s: %s" % (path, e)).encode())
        return
    port.send("end", ("%d %08x" % (total, crc & 0xFFFFFFFF)).encode())


def listing(storage):
    import os
    root = getattr(storage, "root", None)
    if root is None:
        return b""
    out = []
    try:
        names = os.listdir(root)
    except OSError:  # no folder yet (a fresh flash): nothing stored
        return b""
    for name in sorted(names):
        st = os.stat(root.rstrip("/") + "/" + name)
        if st[0] & 0x8000:  # a file
            out.append("%s %d" % (name, st[6]))
    return "\n".join(out).encode()


def check(port, words):
    """engine.selfplay with the words as its arguments, each transcript line
    sent as an "out" frame."""
    import gc
    before = set(sys.modules)
    from engine import selfplay
    gc.collect()
    try:
        rc = selfplay.main(words, write=lambda s: port.send("out", s.encode()))
    finally:
        # Each case in a fresh engine, as each runs in its own process on
        # the desktop: one game's modules are not kept for the next.
        for name in [m for m in sys.modules if m not in before]:
            del sys.modules[name]
        gc.collect()
    port.send("end", str(rc).encode())


def request(port, board, seed, kind, payload):
    """Answer one request; True when it ends the session ("bye")."""
    if kind == "hello":
        if payload != str(VERSION).encode():
            port.send("error", ("version: the device speaks %d, the desktop %s"
                                % (VERSION, text(payload)[:10])).encode())
        else:
            port.send("hello", describe(board))
    elif kind == "screen":
        screen(port, board, seed)
        port.send("bye")
    elif kind == "ls":
        port.send("ls", listing(board.storage))
    elif kind == "get":
        name = text(payload)
        root = getattr(board.storage, "root", "")
        if not name or "/" in name or name.startswith("."):
            port.send("error", b"bad name")
        else:
            send_file(port, root.rstrip("/") + "/" + name)
    elif kind == "check":
        check(port, text(payload).split())
    elif kind == "bye":
        port.send("bye")
        return True
    else:
        port.send("error", b"unknown request " + kind.encode()[:20])
    return False


def failure(kind, e):
    """An error frame's payload for a request that failed on the device:
    the error and the line of code where it happened."""
    where = ""
    try:
        import io
        out = io.StringIO()
        sys.print_exception(e, out)  # MicroPython (CPython: no such function)
        files = [x.strip() for x in out.getvalue().split("\n") if x.strip().startswith("File ")]
        where = " (%s)" % files[-1]
    except Exception:
        pass
    return ("%s failed: %s: %s%s" % (kind, type(e).__name__, e, where)).encode()[:300]


def serve(board=None, seed=None, port=None):
    if port is None:
        port = Port()
    if board is None:
        from firmware.main import pick_board
        board = pick_board()
    while True:
        try:
            msg = port.receive(IDLE_MS)
        except FrameError as e:
            port.send("error", str(e).encode())
            continue
        if msg is None:
            break  # the desktop went away
        kind, payload = msg
        try:
            if request(port, board, seed, kind, payload):
                return
        except FrameError as e:
            port.send("error", str(e).encode())
        except Exception as e:
            # Whatever else failed (a MemoryError in the application, a file
            # the storage cannot read): said, and the link goes on serving.
            import gc
            gc.collect()
            port.send("error", failure(kind, e))
    # Nobody there any more: back to the application (on a Pico).
    try:
        import machine
        machine.soft_reset()
    except (ImportError, AttributeError):
        pass
