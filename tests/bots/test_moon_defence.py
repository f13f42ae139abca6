"""Stopping a moon (issue 46): one position for each way a shooter shows its
hand, at normal and at hard (hard keeps normal's answer to a moon threat).

Seats 0..3; with dealer 3 the holder of the 2 of clubs leads. ``plays``
lists the cards played so far, each by the seat to act (see ``botkit``).
The positions of the last three tests are from hands that the arena's moon
hunter (``game/bots/moon_hunter.py``) shot against the normal bot before
these rules: each defender threw its high hearts on the hunter's tricks.
"""

import random

import pytest
from botkit import hearts, level, reason

from game.bots import hint_message

LEVELS = ("normal", "hard")
HARD_SAMPLES = 24


def decide(m, name):
    return level(m, name, **({"samples": HARD_SAMPLES} if name == "hard" else {}))


@pytest.mark.parametrize("name", LEVELS)
def test_a_shooter_who_led_high_hearts(name):
    # Seat 0 won the first three tricks (two hearts thrown on them by seat 3,
    # void in clubs and diamonds) and now leads the ace of hearts, the top
    # heart: a player avoiding points leads low hearts, a shooter runs its
    # winners. Seat 1 cannot beat the ace; the king under it (the highest
    # card that loses, the usual duck) would throw away the heart that wins
    # the next heart trick from seat 0, so it ducks with its lowest heart.
    m = hearts(
        ["AC KC QD AH", "3C 5C 2D KH 9H 4H", "4C 6C 3D", "2C 2H 3H"],
        voids={3: "CD"},
        plays="2C AC 3C 4C KC 5C 6C 2H QD 2D 3D 3H AH",
    )
    assert m.to_act == 1 and m.trick_number == 3
    assert decide(m, name) == "4H"
    assert "moon" in reason(m)


@pytest.mark.parametrize("name", LEVELS)
def test_a_shooter_who_took_the_queen_early(name):
    # Seat 0 took the queen of spades in the second trick (13 points, nobody
    # else has any) and threw a spade on the diamond lead: it has no
    # diamonds. Seat 2, on lead without a top heart, leads a diamond: seat 0
    # cannot win it, and a heart it throws on it goes to another seat.
    # (Without the moon, a suit another seat is void in is the lead to avoid.)
    m = hearts(
        ["AC AS KC 9S 8C", "3C 2S 5C QC 2D", "4C QS 6C KD 5D 7D JH 9H", "2C 3S 7C 4D"],
        voids={0: "D"},
        plays="2C AC 3C 4C AS 2S QS 3S 8C QC 6C 7C 2D KD 4D 9S",
    )
    assert m.to_act == 2 and m.trick_number == 4
    card = decide(m, name)
    assert card[1] == "D", card
    assert "moon" in reason(m)


@pytest.mark.parametrize("name", LEVELS)
def test_a_shooter_with_every_point_so_far_and_three_tricks_left(name):
    # Seat 2 has taken all 17 points so far and leads the 3 of clubs with
    # three tricks left. Seat 3 holds only hearts (3, 6 and the ace): the ace
    # is the one card that can still take a heart from seat 2, so it throws
    # the 3 and keeps the ace (thrown now, it is one more heart for the moon).
    m = hearts(
        [
            "8C AC 2D 6D 9D TD 2H 5H TH QH KH 2S 5S",
            "6C 7C JC 3D 4D 5D 7D AD 4H 7H 8H 9H TS",
            "2C 3C 9C TC KC JH 3S 8S 9S JS QS KS AS",
            "4C 5C QC 8D JD QD KD 3H 6H AH 4S 6S 7S",
        ],
        plays=(
            "2C QC AC JC 2S TS JS 7S AS 6S 5S AD KS 4S KH 9H KC 5C 8C 7C QS KD TH 8H "
            "TC 4C TD 6C 9S QD 9D 7D 9C JD 6D 5D 8S 8D 2D 4D 3C"
        ),
    )
    assert m.to_act == 3 and m.trick_number == 10
    assert decide(m, name) == "3H"
    assert "moon" in reason(m)


@pytest.mark.parametrize("name", LEVELS)
def test_the_last_trick_breaks_the_moon(name):
    # Seat 0 has every point (19) and leads the 2 of spades with two tricks
    # left; nobody else has a spade. Seat 3 holds the king and ace of hearts:
    # it throws the king and keeps the ace, which wins the last trick when
    # seat 0 leads its last heart (the 10), and takes 4 points from it: no
    # moon. Throwing the ace (the most dangerous card to keep, without a moon)
    # gives seat 0 all 26.
    m = hearts(
        [
            "3C 8C KC 3D 6D 8D 9D JD TH 2S TS JS QS",
            "4C 9C JC QC 5D TD AD 3H 4H 6H 8H QH 8S",
            "2C 7C 2D KD 2H 5H 9H 3S 4S 5S 6S KS AS",
            "5C 6C TC AC 4D 7D QD 7H JH KH AH 7S 9S",
        ],
        plays=(
            "2C AC KC QC 4D 3D AD KD 5D 2D QD JD 7D 6D TD AS 4C 7C 6C 8C 3C JC KS TC "
            "8S 6S 7S TS QS QH 5S 9S JS 9C 4S 5C 9D 3H 3S 7H 8D 4H 2H JH 2S 6H 5H"
        ),
    )
    assert m.to_act == 3 and m.trick_number == 11
    assert decide(m, name) == "KH"
    assert "moon" in reason(m)
    m.apply("KH")
    m.apply("TH")
    m.apply("8H")  # seats 1 and 2: their last cards
    m.apply("9H")
    m.apply("AH")
    assert m.phase in ("hand_over", "game_over")
    assert m.records[-1]["result"]["points"] == [22, 0, 0, 4]


@pytest.mark.parametrize("name", LEVELS)
def test_a_pass_that_keeps_a_stopper(name):
    # The king of hearts with two smaller hearts stays through the pass: it
    # stops a moon later (it wins a heart trick once the ace is gone). The
    # ace and jack of diamonds (a void to make) and the ace of clubs go; the
    # 9 of hearts stays too (hearts_bot.MIDDLE_HEARTS_KEPT).
    m = hearts(["KH 9H 4H AD JD AC 7C 3C TS 8S 6S 4S 2S", "", "", ""], pass_direction="left")
    passed = []
    while m.phase == "pass" and m.to_act == 0:
        card = decide(m, name)
        if card == "AC":
            _, message = hint_message(m.view(0))
            assert message[0] == "hearts.pass.stopper" and "moon" in reason(m)
        passed.append(card)
        m.apply(card)
    assert sorted(passed) == ["AC", "AD", "JD"], passed


# ----------------------------------------------------------------- the hunter and the reading


def test_the_moon_hunter_shoots_a_hand_that_cannot_lose():
    # Seat 0 holds the top seven hearts, the top three spades and the top
    # diamonds and club: the hunter takes every trick with a point in it.
    from game.arena import arena_choose, moon_shooter

    m = hearts(["AH KH QH JH TH 9H 8H AS KS QS AD KD AC", "", "", ""], dealer=3)
    rng = random.Random(1)
    while m.phase == "play":
        seat = m.to_act
        m.apply(arena_choose(m.view(seat), "shooter" if seat == 0 else "normal", rng))
    assert moon_shooter(m) == 0
    assert m.records[-1]["result"]["points"] == [0, 26, 26, 26]


def test_the_arena_counts_each_levels_moons():
    from game import arena

    result = arena.run("hearts", "standard", 4, ["shooter", "normal", "normal", "normal"], deals=3, hands=2, seed=5)
    for entry in result["levels"].values():
        assert entry["moons_per_100_hands"] == round(100 * entry["moons"] / entry["hands"], 2)
        lo, hi = entry["moons_ci95"]  # an exact Poisson interval: from 0 when no moon, never below
        assert 0 <= lo <= entry["moons_per_100_hands"] < hi and (lo == 0) == (entry["moons"] == 0)
    with pytest.raises(ValueError):
        arena.run("spades", "partnership", 4, ["shooter", "normal", "normal", "normal"], deals=1)


def test_reading_finds_every_play_of_the_true_deal_normal_and_not_every_sampled_one():
    # Normal plays every seat; from seat 0's view in the fifth trick, in the
    # true hands each card read is normal's choice (a factor 1 - EPSILON, or 1
    # when the card was forced), where some sampled deals make a card read
    # another choice than normal's (a factor EPSILON / choices).
    import math

    from game.bots import choose, reading
    from game.view import determinize

    m = hearts(["", "", "", ""])
    rng = random.Random(3)
    while not (m.trick_number == 4 and m.to_act == 0 and m.trick):
        m.apply(choose(m.view(m.to_act), "normal", rng))
    v = m.view(0)
    plays = reading.recent_plays(v)
    assert len(plays) >= 4
    truth = reading.play_likelihood(m.clone(), v, plays)
    n = math.log(truth) / math.log(1 - reading.EPSILON)
    assert n >= 1 and abs(n - round(n)) < 1e-9, truth
    weights = [reading.play_likelihood(determinize(v, rng), v, plays) for _ in range(30)]
    assert min(weights) < (1 - reading.EPSILON) ** len(plays)
