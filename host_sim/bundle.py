"""A bundle for copying by hand (what `make bundle BOARD=...` runs):

    python -m host_sim.bundle --board pico_display_pack [--set KEY=VALUE ...]
        [--out build/bundle]

writes OUT/ with everything the device needs (engine/, hal/, firmware/ as
.mpy, main.py, board.cfg for that board: the same files as `make deploy`),
a text file saying how to copy them with Thonny or mpremote, and OUT-BOARD.zip
holding the same files, for those without this repository's tools."""
import argparse
import os
import sys
import zipfile

from host_sim.build_mpy import ROOT
from host_sim.deploy import stage

HOWTO_NAME = "HOW-TO-COPY.txt"
HOWTO = """The pocket card table for the board {board}

Copy everything in this folder but this text file onto a Raspberry Pi Pico
that runs MicroPython 1.19 or newer (hold BOOTSEL while plugging it in and
copy the RPI_PICO .uf2 from micropython.org onto the RPI-RP2 drive first).

{names}

With Thonny (thonny.org):
  1. Tools > Options > Interpreter: "MicroPython (Raspberry Pi Pico)", and
     the Pico's port.
  2. View > Files.  In the upper pane ("This computer") open this folder and
     select the {count} entries named above (not this text file).
  3. Right-click the selection: "Upload to /".  Thonny copies the folders
     with everything in them.
  4. Press the Pico's reset (or unplug it and plug it in): main.py starts
     the application.

With mpremote (pip install mpremote), from this folder:
  mpremote cp -r {names} :
  mpremote reset

The board is named on the first line of board.cfg; the settings it takes
(turn = 180, backlight, buzzer, oled_driver, ...) are in the project's
docs/hardware.md.  An old .py left on the Pico next to a new .mpy of the
same name wins the import: remove such leftovers after an update.
"""


def bundle(outdir, board, settings=()):
    """Write the bundle folder and its zip; returns the zip's path."""
    names = stage(outdir, board, settings)
    with open(os.path.join(outdir, HOWTO_NAME), "w") as f:
        f.write(HOWTO.format(board=board, names=" ".join(names), count=len(names)))
    zpath = "%s-%s.zip" % (outdir.rstrip("/" + os.sep), board)
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for d, dirs, files in os.walk(outdir):
            dirs.sort()
            for f in sorted(files):
                p = os.path.join(d, f)
                z.write(p, os.path.relpath(p, outdir).replace(os.sep, "/"))
    return zpath


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.bundle",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--board", required=True, help="a profile in hal/boards.py")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="more board.cfg lines (turn=180, buzzer=22, ...)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bundle"))
    a = ap.parse_args(argv)
    try:
        z = bundle(a.out, a.board, a.set)
    except (RuntimeError, ValueError) as e:
        print("bundle: %s" % e, file=sys.stderr)
        return 1
    print("bundle for %s in %s/ and %s; how to copy it: %s"
          % (a.board, a.out, z, os.path.join(a.out, HOWTO_NAME)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
