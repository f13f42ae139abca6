"""The build's edits of PyScript's and Pyodide's files, required or for speed, without a browser.

A new release of either package breaks an edit's pattern: the build then
stops and names the edit. A speed edit can be left out (build.py
--no-speed-edits) and the page still works on npm's files with the required
edits alone (tests/browser/test_runtime_edits.py plays on such a build).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from build_helpers import ROOT, build_from, copy_sources
from runtime import pipeline, pyodide_edits, pyscript_edits
from runtime.edits import REQUIRED, SPEED, patched

# Each list of edits by its name, as the build's messages and docs/UPGRADING.md call them.
EDITS = {
    "CORE_PATCHES": pyscript_edits.CORE_PATCHES,
    "PYODIDE_PATCHES": pyodide_edits.PYODIDE_PATCHES,
    "GLUE_PATCHES": pyodide_edits.GLUE_PATCHES,
}

NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
NPM_PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "dist"


def npm_files() -> dict[str, str]:
    """The npm file each list of edits applies to, as text."""
    chunk = pyscript_edits.core_chunk(NPM_PYSCRIPT)
    return {
        "CORE_PATCHES": chunk.read_text(encoding="utf-8"),
        "PYODIDE_PATCHES": (NPM_PYODIDE / "pyodide.mjs").read_text(encoding="utf-8"),
        "GLUE_PATCHES": (NPM_PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8"),
    }


def test_every_edit_says_what_it_is_for_and_finds_its_pattern_in_npm_s_file_as_often_as_it_says():
    for key, text in npm_files().items():
        for edit in EDITS[key]:
            assert edit.kind in (REQUIRED, SPEED), edit.why
            assert edit.count(text) == edit.times, f"{key}: {edit.why}"
            assert edit.old != edit.new and not edit.is_in(text), f"{key}: {edit.why}"
    kinds = {key: [edit.kind for edit in EDITS[key]] for key in npm_files()}
    # What the page cannot work without: no eval under the strict CSP, a
    # refused IndexedDB survived, the loader's bytes and its restore, a split wasm's cold part.
    required = {key: [e.why for e in EDITS[key] if e.kind == REQUIRED] for key in kinds}
    assert required == {
        "CORE_PATCHES": [
            "compile worker hooks without eval (strict CSP)",
            "let a refused IndexedDB reject with its error, once",
            "not report a refused IndexedDB as an unhandled rejection, and close it quietly",
            "start with an empty package cache when IndexedDB is refused",
        ],
        "PYODIDE_PATCHES": ["let the standard library be given as bytes"],
        "GLUE_PATCHES": [
            "let the loader write a restored snapshot's memory",
            "load the cold part of a split wasm",
            "set up the cold part as the wasm is instantiated",
        ],
    }


def test_a_broken_pattern_stops_the_build_unless_it_is_a_speed_edit_left_out():
    glue = npm_files()["GLUE_PATCHES"]
    speed = next(e for e in EDITS["GLUE_PATCHES"] if e.kind == SPEED)
    required = next(e for e in EDITS["GLUE_PATCHES"] if e.kind == REQUIRED)
    moved = speed.pattern().sub("", glue)  # a release without the speed edit's text
    with pytest.raises(SystemExit, match=f"cannot {speed.why}: pattern found 0 times.*--no-speed-edits"):
        patched(moved, EDITS["GLUE_PATCHES"], "pyodide.asm.mjs")
    lean = patched(moved, EDITS["GLUE_PATCHES"], "pyodide.asm.mjs", speed=False)
    assert required.is_in(lean) and not speed.is_in(lean)
    broken = required.pattern().sub("", glue)
    with pytest.raises(SystemExit, match=f"cannot {required.why}") as stop:
        patched(broken, EDITS["GLUE_PATCHES"], "pyodide.asm.mjs", speed=False)
    assert "--no-speed-edits" not in str(stop.value)


def renamed(text: str, names: set[str]) -> str:
    """``text`` with each of ``names`` (a name, or a private field's #name) renamed, as another bundler run may."""
    bare = sorted({name.lstrip("#") for name in names}, key=len, reverse=True)
    return re.sub(rf"(?<![\w$])(#?)({'|'.join(map(re.escape, bare))})(?![\w$])", r"\1\2_z", text)


def test_the_required_edits_survive_a_release_whose_bundler_renamed_its_variables():
    """The names a minifier chose in PyScript's core chunk and pyodide.mjs
    (he, j, #s, e ...) are the edits' placeholders: with every one renamed
    in a copy of npm's files, each required edit is still found once, and
    making it there gives the same file as making it on npm's and renaming
    after."""
    files = npm_files()
    for key in ("CORE_PATCHES", "PYODIDE_PATCHES"):
        required = [edit for edit in EDITS[key] if edit.kind == REQUIRED]
        chosen = set()
        for edit in required:
            if "«" not in edit.old:
                continue
            match = edit.pattern().search(files[key])
            order = list(dict.fromkeys(re.findall(r"«([^»]+)»", edit.old)))  # the groups p0, p1 ... in turn
            chosen |= {match.group(f"p{i}") for i, holder in enumerate(order) if holder != "…"}
        assert len(chosen) >= (10 if key == "CORE_PATCHES" else 3), chosen
        other = renamed(files[key], chosen)
        assert other != files[key]
        made = patched(other, required, key)  # each found exactly once, or the build would stop
        assert made == renamed(patched(files[key], required, key), chosen)


def with_required_edits(text: str, edits) -> str:
    for edit in edits:
        if edit.kind == "required":
            text = edit.made(text)
    return text


def test_a_build_without_speed_edits_is_npm_s_files_with_the_required_edits(tmp_path, monkeypatch):
    out = tmp_path / "dist"
    build_from(copy_sources(tmp_path / "src"), out, "--no-speed-edits", "--no-compress")
    (pyodide,) = (out / "runtime").glob("pyodide-*")
    (pyscript,) = (out / "runtime").glob("pyscript-*")
    assert (pyodide / "pyodide.asm.wasm").read_bytes() == (NPM_PYODIDE / "pyodide.asm.wasm").read_bytes()
    for name, key in [("pyodide.asm.mjs", "GLUE_PATCHES"), ("pyodide.mjs", "PYODIDE_PATCHES")]:
        npm = (NPM_PYODIDE / name).read_text(encoding="utf-8")
        assert (pyodide / name).read_text(encoding="utf-8") == with_required_edits(npm, EDITS[key]), name
    chunk = pyscript_edits.core_chunk(NPM_PYSCRIPT)
    edited = tmp_path / chunk.name
    edited.write_text(with_required_edits(chunk.read_text(encoding="utf-8"), EDITS["CORE_PATCHES"]), encoding="utf-8")
    # The plugin table's entries for disabled plugins go too (pyscript.toml's
    # choice, not an edit of npm's text): patch_core with no edits of its own.
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    monkeypatch.setattr(pyscript_edits, "CORE_PATCHES", [])
    pyscript_edits.patch_core(edited, pyscript_edits.disabled_plugins(config))
    assert (pyscript / chunk.name).read_text(encoding="utf-8") == edited.read_text(encoding="utf-8")
    # Nothing marked, no file-wide hint: the scripts are parsed as npm ships them.
    assert not [p.name for p in out.rglob("*js") if p.read_bytes().startswith(b"//# allFunctions")]


def build_root(tmp: Path) -> Path:
    """A copy of build/ beside the repository's node_modules, its list of hot functions made for another wasm."""
    root = tmp / "root"
    shutil.copytree(ROOT / "build", root / "build", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    listed = json.loads((root / "build" / "runtime" / "wasm-hot-functions.json").read_text(encoding="utf-8"))
    listed["pyodide_wasm_sha256"] = "0" * 64
    (root / "build" / "runtime" / "wasm-hot-functions.json").write_text(json.dumps(listed), encoding="utf-8")
    return root


@pytest.mark.parametrize("mode", ["fail", "warn"])
def test_a_stale_hot_list_stops_ci_and_only_warns_in_play_sh(tmp_path, mode):
    """A list of the wasm's hot functions recorded on another wasm would
    split it wrongly (a start calling into the part fetched after ready):
    the build stops and says how to record it again, or, for a player's
    own build (build/play.sh), ships the wasm whole with a warning."""
    root = build_root(tmp_path)
    src = copy_sources(tmp_path / "src")
    command = [sys.executable, str(root / "build" / "build.py"), "--src", str(src), "--out", str(tmp_path / "out")]
    command += ["--no-compress", "--no-precompile", "--stale-hot-list", mode]
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert "is not of this Pyodide's wasm: record it again with bench/wasm_calls.py" in run.stderr
    if mode == "fail":
        assert run.returncode != 0 and not (tmp_path / "out" / "files.json").exists()
    else:
        assert run.returncode == 0, run.stderr
        assert "WARNING: building with the wasm whole" in run.stderr
        assert not list((tmp_path / "out" / "runtime").glob("pyodide-*/pyodide.cold.wasm"))
    assert "--stale-hot-list warn" in (ROOT / "build" / "play.sh").read_text(encoding="utf-8")


def test_a_python_edit_whose_text_moved_stops_the_build(tmp_path):
    """build/runtime/python-edits/: a hunk whose lines the stock module no longer has
    (a new Pyodide moved them) stops the build and names the diff, rather
    than shipping the module half edited."""
    root = tmp_path / "root"
    shutil.copytree(ROOT / "build", root / "build", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    diff = root / "build" / "runtime" / "python-edits" / "secrets.py.diff"
    text = diff.read_text(encoding="utf-8")
    head, _, hunks = text.partition("\n@@")
    context = next(line for line in hunks.splitlines()[1:] if line.startswith(" ") and line.strip())
    moved = hunks.replace(context, context + "  # not in the stock module", 1)
    diff.write_text(head + "\n@@" + moved, encoding="utf-8")
    command = [sys.executable, str(root / "build" / "build.py"), "--src", str(copy_sources(tmp_path / "src"))]
    command += ["--out", str(tmp_path / "out"), "--no-compress", "--keep-dead-code", "--no-wasm-split"]
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert run.returncode != 0 and not (tmp_path / "out" / "files.json").exists()
    assert "cannot apply hunk 1 of build/runtime/python-edits/secrets.py.diff: found 0 times" in run.stderr


def test_every_stage_left_out_is_said_with_its_reason_and_its_cost(capsys, monkeypatch):
    """Pyodide's stages (runtime.pipeline.PYODIDE_STAGES) in their order: each
    one that does not run says why on standard error, and what the first
    visit loses by it; a checkout without binaryen builds, but says so."""
    wasm = b"\0asm\1\0\0\0"
    work = pipeline.pyodide_stages(
        pipeline.Pyodide("glue", wasm, wasm, None, keep_dead_code=False, speed=True, split=True),
        pipeline.PYODIDE_STAGES[1:],  # all but the glue's edits, which need npm's glue
    )
    said = capsys.readouterr().err.splitlines()
    assert work.done == [] and work.cold is None and work.wasm == wasm
    assert said == [
        "build: pyodide: cut exports left out: asked for (--all-wasm-exports); " + pipeline.LOSS["cut exports"],
        "build: pyodide: dead code left out: the exports were not cut, so every function is reachable; "
        + pipeline.LOSS["dead code"],
        "build: pyodide: graphics left out: the exports were not cut; " + pipeline.LOSS["graphics"],
        "build: pyodide: split left out: the dead code is still in (the split needs the wasm without it); "
        + pipeline.LOSS["split"],
    ]
    monkeypatch.setattr(pipeline.wasm_dead_code, "available", lambda: False)
    cut = pipeline.Pyodide("glue", wasm, wasm, [], keep_dead_code=False, speed=True, split=True, done=["cut exports"])
    assert [stage.left_out(cut) for stage in pipeline.PYODIDE_STAGES[2:]] == [
        "binaryen is not installed (run `npm ci`)",
        None,
        "the dead code is still in (the split needs the wasm without it)",
    ]
    asked = pipeline.Pyodide("glue", wasm, wasm, [], keep_dead_code=True, speed=True, split=False, done=["dead code"])
    assert pipeline.PYODIDE_STAGES[2].left_out(asked) == "asked for (--keep-dead-code)"
    assert pipeline.PYODIDE_STAGES[4].left_out(asked) == "asked for (--no-wasm-split)"
