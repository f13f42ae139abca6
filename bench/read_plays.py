"""Two settings of hard in Hearts, A and B, on the same deals: by default
its sampled deals weighted by the other seats' plays
(``game.bots.search.READ_PLAYS``) against the same search with uniform deals.

    nice -n 10 .venv/bin/python bench/read_plays.py --deals 40 --samples 20
    nice -n 10 .venv/bin/python bench/read_plays.py --a search.Z_SWITCH=0.5 --b "" --samples 70

A setting is ``module.NAME=value`` (a module of ``game.bots``, a Python
literal), several joined by commas; each game sets A's or B's values and
puts the old ones back after it.

One hard seat and three others (``--others``: normal, or the arena's moon
hunter in one seat and normal in two). Every deal is played once for each
seat the hard bot can hold, with A and with B; the random numbers are the
same, so both draw the same sampled deals and only the setting differs
(common random numbers). The difference per deal is hard's points per hand
with A minus with B, with a normal 95% interval over the deals (lower is
better). Decision times are CPU seconds of hard's searched card decisions.
The JSON (``--out``) is rewritten at every progress line, so a stopped run
keeps its deals.
"""

from __future__ import annotations

import argparse
import ast
import importlib
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
from game.rules import preset  # noqa: E402
from game.state import Match  # noqa: E402

Z95 = 1.959964


def parse_settings(text: str) -> list[tuple[Any, str, Any]]:
    """``"search.Z_SWITCH=0.5,reading.EPSILON=0.2"`` as (module, name, value) triples."""
    out: list[tuple[Any, str, Any]] = []
    for item in filter(None, (x.strip() for x in text.split(","))):
        target, _, value = item.partition("=")
        mod_name, _, name = target.strip().rpartition(".")
        module = importlib.import_module(f"game.bots.{mod_name}")
        if not hasattr(module, name):
            raise SystemExit(f"game.bots.{mod_name} has no {name}")
        out.append((module, name, ast.literal_eval(value.strip())))
    return out


def play(
    deal: str, hard_seat: int, others: list[str], setting: list[tuple[Any, str, Any]], samples: int, hands: int
) -> dict[str, Any]:
    """One game of ``hands`` hands: hard in ``hard_seat`` under ``setting``; its points, moons and times."""
    old = [(mod, name, getattr(mod, name)) for mod, name, _ in setting]
    for mod, name, value in setting:
        setattr(mod, name, value)
    try:
        return _play(deal, hard_seat, others, samples, hands)
    finally:
        for mod, name, value in old:
            setattr(mod, name, value)


def _play(deal: str, hard_seat: int, others: list[str], samples: int, hands: int) -> dict[str, Any]:
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
    p.add_argument("--a", default="search.READ_PLAYS=True", help="setting A (see above)")
    p.add_argument("--b", default="search.READ_PLAYS=False", help="setting B")
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--out", default=None, help="write the JSON here too")
    args = p.parse_args()
    others = ["normal"] * 3 if args.others == "normal" else ["shooter", "normal", "normal"]
    settings = {"a": parse_settings(args.a), "b": parse_settings(args.b)}
    start = time.perf_counter()
    diffs: list[float] = []
    result: dict[str, Any] = {}
    tot: dict[str, dict[str, Any]] = {
        v: {"points": 0, "hands": 0, "moons_against": 0, "moons_for": 0, "times": []} for v in settings
    }
    for d in range(args.first_deal, args.first_deal + args.deals):
        per = {}
        for v, setting in settings.items():
            pts = hands = 0
            for seat in range(4):
                g = play(f"{args.seed}:{d}", seat, others, setting, args.samples, args.hands)
                pts += g["points"]
                hands += g["hands"]
                for key in ("points", "hands", "moons_against", "moons_for"):
                    tot[v][key] += g[key]
                tot[v]["times"] += g["times"]
            per[v] = pts / hands
        diffs.append(per["a"] - per["b"])
        n = len(diffs)
        if n % 5 == 0 or n == args.deals:
            result = summary(args, others, diffs, tot, time.perf_counter() - start)
            d = result["difference_a_minus_b"]
            print(f"{n} deals, {result['seconds']:.0f} s: A - B {d['mean']:+.3f} {d['ci95']}", flush=True)
            if args.out:  # rewritten at every progress line: a stopped run keeps its deals
                Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result))
    return 0


def summary(
    args: argparse.Namespace, others: list[str], diffs: list[float], tot: dict[str, dict[str, Any]], seconds: float
) -> dict[str, Any]:
    """The result so far: the paired difference per deal with its 95% interval, and each setting's totals."""
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    result: dict[str, Any] = {
        "deals": n,
        "first_deal": args.first_deal,
        "samples": args.samples,
        "hands_per_game": args.hands,
        "others": others,
        "seed": args.seed,
        "seconds": round(seconds, 1),
        "difference_a_minus_b": {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]},
        "per_deal_difference": [round(x, 3) for x in diffs],
    }
    for v, text in (("a", args.a), ("b", args.b)):
        t = tot[v]
        times = sorted(t["times"])
        result[v] = {
            "setting": text,
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
    return result


if __name__ == "__main__":
    sys.exit(main())
