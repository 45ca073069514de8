"""The emulated Pico: MicroPython's own rp2 firmware on an emulated RP2040
(rp2040js under Node, host_sim/pico/harness.mjs), with the project on its
flash as `make deploy` puts it there, driven the way a player and a desktop
would drive the real board:

- buttons are levels on the board profile's GPIO pins (hal/boards.py), read
  by hal/buttons.py on the device, with contact bounce if asked;
- the display is what the firmware sends over the emulated I2C or SPI bus,
  decoded by the chip models of host_sim/simbus.py (SSD1306 pages, ST7789
  windows), each byte taking its wire time at the programmed clock;
- the USB serial port is the device's REPL and link (pty() bridges it to a
  pseudo-terminal for pyserial and `host_sim link`);
- every time is the device's own (emulated nanoseconds), never the host's.

    with Pico("pico_oled", settings=["seed = 5"]) as p:
        p.run(ms=800)
        p.press(keys.OK)
        p.screenshot("menu.png")

Needs Node.js (18 or later) and `npm ci` in host_sim/pico (`make pico`
does it); available() says whether both are there."""
import base64
import hashlib
import json
import os
import shutil
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PICO = os.path.join(HERE, "pico")
FIRMWARE = os.path.join(PICO, "firmware", "RPI_PICO-13303f8d29.bin")
BOOTROM = os.path.join(PICO, "firmware", "rp2040-bootrom-B1.bin")
HARNESS = os.path.join(PICO, "harness.mjs")
CACHE = os.path.join(ROOT, "build", "pico")

# The rp2 port's littlefs: 1408 KiB at flash offset 0xA0000 in 4 KiB blocks.
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = 1408 * 1024 // FS_BLOCK


class Flash:
    """What is on the emulated Pico's flash: a firmware image and where its
    littlefs filesystem lies.  "stock" is MicroPython's own RPI_PICO image
    with the application's .mpy files on the filesystem (`make deploy`);
    "frozen" is the project's firmware with the application frozen in
    (host_sim/firmware.py, `make firmware`), only main.py, board.cfg and the
    data on the filesystem."""

    def __init__(self, name, firmware, fs_offset, fs_bytes, frozen):
        self.name = name
        self.firmware = firmware
        self.fs_offset = fs_offset
        self.fs_blocks = fs_bytes // FS_BLOCK
        self.frozen = frozen


STOCK = Flash("stock", FIRMWARE, FS_OFFSET, FS_BLOCKS * FS_BLOCK, False)


def flash(name=None):
    """The flash layout by name ("stock", "frozen"; None: the environment's
    PICO_FIRMWARE, else stock).  "frozen" builds the firmware if it is not
    built for the current sources (host_sim.firmware.FirmwareError if it
    cannot be built here)."""
    name = name or os.environ.get("PICO_FIRMWARE") or "stock"
    if isinstance(name, Flash):
        return name
    if name == "stock":
        return STOCK
    if name == "frozen":
        from host_sim import firmware
        return Flash("frozen", firmware.build(), firmware.FS_OFFSET, firmware.FS_BYTES, True)
    raise ValueError("no such firmware: %r (stock or frozen)" % name)

LONGEST_MS = 120000  # a run waiting for something stops after this much device time

# The board's buttons close to ground: a pin reads 0 while its button is down.
DOWN, UP = 0, 1


def node():
    return shutil.which("node")


def available():
    """None when the emulated Pico can run here, else why not (one line)."""
    if not node():
        return "no Node.js: install nodejs and run `make pico` for the emulated Pico"
    if not os.path.isdir(os.path.join(PICO, "node_modules", "rp2040js")):
        return "rp2040js is not installed: run `make pico` (npm ci in host_sim/pico)"
    try:
        import littlefs  # noqa: F401
    except ImportError:
        return "littlefs-python is not installed: run `make venv`"
    return None


def _tree_hash(settings, board, layout):
    h = hashlib.sha256()
    h.update(repr((board, list(settings), layout.name)).encode())
    for pkg in ("engine", "hal", "firmware"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in sorted(filenames):
                if f.endswith(".py"):
                    p = os.path.join(dirpath, f)
                    h.update(p[len(ROOT):].encode())
                    with open(p, "rb") as src:
                        h.update(src.read())
    with open(os.path.join(ROOT, "main.py"), "rb") as src:
        h.update(src.read())
    return h.hexdigest()[:16]


def build_image(board, settings=(), files=None, layout=STOCK):
    """The littlefs image of the device's flash after `make deploy --board
    BOARD --set ...` (path; cached under build/pico by the sources' hash);
    with a frozen layout, as `make deploy FROZEN=1` leaves it: no code but
    main.py.  files: more {name: bytes} on the filesystem (saves, a
    language), which are written into a copy."""
    from host_sim.deploy import stage
    os.makedirs(CACHE, exist_ok=True)
    key = _tree_hash(settings, board, layout)
    path = os.path.join(CACHE, "%s-%s-%s.img" % (board, layout.name, key))
    if not os.path.exists(path):
        with tempfile.TemporaryDirectory() as tmp:
            stage(tmp, board, settings, frozen=layout.frozen)
            fs = _new_fs(layout.fs_blocks)
            for dirpath, dirnames, filenames in os.walk(tmp):
                dirnames.sort()
                rel = os.path.relpath(dirpath, tmp)
                if rel != ".":
                    fs.makedirs(rel.replace(os.sep, "/"), exist_ok=True)
                for f in sorted(filenames):
                    name = f if rel == "." else rel.replace(os.sep, "/") + "/" + f
                    with open(os.path.join(dirpath, f), "rb") as src, fs.open(name, "wb") as dst:
                        dst.write(src.read())
            # a name of this process's own: test workers may build the same image at once
            fd, tmp_img = tempfile.mkstemp(suffix=".tmp", dir=CACHE)
            os.close(fd)
            _save_fs(fs, tmp_img)
            os.replace(tmp_img, path)
    if files:
        fs = _load_fs(path)
        for name, data in sorted(files.items()):
            d = name.rsplit("/", 1)[0] if "/" in name else None
            if d:
                fs.makedirs(d, exist_ok=True)
            with fs.open(name, "wb") as f:
                f.write(data)
        fd, extra = tempfile.mkstemp(suffix=".img", dir=CACHE)
        os.close(fd)
        _save_fs(fs, extra)
        return extra
    return path


def _new_fs(blocks):
    import littlefs
    return littlefs.LittleFS(block_size=FS_BLOCK, block_count=blocks, read_size=32,
                             prog_size=32, lookahead_size=32)


def _save_fs(fs, path):
    with open(path, "wb") as f:
        f.write(bytes(fs.context.buffer))


def _load_fs(path):
    import littlefs
    with open(path, "rb") as f:
        data = f.read()
    # the image's size says which layout it is for
    fs = littlefs.LittleFS(block_size=FS_BLOCK, block_count=len(data) // FS_BLOCK, read_size=32,
                           prog_size=32, lookahead_size=32, mount=False)
    fs.context.buffer[:] = data
    fs.mount()
    return fs


def read_files(image_path, folder="data"):
    """{name: bytes} of the files in one folder of a littlefs image."""
    fs = _load_fs(image_path)
    out = {}
    try:
        names = fs.listdir(folder)
    except Exception:
        return out
    for n in names:
        with fs.open(folder + "/" + n, "rb") as f:
            out[n] = f.read()
    return out


class Display:
    """The panel as the glass shows it: a simbus chip model fed the bytes the
    device put on the bus, with the time of the last byte."""

    def __init__(self, profile):
        from host_sim import simbus
        self.kind = profile["kind"]
        if profile["display"] == "ssd1306":
            self.chip = simbus.SSD1306Sim()
            self.address = profile["i2c"][4]
            self.width, self.height = 128, 64
        else:
            self.chip = simbus.ST7789Sim()
            self.width, self.height = 240, 135
        self.transfers = 0  # I2C transactions or SPI runs
        self.last_ns = None  # time of the last byte on the bus
        # bursts: transfers less than GAP_NS apart, as one show() sends them
        self.burst = None  # [start_ns, end_ns, bytes]
        self.longest_frame_ns = 0  # the longest burst that carried a whole frame
        self.bursts = []  # [start_ns, end_ns] of every burst, in order
        self.frame_bytes = 1024 if self.kind == "oled" else 240 * 135 * 2

    GAP_NS = 2e6

    def _burst(self, t0, t, n):
        b = self.burst
        if b is None or t0 - b[1] > self.GAP_NS:
            self.burst = b = [t0, t, 0]
            self.bursts.append([t0, t])
        self.bursts[-1][1] = t
        b[1] = t
        b[2] += n
        if b[2] >= self.frame_bytes:
            self.longest_frame_ns = max(self.longest_frame_ns, b[1] - b[0])
        self.transfers += 1
        self.last_ns = t

    def i2c(self, t0, t, data):
        if data and data[0] == self.address:
            self.chip.transaction(bytes(data[1:]))
        self._burst(t0, t, len(data) - 1)

    def spi(self, t0, t, data):
        flags = data[0]
        self.chip.dc.value(flags & 1)
        self.chip.cs.value(1 if flags & 2 else 0)
        self.chip.spi_bytes(bytes(data[1:]))
        self._burst(t0, t, len(data) - 1)

    def pixel(self, x, y):
        return self.chip.pixel(x, y)

    def lit(self):
        return self.chip.lit()

    def rows(self):
        return [[self.chip.pixel(x, y) for x in range(self.width)] for y in range(self.height)]

    def rgb_rows(self):
        from host_sim.screen import OLED_ON, OLED_OFF, rgb565_to_rgb
        out = []
        for row in self.rows():
            if self.kind == "oled":
                out.append([OLED_ON if v else OLED_OFF for v in row])
            else:
                out.append([(0, 0, 0) if v is None else rgb565_to_rgb(v) for v in row])
        return out


def expected_rows(display):
    """What the glass should show for a host_sim frame buffer (HeadlessDisplay):
    OLED pixels 0/1, LCD pixels RGB565 through the app's palette."""
    px = display.pixel
    if display.colors == 2:
        return [[px(x, y) for x in range(display.width)] for y in range(display.height)]
    pal = display.palette
    return [[pal[px(x, y)] for x in range(display.width)] for y in range(display.height)]


class PicoError(RuntimeError):
    pass


class Pico:
    """One emulated Pico running the project (see the module's text)."""

    def __init__(self, board="pico_oled", settings=(), files=None, image=None, firmware=None):
        """firmware: "stock" or "frozen" (see flash()); by default the
        environment's PICO_FIRMWARE, else stock."""
        from hal.boards import profile
        why = available()
        if why:
            raise PicoError(why)
        self.board = board
        self.profile = profile(board)
        self.flash = flash(firmware)
        self.image = image or build_image(board, settings, files, self.flash)
        self._extra_image = files is not None and image is None
        self.display = Display(self.profile)
        self.serial = bytearray()  # everything the device wrote to USB
        self.t_ns = 0.0
        self.log = []  # (t_ns, kind, data) of bus records when keep_bus
        self.keep_bus = False
        cfg = {"firmware": self.flash.firmware, "bootrom": BOOTROM, "filesystem": self.image,
               "fs_offset": self.flash.fs_offset,
               "inputs_high": [gp for _, gp in self.profile["buttons"]]}
        if self.profile["display"] == "ssd1306":
            bus = self.profile["i2c"][0]
            cfg["i2c_devices"] = [bus * 256 + self.profile["i2c"][4]]
            cfg["spi"] = None
        else:
            bus = self.profile["spi"][0]
            cs, dc = self.profile["lcd"][0], self.profile["lcd"][1]
            cfg["spi"] = {"bus": bus, "dc": dc, "cs": cs}
        fd, self._cfg = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump(cfg, f)
        self.proc = subprocess.Popen([node(), HARNESS, self._cfg], cwd=PICO,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.pins = {}
        for key, gp in self.profile["buttons"]:
            self.pins[key] = gp

    # --- the pipe ---

    def _command(self, **cmd):
        try:
            self.proc.stdin.write((json.dumps(cmd) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise PicoError("the emulator has stopped: %s" % self._stderr())
        read = self.proc.stdout.read
        while True:
            head = read(13)
            if len(head) < 13:
                raise PicoError("the emulator has stopped: %s" % self._stderr())
            kind = chr(head[0])
            t, n = struct.unpack_from("<dI", head, 1)
            data = read(n) if n else b""
            self.t_ns = t
            if kind == "S":
                self.serial += data
            elif kind == "I":
                self.display.i2c(struct.unpack_from("<d", data)[0], t, data[8:])
            elif kind == "P":
                self.display.spi(struct.unpack_from("<d", data)[0], t, data[8:])
            elif kind == "D":
                done = json.loads(data)
                if done.get("error"):
                    raise PicoError(done["error"])
                return done
            if self.keep_bus and kind in "IP":
                self.log.append((t, kind, len(data) - 9))

    def _stderr(self):
        try:
            self.proc.kill()
            return self.proc.stderr.read().decode(errors="replace")[-2000:]
        except Exception:
            return "?"

    # --- time ---

    @property
    def now_ms(self):
        return self.t_ns / 1e6

    def run(self, ms=None, until_ms=None, until_serial=None, quiet_ms=None, after_activity=False,
            until_idle=False):
        """Let the device run for ms (or until its clock reads until_ms), or
        less: until it writes until_serial (a string) to USB, or until
        quiet_ms pass with nothing on the bus or the serial port (with
        after_activity: quiet_ms after something came), or (until_idle)
        until its CPU waits for an interrupt.  Returns why it stopped:
        'time', 'serial', 'quiet' or 'idle'."""
        cmd = {"cmd": "run", "until_idle": until_idle}
        if until_ms is not None:
            cmd["until_ns"] = until_ms * 1e6
        elif ms is None and (until_serial is not None or quiet_ms is not None):
            cmd["ms"] = LONGEST_MS
        else:
            cmd["ms"] = ms or 0
        if until_serial is not None:
            cmd["until_serial"] = until_serial
        if quiet_ms is not None:
            cmd["quiet_ns"] = quiet_ms * 1e6
            cmd["after_activity"] = after_activity
        return self._command(**cmd)["why"]

    # --- buttons ---

    def pin(self, gp, level):
        self._command(cmd="pin", gp=gp, level=level)

    def hold(self, key, down=True):
        self.pin(self.pins[key], DOWN if down else UP)

    def press(self, key, hold_ms=60, bounce=0, bounce_us=300):
        """Press and release the button of `key` (hal.keys) on its GPIO pin;
        bounce: that many extra contact closures, bounce_us apart, at both
        the press and the release.  Returns the time (ms) it went down."""
        gp = self.pins[key]
        t0 = self.now_ms
        self._bounce(gp, DOWN, bounce, bounce_us)
        self.pin(gp, DOWN)
        self.run(ms=hold_ms)
        self._bounce(gp, UP, bounce, bounce_us)
        self.pin(gp, UP)
        return t0

    def _bounce(self, gp, level, n, us):
        """n short contacts toward `level` before the pin settles there."""
        for _ in range(n):
            self.pin(gp, level)
            self.run(ms=us / 1000)
            self.pin(gp, 1 - level)
            self.run(ms=us / 1000)

    # --- USB serial ---

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self._command(cmd="serial", data=base64.b64encode(bytes(data)).decode())

    def status(self):
        return self._command(cmd="status")

    def flash_image(self, path):
        """Write the device's filesystem, as it is now, to a littlefs image."""
        self._command(cmd="flash", path=path, size=self.flash.fs_blocks * FS_BLOCK)

    def files(self, folder="data"):
        """{name: bytes} in a folder of the device's filesystem, as it is now."""
        fd, path = tempfile.mkstemp(suffix=".img")
        os.close(fd)
        try:
            self.flash_image(path)
            return read_files(path, folder)
        finally:
            os.remove(path)

    def pty(self):
        """A pseudo-terminal bridged to the USB serial port: returns
        (bridge, path); bridge.pump(ms) moves bytes both ways while the
        device runs for ms."""
        return PtyBridge(self)

    # --- the screen ---

    def screenshot(self, path, scale=None):
        from host_sim.screen import rgb_png
        if scale is None:
            scale = 4 if self.display.kind == "oled" else 3
        with open(path, "wb") as f:
            f.write(rgb_png(self.display.rgb_rows(), scale))

    def display_show_ms(self):
        """The longest full-frame show() seen, first byte to last on the
        bus (ms of device time; None if no whole frame was sent)."""
        ns = self.display.longest_frame_ns
        return round(ns / 1e6, 1) if ns else None

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b'{"cmd":"quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(5)
            except Exception:
                self.proc.kill()
        for p in (self._cfg,) + ((self.image,) if self._extra_image else ()):
            try:
                os.remove(p)
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class PtyBridge:
    """The device's USB serial port as a pseudo-terminal (for pyserial)."""

    def __init__(self, pico):
        import pty
        import tty
        self.pico = pico
        self.master, slave = pty.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self.slave = slave
        os.set_blocking(self.master, False)
        self.sent = len(pico.serial)

    def pump(self, ms=5):
        try:
            data = os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            data = b""
        if data:
            self.pico.write(data)
        self.pico.run(ms=ms)
        out = bytes(self.pico.serial[self.sent:])
        self.sent = len(self.pico.serial)
        if out:
            os.write(self.master, out)
        return bool(data or out)

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
