"""What each import of a start costs in the browser: Python's -X importtime in the page.

    .venv/bin/python bench/importtime.py [--runs 5] [--dist DIR] [--top 25]

Not a test. Builds the repository (build/build.py into a temporary folder,
or measures --dist DIR), and serves two copies of it whose loader.mjs starts
Python with PYTHONPROFILEIMPORTTIME=1 (the -X importtime of the command
line): ``pyc`` (the build as it is: the start's standard-library modules
and the game's modules precompiled) and ``src`` (the precompiled zip taken
out, so the loader starts from the sources, as before the build made it).
The start zip holds the game as bytecode only, so there is no copy with the
game's modules alone compiled from source any more.
Each run opens both pages, in alternation, in a fresh headless Chromium with
service workers blocked and a warm HTTP cache (one page load first), and
reads the lines Python wrote to stderr (PyScript shows them in the console).

Prints, per copy, the median over the runs of the imports that took longest
(cumulative ms: the module and everything it imported first, self ms: its
own body), for the game's modules (game., ui.) and the standard library's
top-level imports, then everything as JSON on the last line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))  # the build's server
from serve import make_server  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")
HOOK = "export async function loadPyodide(options={}){\n"  # as build/slim.mjs ships it
PROFILE = 'options = { ...options, env: { ...options.env, PYTHONPROFILEIMPORTTIME: "1" } };\n'


def copy(dist: Path, out: Path, precompiled: bool) -> Path:
    shutil.copytree(dist, out)
    (runtime,) = (out / "runtime").glob("start-*")
    loader = runtime / "loader.mjs"
    text = loader.read_text(encoding="utf-8")
    if text.count(HOOK) != 1:
        sys.exit("importtime: loader.mjs has no loadPyodide to hook")
    text = text.replace(HOOK, HOOK + "  " + PROFILE)
    loader.write_text(text, encoding="utf-8")
    if not precompiled:
        (runtime / "python_stdlib_pyc.zip").unlink()
    return out


def measure(playwright, url: str, profile: Path) -> dict[str, tuple[int, int, int]]:
    """{module: (self us, cumulative us, depth)} of one start (the second load of the profile)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=os.environ.get("CHROMIUM") or "/usr/bin/chromium",
        headless=True,
        args=CHROMIUM_ARGS,
        service_workers="block",
    )
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        lines: list[str] = []
        page.on("console", lambda message: lines.extend(message.text.splitlines()))
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        page.wait_for_timeout(300)
    finally:
        context.close()
    found = {}
    for line in lines:
        match = LINE.search(line)
        if match:
            self_us, cumulative, indent, name = match.groups()
            found.setdefault(name, (int(self_us), int(cumulative), len(indent) // 2))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, help="measure this build instead of a fresh one")
    parser.add_argument("--top", type=int, default=25, help="rows per table")
    args = parser.parse_args()
    started = datetime.datetime.now().astimezone()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="baza-importtime-") as tmp_name:
        tmp = Path(tmp_name)
        dist = args.dist
        if dist is None:
            dist = tmp / "dist"
            subprocess.run(
                [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(dist)],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        sites = {
            "pyc": copy(dist, tmp / "pyc", True),
            "src": copy(dist, tmp / "src", False),
        }
        servers, urls = [], {}
        for name, root in sites.items():
            server = make_server(root, port=0, quiet=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers.append(server)
            urls[name] = f"http://127.0.0.1:{server.server_address[1]}/?game=hearts"
        runs: dict[str, list[dict]] = {name: [] for name in sites}
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    for name in sites if run % 2 == 0 else list(reversed(sites)):
                        runs[name].append(measure(playwright, urls[name], tmp / f"profile-{name}-{run}"))
                        print(f"  run {run + 1} {name}: {len(runs[name][-1])} imports", flush=True)
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
    results = {}
    for name, found in runs.items():
        modules = sorted(set().union(*found)) if found else []
        rows = []
        for module in modules:
            samples = [f[module] for f in found if module in f]
            depth = samples[0][2]
            ours = module.split(".")[0] in ("game", "ui")
            if not ours and depth > 0:
                continue  # the standard library's own nested imports: in their parent's cumulative
            rows.append(
                {
                    "module": module,
                    "depth": depth,
                    "self_ms": round(statistics.median(s[0] for s in samples) / 1000, 1),
                    "cumulative_ms": round(statistics.median(s[1] for s in samples) / 1000, 1),
                }
            )
        rows.sort(key=lambda r: -r["cumulative_ms"])
        results[name] = rows
        print(f"\n{name}: median of {len(found)} starts, top-level imports and every game/ui module, ms")
        print(f"{'module':40} {'cumulative':>10} {'self':>8}")
        for row in rows[: args.top]:
            print(f"{'  ' * min(row['depth'], 3) + row['module']:40} {row['cumulative_ms']:>10} {row['self_ms']:>8}")
    print(
        json.dumps(
            {
                "bench": "importtime",
                "date": started.isoformat(timespec="seconds"),
                "load_average": {
                    "before": [round(x, 2) for x in load_before],
                    "after": [round(x, 2) for x in os.getloadavg()],
                },
                "runs": args.runs,
                "results": results,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
