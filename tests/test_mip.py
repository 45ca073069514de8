"""The mip package (package.json): it lists every device module, and the real
`mpremote mip install` puts a working application on the MicroPython unix
port behind a pseudo-terminal, from an HTTP server on 127.0.0.1 that serves
the repository's files as GitHub would (and a stand-in for micropython.org's
index, which holds the ssd1306 dependency)."""
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import threading

import pytest

from host_sim import package
from host_sim.build_mpy import NOT_DEPLOYED
from tests.mp import tool, ROOT
from tests.ptydevice import needs_socat, remote, start


def test_package_json_is_up_to_date():
    problems = package.stale()
    assert not problems, "\n".join(problems) + "\nrun `%s` to rewrite package.json" \
        % package.REGENERATE


def test_a_module_missing_from_package_json_is_named(tmp_path):
    pkg = package.package()
    gone = [u for u in pkg["urls"] if u[0] == "engine/skat/rules.py"]
    assert gone, "engine/skat/rules.py should be a device module"
    pkg["urls"].remove(gone[0])
    path = tmp_path / "package.json"
    path.write_text(package.text(pkg))
    assert package.stale(str(path)) == ["engine/skat/rules.py is not in package.json"]
    pkg["urls"].append(["engine/old.py", "engine/old.py"])
    path.write_text(package.text(pkg))
    assert "package.json lists engine/old.py, which is not a device file" \
        in package.stale(str(path))
    path.write_text("{ not json")
    assert "not valid JSON" in package.stale(str(path))[0]


def test_package_json_lists_every_device_module():
    listed = [t for t, _ in json.load(open(os.path.join(ROOT, "package.json")))["urls"]]
    on_disk = []
    for top in ("engine", "hal", "firmware"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            on_disk += [os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/")
                        for f in files if f.endswith(".py")]
    on_disk = [p for p in on_disk if p not in NOT_DEPLOYED]
    assert sorted(on_disk + ["main.py"]) == sorted(listed)
    assert json.load(open(os.path.join(ROOT, "package.json")))["deps"] == [["ssd1306", "latest"]]


STAND_IN_SSD1306 = b"# a stand-in for micropython-lib's ssd1306 (the test has no internet)\n" \
                   b"class SSD1306_I2C:\n    pass\n"


@pytest.fixture
def site(tmp_path):
    """http://127.0.0.1:PORT/app/ holds the package's files, /pi/ the index."""
    root = tmp_path / "site"
    for target, url in json.load(open(os.path.join(ROOT, "package.json")))["urls"]:
        dst = root / "app" / url
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(os.path.join(ROOT, url), str(dst))
    shutil.copy(os.path.join(ROOT, "package.json"), str(root / "app" / "package.json"))
    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    base = "http://127.0.0.1:%d" % server.server_address[1]
    # mpremote asks the index for package/<mpy version>/<name>/<version>.json.
    index = root / "pi" / "package" / "6" / "ssd1306"
    index.mkdir(parents=True)
    (index / "latest.json").write_text(json.dumps(
        {"urls": [["ssd1306.py", base + "/pi/ssd1306.py"]], "version": "0.1"}))
    (root / "pi" / "ssd1306.py").write_bytes(STAND_IN_SSD1306)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@needs_socat
def test_mip_install_and_boot(site, tmp_path):
    fs = tmp_path / "fs"
    fs.mkdir()
    tty = str(tmp_path / "tty")
    # Installed as .py, the modules compile on the device at import: starting
    # a game needs about 248k of heap on this 64-bit port (224k passed until
    # engine/sixtysix/rules.py grew the known-deal code of issue 18, 240k until the
    # faster drivers and boot of issue 29; 160k is enough with .mpy); the
    # Pico's objects are about 80% of these, so about 200 KB of its 228 KB.
    # `make deploy` copies .mpy files.
    proc = start(fs, tty, heap="256k")
    try:
        p = subprocess.run([tool("mpremote"), "connect", tty, "resume", "mip", "install",
                            "--target", ".", "--index", site + "/pi",
                            site + "/app/package.json"],
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stdout + p.stderr
        assert "Installing ssd1306 (latest)" in p.stdout
        for target, url in json.load(open(os.path.join(ROOT, "package.json")))["urls"]:
            got = (fs / target).read_bytes()
            want = open(os.path.join(ROOT, url), "rb").read()
            assert hashlib.sha256(got).digest() == hashlib.sha256(want).digest(), target
        assert (fs / "ssd1306.py").read_bytes() == STAND_IN_SSD1306

        # Boot: main.py's own import, then the application on the headless
        # board (the unix port has no machine.Pin), through the start menu
        # into a dealt game of Sixty-six.
        main_py = (fs / "main.py").read_text()
        assert "from firmware.main import main" in main_py
        r = remote(tty, "from firmware.main import main\n"
                        "from firmware.app import App\nfrom hal.headless import press_all\n"
                        "from hal.headless import HeadlessBoard\n"
                        "from hal import keys\n"
                        "b = HeadlessBoard('lcd')\n"
                        "a = App(b, 7)\n"
                        "press_all(a, b, [keys.OK, keys.OK])\n"
                        "print('booted', callable(main), type(a.scene).__name__,"
                        " b.display.frames > 1, sum(b.display.buffer) > 0)\n")
        assert r.returncode == 0, r.stdout + r.stderr
        assert "booted True Table True True" in r.stdout, r.stdout + r.stderr
    finally:
        proc.terminate()
        proc.wait(timeout=10)



@needs_socat
def test_mip_install_from_a_clone(site, tmp_path):
    """The README's `mpremote mip install --target / package.json`, run in
    a clone's folder: the files come from the clone itself, by the paths
    package.json names (a clone cut to its first files, so that the test is
    quick; test_mip_install_and_boot installs them all)."""
    clone = tmp_path / "clone"
    pkg = json.load(open(os.path.join(ROOT, "package.json")))
    pkg["urls"] = [u for u in pkg["urls"] if u[0] in ("main.py", "engine/__init__.py")]
    assert len(pkg["urls"]) == 2
    for target, url in pkg["urls"]:
        (clone / url).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(os.path.join(ROOT, url), str(clone / url))
    (clone / "package.json").write_text(json.dumps(pkg))
    fs = tmp_path / "fs"
    fs.mkdir()
    tty = str(tmp_path / "tty")
    proc = start(fs, tty)
    try:
        p = subprocess.run([tool("mpremote"), "connect", tty, "resume", "mip", "install",
                            "--target", ".", "--index", site + "/pi", "package.json"],
                           cwd=str(clone), capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stdout + p.stderr
        for target, url in pkg["urls"]:
            assert (fs / target).read_bytes() == (clone / url).read_bytes(), target
        assert (fs / "ssd1306.py").read_bytes() == STAND_IN_SSD1306
    finally:
        proc.terminate()
        proc.wait(timeout=10)
