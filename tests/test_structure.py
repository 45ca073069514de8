"""The house's shape: the import graph of engine/, hal/, firmware/ and
host_sim/ has no circle and no arrow against the layer order (host_sim ->
firmware -> engine, hal; hal never imports engine), a game's rules import nothing of the AI, and
no source file or function grows past what one reader takes in."""
import ast
import os

from engine import games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAYERS = ("engine", "hal", "firmware", "host_sim")
# What each layer may import of the project (besides itself).
MAY_IMPORT = {"engine": (), "hal": (), "firmware": ("engine", "hal"),
              "host_sim": ("engine", "hal", "firmware")}
# The AI side of the engine: a game's rules module imports none of these.
AI_MODULES = ("engine.ai", "engine.solver", "engine.heuristic", "engine.players",
              "engine.play_infer", "engine.jacknine_infer", "engine.tuning")
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80


def sources(folders=LAYERS):
    for top in folders:
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py") and f != "manifest.py":
                    path = os.path.relpath(os.path.join(d, f), ROOT)
                    yield path


def module_of(path):
    name = path[:-3].replace(os.sep, ".")
    return name[:-9] if name.endswith(".__init__") else name


def known_modules():
    return {module_of(p) for p in sources()}


def imports(path, known):
    """The project modules `path` imports, at the top or inside functions
    (`from engine.skat import rules` imports engine.skat.rules)."""
    tree = ast.parse(open(os.path.join(ROOT, path)).read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [node.module + "." + a.name for a in node.names]
        else:
            continue
        for n in names:
            if n in known:
                out.add(n)
    return out


def graph():
    known = known_modules()
    return {module_of(p): imports(p, known) - {module_of(p)} for p in sources()}


def circles(g):
    """Every strongly connected set of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_the_graph_is_read():
    g = graph()
    assert len(g) > 100
    assert "engine.game" in g["engine.skat.rules"]  # the walk sees `from engine.game import`
    assert "engine.skat.rules" in g["engine.skat.heuristic"]  # and `from engine.skat import rules`


def test_no_import_circle():
    assert circles(graph()) == []


def test_a_made_up_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_against_the_layer_order():
    wrong = []
    for mod, deps in sorted(graph().items()):
        layer = mod.split(".")[0]
        for d in deps:
            other = d.split(".")[0]
            if other != layer and other not in MAY_IMPORT[layer]:
                wrong.append("%s -> %s" % (mod, d))
    assert wrong == []


def test_rules_import_nothing_of_the_ai():
    imports_of = graph()
    for g, _, p in games.GAMES:
        rules = games.load(g).__name__
        package = "engine.%s." % p
        seen, todo = set(), [rules]
        while todo:  # what the rules load, and what that loads, within the engine
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(imports_of.get(m, ()))
        ai = sorted(m for m in seen if m in AI_MODULES
                    or m.startswith(package) and m.rsplit(".", 1)[1] in ("heuristic", "worlds", "infer"))
        assert ai == [], "%s loads %s" % (rules, ai)


def test_every_game_has_its_parts():
    for g in games.names():
        for part in ("heuristic", "worlds"):
            assert hasattr(games.part(g, part), "Player" if part == "heuristic"
                           else "determinize")


def test_no_long_file_or_function():
    long_files, long_functions = [], []
    for path in sources():
        text = open(os.path.join(ROOT, path)).read()
        n = text.count("\n")
        if n > MAX_FILE_LINES:
            long_files.append((path, n))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long_functions.append(("%s:%s" % (path, node.name), size))
    assert long_files == [] and long_functions == []
