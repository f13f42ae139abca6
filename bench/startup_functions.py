"""Record which functions of the start-up scripts a start calls.

    .venv/bin/python bench/startup_functions.py [--visits 3]

Writes build/startup-functions.json, which build/build.py hands to
build/eager.mjs: V8 then compiles those functions of Pyodide's glue,
pyodide.mjs and PyScript's core chunk with the file, on a background
thread, instead of on the main thread when first called (and leaves the
rest uncompiled until called). Run it again after an upgrade of Pyodide or
PyScript, or a change of build/runtime.py's patches to them: the build stops when a
listed function is no longer in its file.

It builds the game without the marks (`build.py --no-startup-marks`), then
opens it in Chromium with one profile: a first visit (a plain start, which
also stores the memory snapshot) and restored visits, each in a fresh
browser process, with V8's precise coverage on. A function is listed when
it ran in any of them.
"""

from __future__ import annotations

import argparse
import json
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from startup import CHROMIUM_ARGS, SNAPSHOT_SETTLED, SW_READY, Site, chromium_path  # bench/ is first on sys.path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "startup-functions.json"
# The scripts worth marking: large, and mostly run at start (runtime/<package>-<version>-<hash>/<file>).
WATCHED = {"pyodide": ["pyodide.asm.mjs", "pyodide.mjs"], "pyscript": ["core-"]}


def watched(url: str) -> str | None:
    """``package/file`` for a start-up script worth marking, else None."""
    parts = url.split("?")[0].split("/")
    if len(parts) < 2 or parts[-2].count("-") < 2:
        return None
    package, name = parts[-2].split("-")[0], parts[-1]
    if any(name == want or (want.endswith("-") and name.startswith(want)) for want in WATCHED.get(package, [])):
        return f"{package}/{name}"
    return None


def record(dist: Path, visits: int) -> dict[str, list[dict]]:
    """Coverage per watched script: every visit's function ranges, merged by count."""
    site = Site("ours", dist, service_worker=True)
    site.start()
    merged: dict[str, dict[tuple[int, int], int]] = {}
    try:
        with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
            for number in range(1, visits + 1):
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
                )
                page = context.pages[0]
                cdp = context.new_cdp_session(page)
                cdp.send("Profiler.enable")
                cdp.send("Profiler.startPreciseCoverage", {"callCount": True, "detailed": False})
                page.goto(site.url, wait_until="commit")
                page.wait_for_selector("html[data-ready=true]", timeout=180_000)
                start = page.evaluate("globalThis.bazaStart?.snapshot")
                for script in cdp.send("Profiler.takePreciseCoverage")["result"]:
                    name = watched(script["url"])
                    if name is None:
                        continue
                    ranges = merged.setdefault(name, {})
                    for function in script["functions"]:
                        first = function["ranges"][0]
                        span = (first["startOffset"], first["endOffset"])
                        ranges[span] = ranges.get(span, 0) + first["count"]
                print(f"visit {number}: snapshot {start}", file=sys.stderr)
                if number == 1:
                    page.evaluate(SW_READY)
                    page.wait_for_function(SNAPSHOT_SETTLED, timeout=180_000)
                context.close()
    finally:
        site.stop()
    return {
        name: [{"ranges": [{"startOffset": a, "endOffset": b, "count": n}]} for (a, b), n in spans.items()]
        for name, spans in merged.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--visits", type=int, default=3, help="a first visit, then restored ones")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        subprocess.run(
            [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(dist), "--no-startup-marks"], check=True
        )
        coverage = record(dist, args.visits)
        lists = {}
        for name, functions in sorted(coverage.items()):
            package, file = name.split("/")
            served = next((dist / "runtime").glob(f"{package}-*/{file}"))
            cover = Path(tmp) / "coverage.json"
            cover.write_text(json.dumps(functions), encoding="utf-8")
            keys = subprocess.run(
                ["node", str(ROOT / "build" / "eager.mjs"), "keys", str(served), str(cover)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            lists[name] = sorted(json.loads(keys))
            print(f"{name}: {len(lists[name])} of {len(functions)} functions ran", file=sys.stderr)
    # The versions as the build reads them, which it checks the list against.
    package_version = runpy.run_path(str(ROOT / "build" / "runtime.py"))["package_version"]
    OUT.write_text(
        json.dumps(
            {
                "note": "the functions a start calls, as name#rank:length: written by bench/startup_functions.py",
                "pyodide": package_version(ROOT / "node_modules" / "pyodide"),
                "pyscript": package_version(ROOT / "node_modules" / "@pyscript" / "core"),
                "files": lists,
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
