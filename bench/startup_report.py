"""The tables and the JSON of bench/startup.py: medians, spreads and ratios of its visits.

Apart from the visits themselves (bench/startup.py: the sites, the browser,
what a visit collects) so that each file holds one job; bench/first_visit.py
uses ``summary`` too.
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from startup import Site, Visit

# What a visit measures: key, label, the unit it is shown in, decimals.
METRICS = [
    ("fcp", "first paint (ms)", 1, 0),
    ("ready", "ready (ms)", 1, 0),
    ("downloads", "downloads end (ms)", 1, 0),
    ("net_bytes", "network by ready (kB)", 1e3, 0),
    ("server_bytes", "server sent, whole visit (kB)", 1e3, 0),
    ("heap_bytes", "JS heap after ready (MB)", 1e6, 1),
    ("wasm_bytes", "wasm memory after ready (MB)", 1e6, 1),
]


def summary(values: list) -> dict | None:
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def progress_medians(visits: list[Visit]) -> dict[str, float]:
    """Median time of each PyScript progress step seen in every visit."""
    steps: dict[str, list[float]] = {}
    for v in visits:
        seen = set()
        for t, label in v.progress:
            if label not in seen:  # a step may repeat (one per script); keep the first
                seen.add(label)
                steps.setdefault(label, []).append(t)
    order = {label: i for i, (_, label) in enumerate(visits[0].progress)} if visits else {}
    return {
        label: round(statistics.median(ts))
        for label, ts in sorted(steps.items(), key=lambda item: order.get(item[0], 99))
        if len(ts) == len(visits)
    }


def phases(visit: Visit) -> dict[str, float]:
    """A visit's start-up in stretches, from PyScript's progress events (ms)."""
    at = {}
    for t, label in visit.progress:
        at.setdefault(label, t)  # a step may repeat (one per script); keep the first
    ready = visit.values["ready"]
    stretches = {
        "to_interpreter": (0, at.get("Loading interpreter")),  # page, PyScript, config
        "interpreter": (at.get("Loading interpreter"), at.get("Loaded interpreter")),  # loadPyodide()
        # [files] of pyscript.toml: bench/bare/ has none, and neither has our
        # page since the loader brings the game's modules (within loadPyodide).
        "files": (at.get("Loading files"), at.get("Loaded files")),
        "to_ready": (at.get("Loaded Pyodide"), ready),  # PyScript's bootstrap, then our main.py
    }
    return {k: b - a for k, (a, b) in stretches.items() if a is not None and b is not None}


def cell(s: dict | None, div: float = 1, decimals: int = 0, spread: bool = True) -> str:
    if s is None:
        return "-"
    m = f"{s['median'] / div:.{decimals}f}"
    return f"{m} [{s['min'] / div:.{decimals}f}-{s['max'] / div:.{decimals}f}]" if spread else m


def report(sites: list[Site], visits: list[Visit], n_visits: int, reference: str) -> dict:
    """Print a table per visit number (one row per page); return the figures."""
    out = {}
    names = [s.name for s in sites]
    runs = max(v.run for v in visits) + 1
    for number in range(1, n_visits + 1):
        title = "first visit (empty profile)" if number == 1 else f"return visit {number - 1} (visit {number})"
        print(f"\n== {title}: median [min-max] of {runs} runs; ratios are of medians, to {reference}")
        print(
            f"{'page':16}{'ready ms':>22}{'ratio':>7}{'first paint ms':>18}{'ratio':>7}"
            f"{'net kB':>9}{'server kB':>11}{'heap MB':>9}{'wasm MB':>9}"
        )
        block = {}
        for name in names:
            these = [v for v in visits if v.site == name and v.visit == number]
            stats = {key: summary([v.values[key] for v in these]) for key, *_ in METRICS}
            stretch = {k: summary([phases(v).get(k) for v in these]) for k in phases(these[0])} if these else {}
            block[name] = {
                **{k: {x: round(y, 1) for x, y in v.items()} for k, v in stats.items() if v},
                "stretches_ms": {k: round(v["median"]) for k, v in stretch.items() if v},
                "progress_ms": progress_medians(these),
                "requests": these[-1].requests if these else {},
            }
            snaps = [v.snapshot for v in these if v.snapshot is not None]
            if snaps:
                steps = {}
                # The prototypes' timings, or every "baza:" mark of our page (the
                # loader's, then ui/main.py's), in the order of their medians.
                for key in dict.fromkeys(k for x in snaps for k in x if k != "used"):
                    ts = [x[key] for x in snaps if key in x]
                    if len(ts) == len(snaps):
                        steps[key] = round(statistics.median(ts))
                steps = dict(sorted(steps.items(), key=lambda item: item[1]))
                block[name]["snapshot"] = {
                    "used": sum(1 for x in snaps if x.get("used")),
                    "of": len(snaps),
                    "ms": steps,
                }
        ratios = {}
        for name in names:
            row = block[name]
            ref = block.get(reference, {})
            r = {}
            for key in ("ready", "fcp", "net_bytes", "server_bytes", "heap_bytes"):
                if key in row and key in ref and ref[key]["median"]:
                    r[key] = round(row[key]["median"] / ref[key]["median"], 3)
            ratios[name] = r
            print(
                f"{name:16}{cell(row.get('ready')):>22}{r.get('ready', 0):>7.2f}{cell(row.get('fcp')):>18}"
                f"{r.get('fcp', 0):>7.2f}{cell(row.get('net_bytes'), 1e3, spread=False):>9}"
                f"{cell(row.get('server_bytes'), 1e3, spread=False):>11}"
                f"{cell(row.get('heap_bytes'), 1e6, 1, spread=False):>9}"
                f"{cell(row.get('wasm_bytes'), 1e6, 1, spread=False):>9}"
            )
        block["ratios_to_" + reference] = ratios
        print("stretches (median ms): to interpreter | loadPyodide | [files] | PyScript bootstrap + main.py")
        for name in names:
            st = block[name]["stretches_ms"]
            line = " | ".join(str(st.get(k, "-")) for k in ("to_interpreter", "interpreter", "files", "to_ready"))
            extra = ""
            if "snapshot" in block[name]:
                snap = block[name]["snapshot"]
                extra = f"   snapshot used {snap['used']}/{snap['of']}, loader ms {snap['ms']}"
            print(f"  {name:16}{line}{extra}")
        print("requests by source (last run): " + "; ".join(f"{n} {block[n]['requests']}" for n in names))
        out["first" if number == 1 else f"return{number - 1}"] = block
    return out
