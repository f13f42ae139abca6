"""What V8 does with Python's eval loop on a first visit and on return visits.

    .venv/bin/python bench/wasm_tiering.py [--profiles 4] [--visits 3] [--dist DIR] [--linger 4] [--play] [--bare]

Not a test, and not a timing: a diagnosis of V8's WebAssembly tiering and
code cache, from V8's own log. For each profile (a fresh one each), visit 1
is a first visit and the next visits are return visits, each in a fresh
Chromium process started with ``--js-flags=--trace-deopt
--trace-wasm-compilation-times``. Playwright does not hand over the
browser's output, where V8 prints, so this script starts Chromium itself
(headless, with the switches of bench/startup.py) and connects over CDP.

Per visit it records, in seconds from the navigation:
- every compile of the eval loop (the largest function compiled on the
  profile's first visit, by its size in the log) with its tier, Liftoff
  or TurboFan;
- every WebAssembly deopt ("wrong call target" and the like), with the
  function and the module offset where it happened;
- every write of a file of the profile's WebAssembly code cache
  (``Code Cache/wasm``), with its size.

and sorts each return visit into one of three cases:

  cached     the eval loop came from the code cache as TurboFan code and
             ran as it was: no compile of it, no deopt
  deopted    it came from the cache, deoptimized, and was compiled again
  uncached   the cache had no TurboFan code of it: compiled lazily with
             Liftoff on the main thread, then again with TurboFan

``--play``: the first visit plays a whole hand of Hearts (seat 0 by the
mouse as bench/longtasks.py does, the computer players at instant speed)
before the snapshot is made, as a player's first visit would, rather than
leaving the table as it was drawn. Chromium writes our page's wasm code
cache during its first visit only, with the code of that moment
(commit 0599951), so what the first visit ran decides what
the return visits find.

``--bare``: the bare PyScript page of bench/startup.py (bench/bare/ with
the build's runtime) instead of ours.

Prints one line per visit and the count of each case, then everything as
one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from longtasks import play_hand  # bench/ is the script's folder, first on sys.path
from playwright.sync_api import sync_playwright
from startup import (
    CHROMIUM_ARGS,
    READY_TIMEOUT_MS,
    SNAPSHOT_SETTLED,
    Site,
    bare_site,
    build_site,
    chromium_path,
    machine,
)

V8_FLAGS = "--js-flags=--trace-deopt --trace-wasm-compilation-times"
COMPILED = re.compile(r"Compiled function \S+#(\d+) using (\w+), took .*?bodysize (\d+)")
DEOPT = re.compile(r"reason: ([^,)]+), type: Wasm\).*?function index (\d+), bytecode offset (\d+)")
READY = "() => document.documentElement.dataset.ready === 'true'"
START_TIMEOUT_S = 60


class Log:
    """V8's lines and the code cache's files, stamped as they appear."""

    def __init__(self, output: Path, cache: Path):
        self.output, self.cache = output, cache
        self.t0 = time.monotonic()
        self.lines: list[tuple[float, str]] = []
        self.writes: list[tuple[float, str, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def now(self) -> float:
        return time.monotonic() - self.t0

    def _entries(self) -> dict[Path, tuple[int, float]]:
        """The cache's entries (its index files aside), each with its size and time."""
        entries = {}
        for file in sorted(self.cache.glob("*_0")) if self.cache.is_dir() else []:
            try:
                stat = file.stat()
            except FileNotFoundError:  # replaced by the browser meanwhile
                continue
            entries[file] = (stat.st_size, stat.st_mtime)
        return entries

    def _watch(self) -> None:
        seen = self._entries()  # what earlier visits wrote
        position = 0
        while True:
            stopping = self._stop.is_set()
            for file, state in self._entries().items():
                if seen.get(file) != state:
                    self.writes.append((self.now(), file.name, state[0]))
                    seen[file] = state
            with open(self.output, errors="replace") as handle:
                handle.seek(position)
                chunk = handle.read()
                position = handle.tell()
            stamp = self.now()
            kept = [line for line in chunk.splitlines() if "Compiled function" in line or "deopt" in line]
            self.lines += [(stamp, line) for line in kept]
            if stopping:
                return
            time.sleep(0.05)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()


def launch(profile: Path, output: Path) -> tuple[subprocess.Popen, int]:
    """Chromium on ``profile``, its output into ``output``; returns it and its CDP port."""
    (profile / "DevToolsActivePort").unlink(missing_ok=True)
    with open(output, "w") as sink:
        browser = subprocess.Popen(
            [
                chromium_path(),
                "--headless",
                *CHROMIUM_ARGS,
                V8_FLAGS,
                f"--user-data-dir={profile}",
                "--remote-debugging-port=0",
                "--window-size=1280,800",
                "about:blank",
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    deadline = time.monotonic() + START_TIMEOUT_S
    port_file = profile / "DevToolsActivePort"
    while time.monotonic() < deadline:
        if port_file.is_file() and port_file.read_text().strip():
            return browser, int(port_file.read_text().split()[0])
        if browser.poll() is not None:
            break
        time.sleep(0.05)
    browser.kill()
    raise RuntimeError(f"Chromium did not open its DevTools port (see {output})")


def visit(playwright, url: str, profile: Path, output: Path, loop: int | None, linger: float, play: bool) -> dict:
    """One visit on ``profile``; ``loop`` is the eval loop's function index, None on a first visit."""
    first = loop is None
    browser, port = launch(profile, output)
    try:
        cdp = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        page = cdp.contexts[0].pages[0] if cdp.contexts[0].pages else cdp.contexts[0].new_page()
        log = Log(output, profile / "Default" / "Code Cache" / "wasm")
        page.goto(url, wait_until="commit")
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        ready = log.now()
        start = page.evaluate("() => globalThis.bazaStart ?? null")
        if first and play:
            play_hand(page)
        if first:  # the snapshot the return visits restore is made a few seconds after ready
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
        time.sleep(linger)
        log.close()
        cdp.close()
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
    return {"ready_s": round(ready, 3), "start": start, **events(log, loop)}


def events(log: Log, loop: int | None) -> dict:
    """The eval loop's compiles, the WebAssembly deopts and the cache's writes of one visit.

    A first visit compiles every function it calls, so there the eval loop
    is the largest function of the log; a return visit may not compile it
    at all, so it is told which function that was (``loop``).
    """
    compiles = [(t, m) for t, line in log.lines if (m := COMPILED.search(line))]
    if loop is None:
        sizes = {int(m[1]): int(m[3]) for _, m in compiles}
        loop = max(sizes, key=sizes.get) if sizes else None
    return {
        "eval_loop": loop,
        "eval_loop_compiles": [[round(t, 2), m[2]] for t, m in compiles if int(m[1]) == loop],
        "wasm_deopts": [
            [round(t, 2), int(m[2]), int(m[3]), m[1]] for t, line in log.lines if (m := DEOPT.search(line))
        ],
        "cache_writes": [[round(t, 2), name, size] for t, name, size in log.writes],
    }


def case(result: dict) -> str:
    """cached, deopted or uncached: how a return visit's eval loop started (the module docstring)."""
    if not result["eval_loop_compiles"]:
        return "cached"
    loop = result["eval_loop"]
    first_compile = result["eval_loop_compiles"][0][0]
    if any(function == loop and t <= first_compile for t, function, _, _ in result["wasm_deopts"]):
        return "deopted"
    return "uncached"


def describe(result: dict) -> str:
    compiles = " ".join(f"{tier[0]}@{t:.2f}" for t, tier in result["eval_loop_compiles"]) or "none"
    deopts = " ".join(f"{f}:{offset}@{t:.2f}" for t, f, offset, _ in result["wasm_deopts"]) or "none"
    writes = " ".join(f"{size // 1000}kB@{t:.2f}" for t, _, size in result["cache_writes"]) or "none"
    return f"eval loop compiles {compiles}; deopts {deopts}; cache writes {writes}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profiles", type=int, default=4, help="fresh profiles, each a first visit and return visits")
    parser.add_argument("--visits", type=int, default=3, help="visits per profile: 1 first + return visits")
    parser.add_argument("--dist", type=Path, help="this build (built if missing) instead of a fresh one")
    parser.add_argument("--linger", type=float, default=4.0, help="seconds a page stays open after ready (snapshot)")
    parser.add_argument("--play", action="store_true", help="the first visit plays a hand of Hearts at instant speed")
    parser.add_argument("--bare", action="store_true", help="the bare PyScript page instead of ours")
    args = parser.parse_args()

    started = datetime.datetime.now().astimezone()
    machine_before = machine()
    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="baza-tiering-") as tmp_name:
        tmp = Path(tmp_name)
        dist = build_site(args.dist.resolve() if args.dist else None, tmp)
        if args.bare:
            if args.play:
                parser.error("--play plays our page: not with --bare")
            site = Site("bare", bare_site(dist, tmp / "bare"))
        else:
            site = Site("ours", dist, path="?game=hearts&speed=instant" if args.play else "", service_worker=True)
        site.start()
        try:
            with sync_playwright() as playwright:
                for number in range(args.profiles):
                    profile = tmp / f"profile-{number}"
                    profile.mkdir()
                    loop = None  # known from the first visit on
                    for visit_number in range(1, args.visits + 1):
                        output = tmp / f"chromium-{number}-{visit_number}.log"
                        result = visit(playwright, site.url, profile, output, loop, args.linger, args.play)
                        loop = result["eval_loop"]
                        result.update(profile=number, visit=visit_number)
                        if visit_number > 1:
                            result["case"] = case(result)
                        results.append(result)
                        label = result.get("case", "first visit")
                        print(
                            f"profile {number + 1} visit {visit_number} ({label}): ready {result['ready_s']:.2f} s;"
                            f" {describe(result)}",
                            flush=True,
                        )
        finally:
            site.stop()
    counts = collections.Counter(r["case"] for r in results if "case" in r)
    print("return visits: " + ", ".join(f"{name} {counts[name]}" for name in ("cached", "deopted", "uncached")))
    print(
        json.dumps(
            {
                "bench": "wasm_tiering",
                "date": started.isoformat(timespec="seconds"),
                "machine": {"before": machine_before, "after_load_average": [round(x, 2) for x in os.getloadavg()]},
                "profiles": args.profiles,
                "visits": args.visits,
                "v8_flags": V8_FLAGS,
                "page": site.name,
                "play": args.play,
                "cases": dict(counts),
                "raw": results,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
