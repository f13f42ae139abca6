"""Pyodide's wasm without the code that nothing can reach after the export cut.

build/runtime/wasm_exports.py keeps only the exports the page's JavaScript names.
The functions that only the cut exports called are still in the module's
code section: about 560 kB of Pyodide 314.0.7's 9.25 MB, 150 kB of its
2.66 MB over the wire with brotli, 190 kB with gzip (docs/PERFORMANCE.md,
"First visit"). Binaryen's ``wasm-opt --remove-unused-module-elements``
drops every function, global and segment that no export, no element of the
table and no start function can reach. Nothing else is changed: no
optimisation pass runs, so the code that stays is the code Emscripten made.

wasm-opt comes from npm (package.json's ``binaryen``, a wasm build of it
run by Node.js). The result is kept in .cache/wasm-dead-code/ under a hash
of the input and of binaryen's version, so a rebuild costs nothing. A build
without binaryen, or ``build.py --keep-dead-code``, ships the cut wasm as it
is: slower to download, the same page.

The features are named, not guessed (``--detect-features`` is deprecated,
and ``-all`` writes imports that V8 does not read): the ones Pyodide's wasm
uses. A Pyodide release built with another feature fails here, with
wasm-opt's message, and must be looked at again.

Standard library only, as build.py.
"""

import hashlib
import json
import subprocess
from pathlib import Path

from . import wasm_exports, wasm_split

ROOT = Path(__file__).resolve().parents[2]
BINARYEN = ROOT / "node_modules" / "binaryen"
WASM_OPT = BINARYEN / "bin" / "wasm-opt"
CACHE = ROOT / ".cache" / "wasm-dead-code"
FEATURES = [
    "--mvp-features",
    "--enable-exception-handling",
    "--enable-reference-types",
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-sign-ext",
    "--enable-nontrapping-float-to-int",
    "--enable-simd",
    "--enable-multivalue",
]
PASS = "--remove-unused-module-elements"


class DeadCodeError(RuntimeError):
    """wasm-opt could not read or write the module (its message says why)."""


def available() -> bool:
    """Whether npm installed binaryen (package.json's devDependencies)."""
    return WASM_OPT.is_file()


def binaryen_version() -> str:
    return json.loads((BINARYEN / "package.json").read_text(encoding="utf-8"))["version"]


def without_dead_code(wasm: bytes, cache: Path = CACHE) -> bytes:
    """The module without what no export, table element or start function reaches."""
    return _pass(wasm, cache)[0]


def kept_functions(wasm: bytes, cache: Path = CACHE) -> list[int]:
    """For each function of ``without_dead_code(wasm)``, its index in ``wasm``.

    The pass renumbers the functions it keeps; build/runtime/wasm_split.py lists the
    hot functions by their index in npm's wasm, which this maps.
    """
    return _pass(wasm, cache)[1]


def _pass(wasm: bytes, cache: Path) -> tuple[bytes, list[int]]:
    """wasm-opt's pass, run once on the module with its functions named by their
    index (a name section, kept by ``-g``), which tells where each one went;
    the name section is then left out, so the module is the pass's as it is."""
    key = hashlib.sha256(wasm + binaryen_version().encode() + " ".join(FEATURES + [PASS]).encode()).hexdigest()[:24]
    cached, kept_file = cache / f"{key}.wasm", cache / f"{key}.functions.json"
    if cached.is_file() and kept_file.is_file():
        return cached.read_bytes(), json.loads(kept_file.read_text(encoding="utf-8"))
    cache.mkdir(parents=True, exist_ok=True)
    source, result = cache / f".{key}.in.wasm", cache / f".{key}.out.wasm"
    source.write_bytes(_with_index_names(wasm))
    try:
        run = subprocess.run(
            ["node", str(WASM_OPT), str(source), *FEATURES, PASS, "-g", "-o", str(result)],
            capture_output=True,
            text=True,
        )
        if run.returncode != 0 or not result.is_file():
            lines = (run.stderr or run.stdout).strip().splitlines()
            raise DeadCodeError(lines[-1] if lines else f"wasm-opt exited with {run.returncode}")
        data, kept = _without_names(result.read_bytes())
    finally:
        source.unlink(missing_ok=True)
        result.unlink(missing_ok=True)
    kept_file.write_text(json.dumps(kept), encoding="utf-8")
    cached.write_bytes(data)
    return data, kept


def _name(text: str) -> bytes:
    raw = text.encode()
    return wasm_exports._uleb(len(raw)) + raw


def _with_index_names(wasm: bytes) -> bytes:
    """The module with a name section that names each function by its index
    (as it is if it cannot be read: wasm-opt then says why)."""
    try:
        count = len(wasm_split.read(wasm).function_types)
        if any(
            kind == 0 and wasm[start:end].startswith(_name("name")) for kind, start, end in wasm_exports.sections(wasm)
        ):
            raise DeadCodeError("the module has a name section already")
    except wasm_exports.WasmError:
        return wasm
    names = wasm_exports._uleb(count) + b"".join(wasm_exports._uleb(i) + _name(str(i)) for i in range(count))
    custom = _name("name") + b"\x01" + wasm_exports._uleb(len(names)) + names
    return wasm + b"\x00" + wasm_exports._uleb(len(custom)) + custom


def _without_names(wasm: bytes) -> tuple[bytes, list[int]]:
    """The module without its name section, and the index each function's name holds."""
    for section_id, start, end in wasm_exports.sections(wasm):
        if section_id != 0 or not wasm[start:end].startswith(_name("name")):
            continue
        header = start - 1 - len(wasm_exports._uleb(end - start))
        at, kept = start + len(_name("name")), []
        while at < end:
            sub, (size, body) = wasm[at], wasm_exports._leb(wasm, at + 1)
            if sub == 1:
                count, p = wasm_exports._leb(wasm, body)
                for i in range(count):
                    index, p = wasm_exports._leb(wasm, p)
                    length, p = wasm_exports._leb(wasm, p)
                    if index != i:
                        raise DeadCodeError("the pass named its functions out of order")
                    kept.append(int(wasm[p : p + length]))
                    p += length
            at = body + size
        return wasm[:header] + wasm[end:], kept
    raise DeadCodeError("the pass left out the functions' names")
