"""Command line: ``python -m game replay FILE.jsonl`` and ``python -m game bench``."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .errors import BazaError
from .records import replay_record, replay_summary
from .rules import preset
from .save import load_json
from .state import Match


def replay(path: str) -> int:
    """Replay every record of a JSON-lines file; print one result line each."""
    bad = 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                m = replay_record(load_json(line, "The record"))
            except BazaError as e:
                print(f"line {number}: {e}", file=sys.stderr)
                bad += 1
                continue
            print(json.dumps(replay_summary(m), separators=(",", ":")))
    return 1 if bad else 0


def random_hands_per_second(
    game: str, preset_name: str, seconds: float, seed: int = 0, step_api: bool = False
) -> float:
    """Uniformly random complete hands (legal actions only) for ``seconds``.

    By default each hand is finished with :meth:`Match.play_out_hand`, the
    path Monte-Carlo bots use; with ``step_api`` every action goes through
    ``legal_actions()`` and ``apply()`` one at a time, as a UI drives it.
    """
    rules = preset(game, preset_name)
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    m = Match(rules, seed=seed)
    while True:
        if m.phase == "game_over":
            m = Match(rules, seed=rng.random())
        if step_api or m.phase not in ("bid", "pass", "play"):
            phase = m.phase
            actions = m.legal_actions()
            m.apply(actions[int(rng.random() * len(actions))])
            ended = m.phase != phase and m.phase in ("hand_over", "game_over")
        else:
            m.play_out_hand(rng)
            ended = True
        if ended:
            hands += 1
            if hands % 16 == 0 and time.perf_counter() - start >= seconds:
                break
    return hands / (time.perf_counter() - start)


def bench(seconds: float) -> dict[str, dict[str, float]]:
    out = {}
    for name, game, pre in (("spades_partnership", "spades", "partnership"), ("hearts_standard", "hearts", "standard")):
        out[name] = {
            "hands_per_second": round(random_hands_per_second(game, pre, seconds), 1),
            "hands_per_second_step_api": round(random_hands_per_second(game, pre, seconds, step_api=True), 1),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay hand records, one JSON object a line")
    p_replay.add_argument("file")
    p_bench = sub.add_parser("bench", help="random complete hands per second")
    p_bench.add_argument("--seconds", type=float, default=3.0, help="per game (default 3)")
    from . import arena

    arena.add_arguments(sub.add_parser("arena", help="bots play duplicate deals; see game/arena.py"))
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay(args.file)
    if args.command == "arena":
        return arena.main(args)
    print(json.dumps(bench(args.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
