"""Decision times of every bot level inside Chromium, through Pyodide.

    .venv/bin/python bench/bot_latency.py [--games 12] [--hands 3] [--hard-hands 1] [--dist DIR]

Not a test: it asserts nothing, it measures and prints. It builds the game
(or takes ``--dist``), adds one page to a copy of the build that runs
``game.arena.latency()`` with the build's own PyScript, Pyodide and game
files, opens it in headless Chromium and prints a table, then one JSON
object on the last line.

What is timed (wall clock, ``time.perf_counter`` inside the page): every
decision with more than one legal choice of ``easy`` and ``normal`` over
``--games`` matches of ``--hands`` hands, Hearts ``standard`` and Spades
``partnership``; and ``hard`` at its default budget over ``--hard-hands``
hands, run as ``Search`` steps, so the longest single step (the longest the
page waits between two chances to draw while a hard bot thinks in slices)
is reported too. The issue's targets: easy and normal p95 at most 20 ms,
hard within its budget (default at most 1 s).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import CHROMIUM_ARGS, Site, build_site, chromium_path, machine  # noqa: E402

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Baza: bot decision times</title>
  <script type="module" src="{core}"></script>
</head>
<body>
  <p id="out">Measuring...</p>
  <script type="py" config="{config}">
import json
from pyscript import document
from game.arena import latency

result = latency(games={games}, hands={hands}, hard_hands={hard_hands})
document.body.dataset.result = json.dumps(result)
document.getElementById("out").textContent = "Done."
  </script>
</body>
</html>
"""


def latency_page(dist: Path, folder: Path, games: int, hands: int, hard_hands: int) -> Path:
    """A copy of the build with latency.html beside index.html."""
    site = folder / "site"
    shutil.copytree(dist, site)
    index = (dist / "index.html").read_text()
    core = re.search(r'src="(\./runtime/[^"]+/core\.js)"', index)
    config = re.search(r'config="(\./pyscript\.toml[^"]*)"', index)
    if not core or not config:
        raise SystemExit("bot_latency: the build's index.html has no PyScript core.js or config")
    page = PAGE.format(core=core.group(1), config=config.group(1), games=games, hands=hands, hard_hands=hard_hands)
    (site / "latency.html").write_text(page)
    return site


def table(result: dict) -> str:
    rows = ["| level | p50 ms | p95 ms | max ms | decisions | one step p95 / max ms |", "|---|---|---|---|---|---|"]
    for key, value in result.items():
        if not isinstance(value, dict) or "p50_ms" not in value:
            continue
        step = f"{value['step_p95_ms']} / {value['step_max_ms']}" if "step_max_ms" in value else ""
        times = f"{value['p50_ms']} | {value['p95_ms']} | {value['max_ms']}"
        rows.append(f"| {key} | {times} | {value['decisions']} | {step} |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--hard-hands", type=int, default=1)
    parser.add_argument("--dist", type=Path, default=None, help="an existing build (default: build one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        dist = build_site(args.dist, tmp)
        site = Site("latency", latency_page(dist, tmp, args.games, args.hands, args.hard_hands), "latency.html")
        site.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(site.url)
                page.wait_for_function("() => document.body.dataset.result", timeout=1_800_000, polling=1000)
                result = json.loads(page.evaluate("() => document.body.dataset.result"))
                result["browser"] = browser.version
                browser.close()
        finally:
            site.stop()
    result["machine"] = machine()
    print(table(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
