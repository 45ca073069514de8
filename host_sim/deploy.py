"""Put the application on a Pico over USB (what `make deploy` runs).

    python -m host_sim.deploy --port /dev/ttyACM0 --board pico_display_pack
        [--set KEY=VALUE ...]   more board.cfg lines (turn=180, buzzer=22, ...)
        [--mip]                 also `mpremote mip install ssd1306` (needs internet)
        [--resume] [--dest :.]  for a device that must not be soft-reset (the
                                unix port behind a pseudo-terminal in the tests)
        [--stage DIR]           where the files are prepared (build/deploy)
        [--dry-run]             say what would be copied where, copy nothing
        [--frozen]              for a Pico running `make firmware`'s image, which
                                holds the application: main.py and board.cfg only

It compilesIt compiles engine/, hal/ and firmware/ with mpy-cross (as .mpy: no compile
on the device, so no compile-time memory peak), writes board.cfg, takes the
repository's main.py (it starts firmware/main.py's main(); before the
application exists, firmware/selftest.py runs instead), and copies them with
`mpremote cp -r`, which compares hashes and skips the files that are already
there unchanged.  With --frozen the code is already in the firmware, so
only main.py and board.cfg go, and any engine/, hal/ or firmware/ folder a
plain MicroPython deploy left is removed: MicroPython looks on the
filesystem before its frozen modules, and an old copy would win.
"""
import argparse
import os
import shutil
import subprocess
import sys

from host_sim.boardcfg import known, parse
from host_sim.build_mpy import build, ROOT
from hal.boards import NAMES_IN_ORDER
from host_sim.ports import no_pico, present

MAIN_SELFTEST = ("# Written by `make deploy` (no firmware/main.py yet): a sign of life.\n"
                 "import firmware.selftest\n"
                 "firmware.selftest.run()\n")


def mpremote():
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    if os.path.exists(here):
        return here
    found = shutil.which("mpremote")
    if not found:
        raise SystemExit("mpremote not found: run `make venv` first")
    return found


def has_app():
    return os.path.exists(os.path.join(ROOT, "firmware", "main.py"))


CODE = ("engine", "hal", "firmware")  # the folders a frozen firmware holds


def stage(outdir, board, settings=(), frozen=False):
    """Prepare everything the device gets in outdir; returns the top-level
    names to copy, in order.  frozen: for the firmware with the application
    frozen in (host_sim/firmware.py), no code folders."""
    # an unknown board or setting stops here, with what is known, before any work
    lines = parse(board, settings)
    if os.path.isdir(outdir):
        shutil.rmtree(outdir)
    os.makedirs(outdir)
    if not frozen:
        build(outdir)
    with open(os.path.join(outdir, "main.py"), "w") as f:
        if has_app():
            with open(os.path.join(ROOT, "main.py")) as src:  # the one start file
                f.write(src.read())
        else:
            f.write(MAIN_SELFTEST)
    with open(os.path.join(outdir, "board.cfg"), "w") as f:
        # The name first and alone: firmware/main.py takes the first word.
        f.write("%s\n" % board)
        f.write("# The board above; written by `make deploy` (settings: hal/board.py).\n")
        for k, v in lines:
            f.write("%s = %s\n" % (k, v))
    names = [d for d in CODE if os.path.isdir(os.path.join(outdir, d))]
    return names + ["main.py", "board.cfg"]


def dry_run(a, names):
    """--dry-run: every file the deploy would copy, and where to."""
    dest = a.dest.rstrip("/") if a.dest not in (":", ":/") else ":"
    total = 0
    for name in names:
        path = os.path.join(a.stage, name)
        files = [path] if os.path.isfile(path) else sorted(
            os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs)
        for f in files:
            rel = os.path.relpath(f, a.stage).replace(os.sep, "/")
            print("%s -> %s%s%s" % (rel, dest, "" if dest.endswith(":") else "/", rel))
        total += len(files)
    if a.mip:
        print("mip install ssd1306 -> %s (micropython-lib's driver)" % a.port)
    if a.frozen:
        print("rm -r %s on the device, where present (the firmware holds them)"
              % " ".join(":" + d for d in CODE))
    print("dry run: %d files for %s would be copied to %s on the device at %s (prepared in %s); "
          "nothing was copied" % (total, a.board, "/" if dest == ":" else dest.lstrip(":"),
                                  a.port, a.stage))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.deploy", description=__doc__.split("\n")[0])
    ap.add_argument("--port", required=True, help="the Pico's serial port, e.g. /dev/ttyACM0")
    ap.add_argument("--board", required=True, help="a profile in hal/boards.py: %s"
                    % ", ".join(NAMES_IN_ORDER))
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a board.cfg line (repeatable): %s" % known())
    ap.add_argument("--mip", action="store_true", help="install micropython-lib's ssd1306 too")
    ap.add_argument("--resume", action="store_true", help="do not soft-reset the device")
    ap.add_argument("--dest", default=":", help="destination on the device (default :)")
    ap.add_argument("--stage", default=os.path.join(ROOT, "build", "deploy"), metavar="DIR",
                    help="the folder where the files are compiled and prepared before "
                    "they are copied (default build/deploy; emptied first)")
    ap.add_argument("--dry-run", action="store_true",
                    help="prepare the files and list what would be copied where; no Pico needed, "
                    "nothing is copied")
    ap.add_argument("--frozen", action="store_true",
                    help="the Pico runs `make firmware`'s image, which holds the code: copy only "
                    "main.py and board.cfg, and remove old engine/, hal/, firmware/ folders")
    a = ap.parse_args(argv)
    try:
        # the board and the settings first: a wrong name is told as such, whatever the port
        parse(a.board, a.set)
    except ValueError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    if not a.dry_run and not present(a.port):
        print(no_pico(a.port), file=sys.stderr)
        return 1
    try:
        names = stage(a.stage, a.board, a.set, frozen=a.frozen)
    except (RuntimeError, ValueError) as e:
        print(e, file=sys.stderr)
        return 1
    if a.dry_run:
        return dry_run(a, names)
    base = [mpremote(), "connect", a.port] + (["resume"] if a.resume else [])
    if a.mip:
        p = subprocess.run(base + ["mip", "install", "ssd1306"])
        if p.returncode != 0:
            return p.returncode
    if a.frozen:
        for d in CODE:  # absent on a fresh firmware: mpremote's complaint is no error here
            subprocess.run(base + ["rm", "-r", ":" + d], capture_output=True)
    p = subprocess.run(base + ["cp", "-r"] + names + [a.dest], cwd=a.stage,
                       capture_output=True, text=True)
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    if p.returncode != 0:
        if "failed to access" in p.stderr or "no device found" in p.stderr:
            print(no_pico(a.port), file=sys.stderr)
        return p.returncode
    lines = p.stdout.splitlines()
    same = sum(1 for line in lines if line.startswith("Up to date"))
    total = sum(len(fs) for _, _, fs in os.walk(a.stage))
    print("deployed %s to %s: %d files, %d unchanged, %d copied%s"
          % (a.board, a.port, total, same, total - same,
             "" if has_app() else " (no firmware/main.py yet: main.py runs firmware.selftest)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
