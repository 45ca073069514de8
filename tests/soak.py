"""`make soak`: the long versions of the persistence and robustness checks.

    python tests/soak.py [--quick]

- 2,000 deals across every game and variant under micropython (128 KB heap):
  no MemoryError, the heap after a collection stays flat;
- power cuts at every block write of 60 successive saves on littlefs;
- 10,000 damaged saved matches through the application;
- 10,000 damaged game records through the replay;
- 30 simulated minutes of bouncing random keys on each screen class.
Prints the figures; exits 1 if any check fails."""
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.mp import run_micropython  # noqa: E402


def micropython_check(module, call, heap):
    code = "import sys\nsys.path.append(%r)\nimport %s\n%s.%s\n" % (
        os.path.join(ROOT, "tests"), module, module, call)
    p = run_micropython(["-c", code], heap=heap, timeout=7200)
    if p.returncode != 0:
        raise SystemExit("%s failed:\n%s%s" % (module, p.stdout[-3000:], p.stderr))
    return [json.loads(l) for l in p.stdout.strip().splitlines()]


def records(n):
    from tests.test_record_fuzz import TEXTS, corrupt
    from engine.records import replay, RecordError
    rnd = random.Random(1)
    out = {"replayed": 0, "refused": 0}
    for i in range(n):
        text = corrupt(rnd.choice(TEXTS), random.Random(rnd.random()))
        try:
            replay(text)
            out["replayed"] += 1
        except RecordError as e:
            assert str(e).startswith("line ")
            out["refused"] += 1
    return out


def main(argv):
    quick = "--quick" in argv
    scale = 10 if quick else 1
    t0 = time.time()
    print("soak: %d deals under micropython -X heapsize=128k" % (2000 // scale))
    for r in micropython_check("soak_checks", "main(%d)" % (2000 // scale), "128k"):
        flat = r["max"] - r["min"]
        print("  %-13s %-40s %4d deals  live heap %6d..%6d bytes (band %d)" % (
            r["game"], r["options"], r["deals"], r["min"], r["max"], flat))
        assert flat < 8 * 1024, r
    saves = 60 // scale
    r = micropython_check("powercut_checks", "main(%d)" % saves, "4m")[0]
    print("power cuts: %d cut points over %d saves: %r" % (r["cuts"], r["saves"], r["seen"]))
    assert r["seen"]["other"] == 0 and r["seen"]["restored"] == r["cuts"]
    from tests.robustness import save_damage_run, bounce_run
    out = save_damage_run(11, 10000 // scale)
    print("damaged saves through the app: %d, %r" % (10000 // scale, out))
    print("damaged records through the replay: %d, %r" % (10000 // scale, records(10000 // scale)))
    for kind in ("oled", "lcd"):
        visited = bounce_run(21, 30 // scale, kind)
        print("bouncing keys, %d simulated minutes on the %s: no crash, not stuck; scenes %s" % (
            30 // scale, kind, ", ".join(sorted(visited))))
    for start in ("About", "GameMenu", "Table", "DealSummary", "MatchEnd", "Notice"):
        bounce_run(31, 3 // scale or 1, "lcd", start)
        print("bouncing keys from %s: %d simulated minutes, no crash, not stuck" % (
            start, 3 // scale or 1))
    print("soak passed in %.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
