"""The ``random`` level: a uniformly random legal action, the baseline the
arena measures the other levels against."""

from __future__ import annotations

import random


def choose_random(legal: list[int] | tuple[int, ...], rng: random.Random) -> int:
    """One of ``legal``, each with the same chance; only ``rng`` decides."""
    return legal[int(rng.random() * len(legal))]
