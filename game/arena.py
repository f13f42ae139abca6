"""The arena: bots of chosen levels play duplicate deals, and the results say
how strong each level is.

``python -m game arena --game hearts --preset standard --players 4
--seats normal,random,random,random --deals 200 --seed 1 [--json]``

A *deal* is a match seed: the same seed gives the same cut and the same
cards in every hand. Each deal is played once for every distinct rotation of
the seat levels (with ``normal,random,random,random``: four times, the
``normal`` bot once in each seat), so every level holds the same cards over
a deal and luck cancels out. Games are played to their end, or for at most
``--hands`` hands each.

Results per level: mean points per hand (a Spades partnership scores per
side: each side's points per hand, and its games won), with a 95% confidence
interval that treats each deal as one sample (its hands are not independent),
and the number of hands. Then each level against the first: the ratio of
their means (Hearts: lower is better) and the difference (Spades: higher is
better), with bootstrap 95% intervals over the deals. Decision times per
level are reported too: CPU time of this process (so that other programs on
the machine do not inflate them), for decisions with more than one choice.

This is a benchmark, never a timed test.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from typing import Any

from .bots import LEVELS, choose
from .bots.common import Know
from .rules import preset
from .state import Match

# The arena seats one more player than the page's levels: the scripted moon
# hunter (Hearts only, game/bots/moon_hunter.py), to count the moons a level
# lets through.
ARENA_LEVELS = (*LEVELS, "shooter")


def arena_choose(v: Any, level: str, rng: random.Random, **search: Any) -> int:
    """The action of ``level`` (a level of the page, or ``shooter``) for the view ``v``."""
    if level == "shooter":
        from .bots import moon_hunter

        return moon_hunter.choose(Know.from_view(v))[0]
    return choose(v, level, rng, **search)


def moon_shooter(m: Match) -> int | None:
    """The seat that took every point of the hand just played, if one did (Hearts)."""
    from .bots.hearts_bot import mask_points

    total = 26 * (2 if m.players >= 6 else 1)
    for seat, taken in enumerate(m.taken):
        if mask_points(taken) == total:
            return seat
    return None


Z95 = 1.959964


def poisson_ci(k: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Garwood) interval of a Poisson mean from ``k`` events: how
    many moons a level concedes is a count of rare events, where a normal
    interval would reach below zero. Found by bisection on the distribution
    function, so no statistics package is needed.

    >>> [round(x, 2) for x in poisson_ci(0)], [round(x, 2) for x in poisson_ci(4)]
    ([0.0, 3.69], [1.09, 10.24])
    """

    def cdf(x: int, mu: float) -> float:
        term = total = math.exp(-mu)
        for i in range(1, x + 1):
            term *= mu / i
            total += term
        return total

    def root(f: Callable[[float], float]) -> float:
        """Where the decreasing ``f`` crosses zero."""
        lo, hi = 0.0, 10.0 * k + 10.0
        for _ in range(100):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
        return (lo + hi) / 2

    tail = (1 - level) / 2
    low = 0.0 if k == 0 else root(lambda mu: tail - (1 - cdf(k - 1, mu)))
    return low, root(lambda mu: cdf(k, mu) - tail)


def rotations(seats: list[str]) -> list[list[str]]:
    """Each distinct rotation of the seat levels: ``out[r][seat]`` is the level."""
    n = len(seats)
    out: list[list[str]] = []
    for r in range(n):
        rot = [seats[(i - r) % n] for i in range(n)]
        if rot not in out:
            out.append(rot)
    return out


def side_label(rules: Any, levels: list[str], side: int) -> str:
    names = sorted({levels[s] for s in range(rules.players) if rules.side_of(s) == side})
    return "+".join(names)


def play_deal(rules: Any, seats: list[str], deal_seed: str, hands: int, search: dict[str, Any]) -> dict[str, Any]:
    """Play one deal under every rotation; per level: points, hands, games won, times."""
    out: dict[str, Any] = {"points": {}, "hands": {}, "won": {}, "games": {}, "times": {}, "moons": {}}
    for r, levels in enumerate(rotations(seats)):
        m = Match(rules, seed=deal_seed)
        rngs = [random.Random(f"{deal_seed}:{r}:{s}") for s in range(rules.players)]
        while m.phase != "game_over" and (not hands or len(m.records) < hands or m.phase not in ("hand_over",)):
            seat = m.seat_to_act
            level = levels[seat]
            v = m.view(seat)
            t0 = time.process_time()  # CPU time: other processes on the machine do not count
            a = arena_choose(v, level, rngs[seat], **(search if level == "hard" else {}))
            dt = time.process_time() - t0
            if len(v.legal) > 1:
                out["times"].setdefault(level, []).append(dt)
            m.apply(a)
            if m.game == "hearts" and v.phase == "play" and m.phase != "play":
                shooter = moon_shooter(m)  # the hand's last card: m.taken still holds its tricks
                if shooter is not None:
                    lab = side_label(rules, levels, rules.side_of(shooter))
                    out["moons"][lab] = out["moons"].get(lab, 0) + 1
        sides = rules.sides
        labels = [side_label(rules, levels, side) for side in range(sides)]
        for rec in m.records:
            res = rec["result"]
            per_side = res.get("side_points") or res["points"]
            for side in range(sides):
                lab = labels[side]
                out["points"][lab] = out["points"].get(lab, 0) + per_side[side]
                out["hands"][lab] = out["hands"].get(lab, 0) + 1
        for side in range(sides):
            lab = labels[side]
            out["games"][lab] = out["games"].get(lab, 0) + (1 if m.phase == "game_over" else 0)
            out["won"][lab] = out["won"].get(lab, 0) + (1 if side in m.winners else 0)
    return out


def _mean_ci(units: list[tuple[float, int]]) -> tuple[float, float, float]:
    """Ratio-of-totals mean with a cluster (per-deal) 95% interval."""
    total_p = sum(p for p, _ in units)
    total_h = sum(h for _, h in units)
    if not total_h:
        return 0.0, 0.0, 0.0
    mean = total_p / total_h
    d = len(units)
    if d < 2:
        return mean, -math.inf, math.inf
    ss = sum((p - mean * h) ** 2 for p, h in units)
    se = math.sqrt(d / (d - 1) * ss) / total_h
    return mean, mean - Z95 * se, mean + Z95 * se


def _bootstrap(
    units_a: list[tuple[float, int]], units_b: list[tuple[float, int]], seed: str, kind: str, reps: int = 2000
) -> tuple[float, float, float]:
    """Ratio (A/B) or difference (A-B) of per-hand means, with a bootstrap 95% interval over deals."""

    def stat(idx: list[int]) -> float:
        pa = sum(units_a[i][0] for i in idx)
        ha = sum(units_a[i][1] for i in idx) or 1
        pb = sum(units_b[i][0] for i in idx)
        hb = sum(units_b[i][1] for i in idx) or 1
        a, b = pa / ha, pb / hb
        if kind == "ratio":
            return a / b if b else math.inf
        return a - b

    d = len(units_a)
    point = stat(list(range(d)))
    if d < 2:
        return point, -math.inf, math.inf
    rng = random.Random(seed)
    vals = sorted(stat([int(rng.random() * d) for _ in range(d)]) for _ in range(reps))
    return point, vals[int(0.025 * reps)], vals[min(reps - 1, int(0.975 * reps))]


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(
    game: str,
    preset_name: str,
    players: int,
    seats: list[str],
    deals: int,
    seed: int | str = 1,
    hands: int = 0,
    ms: float | None = None,
    samples: int | None = None,
    jobs: int = 1,
    cpu_ms: float | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play the arena and return its results as JSON-ready data."""
    for s in seats:
        if s not in ARENA_LEVELS or (s == "shooter" and game != "hearts"):
            raise ValueError(f"Unknown level {s!r}: choose from {', '.join(LEVELS)} (and shooter in Hearts).")
    opts = dict(options or {})
    opts["players"] = players
    rules = preset(game, preset_name, **opts)
    if len(seats) != players:
        raise ValueError(f"--seats names {len(seats)} levels for {players} players.")
    search: dict[str, Any] = {}
    if ms is not None:
        search["ms"] = ms
    if samples is not None:
        search["samples"] = samples
    if cpu_ms is not None:
        search["cpu_ms"] = cpu_ms
    start = time.perf_counter()
    deal_seeds = [f"{seed}:{d}" for d in range(deals)]
    if jobs > 1:
        import multiprocessing  # CLI only: never imported in the browser

        with multiprocessing.Pool(jobs) as pool:
            per_deal = pool.starmap(play_deal, [(rules, seats, ds, hands, search) for ds in deal_seeds])
    else:
        per_deal = [play_deal(rules, seats, ds, hands, search) for ds in deal_seeds]
    seconds = time.perf_counter() - start

    labels: list[str] = []
    for pd in per_deal:
        for lab in pd["hands"]:
            if lab not in labels:
                labels.append(lab)
    order = [lab for lab in dict.fromkeys(side_label(rules, seats, s) for s in range(rules.sides)) if lab in labels]
    labels = order + [lab for lab in labels if lab not in order]
    units = {lab: [(float(pd["points"].get(lab, 0)), pd["hands"].get(lab, 0)) for pd in per_deal] for lab in labels}
    result: dict[str, Any] = {
        "game": game,
        "preset": preset_name,
        "players": players,
        "seats": seats,
        "deals": deals,
        "seed": seed,
        "hands_per_game": hands or "whole game",
        "rotations": len(rotations(seats)),
        "search": search or ("default" if "hard" in seats else None),
        "seconds": round(seconds, 1),
        "levels": {},
        "comparisons": [],
    }
    for lab in labels:
        mean, lo, hi = _mean_ci(units[lab])
        entry: dict[str, Any] = {
            "mean_points_per_hand": round(mean, 3),
            "ci95": [round(lo, 3), round(hi, 3)],
            "hands": sum(h for _, h in units[lab]),
        }
        if game == "hearts":
            moons = sum(pd["moons"].get(lab, 0) for pd in per_deal)
            entry["moons"] = moons
            entry["moons_per_100_hands"] = round(100 * moons / max(1, entry["hands"]), 2)
            lo, hi = poisson_ci(moons)
            entry["moons_ci95"] = [round(100 * x / max(1, entry["hands"]), 2) for x in (lo, hi)]
        if game == "spades":
            entry["games"] = sum(pd["games"].get(lab, 0) for pd in per_deal)
            entry["games_won"] = sum(pd["won"].get(lab, 0) for pd in per_deal)
        times = [t for pd in per_deal for lv, ts in pd["times"].items() if lv in lab.split("+") for t in ts]
        if times:
            entry["decision_ms"] = {
                "p50": round(1000 * _percentile(times, 0.5), 2),
                "p95": round(1000 * _percentile(times, 0.95), 2),
                "max": round(1000 * max(times), 2),
                "decisions": len(times),
            }
        result["levels"][lab] = entry
    for first, lab in ((labels[0], lab) for lab in labels[1:]):  # each level against the first
        kind = "ratio" if game == "hearts" else "difference"
        point, lo, hi = _bootstrap(units[first], units[lab], f"{seed}:boot:{lab}", kind)
        result["comparisons"].append(
            {"a": first, "b": lab, kind: round(point, 4), "ci95": [round(lo, 4), round(hi, 4)]}
        )
    return result


def table(result: dict[str, Any]) -> str:
    """The results as a plain-text table."""
    lines = [
        f"{result['game']} {result['preset']}, {result['players']} players, seats {','.join(result['seats'])}: "
        f"{result['deals']} deals x {result['rotations']} rotations, seed {result['seed']}, "
        f"hands per game: {result['hands_per_game']}, {result['seconds']} s",
        "",
    ]
    spades = result["game"] == "spades"
    head = f"{'level':<16}{'points/hand':>12}{'95% CI':>22}{'hands':>8}"
    if spades:
        head += f"{'won':>10}"
    head += f"{'p50 ms':>9}{'p95 ms':>9}"
    lines.append(head)
    for lab, e in result["levels"].items():
        lo, hi = e["ci95"]
        row = f"{lab:<16}{e['mean_points_per_hand']:>12.2f}{f'[{lo:.2f}, {hi:.2f}]':>22}{e['hands']:>8}"
        if spades:
            row += f"{str(e['games_won']) + '/' + str(e['games']):>10}"
        t = e.get("decision_ms")
        row += f"{t['p50']:>9.2f}{t['p95']:>9.2f}" if t else f"{'':>18}"
        if "moons" in e:
            lo, hi = e["moons_ci95"]
            row += f"   moons {e['moons']} ({e['moons_per_100_hands']:.2f} per 100 hands, [{lo:.2f}, {hi:.2f}])"
        lines.append(row)
    if result["comparisons"]:
        lines.append("")
    for c in result["comparisons"]:
        kind = "ratio" if "ratio" in c else "difference"
        lo, hi = c["ci95"]
        what = f"{c['a']} / {c['b']}" if kind == "ratio" else f"{c['a']} - {c['b']}"
        lines.append(f"{kind} {what}: {c[kind]:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")
    return "\n".join(lines)


def latency(games: int = 12, hands: int = 3, hard_hands: int = 1, ms: float | None = None) -> dict[str, Any]:
    """Decision times (wall clock) of each level where it runs, e.g. inside
    Pyodide: easy and normal over ``games`` matches of ``hands`` hands each,
    and hard at its default budget (or ``ms``) over ``hard_hands`` hands, run
    as :class:`game.bots.search.Search` steps so that the longest step (the
    longest the page would wait between two chances to draw) is measured too.
    """
    import sys

    from .bots.search import Search
    from .state import new_match

    out: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    for game, preset_name in (("hearts", "standard"), ("spades", "partnership")):
        for level in ("easy", "normal"):
            times = []
            for g in range(games):
                m = new_match(game, preset_name, seed=f"latency:{g}")
                rng = random.Random(g)
                while m.phase != "game_over" and len(m.records) < hands:
                    v = m.view(m.seat_to_act)
                    t0 = time.perf_counter()
                    a = choose(v, level, rng)
                    if len(v.legal) > 1:
                        times.append(time.perf_counter() - t0)
                    m.apply(a)
            out[f"{game} {level}"] = _time_summary(times)
        times, steps, samples = [], [], []
        m = new_match(game, preset_name, seed="latency:hard")
        rng = random.Random(1)
        while m.phase != "game_over" and len(m.records) < hard_hands:
            v = m.view(m.seat_to_act)
            if len(v.legal) > 1 and m.phase in ("play", "bid"):
                t0 = time.perf_counter()
                s = Search(v, rng, ms=ms)
                done = False
                while not done:
                    t1 = time.perf_counter()
                    done = s.step()
                    steps.append(time.perf_counter() - t1)
                a = s.result()[0]
                times.append(time.perf_counter() - t0)
                samples.append(s.samples)
            else:
                a = choose(v, "normal", rng)
            m.apply(a)
        entry = _time_summary(times)
        entry["sampled_deals_p50"] = _percentile([float(x) for x in samples], 0.5)
        entry["step_p95_ms"] = round(1000 * _percentile(steps, 0.95), 2)
        entry["step_max_ms"] = round(1000 * max(steps), 2)
        out[f"{game} hard"] = entry
    return out


def _time_summary(times: list[float]) -> dict[str, Any]:
    return {
        "decisions": len(times),
        "p50_ms": round(1000 * _percentile(times, 0.5), 3),
        "p95_ms": round(1000 * _percentile(times, 0.95), 3),
        "max_ms": round(1000 * max(times), 2),
    }


def add_arguments(p: Any) -> None:
    p.add_argument("--latency", action="store_true", help="only time decisions of every level (JSON)")
    p.add_argument("--game", choices=("hearts", "spades"))
    p.add_argument("--preset")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seats", help="one level per seat, comma-separated: random, easy, normal, hard, shooter (Hearts)")
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--seed", default="1")
    p.add_argument("--hands", type=int, default=0, help="at most this many hands per game (default: whole games)")
    p.add_argument("--ms", type=float, default=None, help="hard: milliseconds per decision")
    p.add_argument("--samples", type=int, default=None, help="hard: sampled deals per decision")
    p.add_argument("--cpu-ms", type=float, default=None, help="hard: CPU milliseconds per decision (busy machines)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (CPython only)")
    p.add_argument(
        "--rule", action="append", default=[], metavar="NAME=JSON", help="change an option, e.g. moon='\"choose\"'"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")


def main(args: Any) -> int:
    if args.latency:
        print(json.dumps(latency(ms=args.ms), indent=1))
        return 0
    missing = [f"--{n}" for n in ("game", "preset", "seats") if not getattr(args, n)]
    if missing:
        raise SystemExit(f"python -m game arena: {', '.join(missing)} required (or --latency)")
    options = {}
    for item in args.rule:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    result = run(
        args.game,
        args.preset,
        args.players,
        [s.strip() for s in args.seats.split(",")],
        args.deals,
        seed=args.seed,
        hands=args.hands,
        ms=args.ms,
        samples=args.samples,
        jobs=args.jobs,
        cpu_ms=args.cpu_ms,
        options=options,
    )
    if args.json:
        print(json.dumps(result))
    else:
        print(table(result))
    return 0
