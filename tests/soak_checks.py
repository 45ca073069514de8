"""Deals across every game and variant under MicroPython with a fixed heap:
no MemoryError, and the heap after a collection stays flat.  Run by
tests/test_persistence.py (a few deals) and `make soak` (2,000 deals):
main(DEALS) prints one JSON line per game and variant."""
import gc
import json

from engine import games
from engine.game import parse_options
from engine.match import Match
from engine.players import make_player

VARIANTS = (
    ("sixtysix", ()),
    ("sixtysix", ("variant=three",)),
    ("sixtysix", ("variant=swabian",)),
    ("sixtysix", ("claim_mode=manual", "closed_scoring=pagat")),
    ("schnapsen", ()),
    ("schnapsen", ("platform_compat=on",)),
    ("klaberjass", ()),
    ("deberts", ()),
    ("belote", ("announcements=on",)),
    ("hasenpfeffer", ()),
    ("skat", ()),
)


def soak(name, words, deals, seed):
    g = games.load(name)
    o = parse_options(g.SETTINGS, list(words))
    heap = []
    m = None
    players = None
    k = 0
    while k < deals:
        if m is None or m.over:
            m = Match(g, o, seed + k)
            players = [make_player("heuristic", g, seed + k + s) for s in range(m.nplayers)]
        st = m.new_deal()
        while not st.done:
            st.apply(players[st.to_move].choose(st.observation(st.to_move)))
        m.finish_deal(st)
        st = None
        k += 1
        gc.collect()
        heap.append(gc.mem_alloc())
    # Flat: after the first few deals (imports settle) the live heap at a
    # deal's end stays within a band; report its range.
    tail = heap[len(heap) // 4:]
    return {"game": name, "options": " ".join(words), "deals": deals,
            "first": heap[0], "min": min(tail), "max": max(tail), "last": heap[-1]}


def main(deals_total=2000, seed=1):
    names = games.names()
    todo = [v for v in VARIANTS if v[0] in names]
    per = max(4, deals_total // len(todo))
    for name, words in todo:
        print(json.dumps(soak(name, words, per, seed)))
        games.unload()  # as the device does between games
        gc.collect()
