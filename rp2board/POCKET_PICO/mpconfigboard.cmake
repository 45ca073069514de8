# MicroPython board definition: a Raspberry Pi Pico with the pocket card
# table frozen into its firmware (host_sim/firmware.py builds it; `make
# firmware`).  The RPI_PICO board's own settings, plus the application.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/../../firmware/manifest.py)
