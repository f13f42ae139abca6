"""ui/app.py hands the controller the bots without importing them: game.bots
is imported at the first bot move or hint, after the table is drawn, and
the bots then play exactly as game.bots' own functions do."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

import game.bots as bots
import ui.app as app
from game.state import new_match

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import sys
import ui.app
print(",".join(sorted(name for name in sys.modules if name.startswith("game.bots"))) or "none")
"""


def test_importing_the_application_leaves_the_bots_for_later():
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none"


@pytest.mark.parametrize(("game", "preset"), [("hearts", "standard"), ("spades", "partnership")])
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_the_bots_handed_to_the_controller_play_as_game_bots_does(game, preset, level):
    match = new_match(game, preset, seed=7)
    moves = 0
    while moves < 40 and match.to_act is not None and match.legal_actions():
        seat = match.to_act
        view = match.view(seat)
        action = bots.choose(view, level, random.Random(moves))
        assert app.choose(view, level, random.Random(moves)) == action
        thought = app.think(view, level, random.Random(moves))
        while not thought.step():
            pass
        assert thought.result() == bots.think(view, level, random.Random(moves)).result()
        assert app.hint_message(view) == bots.hint_message(view)
        match.apply(action)
        moves += 1
    assert moves == 40  # passes or bids, then tricks: every phase a bot meets at the start of a game


def test_a_hard_bot_handed_to_the_controller_thinks_to_a_legal_move():
    match = new_match("hearts", "standard", seed=3)
    view = match.view(match.to_act)
    thought = app.think(view, "hard", random.Random(1), ms=5)
    steps = 0
    while not thought.step():
        steps += 1
        assert steps < 100_000
    assert thought.result()[0] in match.legal_actions()
