"""Main-thread long tasks of Baza's page: at start-up and during a hand.

    .venv/bin/python bench/longtasks.py [--runs 3] [--levels easy,normal,hard]
                                        [--games hearts,spades] [--dist DIR]

Not a test: it asserts nothing, it measures and prints.

The table has no bot-only mode yet (seat 0 is always the human), so this
bench plays seat 0 itself, with the mouse as a person would: the first
playable card, the lowest bid, the first cards to pass. Everything else is
the page's own bot loop at "instant" speed (no pauses). The target of the
start-up issue: a game action -- a card click until the next bot's card is
on the table -- never holds the main thread over 100 ms.

An init script records, in every page:
  longtask      PerformanceObserver "longtask" entries (>50 ms)
  frames        "long-animation-frame" entries (Chromium 123+): which kind
                of callback (click listener, timer, animation frame) held
                the thread, for the attribution table
  clicks        the time of every click (capture phase, before PyScript)
  steps         every change of <main id="table">'s data-step / data-awaiting
Each click opens an "action" that ends when the table waits for the human
again; a long task belongs to the action it starts in. The bare PyScript
page (bench/bare/) is measured too, for its start-up tasks only.

Each run is a fresh browser process with an empty profile (service workers
blocked: this is about the main thread, not caching). Prints a table per
game and level, then one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the table tests' click helpers

from startup import Site, bare_site, build_site, launch_browser, machine  # noqa: E402
from table_helpers import default_bid, pass_cards, play_first_playable  # noqa: E402

READY_TIMEOUT_MS = 180_000
TURN_TIMEOUT_MS = 120_000  # a hard bot on a loaded 2-core machine
PRESETS = {"hearts": "standard", "spades": "partnership"}

INIT_SCRIPT = """(() => {
  const lt = (window.__lt = { tasks: [], frames: [], clicks: [], steps: [], ready: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) lt.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        lt.frames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: e.scripts.map((s) => ({ invoker: s.invokerType + ":" + s.invoker, duration: s.duration })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch (error) {
    lt.noFrames = String(error);
  }
  addEventListener("click", () => lt.clicks.push(performance.now()), true);
  const check = () => {
    const root = document.documentElement;
    if (lt.ready === null && root && root.dataset.ready === "true") lt.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.id !== "table") continue;
      lt.steps.push([performance.now(), Number(r.target.dataset.step || 0), r.target.dataset.awaiting || ""]);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-step", "data-awaiting"] });
})();"""


def wait_turn(page, after: int) -> str:
    """Wait until the table waits for the human after step ``after``; return what for."""
    page.wait_for_function(
        """(after) => { const t = document.getElementById('table');
            return t.dataset.awaiting && Number(t.dataset.step) > after; }""",
        arg=after,
        timeout=TURN_TIMEOUT_MS,
    )
    return page.get_attribute("#table", "data-awaiting") or ""


def play_hand(page) -> None:
    """Play seat 0 until the hand's summary (as tests/browser/table_helpers.play_hand)."""
    last = -1
    while True:
        what = wait_turn(page, last)
        last = int(page.get_attribute("#table", "data-step") or 0)
        if what in ("next", "over"):
            return
        if what == "play":
            play_first_playable(page)
        elif what == "pass":
            pass_cards(page)
        elif what == "bid":
            default_bid(page)
        elif what == "draw":
            page.locator("#controls").get_by_role("button", name="Keep it").click()
        elif what == "moon":
            page.locator("#controls button.primary").click()
        else:
            raise RuntimeError(f"unexpected state {what!r}")


def actions(log: dict) -> list[dict]:
    """Cut the hand into actions: from a click until the table waits for us again.

    A click that changes nothing (a pass card chosen, a refused card) ends
    with the next redraw; all of them count, as a player makes them too.
    """
    out = []
    waits = [(t, step) for t, step, awaiting in log["steps"] if awaiting]
    for i, click in enumerate(log["clicks"]):
        nxt = log["clicks"][i + 1] if i + 1 < len(log["clicks"]) else float("inf")
        # The first redraw after the click that shows the table waiting for us.
        end = next((t for t, _ in waits if t > click), None)
        end = min(end if end is not None else nxt, nxt)
        # The first time the table showed a step beyond the click's own action:
        # the next bot's card (or bid) drawn.
        first_step = next((step for t, step, _ in log["steps"] if t > click), None)
        bot_drawn = None
        if first_step is not None:
            bot_drawn = next((t - click for t, step, _ in log["steps"] if t > click and step > first_step), None)
        tasks = [d for s, d in log["tasks"] if click <= s < end]
        # What the table waited for when clicked: play, pass, bid, next...
        before = [awaiting for t, _, awaiting in log["steps"] if t <= click]
        kind = before[-1] if before else ""
        out.append({"at": click, "ms": end - click, "bot_drawn_ms": bot_drawn, "tasks": tasks, "kind": kind})
    return out


def attribution(frames: list[dict], start: float, end: float) -> dict[str, float]:
    """Time of long animation frames' scripts in [start, end), by invoker kind."""
    total: dict[str, float] = {}
    for f in frames:
        if not start <= f["start"] < end:
            continue
        for s in f["scripts"]:
            kind = s["invoker"].split(":")[0] or "?"
            total[kind] = total.get(kind, 0) + s["duration"]
    return {k: round(v) for k, v in sorted(total.items(), key=lambda kv: -kv[1])}


def measure(playwright, url: str, profile: Path, hand: bool) -> dict:
    context = launch_browser(playwright, profile, block_sw=True)
    try:
        context.add_init_script(INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__lt && window.__lt.ready !== null", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(500)  # the tasks that finish the first draw
        if hand:
            page.evaluate("() => { window.__lt.handStart = performance.now(); }")
            play_hand(page)
            page.wait_for_timeout(300)
        log = page.evaluate("() => window.__lt")
    finally:
        context.close()
    ready = log["ready"]
    startup_tasks = [d for s, d in log["tasks"] if s < ready]
    result = {
        "ready": ready,
        "startup": {
            "count": len(startup_tasks),
            "longest": max(startup_tasks, default=0),
            "total": sum(startup_tasks),
            "by_invoker": attribution(log["frames"], 0, ready),
        },
    }
    if hand:
        acts = actions(log)
        tasks = [d for a in acts for d in a["tasks"]]
        end = acts[-1]["at"] + acts[-1]["ms"] if acts else ready
        result["hand"] = {
            "actions": len(acts),
            "tasks": len(tasks),
            "over_100": sum(1 for d in tasks if d > 100),
            "longest": max(tasks, default=0),
            "action_longest_task": [max(a["tasks"], default=0) for a in acts],
            # The actions that held the thread over 100 ms: (number, kind, longest task).
            "slow_actions": [
                (i + 1, a["kind"], round(max(a["tasks"])))
                for i, a in enumerate(acts)
                if max(a["tasks"], default=0) > 100
            ],
            "bot_drawn_ms": [a["bot_drawn_ms"] for a in acts if a["bot_drawn_ms"] is not None],
            "by_invoker": attribution(log["frames"], log.get("handStart", ready), end),
            "frames_supported": "noFrames" not in log,
        }
    return result


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="hands per game and level (each a fresh browser)")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", default="hearts,spades")
    parser.add_argument("--dist", type=Path, help="measure this build (built if missing) instead of a fresh one")
    args = parser.parse_args()

    started = datetime.datetime.now().astimezone()
    machine_before = machine()
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="baza-longtasks-") as tmp_name:
        tmp = Path(tmp_name)
        dist = build_site(args.dist.resolve() if args.dist else None, tmp)
        ours = Site("ours", dist)
        bare = Site("bare", bare_site(dist, tmp / "bare"))
        ours.start()
        bare.start()
        try:
            with sync_playwright() as playwright:
                n = 0
                for game in args.games.split(","):
                    for level in args.levels.split(","):
                        key = f"{game}/{level}"
                        results[key] = []
                        for run in range(args.runs):
                            n += 1
                            query = f"?game={game}&preset={PRESETS[game]}&speed=instant&level={level}&seed={run + 1}"
                            r = measure(playwright, ours.url + query, tmp / f"profile-{n}", hand=True)
                            results[key].append(r)
                            h = r["hand"]
                            print(
                                f"  {key} run {run + 1}: {h['actions']} actions, longest task {h['longest']:.0f} ms,"
                                f" {h['over_100']} over 100 ms; start-up longest {r['startup']['longest']:.0f} ms",
                                flush=True,
                            )
                results["bare"] = []
                for _run in range(args.runs):
                    n += 1
                    results["bare"].append(measure(playwright, bare.url, tmp / f"profile-{n}", hand=False))
        finally:
            ours.stop()
            bare.stop()

    print(f"\n== start-up: long tasks before ready (median of {args.runs} runs)")
    print(f"{'page':18}{'ready ms':>10}{'tasks':>7}{'longest ms':>12}{'total ms':>10}  time by invoker (ms, last run)")
    for key, runs in results.items():
        s = [r["startup"] for r in runs]
        print(
            f"{key:18}{median([r['ready'] for r in runs]):>10.0f}{median([x['count'] for x in s]):>7.0f}"
            f"{median([x['longest'] for x in s]):>12.0f}{median([x['total'] for x in s]):>10.0f}  {s[-1]['by_invoker']}"
        )
    print(f"\n== a hand, seat 0 clicked by the bench, bots at instant speed ({args.runs} hands each)")
    print(
        f"{'game/level':18}{'actions':>8}{'tasks':>7}{'>100 ms':>8}{'longest':>9}"
        f"{'worst action (median)':>22}{'bot card drawn ms (median/max)':>32}"
    )
    summary: dict = {}
    for key, runs in results.items():
        if key == "bare":
            continue
        hands = [r["hand"] for r in runs]
        drawn = [d for h in hands for d in h["bot_drawn_ms"]]
        row = {
            "actions": sum(h["actions"] for h in hands),
            "long_tasks": sum(h["tasks"] for h in hands),
            "over_100ms": sum(h["over_100"] for h in hands),
            "longest_ms": round(max(h["longest"] for h in hands)),
            "worst_action_median_ms": round(median([max(h["action_longest_task"], default=0) for h in hands])),
            "bot_drawn_median_ms": round(median(drawn)),
            "bot_drawn_max_ms": round(max(drawn, default=0)),
            "by_invoker_last_hand": hands[-1]["by_invoker"],
            "slow_actions": [h["slow_actions"] for h in hands],
        }
        summary[key] = row
        print(
            f"{key:18}{row['actions']:>8}{row['long_tasks']:>7}{row['over_100ms']:>8}{row['longest_ms']:>9}"
            f"{row['worst_action_median_ms']:>22}{row['bot_drawn_median_ms']:>20}/{row['bot_drawn_max_ms']}"
        )
    print("time in long animation frames by invoker, last hand of each (ms):")
    for key, row in summary.items():
        print(f"  {key:16}{row['by_invoker_last_hand']}")
    print("actions over 100 ms, per hand: (action number, what the table awaited, longest task ms):")
    for key, row in summary.items():
        print(f"  {key:16}{row['slow_actions']}")
    print(
        json.dumps(
            {
                "bench": "longtasks",
                "date": started.isoformat(timespec="seconds"),
                "machine": machine_before,
                "runs": args.runs,
                "hands": summary,
                "startup": {
                    k: {
                        "ready_ms": round(median([r["ready"] for r in v])),
                        "longest_ms": round(median([r["startup"]["longest"] for r in v])),
                        "tasks": median([r["startup"]["count"] for r in v]),
                    }
                    for k, v in results.items()
                },
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
