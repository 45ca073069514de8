"""Write package.json: the application as a mip package, in MicroPython's
package format, so that

    mpremote mip install --target / github:OWNER/REPO

puts a working application on a Pico (`--target /`: a Pico starts /main.py,
and mip's default target is /lib).

    python -m host_sim.package            rewrite package.json from the device folders
    python -m host_sim.package --check    only say whether package.json is up to date

The list is made from the files, never by hand: every module under engine/,
hal/ and firmware/ (sub-packages included) and main.py.  tests/test_mip.py
fails when package.json is out of date, with this command in its message."""
import json
import os
import sys

from firmware.version import VERSION  # one version: About shows it too
from host_sim.build_mpy import ROOT, sources

PACKAGE_JSON = os.path.join(ROOT, "package.json")
# micropython-lib's SSD1306 driver, used by pico_oled with
# `oled_driver = micropython-lib` in board.cfg (hal/board.py); small, so it
# comes with every install rather than only with the boards that may use it.
DEPS = (("ssd1306", "latest"),)
REGENERATE = "python -m host_sim.package"


def files():
    """The device's files, as paths relative to the repository root."""
    return [p.replace(os.sep, "/") for p in sources()] + ["main.py"]


def package():
    # Relative URLs: mip resolves them against package.json's own address
    # (github:OWNER/REPO/...), so the file names no repository.
    return {"urls": [[p, p] for p in files()],
            "deps": [list(d) for d in DEPS],
            "version": VERSION}


def text(pkg=None):
    """package.json's text: one file per line, so a diff shows what changed."""
    pkg = package() if pkg is None else pkg
    lines = ["{", '  "urls": [']
    urls = pkg["urls"]
    for i, u in enumerate(urls):
        lines.append("    %s%s" % (json.dumps(u), "," if i < len(urls) - 1 else ""))
    lines.append("  ],")
    lines.append('  "deps": %s,' % json.dumps(pkg["deps"]))
    lines.append('  "version": %s' % json.dumps(pkg["version"]))
    lines.append("}")
    return "\n".join(lines) + "\n"


def stale(path=PACKAGE_JSON):
    """What is wrong with the package.json at path, as a list of sentences
    (empty when it is up to date)."""
    try:
        with open(path) as f:
            have = json.load(f)
    except OSError:
        return ["there is no package.json"]
    except ValueError as e:
        return ["package.json is not valid JSON (%s)" % e]
    want = package()
    listed = set(t for t, _ in have.get("urls", ()))
    need = set(t for t, _ in want["urls"])
    out = []
    for p in sorted(need - listed):
        out.append("%s is not in package.json" % p)
    for p in sorted(listed - need):
        out.append("package.json lists %s, which is not a device file" % p)
    if not out and have != want:
        out.append("package.json differs from what %s writes" % REGENERATE)
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv == ["--check"]:
        problems = stale()
        for p in problems:
            print(p)
        if problems:
            print("run `%s` to rewrite it" % REGENERATE)
            return 1
        print("package.json is up to date (%d files)" % len(files()))
        return 0
    if argv:
        print("unknown arguments %s; see --help" % " ".join(argv), file=sys.stderr)
        return 2
    with open(PACKAGE_JSON, "w") as f:
        f.write(text())
    print("wrote package.json: %d files" % len(files()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
