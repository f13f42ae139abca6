"""The hard bot's search speed in Chromium: sampled deals a second on fixed
positions, two builds in alternation.

    .venv/bin/python bench/search_speed.py --against OLD_DIST [--rounds 3] [--seeds 6] [--samples 30] [--dist DIR]

Not a test: it asserts nothing, it measures and prints. The page's hard bot
searches for 750 ms of wall clock, so its number of sampled deals a decision
(``bench/bot_latency.py``) moves with the machine's load and with the
positions a game happens to reach. This times the search itself: the same
positions (seeds 1 to ``--seeds``, normal bots in every seat; in Spades
``partnership`` every seat's first bid, in both games the first decision
with a choice in tricks 1, 4, 7 and 10), each searched with a fixed number
of sampled deals (``Search(view, rng, samples=K)``, its set-up included),
timed inside the page with ``time.perf_counter``.

Today's build (or ``--dist``) and ``--against`` (another build, e.g. one made
with ``build/build.py --src`` from an older tree of the sources, so that
both run on the same PyScript and Pyodide) are measured in alternation,
each round in a fresh page of one headless Chromium. A busy machine only
ever adds time, so the figure of a build is the best of its rounds, position
by position: all the deals over the sum of each position's shortest time
(the median round is printed beside it). It prints the deals a second of
each build and game, their ratio and what 750 ms buys, then one JSON object
on the last line.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from startup import CHROMIUM_ARGS, Site, build_site, chromium_path, machine  # noqa: E402

BUDGET_MS = 750  # the page's hard bot, per decision (game/bots/search.py DEFAULT_MS)

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Baza: search speed</title>
  <script type="module" src="{core}"></script>
</head>
<body>
  <p id="out">Measuring...</p>
  <script type="py" config="{config}">
import json
import random
import time

from pyscript import document
from game import new_match
from game.bots import choose
from game.bots.search import Search

TRICKS = (0, 3, 6, 9)


def positions(game, preset, seeds):
    # (match, seat) at each decision measured; normal bots play the hand.
    out = []
    for seed in range(1, seeds + 1):
        m = new_match(game, preset, seed=seed)
        rng = random.Random(seed)
        taken = set()
        while m.phase not in ("hand_over", "game_over"):
            if m.phase in ("cut", "deal"):
                m.apply(m.legal_actions()[0])
                continue
            seat = m.to_act
            key = ("bid", seat) if m.phase == "bid" else (m.phase, m.trick_number)
            wanted = m.phase == "bid" or (m.phase == "play" and m.trick_number in TRICKS)
            if wanted and len(m.legal_actions()) > 1 and key not in taken:
                taken.add(key)
                out.append((m.clone(), seat))
            m.apply(choose(m.view(seat), "normal", rng))
    return out


result = {{}}
for game, preset in (("hearts", "standard"), ("spades", "partnership")):
    deals, times = [], []
    found = positions(game, preset, {seeds})
    for m, seat in found:
        start = time.perf_counter()
        search = Search(m.view(seat), random.Random(7), samples={samples})
        while not search.step():
            pass
        times.append(time.perf_counter() - start)
        deals.append(search.samples)
    # Which positions: the two builds' normal bots must have reached the same ones.
    where = [[len(m.actions), m.actions[-1], seat] for m, seat in found]
    result[game] = {{"deals": deals, "seconds": times, "positions": where}}
document.body.dataset.result = json.dumps(result)
document.getElementById("out").textContent = "Done."
  </script>
</body>
</html>
"""


def speed_page(dist: Path, folder: Path, seeds: int, samples: int) -> Path:
    """A copy of the build with speed.html beside index.html."""
    site = folder
    shutil.copytree(dist, site)
    index = (dist / "index.html").read_text()
    core = re.search(r'src="(\./runtime/[^"]+/core\.js)"', index)
    config = re.search(r'config="(\./pyscript\.toml[^"]*)"', index)
    if not core or not config:
        raise SystemExit(f"search_speed: the build in {dist} has no PyScript core.js or config in index.html")
    (site / "speed.html").write_text(PAGE.format(core=core.group(1), config=config.group(1), seeds=seeds,
                                                 samples=samples))
    return site


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, required=True, help="the other build (e.g. of an older tree)")
    parser.add_argument("--dist", type=Path, default=None, help="this build (default: build one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=6, help="deals per game whose positions are searched")
    parser.add_argument("--samples", type=int, default=30, help="sampled deals a search")
    args = parser.parse_args()
    # build -> game -> one list of (deals, seconds) per position, a pair per round
    runs: dict[str, dict[str, list[list[tuple[int, float]]]]] = {"today": {}, "against": {}}
    where: dict[str, dict[str, list[list[int]]]] = {"today": {}, "against": {}}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        builds = {"today": build_site(args.dist, tmp), "against": args.against}
        sites = {name: Site(name, speed_page(dist, tmp / f"site-{name}", args.seeds, args.samples), "speed.html")
                 for name, dist in builds.items()}
        for site in sites.values():
            site.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for round_ in range(args.rounds):
                    for name, site in sites.items():
                        page = browser.new_page()
                        page.goto(site.url)
                        page.wait_for_function("() => document.body.dataset.result", timeout=1_800_000, polling=500)
                        result = json.loads(page.evaluate("() => document.body.dataset.result"))
                        page.close()
                        for game, r in result.items():
                            where[name][game] = r["positions"]
                            per = runs[name].setdefault(game, [[] for _ in r["deals"]])
                            for i, pair in enumerate(zip(r["deals"], r["seconds"])):
                                per[i].append(pair)
                        print(f"round {round_ + 1} {name}: " + ", ".join(
                            f"{g} {sum(r['deals'])} deals in {sum(r['seconds']):.2f} s" for g, r in result.items()),
                            flush=True)
                version = browser.version
                browser.close()
        finally:
            for site in sites.values():
                site.stop()
    summary: dict[str, object] = {"samples": args.samples, "seeds": args.seeds, "rounds": args.rounds,
                                  "browser": version, "machine": machine()}
    print("| game | build | positions | deals a second: best of rounds (median round) | deals in 750 ms |")
    print("|---|---|---|---|---|")
    for game in ("hearts", "spades"):
        entry = {}
        for name in ("against", "today"):
            per = runs[name][game]
            deals = sum(pairs[0][0] for pairs in per)
            best = deals / sum(min(s for _, s in pairs) for pairs in per)
            median = statistics.median(deals / sum(pairs[r][1] for pairs in per) for r in range(args.rounds))
            entry[name] = {"deals_per_s": round(best, 1), "median_round_deals_per_s": round(median, 1),
                           "positions": len(per), "deals_in_budget": round(best * BUDGET_MS / 1000)}
            print(f"| {game} | {name} | {len(per)} | {best:.1f} ({median:.1f}) | {entry[name]['deals_in_budget']} |")
        entry["same_positions"] = where["today"][game] == where["against"][game]
        entry["ratio_today_to_against"] = round(entry["today"]["deals_per_s"] / entry["against"]["deals_per_s"], 3)
        summary[game] = entry
        print(f"{game}: today / against {entry['ratio_today_to_against']}, the same positions: "
              f"{'yes' if entry['same_positions'] else 'no'}")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
