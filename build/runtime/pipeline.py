"""PyScript's and Pyodide's files into dist/: what is copied, and the stages that edit them.

build/build.py calls :func:`copy_runtime` for each package. It copies the
files a page of this config can load into runtime/<package>-<version>-<hash>/.
PyScript's core chunk gets its edits (``pyscript_edits``). Pyodide's files
go through :data:`PYODIDE_STAGES`, in this order:

1. the glue's edits (``pyodide_edits.GLUE_PATCHES``);
2. the wasm cut down to the exports the page's JavaScript names, and the
   glue's list of exports with it (``wasm_exports``);
3. the functions only the cut exports reached taken out (``wasm_dead_code``,
   binaryen from npm);
4. OpenGL, EGL, SDL and OpenAL taken out of the glue (glue_dead.mjs);
5. the wasm split in two parts, the functions a start calls and the rest,
   and the tables no start reads moved into the second (``wasm_split``,
   ``wasm_cold_data``);
6. pyodide.mjs's edits, the standard library's zip stored, and V8's
   file-wide compile hint on the glue.

A stage that cannot run, or that the build was told to leave out, is said
on standard error with the reason and what the page loses by it: a
checkout without binaryen still builds, but nobody is left to find out
from the first visit's size.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, NoReturn

from . import wasm_cold_data, wasm_dead_code, wasm_exports, wasm_split
from .edits import die, patched, sha256
from .pyodide_edits import EAGER_HINT, GLUE_PATCHES, PYODIDE_PATCHES
from .pyscript_edits import disabled_plugins, patch_core

GLUE_DEAD = Path(__file__).resolve().parent / "glue_dead.mjs"


class StaleHotList(SystemExit):
    """wasm-hot-functions.json is not of this wasm: it stops the build,
    unless the build is told to go on with the wasm whole (build.py
    --stale-hot-list warn, as build/play.sh does)."""


RECORD_HOT = "record it again with bench/wasm_calls.py"


def stale(message: str) -> NoReturn:
    raise StaleHotList(f"build: {message}")


def say(message: str) -> None:
    """A downgrade of the build, on standard error: what was left out and why."""
    print(f"build: {message}", file=sys.stderr)


@dataclass
class Pyodide:
    """Pyodide's glue and wasm as the stages pass them on, and what was asked for."""

    glue: str
    wasm: bytes
    npm_wasm: bytes  # as npm has it: the hot list names its functions by their index here
    readers: list[Path] | None  # the page's other scripts that may name a wasm export; None: keep every export
    keep_dead_code: bool
    speed: bool
    split: bool
    origins: list[int] | None = None  # each function's index in npm's wasm, once the dead code is out
    cold: bytes | None = None  # the wasm's second part, once split
    done: list[str] = field(default_factory=list)


class Stage(NamedTuple):
    """One step of Pyodide's files: ``left_out`` says why it does not run (None: it runs)."""

    name: str
    left_out: Callable[[Pyodide], str | None]
    run: Callable[[Pyodide], None]


def _edit_glue(work: Pyodide) -> None:
    work.glue = patched(work.glue, GLUE_PATCHES, "pyodide.asm.mjs", work.speed)


def _cut_exports(work: Pyodide) -> None:
    assert work.readers is not None
    try:
        work.glue, work.wasm = wasm_exports.cut(
            work.glue, work.wasm, [path.read_text(encoding="utf-8") for path in work.readers]
        )
    except wasm_exports.WasmError as error:
        die(f"cannot cut the exports of Pyodide's wasm ({error}); build with --all-wasm-exports")


def _no_dead_code_pass(work: Pyodide) -> str | None:
    if work.keep_dead_code:
        return "asked for (--keep-dead-code)"
    if "cut exports" not in work.done:
        return "the exports were not cut, so every function is reachable"
    if not wasm_dead_code.available():
        return "binaryen is not installed (run `npm ci`)"
    return None


def _take_dead_code_out(work: Pyodide) -> None:
    try:
        work.origins = wasm_dead_code.kept_functions(work.wasm)
        work.wasm = wasm_dead_code.without_dead_code(work.wasm)
    except wasm_dead_code.DeadCodeError as error:
        die(f"cannot take the dead code out of Pyodide's wasm ({error}); build with --keep-dead-code")


def _take_graphics_out(work: Pyodide) -> None:
    work.glue, _ = without_graphics(work.glue, work.wasm)


def _no_split(work: Pyodide) -> str | None:
    if not work.split:
        return "asked for (--no-wasm-split)"
    # Split only after the dead-code pass: before it the module still imports
    # the globals of side modules (GOT), which a part cannot share.
    if "dead code" not in work.done:
        return "the dead code is still in (the split needs the wasm without it)"
    return None


def _split(work: Pyodide) -> None:
    assert work.origins is not None
    work.wasm, work.cold = split_wasm(work.npm_wasm, work.wasm, work.origins)


# Pyodide's glue and wasm, stage by stage, in this order: each stage's
# ``left_out`` reads what the stages before it did (Pyodide.done).
PYODIDE_STAGES = (
    Stage("glue edits", lambda work: None, _edit_glue),
    Stage(
        "cut exports",
        lambda work: "asked for (--all-wasm-exports)" if work.readers is None else None,
        _cut_exports,
    ),
    Stage("dead code", _no_dead_code_pass, _take_dead_code_out),
    Stage(
        "graphics",
        lambda work: "the exports were not cut" if "cut exports" not in work.done else None,
        _take_graphics_out,
    ),
    Stage("split", _no_split, _split),
)

# What the page loses when a stage is left out, for the build's note.
LOSS = {
    "cut exports": "the wasm keeps its 8,560 exports (about 0.5 MB more with brotli)",
    "dead code": "the wasm keeps the code no export reaches, and cannot be split",
    "graphics": "the glue keeps OpenGL, EGL, SDL and OpenAL",
    "split": "the whole wasm comes before ready (about 1.3 MB more with brotli on a first visit)",
}


def pyodide_stages(work: Pyodide, stages: tuple[Stage, ...] = PYODIDE_STAGES) -> Pyodide:
    """Run ``stages`` over ``work`` in order; say each one left out, with why and what it costs."""
    for stage in stages:
        why = stage.left_out(work)
        if why is not None:
            if stage.name in LOSS:
                say(f"pyodide: {stage.name} left out: {why}; {LOSS[stage.name]}")
            continue
        stage.run(work)
        work.done.append(stage.name)
    return work


def without_graphics(glue: str, wasm: bytes) -> tuple[str, list[str]]:
    """The glue without OpenGL, EGL, SDL and OpenAL, which only packages' side
    modules link to (glue_dead.mjs), but for what ``wasm`` imports;
    and the names of wasmImports it dropped."""
    imported = json.dumps(sorted({name for _, name, _ in wasm_exports.imports(wasm)}))
    try:
        result = subprocess.run(["node", str(GLUE_DEAD), imported], input=glue, capture_output=True, text=True)
    except FileNotFoundError:
        die("Node.js is needed to take the graphics libraries out of the glue (or build with --all-wasm-exports)")
    if result.returncode != 0:
        die(f"{GLUE_DEAD.name} failed:\n{result.stderr.strip()}")
    return result.stdout, json.loads(result.stderr)["imports"]


def copy_runtime(
    out: Path,
    package: str,
    version: str,
    src: Path,
    names: list[str],
    config: dict,
    wasm_readers: list[Path] | None = None,
    dead_code: bool = False,
    speed: bool = True,
    split: bool = False,
) -> str:
    """Copy a runtime into runtime/<package>-<version>-<hash>/; return that path.

    ``wasm_readers``: the page's other scripts that may call Pyodide's wasm
    by an export's name; the wasm keeps only the exports they and the glue
    name, and the glue assigns only those. None ships both as npm has them.
    ``dead_code``: leave in the functions that only the cut exports reached.
    ``speed``: make the speed edits (Edit's kind) and V8's file-wide hint;
    without them the files are npm's with the required edits only.
    ``split``: ship the wasm in two parts, the functions a start calls and
    the rest, when the dead-code pass ran (see :data:`PYODIDE_STAGES`).
    """
    staging = out / "runtime" / f".{package}"
    edited = {}  # file name -> its content as shipped, before the compile hint
    if package == "pyodide":
        npm_wasm = (src / "pyodide.asm.wasm").read_bytes()
        glue = (src / "pyodide.asm.mjs").read_bytes().decode("utf-8")
        work = pyodide_stages(Pyodide(glue, npm_wasm, npm_wasm, wasm_readers, dead_code, speed, split))
        module = patched((src / "pyodide.mjs").read_bytes().decode("utf-8"), PYODIDE_PATCHES, "pyodide.mjs", speed)
        edited = {  # bytes: no newline translation
            "pyodide.asm.mjs": work.glue.encode("utf-8"),
            "pyodide.asm.wasm": work.wasm,
            "pyodide.mjs": module.encode("utf-8"),
            "python_stdlib.zip": stored_zip((src / "python_stdlib.zip").read_bytes()),
        }
        if work.cold is not None:
            edited[wasm_split.COLD_FILE] = work.cold
            names = [*names, wasm_split.COLD_FILE]
    for name in names:
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        if name in edited:
            (staging / name).write_bytes(edited[name])
        else:
            shutil.copyfile(src / name, staging / name)
        if package == "pyscript" and name.startswith("core-") and name.endswith(".js"):
            patch_core(staging / name, disabled_plugins(config), speed)
        if f"{package}/{name}" == "pyodide/pyodide.asm.mjs" and speed:
            (staging / name).write_bytes(EAGER_HINT + (staging / name).read_bytes())
    return publish(out, staging, names, f"{package}-{version}")


def split_wasm(npm_wasm: bytes, wasm: bytes, origins: list[int]) -> tuple[bytes, bytes]:
    """``wasm`` (npm's, cut and renumbered by the dead-code pass: ``origins``) as its hot and cold parts.

    wasm-hot-functions.json lists the hot functions by their index in npm's
    wasm; one recorded for another Pyodide stops the build
    (bench/wasm_calls.py records it again). The CJK codecs', unicodedata's
    and musl's iconv tables go with the cold part (``wasm_cold_data``).
    """
    hot = wasm_split.hot_functions(npm_wasm)
    if hot is None:
        stale(f"{wasm_split.HOT_LIST.name} is not of this Pyodide's wasm: {RECORD_HOT} (or build with --no-wasm-split)")
    listed = set(hot)
    try:
        parts = wasm_split.split(wasm, [index for index, origin in enumerate(origins) if origin in listed])
        hot_part, cold, _ = wasm_cold_data.with_cold_tables(parts.hot, parts.cold, npm_wasm, origins)
    except wasm_split.WasmError as error:
        die(f"cannot split Pyodide's wasm ({error}); build with --no-wasm-split")
    return hot_part, cold


def stored_zip(data: bytes) -> bytes:
    """The same zip with every entry stored, not deflated, in the same order.

    npm's python_stdlib.zip deflates each file alone, so a host's brotli or
    gzip cannot shrink it further (2.5 MB either way); stored, the host's
    compression works across the whole archive and packs it smaller. The
    loader mounts it after the table is ready; zipimport reads stored
    entries without inflating them.
    """
    source, stored = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as archive:
        for info in source.infolist():
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.external_attr, copy.create_system = info.external_attr, info.create_system
            archive.writestr(copy, source.read(info), zipfile.ZIP_STORED)
    return stored.getvalue()


def publish(out: Path, staging: Path, names: list[str], prefix: str) -> str:
    """Move a staged runtime folder to runtime/<prefix>-<hash of its files>/; return that path."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + sha256((staging / name).read_bytes()).encode())
    final = f"runtime/{prefix}-{digest.hexdigest()[:8]}"
    staging.rename(out / final)
    return final


def package_version(path: Path) -> str:
    return json.loads((path / "package.json").read_text(encoding="utf-8"))["version"]
