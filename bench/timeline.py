"""Where the first few hundred milliseconds of a return visit go.

    .venv/bin/python bench/timeline.py [--runs 5] [--dist DIR] [--compare NAME=DIR ...]

Not a test: it asserts nothing, it measures and prints. ``bench/startup.py``
says how long a start takes; this says what the page waits for before
PyScript asks for Python, the stretch where our page is 60-100 ms behind the
bare PyScript page (docs/PERFORMANCE.md). For each page, each run is a new
profile: a first visit (which installs the service worker and, on our page,
waits for the memory snapshot to be stored), then two return visits, each in
a fresh browser process. Of the return visits it reports the medians of:

  navigation   workerStart, responseStart, responseEnd, domInteractive and
               DOMContentLoaded end of the document (Navigation Timing)
  first paint  first-contentful-paint
  files        start, service-worker start and end of each start-up file
               (Resource Timing): PyScript's chunks, its config, our loader,
               Pyodide's modules, the precompiled zip, the style sheet and
               the two classic scripts
  PyScript     the time of each of its "py:progress" steps

Then one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from startup import (  # bench/ is the script's folder, first on sys.path
    CHROMIUM_ARGS,
    INIT_SCRIPT,
    READY_TIMEOUT_MS,
    SNAPSHOT_SETTLED,
    SW_READY,
    Site,
    bare_site,
    build_site,
    chromium_path,
    machine,
)

# The files of a start whose timing is worth a line (names without query or folder).
WATCHED = "|".join(
    [r"core\\.js", "core-", "toml", r"loader\\.mjs", r"pyodide\\.m?js", r"pyodide\\.asm\\.mjs"]
    + ["stdlib_pyc", r"page\\.css", r"loading\\.js", "sw-register", r"nodes\\.js"]
)

COLLECT = f"""() => {{
  const nav = performance.getEntriesByType("navigation")[0];
  const files = {{}};
  for (const e of performance.getEntriesByType("resource")) {{
    const name = e.name.split("?")[0].split("/").pop();
    if (new RegExp("{WATCHED}").test(name)) files[name] = [e.startTime, e.workerStart || null, e.responseEnd];
  }}
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {{
    navigation: [nav.workerStart, nav.responseStart, nav.responseEnd, nav.domInteractive, nav.domContentLoadedEventEnd],
    first_paint: paint ? paint.startTime : null,
    files,
    steps: Object.fromEntries(window.__bench.progress.map(([t, step]) => [step, t])),  // startup.py's INIT_SCRIPT
  }};
}}"""

NAVIGATION = ["workerStart", "responseStart", "responseEnd", "domInteractive", "DOMContentLoaded"]


def median(values: list) -> int | None:
    values = [v for v in values if v is not None]
    return round(statistics.median(values)) if values else None


def profile_visits(playwright, site: Site, ours: bool) -> list[dict]:
    """A new profile's first visit, then the figures of its two return visits."""
    figures = []
    with tempfile.TemporaryDirectory(prefix="baza-timeline-") as profile:
        for number in (1, 2, 3):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            try:
                context.add_init_script(INIT_SCRIPT)
                page = context.new_page()
                page.goto(site.url)
                page.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)
                if number == 1:
                    if ours:
                        page.evaluate(SW_READY)
                        page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
                    page.wait_for_timeout(2000)  # caches written, as in startup.py
                else:
                    figures.append(page.evaluate(COLLECT))
            finally:
                context.close()
    return figures


def summarise(figures: list[dict]) -> dict:
    files = {name for f in figures for name in f["files"]}
    steps = {step for f in figures for step in f["steps"]}
    return {
        "navigation": {key: median([f["navigation"][i] for f in figures]) for i, key in enumerate(NAVIGATION)},
        "first_paint": median([f["first_paint"] for f in figures]),
        "files": {
            name: [median([f["files"][name][i] for f in figures if name in f["files"]]) for i in range(3)]
            for name in files
        },
        "steps": {step: median([f["steps"].get(step) for f in figures]) for step in steps},
    }


def show(name: str, s: dict) -> None:
    print(f"== {name}: medians of the return visits, ms from navigation start")
    navigation = "  ".join(f"{k} {v}" for k, v in s["navigation"].items())
    print(f"  navigation  {navigation}  first paint {s['first_paint']}")
    print("  file                               start  worker    end")
    for file, (start, worker, end) in sorted(s["files"].items(), key=lambda item: item[1][0] or 0):
        print(f"  {file:<34} {start!s:>5}  {worker!s:>6}  {end!s:>5}")
    for step, at in sorted(s["steps"].items(), key=lambda item: item[1] or 0):
        print(f"  PyScript: {step:<28} {at}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="profiles per page (2 return visits each)")
    parser.add_argument("--dist", type=Path, help="measure this build (built if missing) instead of a fresh one")
    parser.add_argument("--query", default="?game=hearts", help="query string for our pages")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR", help="another build of our page")
    args = parser.parse_args()

    started = datetime.datetime.now().astimezone()
    before = machine()
    results = {}
    with tempfile.TemporaryDirectory(prefix="baza-timeline-") as tmp_name:
        tmp = Path(tmp_name)
        dist = build_site(args.dist.resolve() if args.dist else None, tmp)
        pages = [("ours", dist, True)]
        for item in args.compare:
            name, _, folder = item.partition("=")
            pages.append((name, Path(folder).resolve(), True))
        pages.append(("bare", bare_site(dist, tmp / "bare"), False))
        sites = [(Site(name, root, args.query if ours else ""), ours) for name, root, ours in pages]
        with sync_playwright() as playwright:
            for site, _ in sites:
                site.start()
            try:
                # The pages in alternation, one profile each, so that a change in
                # the machine's load falls on all of them alike.
                raw: dict[str, list] = {site.name: [] for site, _ in sites}
                for _ in range(args.runs):
                    for site, ours in sites:
                        raw[site.name] += profile_visits(playwright, site, ours)
            finally:
                for site, _ in sites:
                    site.stop()
    for name, figures in raw.items():
        results[name] = summarise(figures)
        show(name, results[name])
    print(json.dumps({"bench": "timeline", "date": started.isoformat(timespec="seconds"), "runs": args.runs,
                      "machine": {"before": before, "after_load_average": list(os.getloadavg())},
                      "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
