"""The runtime surgery: PyScript's and Pyodide's files from npm, as the page ships them.

One package, imported as ``runtime`` by build/build.py (whose folder is the
first on its sys.path), by the tests (pytest's ``pythonpath``) and by the
benches. What lives where:

- ``pipeline``: :func:`copy_runtime` and the ordered stages of Pyodide's
  files (``PYODIDE_STAGES``), each left-out stage said with its reason;
- ``edits``: :class:`Edit`, a pattern found and edited exactly as often as
  expected, names a minifier chose written «name»;
- ``pyscript_edits``, ``pyodide_edits``: the edits themselves, as data, one
  file per package; ``python-edits/``: Pyodide's own Python, as unified
  diffs (applied by build/precompile.mjs);
- ``wasm_exports``, ``wasm_dead_code``, ``wasm_split``, ``wasm_cold_data``:
  the wasm reader and what cuts, prunes and splits the module;
  ``wasm-hot-functions.json``: the functions a start calls
  (bench/wasm_calls.py records it);
- ``glue_dead.mjs``: the graphics libraries out of the glue (Node.js).

docs/UPGRADING.md is this package's guide: what to do when a new release of
PyScript or Pyodide breaks an edit. Standard library only, as build.py.
"""

from .edits import REQUIRED, SPEED, Edit, die, patched, sha256
from .pipeline import PYODIDE_STAGES, StaleHotList, copy_runtime, package_version, publish, split_wasm, stored_zip
from .pyscript_edits import core_chunk, pyscript_files

__all__ = [
    "PYODIDE_STAGES",
    "REQUIRED",
    "SPEED",
    "Edit",
    "StaleHotList",
    "copy_runtime",
    "core_chunk",
    "die",
    "package_version",
    "patched",
    "publish",
    "pyscript_files",
    "sha256",
    "split_wasm",
    "stored_zip",
]
