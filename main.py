# The device's start file: a Pico runs /main.py after boot.  `make deploy`,
# `make bundle` and the mip package (package.json) all put this file there.
from firmware.main import main

main()
