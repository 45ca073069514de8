"""Compile engine/, hal/ and firmware/ to .mpy with mpy-cross, as deployed.

    python -m host_sim.build_mpy OUTDIR [--march armv6m]

Every .py becomes OUTDIR/<package>/<name>.mpy; a module that does not compile
stops the build with mpy-cross's message."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "hal", "firmware")
# In a device folder but not part of the application: the freeze manifest
# runs in MicroPython's firmware build, on the desktop.
NOT_DEPLOYED = ("firmware/manifest.py",)


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    found = shutil.which("mpy-cross")
    if not found:
        raise SystemExit("mpy-cross not found: run `make venv` first")
    return found


def sources(packages=PACKAGES):
    out = []
    for pkg in packages:
        base = os.path.join(ROOT, pkg)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in sorted(filenames):
                rel = os.path.relpath(os.path.join(dirpath, f), ROOT)
                if f.endswith(".py") and rel.replace(os.sep, "/") not in NOT_DEPLOYED:
                    out.append(rel)
    return out


def build(outdir, march="armv6m", packages=PACKAGES):
    """Compile every module; returns the list of .mpy paths.  Raises
    RuntimeError naming the file when mpy-cross rejects one."""
    tool = mpy_cross()
    outdir = os.path.abspath(outdir)
    made = []
    for rel in sources(packages):
        dst = os.path.join(outdir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        # mpy-cross records the source name given; keep it relative.
        p = subprocess.run([tool, "-march=" + march, "-o", dst, rel], cwd=ROOT,
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError("mpy-cross cannot compile %s:\n%s" % (rel, p.stderr.strip()))
        made.append(dst)
    return made


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    march = "armv6m"
    if "--march" in argv:
        march = argv[argv.index("--march") + 1]
    try:
        made = build(argv[0], march)
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    print("compiled %d modules into %s" % (len(made), argv[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
