"""Hard in Hearts with its sampled deals weighted by the other seats' plays
(``game.bots.search.READ_PLAYS``) against the same search with uniform deals.

    nice -n 10 .venv/bin/python bench/read_plays.py --deals 40 --samples 20

One hard seat and three others (``--others``: normal, or the arena's moon
hunter in one seat and normal in two). Every deal is played once for each
seat the hard bot can hold, with the weights and without; the random
numbers are the same, so both draw the same sampled deals and only the
weights differ (common random numbers). The difference per deal is hard's
points per hand weighted minus uniform, with a normal 95% interval over the
deals (lower is better). Decision times are CPU seconds of hard's searched
decisions.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.arena import arena_choose, moon_shooter  # noqa: E402
from game.bots import search  # noqa: E402
from game.rules import preset  # noqa: E402
from game.state import Match  # noqa: E402

Z95 = 1.959964


def play(deal: str, hard_seat: int, others: list[str], read: bool, samples: int, hands: int) -> dict[str, Any]:
    """One game of ``hands`` hands: hard in ``hard_seat``; its points, moons and times."""
    search.READ_PLAYS = read
    rules = preset("hearts", "standard")
    m = Match(rules, seed=deal)
    levels = [others[(s - hard_seat - 1) % 3] if s != hard_seat else "hard" for s in range(4)]
    rngs = [random.Random(f"{deal}:{hard_seat}:{s}") for s in range(4)]
    out: dict[str, Any] = {"points": 0, "hands": 0, "moons_against": 0, "moons_for": 0, "times": []}
    while m.phase != "game_over" and len(m.records) < hands:
        seat = m.to_act
        v = m.view(seat)
        t0 = time.process_time()
        a = arena_choose(v, levels[seat], rngs[seat], **({"samples": samples} if levels[seat] == "hard" else {}))
        if levels[seat] == "hard" and len(v.legal) > 1 and v.phase == "play":
            out["times"].append(time.process_time() - t0)
        m.apply(a)
        if v.phase == "play" and m.phase != "play":
            shooter = moon_shooter(m)
            if shooter is not None:
                out["moons_for" if shooter == hard_seat else "moons_against"] += 1
            out["points"] += m.records[-1]["result"]["points"][hard_seat]
            out["hands"] += 1
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--samples", type=int, default=20, help="hard's sampled deals per decision")
    p.add_argument("--hands", type=int, default=1, help="hands per game")
    p.add_argument("--others", default="normal", choices=("normal", "shooter"))
    p.add_argument("--seed", default="2026")
    p.add_argument("--out", default=None, help="write the JSON here too")
    args = p.parse_args()
    others = ["normal"] * 3 if args.others == "normal" else ["shooter", "normal", "normal"]
    start = time.perf_counter()
    diffs: list[float] = []
    tot = {r: {"points": 0, "hands": 0, "moons_against": 0, "moons_for": 0, "times": []} for r in (True, False)}
    for d in range(args.deals):
        per = {}
        for read in (True, False):
            pts = hands = 0
            for seat in range(4):
                g = play(f"{args.seed}:{d}", seat, others, read, args.samples, args.hands)
                pts += g["points"]
                hands += g["hands"]
                for key in ("points", "hands", "moons_against", "moons_for"):
                    tot[read][key] += g[key]
                tot[read]["times"] += g["times"]
            per[read] = pts / hands
        diffs.append(per[True] - per[False])
        if (d + 1) % 5 == 0 or d + 1 == args.deals:
            mean = statistics.fmean(diffs)
            half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
            print(
                f"{d + 1} deals, {time.perf_counter() - start:.0f} s: weighted - uniform {mean:+.3f} "
                f"[{mean - half:+.3f}, {mean + half:+.3f}]",
                flush=True,
            )
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    result: dict[str, Any] = {
        "deals": args.deals,
        "samples": args.samples,
        "hands_per_game": args.hands,
        "others": others,
        "seed": args.seed,
        "seconds": round(time.perf_counter() - start, 1),
        "difference_weighted_minus_uniform": {
            "mean": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)],
        },
    }
    for read, name in ((True, "weighted"), (False, "uniform")):
        t = tot[read]
        times = sorted(t["times"])
        result[name] = {
            "points_per_hand": round(t["points"] / t["hands"], 3),
            "hands": t["hands"],
            "moons_against": t["moons_against"],
            "moons_for": t["moons_for"],
            "cpu_s_per_decision": {
                "mean": round(statistics.fmean(times), 4),
                "p95": round(times[int(0.95 * len(times))], 4),
            }
            if times
            else {},
        }
    print(json.dumps(result))
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
