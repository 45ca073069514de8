// A Raspberry Pi Pico running the pocket card table from frozen bytecode.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (pocket card table)"

// The frozen application takes about 340 KB of flash beside MicroPython's
// 320 KB, more than the 640 KB RPI_PICO leaves before its filesystem: the
// firmware gets the first 1 MB, the littlefs filesystem (main.py, board.cfg,
// settings, saves, statistics) the second.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1024 * 1024)
