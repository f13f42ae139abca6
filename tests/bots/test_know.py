"""A bot's knowledge is built two ways: from a seat's view at the table
(``Know.from_view``) and from a match inside a playout (``Know.from_match``).
The second is what keeps a search from reading cards its seat cannot see, so
both must say the same of every position: every field a bot reads, for every
seat, in random positions of Hearts and Spades.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.common import Know
from game.rules import PRESETS
from game.state import GAME_OVER, new_match

# Derandomized: the same positions in every run, as the engine's property tests.
SETTINGS = settings(derandomize=True, max_examples=40, deadline=None, database=None)

CASES = [
    ("hearts", "standard", 4),
    ("hearts", "classic", 3),
    ("hearts", "omnibus", 6),
    ("spades", "partnership", 4),
    ("spades", "cutthroat", 3),
    ("spades", "classic", 2),
]


def fields(k: Know) -> dict[str, object]:
    """Every field of ``k``, sequences as tuples (a view holds tuples, a match lists)."""
    out: dict[str, object] = {}
    for name in Know.__slots__:
        value = getattr(k, name)
        out[name] = tuple(value) if isinstance(value, (list, tuple)) else value
    return out


def random_position(game: str, preset_name: str, players: int, seed: int, steps: int):
    """A match after ``steps`` random legal actions (fewer if the game ends)."""
    options = {"players": players}
    if game == "spades" and preset_name in ("partnership", "cutthroat"):
        options["nil"] = True
    m = new_match(game, preset_name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.phase == GAME_OVER:
            break
        actions = m.legal_actions()
        m.apply(actions[rng.randrange(len(actions))])
    return m


@pytest.mark.parametrize(("game", "preset_name", "players"), CASES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 160))
def test_from_view_and_from_match_agree(game, preset_name, players, seed, steps):
    assert preset_name in PRESETS[game]
    m = random_position(game, preset_name, players, seed, steps)
    for seat in range(m.players):
        by_view = fields(Know.from_view(m.view(seat)))
        by_match = fields(Know.from_match(m, seat))
        differ = {name: (by_view[name], by_match[name]) for name in by_view if by_view[name] != by_match[name]}
        assert not differ, f"seat {seat} in phase {m.phase}: (from_view, from_match) differ on {differ}"
