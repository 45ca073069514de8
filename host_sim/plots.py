"""The benchmark page's figures and its summary table, drawn from the saved
results: build/bench.json (`make bench`: the AI's strength, the desktop
micropython's heap) and build/bench-pico.json (`make bench-pico`: the Pico's
own times and free heap).  `make bench` and `make bench-pico` call this when
they are done; it redraws from the saved files alone, without measuring:

    python -m host_sim.plots [--bench build/bench.json] [--pico build/bench-pico.json]
        [--docs docs] [--page docs/benchmarks.md] [--no-page]

The figures (matplotlib with its Agg backend: files, no window; the desktop
only, never the device), each drawn when its results are there:

    docs/bench_latency.png   the AI's decision time on the Pico per game and
                             variant, normal and hard level, each display
    docs/bench_strength.png  share of duplicate matches won against the
                             heuristic and random play, of game points
                             against the outside peer, with 95% intervals
    docs/bench_heap.png      smallest heap the AI's matches complete in on the
                             desktop micropython; lowest free heap on the Pico
    docs/bench_display.png   key to last byte on the display bus, and a full
                             frame's show(), per display

The summary at the top of docs/benchmarks.md has a row per game, each cell
marked met or missed against its target.  The targets are the code's:
engine/ai.py LATENCY_MS and host_sim/targets.py (STRENGTH_TARGET,
MATCH_WINS_TARGET, PEER_TARGET, AI_HEAP_LIMIT, MIN_FREE, KEY_P95_MS,
SCREEN_MS)."""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_JSON = os.path.join(ROOT, "build", "bench.json")
PICO_JSON = os.path.join(ROOT, "build", "bench-pico.json")
DOCS = os.path.join(ROOT, "docs")
PAGE = os.path.join(DOCS, "benchmarks.md")
FILES = {"latency": "bench_latency.png", "strength": "bench_strength.png",
         "heap": "bench_heap.png", "display": "bench_display.png"}
ALT = {"latency": "AI decision time on the Pico per game, normal and hard level, against "
                  "the targets",
       "strength": "The AI's share against the heuristic, random play and RdeepBot, with 95% "
                   "intervals and the targets",
       "heap": "Smallest heap on the desktop micropython and lowest free heap on the Pico, "
               "per game",
       "display": "Key to last byte on the bus and full-frame show() per display"}
BEGIN = "<!-- summary: begin -->"
END = "<!-- summary: end -->"
BOARD_COLOURS = ("tab:blue", "tab:orange", "tab:green", "tab:purple", "tab:brown")
MET, MISSED, TARGET = "tab:blue", "tab:orange", "tab:red"



def _save(fig, path, title, rect):
    """The figure's title, its layout (rect: the room the legend leaves),
    and the PNG written."""
    fig.suptitle(title, fontsize=13)
    fig.tight_layout(rect=rect)
    fig.savefig(path, dpi=100)
    _pyplot().close(fig)

def targets():
    """Every target the figures and the summary mark, from the code."""
    from engine.ai import LATENCY_MS
    from host_sim import targets as t
    return {"latency": dict((lv, (p95, mx)) for lv, p95, mx in LATENCY_MS),
            "strength": dict(t.STRENGTH_TARGET), "match_wins": t.MATCH_WINS_TARGET,
            "peer": t.PEER_TARGET, "desktop_heap_kb": t.AI_HEAP_LIMIT,
            "pico_free": t.MIN_FREE,
            "keys": {"play": t.KEY_P95_MS, "screen": t.SCREEN_MS}}


def load(path):
    """A results file, or None when there is none."""
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def figures(bench, pico):
    """What the figures and the summary show, taken once from the results:
    both read this and nothing else."""
    from host_sim.targets import LABELS, BOARDS
    bench = bench or {}
    pico = pico or {}
    labels = [lab for lab, _, _ in LABELS]
    found = list(pico.get("games", {})) + [r["game"] for r in bench.get("strength") or []] \
        + [r["game"] for r in bench.get("lats") or []]
    labels = [lab for lab in labels if lab in found] + sorted(set(found) - set(labels))
    out = {"labels": labels, "latency": {}, "worst": {}, "strength": {}, "peer": {},
           "desktop_heap": {}, "pico_free": {}, "display": {}}
    for lab, levels in pico.get("games", {}).items():
        for level, g in levels.items():
            out["worst"].setdefault(lab, {})[level] = (g.get("p95_ms"), g.get("max_ms"))
            for board, r in g.get("by_profile", {}).items():
                if r.get("decisions"):
                    out["latency"].setdefault(level, {}).setdefault(lab, {})[board] = {
                        "p50": r["p50_ms"], "p95": r["p95_ms"], "max": r["max_ms"], "ms": [],
                        "n": r["decisions"]}
    for r in pico.get("runs", []):
        if "error" in r:
            continue
        cell = out["latency"].get(r["level"], {}).get(r["label"], {}).get(r["board"])
        if cell is not None and r.get("decision_ms"):
            cell["ms"] += r["decision_ms"]
        if r.get("min_free_heap") is not None:
            free = out["pico_free"].setdefault(r["label"], {})
            free[r["board"]] = min(free.get(r["board"], r["min_free_heap"]), r["min_free_heap"])
    for r in bench.get("strength") or []:
        kind = "random" if r["b"] == "random" else "heuristic" if r["b"] == "heuristic" else None
        if kind and r.get("a", "ai") == "ai":
            out["strength"].setdefault(r["game"], {})[kind] = dict(
                (k, r.get(k)) for k in ("share", "lo", "hi", "matches", "measure"))
    peer = bench.get("peer")
    if peer:
        out["peer"]["schnapsen"] = {"share": peer["share"], "lo": peer.get("share_lo"),
                                    "hi": peer.get("share_hi"), "games": peer["games"],
                                    "samples": peer["samples"], "depth": peer["depth"]}
    for r in bench.get("lats") or []:
        out["desktop_heap"][r["game"]] = r.get("heap")
    for board in BOARDS:
        p = pico.get("profiles", {}).get(board)
        if p:
            out["display"][board] = {"show_ms": p.get("show_ms"), "kinds": dict(
                (k, (v["p50_ms"], v["p95_ms"], v["max_ms"], v["keys"]))
                for k, v in p.get("key_kinds", {}).items())}
    out["boards"] = [b for b in BOARDS if any(b in x for lv in out["latency"].values()
                                              for x in lv.values()) or b in out["display"]]
    return out


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _glyph(ax, y, p50, p95, mx, colour, h=0.22):
    """A decision's or key's spread: a box from the median to the 95th
    percentile, a whisker to the longest."""
    ax.barh(y, p95 - p50, left=p50, height=h, color=colour, alpha=0.55, edgecolor=colour)
    ax.plot([p50, p50], [y - h / 2, y + h / 2], color="black", lw=1.2)
    ax.plot([p95, mx], [y, y], color=colour, lw=1.2)
    ax.plot([mx, mx], [y - h / 3, y + h / 3], color=colour, lw=1.2)


def _rows(ax, labels):
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.grid(axis="x", alpha=0.3)


def _glyph_legend(boards):
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    return ([Patch(color=BOARD_COLOURS[i], alpha=0.55, label=b) for i, b in enumerate(boards)]
            + [Line2D([], [], color="black", lw=1.2, label="median (|), box to the 95th "
                      "percentile, whisker to the longest")])


def plot_latency(fig_data, path, tg):
    """The AI's decisions on the Pico per game and board, normal and hard."""
    plt = _pyplot()
    from matplotlib.lines import Line2D
    levels = [lv for lv in ("normal", "hard") if fig_data["latency"].get(lv)]
    labels, boards = fig_data["labels"], fig_data["boards"]
    fig, axes = plt.subplots(1, len(levels), figsize=(6.2 * len(levels), 7.2), sharey=True,
                             squeeze=False)
    drawn = {}
    for ax, level in zip(axes[0], levels):
        cells = fig_data["latency"][level]
        for i, lab in enumerate(labels):
            here = [b for b in boards if b in cells.get(lab, {})]
            for j, b in enumerate(here):
                c = cells[lab][b]
                y = i + (j - (len(here) - 1) / 2.0) * 0.26
                _glyph(ax, y, c["p50"], c["p95"], c["max"], BOARD_COLOURS[boards.index(b)])
                if c["ms"]:
                    ax.plot(c["ms"], [y] * len(c["ms"]), "|", color="black", ms=4, alpha=0.4)
                drawn[(level, lab, b)] = (c["p50"], c["p95"], c["max"])
        p95, mx = tg["latency"][level]
        ax.axvline(p95, color=TARGET, ls="--", lw=1.3)
        ax.axvline(mx, color=TARGET, lw=1.3)
        _rows(ax, labels)
        ax.set_xlim(0, max([mx * 1.08] + [v[2] * 1.04 for (lv, _, _), v in drawn.items()
                                          if lv == level]))
        ax.set_title("%s level: targets p95 \u2264 %d ms, longest \u2264 %d ms" % (level, p95, mx))
        ns = sorted(set(c["n"] for x in cells.values() for c in x.values()))
        ax.set_xlabel("decision time on the Pico (ms of the device's clock)\n%s decisions per "
                      "game and display" % "-".join(str(n) for n in sorted(set((ns[0], ns[-1])))))
    axes[0][0].set_ylabel("game and variant")
    handles = _glyph_legend(boards) + [
        Line2D([], [], color=TARGET, ls="--", label="target: 95th percentile"),
        Line2D([], [], color=TARGET, label="target: longest decision")]
    if any(c["ms"] for lv in fig_data["latency"].values() for x in lv.values()
           for c in x.values()):
        handles.append(Line2D([], [], color="black", marker="|", ls="", alpha=0.4,
                              label="each decision"))
    fig.legend(handles=handles, loc="lower center", ncol=3, frameon=False, fontsize=9)
    _save(fig, path, "How long the computer thinks on the Pico (emulated RP2040, the app itself)",
          (0, 0.08, 1, 0.97))
    return drawn


def _share_bars(ax, fig_data, kind, target, tg):
    """One panel of the strength figure: a bar per game with its interval."""
    drawn = {}
    for i, lab in enumerate(fig_data["labels"]):
        r = (fig_data["peer"] if kind == "peer" else fig_data["strength"].get(lab, {})).get(
            lab if kind == "peer" else kind)
        if not r:
            if kind != "peer":  # the peer plays Schnapsen alone
                ax.text(1, i, "not measured", va="center", fontsize=8, color="grey")
            continue
        wins = r.get("measure") == "match wins"
        t = tg["match_wins"] if wins else target
        ok = r["share"] >= t
        err = None
        if r.get("lo") is not None:
            err = [[100 * (r["share"] - r["lo"])], [100 * (r["hi"] - r["share"])]]
        ax.barh(i, 100 * r["share"], height=0.6, color=MET if ok else MISSED,
                hatch="//" if wins else None, edgecolor="white", xerr=err,
                error_kw={"ecolor": "black", "capsize": 3, "lw": 1})
        ax.text(2, i, "%.1f%%" % (100 * r["share"]), va="center", color="white", fontsize=8,
                bbox={"facecolor": MET if ok else MISSED, "edgecolor": "none", "pad": 1})
        if wins:
            ax.plot([100 * t] * 2, [i - 0.4, i + 0.4], color=TARGET, lw=2, ls=":")
        drawn[(kind, lab)] = (r["share"], r.get("lo"), r.get("hi"))
    ax.axvline(100 * target, color=TARGET, lw=1.3, ls="--")
    _rows(ax, fig_data["labels"])
    ax.set_xlim(0, 100)
    ax.set_xlabel("%s (%%)" % ("share of the game points" if kind == "peer"
                              else "share of duplicate matches"))
    return drawn


def plot_strength(fig_data, path, tg):
    """The AI's strength per game against the heuristic, random play and
    the outside peer, with 95% intervals and the targets."""
    plt = _pyplot()
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    peer = fig_data["peer"].get("schnapsen")
    panels = [("heuristic", tg["strength"]["heuristic"], "against the heuristic (ai-easy)"),
              ("random", tg["strength"]["random"], "against random-legal play")]
    if peer:
        panels.append(("peer", tg["peer"], "against RdeepBot(%d, %d), Schnapsen" % (
            peer["samples"], peer["depth"])))
    fig, axes = plt.subplots(1, len(panels), figsize=(4.6 * len(panels), 6.6), sharey=True)
    drawn = {}
    for ax, (kind, target, title) in zip(axes, panels):
        drawn.update(_share_bars(ax, fig_data, kind, target, tg))
        ax.set_title("%s\ntarget %.0f%%" % (title, 100 * target), fontsize=10)
    axes[0].set_ylabel("game and variant")
    handles = [Patch(color=MET, label="target met"), Patch(color=MISSED, label="target missed"),
               Line2D([], [], color="black", marker="|", ls="", ms=8,
                      label="95% interval"),
               Line2D([], [], color=TARGET, ls="--", label="target"),
               Patch(facecolor="grey", hatch="//", edgecolor="white",
                     label="three sides: the AI's match wins against two random players"),
               Line2D([], [], color=TARGET, ls=":", lw=2,
                      label="target for match wins: %.0f%%" % (100 * tg["match_wins"]))]
    fig.legend(handles=handles, loc="lower center", ncol=3, frameon=False, fontsize=9)
    _save(fig, path, "How strong the computer plays (normal level, desktop)", (0, 0.1, 1, 0.96))
    return drawn


def plot_heap(fig_data, path, tg):
    """The desktop's smallest heap for the AI's matches; the Pico's lowest
    free heap per board."""
    plt = _pyplot()
    labels, boards = fig_data["labels"], fig_data["boards"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 7), sharey=True)
    drawn = {}
    limit = tg["desktop_heap_kb"]
    for i, lab in enumerate(labels):
        kb = fig_data["desktop_heap"].get(lab, "none")
        if kb == "none":
            left.text(2, i, "not measured", va="center", fontsize=8, color="grey")
            continue
        shown = kb if kb else limit
        left.barh(i, shown, height=0.6, color=MET if kb else MISSED,
                  hatch=None if kb else "//")
        left.text(shown + 1, i, "%d KB" % kb if kb else "over %d KB" % limit, va="center",
                  fontsize=8, bbox={"facecolor": "white", "edgecolor": "none", "pad": 1})
        drawn[("desktop", lab)] = kb
    left.axvline(limit, color=TARGET, ls="--", label="limit: %d KB (DESIGN.md)" % limit)
    left.set_title("desktop micropython (64-bit): the smallest heap the\nAI's full matches "
                   "complete in (lower is better)", fontsize=10)
    left.set_xlabel("heap (KB, bisected in 2 KB steps)")
    left.set_xlim(0, limit * 1.25)
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), frameon=False, fontsize=8)
    free_kb = tg["pico_free"] / 1024.0
    for i, lab in enumerate(labels):
        here = [b for b in boards if b in fig_data["pico_free"].get(lab, {})]
        if not here:
            right.text(2, i, "not measured", va="center", fontsize=8, color="grey")
        for j, b in enumerate(here):
            v = fig_data["pico_free"][lab][b] / 1024.0
            right.barh(i + (j - (len(here) - 1) / 2.0) * 0.26, v, height=0.24,
                       color=BOARD_COLOURS[boards.index(b)], label=b if i == 0 else None)
            drawn[("pico", lab, b)] = fig_data["pico_free"][lab][b]
    right.axvline(free_kb, color=TARGET, ls="--", label="target: at least %.0f KB free" % free_kb)
    right.set_title("the Pico (the app itself): lowest free heap before\na computer decision, "
                    "per display (higher is better)", fontsize=10)
    right.set_xlabel("free heap (KB, gc.mem_free() after a collection)")
    top = max([v for x in fig_data["pico_free"].values() for v in x.values()] or [0]) / 1024.0
    right.set_xlim(0, max(top, free_kb) * 1.1)
    right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2, frameon=False,
                 fontsize=8)
    for ax in (left, right):
        _rows(ax, labels)
    left.set_ylabel("game and variant")
    _save(fig, path, "Memory per game", (0, 0, 1, 0.96))
    return drawn


def plot_display(fig_data, path, tg):
    """Key to last byte on the bus per display and kind of key; a full
    frame's show()."""
    plt = _pyplot()
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FixedLocator, NullFormatter, ScalarFormatter
    boards = [b for b in fig_data["boards"] if b in fig_data["display"]]
    kinds = ("play", "menu", "screen")
    names = {"play": "a key in play", "menu": "a key in a menu", "screen": "a new screen"}
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.4),
                                      gridspec_kw={"width_ratios": [2.4, 1]})
    drawn = {}
    rows = []
    for kind in kinds:
        for b in boards:
            cell = fig_data["display"][b]["kinds"].get(kind)
            if cell:
                y = len(rows)
                rows.append("%s, %s (%d)" % (names[kind], b, cell[3]))
                _glyph(left, y, cell[0], cell[1], cell[2], BOARD_COLOURS[fig_data["boards"]
                                                                          .index(b)], h=0.5)
                drawn[("key", kind, b)] = cell[:3]
                t = tg["keys"].get(kind)
                if t:
                    left.plot([t, t], [y - 0.45, y + 0.45], color=TARGET, lw=2)
    _rows(left, rows)
    left.set_xscale("log")
    left.set_xlim(15, 2500)
    left.xaxis.set_major_locator(FixedLocator([10, 20, 50, 100, 200, 500, 1000, 2000]))
    left.xaxis.set_major_formatter(ScalarFormatter())
    left.xaxis.set_minor_formatter(NullFormatter())
    left.set_xlabel("key press to the last byte of its screen on the display bus "
                    "(ms of the device's clock, log scale)")
    left.set_title("every key of the run (number of keys in brackets)", fontsize=10)
    left.legend(handles=_glyph_legend(boards) + [Line2D(
        [], [], color=TARGET, lw=2, label="target for the 95th percentile: in play %d ms, "
        "a new screen %d ms" % (tg["keys"]["play"], tg["keys"]["screen"]))],
        loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False, fontsize=8)
    shows = [(b, fig_data["display"][b]["show_ms"]) for b in boards
             if fig_data["display"][b]["show_ms"]]
    for i, (b, ms) in enumerate(shows):
        right.barh(i, ms, height=0.6, color=BOARD_COLOURS[fig_data["boards"].index(b)])
        right.text(ms + 0.5, i, "%.1f ms" % ms, va="center", fontsize=8)
        drawn[("show", b)] = ms
    right.axvline(tg["keys"]["play"], color=TARGET, ls="--",
                  label="a key in play's whole budget: %d ms" % tg["keys"]["play"])
    _rows(right, [b for b, _ in shows])
    right.set_xlim(0, tg["keys"]["play"] * 1.15)
    right.set_xlabel("full-frame show() (ms, device clock)")
    right.set_title("a whole frame sent to the display", fontsize=10)
    right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), frameon=False, fontsize=8)
    _save(fig, path, "How fast the screen answers on the Pico, per display", (0, 0, 1, 0.95))
    return drawn


def draw(fig_data, docs, tg=None):
    """Every figure the results allow, into the folder `docs`: {name: what
    it drew}."""
    tg = tg or targets()
    os.makedirs(docs, exist_ok=True)
    made = {}
    if fig_data["latency"]:
        made["latency"] = plot_latency(fig_data, os.path.join(docs, FILES["latency"]), tg)
    if fig_data["strength"] or fig_data["peer"]:
        made["strength"] = plot_strength(fig_data, os.path.join(docs, FILES["strength"]), tg)
    if fig_data["desktop_heap"] or fig_data["pico_free"]:
        made["heap"] = plot_heap(fig_data, os.path.join(docs, FILES["heap"]), tg)
    if fig_data["display"]:
        made["display"] = plot_display(fig_data, os.path.join(docs, FILES["display"]), tg)
    return made


def summary_rows(fig_data, tg):
    """A row per game: its figures against each target, from figures()."""
    rows = []
    for lab in fig_data["labels"]:
        row = {"game": lab}
        worst = fig_data["worst"].get(lab, {}).get("normal")
        if worst and worst[0] is not None:
            p95, mx = tg["latency"]["normal"]
            row["latency"] = (worst[0], worst[1], worst[0] <= p95 and worst[1] <= mx)
        for kind in ("heuristic", "random"):
            r = fig_data["strength"].get(lab, {}).get(kind)
            if r:
                wins = r.get("measure") == "match wins"
                t = tg["match_wins"] if wins else tg["strength"][kind]
                row[kind] = (r["share"], r.get("lo"), r.get("hi"), wins, r["share"] >= t)
        r = fig_data["peer"].get(lab)
        if r:
            row["peer"] = (r["share"], r.get("lo"), r.get("hi"), False, r["share"] >= tg["peer"])
        if lab in fig_data["desktop_heap"]:
            kb = fig_data["desktop_heap"][lab]
            row["desktop_heap"] = (kb, bool(kb) and kb <= tg["desktop_heap_kb"])
        free = fig_data["pico_free"].get(lab)
        if free:
            low = min(free.values())
            row["pico_free"] = (low, low >= tg["pico_free"])
        rows.append(row)
    return rows


def _cell(row, key, tg):
    from host_sim.targets import mark
    v = row.get(key)
    if v is None:
        return "-"
    if key == "latency":
        return "%.0f / %.0f ms %s" % (v[0], v[1], mark(v[2]))
    if key == "desktop_heap":
        return "%s %s" % ("%d KB" % v[0] if v[0] else "over %d KB" % tg["desktop_heap_kb"],
                          mark(v[1]))
    if key == "pico_free":
        return "%.1f KB %s" % (v[0] / 1024.0, mark(v[1]))
    share, lo, hi, wins, ok = v
    return "%.1f%%%s%s %s" % (100 * share, " (%.1f-%.1f)" % (100 * lo, 100 * hi)
                              if lo is not None else "", " wins" if wins else "", mark(ok))


def _measured(res, where, how):
    if not res:
        return "%s: not measured yet (%s)" % (where, how)
    return "%s %s at commit %s (%s%s)" % (
        where, res.get("date", "?"), res.get("commit", "?"), how,
        "; %s" % res["source"] if res.get("source") else "")


def summary_markdown(rows, bench, pico, tg, shown=()):
    """The summary block of the page: the table, its targets, the figures."""
    lat, heap = tg["latency"]["normal"], tg["desktop_heap_kb"]
    lines = [
        "## Summary", "",
        "Every game and variant against its targets; each cell is marked met or missed. "
        "Measured: %s; %s. The figures below are drawn from the same two files "
        "(`python -m host_sim.plots` redraws them and this table)." % (
            _measured(pico, "on the Pico (emulated, in its own clock)",
                      "`make bench-pico`, build/bench-pico.json"),
            _measured(bench, "on the desktop (strength, heap)",
                      "`make bench`, build/bench.json")), "",
        "| game | Pico decision p95 / longest, normal level | against the heuristic "
        "| against random play | against RdeepBot | desktop heap, AI matches "
        "| Pico lowest free heap |",
        "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %s | %s |" % (r["game"], " | ".join(
            _cell(r, k, tg) for k in ("latency", "heuristic", "random", "peer", "desktop_heap",
                                      "pico_free"))))
    lines += [
        "",
        "Targets, as the code has them: on the Pico, the normal level's decisions p95 <= %d ms "
        "and none over %d ms, the worse display's figure (engine/ai.py `LATENCY_MS`); the "
        "share of duplicate matches the AI does better in, >= %.0f%% against the heuristic and "
        ">= %.0f%% against random play, and with three sides (marked \"wins\") >= %.0f%% of "
        "its matches won against two random players; >= %.0f%% of the game points against "
        "RdeepBot (host_sim/targets.py `STRENGTH_TARGET`, `MATCH_WINS_TARGET`, `PEER_TARGET`); "
        "the AI's full matches complete within %d KB on the desktop micropython "
        "(`AI_HEAP_LIMIT`), and at least %.0f KB stays free on the Pico, the lowest over its "
        "displays and levels (host_sim/targets.py `MIN_FREE`). A share counts as met when "
        "it reaches the target; its 95%% interval is in brackets." % (
            lat[0], lat[1], 100 * tg["strength"]["heuristic"], 100 * tg["strength"]["random"],
            100 * tg["match_wins"], 100 * tg["peer"], heap, tg["pico_free"] / 1024.0), ""]
    for name in shown:
        lines += ["![%s](%s)" % (ALT[name], FILES[name]), ""]
    return "\n".join(lines)


def write_summary(text, page):
    """Put the summary block right under the page's title, in place of the
    one there."""
    with open(page) as f:
        old = f.read()
    block = BEGIN + "\n" + text.rstrip("\n") + "\n" + END
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END):]
    else:
        head, _, rest = old.partition("\n")
        if not head.startswith("# "):
            head, rest = "", old
        new = (head + "\n\n" if head else "") + block + "\n\n" + rest.lstrip("\n")
    with open(page, "w") as f:
        f.write(new)


def redraw(bench=None, pico=None, docs=DOCS, page=PAGE):
    """The figures and (unless `page` is None) the page's summary from the
    results; returns (what each figure drew, the summary's rows)."""
    data = figures(bench, pico)
    tg = targets()
    made = draw(data, docs, tg)
    rows = summary_rows(data, tg)
    if page:
        shown = [name for name in FILES if os.path.exists(os.path.join(docs, FILES[name]))]
        write_summary(summary_markdown(rows, bench, pico, tg, shown), page)
    return made, rows


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.plots",
                                 description="Redraw the benchmark figures (docs/bench_*.png) "
                                 "and the summary at the top of docs/benchmarks.md from the "
                                 "saved results, without measuring anything.")
    ap.add_argument("--bench", default=BENCH_JSON,
                    help="make bench's results (default build/bench.json)")
    ap.add_argument("--pico", default=PICO_JSON,
                    help="make bench-pico's results (default build/bench-pico.json)")
    ap.add_argument("--docs", default=DOCS, help="where the figures go (default docs)")
    ap.add_argument("--page", default=PAGE,
                    help="the page whose summary is rewritten (default docs/benchmarks.md)")
    ap.add_argument("--no-page", action="store_true", help="only the figures")
    a = ap.parse_args(argv)
    bench, pico = load(a.bench), load(a.pico)
    for path, got in ((a.bench, bench), (a.pico, pico)):
        print("%s: %s" % (os.path.relpath(path), "read" if got else "missing, its figures kept"))
    if bench is None and pico is None:
        return 1
    made, rows = redraw(bench, pico, a.docs, None if a.no_page else a.page)
    for name in made:
        print("drew %s" % os.path.relpath(os.path.join(a.docs, FILES[name])))
    if not a.no_page:
        print("wrote the summary of %s (%d games)" % (os.path.relpath(a.page), len(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
