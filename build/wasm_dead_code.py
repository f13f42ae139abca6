"""Pyodide's wasm without the code that nothing can reach after the export cut.

build/wasm_exports.py keeps only the exports the page's JavaScript names.
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

ROOT = Path(__file__).resolve().parent.parent
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
    key = hashlib.sha256(wasm + binaryen_version().encode() + " ".join(FEATURES + [PASS]).encode()).hexdigest()[:24]
    cached = cache / f"{key}.wasm"
    if cached.is_file():
        return cached.read_bytes()
    cache.mkdir(parents=True, exist_ok=True)
    source, result = cache / f".{key}.in.wasm", cache / f".{key}.out.wasm"
    source.write_bytes(wasm)
    try:
        run = subprocess.run(
            ["node", str(WASM_OPT), str(source), *FEATURES, PASS, "-o", str(result)],
            capture_output=True,
            text=True,
        )
        if run.returncode != 0 or not result.is_file():
            lines = (run.stderr or run.stdout).strip().splitlines()
            raise DeadCodeError(lines[-1] if lines else f"wasm-opt exited with {run.returncode}")
        data = result.read_bytes()
    finally:
        source.unlink(missing_ok=True)
    result.replace(cached)
    return data
