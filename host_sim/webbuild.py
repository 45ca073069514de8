"""Build the page that runs the handheld in a browser (`make web`):

    python -m host_sim.webbuild [OUTDIR]     (default build/web)

OUTDIR becomes a static site, every file of it served as it is, nothing
fetched from anywhere else: index.html and the page's scripts (web/),
MicroPython's WebAssembly port (web/node_modules, pinned in
web/package-lock.json; `make web` runs `npm ci` there), and app-HASH.pack:
engine/, hal/ and firmware/ compiled to .mpy by the pinned mpy-cross, as
they are deployed to a Pico, with the browser's board (web/py/).
docs/web.md says how to host it."""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

from host_sim.build_mpy import ROOT, build, mpy_cross

WEB = os.path.join(ROOT, "web")
PORT_DIR = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "page.css", "page.js", "device.js", "saves.js", "words.js", "worker.js")
DEFAULT_OUT = os.path.join(ROOT, "build", "web")


def missing():
    """None when the WebAssembly port is installed, else what to do."""
    for f in PORT_FILES:
        if not os.path.exists(os.path.join(PORT_DIR, f)):
            return "MicroPython's WebAssembly port is not installed: run `make web` " \
                   "(npm ci in web/; needs npm)"
    return None


def compile_all(tmp):
    """{path in the pack: .mpy bytes}: the device's packages and the
    browser's board (its modules at the top, beside engine/ ...)."""
    made = build(tmp)
    out = {}
    for path in made:
        out[os.path.relpath(path, tmp).replace(os.sep, "/")] = open(path, "rb").read()
    py = os.path.join(WEB, "py")
    for f in sorted(os.listdir(py)):
        if not f.endswith(".py"):
            continue
        dst = os.path.join(tmp, f[:-3] + ".mpy")
        p = subprocess.run([mpy_cross(), "-o", dst, f], cwd=py, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError("mpy-cross cannot compile web/py/%s:\n%s" % (f, p.stderr.strip()))
        out[f[:-3] + ".mpy"] = open(dst, "rb").read()
    return out


def pack(files):
    """One file for the worker to fetch: a line of JSON, [[path, offset,
    length], ...], then the files' bytes one after the other."""
    index, blob, off = [], bytearray(), 0
    for path in sorted(files):
        data = files[path]
        index.append([path, off, len(data)])
        blob += data
        off += len(data)
    return json.dumps(index, separators=(",", ":")).encode() + b"\n" + bytes(blob)


def build_site(out=DEFAULT_OUT):
    """Write the site into out (emptied first); returns the pack's name."""
    why = missing()
    if why:
        raise RuntimeError(why)
    with tempfile.TemporaryDirectory() as tmp:
        data = pack(compile_all(tmp))
    # The pack's name changes with its content, so a browser never runs an
    # old pack with a new page from its cache.
    name = "app-%s.pack" % hashlib.sha256(data).hexdigest()[:12]
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    for f in PORT_FILES:
        shutil.copy(os.path.join(PORT_DIR, f), os.path.join(out, f))
    for f in PAGE_FILES:
        with open(os.path.join(WEB, f), "rb") as src:
            text = src.read().replace(b"@PACK@", name.encode())
        with open(os.path.join(out, f), "wb") as dst:
            dst.write(text)
    return name


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    out = argv[0] if argv else DEFAULT_OUT
    try:
        name = build_site(out)
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    size = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    print("built the page in %s (%d files, %d KB; the app in %s); serve it with "
          "`make web-serve`" % (os.path.relpath(out), len(os.listdir(out)), size // 1024, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
