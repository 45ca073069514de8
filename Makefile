# Everything runs inside a project-local virtual environment (.venv), created
# on first use from requirements-dev.txt.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum < requirements-dev.txt | cut -d' ' -f1)

.PHONY: sim test test-serial bench bench-pico bench-plots pico soak mpy venv clean deploy bundle package wiring firmware train

venv: $(STAMP)

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# Play in the terminal.
sim: $(STAMP)
	$(PY) -m host_sim

# The emulated Pico (host_sim/pico.py): rp2040js from the npm registry, pinned
# in host_sim/pico/package-lock.json.  Without Node.js its tests skip.
PICO_DEPS := host_sim/pico/node_modules/.package-lock.json
pico: $(PICO_DEPS)
$(PICO_DEPS): host_sim/pico/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd host_sim/pico && npm ci --no-audit --no-fund --loglevel=error; \
	else echo "no npm here: the emulated Pico's tests will be skipped (install nodejs and npm)"; fi

# The handheld in a browser (docs/web.md): MicroPython's WebAssembly port
# from the npm registry, pinned in web/package-lock.json; `make web` builds
# the static site build/web/, `make web-serve` serves it on 127.0.0.1
# (WEB_PORT, default 8066).  Without npm the page's tests are skipped.
.PHONY: web web-serve web-deps
WEB_DEPS := web/node_modules/.package-lock.json
WEB_PORT ?= 8066
web-deps: $(WEB_DEPS)
$(WEB_DEPS): web/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd web && npm ci --no-audit --no-fund --loglevel=error; \
	else echo "no npm here: the page cannot be built and its tests will be skipped (install nodejs and npm)"; fi
web: $(STAMP) $(WEB_DEPS)
	$(PY) -m host_sim.webbuild build/web
web-serve: web
	$(PY) -m host_sim.webserve --dir build/web --port $(WEB_PORT)
test test-serial: $(WEB_DEPS)

# Every test: pytest on CPython, the engine under the real `micropython`, the
# application on the Pico's own firmware (emulated).  On every core by
# default; JOBS=2 for two workers, or `make test-serial` (one process, no
# workers) on a machine where parallel workers hurt.
JOBS ?= auto
test: $(STAMP) pico
	$(PY) -m pytest -q -n $(JOBS)

test-serial: $(STAMP) pico
	$(PY) -m pytest -q -n 0

# Memory, speed and strength figures (not part of `make test`): build/bench.json,
# docs/benchmarks.md, and its summary and figures (docs/bench_*.png).
bench: $(STAMP) mpy
	$(PY) -m host_sim bench --save-json build/bench.json
	$(PY) -m host_sim.inference

# The application on the emulated Pico, every game and level, both screens, in
# device time: build/bench-pico.json, docs/benchmarks.md's Pico section, and
# the page's summary and figures.
# BENCH_PICO_OPTS passes more, e.g. "--games skat --decisions 30".
bench-pico: $(STAMP) pico
	$(PY) -m host_sim.bench_pico $(BENCH_PICO_OPTS)

# Redraw the summary and figures of docs/benchmarks.md from build/bench.json
# and build/bench-pico.json, measuring nothing.
bench-plots: $(STAMP)
	$(PY) -m host_sim.plots

# The long persistence and robustness runs (the short ones are in `make test`).
soak: $(STAMP)
	$(PY) tests/soak.py

# Precompile engine/, hal/ and firmware/ to .mpy under build/mpy, as deployed.
mpy: $(STAMP)
	$(PY) -m host_sim.build_mpy build/mpy

# Put the application on a Pico over USB (MicroPython already flashed):
#   make deploy PORT=/dev/ttyACM0 BOARD=pico_display_pack
# BOARD is a profile in hal/boards.py; DEPLOY_OPTS passes more, e.g.
# DEPLOY_OPTS="--set turn=180 --mip".  Unchanged files are skipped.
# DRY_RUN=1 lists what would be copied where, and copies nothing; FROZEN=1 is
# for a Pico running `make firmware`'s image (main.py and board.cfg only).
PORT ?= /dev/ttyACM0
BOARD ?= pico_oled
deploy: $(STAMP)
	$(PY) -m host_sim.deploy --port $(PORT) --board $(BOARD) $(if $(DRY_RUN),--dry-run) $(if $(FROZEN),--frozen) $(DEPLOY_OPTS)

# MicroPython for the Pico with the application frozen in (host_sim/firmware.py):
# build/firmware/pocket-table.uf2, from Debian's sources pinned by SHA-256 and
# Debian's arm-none-eabi GCC.  Hold BOOTSEL, plug the Pico in, copy the .uf2
# onto the RPI-RP2 drive; then `make deploy FROZEN=1` puts main.py and
# board.cfg on it.  Faster screens and boot, 100+ KB more heap (docs/device.md).
firmware: $(STAMP)
	$(PY) -m host_sim.firmware

# The same files for copying by hand (Thonny's "Upload to /", mpremote cp -r):
#   make bundle BOARD=pico_display_pack  ->  build/bundle/ and
#   build/bundle-pico_display_pack.zip, with HOW-TO-COPY.txt.
bundle: $(STAMP)
	$(PY) -m host_sim.bundle --board $(BOARD) $(BUNDLE_OPTS)

# A game's learned move ordering (engine/<game>/policy.py, host_sim/train.py):
#   make train GAME=klaberjass   (deterministic from its seed: byte for byte)
train: $(STAMP)
	$(PY) -m host_sim.train --game $(GAME)

# Rewrite package.json (the mip package) from the device folders.
package: $(STAMP)
	$(PY) -m host_sim.package

# Redraw docs/wiring_<board>.svg from the pin maps in hal/boards.py.
wiring: $(STAMP)
	$(PY) -m host_sim.wiring

clean:
	rm -rf build .pytest_cache
