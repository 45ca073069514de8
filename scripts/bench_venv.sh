#!/bin/sh
# The benchmark-only environment for the outside peer (docs/benchmarks.md):
# the PyPI `schnapsen` platform is GPL-3.0, so it lives in its own venv,
# .venv-bench, never in .venv, and the product never imports it.
#   scripts/bench_venv.sh && .venv-bench/bin/python -m host_sim.peer_schnapsen --games 800 --samples 32 --depth 8
set -e
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv-bench/bin/python ]; then
    "$PYTHON" -m venv .venv-bench
fi
.venv-bench/bin/python -m pip install -q --disable-pip-version-check "schnapsen==0.0.5" "tqdm==4.70.1"
.venv-bench/bin/python -c "import schnapsen.bots; print('schnapsen platform ready in .venv-bench')"
