"""Random playouts: Baza's engine against OpenSpiel's C++ Hearts and Spades.

Both engines play uniformly random complete hands (legal actions only),
driven from Python, in alternating rounds of the same length, so that a
drift in the machine's speed hits both alike. Prints a table of medians and
the ratio Baza / OpenSpiel per round, then the same as one JSON object.

    python -m venv .bench-venv && .bench-venv/bin/pip install -r bench/requirements.txt
    .bench-venv/bin/python bench/vs_openspiel.py --rounds 7 --seconds 1

OpenSpiel's ``hearts`` is one hand with passing, ``no_pts_on_first_trick``
and ``must_break_hearts`` (our ``standard`` preset); its ``spades`` is one
partnership hand with nil (our ``partnership`` preset). OpenSpiel deals with
52 chance actions per hand, which are driven from Python like the rest.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.__main__ import random_hands_per_second


def openspiel_hands_per_second(name: str, seconds: float, seed: int = 0) -> float:
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
        hands += 1
        if hands % 16 == 0 and time.perf_counter() - start >= seconds:
            return hands / (time.perf_counter() - start)


PAIRS = (
    ("hearts", ("hearts", "standard"), "hearts"),
    ("spades", ("spades", "partnership"), "spades"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round of one engine")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install -r bench/requirements.txt", file=sys.stderr)
        return 2
    out = {}
    print(f"{'game':8} {'Baza hands/s':>14} {'OpenSpiel hands/s':>18} {'ratio (median)':>15}")
    for label, (game, preset_name), spiel_name in PAIRS:
        ours, theirs, ratios = [], [], []
        for r in range(args.rounds):
            a = random_hands_per_second(game, preset_name, args.seconds, seed=r)
            b = openspiel_hands_per_second(spiel_name, args.seconds, seed=r)
            ours.append(a)
            theirs.append(b)
            ratios.append(a / b)
        row = {
            "baza_hands_per_second": round(statistics.median(ours), 1),
            "openspiel_hands_per_second": round(statistics.median(theirs), 1),
            "ratio_median": round(statistics.median(ratios), 3),
            "ratio_min": round(min(ratios), 3),
            "ratio_max": round(max(ratios), 3),
            "rounds": args.rounds,
        }
        out[label] = row
        ours_m, theirs_m = row["baza_hands_per_second"], row["openspiel_hands_per_second"]
        print(f"{label:8} {ours_m:>14} {theirs_m:>18} {row['ratio_median']:>15}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
