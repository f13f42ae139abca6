"""How the engine's modules import each other (issue 30): no circle.

Each module of game/ is read as source (nothing is imported): the imports
that run when it is loaded, at its top level, must form no circle among
the engine's modules, and no module imports another from inside a function
to get round one. Imports under ``if TYPE_CHECKING:`` are for type hints
only and never run; they are left out.
"""

import ast
import os

GAME = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "game")


def module_name(path):
    rel = os.path.relpath(path, os.path.dirname(GAME))[: -len(".py")].replace(os.sep, ".")
    return rel.removesuffix(".__init__")


def modules():
    for folder, _, files in os.walk(GAME):
        for f in files:
            if f.endswith(".py"):
                yield module_name(os.path.join(folder, f)), os.path.join(folder, f)


def resolve(name, node):
    """The game modules a ``from ... import`` or ``import`` node names."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith("game")]
    package = name if name in PACKAGES else name.rsplit(".", 1)[0]
    if node.level:
        base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
        target = f"{base}.{node.module}" if node.module else base
    else:
        target = node.module or ""
    if not target.startswith("game"):
        return []
    out = [target]
    out += [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in NAMES]
    return [t for t in out if t in NAMES]


NAMES = dict(modules())
PACKAGES = {n for n, p in NAMES.items() if p.endswith("__init__.py")}


def imports(name):
    """(imports run at load time, imports inside functions) of a module."""
    with open(NAMES[name], encoding="utf-8") as f:
        tree = ast.parse(f.read())
    top, inner = set(), set()

    def visit(node, in_function, type_only):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # hints only: never run
            if isinstance(child, (ast.Import, ast.ImportFrom)) and not type_only:
                (inner if in_function else top).update(resolve(name, child))
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)), type_only)

    visit(tree, False, False)
    top.discard(name)
    return top, inner


def test_the_engine_imports_form_no_circle():
    graph = {name: imports(name)[0] for name in NAMES}
    assert graph["game.state"] >= {"game.explain", "game.view"}, "Match.view() returns a SeatView"
    assert not graph["game.view"] & {"game.state", "game.explain"}
    assert not graph["game.explain"] & {"game.state", "game.view"}
    done, path = set(), []

    def walk(name):
        if name in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(name):] + [name]))
        if name in done:
            return
        path.append(name)
        for other in sorted(graph[name]):
            if not (name in PACKAGES and other.startswith(name + ".")):  # a package's own modules
                walk(other)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        walk(name)
    assert len(done) == len(NAMES) >= 20


def test_the_match_imports_nothing_inside_its_methods():
    top, inner = imports("game.state")
    assert inner == set(), inner
    for name in ("game.explain", "game.view", "game.claim", "game.claim_search"):
        assert imports(name)[1] == set(), name
