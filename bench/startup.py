"""Start-up of Baza's page against a bare PyScript page, in headless Chromium.

    .venv/bin/python bench/startup.py [--runs 5] [--visits 3] [--dist DIR] [--baseline] [--only a,b]
                                      [--compare NAME=DIR ...] [--settle SECONDS]

Not a test: it asserts nothing about times, it measures and prints.

Two pages, served on 127.0.0.1 by build/serve.py's server (same MIME types
and cache headers as a real host), each on its own port (its own origin):

- ``ours``: a fresh build of the repository (build/build.py into a private
  temporary folder, so that another process rebuilding dist/ cannot change
  the files under our feet; ``--dist DIR`` measures an existing build);
- ``bare``: bench/bare/, a PyScript page whose Python only sets
  ``<html data-ready="true">``, with the very same runtime files (the
  build's runtime/pyscript-*/ and runtime/pyodide-*/, linked in).

``--compare NAME=DIR`` adds another build of our page under that name,
for instance the build of an older commit (check it out in a worktree and
run its own build/build.py), to measure what a change gained.
``--only a,b`` keeps the pages named. ``--baseline`` adds our page
without each start-up lever of the build, to measure what each gains:

- ``ours-src``: built with ``--no-precompile`` (Python starts from the
  standard library's sources; the service worker as in the build);
- ``ours-oldsw``: the build, its service worker answering the ``.wasm``
  from its cache too, as before (V8 gets no wasm code cache then);
- ``ours-before``: both levers off (the page as it was before them).

The machine is shared and noisy, so the pages are measured in alternation:
run 1 visits ours then bare, run 2 bare then ours, and so on, visit by
visit. Each visit is a fresh browser process (launch_persistent_context on
the run's own profile folder): visit 1 with an empty profile is the first
visit; visits 2, 3... reuse the profile, so the HTTP cache, the code caches
and our service worker are in place: return visits. (Playwright's default
contexts keep no disk cache, which is why a persistent profile is used.)
``--settle SECONDS`` lets each browser finish its own start before the
navigation (bench/README.md says why).

Per visit it records, in milliseconds from the start of navigation:
  fcp         first-contentful-paint (the shell with its loading indicator)
  ready       <html data-ready="true"> (for ours: the table takes input)
  downloads   end of the last response that arrived before ready
and
  net_kb      bytes the page fetched from the network by ready (CDP
              encodedDataLength of responses not served by a cache or the
              service worker)
  server_kb   bytes the server sent during the whole visit, the service
              worker's own downloads included (it caches the build after
              the first start)
  heap_mb     JS heap in use after ready (CDP Runtime.getHeapUsage)
  wasm_mb     WebAssembly memory after ready (the Memory objects created
              or exported while the page started, caught by an init script)
and PyScript's start-up steps (its "py:progress" events) as a breakdown;
for our page also the steps of its start, printed as "loader ms" when
every visit of a row has them: its "baza:" performance marks, the
loader's (loader, snapshot-record, snapshot-checked, python-up;
build/pyodide-loader.mjs), then the page's (main in ui/main.py, drawn in
ui/app.py).

Prints one table per visit (median, min-max, ratio of medians to bare),
then everything as one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import sync_playwright
from startup_report import METRICS, report, summary  # noqa: F401 (summary: for the other benches)

ROOT = Path(__file__).resolve().parent.parent
BARE = ROOT / "bench" / "bare"
# The very server of `bash build/play.sh` and the browser tests (build/ is no
# package, so it is loaded by path, as tests/browser/conftest.py does).
sys.path.insert(0, str(ROOT / "build"))  # the build's server
from serve import make_server  # noqa: E402

# As in tests/browser/conftest.py: headless, quiet, no background traffic.
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
READY_TIMEOUT_MS = 180_000  # a loaded 2-core machine can take long on a first visit

# Runs in every document before its own scripts: notes when the page marks
# itself ready (a MutationObserver fires in the same task as the change, so
# the time is exact), PyScript's progress events, and every WebAssembly
# memory (Pyodide's is exported by its module; a Memory made in JS is caught
# too), so that its size can be read after the start.
INIT_SCRIPT = """(() => {
  const bench = (window.__bench = { ready: null, progress: [], memories: [], instances: [] });
  // Only kept here: their exports are read after ready (COLLECT), not
  // during the start it measures (Pyodide's has thousands).
  const keep = (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result && result.instance;
    if (instance) bench.instances.push(instance);
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      return original.apply(this, args).then((result) => (keep(result), result));
    };
  }
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(target, args) {
      const memory = Reflect.construct(target, args);
      bench.memories.push(memory);
      return memory;
    },
  });
  const check = () => {
    const root = document.documentElement;
    if (bench.ready === null && root && root.dataset.ready === "true") bench.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  addEventListener("py:progress", (event) => bench.progress.push([performance.now(), String(event.detail)]));
})();"""

# Read in the page once it is ready.
COLLECT = """() => {
  const bench = window.__bench;
  const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  const nav = performance.getEntriesByType("navigation")[0];
  const ends = performance.getEntriesByType("resource").map((r) => r.responseEnd).filter((t) => t <= bench.ready);
  for (const instance of bench.instances) {
    for (const value of Object.values(instance.exports)) {
      if (value instanceof WebAssembly.Memory) bench.memories.push(value);
    }
  }
  const memories = [...new Set(bench.memories)].map((m) => m.buffer.byteLength);
  return {
    ready: bench.ready,
    fcp: paint["first-contentful-paint"] ?? null,
    downloads: Math.max(nav ? nav.responseEnd : 0, ...ends),
    progress: bench.progress,
    wasm_bytes: memories.length ? Math.max(...memories) : null,
    // Whether our loader restored its snapshot, with the steps it marks
    // (build/pyodide-loader.mjs, "baza:")
    snapshot: globalThis.bazaStart?.snapshot === undefined ? null : {
      used: globalThis.bazaStart.stdlib === "snapshot",
      ...Object.fromEntries(performance.getEntriesByType("mark")
        .filter((m) => m.name.startsWith("baza:")).map((m) => [m.name.slice(5), m.startTime])),
    },
  };
}"""

# As tests/browser/conftest.py's SW_READY: resolves once the page's service
# worker is active, i.e. its install has cached the whole build.
SW_READY = """async () => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    sleep(120000).then(() => { throw new Error("no active service worker after 120 s"); }),
  ]);
  while (registration.active.state !== "activated") await sleep(50);
}"""

# What the tables show, in order: (key, label, unit divisor, decimals).


@dataclass
class Site:
    """One page to measure: where it is served from and how it behaves."""

    name: str
    root: Path  # served folder (for the byte count of the server's answers)
    path: str = ""  # URL path and query below the root, e.g. "?speed=instant"
    service_worker: bool = False  # wait for its install on a first visit
    block_sw: bool = False  # launch with service workers blocked (HTTP cache only)
    server: object = None
    url: str = ""
    note: str = ""

    def start(self) -> None:
        self.server = make_server(self.root, port=0, quiet=True)
        # A browser closed mid-download makes the server print a broken pipe.
        self.server.handle_error = lambda request, address: None
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/{self.path}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def bytes_sent(self, since: int) -> int:
        """Body bytes of the 200 answers since hit number ``since``.

        build/serve.py never compresses and always answers 200 with the
        whole file (it drops conditional headers), so a file's size is what
        went over the wire, headers aside.
        """
        total = 0
        for method, path, status in self.server.hits[since:]:
            if method != "GET" or status != 200:
                continue
            file = self.root / unquote(urlsplit(path).path).lstrip("/")
            if file.is_dir():
                file = file / "index.html"
            if file.is_file():
                total += file.stat().st_size
        return total


@dataclass
class Visit:
    site: str
    run: int
    visit: int  # 1 = first visit (empty profile), 2... = return visits
    values: dict = field(default_factory=dict)
    progress: list = field(default_factory=list)
    requests: dict = field(default_factory=dict)
    snapshot: dict | None = None  # the snapshot loader's timings, if the page has one


# --- Building and serving -----------------------------------------------------


def build_site(dist: Path | None, tmp: Path) -> Path:
    """An existing build, or a fresh one in tmp (building dist/ if asked and missing)."""
    if dist is not None:
        if not (dist / "index.html").is_file():
            print(f"startup: no build in {dist}, building it", file=sys.stderr)
            subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--out", str(dist)], check=True)
        return dist
    out = tmp / "dist"
    subprocess.run(
        [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


# The line of build/sw.js that leaves the .wasm to the HTTP cache while online.
SW_WASM_LINE = "  if (TO_HTTP_CACHE(new URL(request.url))) return;\n"


def baseline_sites(tmp: Path, query: str) -> list[Site]:
    """Our page without the precompiled stdlib, without the wasm rule of the worker, without both."""

    def build(name: str, *options: str, old_sw: bool = False) -> Path:
        out = tmp / name
        command = [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(out), *options]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        if old_sw:
            sw = out / "sw.js"
            text = sw.read_text(encoding="utf-8")
            if text.count(SW_WASM_LINE) != 1:
                sys.exit("startup: build/sw.js has no .wasm rule to take out")
            sw.write_text(text.replace(SW_WASM_LINE, ""), encoding="utf-8")
        return out

    return [
        Site(
            "ours-src",
            build("ours-src", "--no-precompile"),
            path=query,
            service_worker=True,
            note="Baza built with --no-precompile (stdlib from sources)",
        ),
        Site(
            "ours-oldsw",
            build("ours-oldsw", old_sw=True),
            path=query,
            service_worker=True,
            note="Baza, the service worker answers the .wasm from its cache too",
        ),
        Site(
            "ours-before",
            build("ours-before", "--no-precompile", old_sw=True),
            path=query,
            service_worker=True,
            note="Baza without both levers (stdlib from sources, .wasm from the worker)",
        ),
    ]


def runtime_dirs(dist: Path) -> dict[str, Path]:
    """The build's versioned runtime folders, by logical name (pyscript, pyodide)."""
    found = {}
    for name in ("pyscript", "pyodide"):
        dirs = sorted((dist / "runtime").glob(f"{name}-*"))
        if len(dirs) != 1:
            sys.exit(f"startup: expected one runtime/{name}-* folder in {dist}, found {len(dirs)}")
        found[name] = dirs[0]
    return found


def bare_site(dist: Path, folder: Path, page: Path = BARE) -> Path:
    """bench/bare/ with the build's runtime linked in as runtime/pyscript, runtime/pyodide."""
    folder.mkdir(parents=True)
    for file in page.iterdir():
        if file.is_file():
            shutil.copyfile(file, folder / file.name)
    (folder / "runtime").mkdir()
    for name, path in runtime_dirs(dist).items():
        (folder / "runtime" / name).symlink_to(path, target_is_directory=True)
    # The build merges PyScript's core.css into its own style sheet, and our
    # loader hands Pyodide its lock file: the bare page gets npm's copies of
    # both, in a folder of links to the build's runtime files.
    extras = {
        "pyscript": ROOT / "node_modules" / "@pyscript" / "core" / "dist" / "core.css",
        "pyodide": ROOT / "node_modules" / "pyodide" / "pyodide-lock.json",
    }
    for name, extra in extras.items():
        linked = folder / "runtime" / name
        if not (linked / extra.name).is_file():
            linked.unlink()
            linked.mkdir()
            for file in runtime_dirs(dist)[name].iterdir():
                (linked / file.name).symlink_to(file)
            shutil.copyfile(extra, linked / extra.name)
    return folder


# --- One visit ----------------------------------------------------------------


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).is_file():
        sys.exit(f"startup: no Chromium at {path}: apt-get install chromium, or set CHROMIUM")
    return path


def launch_browser(playwright, profile: Path, block_sw: bool = False):
    """A fresh Chromium process on ``profile`` (a persistent context, so that
    return visits find the HTTP cache, V8's code caches and the service
    worker), headless as the browser tests launch it."""
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800},
        service_workers="block" if block_sw else "allow",
    )


# True once the page is not making a snapshot (build/pyodide-loader.mjs's bazaStart.made).
SNAPSHOT_SETTLED = """() => {
  const made = globalThis.bazaStart?.made;
  return made === undefined || made === "stored" || made.startsWith("failed");
}"""


def visit(playwright, site: Site, profile: Path, number: int, linger: float, settle: float = 0.0) -> dict:
    """Open site.url in a fresh browser process on ``profile``; return its figures.

    ``settle`` seconds pass between the browser's launch and the navigation:
    a browser that has just started still sets up its own pages (Chromium
    preloads its omnibox popup, hundreds of milliseconds of a renderer's
    time) and would share the two cores with the page.
    """
    context = launch_browser(playwright, profile, site.block_sw)
    try:
        context.add_init_script(INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        # CDP's view of the page's requests: where each answer came from and
        # how many bytes it took on the wire.
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        source, wire = {}, {}

        def on_response(event):
            response = event["response"]
            if response.get("fromServiceWorker"):
                source[event["requestId"]] = "service_worker"
            elif response.get("fromDiskCache") or response.get("fromPrefetchCache"):
                source[event["requestId"]] = "cache"
            else:
                source[event["requestId"]] = "network"

        cdp.on("Network.responseReceived", on_response)
        cdp.on("Network.loadingFinished", lambda e: wire.__setitem__(e["requestId"], e["encodedDataLength"]))

        if settle:
            page.wait_for_timeout(settle * 1000)
        since = len(site.server.hits)
        page.goto(site.url, wait_until="commit")
        page.wait_for_function("() => window.__bench && window.__bench.ready !== null", timeout=READY_TIMEOUT_MS)
        figures = page.evaluate(COLLECT)
        heap = cdp.send("Runtime.getHeapUsage")
        counts = {"network": 0, "cache": 0, "service_worker": 0}
        for where in source.values():
            counts[where] += 1
        net_bytes = sum(size for rid, size in wire.items() if source.get(rid) == "network")

        if number == 1 and site.service_worker and not site.block_sw:
            # Let the worker install (it caches the build) as a player's
            # browser would before the next visit.
            page.evaluate(SW_READY)
        # A first start makes the memory snapshot of the next ones, a few
        # seconds after ready: a player's first visit lasts that long.
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
        # Leave time for the HTTP cache and V8's code caches to be written.
        page.wait_for_timeout(linger * 1000)
        return {
            "values": {
                "fcp": figures["fcp"],
                "ready": figures["ready"],
                "downloads": figures["downloads"],
                "net_bytes": net_bytes,
                "server_bytes": site.bytes_sent(since),
                "heap_bytes": heap["usedSize"],
                "wasm_bytes": figures["wasm_bytes"],
            },
            "progress": figures["progress"],
            "requests": counts,
            "snapshot": figures["snapshot"],
        }
    finally:
        context.close()


# --- Statistics and output ----------------------------------------------------


def machine() -> dict:
    """The machine and the sources measured (other sessions may have uncommitted edits)."""
    chromium = subprocess.run([chromium_path(), "--version"], capture_output=True, text=True).stdout.strip()
    git = ["git", "-C", str(ROOT)]
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        [*git, "status", "--porcelain", "--", "index.html", "pyscript.toml", "assets", "game", "ui"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return {
        "commit": commit + (" + uncommitted edits in the page's sources" if dirty else ""),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "platform": platform.platform(),
        "chromium": chromium,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs per page (each visit: a fresh browser)")
    parser.add_argument("--visits", type=int, default=3, help="visits per run: 1 first + return visits")
    parser.add_argument("--dist", type=Path, help="measure this build (built if missing) instead of a fresh one")
    parser.add_argument("--query", default="", help="query string for our page, e.g. '?game=hearts'")
    parser.add_argument("--linger", type=float, default=2.0, help="seconds a page stays open after ready")
    parser.add_argument(
        "--settle",
        type=float,
        default=0.0,
        help="seconds between the browser's launch and the navigation (0: at once, as a link that starts the browser)",
    )
    parser.add_argument(
        "--baseline", action="store_true", help="add our page without each start-up lever (ours-src, -oldsw, -before)"
    )
    parser.add_argument(
        "--chromium-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="one more Chromium switch for every visit, e.g. --chromium-arg=--js-flags=--no-wasm-deopt (repeatable)",
    )
    parser.add_argument("--only", help="comma-separated site names to measure (default: all)")
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also measure another build of our page, e.g. one made by an older commit's build/build.py",
    )
    args = parser.parse_args()
    # Every launch of this run, every page's: a diagnosis (a V8 flag, say), not a lever a page has.
    CHROMIUM_ARGS.extend(args.chromium_arg)

    started = datetime.datetime.now().astimezone()
    machine_before = machine()
    with tempfile.TemporaryDirectory(prefix="baza-startup-") as tmp_name:
        tmp = Path(tmp_name)
        dist = build_site(args.dist.resolve() if args.dist else None, tmp)
        sites = [
            Site("ours", dist, path=args.query, service_worker=True, note="Baza's build"),
            Site("bare", bare_site(dist, tmp / "bare"), note="bench/bare/: PyScript, no game"),
        ]
        for spec in args.compare:
            name, _, folder = spec.partition("=")
            if not name or not (Path(folder) / "index.html").is_file():
                parser.error(f"--compare {spec!r}: NAME=DIR, with DIR a build (index.html in it)")
            root = Path(folder).resolve()
            # The folder's own name only: the results JSON is kept in the repository.
            sites.append(Site(name, root, path=args.query, service_worker=True, note=f"another build: {root.name}"))
        if args.baseline:
            sites += baseline_sites(tmp, args.query)
        if args.only:
            keep = set(args.only.split(","))
            sites = [s for s in sites if s.name in keep]
        reference = "bare" if any(s.name == "bare" for s in sites) else sites[0].name
        for site in sites:
            site.start()
        print(f"startup: {args.runs} runs x {args.visits} visits of " + ", ".join(s.name for s in sites))
        visits: list[Visit] = []
        failures: list[dict] = []
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    # Alternate the order, so that neither page always follows the other.
                    order = sites if run % 2 == 0 else list(reversed(sites))
                    profiles = {s.name: tmp / f"profile-{s.name}-{run}" for s in sites}
                    for number in range(1, args.visits + 1):
                        for site in order:
                            t0 = time.monotonic()
                            try:
                                result = visit(playwright, site, profiles[site.name], number, args.linger, args.settle)
                            except Exception as error:  # a crashed renderer must not end the whole run
                                print(f"  run {run + 1} visit {number} {site.name:>10}: FAILED {error}", flush=True)
                                failures.append({"site": site.name, "run": run, "visit": number, "error": str(error)})
                                continue
                            visits.append(Visit(site.name, run, number, **result))
                            print(
                                f"  run {run + 1} visit {number} {site.name:>10}: ready "
                                f"{result['values']['ready']:.0f} ms, fcp {result['values']['fcp'] or 0:.0f} ms"
                                f" ({time.monotonic() - t0:.1f} s wall)",
                                flush=True,
                            )
                    for profile in profiles.values():
                        shutil.rmtree(profile, ignore_errors=True)
        finally:
            for site in sites:
                site.stop()
        results = report(sites, visits, args.visits, reference)
    print(
        json.dumps(
            {
                "bench": "startup",
                "date": started.isoformat(timespec="seconds"),
                "machine": {"before": machine_before, "after_load_average": [round(x, 2) for x in os.getloadavg()]},
                "runs": args.runs,
                "visits": args.visits,
                "query": args.query,
                "settle": args.settle,
                "chromium_args": args.chromium_arg,
                "sites": {s.name: s.note for s in sites},
                "failures": failures,
                "results": results,
                "raw": [
                    {"site": v.site, "run": v.run, "visit": v.visit, **v.values, "snapshot": v.snapshot} for v in visits
                ],
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
