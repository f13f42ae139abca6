"""bench/first_visit.py's report: the tables it prints and the figures it keeps in its JSON.

Not run on its own. A row per page (ours, bare, stock) and link, link by
link and serving mode; the player's figures (the pass, the first and second
card, the longest task after ready) beside ready; ratios of ours to the
bare pages of the same run.
"""

from __future__ import annotations

import itertools
import statistics

from startup import summary


def cell(s: dict | None, div: float, decimals: int) -> str:
    if s is None:
        return "-"
    return f"{s['median'] / div:.{decimals}f} [{s['min'] / div:.{decimals}f}-{s['max'] / div:.{decimals}f}]"


def median(s: dict | None, div: float) -> str:
    return "-" if s is None else f"{s['median'] / div:.2f}"


# The ratios of medians of ours to another page: their key in a block of the
# JSON ("ratios" for bare, as in the files from before the stock page) and
# the figures they compare, with their label in the table.
RATIOS_KEY = {"bare": "ratios", "stock": "ratios_stock"}
RATIO_FIGURES = {"ready": "ready", "shown": "shown", "wire": "MB before ready", "fcp": "fcp"}


def page_row(name: str, these: list[dict]) -> tuple[dict, str]:
    """A page's summary for the JSON, and its row of the table."""
    keys = ("ready", "shown", "wire", "wire_total", "server", "fcp", "bar_seen")
    stats = {k: summary([v[k] for v in these if v.get(k) is not None]) for k in keys}
    firsts = [v["bar_first"] for v in these if v["bar_first"] is not None]
    lasts = [v["bar_last"] for v in these if v["bar_last"] is not None]
    full = sum(1 for v in these if v["bar_full"])
    bar = f"{statistics.median(firsts):g}/{statistics.median(lasts):g}" if firsts and lasts else "none"
    row = (
        f"{name:6}{len(these):>3}{cell(stats['ready'], 1e3, 2):>22}{cell(stats['shown'], 1e3, 2):>22}"
        f"{cell(stats['wire'], 1e6, 2):>22}"
        f"{median(stats['wire_total'], 1e6):>14}{median(stats['server'], 1e6):>11}"
        f"{cell(stats['fcp'], 1e3, 2):>20}{median(stats['bar_seen'], 1e3):>12}"
        f"{bar:>18}{f'{full}/{len(these)}' if firsts else '-':>6}"
    )
    return {k: s for k, s in stats.items() if s} | {"bar_full": full, "n": len(these)}, row


def ratios(ours: dict, other: dict) -> dict[str, float]:
    """The ratios of medians ours / other of RATIO_FIGURES (those both pages have)."""
    found = {}
    for key in RATIO_FIGURES:
        mine, theirs = ours.get(key), other.get(key)
        if mine and theirs and theirs["median"]:
            found[key] = round(mine["median"] / theirs["median"], 3)
    return found


def wire_notes(name: str, these: list[dict]) -> list[str]:
    """What the page's last visit sent before ready by Content-Encoding (in the br
    mode a file without its .br goes out as it is), and any request of its
    visits to another origin or that failed."""
    if not these:
        return []
    last = these[-1]
    by_encoding: dict[str, list[int]] = {}
    for f in last["files"]:
        if f["finished_ms"] is not None and f["finished_ms"] <= last["ready"]:
            by_encoding.setdefault(f["encoding"] or "none", []).append(f["bytes"])
    notes = [
        f"{name} before ready by Content-Encoding (last run): "
        + "; ".join(f"{k} {sum(b) / 1e6:.2f} MB in {len(b)} files" for k, b in sorted(by_encoding.items()))
    ]
    others = sorted({url for v in these for url in v["other_origins"]})
    if others:
        notes.append(f"{name} asked OTHER ORIGINS: {', '.join(others)}")
    failed = sorted({f"{f['path']} ({f['failed']})" for v in these for f in v["files"] if "failed" in f})
    if failed:
        notes.append(f"{name} had FAILED requests: {', '.join(failed)}")
    return notes


def block_key(link: dict, via: str, mode: str) -> str:
    """A block's key in the JSON: "LINK | MODE" as in the older files, "| proxy" (or "| proxy-cut") added."""
    return f"{link['name']} | {mode}" + ("" if via == "devtools" else f" | {via}")


def play_rows(block: dict, these: list[dict], others: list[str]) -> None:
    """The eager player's figures of ours (medians [min-max]): print them and add them to the block."""
    plays = [v["play"] for v in these if "play" in v]
    if not plays:
        return
    figures = ("pass", "first_card", "undo", "second_card", "longest_task_after_ready")
    stats = {k: summary([p[k] for p in plays if k in p]) for k in figures}
    stats = {k: v for k, v in stats.items() if v}
    played = sum(1 for p in plays if "second_card" in p)
    sync = sum(1 for p in plays if p["sync_requests"])
    fatal = sum(1 for p in plays if p["fatal"])
    print(
        f"ours, the eager player (Hint, pass, Hint, card, Undo, cards): reached the 2nd card in {played}/{len(plays)},"
        f" synchronous requests in {sync}, fatal error in {fatal}"
    )
    print(f"{'':6}{'pass s':>20}{'1st card s':>20}{'undo s':>20}{'2nd card s':>20}{'longest task after ready ms':>32}")
    print(
        f"{'ours':6}"
        + "".join(f"{cell(stats.get(k), 1e3, 2):>20}" for k in figures[:-1])
        + f"{cell(stats.get('longest_task_after_ready'), 1, 0):>32}"
    )
    block["ours"]["play"] = {**stats, "reached": played, "n": len(plays), "sync_requests": sync, "fatal": fatal}
    # What a player waits for against what a bare page makes them wait for Python alone.
    for name in others:
        theirs = block[name].get("ready")
        if "second_card" in stats and theirs:
            ratio = round(stats["second_card"]["median"] / theirs["median"], 3)
            block[RATIOS_KEY[name]]["second_card_to_ready"] = ratio
            print(f"ours' 2nd card / {name}'s ready: {ratio:.2f}")
    for p in plays:
        if p["sync_requests"] or p.get("error"):
            print(f"  ours: synchronous requests {p['sync_requests']}, cold part {p['cold']!r}, {p.get('error', '')}")


def report(links: list[dict], vias: list[str], modes: list[str], pages: list[str], visits: list[dict]) -> dict:
    """Print a table per link, way and mode; return the medians and ratios."""
    out = {}
    others = [name for name in pages if name != "ours"] if "ours" in pages else []
    for link, via, mode in itertools.product(links, vias, modes):
        how = {
            "devtools": "Chromium's emulation",
            "proxy": "the throttling proxy",
            "proxy-cut": "the throttling proxy, reset at ready",
        }[via]
        print(f"\n== {link['name']} ({how}), {mode} serving: median [min-max] of the fresh profiles")
        print(
            f"{'page':6}{'n':>3}{'ready s':>22}{'shown s':>22}{'MB before ready':>22}"
            f"{'MB by linger':>14}{'server MB':>11}{'fcp s':>20}{'bar seen s':>12}{'bar first/last %':>18}{'100%':>6}"
        )
        block, notes = {}, []
        for name in pages:
            these = [
                v for v in visits if (v["link"], v["via"], v["mode"], v["page"]) == (link["name"], via, mode, name)
            ]
            block[name], row = page_row(name, these)
            print(row)
            notes += wire_notes(name, these)
        if others:
            print(f"{'ratio of medians':18}" + "".join(f"{'ours / ' + name:>15}" for name in others))
            for name in others:
                block[RATIOS_KEY[name]] = ratios(block["ours"], block[name])
            for key, label in RATIO_FIGURES.items():
                values = [block[RATIOS_KEY[name]].get(key) for name in others]
                print(f"{label:18}" + "".join(f"{'-' if r is None else f'{r:.2f}':>15}" for r in values))
        if "ours" in pages:
            where = (link["name"], via, mode, "ours")
            play_rows(block, [v for v in visits if (v["link"], v["via"], v["mode"], v["page"]) == where], others)
        print("\n".join(notes))
        out[block_key(link, via, mode)] = block
    return out
