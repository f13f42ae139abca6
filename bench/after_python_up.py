"""Where a first visit's time goes after Python is up, two builds side by side.

    .venv/bin/python bench/after_python_up.py --a DIR --b DIR [--runs 12] [--query ?game=hearts] [--link 10:40]

Not a test. A first visit (a fresh Chromium profile, on localhost) spends
some 0.4-1.1 s between the loader's "baza:python-up" mark (loadPyodide has
returned) and the drawn table: PyScript's bootstrap, the import of ui.app
(the game, the ui modules, the bots, the saves) and the first draw. That is
CPU, not network, so it shows on localhost as over a slow link. This bench
visits build A and build B in alternation (A, B, then B, A, ...), each visit
in a fresh browser process on an empty profile, closed once the table is
ready (the snapshot that the loader makes after ready is not waited for),
and reads the page's own marks. ``--link MBIT:RTT`` emulates a network as
bench/first_visit.py does (the DevTools protocol's
Network.emulateNetworkConditions; the build's .br files served by
Accept-Encoding); without it, localhost at full speed.

  up-main    "baza:python-up" to "baza:main": PyScript's bootstrap and
             ui/main.py's imports (ui.app and everything it imports)
  main-drawn "baza:main" to "baza:drawn": the App made, the saved game or a
             new deal, the first draw (the English catalogue imported)
  up-drawn   the two together: the stretch this bench is for
  ready      navigation to <html data-ready="true">

Prints the medians of each build, the ratio B / A of the medians, and the
median of the paired differences B - A (visit i of A against visit i of
B, made one after the other, so that a drift of the machine's load shows
less), then one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))  # the build's server
from serve import make_server  # noqa: E402

# As tests/browser/conftest.py launches Chromium.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"
READY = "() => performance.now()"
STRETCHES = {
    "up-main": ("baza:python-up", "baza:main"),
    "main-drawn": ("baza:main", "baza:drawn"),
    "up-drawn": ("baza:python-up", "baza:drawn"),
}


def visit(playwright, url: str, profile: Path, link: tuple[float, float] | None) -> dict[str, float]:
    """One first visit: {stretch: ms} and "ready"."""
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=os.environ.get("CHROMIUM") or "/usr/bin/chromium",
        headless=True,
        args=CHROMIUM_ARGS,
    )
    try:
        page = context.new_page()
        if link is not None:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            throughput = link[0] * 1e6 / 8
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": link[1],
                    "downloadThroughput": throughput,
                    "uploadThroughput": throughput,
                },
            )
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        ready = page.evaluate(READY)
        marks = page.evaluate(MARKS)
    finally:
        context.close()
    out = {name: marks[b] - marks[a] for name, (a, b) in STRETCHES.items() if a in marks and b in marks}
    out["ready"] = ready
    return out


def serve(root: Path):
    server = make_server(root, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", type=Path, required=True, help="the reference build (build/build.py --out DIR)")
    parser.add_argument("--b", type=Path, required=True, help="the build with the change")
    parser.add_argument("--runs", type=int, default=12, help="visits of each build")
    parser.add_argument("--query", default="?game=hearts", help="the page's query string")
    parser.add_argument("--link", help="MBIT:RTT, e.g. 10:40 (Mbit/s, round trip ms); default: localhost")
    args = parser.parse_args()
    link = None
    if args.link:
        try:
            mbit, rtt = (float(x) for x in args.link.split(":"))
        except ValueError:
            sys.exit(f"after_python_up: --link wants MBIT:RTT, e.g. 10:40, not {args.link!r}")
        link = (mbit, rtt)
    for build in (args.a, args.b):
        if not (build / "index.html").is_file():
            sys.exit(f"after_python_up: {build} is not a build (no index.html)")
    load_before = os.getloadavg()
    started = datetime.datetime.now().astimezone()
    servers = {"a": serve(args.a), "b": serve(args.b)}
    urls = {k: f"http://127.0.0.1:{s.server_address[1]}/{args.query}" for k, s in servers.items()}
    runs: dict[str, list[dict[str, float]]] = {"a": [], "b": []}
    try:
        with tempfile.TemporaryDirectory(prefix="baza-after-up-") as tmp, sync_playwright() as playwright:
            for run in range(args.runs):
                for name in ("a", "b") if run % 2 == 0 else ("b", "a"):
                    runs[name].append(visit(playwright, urls[name], Path(tmp) / f"{name}-{run}", link))
                    figures = ", ".join(f"{k} {v:.0f}" for k, v in runs[name][-1].items())
                    print(f"  run {run + 1} {name}: {figures} ms", flush=True)
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()
    names = [*STRETCHES, "ready"]
    result: dict[str, dict] = {}
    where = f"{args.link} (Mbit/s:RTT ms)" if link else "localhost"
    print(f"\nfirst visits over {where}, {args.runs} each: median ms (A = {args.a}, B = {args.b})")
    print(f"{'stretch':<12}{'A':>8}{'B':>8}{'B / A':>8}{'B - A paired':>14}")
    for name in names:
        a = [r[name] for r in runs["a"] if name in r]
        b = [r[name] for r in runs["b"] if name in r]
        if not a or not b:
            continue
        paired = [y - x for x, y in zip(a, b, strict=False)]
        row = {
            "a": round(statistics.median(a), 1),
            "b": round(statistics.median(b), 1),
            "ratio": round(statistics.median(b) / statistics.median(a), 3),
            "paired_difference": round(statistics.median(paired), 1),
        }
        result[name] = row
        print(f"{name:<12}{row['a']:>8.0f}{row['b']:>8.0f}{row['ratio']:>8.2f}{row['paired_difference']:>14.0f}")
    print(
        json.dumps(
            {
                "bench": "after_python_up",
                "date": started.isoformat(timespec="seconds"),
                "load_average": {"before": load_before, "after": os.getloadavg()},
                "runs": args.runs,
                "query": args.query,
                "link": args.link,
                "builds": {"a": str(args.a), "b": str(args.b)},
                "medians": result,
                "raw": runs,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
