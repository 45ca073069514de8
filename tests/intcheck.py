"""Run engine code with every arithmetic result checked against the 31-bit
small-int range of a 32-bit MicroPython port (-2**30 <= v < 2**30).

The engine's modules are loaded through an import hook that rewrites each
binary operation, augmented assignment and unary minus into a call of
`__intchk__`, which raises OverflowError on an int outside that range (the
Pico would silently allocate a long int for it).  Usage:
    python tests/intcheck.py GAME [GAME ...]    (plays random complete matches)
prints the number of checked results per game."""
import ast
import importlib.abc
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 1 << 30
COUNT = [0]


def __intchk__(v):
    if type(v) is int:
        COUNT[0] += 1
        if not -LIMIT <= v < LIMIT:
            raise OverflowError("int %d does not fit a MicroPython small int" % v)
    return v


class _Wrap(ast.NodeTransformer):
    def _call(self, node):
        return ast.copy_location(ast.Call(func=ast.Name("__intchk__", ast.Load()),
                                          args=[node], keywords=[]), node)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self._call(node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        return self._call(node) if isinstance(node.op, ast.USub) else node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        load = ast.parse(ast.unparse(node.target), mode="eval").body
        value = self._call(ast.BinOp(left=load, op=node.op, right=node.value))
        return ast.copy_location(ast.Assign(targets=[node.target], value=value), node)

    def visit_Constant(self, node):
        __intchk__(node.value)
        return node


class _Loader(importlib.abc.SourceLoader):
    def __init__(self, path):
        self.path = path

    def get_filename(self, fullname):
        return self.path

    def get_data(self, path):
        with open(path, "rb") as f:
            return f.read()

    def source_to_code(self, data, path, *, _optimize=-1):
        tree = ast.fix_missing_locations(_Wrap().visit(ast.parse(data, path)))
        return compile(tree, path, "exec")

    def exec_module(self, module):
        module.__dict__["__intchk__"] = __intchk__
        super().exec_module(module)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith("engine."):
            return None
        rel = fullname.replace(".", os.sep) + ".py"
        full = os.path.join(ROOT, rel)
        if not os.path.exists(full):
            return None
        return importlib.util.spec_from_file_location(fullname, full, loader=_Loader(full))


def install():
    sys.path.insert(0, ROOT)
    sys.meta_path.insert(0, _Finder())


def main(names):
    install()
    from engine import games
    from engine.game import Options
    from engine.selfplay import play_match
    for name in names:
        g = games.load(name)
        before = COUNT[0]
        for seed in range(1, 4):
            for kinds in (["random"], ["heuristic"]):
                play_match(g, Options(g.SETTINGS), seed, kinds)
        print("%s checked %d" % (name, COUNT[0] - before))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
