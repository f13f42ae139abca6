"""Building the site from a test: a copy of its sources, build/build.py on it, its files.json.

Used by tests/build (the build's steps, no browser) and tests/browser (the
built page in Chromium).
"""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["index.html", "pyscript.toml", "assets", "game", "ui"]  # what build.py --src reads


def copy_sources(dest: Path) -> Path:
    """A snapshot of the site's sources, to build from with build.py --src."""
    dest.mkdir(parents=True)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, dest / name)
    return dest


def build_command(out: Path, *options: str) -> list[str]:
    """build/build.py into out with options, and the options bench/wasm_calls.py
    --suite adds to every build of its run (BAZA_TEST_BUILD_OPTIONS): the
    session's build and a test's own alike then number the wasm's functions
    as npm's file does, as the record of the calls needs."""
    extra = os.environ.get("BAZA_TEST_BUILD_OPTIONS", "").split()
    return [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(out), *options, *extra]


def build_from(src: Path, out: Path, *options: str) -> dict:
    """Run build/build.py on src into out; return the build's files.json."""
    subprocess.run(build_command(out, "--src", str(src), *options), check=True, capture_output=True)
    return file_list(out)


def build_site(out: Path, *options: str) -> Path:
    """Run build/build.py on the repository into out; return out.

    bench/wasm_calls.py --suite runs the browser tests on a build whose
    wasm is whole, to record every function the tests' actions call
    (build_command).
    """
    subprocess.run(build_command(out, *options), check=True)
    return out


def wasm_parts(dist: Path) -> tuple[bytes, bytes]:
    """A build's Pyodide wasm in its two parts (build/runtime/wasm_split.py): the hot one and the cold one."""
    (folder,) = (dist / "runtime").glob("pyodide-*")
    return (folder / "pyodide.asm.wasm").read_bytes(), (folder / "pyodide.cold.wasm").read_bytes()


def file_list(dist: Path) -> dict:
    """A build's files.json: its version and every file with URL, size and hash."""
    return json.loads((dist / "files.json").read_text(encoding="utf-8"))


# A fixture here rather than in a conftest.py: tests/browser's test modules
# import their conftest by name, and a second conftest module in one pytest
# session would be the one they find. A test module imports it
# (built_site), and its tests ask for it as dist. Pytest keeps a session
# fixture imported into several modules once per module, so the build itself
# is kept here: one build for the whole session (no test writes into it).
_BUILT: list[Path] = []


@pytest.fixture(scope="session", name="dist")
def built_site(tmp_path_factory) -> Path:
    """A fresh build of the site, made once per test session."""
    if not _BUILT:
        _BUILT.append(build_site(tmp_path_factory.mktemp("dist")))
    return _BUILT[0]


# Pyodide started in Node.js from a build's start zip, as the page's loader
# starts it, with the stock zip in its file system (at /lib/python_stdlib.zip,
# for the Python to put on sys.path as the loader does after ready) and the
# game's zip beside it (at /lib/game.zip).
START_ZIP_RUN = """
const { loadPyodide } = await import(%(pyodide)s + "pyodide.mjs");
const { readFileSync } = await import("node:fs");
const py = await loadPyodide({ indexURL: %(pyodide)s, stdLibURL: %(start)s });
py.FS.writeFile("/lib/python_stdlib.zip", readFileSync(%(pyodide)s + "python_stdlib.zip"));
py.FS.writeFile("/lib/game.zip", readFileSync(%(game)s));
console.log(py.runPython(`%(python)s`));
"""


def start_zip_modules(dist: Path) -> set[str]:
    """The top-level names in a build's start zip (modules and packages)."""
    (start,) = dist.glob("runtime/start-*/python_stdlib_pyc.zip")
    return {name.split("/")[0].removesuffix(".pyc") for name in zipfile.ZipFile(start).namelist()}


def run_on_start_zip(dist: Path, folder: Path, python: str):
    """What ``python`` (inside a JavaScript template literal: backslashes
    doubled) ends with, as JSON, run in Pyodide started from the build's start zip."""
    (start,) = dist.glob("runtime/start-*/python_stdlib_pyc.zip")
    pyodide = json.dumps(str(ROOT / "node_modules" / "pyodide") + "/")
    script = folder / "check.mjs"
    files = {"start": json.dumps(str(start)), "game": json.dumps(str(start.parent / "game.zip"))}
    script.write_text(START_ZIP_RUN % {"pyodide": pyodide, **files, "python": python})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])
