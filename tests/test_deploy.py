"""`make deploy` against the MicroPython unix port behind a pseudo-terminal
(socat), as a stand-in for a Pico on USB: the files arrive intact, a second
deploy copies only what changed, and the application imports and starts
there.  mpremote needs `resume` (a soft reset would end the unix process)
and `:.` as the destination (os.stat('') fails on the unix port)."""
import hashlib
import os
import subprocess
import sys

from tests.mp import ROOT
from tests.ptydevice import device, needs_socat, remote  # noqa: F401 (device is a fixture)

def deploy(tty, stage, *extra):
    return subprocess.run([sys.executable, "-m", "host_sim.deploy", "--port", tty,
                           "--board", "pico_display_pack", "--resume", "--dest", ":.",
                           "--stage", str(stage)] + list(extra),
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def files(top):
    out = {}
    for d, _, fs in os.walk(str(top)):
        for f in fs:
            p = os.path.join(d, f)
            out[os.path.relpath(p, str(top))] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return out


@needs_socat
def test_deploy_to_the_unix_port(device, tmp_path):
    fs, tty = device
    stage = tmp_path / "stage"
    p = deploy(tty, stage, "--set", "turn=180")
    assert p.returncode == 0, p.stdout + p.stderr
    sent = files(stage)
    assert "hal/buttons.mpy" in sent and "engine/sixtysix/rules.mpy" in sent
    assert "main.py" in sent and "board.cfg" in sent
    assert not any(k.endswith(".py") and k != "main.py" for k in sent)  # compiled, as deployed
    assert files(fs) == sent  # every file arrived, intact
    cfg = (fs / "board.cfg").read_text()
    assert cfg.split()[0] == "pico_display_pack" and "turn = 180" in cfg

    # Nothing changed: nothing is copied again.
    p = deploy(tty, stage, "--set", "turn=180")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "%d unchanged, 0 copied" % len(sent) in p.stdout

    # A file damaged on the device is the only one copied again.
    (fs / "hal" / "keys.mpy").write_bytes(b"garbage")
    p = deploy(tty, stage, "--set", "turn=180")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "%d unchanged, 1 copied" % (len(sent) - 1) in p.stdout
    assert files(fs) == sent

    # The application imports and starts there.  The unix port has no
    # machine.Pin, so the application runs on the headless board, one step:
    # its first frame.
    if os.path.exists(os.path.join(ROOT, "firmware", "main.py")):
        r = remote(tty, "import firmware.main as m\n"
                        "from firmware.app import App\n"
                        "from hal.headless import HeadlessBoard\n"
                        "b = HeadlessBoard('oled')\n"
                        "print('app', callable(m.main), App(b).step())\n")
        assert r.returncode == 0 and "app True True" in r.stdout, r.stdout + r.stderr
        r = remote(tty, "import firmware.selftest\nfirmware.selftest.run()")
    else:
        r = remote(tty, "exec(open('main.py').read())")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "engine games: sixtysix" in r.stdout
    assert "board pico_display_pack named" in r.stdout  # read board.cfg on the device
    assert "selftest ok" in r.stdout


def test_unknown_board_is_refused(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_sim.deploy", "--port", "/dev/null",
                        "--board", "pico_tv", "--stage", str(tmp_path / "s")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "pico_display_pack" in p.stderr


def test_nothing_attached_says_so_and_lists_the_ports(tmp_path):
    p = subprocess.run([sys.executable, "-m", "host_sim.deploy", "--port", "/dev/ttyACM97",
                        "--board", "pico_oled", "--stage", str(tmp_path / "s")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert "no Pico was found on /dev/ttyACM97." in p.stderr
    from host_sim.ports import serial_ports
    seen = serial_ports()
    if seen:
        assert "The serial ports pyserial sees:" in p.stderr
        for dev, _ in seen:
            assert "  " + dev in p.stderr
    else:
        assert "pyserial sees no serial ports at all." in p.stderr
    assert "Traceback" not in p.stderr and "failed to access" not in p.stderr
    assert not (tmp_path / "s").exists()  # stopped before compiling anything


def test_the_message_names_each_port_and_what_it_is():
    from host_sim import ports
    text = ports.no_pico("/dev/ttyACM0", [("/dev/ttyACM1", "Board in FS mode"),
                                         ("/dev/ttyS0", "n/a")])
    assert text.splitlines()[:4] == [
        "no Pico was found on /dev/ttyACM0.",
        "The serial ports pyserial sees:",
        "  /dev/ttyACM1  (Board in FS mode)",
        "  /dev/ttyS0"]
