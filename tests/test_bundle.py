"""`make bundle` (host_sim/bundle.py) and the freeze manifest
(firmware/manifest.py)."""
import ast
import os
import subprocess
import sys
import zipfile

from host_sim.build_mpy import ROOT, sources
from tests.mp import tool


def test_bundle_holds_the_application_and_boots(tmp_path):
    out = tmp_path / "bundle"
    p = subprocess.run([sys.executable, "-m", "host_sim.bundle", "--board", "pico_lcd_114",
                        "--set", "backlight=60", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    zpath = tmp_path / "bundle-pico_lcd_114.zip"
    on_disk = sorted(os.path.relpath(os.path.join(d, f), str(out)).replace(os.sep, "/")
                     for d, _, fs in os.walk(str(out)) for f in fs)
    with zipfile.ZipFile(str(zpath)) as z:
        assert sorted(z.namelist()) == on_disk
        assert z.read("board.cfg") == (out / "board.cfg").read_bytes()
    want = sorted(s.replace(os.sep, "/")[:-3] + ".mpy" for s in sources())
    assert sorted(f for f in on_disk if f.endswith(".mpy")) == want
    assert not [f for f in on_disk if f.endswith(".py") and f != "main.py"]
    assert (out / "main.py").read_bytes() == open(os.path.join(ROOT, "main.py"), "rb").read()
    cfg = (out / "board.cfg").read_text()
    assert cfg.split()[0] == "pico_lcd_114" and "backlight = 60" in cfg
    howto = (out / "HOW-TO-COPY.txt").read_text()
    assert "Upload to /" in howto
    assert "mpremote cp -r engine hal firmware main.py board.cfg :" in howto

    # Unpacked from the zip, it boots: the board named in board.cfg, then
    # the application (on the headless board: the unix port has no pins)
    # from the .mpy files into a dealt game.
    top = tmp_path / "unzipped"
    with zipfile.ZipFile(str(zpath)) as z:
        z.extractall(str(top))
    # 192k: the whole app's limit on the 64-bit port (DESIGN.md); the board
    # modules come on top of the colour table here
    r = subprocess.run([tool("micropython"), "-X", "heapsize=192k", "-c",
                        "from firmware.main import board_name\n"
                        "from firmware.app import App\nfrom hal.headless import press_all\n"
                        "from hal.headless import HeadlessBoard\n"
                        "from hal import keys\n"
                        "b = HeadlessBoard('lcd')\n"
                        "a = App(b, 3)\n"
                        "press_all(a, b, [keys.OK, keys.OK])\n"
                        "print(board_name(), type(a.scene).__name__)\n"],
                       cwd=str(top), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["pico_lcd_114", "Table"]


def test_unknown_board_gives_no_bundle(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_sim.bundle", "--board", "pico_tv",
                        "--out", str(tmp_path / "b")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "pico_oled" in p.stderr
    assert not (tmp_path / "b-pico_tv.zip").exists()


# ---- the freeze manifest ----

MANIFEST = os.path.join(ROOT, "firmware", "manifest.py")


def frozen():
    """Run firmware/manifest.py as MicroPython's tools/manifestfile.py does
    (cwd = the manifest's folder; package() takes a folder and every .py in
    it, or the files given relative to it) and return the frozen module
    paths and the micropython-lib packages it requires."""
    mods, required, included, froze = [], [], [], []

    def package(path, files=None, base_path=".", opt=None):
        base = os.path.abspath(base_path)
        if files is None:
            for d, _, fs in os.walk(os.path.join(base, path)):
                for f in fs:
                    if f.endswith(".py"):
                        mods.append(os.path.relpath(os.path.join(d, f), base))
        else:
            for f in files:
                full = os.path.join(base, path, f)
                assert os.path.exists(full), "the manifest names a missing file %s" % full
                mods.append(os.path.relpath(full, base))

    def module(path, base_path=".", opt=None):
        mods.append(path)

    here = os.getcwd()
    os.chdir(os.path.dirname(MANIFEST))
    try:
        exec(open(MANIFEST).read(), {"package": package, "module": module,
                                     "require": lambda name, **kw: required.append(name),
                                     "include": included.append,
                                     "freeze": lambda path, **kw: froze.append(path)})
    finally:
        os.chdir(here)
    return set(m.replace(os.sep, "/") for m in mods), required, included + froze


def imports_of(path):
    """The modules a source file imports (at the top or inside functions)."""
    tree = ast.parse(open(os.path.join(ROOT, path)).read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            out.add(node.module)
            # `from firmware import games` may name a submodule.
            out.update(node.module + "." + a.name for a in node.names)
    return out


def local_file(name):
    for cand in (name.replace(".", "/") + ".py", name.replace(".", "/") + "/__init__.py"):
        if os.path.exists(os.path.join(ROOT, cand)):
            return cand
    return None


# What the rp2 port's firmware has built in (the unix port has the same).
BUILT_IN = {"gc", "sys", "time", "machine", "framebuf", "micropython", "struct",
            "binascii", "json", "os", "select", "io", "errno", "hashlib", "random", "math",
            "array"}  # (array: engine/solver.py's table)


def application_modules():
    """Every module reachable from main.py, following imports (including the
    ones made by name: engine.games loads each game and its heuristic)."""
    from engine import games
    todo = ["main.py"]
    for g in games.names():
        mod = games.load(g)
        todo.append(local_file(mod.__name__))
        for part in ("heuristic", "worlds"):
            todo.append(local_file(games.part(g, part).__name__))
    seen, outside = set(), set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in imports_of(path):
            f = local_file(name)
            if f:
                todo.append(f)
                parts = name.split(".")
                for i in range(1, len(parts)):  # a package's __init__ runs first
                    init = "/".join(parts[:i]) + "/__init__.py"
                    if os.path.exists(os.path.join(ROOT, init)):
                        todo.append(init)
            elif name.split(".")[0] not in ("engine", "hal", "firmware"):
                outside.add(name.split(".")[0])
    seen.discard("main.py")
    return seen, outside


def test_the_manifest_names_every_module_the_application_imports():
    mods, required, included = frozen()
    app, outside = application_modules()
    assert len(app) > 40  # the walk found the application, not a stub
    assert {"firmware/app.py", "firmware/main.py", "engine/skat/rules.py", "hal/st7789.py"} <= app
    missing = sorted(app - mods)
    assert not missing, "firmware/manifest.py does not freeze %s" % ", ".join(missing)
    assert "firmware/manifest.py" not in mods  # the manifest is no module
    # Whatever else is imported is built into the firmware or required.
    assert outside - BUILT_IN <= set(required), outside - BUILT_IN
    assert "ssd1306" in required
    # the port's own modules (_boot.py mounts the filesystem), not its board
    # manifest's micropython-lib drivers, which the build may not have
    assert included == ["$(PORT_DIR)/modules"]


def test_the_manifest_freezes_what_deploy_sends():
    mods, _, _ = frozen()
    assert mods == set(s.replace(os.sep, "/") for s in sources())
