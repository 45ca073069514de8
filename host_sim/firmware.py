"""Build the device's own firmware: MicroPython's rp2 port with the whole
application frozen in (`make firmware`; docs/hardware.md, "A firmware with
the application frozen in").

Frozen modules run from flash: importing one compiles nothing and copies no
bytecode into RAM, so a new screen opens without reading `.mpy` files from
the filesystem, boot is shorter, and the heap keeps the 100+ KB that the
loaded bytecode and its interned names took (docs/benchmarks.md, "On the
Pico").

Every source comes from Debian's archive, pinned by SHA-256 (the sums
Debian's own Sources and Packages indexes give), so a machine that reaches
only Debian's registry builds it: MicroPython 1.25.0, the Pico SDK 2.1.1,
TinyUSB 0.18.0 and Mbed TLS 3.6.6 (the versions MicroPython 1.25.0 pins as
submodules), compiled by Debian's arm-none-eabi GCC.  micropython-lib is not
among them and nothing frozen needs it (firmware/manifest.py).

The board definition is rp2board/POCKET_PICO: the RPI_PICO board with a 1 MB
filesystem after 1 MB of firmware (MicroPython with the application is
~650 KB, more than RPI_PICO's 640 KB before its filesystem).

    python -m host_sim.firmware            # build/firmware/pocket-table.uf2
    python -m host_sim.firmware --check    # what is missing to build, if any
"""
import argparse
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "build", "firmware")
SRC = os.path.join(OUT, "src")  # the downloaded archives
TREE = os.path.join(OUT, "tree")  # their contents
BOARD_DIR = os.path.join(ROOT, "rp2board", "POCKET_PICO")
MIRROR = "http://deb.debian.org/debian/pool/main/"

MICROPYTHON = "micropython-1.25.0"
# (path in Debian's pool, SHA-256, where its contents go under TREE)
SOURCES = [
    ("m/micropython/micropython_1.25.0+ds.orig.tar.xz",
     "7b25be99a502f070b2de81dafc08da7051d992325d6e67daa9045a918fffdbea", "."),
    ("p/pico-sdk/pico-sdk_2.1.1.orig.tar.gz",
     "179c5531e75ac7f82d0679e70b6e8881f871738dc0ef17baf3b4ff4679291c41", "."),
    ("t/tinyusb/tinyusb-source_0.18.0+dfsg-1_all.deb",
     "01ce2c645df68f14a8a7dcfc8fb355713152543757955820479a87949a61154e", "tinyusb"),
    ("m/mbedtls/mbedtls_3.6.6.orig.tar.bz2",
     "8fb65fae8dcae5840f793c0a334860a411f884cc537ea290ce1c52bb64ca007a", "."),
]
# where each library sits in MicroPython's tree (its git submodules)
LIBS = {"lib/pico-sdk": "pico-sdk-2.1.1", "lib/tinyusb": "tinyusb/usr/src/tinyusb",
        "lib/mbedtls": "mbedtls-3.6.6"}
TOOLS = ("arm-none-eabi-gcc", "cmake", "make")
APT = ("apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi "
       "libstdc++-arm-none-eabi-newlib cmake make")

# The flash layout the board definition sets (rp2board/POCKET_PICO/mpconfigboard.h)
FS_OFFSET = 0x100000
FS_BYTES = 1024 * 1024


class FirmwareError(Exception):
    pass


def missing():
    """Why the firmware cannot be built here, or None."""
    lost = [t for t in TOOLS if shutil.which(t) is None]
    if lost:
        return "no %s here (on Debian: %s)" % (", ".join(lost), APT)
    if shutil.which("python3") is None:
        return "MicroPython's build runs python3, which is not on PATH"
    return None


def _fetch(pool_path, sha256):
    name = pool_path.rsplit("/", 1)[1]
    path = os.path.join(SRC, name)
    if os.path.exists(path) and _sha256(path) == sha256:
        return path
    os.makedirs(SRC, exist_ok=True)
    url = MIRROR + pool_path
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            data = r.read()
    except OSError as e:
        raise FirmwareError("could not download %s: %s" % (url, e))
    if hashlib.sha256(data).hexdigest() != sha256:
        raise FirmwareError("%s is not the pinned file (SHA-256 differs)" % url)
    with open(path + ".part", "wb") as f:
        f.write(data)
    os.replace(path + ".part", path)
    return path


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _deb_data(path):
    """The data.tar.* member of a .deb (an ar archive), as a file object."""
    with open(path, "rb") as f:
        blob = f.read()
    if not blob.startswith(b"!<arch>\n"):
        raise FirmwareError("%s is not a .deb" % path)
    i = 8
    while i + 60 <= len(blob):
        name = blob[i:i + 16].decode().strip().rstrip("/")
        size = int(blob[i + 48:i + 58].decode().strip())
        if name.startswith("data.tar"):
            return io.BytesIO(blob[i + 60:i + 60 + size])
        i += 60 + size + (size & 1)
    raise FirmwareError("%s has no data.tar" % path)


def _unpack(path, dest):
    os.makedirs(dest, exist_ok=True)
    t = tarfile.open(fileobj=_deb_data(path)) if path.endswith(".deb") else tarfile.open(path)
    with t:
        if hasattr(tarfile, "data_filter"):  # Python 3.12, and 3.11.4 on
            t.extractall(dest, filter="tar")
        else:
            t.extractall(dest)


def sources():
    """MicroPython's tree with its libraries in place (unpacked once)."""
    mp = os.path.join(TREE, MICROPYTHON)
    stamp = os.path.join(TREE, ".unpacked")
    want = "\n".join(s for _, s, _ in SOURCES)
    if os.path.exists(stamp) and open(stamp).read() == want:
        return mp
    if os.path.exists(TREE):
        shutil.rmtree(TREE)
    for pool_path, sha256, where in SOURCES:
        _unpack(_fetch(pool_path, sha256), os.path.join(TREE, where))
    for sub, got in LIBS.items():
        target = os.path.join(mp, sub)
        if os.path.isdir(target):
            os.rmdir(target)  # the empty submodule folder Debian's tarball keeps
        os.symlink(os.path.join(TREE, got), target)
    # The build checks that micropython-lib is checked out; nothing from it
    # is frozen (firmware/manifest.py).
    lib = os.path.join(mp, "lib", "micropython-lib")
    os.makedirs(lib, exist_ok=True)
    with open(os.path.join(lib, "README.md"), "w") as f:
        f.write("micropython-lib is not part of this build.\n")
    with open(stamp, "w") as f:
        f.write(want)
    return mp


def frozen_hash():
    """A hash of everything the firmware freezes and its board definition."""
    h = hashlib.sha256()
    for pkg in ("engine", "hal", "firmware", "rp2board"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in sorted(filenames):
                if f.endswith((".py", ".h", ".cmake", ".csv")):
                    p = os.path.join(dirpath, f)
                    h.update(p[len(ROOT):].encode())
                    with open(p, "rb") as src:
                        h.update(src.read())
    h.update(repr(SOURCES).encode())
    return h.hexdigest()[:16]


def build(jobs=None):
    """The firmware image for the current sources (path of a raw .bin for
    flash offset 0); built if not cached under build/firmware.  One build
    at a time (test workers may ask at once): the others wait for it."""
    import fcntl
    key = frozen_hash()
    image = os.path.join(OUT, "pocket-table-%s.bin" % key)
    if os.path.exists(image):
        return image
    why = missing()
    if why:
        raise FirmwareError(why)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(image):  # (not built by whoever held the lock)
            _make(image, jobs)
    return image


def _make(image, jobs):
    mp = sources()
    build_dir = os.path.join(OUT, "build-POCKET_PICO")
    # CMAKE_ARGS from the environment: the port's Makefile appends its own
    # (the board folder) to it, where a command-line value would replace them.
    # GIT_CEILING_DIRECTORIES: MicroPython names its version by `git
    # describe` in its tree, which lies inside this repository's build/: the
    # banner would name this project's commit, not MicroPython 1.25.0.
    env = dict(os.environ, CMAKE_ARGS="-DPICO_NO_PICOTOOL=1", GIT_CEILING_DIRECTORIES=TREE)
    j = "-j%d" % (jobs or os.cpu_count() or 1)
    # mpy-cross first, in its own folder: the port's BUILD= would follow it
    # into mpy-cross's make, which then leaves it where the port does not look.
    steps = [["make", "-C", os.path.join(mp, "mpy-cross"), j],
             ["make", "-C", os.path.join(mp, "ports", "rp2"), "BOARD_DIR=" + BOARD_DIR,
              "BUILD=" + build_dir, j]]
    log = os.path.join(OUT, "build.log")
    rc = 0
    with open(log, "w") as out:
        for cmd in steps:
            rc = rc or subprocess.call(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    if rc != 0:
        with open(log) as f:
            tail = f.read()[-2000:]
        raise FirmwareError("MicroPython's build failed (%s):\n%s" % (log, tail))
    built = os.path.join(build_dir, "firmware.bin")
    size = os.path.getsize(built)
    if size > FS_OFFSET:
        raise FirmwareError("the firmware is %d bytes, more than the %d before the filesystem"
                            % (size, FS_OFFSET))
    from host_sim.uf2 import write_uf2
    write_uf2(built, os.path.join(OUT, "pocket-table.uf2"))
    shutil.copyfile(built, os.path.join(OUT, "pocket-table.bin"))
    shutil.copyfile(built, image + ".part")
    os.replace(image + ".part", image)
    for f in os.listdir(OUT):  # the images of sources that are gone
        if f.startswith("pocket-table-") and f.endswith(".bin") and f != os.path.basename(image):
            os.remove(os.path.join(OUT, f))


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m host_sim.firmware",
        description="Build MicroPython for the Pico with the application frozen in: "
                    "build/firmware/pocket-table.uf2 (copy it onto the Pico's RPI-RP2 drive "
                    "while holding BOOTSEL), then `make deploy FROZEN=1` for main.py and board.cfg.")
    ap.add_argument("--check", action="store_true", help="only say whether it can be built here")
    ap.add_argument("-j", "--jobs", type=int, default=None, help="parallel compile jobs")
    a = ap.parse_args(argv)
    why = missing()
    if a.check:
        print(why or "ready: %s and Debian's sources (downloaded on first build)" % ", ".join(TOOLS))
        return 1 if why else 0
    try:
        image = build(a.jobs)
    except FirmwareError as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    print("%s (%d bytes)\n%s" % (image, os.path.getsize(image), os.path.join(OUT, "pocket-table.uf2")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
