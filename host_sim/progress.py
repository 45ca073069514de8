"""Progress of the long desktop runs (`make bench`, `make bench-pico`,
`python -m host_sim tournament`, the outside peer): on a terminal a bar with
the rate and the time left (tqdm); when the output is not a terminal (a CI
log, a pipe) a plain line now and then, so that the log stays readable.

    from host_sim.progress import Progress
    with Progress(400, "schnapsen vs heuristic", unit="match") as p:
        for i in range(400):
            ...
            p.update(1, "better %d, equal %d, worse %d" % (w, t, l))
            p.write("a line of its own, above the bar")

The bar and the plain lines go to stderr, p.write to stdout: what a run
prints as its result stays on stdout alone.  tqdm is imported only on a
terminal, and its absence (e.g. in .venv-bench, the outside peer's
environment) means plain lines.  PROGRESS=plain in the environment asks for
plain lines on a terminal too, PROGRESS=off for none."""
import os
import sys
import time

# Plain lines: one at every tenth of the work, and at least this often.
PLAIN_EVERY_S = 60


def duration(s):
    """Seconds as a short text: 45 s, 3 min 05 s, 1 h 02 min."""
    s = int(round(max(0, s)))
    if s < 60:
        return "%d s" % s
    if s < 3600:
        return "%d min %02d s" % (s // 60, s % 60)
    return "%d h %02d min" % (s // 3600, s % 3600 // 60)


def choose_mode(stream):
    """'bar' on a terminal with tqdm at hand, 'plain' otherwise; the
    environment's PROGRESS (bar, plain, off) has the last word."""
    want = os.environ.get("PROGRESS", "").strip().lower()
    if want in ("off", "plain"):
        return want
    if not (hasattr(stream, "isatty") and stream.isatty()) and want != "bar":
        return "plain"
    try:
        import tqdm  # noqa: F401
    except ImportError:
        return "plain"
    return "bar"


class Progress:
    """`total` steps of work called `desc`, counted in `unit`s."""

    def __init__(self, total, desc, unit="step", stream=None, mode=None, clock=time.time):
        self.total = total
        self.desc = desc
        self.unit = unit
        self.stream = stream or sys.stderr
        self.mode = mode or choose_mode(self.stream)
        self.clock = clock
        self.done = 0
        self.note = ""
        self.t0 = clock()
        self.last_line = self.t0
        self.last_tenth = 0
        self.bar = None
        if self.mode == "bar":
            from tqdm import tqdm
            self.bar = tqdm(total=total, desc=desc, unit=" " + unit, file=self.stream,
                            dynamic_ncols=True, smoothing=0.1)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def update(self, n=1, note=None):
        """`n` more steps done; `note` (e.g. the score so far) shown beside."""
        self.done += n
        if note is not None:
            self.note = note
        if self.bar is not None:
            if note is not None:
                self.bar.set_postfix_str(note, refresh=False)
            self.bar.update(n)
        elif self.mode == "plain":
            now = self.clock()
            tenth = 10 * self.done // self.total if self.total else 0
            if tenth > self.last_tenth or now - self.last_line >= PLAIN_EVERY_S \
                    or self.done == self.total:
                self.last_tenth = tenth
                self.last_line = now
                self._line(self.status(now))

    def status(self, now=None):
        """The plain line: done/total (share), rate, time left, the note."""
        now = self.clock() if now is None else now
        spent = max(1e-9, now - self.t0)
        rate = self.done / spent
        parts = ["%d/%s" % (self.done, self.total if self.total else "?")]
        if self.total:
            parts[0] += " (%d%%)" % (100 * self.done // self.total)
        if rate >= 1 or rate == 0:
            parts.append("%.1f %s/s" % (rate, self.unit))
        else:
            parts.append("%s per %s" % (duration(1 / rate), self.unit))
        if self.total and self.done < self.total and rate > 0:
            parts.append("%s left" % duration((self.total - self.done) / rate))
        else:
            parts.append("%s spent" % duration(spent))
        if self.note:
            parts.append(self.note)
        return "%s: %s" % (self.desc, ", ".join(parts))

    def write(self, line):
        """A line of output (stdout) that leaves the bar whole."""
        if self.bar is not None:
            self.bar.write(line, file=sys.stdout)
        else:
            print(line, flush=True)

    def _line(self, text):
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self):
        if self.bar is not None:
            self.bar.close()
            self.bar = None
