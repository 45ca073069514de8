"""The project's own firmware: MicroPython's rp2 port with the application
frozen in (host_sim/firmware.py, `make firmware`), and its UF2 file.

The build needs Debian's arm-none-eabi GCC and Debian's sources (fetched
once, pinned by SHA-256); without them the tests that build skip with one
line (.ci/run installs the compiler).  Built, the firmware runs on the
emulated Pico (host_sim/pico.py) with only main.py and board.cfg on its
flash, and must show the desktop's screens and play the desktop's deal."""
import os
import struct
from binascii import crc32

import pytest

from host_sim.shims import install

install()

from hal import keys  # noqa: E402
from host_sim import firmware, pico, uf2  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _built():
    """The frozen firmware's flash layout, or a skip saying why not."""
    why = pico.available() or firmware.missing()
    if why:
        pytest.skip("the frozen firmware cannot be built or run here: %s" % why)
    try:
        return pico.flash("frozen")
    except firmware.FirmwareError as e:
        if "could not download" in str(e):
            pytest.skip("the frozen firmware's sources cannot be downloaded here: %s" % e)
        raise


# ---- UF2: what a Pico in BOOTSEL mode takes ----

def test_uf2_blocks_carry_the_image_to_the_start_of_flash():
    image = bytes(range(256)) * 3 + b"tail"  # not a whole number of blocks
    data = uf2.to_uf2(image)
    assert len(data) == 512 * 4
    for i in range(4):
        block = data[512 * i:512 * (i + 1)]
        m0, m1, flags, addr, size, no, total, family = struct.unpack_from("<8I", block)
        assert (m0, m1) == (uf2.MAGIC_START0, uf2.MAGIC_START1)
        assert flags == uf2.FLAG_FAMILY and family == uf2.RP2040_FAMILY
        assert addr == 0x10000000 + 256 * i and size == 256 and no == i and total == 4
        assert struct.unpack_from("<I", block, 508)[0] == uf2.MAGIC_END
    assert uf2.from_uf2(data)[:len(image)] == image


def test_a_file_that_is_not_uf2_is_refused():
    data = bytearray(uf2.to_uf2(b"x" * 300))
    data[512 + 3] ^= 0xFF  # the second block's magic
    with pytest.raises(ValueError, match="block 1 is not a UF2 block"):
        uf2.from_uf2(bytes(data))


# ---- the board definition and the manifest ----

def test_the_board_gives_the_firmware_one_megabyte_and_the_files_the_other():
    h = open(os.path.join(ROOT, "rp2board", "POCKET_PICO", "mpconfigboard.h")).read()
    assert "#define MICROPY_HW_FLASH_STORAGE_BYTES          (1024 * 1024)" in h
    assert firmware.FS_OFFSET == 2 * 1024 * 1024 - firmware.FS_BYTES == 0x100000
    cmake = open(os.path.join(ROOT, "rp2board", "POCKET_PICO", "mpconfigboard.cmake")).read()
    assert "firmware/manifest.py" in cmake


def test_a_frozen_deploy_sends_main_and_board_cfg_only(tmp_path):
    from host_sim.deploy import stage
    names = stage(str(tmp_path / "s"), "pico_oled", ["seed = 5"], frozen=True)
    assert names == ["main.py", "board.cfg"]
    assert sorted(os.listdir(tmp_path / "s")) == ["board.cfg", "main.py"]


# ---- built and run ----

def test_the_frozen_firmware_fits_before_its_filesystem():
    layout = _built()
    size = os.path.getsize(layout.firmware)
    assert 400 * 1024 < size < firmware.FS_OFFSET, size  # MicroPython and the whole app
    made = uf2.from_uf2(open(os.path.join(firmware.OUT, "pocket-table.uf2"), "rb").read())
    assert made[:size] == open(layout.firmware, "rb").read()


def test_the_frozen_firmware_boots_and_plays_the_desktops_deal():
    """Only main.py and board.cfg on its flash: the code comes from the
    firmware.  Every screen is the desktop's, pixel for pixel, and so is the
    save it writes; it boots faster and keeps more heap than MicroPython's
    own image with the same modules loaded from .mpy files."""
    from host_sim.hil import Lockstep
    layout = _built()
    with Lockstep("pico_oled", seed=11, firmware="frozen") as ls:
        assert ls.pico.flash is not None and ls.pico.flash.frozen
        files = pico.read_files(ls.pico.image, ".")
        assert sorted(files) == ["board.cfg", "main.py"]
        assert ls.boot_ms < 200, ls.boot_ms  # 360-420 ms loading .mpy files
        ls.press(keys.OK)
        ls.press(keys.OK)  # Sixty-six's table
        ls.autoplay(16)
        assert ls.decisions, "the computer made no move"
        # the heap free before each search: the code is in flash, not RAM
        assert min(d[3] for d in ls.decisions) > 150 * 1024, ls.decisions
        ls.pico.run(ms=200)
        saved = ls.pico.files("data")["save_sixtysix"]
        magic, n, crc = struct.unpack_from("<4sII", saved)
        assert magic == b"PCT1" and crc == crc32(saved[12:]) & 0xFFFFFFFF
        assert saved[12:] == ls.host.storage.files["save_sixtysix"]
    assert layout.fs_offset == firmware.FS_OFFSET
