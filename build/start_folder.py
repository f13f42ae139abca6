"""The start folder, runtime/start-<hash>/: what a start fetches beside Pyodide.

The loader (build/pyodide-loader.mjs, with its parts build/snapshot-pages.mjs
and build/stdlib-later.mjs written into it and this build's file records
filled in), the start zip that
build/precompile.mjs makes (the standard library a start imports and the
game, as .pyc, in English), and one zip per other language. build/build.py
calls write_start; the rest is what it needs. Apart from build.py because
it is the part that follows the game's imports and Pyodide's start, and
changes with them.
"""

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from runtime import die, package_version, publish, sha256

ROOT = Path(__file__).resolve().parent.parent
LOADER_TEMPLATE = ROOT / "build" / "pyodide-loader.mjs"
# The loader's modules, written into it where it imports them (inline_parts).
LOADER_PARTS = [ROOT / "build" / "snapshot-pages.mjs", ROOT / "build" / "stdlib-later.mjs"]
PRECOMPILE = ROOT / "build" / "precompile.mjs"
SLIM = ROOT / "build" / "slim.mjs"
START_CODE = ROOT / "build" / "start_code.py"  # precompile.mjs puts it in the zip
PRECOMPILE_CACHE = ROOT / ".cache" / "precompiled"
# In runtime/start-<hash>/: the module pyscript.toml's interpreter names, and
# the precompiled standard library it loads.
LOADER = "loader.mjs"
PRECOMPILED_ZIP = "python_stdlib_pyc.zip"
# The game's own modules, fetched once Pyodide's wasm is in (see split_start).
GAME_ZIP = "game.zip"


def precompiled_stdlib(pyodide_src: Path, pyscript_core: Path, src: Path, speed: bool = True) -> bytes:
    """The zip of build/precompile.mjs for these sources, from the cache if made before.

    Its inputs: the stock zip and the runtime (Pyodide's version), the
    script, its edits (build/runtime/python-edits/) and the module it adds (build/start_code.py), PyScript's core
    chunk (its Python package is compiled too), the game's modules (what
    they import decides what is compiled), and whether the script makes its
    speed edits of Pyodide's Python.
    """
    key = hashlib.sha256()
    key.update(package_version(pyodide_src).encode() + (b"\0" if speed else b"\0lean\0"))
    runtime = [pyodide_src / "python_stdlib.zip", pyodide_src / "pyodide.asm.wasm"]
    edits = sorted((ROOT / "build" / "runtime" / "python-edits").rglob("*.diff"))  # its edits of Pyodide's Python
    for path in [*runtime, PRECOMPILE, START_CODE, pyscript_core, *edits]:
        key.update(sha256(path.read_bytes()).encode())
    for package in ("game", "ui"):
        for path in sorted((src / package).rglob("*.py")) if (src / package).is_dir() else []:
            if "__pycache__" not in path.parts:
                key.update(path.relative_to(src).as_posix().encode() + b"\0" + sha256(path.read_bytes()).encode())
    cached = PRECOMPILE_CACHE / f"{key.hexdigest()[:24]}.zip"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        die("Node.js is needed to precompile the standard library (or build with --no-precompile)")
    PRECOMPILE_CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    command = [node, str(PRECOMPILE), str(partial), str(src), str(pyscript_core)]
    if not speed:
        command.append("--no-speed-edits")
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0 or not partial.is_file():
        die(f"build/precompile.mjs failed:\n{result.stderr.strip()}")
    partial.replace(cached)
    for old in sorted(PRECOMPILE_CACHE.glob("*.zip"), key=lambda p: p.stat().st_mtime)[:-6]:
        old.unlink(missing_ok=True)  # keep the last few builds' zips
    return cached.read_bytes()


def split_start(data: bytes, default: str = "en") -> tuple[bytes, bytes, dict[str, bytes]]:
    """The zip of build/precompile.mjs in the three parts a page fetches: the
    standard library with PyScript's package, the game's modules in the
    ``default`` language (with the bytecode of its data classes' methods,
    build/start_code.py), and each other language's catalogue by its code.

    Python starts with the first alone; the game is imported only after
    PyScript has booted, so the loader asks for the game's zip once
    Pyodide's wasm has arrived (build/pyodide-loader.mjs): its 0.2 MB travel
    while Python starts instead of holding up the wasm on the same link.
    PyScript's package stays in the first: its bootstrap needs it as soon
    as Python is up. A start needs only the player's language: the loader
    fetches that one beside the start zip, and the rest after the table is
    ready. A language is two modules (ui/lang/es.py and the words of game/,
    es_game.py), shipped as one file so that it costs one request. Every
    zip is stored, not deflated, so that HTTP compression works across it,
    and deterministic: entries are copied in their order, with their dates.
    """
    source, kept, game = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO(), io.BytesIO()
    entries: dict[str, list[tuple[zipfile.ZipInfo, bytes]]] = {}
    with zipfile.ZipFile(kept, "w") as rest, zipfile.ZipFile(game, "w") as modules:
        for info in source.infolist():
            match = re.fullmatch(r"baza-home/ui/lang/([a-z]{2})(?:_game)?\.pyc", info.filename)
            if match and match.group(1) != default:
                entries.setdefault(match.group(1), []).append((info, source.read(info)))
            elif info.filename.startswith(("baza-home/game/", "baza-home/ui/", "baza-home/_baza_start_code")):
                modules.writestr(info, source.read(info))
            else:
                rest.writestr(info, source.read(info))
    languages = {}
    for code, files in entries.items():
        bundle = io.BytesIO()
        with zipfile.ZipFile(bundle, "w", zipfile.ZIP_STORED) as archive:
            for info, pyc in files:
                stored = zipfile.ZipInfo(info.filename, info.date_time)
                archive.writestr(stored, pyc)
        languages[code] = bundle.getvalue()
    return kept.getvalue(), game.getvalue(), languages


def file_record(url: str, data: bytes) -> dict:
    """What the loader checks of a file it fetches: its URL, size and SHA-256."""
    return {"url": url, "bytes": len(data), "sha256": sha256(data)}


def write_start(
    out: Path,
    pyodide_dir: str,
    pyodide_src: Path,
    pyscript_core: Path,
    src: Path,
    game: dict[str, str],
    precompile: bool,
    speed: bool = True,
    copies: str = "",
) -> str:
    """runtime/start-<hash>/: loader.mjs, the start zip and the languages; return that path.

    A folder of its own, beside Pyodide's: the zip follows the game's
    imports, and a change to it must not rename the Pyodide folder (a new
    name means downloading the 14 MB runtime again). Its name carries the
    hash of its content, as the runtime folders do (PyScript takes an
    interpreter URL only if it ends in .mjs, so no ?v= here).

    The zip (build/precompile.mjs) is the standard library Pyodide starts
    with and PyScript's package; game.zip the game's .pyc in English;
    lang-XX.zip each other language's catalogue (split_start). game maps
    each of the game's module paths to its versioned URL: the loader
    fetches them one by one when the zip cannot be used.
    """
    staging = out / "runtime" / ".start"
    staging.mkdir(parents=True)
    names, precompiled, game_zip, languages = [LOADER], None, None, {}
    if precompile:
        data, modules, catalogues = split_start(precompiled_stdlib(pyodide_src, pyscript_core, src, speed))
        (staging / PRECOMPILED_ZIP).write_bytes(data)
        (staging / GAME_ZIP).write_bytes(modules)
        names += [PRECOMPILED_ZIP, GAME_ZIP]
        precompiled = file_record(f"./{PRECOMPILED_ZIP}", data)
        game_zip = file_record(f"./{GAME_ZIP}", modules)
        for code, bundle in sorted(catalogues.items()):
            (staging / f"lang-{code}.zip").write_bytes(bundle)
            names.append(f"lang-{code}.zip")
            languages[code] = file_record(f"./lang-{code}.zip", bundle)
    stdlib = (out / pyodide_dir / "python_stdlib.zip").read_bytes()
    full = f"../{pyodide_dir.removeprefix('runtime/')}/python_stdlib.zip"
    later: dict[str, object] = {
        "languages": languages,
        "stdlib": file_record(full, stdlib),
        "modules": module_names(stdlib),
    }
    cold = out / pyodide_dir / "pyodide.cold.wasm"  # the wasm's rest (build/runtime/wasm_split.py), when split
    later["cold"] = cold.stat().st_size if cold.is_file() else None  # the loader's "finishing the download, 73 %"
    # The loader sits two folders down (runtime/start-<hash>/).
    files = [[path, f"../../{url}"] for path, url in game.items()]
    text = inline_parts(LOADER_TEMPLATE.read_text(encoding="utf-8"))
    placeholders = {
        "const PRECOMPILED = null; // filled in by build/build.py": f"const PRECOMPILED = {json.dumps(precompiled)};",
        "const GAME_ZIP = null; // filled in by build/build.py": f"const GAME_ZIP = {json.dumps(game_zip)};",
        "const GAME = null; // filled in by build/build.py": f"const GAME = {json.dumps({'files': files})};",
        "const LATER = null; // filled in by build/build.py": f"const LATER = {json.dumps(later)};",
        "const LOCK = null; // filled in by build/build.py": f"const LOCK = {json.dumps(minimal_lock(pyodide_src))};",
        # The snapshot Worker fetches the wasm and zips too: as the page does (assets/packed.js).
        PACKED_LINE: f"self.bazaCopies = {json.dumps(copies)};\n"
        + (src / "assets" / "packed.js").read_text(encoding="utf-8").replace('"use strict";\n', ""),
    }
    logical = '"../pyodide/'  # the Pyodide folder, as the template names it
    if any(text.count(p) != 1 for p in placeholders) or text.count(logical) != 2:
        die(f"{LOADER_TEMPLATE} must contain {list(placeholders)} once each and {logical} twice")
    for placeholder, line in placeholders.items():
        text = text.replace(placeholder, line)
    text = text.replace(logical, '"../' + pyodide_dir.removeprefix("runtime/") + "/")
    (staging / LOADER).write_text(text, encoding="utf-8")
    slim([staging / LOADER])
    return publish(out, staging, names, "start")


def slim(files: list[Path]) -> None:
    """Our own scripts, style sheets and page without comments and indentation, in place (build/slim.mjs)."""
    node = shutil.which("node")
    if node is None:
        die("Node.js is needed to build the page")
    result = subprocess.run([node, str(SLIM), *map(str, files)], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        die(f"build/slim.mjs failed:\n{result.stderr.strip()}")


PACKED_LINE = "// assets/packed.js, written here by build/build.py: self.bazaPacked."
PART_EXPORT = re.compile(r"^export \{ [\w, ]+ \};\n\Z", re.M)
JS_IMPORT = re.compile(r'^import .* from "[^"]+";$', re.M)


def inline_parts(loader: str) -> str:
    """The loader with each of LOADER_PARTS written in place of its import of it.

    One module for the page to load (each more would cost a request, and a
    round trip through the service worker on a return visit); the files
    apart in the repository, each readable alone. A part opens with a
    comment about itself, ends with one export list and imports nothing.
    """
    for part in LOADER_PARTS:
        body = part.read_text(encoding="utf-8")
        importing = re.compile(r'^import \{ [\w, ]+ \} from "\./' + re.escape(part.name) + r'";\n', re.M)
        if len(importing.findall(loader)) != 1 or len(PART_EXPORT.findall(body)) != 1 or JS_IMPORT.search(body):
            die(f"{LOADER_TEMPLATE.name} must import {part.name} once, which ends with one export list")
        # Its opening comment is about the file in the repository: not shipped.
        code = PART_EXPORT.sub("", body.split("\n\n", 1)[1])

        def inlined(_match: re.Match[str], text: str = code) -> str:
            return text  # as written: a function, so that no backslash of the code is read as an escape

        loader = importing.sub(inlined, loader)
    return loader


def module_names(data: bytes) -> list[str]:
    """The dotted names of the modules in a zip of sources (the loader imports
    one of them before the zip has arrived only if it is there).

    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as archive:
    ...     for name in ("json/__init__.py", "json/decoder.py", "this.py", "README.txt"):
    ...         archive.writestr(name, "")
    >>> module_names(buffer.getvalue())
    ['json', 'json.decoder', 'this']
    """
    names = set()
    for name in zipfile.ZipFile(io.BytesIO(data)).namelist():
        if name.endswith(".py"):
            names.add(name[:-3].removesuffix("/__init__").replace("/", "."))
    return sorted(names)


def minimal_lock(pyodide_src: Path) -> str:
    """Pyodide's lock file with its package list left out, as a JSON string.

    Pyodide reads the lock file (119 kB) at every start only to know which
    packages it could load; Baza loads none, so the loader hands it this
    instead, and the page never downloads the file.
    """
    lock = json.loads((pyodide_src / "pyodide-lock.json").read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":"))
