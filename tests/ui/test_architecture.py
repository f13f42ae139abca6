"""The rooms and arrows of docs/ARCHITECTURE.md, checked on the sources.

The rooms come from the page itself ("The rooms"): the bots' row names the
bots' folder and files, the DOM layer's row names its modules; every other
module of game/ is the engine's, every other module of ui/ the view model's.
Each import of each module (at its top, inside a function, or for the type
checker only) must follow the arrows, and the page must name every module
in its room's row, so a new module is placed before it can break an arrow
unseen. (Here rather than in tests/engine: it reads ui/ and docs/, which
the engine's run inside Pyodide does not copy.)
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ARCHITECTURE.md"
BROWSER = ("js", "pyodide", "pyscript")
STDLIB = sys.stdlib_module_names


def rooms_table() -> dict[str, str]:
    """The rows of the table under "## The rooms", by the room's name."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The rooms", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and cells[0] not in ("room", "") and not set(cells[0]) <= {"-"}:
            rows[cells[0]] = line
    return rows


ROWS = rooms_table()


def named(row: str) -> list[str]:
    return re.findall(r"`([^`]+)`", row)


def base(row: str) -> str:
    """The folder a row's bare file names are relative to: its first path."""
    first = named(row)[0]
    return first if first.endswith("/") else first.rsplit("/", 1)[0] + "/"


def modules(folder: str) -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def dotted(path: str) -> str:
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    path = ROOT / name.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(path: str) -> list[tuple[int, str]]:
    """Every module ``path`` imports, as (line, dotted name); ``from p import m``
    gives ``p`` and, when it is a module of ours, ``p.m``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), path)
    package = dotted(path) if path.endswith("__init__.py") else dotted(path).rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                origin = ".".join(parts + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            out.append((node.lineno, origin))
            out += [(node.lineno, f"{origin}.{a.name}") for a in node.names if is_module(f"{origin}.{a.name}")]
    return out


def bots_room(path: str) -> bool:
    where = [n for n in named(ROWS["bots"]) if n.startswith("game/")]
    return any(path == n or (n.endswith("/") and path.startswith(n)) for n in where)


DOM_LAYER = {n for n in named(ROWS["DOM layer"]) if n.startswith("ui/") and n.endswith(".py")}
ENGINE = [p for p in modules("game") if not bots_room(p)]
BOTS = [p for p in modules("game") if bots_room(p)]
VIEW_MODEL = [p for p in modules("ui") if p not in DOM_LAYER]
DOM = [p for p in modules("ui") if p in DOM_LAYER]
DOM_MODULES = {dotted(p) for p in DOM}
BOTS_MODULES = {dotted(p) for p in BOTS}


def top(name: str) -> str:
    return name.split(".", 1)[0]


def within(name: str, modules: set[str]) -> bool:
    return any(name == m or name.startswith(m + ".") for m in modules)


def wrong_imports(paths: list[str], allowed) -> list[str]:
    """Each import of ``paths`` that ``allowed(name)`` refuses, as "file:line imports name"."""
    return [f"{p}:{line} imports {name}" for p in paths for line, name in imports(p) if not allowed(name)]


def test_the_rooms_are_found():
    assert {"engine", "bots", "view model", "DOM layer"} <= set(ROWS), sorted(ROWS)
    assert "game/state.py" in ENGINE and "game/bots/search.py" in BOTS
    assert "ui/table_model.py" in VIEW_MODEL and "ui/main.py" in DOM
    unknown = DOM_LAYER - set(DOM)
    assert not unknown, f"the DOM layer's row names no such module: {sorted(unknown)}"


def test_the_engine_imports_the_standard_library_and_itself_only():
    def allowed(name: str) -> bool:
        if top(name) == "game":
            return not within(name, BOTS_MODULES)
        return top(name) in STDLIB

    wrong = wrong_imports(ENGINE, allowed)
    assert not wrong, (
        "the engine imports only the standard library and the engine (not the bots, ui or the browser):\n"
        + "\n".join(wrong)
    )


def test_the_bots_import_the_engine_and_never_the_table_or_the_browser():
    wrong = wrong_imports(BOTS, lambda name: top(name) == "game" or top(name) in STDLIB)
    assert not wrong, "the bots import only the standard library, the engine and themselves:\n" + "\n".join(wrong)


def test_the_view_model_never_imports_the_dom_layer_or_the_browser():
    def allowed(name: str) -> bool:
        if within(name, DOM_MODULES) or top(name) in BROWSER:
            return False
        # The bots come as functions handed in by ui/app.py; only their reasons' words are read.
        return not within(name, BOTS_MODULES) or within(name, {"game.bots.reasons"}) or name == "game.bots"

    wrong = wrong_imports(VIEW_MODEL, allowed)
    assert not wrong, (
        "the view model imports neither the DOM layer (docs/ARCHITECTURE.md's row) nor the browser, "
        "and of the bots only game.bots.reasons:\n" + "\n".join(wrong)
    )


def test_only_ui_main_imports_the_browser():
    others = [p for p in DOM if p != "ui/main.py"] + VIEW_MODEL + ENGINE + BOTS
    wrong = wrong_imports(others, lambda name: top(name) not in BROWSER)
    assert not wrong, "only ui/main.py imports js, pyodide or pyscript:\n" + "\n".join(wrong)


def _names(path: str, row: str) -> bool:
    row_base = base(row)
    for token in named(row):
        if token == path or ("/" not in token and row_base + token == path):
            return True
        if token.endswith("/") and token != row_base and path.startswith(token):
            return True  # a folder of its own, like the catalogues of ui/lang/
    return False


def _package_marker(path: str) -> bool:
    """An __init__.py that holds only its docstring."""
    if not path.endswith("__init__.py"):
        return False
    body = ast.parse((ROOT / path).read_text(encoding="utf-8")).body
    return len(body) <= 1 and all(isinstance(n, ast.Expr) for n in body)


def test_the_page_names_every_module_in_its_room():
    rooms = [("engine", ENGINE), ("bots", BOTS), ("view model", VIEW_MODEL), ("DOM layer", DOM)]
    missing = [
        f"{path} (room: {room})"
        for room, paths in rooms
        for path in paths
        if not _package_marker(path) and not _names(path, ROWS[room])
    ]
    assert not missing, "docs/ARCHITECTURE.md's table of rooms does not name:\n" + "\n".join(missing)
