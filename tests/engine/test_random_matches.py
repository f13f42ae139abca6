"""Property tests: uniformly random legal play over every preset and player count.

Each example plays a match from a seed that Hypothesis draws, choosing with a
``random.Random`` of another drawn seed uniformly among ``legal_actions()``.
At every step it checks what must always hold (docs/RULES.md): every card of the
deck is in exactly one place, legal actions exist whenever someone is to act,
a refused action changes nothing, a seat's view shows no other seat's cards,
sampled deals agree with what the seat knows, and a save restores the same
match. At every finished hand it checks the record against an independent
re-play of its tricks and an independent scorer written from docs/RULES.md, and
replays the record through the engine.

The checks are in match_checks.py; the expected tables (removed cards, hand
sizes, tricks) and the independent scorer are in rules_model.py, written from
docs/RULES.md, not read from the engine.
"""

import random

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st
from match_checks import play_match

from game.rules import PRESETS, preset
from game.state import Match

SETTINGS = settings(max_examples=EXAMPLES)  # the profile of conftest.py: derandomized in CI


# ----------------------------------------------------------------- the properties

# Every preset with every player count it allows (partnership: 4 only).
SPADES_CASES = [
    (name, n) for name in sorted(PRESETS["spades"]) for n in ((4,) if name == "partnership" else (2, 3, 4, 5))
]
# Every player count with every hearts_broken mode, and both odd_cards modes
# where the deck does not divide evenly; the preset and the rest are drawn.
HEARTS_CASES = [
    (n, broken, odd)
    for n in range(3, 9)
    for broken in ("lead", "discard", "none")
    for odd in (("double_first", "remove") if (52 * (2 if n >= 6 else 1)) % n else ("double_first",))
]


@pytest.mark.parametrize(("name", "players"), SPADES_CASES)
@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    policy=st.integers(0, 2**32 - 1),
    hands=st.sampled_from([1, 1, 2]),
    target=st.sampled_from([None, 40, 150]),
    blind_always=st.booleans(),
)
def test_random_spades_matches(name, players, seed, policy, hands, target, blind_always):
    options = {"players": players}
    if target is not None:
        options["target"] = target
    if blind_always and name in ("partnership", "cutthroat"):
        options["blind_nil_behind"] = 0  # blind nil (and looking) from the first hand
    m = Match(preset("spades", name, **options), seed=f"prop:{seed}")
    play_match(m, random.Random(policy), hands, save_every=0.15)


@pytest.mark.parametrize(("players", "hearts_broken", "odd_cards"), HEARTS_CASES)
@SETTINGS
@given(
    name=st.sampled_from(sorted(PRESETS["hearts"])),
    seed=st.integers(0, 2**32 - 1),
    policy=st.integers(0, 2**32 - 1),
    hands=st.sampled_from([1, 1, 2]),
    moon=st.sampled_from(["others_26", "choose"]),
    queen_breaks=st.booleans(),
    target=st.sampled_from([None, 20]),
)
def test_random_hearts_matches(
    players, hearts_broken, odd_cards, name, seed, policy, hands, moon, queen_breaks, target
):
    options = {"players": players, "odd_cards": odd_cards, "hearts_broken": hearts_broken, "moon": moon}
    options["queen_breaks_hearts"] = queen_breaks
    if target is not None:
        options["target"] = target
    m = Match(preset("hearts", name, **options), seed=f"prop:{seed}")
    play_match(m, random.Random(policy), hands, save_every=0.15)


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    policy=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    nil=st.booleans(),
)
def test_random_auction_spades(seed, policy, players, nil):
    """Auction Spades (not a preset, but an option of every preset): the trump
    is the suit of the highest bid, earlier bid first on a tie."""
    m = Match(preset("spades", "classic", players=players, auction=True, nil=nil), seed=f"prop:{seed}")
    play_match(m, random.Random(policy), 1, save_every=0.15)
    rec = m.records[-1]
    assert all(isinstance(b, list) or b == "nil" for b in rec["bids"])

