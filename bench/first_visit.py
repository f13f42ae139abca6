"""A first visit as a new visitor makes it: Baza's page against bare PyScript pages, over an emulated network.

    .venv/bin/python bench/first_visit.py [--runs 3] [--link MBIT:RTT ...] [--modes br,gzip,gzip-nozip,none]
                                          [--via devtools,proxy,proxy-cut] [--no-play]
                                          [--pages ours,bare,stock] [--dist DIR] [--json PATH]
                                          [--linger 2] [--timeout 300]
    nice -n 10 .venv/bin/python bench/first_visit.py --runs 1        # a quick look, both links, br and gzip
    nice -n 10 .venv/bin/python bench/first_visit.py --link 10:40 --link 1.6:150 --link 50:20
    nice -n 10 .venv/bin/python bench/first_visit.py --pages ours,stock --modes br
    nice -n 10 .venv/bin/python bench/first_visit.py --link 10:40 --modes br,gzip-nozip,none --pages ours,bare
    nice -n 10 .venv/bin/python bench/first_visit.py --link 1.6:150 --via proxy --modes br
    nice -n 10 .venv/bin/python bench/first_visit.py --link 1.6:150 --via proxy-cut --modes br --pages ours

Not a test: it asserts nothing, it measures and prints.

Every visit is a new Chromium process on a new, empty profile folder
(launch_persistent_context on a fresh temporary folder: no HTTP cache, no
code cache, no service worker, no stored snapshot). The link is made one of
these ways (--via, default devtools; "devtools,proxy" measures both):
  devtools  before the navigation the page's network is emulated through
            the DevTools protocol (Network.emulateNetworkConditions:
            latency = the link's round trip, throughput both ways = Mbit/s
            * 1e6 / 8 bytes per second); the service worker's downloads are
            not throttled
  proxy     the page is opened through bench/throttle_proxy.py, a TCP proxy
            in front of the server (a new one a visit, on its own port: the
            page's origin is the proxy's): every connection of the browser
            shares one line of Mbit/s each way, each chunk half the round
            trip late, a new connection a round trip more (the handshake):
            the service worker's downloads included, as on a real link
  proxy-cut the same, and at ready the proxy resets every connection and
            every new one from then on (a phone walking into a tunnel, the
            browser still believing it is online): does the player still
            reach its second card, without a fatal error?

Pages (--pages, default all three), measured in turn within each run, the
order rotated run by run (run 1 ours, bare, stock; run 2 bare, stock, ours;
run 3 stock, ours, bare; ...), so that no page always follows another:
  ours   a fresh build of the checkout (build/build.py into a private
         temporary folder; --dist DIR measures an existing build)
  bare   bench/bare/: PyScript whose Python only sets data-ready, with the
         build's own runtime folders linked in (bench/startup.py's bare_site):
         it gains from every edit of the build's runtime
  stock  the same page on npm's stock runtime, the versions package.json pins
         (node_modules/@pyscript/core/dist and node_modules/pyodide, linked
         file by file into a folder of the run), as the issue's first table
         measured the bare PyScript page; for the br mode each compressible
         file gets its FILE.br and FILE.gz beside it, as build/build.py
         writes them (build/compress.mjs, with the build's cache of
         compressed files: the brotli of the wasm is made once a machine);
         npm's python_stdlib.zip, deflated inside, gets none (brotli saves
         under 5 % of it) and goes out as it is, as from such a host
Serving modes (build/serve.py's make_server, each page on its own port;
--modes, default br,gzip):
  br     encoding="auto": the precompressed FILE.br / FILE.gz by
         Accept-Encoding (Chromium sends "gzip, deflate, br, zstd"); a file
         without them goes out as it is (bare's own index.html and
         pyscript.toml): see the per-file encodings
  gzip   encoding="gzip": gzip on the fly at level 6 for every compressible
         type, the zips included (compressed once before the runs, as a
         host's front end keeps it)
  gzip-nozip
         encoding="gzip-nozip": the same for text, JavaScript, CSS, JSON,
         wasm and SVG but not application/zip, as ordinary hosts and a
         usual nginx gzip_types compress (issue 42)
  none   encoding="none": every file as it is (a host that compresses
         nothing: an object store's bucket)
Links: "10 Mbit/s, 40 ms" and "1.6 Mbit/s, 150 ms"; --link MBIT:RTT (repeatable)
measures the links given instead.

Figures of a visit, in ms of the page's own clock (performance.now(), 0 =
the navigation's start):
  ready          <html data-ready="true"> seen by a MutationObserver that an
                 init script installs before the page's scripts (ours: the
                 table takes input; bare: its Python has run)
  shown          the first frame after ready drawn: a task queued from its
                 requestAnimationFrame callback runs (a page that lays out
                 its table in ready's task has paid for that layout by
                 ready, one that does not pays for it here)
  fcp            first-contentful-paint
  wire           bytes on the wire before ready: the sum of CDP
                 Network.loadingFinished encodedDataLength (headers included)
                 of the page's requests that finished before ready
  wire_total     the same for every request of the page by the end of the
                 linger after ready (--linger, 2 s): what came after ready
  server         body bytes the server sent during the whole visit, the
                 service worker's and workers' downloads included (their
                 requests are not the page's, CDP does not show them here)
  bar            the loading bar (#loading-bar, else [role="progressbar"]):
                 its aria-valuenow sampled every 100 ms while it is visible,
                 and once more as ready is seen; bar_seen is the first sample
                 that found it visible, then its first value, its last value
                 before ready, and whether it reached aria-valuemax (100); a
                 gap in the series is the main thread busy (nor can the bar
                 be repainted then)
  files          per request: URL path, Content-Encoding, encoded bytes, and
                 when it was asked for, answered (headers in) and finished
                 (CDP times mapped to the page's clock by the median offset
                 to Resource Timing's responseEnd)
  link_bytes     through the proxy: every byte it carried to the browser

What a player waits for (ours only, unless --no-play): the page is opened
at ?speed=instant (the default game, Hearts; the computer players at speed
Instant) and, from ready, a player acts as soon as the page allows (it
lives in the page, looks at every frame for what it can click next and
clicks it at once: bench/eager_player.py): a Hint and the pass (the three
hinted cards, then Pass), a Hint, the hinted card and Undo, then cards: the
first trick's card again and the second trick's. Each step's time is when
the table's data-step moved past the click (a MutationObserver):
  pass, first_card, undo (the card back in the hand, seen by the bench),
  first_card_again
  second_card    the player's card of the second trick on the table: THE
                 figure, navigation to the player's second card played
  longest_task_after_ready
                 the longest main-thread task (PerformanceObserver
                 "longtask", installed by the init script) after ready, to
                 the end of the linger: of a task that began before ready,
                 its part after ready
  sync_requests  every synchronous XMLHttpRequest the page opened (time,
                 URL): the glue's way of loading the wasm's cold part when a
                 function of it is called before it has arrived (issue 42)
  fatal          console lines with Pyodide's "fatal error"; error: where the
                 player got stuck, if it did (the visit's other figures stay)
The linger starts after the second card, so "MB by linger" then counts what
came by then.

Prints a table per link, way and mode (medians, [min-max]; then the ratios
of medians of ours to each other page; the player's figures, and its second
card against the other page's ready; what each page sent by
Content-Encoding, with any request to another origin or that failed), then
everything as one JSON object on the last line; --json PATH also writes it
there (bench/results/<date>-first-visit-*.json). Each block of the JSON
("LINK | MODE"; "LINK | MODE | proxy" or "| proxy-cut" through the proxy) has a summary per
page (ours' with "play") and "ratios" (ours / bare, the key of the older
files; second_card_to_ready: ours' second card / bare's ready) and
"ratios_stock" (ours / stock).
"""

from __future__ import annotations

import argparse
import collections
import datetime
import functools
import itertools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "build")]  # its fellow benches; the build's server
import serve  # noqa: E402
import startup  # noqa: E402
from eager_player import marks_of, page_player  # noqa: E402
from first_visit_report import report  # noqa: E402
from startup import bare_site, build_site, launch_browser, machine  # noqa: E402
from throttle_proxy import ThrottleProxy  # noqa: E402

DEFAULT_LINKS = ["10:40", "1.6:150"]
PAGES = ("ours", "bare", "stock")
MODES = ("br", "gzip", "gzip-nozip", "none")
DEFAULT_MODES = ("br", "gzip")
# build/serve.py's encoding for each serving mode.
ENCODING = {"br": "auto", "gzip": "gzip", "gzip-nozip": "gzip-nozip", "none": "none"}
# How a visit's link is made: Chromium's emulation, or bench/throttle_proxy.py.
VIAS = ("devtools", "proxy", "proxy-cut")
# The game a player's first visit opens (the default, Hearts), with the
# computer players at speed Instant.
PLAY_PATH = "?speed=instant"
PLAY_TIMEOUT_MS = 120_000  # a turn, on a weak link and a busy machine
CUT_TIMEOUT_MS = 60_000  # a turn after the cut: longer is a page that no longer answers
# The stock page's runtime folders: npm's package and its folder the page loads.
NPM_RUNTIME = {"pyscript": ("@pyscript/core", "dist"), "pyodide": ("pyodide", "")}
# As build/build.py compresses its files: the script and the cache it shares.
COMPRESS, COMPRESS_CACHE = ROOT / "build" / "compress.mjs", ROOT / ".cache" / "compressed"

# Python's fatal error, as Pyodide writes it to the console.
FATAL = re.compile(r"fatal[ _]error", re.IGNORECASE)

# Runs in the page before its own scripts (the top document only).
INIT_SCRIPT = """(() => {
  if (window.top !== window) return;
  performance.setResourceTimingBufferSize(2000);
  const bench = (window.__firstVisit = {
    ready: null, shown: null, bar: [], barSeen: null, barMax: null, tasks: [], clicks: [], steps: [], syncRequests: [],
  });
  // Main-thread tasks over 50 ms, the player's clicks, every change of the
  // table's step, and any synchronous XMLHttpRequest (the glue loads a part
  // of the wasm that way when one of its functions is called before it has
  // arrived: issue 42).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  addEventListener("click", () => bench.clicks.push(performance.now()), true);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.id === "table") bench.steps.push([performance.now(), Number(r.target.dataset.step || 0)]);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-step"] });
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, async) {
    if (arguments.length > 2 && !async) bench.syncRequests.push([Math.round(performance.now()), String(url)]);
    return open.apply(this, arguments);
  };
  const sample = (atReady) => {
    const bar = document.getElementById("loading-bar") || document.querySelector('[role="progressbar"]');
    // At ready the page hides its loading screen in the same task: the bar
    // is taken as it stood, visible or not.
    if (!bar || (!atReady && !bar.checkVisibility())) return;
    const now = performance.now();
    if (bench.barSeen === null) bench.barSeen = now;
    const value = bar.getAttribute("aria-valuenow");
    bench.bar.push([Math.round(now), value === null ? null : Number(value)]);
    bench.barMax = Number(bar.getAttribute("aria-valuemax") ?? 100);
  };
  const tick = () => {
    if (bench.ready !== null) return;
    sample(false);
    setTimeout(tick, 100);
  };
  const check = () => {
    const root = document.documentElement;
    if (bench.ready !== null || !root || root.dataset.ready !== "true") return;
    bench.ready = performance.now();  // a MutationObserver runs in the task of the change: exact
    sample(true);
    // The first frame after ready is drawn (its style, layout and paint
    // done) when a task queued from its animation frame callback runs.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (bench.shown = performance.now());
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  tick();
})();"""

COLLECT = """() => {
  const bench = window.__firstVisit;
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
  const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("baza:"));
  return {
    ...bench,
    cold: globalThis.bazaStart ? globalThis.bazaStart.cold ?? null : null,
    fcp: paint ? paint.startTime : null,
    timing: entries.map((e) => [e.name, e.responseEnd]),
    marks: marks.map((m) => [m.name, Math.round(m.startTime)]),
  };
}"""


def parse_link(spec: str) -> dict:
    """A link from MBIT:RTT, e.g. "1.6:150": 1.6 Mbit/s both ways, 150 ms round trip.

    >>> parse_link("1.6:150")["throughput"]
    200000.0
    >>> parse_link("10:40")["name"]
    '10 Mbit/s, 40 ms'
    """
    mbit, sep, rtt = spec.partition(":")
    try:
        rate, latency = float(mbit), float(rtt)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--link {spec!r}: write Mbit/s:round-trip ms, e.g. 1.6:150") from None
    if not sep or rate <= 0 or latency < 0:
        raise argparse.ArgumentTypeError(f"--link {spec!r}: write Mbit/s:round-trip ms, e.g. 1.6:150")
    return {"name": f"{rate:g} Mbit/s, {latency:g} ms", "mbit": rate, "rtt_ms": latency, "throughput": rate * 1e6 / 8}


def comma_list(allowed: tuple[str, ...], value: str) -> list[str]:
    """The names of a comma-separated option, in the order given, each once.

    >>> comma_list(PAGES, "stock, ours,stock")
    ['stock', 'ours']
    """
    names = list(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    if not names or set(names) - set(allowed):
        raise argparse.ArgumentTypeError(f"{value!r}: one or more of {', '.join(allowed)}, comma-separated")
    return names


# --- The pages ----------------------------------------------------------------


@functools.cache
def npm_runtime() -> dict[str, tuple[Path, str]]:
    """npm's PyScript and Pyodide folders, with package@version, checked against package.json's pins."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    found = {}
    for name, (package, folder) in NPM_RUNTIME.items():
        manifest = ROOT / "node_modules" / package / "package.json"
        if not manifest.is_file():
            sys.exit(f"first_visit: no node_modules/{package}: run npm ci")
        version = json.loads(manifest.read_text(encoding="utf-8"))["version"]
        if version != pins[package]:
            sys.exit(f"first_visit: node_modules/{package} is {version}, package.json pins {pins[package]}: npm ci")
        found[name] = (manifest.parent / folder, f"{package}@{version}")
    return found


def stock_site(folder: Path, compress: bool) -> Path:
    """bench/bare/ on npm's stock runtime: runtime/pyscript and runtime/pyodide hold links to npm's files.

    Both npm folders have what the bare page asks for beyond the runtime
    (PyScript's core.css, Pyodide's lock file). With compress, FILE.br and
    FILE.gz beside each compressible file, as build/build.py writes them (a
    copy not at least 5 % smaller is left out: that file goes out as it is).
    """
    folder.mkdir(parents=True)
    for file in startup.BARE.iterdir():
        if file.is_file():
            shutil.copyfile(file, folder / file.name)
    for name, (source, _) in npm_runtime().items():
        linked = folder / "runtime" / name
        linked.mkdir(parents=True)
        for file in source.iterdir():
            if file.is_file():
                (linked / file.name).symlink_to(file)
    if compress:
        files = [str(p) for p in sorted(folder.rglob("*")) if p.suffix in serve.COMPRESSIBLE]
        node = shutil.which("node")
        if node is None:
            sys.exit("first_visit: the stock page's .br and .gz copies need Node.js (or --modes gzip)")
        print("first_visit: compressing the stock page's files (the wasm's brotli: a minute, once a machine)")
        command = [node, str(COMPRESS), str(COMPRESS_CACHE), *files]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"first_visit: build/compress.mjs failed:\n{result.stderr.strip()}")
    return folder


def page_roots(pages: list[str], dist: Path | None, modes: list[str], tmp: Path) -> dict[str, Path]:
    """The folder each page is served from (the build made only for ours or bare)."""
    roots = {}
    if "ours" in pages or "bare" in pages:
        try:
            built = build_site(dist, tmp)
        except subprocess.CalledProcessError:
            sys.exit("first_visit: the build failed (its message is above); --dist DIR measures an existing build")
        roots["ours"] = built
        if "bare" in pages:
            roots["bare"] = bare_site(built, tmp / "bare")
    if "stock" in pages:
        roots["stock"] = stock_site(tmp / "stock", compress="br" in modes)
    return {name: roots[name] for name in pages}


def page_notes(pages: list[str]) -> dict[str, str]:
    """What each page is, for the JSON."""
    notes = {"ours": "Baza's build", "bare": "bench/bare/: PyScript, no game, the build's runtime"}
    if "stock" in pages:
        versions = ", ".join(version for _, version in npm_runtime().values())
        notes["stock"] = f"bench/bare/: PyScript, no game, npm's stock runtime ({versions})"
    return {name: notes[name] for name in pages}


# --- Serving and visiting -----------------------------------------------------


class CountingHandler(serve.Handler):
    """build/serve.py's handler, noting the body bytes it writes for each GET."""

    def copyfile(self, source, outputfile) -> None:
        sent = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            sent += len(chunk)
        self.server.sent.append((self.path, sent))


def start_server(root: Path, mode: str):
    """root served on a free port of 127.0.0.1 in a serving mode (MODES)."""
    server = serve.make_server(root, port=0, quiet=True, encoding=ENCODING[mode])
    server.RequestHandlerClass = functools.partial(CountingHandler, directory=str(root))
    server.sent = []
    server.handle_error = lambda request, address: None  # a browser closed mid-download: a broken pipe
    if mode in ("gzip", "gzip-nozip"):  # compressed before the runs, so that no visit waits for it
        for folder, _, names in os.walk(root, followlinks=True):
            for name in names:
                suffix = os.path.splitext(name)[1]
                kind = serve.MIME_TYPES.get(suffix, "application/octet-stream")
                if suffix in serve.COMPRESSIBLE and (mode == "gzip" or serve.compressed_by_type(kind)):
                    server.gzipped(os.path.join(folder, name))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def visit(playwright, server, link: dict, via: str, play: bool, profile: Path, timeout: float, linger: float) -> dict:
    """One first visit on an empty profile over the link; its figures (see the module's docstring).

    via: "devtools" (Chromium's emulation), "proxy" (bench/throttle_proxy.py
    in front of the server, the page's origin the proxy's) or "proxy-cut"
    (the same, the link reset at ready for good); play: the eager player up
    to its second card after ready.
    """
    proxy = None
    if via.startswith("proxy"):
        proxy = ThrottleProxy(server.server_address[1], link["mbit"], link["rtt_ms"]).start()
        origin = proxy.url.rstrip("/")
    else:
        origin = f"http://127.0.0.1:{server.server_address[1]}"
    context = launch_browser(playwright, profile)
    fatal: list[str] = []
    try:
        context.add_init_script(INIT_SCRIPT)
        player_timeout = CUT_TIMEOUT_MS if via == "proxy-cut" else PLAY_TIMEOUT_MS
        if play:
            context.add_init_script(page_player(player_timeout))
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", lambda message: FATAL.search(message.text) and fatal.append(message.text))
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if via == "devtools":
            conditions = {"offline": False, "latency": link["rtt_ms"]}
            conditions |= {"downloadThroughput": link["throughput"], "uploadThroughput": link["throughput"]}
            cdp.send("Network.emulateNetworkConditions", conditions)
        requests: dict[str, dict] = {}

        def on_response(event):
            headers = {k.lower(): v for k, v in event["response"]["headers"].items()}
            entry = requests.setdefault(event["requestId"], {})
            entry.update(url=event["response"]["url"], status=event["response"]["status"])
            entry["encoding"] = headers.get("content-encoding", "")
            # The headers' arrival by the response's own timing (the event's
            # timestamp is when CDP sent it, after the body at times).
            if timing := event["response"].get("timing"):
                entry["answered"] = timing["requestTime"] + timing["receiveHeadersEnd"] / 1000

        def on_data(event):
            entry = requests.setdefault(event["requestId"], {})
            entry["partial"] = entry.get("partial", 0) + event.get("encodedDataLength", 0)

        def on_end(event, failed=False):
            entry = requests.setdefault(event["requestId"], {})
            # A request cut off (assets/packed.js stops a host's uncompressed
            # answer once its headers are in) counts what crossed the link.
            received = event.get("encodedDataLength", entry.get("partial", 0))
            entry.update(end=event["timestamp"], bytes=received)
            if failed:
                entry["failed"] = event.get("errorText", "failed")

        def on_request(event):
            entry = requests.setdefault(event["requestId"], {"url": event["request"]["url"]})
            entry.setdefault("asked", event["timestamp"])

        cdp.on("Network.requestWillBeSent", on_request)
        cdp.on("Network.responseReceived", on_response)
        cdp.on("Network.dataReceived", on_data)
        cdp.on("Network.loadingFinished", on_end)
        cdp.on("Network.loadingFailed", lambda e: on_end(e, failed=True))
        since = len(server.sent)
        page.goto(origin + "/" + (PLAY_PATH if play else ""), wait_until="commit", timeout=timeout * 1000)
        page.wait_for_function(
            "() => window.__firstVisit && window.__firstVisit.ready !== null",
            timeout=timeout * 1000,
            polling=20 if via == "proxy-cut" else 200,  # the cut as close to ready as the bench can
        )
        if via == "proxy-cut":
            proxy.set_state("reset")
        marks: dict[str, float] = {}
        play_error = None
        if play:
            try:
                marks, play_error = marks_of(page, 3 * player_timeout)
            except PlaywrightError as error:  # a page that stopped answering is a finding
                play_error = str(error).splitlines()[0]
        page.wait_for_timeout(linger * 1000)
        figures = page.evaluate(COLLECT)
    finally:
        context.close()
        if proxy is not None:
            proxy.stop()
    result = figures_of(figures, requests, origin, sum(sent for _, sent in server.sent[since:]))
    if play:
        result["play"] = play_figures(figures, marks, play_error, fatal)
    if proxy is not None:
        result["link_bytes"] = proxy.down.carried
    return result


def play_figures(figures: dict, marks: dict[str, float], error: str | None, fatal: list[str]) -> dict:
    """The eager player's figures: its steps' times, the longest task after ready, what went wrong."""
    ready = figures["ready"]
    # The part after ready of each long task that ended after it: the task
    # that sets ready goes on drawing the table, and holds the player as long.
    after = [start + length - max(start, ready) for start, length in figures["tasks"] if start + length > ready]
    return {
        **{name: round(at) for name, at in marks.items()},
        "longest_task_after_ready": round(max(after, default=0)),
        "long_tasks_after_ready": len(after),
        "sync_requests": figures["syncRequests"],
        "cold": figures["cold"],
        "fatal": fatal[:3],
        **({"error": error} if error else {}),
    }


def figures_of(figures: dict, requests: dict, origin: str, server_bytes: int) -> dict:
    """A visit's figures from what the page and CDP saw (times in the page's ms)."""
    # CDP's timestamps are seconds of the browser's monotonic clock: the
    # offset to the page's clock is the median gap to Resource Timing's
    # responseEnd of the same URLs (a URL fetched twice is left out).
    ends: dict[str, list[float]] = {}
    for name, end in figures["timing"]:
        ends.setdefault(name, []).append(end)
    finished = [r for r in requests.values() if "end" in r and "url" in r]
    counts = collections.Counter(r["url"] for r in finished)
    gaps = [
        r["end"] * 1000 - ends[r["url"]][0]
        for r in finished
        if counts[r["url"]] == 1 and len(ends.get(r["url"], [])) == 1
    ]
    offset = statistics.median(gaps) if gaps else None

    def page_ms(request: dict, key: str) -> int | None:
        """One of the request's CDP times (seconds) on the page's clock (ms)."""
        return None if offset is None or key not in request else round(request[key] * 1000 - offset)

    ready = figures["ready"]
    files = []
    for r in sorted(finished, key=lambda r: r["end"]):
        url = r["url"]
        if url.startswith("data:") or url.startswith("blob:"):
            continue
        at = page_ms(r, "end")
        files.append(
            {
                "path": urlsplit(url).path if url.startswith(origin) else url,  # another origin: the whole URL
                "encoding": r.get("encoding", ""),
                "bytes": r["bytes"],
                "asked_ms": page_ms(r, "asked"),  # the request sent
                "answered_ms": page_ms(r, "answered"),  # its headers in
                "finished_ms": at,
                **({"failed": r["failed"]} if "failed" in r else {}),
            }
        )
    bar = figures["bar"]
    return {
        "ready": ready,
        "shown": figures["shown"],
        "fcp": figures["fcp"],
        "wire": sum(f["bytes"] for f in files if f["finished_ms"] is not None and f["finished_ms"] <= ready),
        "wire_total": sum(f["bytes"] for f in files),
        "server": server_bytes,
        "requests_before_ready": sum(1 for f in files if f["finished_ms"] is not None and f["finished_ms"] <= ready),
        "other_origins": sorted({f["path"] for f in files if not f["path"].startswith("/")}),
        "clock_offset_spread_ms": round(max(gaps) - min(gaps), 1) if gaps else None,
        "bar_seen": figures["barSeen"],
        "bar_first": bar[0][1] if bar else None,
        "bar_last": bar[-1][1] if bar else None,
        "bar_full": bool(bar) and any(v is not None and v >= (figures["barMax"] or 100) for _, v in bar),
        "bar": bar,
        "marks": figures["marks"],  # the page's own steps (loader, python-up, drawn)
        "files": files,
    }


# --- Output -------------------------------------------------------------------


def git_state() -> dict:
    git = ["git", "-C", str(ROOT)]
    head = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    status = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True).stdout.splitlines()
    return {"head": head, "dirty": bool(status), "changed_paths": len(status)}


def measure(
    servers: dict, links: list[dict], modes: list[str], pages: list[str], args: argparse.Namespace, tmp: Path
) -> tuple[list, list]:
    """Every visit: link by link, mode by mode, run by run, the pages in an order rotated run by run."""
    visits: list[dict] = []
    failures: list[dict] = []
    with sync_playwright() as playwright:
        for link, via, mode, run in itertools.product(links, args.via, modes, range(args.runs)):
            # Rotate the order, so that no page always follows another (two pages: alternate).
            shift = run % len(pages)
            for name in pages[shift:] + pages[:shift]:
                profile = tmp / f"profile-{len(visits) + len(failures)}"  # new and empty: a new visitor
                where = {"link": link["name"], "via": via, "mode": mode, "run": run, "page": name}
                label = f"{link['name']:>18} {via:>8} {mode:>10} run {run + 1} {name}"
                play = args.play and name == "ours"  # the bare pages have no game
                t0 = time.monotonic()
                try:
                    server = servers[name, mode]
                    result = visit(playwright, server, link, via, play, profile, args.timeout, args.linger)
                except Exception as error:  # a crashed renderer or a timeout must not end the run
                    print(f"  {label}: FAILED {str(error).splitlines()[0]}", flush=True)
                    failures.append({**where, "error": str(error)})
                    continue
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
                visits.append({**where, **result})
                played = ""
                if "play" in result:
                    p = result["play"]
                    second = f"{p['second_card'] / 1e3:.2f} s" if "second_card" in p else f"none ({p.get('error')})"
                    played = (
                        f", 2nd card {second}, longest task after ready {p['longest_task_after_ready']} ms,"
                        f" {len(p['sync_requests'])} synchronous requests{', FATAL ERROR' if p['fatal'] else ''}"
                    )
                print(
                    f"  {label}: ready {result['ready'] / 1e3:.2f} s, {result['wire'] / 1e6:.2f} MB before ready,"
                    f" fcp {(result['fcp'] or 0) / 1e3:.2f} s, bar {result['bar_first']} -> {result['bar_last']}"
                    f"{played} ({time.monotonic() - t0:.0f} s wall)",
                    flush=True,
                )
    return visits, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles per page, link and mode (default 3)")
    parser.add_argument(
        "--link",
        action="append",
        type=parse_link,
        metavar="MBIT:RTT",
        help="a link to emulate, e.g. 1.6:150 (repeatable)",
    )
    parser.add_argument(
        "--modes",
        default=",".join(DEFAULT_MODES),
        type=functools.partial(comma_list, MODES),
        help="serving modes, comma-separated: br, gzip, gzip-nozip, none (default br,gzip)",
    )
    parser.add_argument(
        "--via",
        default="devtools",
        type=functools.partial(comma_list, VIAS),
        help="how the link is made, comma-separated: devtools (Chromium's emulation, the default),"
        " proxy (bench/throttle_proxy.py in front of the server), proxy-cut (the same, reset at ready)",
    )
    parser.add_argument(
        "--no-play",
        dest="play",
        action="store_false",
        help="ready only: no eager player on our page (faster; no 2nd card, no longest task)",
    )
    parser.add_argument(
        "--pages",
        default=",".join(PAGES),
        type=functools.partial(comma_list, PAGES),
        help="pages to measure, comma-separated: ours, bare, stock (default all three)",
    )
    parser.add_argument("--dist", type=Path, help="measure this build (built if missing) instead of a fresh one")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the JSON there")
    parser.add_argument("--linger", type=float, default=2.0, help="seconds a page stays open after ready (default 2)")
    parser.add_argument(
        "--timeout", type=float, default=300.0, help="seconds a visit may take to be ready (default 300)"
    )
    args = parser.parse_args()
    links = args.link or [parse_link(spec) for spec in DEFAULT_LINKS]
    modes, pages = args.modes, args.pages
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    started = datetime.datetime.now().astimezone()
    machine_before, git = machine(), git_state()
    with tempfile.TemporaryDirectory(prefix="baza-first-visit-") as tmp_name:
        tmp = Path(tmp_name)
        roots = page_roots(pages, args.dist.resolve() if args.dist else None, modes, tmp)
        servers = {(name, mode): start_server(root, mode) for name, root in roots.items() for mode in modes}
        print(f"first_visit: {args.runs} runs of {', '.join(pages)}, links {[x['name'] for x in links]}, modes {modes}")
        try:
            visits, failures = measure(servers, links, modes, pages, args, tmp)
        finally:
            for server in servers.values():
                server.shutdown()
                server.server_close()
    results = report(links, args.via, modes, pages, visits) if visits else {}
    document = {
        "bench": "first_visit",
        "date": started.isoformat(timespec="seconds"),
        "machine": {"before": machine_before, "after_load_average": [round(x, 2) for x in os.getloadavg()]},
        "commit": git,
        "dist": args.dist.resolve().name if args.dist else None,  # the folder's name only: results are kept in git
        "runs": args.runs,
        "links": links,
        "modes": modes,
        "via": args.via,
        "play": args.play,
        "linger_s": args.linger,
        "pages": page_notes(pages),
        "results": results,
        "failures": failures,
        "visits": visits,
    }
    text = json.dumps(document)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0 if visits else 1


if __name__ == "__main__":
    sys.exit(main())
