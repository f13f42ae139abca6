"""Records which functions of Pyodide's wasm the page calls: build/runtime/wasm-hot-functions.json.

    .venv/bin/python bench/wasm_calls.py [--rounds 1] [--out build/runtime/wasm-hot-functions.json]
    .venv/bin/python bench/wasm_calls.py --suite [-k EXPRESSION]

Not a timing: the build's input. The build ships Pyodide's wasm in two parts (build/runtime/wasm_split.py): the
functions listed here, which a start downloads, and the rest, fetched after
the table is ready. A function left out of the list still runs (its part
is loaded at its first call), but that call waits for the download: so
the list holds every function that a start, a restored start and the first
hands of both games call.

How: a build with the wasm whole and its dead code kept (``build.py
--no-wasm-split --keep-dead-code``), so that every function has its index
in npm's wasm; Chromium started with V8's ``--trace-wasm-compilation-times``,
which prints each function as V8 compiles it; a first visit compiles a
function at its first call (lazy compilation), so the functions compiled
are the functions called. Each round visits, each visit a fresh browser:
Hearts on a new profile (a hand played with the clicks of
tests/browser/table_helpers.py; the snapshot made after ready), the same
profile again (a start restored from the snapshot; a hand), then links
with other games, presets, seats, levels, seeds, languages and watch mode
(VISITS), each on a new profile. The Worker that
makes the snapshot compiles in the same browser and is counted too.

With --suite, the visits are the whole browser test suite instead (every
game, dialog, language, save, import and error path the tests click
through): pytest tests/browser on the same kind of build
(BAZA_TEST_BUILD_OPTIONS, read by tests/build/build_helpers.py for the
session's build and for every build a test makes of its own, whose
functions would otherwise be numbered in the split parts), with the
tests' Chromium started through a wrapper that adds V8's flag and keeps
what every process prints. A test that fails there still counts its
calls. tests/browser/test_wasm_split.py is left out: its tests call the
cold part on purpose.

Writes the union of the indices with the digest of npm's wasm
(build/runtime/wasm_split.py checks it) and prints how many functions and bytes
the list holds.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from longtasks import play_hand  # bench/ is the script's folder, first on sys.path
from playwright.sync_api import sync_playwright
from startup import READY_TIMEOUT_MS, SNAPSHOT_SETTLED, Site
from wasm_tiering import COMPILED, READY, chromium_path, launch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from runtime import wasm_split  # noqa: E402 (after the path it needs)

VISITS = [  # (query, new profile, wait for the snapshot, play a hand)
    ("", True, True, True),
    ("", False, False, True),
    ("?game=spades&level=hard&speed=instant", True, False, True),
    ("?game=hearts&preset=standard&speed=instant&seed=11", True, False, True),
    ("?game=spades&preset=partnership&players=3&seed=42&lang=es&speed=fast", True, False, True),
    ("?game=hearts&players=5&lang=pt&level=easy&speed=instant&deck=four", True, False, True),
    ("?watch=1&faceup=1&speed=instant&lang=sv&target=200", True, False, False),
]


WHOLE_BUILD = ["--no-wasm-split", "--keep-dead-code"]


def suite(tmp: Path, select: str | None) -> set[int]:
    """The functions compiled while pytest runs tests/browser on a whole-wasm build."""
    log = tmp / "v8-suite.log"
    wrapper = tmp / "chromium"
    wrapper.write_text(
        "#!/bin/sh\n"
        f"exec {shlex.quote(chromium_path())} --js-flags=--trace-wasm-compilation-times"
        f' "$@" >>{shlex.quote(str(log))}\n'
    )
    wrapper.chmod(0o755)
    env = {**os.environ, "CHROMIUM": str(wrapper), "BAZA_TEST_BUILD_OPTIONS": " ".join(WHOLE_BUILD)}
    command = [sys.executable, "-m", "pytest", "tests/browser", "-q", "-p", "no:cacheprovider"]
    # test_wasm_split calls the cold part on purpose (decimal, the CJK codecs, unicodedata): never hot.
    command += ["--deselect", "tests/browser/test_wasm_split.py"]
    subprocess.run([*command, *(["-k", select] if select else [])], cwd=ROOT, env=env, check=False)
    return {int(m[1]) for m in COMPILED.finditer(log.read_text(errors="replace"))}


def build(out: Path) -> None:
    """A build whose wasm is npm's with its exports cut: every function keeps its index."""
    command = [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(out), WHOLE_BUILD[0]]
    subprocess.run([*command, *WHOLE_BUILD[1:]], check=True, stdout=subprocess.DEVNULL)


def visit(playwright, url: str, profile: Path, output: Path, snapshot: bool, play: bool) -> set[int]:
    """The functions compiled during one visit (a hand played)."""
    browser, port = launch(profile, output)
    try:
        cdp = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        page = cdp.contexts[0].pages[0] if cdp.contexts[0].pages else cdp.contexts[0].new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        try:
            if play:
                play_hand(page)
            else:  # watching: the computer players play on their own
                time.sleep(10)
        except Exception as error:
            print(f"  (no hand played: {error})")
        if snapshot:
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
        time.sleep(2)
        cdp.close()
    finally:
        browser.terminate()
        browser.wait(10)
    return {int(m[1]) for m in COMPILED.finditer(output.read_text(errors="replace"))}


def visits(rounds: int, module) -> set[int]:
    """The functions compiled during VISITS, ``rounds`` times over."""
    called: set[int] = set()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = Path(tmp) / "dist"
        build(dist)
        site = Site("ours", dist)
        site.start()
        try:
            for round_number in range(rounds):
                profile = None
                for i, (query, fresh, snapshot, play) in enumerate(VISITS):
                    if fresh or profile is None:
                        profile = Path(tempfile.mkdtemp(dir=tmp))
                    output = Path(tmp) / f"v8-{round_number}-{i}.log"
                    seen = visit(playwright, site.url + query, profile, output, snapshot, play)
                    defined = {f for f in seen if f >= module.function_imports}
                    print(f"round {round_number + 1}, visit {i + 1} {query or '(hearts)'}: {len(defined)} functions")
                    called |= defined
        finally:
            site.stop()
    return called


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=wasm_split.HOT_LIST)
    parser.add_argument("--fresh", action="store_true", help="leave out what the list held (else: add to it)")
    parser.add_argument("--suite", action="store_true", help="the browser test suite's actions instead of VISITS")
    parser.add_argument("-k", dest="select", help="with --suite: only the tests pytest -k selects")
    args = parser.parse_args()
    npm_wasm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    module = wasm_split.read(npm_wasm)
    sizes = [end - start for start, end in module.bodies]
    # A rare path (a dict resized at another moment) shows in one run and not
    # in the next: runs add to the list of the same wasm, unless --fresh.
    kept = None if args.fresh or not args.out.is_file() else wasm_split.hot_functions(npm_wasm, args.out)
    called: set[int] = set(kept or [])
    if args.suite:
        with tempfile.TemporaryDirectory() as tmp:
            called |= {f for f in suite(Path(tmp), args.select) if f >= module.function_imports}
    else:
        called |= visits(args.rounds, module)
    functions = sorted(f for f in called if f < len(module.function_types))
    hot_bytes = sum(sizes[f - module.function_imports] for f in functions)
    record = {
        "note": "functions of Pyodide's wasm (indices in npm's file, imports first) that the page calls;"
        " written by bench/wasm_calls.py, read by build/runtime/wasm_split.py",
        "pyodide_wasm_sha256": wasm_split.digest(npm_wasm),
        "functions": functions,
    }
    args.out.write_text(json.dumps(record, indent=0) + "\n", encoding="utf-8")
    print(
        f"{len(functions)} of {len(sizes)} functions, {hot_bytes / 1e6:.2f} of {sum(sizes) / 1e6:.2f} MB of code:"
        f" {args.out}"
    )
    print(json.dumps({"functions": len(functions), "hot_code_bytes": hot_bytes, "code_bytes": sum(sizes)}))


if __name__ == "__main__":
    main()
