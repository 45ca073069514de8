"""The device's modules import one another in one direction only: no module
imports one that imports it back, at the top or inside a function (the
menus reach the table through app.play, the table and summaries go back
through app.home, the table's parts get what they need from the table)."""
import ast
import os

from host_sim.mprun import ROOT


def _modules():
    out = {}
    base = os.path.join(ROOT, "firmware")
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(".py") and f != "manifest.py":
                rel = os.path.relpath(os.path.join(d, f), ROOT)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-9]
                out[rel] = os.path.join(d, f)
    return out


def _imports(path, known):
    tree = ast.parse(open(path).read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in known and a.name != "firmware":
                    found.add(a.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module in known and node.module != "firmware":
                found.add(node.module)
            for a in node.names:
                sub = node.module + "." + a.name
                if sub in known:
                    found.add(sub)
    return found


def test_no_firmware_module_imports_one_that_imports_it_back():
    mods = _modules()
    graph = {m: _imports(p, mods) - {m} for m, p in mods.items()}
    # every package's module also depends on its package (__init__)
    state = {}
    path = []

    def visit(m):
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                raise AssertionError("import circle: " + " -> ".join(path[path.index(n):] + [n]))
            if not state.get(n):
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if not state.get(m):
            visit(m)
    assert "firmware.table" in graph and "firmware.menu" in graph
    assert "firmware.menu" not in graph["firmware.summary"]
