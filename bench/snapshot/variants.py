"""Snapshot prototype pages for bench/startup.py --levers.

Each variant is a copy of a measured page whose pyscript.toml points
PyScript's ``interpreter`` at snap-loader.mjs (a wrapper of pyodide.mjs that
restores a memory snapshot made by make_snapshot.mjs), with the loader and
the snapshot put next to pyodide.mjs in the runtime folder. Nothing in the
repository's page changes: the copies live in bench/startup.py's temporary
folder.

    bare-snap      bench/bare/ + a snapshot of the bare interpreter
    ours-snap      Baza's build + a snapshot that has also imported the game
                   (game/, ui/ but ui/main.py), raw file (31 MB)
    ours-snap-gz   the same snapshot gzipped (6 MB), inflated by the loader
                   with DecompressionStream, which also checks its CRC
    ours-snap-plain  Baza's build + the bare interpreter's snapshot (the
                   game imported at start as today), to split the gain
    bare-pyc       bench/bare/ with a precompiled python_stdlib.zip: the
                   modules a start imports as .pyc, the others as .py
                   (make_pyc.mjs --hybrid); no loader, same file name
    ours-pyc       Baza's build with that zip, and game/ and ui/ as .pyc
                   ([files] of pyscript.toml point at the .pyc files)
    ours-pyc-nosw  the same with the service worker blocked
    ours-pyc-swfix ours-pyc with a service worker that leaves .wasm to the
                   HTTP cache while online (sw_wasm_bypass): V8 keeps its
                   compiled wasm in the code cache of the HTTP cache entry,
                   which a response made by a service worker does not get
    ours-snap-swfix  ours-snap with that service worker

For Baza's build the copy's files.json and sw.js list the new files and the
changed pyscript.toml, so the service worker installs and caches the
snapshot as it would in a real build.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LOADER = "snap-loader.mjs"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def make_snapshot(out: Path, game: bool) -> dict:
    """Run make_snapshot.mjs (Node.js); return its metadata."""
    command = ["node", str(HERE / "make_snapshot.mjs"), str(out), "--gzip"]
    if game:
        command.append("--game")
    subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))


def pyodide_dir(root: Path) -> Path:
    dirs = sorted((root / "runtime").glob("pyodide*"))
    if len(dirs) != 1:
        raise SystemExit(f"variants: expected one runtime/pyodide-* in {root}")
    return dirs[0]


def install_loader(folder: Path, meta: dict, snapshot: Path, gz: bool, verify: bool = False) -> list[str]:
    """Put snap-loader.mjs (configured) and the snapshot file into folder; return their names."""
    wasm = (folder / "pyodide.asm.wasm").read_bytes()
    stdlib = (folder / "python_stdlib.zip").read_bytes()
    if sha256(wasm) != meta["wasm_sha256"] or sha256(stdlib) != meta["stdlib_sha256"]:
        raise SystemExit("variants: the snapshot was made from other Pyodide files than the build's")
    name = snapshot.name + (".gz" if gz else "")
    shutil.copyfile(snapshot.parent / name, folder / name)
    config = {"url": f"./{name}", "bytes": meta["bytes"], "sha256": meta["sha256"], "verify": verify}
    text = (HERE / LOADER).read_text(encoding="utf-8")
    placeholder = "const SNAPSHOT = null; // filled in by bench/snapshot/variants.py"
    assert text.count(placeholder) == 1, placeholder
    (folder / LOADER).write_text(text.replace(placeholder, f"const SNAPSHOT = {json.dumps(config)};"), encoding="utf-8")
    return [LOADER, name]


def point_interpreter(config: Path) -> None:
    """pyscript.toml: the interpreter is the loader next to pyodide.mjs."""
    text = config.read_text(encoding="utf-8")
    runtime = pyodide_dir(config.parent).relative_to(config.parent).as_posix()
    text, count = re.subn(r'^interpreter\s*=\s*"[^"]*\.mjs"', f'interpreter = "./{runtime}/{LOADER}"', text, flags=re.M)
    if count != 1:
        raise SystemExit(f"variants: no interpreter line in {config}")
    config.write_text(text, encoding="utf-8")


def relist(root: Path, added: list[str]) -> None:
    """Update the copy's files.json and sw.js for the new and changed files."""
    listing = json.loads((root / "files.json").read_text(encoding="utf-8"))
    by_path = {f["path"]: f for f in listing["files"]}
    for rel in ["pyscript.toml", *added]:
        data = (root / rel).read_bytes()
        entry = by_path.setdefault(rel, {"url": rel, "path": rel})
        entry.update(bytes=len(data), sha256=sha256(data))
    listing["files"] = sorted(by_path.values(), key=lambda f: f["path"])
    listing["count"] = len(listing["files"])
    listing["bytes"] = sum(f["bytes"] for f in listing["files"])
    (root / "files.json").write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    sw = (root / "sw.js").read_text(encoding="utf-8")
    build = {"version": listing["version"], "files": [[f["url"], f["bytes"], f["sha256"]] for f in listing["files"]]}
    sw, count = re.subn(r"^const BUILD = .*;$", lambda _: f"const BUILD = {json.dumps(build)};", sw, flags=re.M)
    if count != 1:
        raise SystemExit("variants: no BUILD line in sw.js")
    (root / "sw.js").write_text(sw, encoding="utf-8")


# Inserted into the copy's sw.js after the fetch handler's first test.
SW_BYPASS = (
    "  // bench: .wasm from the HTTP cache while online, so that V8's wasm code cache is used\n"
    '  if (self.navigator.onLine && new URL(request.url).pathname.endsWith(".wasm")) return;\n'
)


def sw_wasm_bypass(folder: Path) -> None:
    """Let the browser fetch .wasm itself (HTTP cache) instead of the worker's Cache Storage."""
    sw = folder / "sw.js"
    text = sw.read_text(encoding="utf-8")
    anchor = re.search(r"^  if \(request\.method !== \"GET\".*\n", text, flags=re.M)
    if anchor is None:
        raise SystemExit("variants: sw.js has no fetch handler test to patch after")
    sw.write_text(text[: anchor.end()] + SW_BYPASS + text[anchor.end() :], encoding="utf-8")


def patched(folder: Path) -> Path:
    sw_wasm_bypass(folder)
    return folder


def ours_variant(dist: Path, folder: Path, meta: dict, snapshot: Path, gz: bool) -> Path:
    shutil.copytree(dist, folder)
    runtime = pyodide_dir(folder)
    added = install_loader(runtime, meta, snapshot, gz)
    point_interpreter(folder / "pyscript.toml")
    relist(folder, [f"{runtime.relative_to(folder).as_posix()}/{name}" for name in added])
    return folder


def bare_variant(dist: Path, folder: Path, meta: dict, snapshot: Path) -> Path:
    from startup import BARE, runtime_dirs  # bench/ is on sys.path when startup.py runs

    folder.mkdir(parents=True)
    for file in BARE.iterdir():
        if file.is_file():
            shutil.copyfile(file, folder / file.name)
    dirs = runtime_dirs(dist)
    (folder / "runtime").mkdir()
    (folder / "runtime" / "pyscript").symlink_to(dirs["pyscript"], target_is_directory=True)
    runtime = folder / "runtime" / "pyodide"
    runtime.mkdir()
    for file in dirs["pyodide"].iterdir():
        (runtime / file.name).symlink_to(file)
    install_loader(runtime, meta, snapshot, gz=False)
    point_interpreter(folder / "pyscript.toml")
    return folder


def make_pyc(tmp: Path) -> tuple[Path, Path]:
    """The hybrid precompiled stdlib zip and the game's .pyc tree (Node.js)."""
    modules, stdlib, tree = tmp / "modules.json", tmp / "python_stdlib.zip", tmp / "pyc"
    for args in (["modules", modules], ["stdlib", stdlib, "--hybrid", modules], ["tree", tree, "game", "ui"]):
        command = ["node", str(HERE / "make_pyc.mjs"), *map(str, args)]
        subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return stdlib, tree


def pyc_files(config: Path, tree: Path) -> list[str]:
    """Copy the game's .pyc next to the sources; [files] maps them instead of the .py."""
    added = []
    lines = []
    for line in config.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r'"\./([^"?]+)\.py(?:\?v=\w+)?" = "\./([^"]+)\.py"', line)
        if match and match.group(2) != "ui/main" and (tree / f"{match.group(2)}.pyc").is_file():
            rel = f"{match.group(2)}.pyc"
            shutil.copyfile(tree / rel, config.parent / rel)
            added.append(rel)
            line = f'"./{rel}" = "./{rel}"'
        lines.append(line)
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return added


def ours_pyc(dist: Path, folder: Path, stdlib: Path, tree: Path) -> Path:
    shutil.copytree(dist, folder)
    runtime = pyodide_dir(folder)
    shutil.copyfile(stdlib, runtime / "python_stdlib.zip")
    added = pyc_files(folder / "pyscript.toml", tree)
    relist(folder, [f"{runtime.relative_to(folder).as_posix()}/python_stdlib.zip", *added])
    return folder


def bare_pyc(dist: Path, folder: Path, stdlib: Path) -> Path:
    from startup import bare_site

    bare_site(dist, folder)
    runtime = folder / "runtime" / "pyodide"
    target = runtime.resolve()
    runtime.unlink()
    runtime.mkdir()
    for file in target.iterdir():
        (runtime / file.name).symlink_to(file)
    (runtime / "python_stdlib.zip").unlink()
    shutil.copyfile(stdlib, runtime / "python_stdlib.zip")
    return folder


def pyc_sites(dist: Path, tmp: Path, query: str) -> list[dict]:
    stdlib, tree = make_pyc(tmp / "pyc-inputs")
    print(f"pyc: hybrid stdlib zip {stdlib.stat().st_size / 1e6:.2f} MB")
    return [
        {
            "name": "bare-pyc",
            "root": bare_pyc(dist, tmp / "bare-pyc", stdlib),
            "note": "bench/bare/ with the start's stdlib modules precompiled (.pyc)",
        },
        {
            "name": "ours-pyc",
            "root": ours_pyc(dist, tmp / "ours-pyc", stdlib, tree),
            "path": query,
            "service_worker": True,
            "note": "Baza with the start's stdlib modules and the game precompiled (.pyc)",
        },
        {
            "name": "ours-pyc-swfix",
            "root": patched(ours_pyc(dist, tmp / "ours-pyc-swfix", stdlib, tree)),
            "path": query,
            "service_worker": True,
            "note": "as ours-pyc, the service worker leaves .wasm to the HTTP cache",
        },
        {
            "name": "ours-pyc-nosw",
            "root": tmp / "ours-pyc",
            "path": query,
            "block_sw": True,
            "note": "as ours-pyc, service worker blocked (HTTP cache only)",
        },
    ]


def snapshot_sites(dist: Path, tmp: Path, query: str) -> list[dict]:
    """The variants as bench/startup.py Site arguments, snapshots made first."""
    snaps = tmp / "snapshots"
    plain = make_snapshot(snaps / "plain.bin", game=False)
    game = make_snapshot(snaps / "game.bin", game=True)
    print(
        f"snapshots: plain {plain['bytes'] / 1e6:.1f} MB ({plain['gzip_bytes'] / 1e6:.1f} MB gzipped), "
        f"with the game {game['bytes'] / 1e6:.1f} MB ({game['gzip_bytes'] / 1e6:.1f} MB gzipped)"
    )
    return [
        {
            "name": "bare-snap",
            "root": bare_variant(dist, tmp / "bare-snap", plain, snaps / "plain.bin"),
            "note": "bench/bare/ restored from a snapshot of the bare interpreter (raw file)",
        },
        {
            "name": "ours-snap",
            "root": ours_variant(dist, tmp / "ours-snap", game, snaps / "game.bin", gz=False),
            "path": query,
            "service_worker": True,
            "note": "Baza restored from a snapshot with the game imported (raw file)",
        },
        {
            "name": "ours-snap-gz",
            "root": ours_variant(dist, tmp / "ours-snap-gz", game, snaps / "game.bin", gz=True),
            "path": query,
            "service_worker": True,
            "note": "as ours-snap, the snapshot gzipped and inflated by the loader",
        },
        {
            "name": "ours-snap-swfix",
            "root": patched(ours_variant(dist, tmp / "ours-snap-swfix", game, snaps / "game.bin", gz=False)),
            "path": query,
            "service_worker": True,
            "note": "as ours-snap, the service worker leaves .wasm to the HTTP cache",
        },
        {
            "name": "ours-snap-plain",
            "root": ours_variant(dist, tmp / "ours-snap-plain", plain, snaps / "plain.bin", gz=False),
            "path": query,
            "service_worker": True,
            "note": "Baza restored from the bare interpreter's snapshot (the game imported at start)",
        },
    ]
