"""The device's end of the serial link (firmware/link.py) against whatever a
desktop, a damaged cable or a program gone wrong may send it: payloads that
are not UTF-8 in every request (and in keys while the screen is mirrored),
a folder asked for as a file, lines far longer than a frame, lines of
spaces, random bytes and random frames with a valid checksum, and bursts of
thousands of keys.  Every bad frame is answered with an error frame, the
server goes on serving, and the keys waiting for the application are
bounded.

The requests go through the real Port (the bytes read one by one, as from
the USB port) from a file; under CPython case by case, then one session of
everything under the real micropython with the heap of the device test in
tests/test_link.py (200k: the application and the link)."""
import io
import random

from host_sim.shims import install

install()

from hal import keys  # noqa: E402
from hal.headless import HeadlessBoard  # noqa: E402
from firmware import link  # noqa: E402
from firmware.link import MAX_LINE, decode, encode  # noqa: E402
from tests.mp import run_micropython  # noqa: E402

NOT_TEXT = b"\xff\xfe\xc3("  # no UTF-8 at all, then a sequence cut short
BYE = encode("bye")
HEAP = "200k"  # tests/test_link.py's device: the whole app's 192k and the link's 8 KB


def run(data, tmp_path, board=None, seed=7):
    """serve() with `data` as the bytes arriving on the port; the frames it
    sent, decoded (every line it writes must be a frame)."""
    inp = tmp_path / "port_in"
    inp.write_bytes(data)
    out = io.BytesIO()
    with open(str(inp), "rb", buffering=0) as f:
        link.serve(board or HeadlessBoard("oled", str(tmp_path / "store")), seed,
                   link.Port(f, out))
    return [decode(line) for line in out.getvalue().split(b"\n") if line]


def kinds(sent):
    return [k for k, _ in sent]


def test_payloads_that_are_not_utf8_get_an_error_and_the_server_goes_on(tmp_path):
    for kind in ("hello", "get", "check"):
        sent = run(encode(kind, NOT_TEXT) + encode("ls") + BYE, tmp_path)
        assert kinds(sent) == ["error", "ls", "bye"], kind
        assert b"not UTF-8" in sent[0][1]
    # a version that is not text is still a wrong version
    sent = run(encode("hello", b"\xff" * 30) + encode("hello", b"1") + BYE, tmp_path)
    assert kinds(sent) == ["error", "hello", "bye"]


def test_keys_that_are_not_text_while_the_screen_is_mirrored(tmp_path):
    data = (encode("screen") + encode("key", NOT_TEXT) + encode("key", b"NOPE")
            + encode("key", b"") + encode("fly") + encode("key", b"OK") + BYE
            + encode("ls") + BYE)
    sent = run(data, tmp_path)
    assert [k for k in kinds(sent) if k not in ("frame", "palette")] == \
        ["error", "error", "error", "error", "bye", "ls", "bye"]
    errors = [p for k, p in sent if k == "error"]
    assert b"not UTF-8" in errors[0] and errors[1] == b"no key NOPE"
    assert errors[3] == b"not now: fly"


def test_a_folder_is_not_a_file(tmp_path):
    store = tmp_path / "store"
    (store / "sub").mkdir(parents=True)
    (store / "save_x").write_bytes(b"12345")
    sent = run(encode("get", b"sub") + encode("get", b"save_x") + encode("ls") + BYE, tmp_path)
    assert kinds(sent) == ["error", "data", "end", "ls", "bye"]
    assert sent[0][1].startswith(b"a folder, not a file: ")
    assert sent[3][1] == b"save_x 5"  # the folder is not listed


def test_long_lines_are_answered_once_each(tmp_path):
    data = (b"~" + b"A" * (10 * MAX_LINE) + b"\n"  # ten frames' worth: one error
            + b"~" + b" " * (MAX_LINE - 2) + b"\n"  # spaces: split, thousands of parts
            + b"~hello " + b"A" * (MAX_LINE - 20) + b" 00000000\n"
            + b"\r\n\n" + encode("hello", b"1") + BYE)
    sent = run(data, tmp_path)
    assert kinds(sent) == ["error", "error", "error", "hello", "bye"]
    assert sent[0][1] == b"a line of more than %d bytes" % MAX_LINE


def _garbage_line(rnd):
    """A random line: no newline, carriage return or Ctrl-C (which stops the
    server on purpose, as a Pico's USB port takes it)."""
    n = rnd.choice((1, 2, 5, 20, 80, 300, 3000))
    body = bytes([rnd.choice([b for b in range(256) if b not in (3, 10, 13)])
                  for _ in range(n)])
    return rnd.choice((b"", b"~", b"~hello ", b"~key ")) + body


def _random_frame(rnd):
    """A frame with a valid checksum: a random request with a random payload
    (random bytes, random text, or a near miss of a good one)."""
    kind = rnd.choice(("hello", "get", "check", "ls", "key", "frame", "data", "error",
                       "end", "out", "x", "HELLO"))
    payload = rnd.choice((
        bytes([rnd.randrange(256) for _ in range(rnd.randrange(40))]),
        "".join(rnd.choice("abc --/.\u00e9\u0436\x00") for _ in range(rnd.randrange(20))).encode(),
        b"1", b"2", b"", b"..", b"/", b"save_x", b"sub", b"--game", b"--game nogame",
        b"--seed x", b"OK"))
    return encode(kind, payload)


def test_random_lines_and_random_frames_never_stop_the_server(tmp_path):
    rnd = random.Random(35)
    store = tmp_path / "store"
    (store / "sub").mkdir(parents=True)
    (store / "save_x").write_bytes(b"12345")
    for i in range(300):
        line = _garbage_line(rnd) + b"\n" if i % 2 else _random_frame(rnd)
        sent = run(line + BYE, tmp_path)
        assert sent[-1] == ("bye", b""), line[:80]
        assert len(sent) >= 2, line[:80]  # an answer, then the bye
    # and a stream of random bytes, line ends and all
    stream = bytes([rnd.choice([b for b in range(256) if b != 3]) for _ in range(30000)])
    sent = run(stream + b"\n" + encode("ls") + BYE, tmp_path)
    assert kinds(sent)[-2:] == ["ls", "bye"] and "error" in kinds(sent)


class Counts:
    """An application that records the keys each of its steps is given."""

    def __init__(self, board, seed):
        self.board, self.quit, self.most, self.got, self.steps = board, False, 0, [], 0

    def step(self):
        self.steps += 1
        ks = self.board.buttons.poll(0)
        self.most = max(self.most, len(ks))
        self.got += ks
        return False


def test_a_burst_of_keys_waits_in_the_port(tmp_path):
    names = ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "MENU")
    burst = [names[i % 7] for i in range(5000)]
    inp = tmp_path / "port_in"
    inp.write_bytes(b"".join([encode("key", k.encode()) for k in burst]) + BYE)
    apps = []

    def make(board, seed):
        apps.append(Counts(board, seed))
        return apps[-1]

    with open(str(inp), "rb", buffering=0) as f:
        port = link.Port(f, io.BytesIO())
        link.screen(port, HeadlessBoard("oled"), make_app=make)
    app = apps[0]
    # every key reaches the application, in order, never more than KEYS at once
    assert [keys.NAMES[k] for k, e in app.got] == burst
    assert app.most <= link.KEYS
    assert app.steps >= 5000 // link.KEYS


def session(store):
    """One link session of everything above, for the real micropython: the
    bytes the desktop sends."""
    rnd = random.Random(7)
    parts = [encode("hello", b"1")]
    for kind in ("hello", "get", "check"):
        parts.append(encode(kind, NOT_TEXT))
    parts += [encode("get", b"sub"), encode("get", b"save_x"), encode("ls"),
              b"~" + b" " * (MAX_LINE - 2) + b"\n", b"~" + b"A" * (3 * MAX_LINE) + b"\n"]
    for i in range(40):
        parts.append(_garbage_line(rnd) + b"\n" if i % 2 else _random_frame(rnd))
    # the screen: a match of Sixty-six, and garbage and a burst of keys at its table
    parts += [encode("screen"), encode("key", b"OK"), encode("key", b"OK"),
              encode("key", NOT_TEXT), encode("frame", b"0 x"),
              b"~" + b" " * (MAX_LINE - 2) + b"\n"]
    parts += [encode("key", (b"LEFT", b"RIGHT")[i % 2]) for i in range(2000)]
    parts += [BYE, encode("get", b"sub"), encode("ls"), BYE]
    return b"".join(parts)


MP_SESSION = """
import gc
from firmware import link
from hal.headless import HeadlessBoard
inp = open(%r, "rb")
out = open(%r, "wb")
link.serve(HeadlessBoard("lcd", %r), 7, link.Port(inp, out))
out.close()
gc.collect()
print("served", gc.mem_free())
"""


def test_everything_at_once_under_micropython(tmp_path):
    store = tmp_path / "store"
    (store / "sub").mkdir(parents=True)
    (store / "save_x").write_bytes(b"12345")
    inp, out = tmp_path / "port_in", tmp_path / "port_out"
    inp.write_bytes(session(store))
    mp = run_micropython(["-c", MP_SESSION % (str(inp), str(out), str(store))], heap=HEAP,
                         timeout=300)
    assert mp.returncode == 0 and "served" in mp.stdout, mp.stdout[-2000:] + mp.stderr[-2000:]
    sent = [decode(line) for line in out.read_bytes().split(b"\n") if line]
    ks = [k for k in kinds(sent) if k not in ("frame", "palette")]
    assert ks[:7] == ["hello", "error", "error", "error", "error", "data", "end"]
    # after the screen: still serving (a request that failed says so)
    assert ks[-4:] == ["bye", "error", "ls", "bye"], [p for k, p in sent if b"failed: " in p]
    errors = [p for k, p in sent if k == "error"]
    assert sum(1 for p in errors if b"not UTF-8" in p) >= 4  # hello, get, check, a key
    assert sum(1 for p in errors if p.startswith(b"a folder, not a file: ")) == 2
    assert errors.count(b"a line of more than %d bytes" % MAX_LINE) >= 1
    assert not [p for p in errors if b"failed: " in p]  # nothing fell through to the catch-all
    # the screen came (an LCD screen is 11 pieces), and the burst reached the
    # table of a match (which saved it)
    assert kinds(sent).count("frame") >= 11
    assert b"save_sixtysix " in [p for k, p in sent if k == "ls"][-1]


def test_whatever_else_fails_is_answered_and_the_server_goes_on(tmp_path, monkeypatch):
    # e.g. a MemoryError in the application while its screen is mirrored:
    # here the check's engine fails instead
    from engine import selfplay

    def broken(argv, write):
        raise MemoryError("memory allocation failed, allocating 2048 bytes")
    monkeypatch.setattr(selfplay, "main", broken)
    sent = run(encode("check", b"--game skat") + encode("ls") + BYE, tmp_path)
    assert kinds(sent) == ["error", "ls", "bye"]
    assert sent[0][1].startswith(b"check failed: MemoryError: memory allocation failed")


def test_where_it_failed_is_said_under_micropython():
    code = ("from firmware import link\n"
            "def f():\n"
            "    raise OSError(5)\n"
            "try:\n"
            "    f()\n"
            "except OSError as e:\n"
            "    print(link.failure('get', e).decode())\n")
    mp = run_micropython(["-c", code], heap=HEAP)
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout.startswith("get failed: OSError: [Errno 5] EIO (File \"<stdin>\", line 3, in f)")
