"""The ``hard`` level: determinized Monte-Carlo search (PIMC).

For a card to play, the searcher deals the unseen cards many times in ways
consistent with its view (:func:`game.view.determinize`: hand sizes, voids
shown, the cards it passed), and in every such deal tries each candidate
card, then lets the ``normal`` heuristics play the hand out for every seat,
each seat deciding from its own hand and the public table only. The card with
the best average result wins; the ``normal`` choice breaks ties.

All candidates are tried on the same sampled deals (common random numbers),
so the comparison between cards is much less noisy than the deals are.
Cards that are equivalent (adjacent in rank, with nothing left between them
in other hands) are tried once.

The budget is a time limit (``ms``) and/or a number of sampled deals
(``samples``); whichever ends first stops the search, and at least one
sample is always searched. Bidding, passing, the draw and the moon choice
use the ``normal`` rules.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..cards import DECK_SIZE
from ..view import determinize
from . import hearts_bot, spades_bot
from .common import RANK_OF, SUIT_OF, Know, name

DEFAULT_MS = 800.0  # per decision; the issue allows at most 1 s
DEFAULT_SAMPLES = 400  # an upper bound on sampled deals when only ms is given


def search_choice(view: Any, rng: random.Random, ms: float | None = None, samples: int | None = None) -> tuple[int, str]:
    """The hard bot's action for ``view`` and a one-line reason."""
    from . import decide

    k = Know.from_view(view)
    if k.phase != "play" or len(k.legal) == 1:
        return decide(k, "normal", rng)
    base, base_why = decide(k, "normal", rng)
    cands = candidates(k)
    if len(cands) == 1:
        return base, base_why
    if base not in cands:
        # The normal choice stands for its whole group of equivalent cards.
        for c in cands:
            if _same_group(k, c, base):
                cands[cands.index(c)] = base
                break
    if ms is None and samples is None:
        ms = DEFAULT_MS
    max_samples = samples if samples is not None else DEFAULT_SAMPLES
    deadline = None if ms is None else time.perf_counter() + ms / 1000.0
    totals = {c: 0.0 for c in cands}
    done = 0
    start = time.perf_counter()
    while done < max_samples:
        world = determinize(view, rng)
        for c in cands:
            m = world.clone()
            m.apply(c)
            totals[c] += playout_value(m, k.seat, k.passed)
        done += 1
        if deadline is not None:
            now = time.perf_counter()
            per = (now - start) / done
            if now + per > deadline:
                break
    best = max(cands, key=lambda c: (totals[c], c == base))
    if totals[best] <= totals.get(base, -1e18) + 1e-9:
        best = base
    mean = totals[best] / done
    if best == base:
        return best, f"{base_why} (Search agrees over {done} sampled deals.)"
    unit = "points" if k.game == "hearts" else "points for your side"
    shown = -mean if k.game == "hearts" else mean
    other = totals[base] / done
    other_shown = -other if k.game == "hearts" else other
    return best, (
        f"Play {name(best)}: over {done} sampled deals it averaged {shown:.1f} {unit}, "
        f"against {other_shown:.1f} for {name(base)}."
    )


def candidates(k: Know) -> list[int]:
    """The legal cards, one per group of equivalent cards (the lowest)."""
    legal = k.legal_cards()
    out: list[int] = []
    gone = k.played | k.hand  # cards nobody else can hold
    for c in sorted(legal, key=lambda c: (SUIT_OF[c], RANK_OF[c], c)):
        if out and _adjacent(out[-1], c, gone):
            continue
        out.append(c)
    return out


def _adjacent(a: int, b: int, gone: int) -> bool:
    """Same suit, and every rank between them is in the hand or played (one deck)."""
    if SUIT_OF[a] != SUIT_OF[b] or a >= DECK_SIZE or b >= DECK_SIZE:
        return False
    lo, hi = sorted((a, b))
    between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    return between & ~gone == 0


def _same_group(k: Know, a: int, b: int) -> bool:
    gone = k.played | k.hand
    return _adjacent(a, b, gone) and all(SUIT_OF[x] == SUIT_OF[a] for x in (a, b))


def playout(m: Any, root: int, root_passed: int) -> None:
    """Play the hand to its end with the normal heuristics for every seat."""
    choose_h = hearts_bot.choose_play
    choose_s = spades_bot.choose_play
    hearts = m.game == "hearts"
    while m.phase == "play":
        seat = m.to_act
        k = Know.from_match(m, seat, root_passed if seat == root else 0)
        legal = k.legal
        if len(legal) == 1:
            a = legal[0]
        else:
            a = (choose_h(k) if hearts else choose_s(k))[0]
        m.apply(a)
    if m.phase == "moon":
        k = Know.from_match(m, m.to_act)
        m.apply(hearts_bot.choose_moon(k)[0])


def playout_value(m: Any, seat: int, passed: int) -> float:
    """Play out and score the hand from ``seat``'s side (higher is better)."""
    playout(m, seat, passed)
    rec = m.records[-1]
    result = rec["result"]
    if m.game == "hearts":
        return -float(result["points"][seat])
    rules = m.rules
    points = result.get("side_points") or result["points"]
    if rules.partnership:
        sides = points
    else:
        sides = result["points"]
    mine = rules.side_of(seat)
    value = [float(p) for p in sides]
    if rules.bag_limit:
        # Bags cost their share of the penalty, not a lump when the limit falls.
        before = rec["bags_before"]
        per_bag = rules.bag_penalty / rules.bag_limit
        for s in range(len(value)):
            crossed = (before[s] + _new_bags(m, rules, s)) // rules.bag_limit
            value[s] += crossed * rules.bag_penalty - _new_bags(m, rules, s) * per_bag
    others = [v for s, v in enumerate(value) if s != mine]
    return value[mine] - sum(others) / len(others)


def _new_bags(m: Any, rules: Any, side: int) -> int:
    """Bags the side took this hand (overtricks and nil tricks)."""
    seats = [s for s in range(m.players) if rules.side_of(s) == side]
    contract = 0
    won = 0
    bags = 0
    for s in seats:
        b = m.bids[s]
        if b is None:
            continue
        if b <= 0:
            bags += m.tricks_won[s]
        else:
            contract += b
            won += m.tricks_won[s]
    if contract and won > contract:
        bags += won - contract
    return bags


__all__ = ["DEFAULT_MS", "DEFAULT_SAMPLES", "candidates", "playout", "playout_value", "search_choice"]
