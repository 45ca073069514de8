# Freeze manifest: the application frozen into a MicroPython firmware build
# (bytecode in flash: no compile on import, more heap free, faster boot).
# Not a module of the application (it runs on the desktop, in MicroPython's
# build, with cwd = this folder); nothing deploys it.
#
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO submodules
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/repo/firmware/manifest.py
#
# then flash build-RPI_PICO/firmware.uf2 and copy main.py and board.cfg onto
# the Pico (docs/hardware.md, "A firmware with the application frozen in").
# Whole folders, so a module added to engine/, hal/ or firmware/ is frozen
# without touching this file; tests/test_bundle.py checks that every module
# the application imports is named here.
import os

# The port's own modules: _boot.py mounts the flash filesystem, rp2.py is
# the rp2 module's Python half.  Not the port's whole board manifest: its
# asyncio and micropython-lib sensor drivers (onewire, dht, ...) are nothing
# this application uses, and leaving them out lets the firmware build
# without micropython-lib (host_sim/firmware.py builds from Debian's sources).
freeze("$(PORT_DIR)/modules")

package("engine", base_path="..")
package("hal", base_path="..")


def _firmware_files():
    # Every .py under firmware/ but this manifest, relative to firmware/.
    out = []
    for d, dirs, files in os.walk("."):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py") and not (d == "." and f == "manifest.py"):
                out.append(os.path.normpath(os.path.join(d, f)))
    return out


package("firmware", files=_firmware_files(), base_path="..")

# micropython-lib's SSD1306 driver, for `oled_driver = micropython-lib`,
# where the build has micropython-lib (a build without it leaves the driver
# to `mip install ssd1306`, docs/hardware.md).
try:
    require("ssd1306")
except Exception:
    pass
