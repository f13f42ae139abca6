"""Where Python's time goes while the page starts: cProfile in the page.

    .venv/bin/python bench/pyprofile.py [--runs 3] [--dist DIR] [--top 25] [--settle 3]

Not a test: it measures and prints. Copies a build (a fresh one of the
repository, or ``--dist DIR``) and edits the copy's loader.mjs in one
place: as the loader hands Python over to PyScript ("baza:python-up"), it
turns Python's profiler (cProfile) on, for a restored start and a plain one
alike, and lends the page's Python to this script. An init script turns the
profiler off at the "baza:drawn" mark (ui/app.py), so a profile covers
PyScript's bootstrap (its package written and imported, our script
compiled and run) and ui/app.py up to the drawn table; JavaScript and the
browser's own work (layout, the wasm's instantiation) are not in it.

Each run is a first visit (a plain start, which also makes the memory
snapshot) and a return visit (restored from it), each in a fresh Chromium
process on the run's own profile folder. Prints, per visit, the functions
with the largest cumulative and own times in ms, means over the runs
(cProfile's own cost inflates code that makes many small Python calls, so
read the shares, not the milliseconds), then everything as JSON on the last
line. It found that PyScript compiled ui/main.py's 180 lines from source at
every start (commit 16e45cc).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import READY_TIMEOUT_MS, SNAPSHOT_SETTLED, SW_READY, Site, build_site, launch_browser

ROOT = Path(__file__).resolve().parent.parent

# The loader's line that marks Python handed over, and what goes before it.
HANDOVER = 'mark("python-up");\n'  # as build/slim.mjs ships it: no indentation
PROFILE_ON = (
    "  globalThis.__bazaProfiled = pyodide;\n"
    '  pyodide.runPython("import builtins, cProfile\\n'
    'builtins.__baza_profile = cProfile.Profile()\\nbuiltins.__baza_profile.enable()");\n'
)

# Off at the table's "baza:drawn" mark: an observer's callback runs once the
# task that drew the table (and marked the page ready) is over.
INIT_SCRIPT = """(() => {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((entry) => entry.name === "baza:drawn")) return;
    observer.disconnect();
    globalThis.__bazaProfiled?.runPython("import builtins\\nbuiltins.__baza_profile.disable()");
    globalThis.__bazaProfileDone = true;
  }).observe({ type: "mark", buffered: true });
})();"""

# The profile as rows: [function, calls, own ms, cumulative ms].
ROWS = """
import builtins, json, pstats
rows = []
for (path, line, name), (_, calls, own, total, _) in pstats.Stats(builtins.__baza_profile).stats.items():
    for prefix in ("/lib/python314.zip/", "/home/pyodide/"):
        path = path.removeprefix(prefix)
    where = f"{path}:{line}({name})" if path != "~" else name
    rows.append([where, calls, own * 1000, total * 1000])
json.dumps(rows)
"""


def profiled_copy(dist: Path, dest: Path) -> Path:
    """A copy of the build whose loader turns the profiler on; the service
    worker's list of files (their sizes and SHA-256, which it checks as it
    installs) is made to match the edited loader."""
    shutil.copytree(dist, dest)
    (loader,) = (dest / "runtime").glob("start-*/loader.mjs")
    before = loader.read_bytes()
    text = before.decode("utf-8")
    if text.count(HANDOVER) != 1:
        sys.exit(f"pyprofile: {loader} does not mark python-up once: the loader changed, update HANDOVER")
    after = text.replace(HANDOVER, PROFILE_ON + HANDOVER).encode("utf-8")
    loader.write_bytes(after)
    sw = dest / "sw.js"
    old = f'{len(before)},"{hashlib.sha256(before).hexdigest()}"]'
    new = f'{len(after)},"{hashlib.sha256(after).hexdigest()}"]'
    text = sw.read_text(encoding="utf-8")
    if text.count(old) != 1:
        sys.exit("pyprofile: the service worker does not list the loader once: update profiled_copy")
    sw.write_text(text.replace(old, new), encoding="utf-8")
    return dest


def visit(playwright, site: Site, profile: Path, first: bool, settle: float) -> tuple[list, dict]:
    """One visit in a fresh browser process: the profile's rows and bazaStart."""
    context = launch_browser(playwright, profile)
    try:
        context.add_init_script(INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        if settle:
            page.wait_for_timeout(settle * 1000)
        page.goto(site.url, wait_until="commit")
        page.wait_for_function("() => globalThis.__bazaProfileDone === true", timeout=READY_TIMEOUT_MS)
        rows = json.loads(page.evaluate("(code) => globalThis.__bazaProfiled.runPython(code)", ROWS))
        start = page.evaluate("() => ({...globalThis.bazaStart})")
        if first:
            page.evaluate(SW_READY)
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
            page.wait_for_timeout(2000)  # the caches written, as startup.py's linger
        return rows, start
    finally:
        context.close()


def mean_rows(runs: list[list]) -> list[dict]:
    """Each function's calls and times, summed over the runs and divided by their number."""
    total: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for rows in runs:
        for where, calls, own, cumulative in rows:
            entry = total[where]
            entry[0] += calls
            entry[1] += own
            entry[2] += cumulative
    n = len(runs)
    return [
        {"function": where, "calls": calls / n, "own_ms": own / n, "cumulative_ms": cumulative / n}
        for where, (calls, own, cumulative) in total.items()
    ]


def print_table(title: str, rows: list[dict], key: str, top: int) -> None:
    print(f"  {title}")
    print(f"  {'cumulative ms':>13} {'own ms':>8} {'calls':>8}  function")
    for row in sorted(rows, key=lambda r: -r[key])[:top]:
        print(f"  {row['cumulative_ms']:13.1f} {row['own_ms']:8.1f} {row['calls']:8.0f}  {row['function'][:110]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, help="profile this build instead of a fresh one")
    parser.add_argument("--top", type=int, default=25, help="rows per table")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds between a browser's launch and the visit")
    args = parser.parse_args()

    git = ["git", "rev-parse", "--short", "HEAD"]
    commit = subprocess.run(git, cwd=ROOT, capture_output=True, text=True).stdout.strip()
    visits: dict[str, list] = {"first": [], "return": []}
    starts: dict[str, list] = {"first": [], "return": []}
    with tempfile.TemporaryDirectory(prefix="baza-pyprofile-") as tmp_name:
        tmp = Path(tmp_name)
        site = Site("ours", profiled_copy(build_site(args.dist, tmp), tmp / "site"), service_worker=True)
        site.start()
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    profile = tmp / f"profile-{run}"
                    for kind in ("first", "return"):
                        rows, start = visit(playwright, site, profile, kind == "first", args.settle)
                        visits[kind].append(rows)
                        starts[kind].append(start.get("snapshot"))
                        own = sum(row[2] for row in rows)
                        said = f"{own:6.1f} ms of Python (snapshot: {start.get('snapshot')})"
                        print(f"  run {run + 1} {kind:6} visit: {said}", file=sys.stderr)
        finally:
            site.stop()

    result = {"bench": "pyprofile", "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
              "commit": commit, "runs": args.runs, "settle": args.settle, "visits": {}}
    for kind, runs in visits.items():
        rows = mean_rows(runs)
        python_ms = sum(row["own_ms"] for row in rows)
        print(f"\n== {kind} visit: {python_ms:.1f} ms of Python (mean of {len(runs)}), snapshot {starts[kind]}")
        print_table("by cumulative time", rows, "cumulative_ms", args.top)
        print_table("by own time", rows, "own_ms", args.top)
        kept = sorted(rows, key=lambda r: -r["cumulative_ms"])[: 4 * args.top]
        functions = [{k: round(v, 2) if isinstance(v, float) else v for k, v in r.items()} for r in kept]
        result["visits"][kind] = {"python_ms": round(python_ms, 1), "snapshot": starts[kind], "functions": functions}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
