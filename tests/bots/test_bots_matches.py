"""Every level plays complete matches of every preset and player count without
an illegal move; decisions are reproducible from the seed; every phase has a
reason for the hint button."""

import random

import pytest
from botkit import hearts, spades

from game.bots import LEVELS, choose, choose_with_reason, hint
from game.rules import PRESETS, preset
from game.state import Match

PLAYERS = {"spades": (2, 3, 4, 5), "hearts": (3, 4, 5, 6, 7, 8)}
CONFIGS = [
    (game, name, n)
    for game, presets in PRESETS.items()
    for name in presets
    for n in ((4,) if name == "partnership" else PLAYERS[game])
]
TINY = {"samples": 1}  # the hard level's budget in these tests: one sampled deal


def play_match(game, name, n, seat_levels, seed, **options):
    rules = preset(game, name, players=n, **options)
    m = Match(rules, seed=seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(n)]
    steps = 0
    while m.phase != "game_over":
        seat = m.to_act
        v = m.view(seat)
        level = seat_levels[seat]
        a = choose(v, level, rngs[seat], **(TINY if level == "hard" else {}))
        assert a in v.legal, f"{level} chose {a} not in {v.legal} ({m.phase})"
        m.apply(a)  # raises IllegalAction on an illegal move
        steps += 1
        assert steps < 20000, "the match does not end"
    return m


@pytest.mark.parametrize(("game", "name", "n"), CONFIGS)
def test_every_level_plays_complete_matches(game, name, n):
    # Each level sits in some seat; fewer seats than levels: more matches.
    target = {"spades": 150, "hearts": 40}[game]
    rounds = -(-len(LEVELS) // n)
    for r in range(rounds):
        seat_levels = [LEVELS[(r * n + s) % len(LEVELS)] for s in range(n)]
        m = play_match(game, name, n, seat_levels, seed=f"{name}:{n}:{r}", target=target)
        assert m.records and m.winners


@pytest.mark.parametrize(
    "options",
    [
        {"moon": "choose", "hearts_broken": "discard", "queen_breaks_hearts": True},
        {"odd_cards": "remove", "pass_count": 0, "hearts_broken": "none"},
        {"pass_count": 4, "moon": "choose"},
    ],
)
def test_hearts_options_play_through(options):
    for n in (3, 4, 6):
        play_match(
            "hearts",
            "standard",
            n,
            ["normal", "hard", "easy", "random", "normal", "easy"][:n],
            seed=f"opt:{n}",
            target=40,
            **options,
        )


@pytest.mark.parametrize(
    "options",
    [
        {"auction": True},
        {"blind_nil_behind": 0, "failed_contract": "zero", "thirteen_fail_bags": True},
        {"overtrick_points": 0, "mercy": -150},
    ],
)
def test_spades_options_play_through(options):
    name = "cutthroat"
    for n in (2, 3, 4, 5):
        play_match(
            "spades",
            name,
            n,
            ["normal", "hard", "easy", "random", "normal"][:n],
            seed=f"opt:{n}",
            target=150,
            **options,
        )
    if not options.get("auction"):
        play_match(
            "spades", "partnership", 4, ["normal", "hard", "normal", "easy"], seed="opt:p", target=150, **options
        )


def test_same_seed_same_decisions():
    for level in LEVELS:
        runs = []
        for _ in range(2):
            m = Match(preset("hearts", "standard"), seed=9)
            rng = random.Random(5)
            for _ in range(40):
                m.apply(choose(m.view(m.to_act), level, rng, **(TINY if level == "hard" else {})))
            runs.append(m.actions)
        assert runs[0] == runs[1], level


def test_hard_search_with_a_sample_budget_is_reproducible():
    m = spades(["AC 5C", "", "", "2C"], bids=("4", "3", "3", "3"), plays="2C")
    v = m.view(m.to_act)
    a = choose_with_reason(v, "hard", random.Random(3), samples=6)
    b = choose_with_reason(v, "hard", random.Random(3), samples=6)
    assert a == b
    assert a[0] in v.legal and a[1]


def test_hint_has_a_reason_in_every_phase():
    seen = set()
    for game, name in (("hearts", "standard"), ("spades", "partnership"), ("spades", "classic")):
        for n in (2, 4) if name == "classic" else (4,):
            m = Match(preset(game, name, players=n, **({"moon": "choose"} if game == "hearts" else {})), seed=4)
            rng = random.Random(1)
            while m.phase != "game_over" and len(m.records) < 2:
                v = m.view(m.to_act)
                action, why = hint(v)
                assert action in v.legal
                assert isinstance(why, str) and len(why) > 5 and "\n" not in why
                seen.add(m.phase)
                m.apply(choose(v, "normal", rng))
    assert {"cut", "deal", "draw", "pass", "bid", "play", "hand_over"} <= seen


def test_hint_names_the_card_and_the_points():
    m = hearts(["2C", "AC JH", "6C 9H TH QH", "2H"], voids={3: "C"}, plays="2C AC 6C 2H JH", preset_name="classic")
    action, why = hint(m.view(2))
    assert why == "Duck with the 10 of hearts: a higher card would take 1 point."


def test_view_only_other_hands_do_not_matter():
    # Two matches that differ only in the hidden hands of other seats: the bot decides the same.
    a = spades(["AC 5C 7D 8D 3H 4H 6H 7C 8C 9C 3S 4S 5S", "", "", "2C"], bids=("4", "3", "3", "3"), plays="2C")
    b = spades(["AC 5C 7D 8D 3H 4H 6H 7C 8C 9C 3S 4S 5S", "AS KS QS", "", "2C"], bids=("4", "3", "3", "3"), plays="2C")
    assert a.hands[1] != b.hands[1]
    for level in ("easy", "normal", "hard"):
        ca = choose(a.view(0), level, random.Random(2), samples=3)
        cb = choose(b.view(0), level, random.Random(2), samples=3)
        assert ca == cb, level


def test_search_in_steps_gives_the_same_answer_as_one_call():
    from game.bots.search import Search

    m = hearts(["2C", "AC JH", "6C 9H TH QH", "2H"], voids={3: "C"}, plays="2C AC 6C 2H JH", preset_name="classic")
    v = m.view(2)
    s = Search(v, random.Random(4), samples=3)
    steps = 0
    while not s.step():
        steps += 1
    assert steps >= 2 and s.samples == 3
    assert s.result() == choose_with_reason(v, "hard", random.Random(4), samples=3)


def test_search_knows_who_played_each_card_all_hand():
    from game.bots.search import played_by_seat

    for name, n in (("partnership", 4), ("classic", 3), ("cutthroat", 5)):
        m = Match(preset("spades", name, players=n), seed=11)
        rng = random.Random(3)
        while m.phase != "play":
            m.apply(choose(m.view(m.to_act), "normal", rng))
        while m.phase == "play":
            assert played_by_seat(m.view(0)) == [m.dealt[s] & ~m.hands[s] for s in range(n)], m.played
            m.apply(choose(m.view(m.to_act), "normal", rng))


def test_hard_reads_the_bids():
    from game.bots.search import bid_likelihood
    from game.cards import parse_mask

    strong = parse_mask("AS KS QS JS AH KH AD KD AC 2C 3C 4D 5H")
    weak = parse_mask("2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 6C 7C 8C")
    assert bid_likelihood(strong, 8, 3, 4) > 10 * bid_likelihood(weak, 8, 3, 4)
    assert bid_likelihood(weak, 0, 3, 4) > 10 * bid_likelihood(strong, 0, 3, 4)
