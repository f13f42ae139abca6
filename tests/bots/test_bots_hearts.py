"""Hearts positions players report, each with the move a competent player makes.

Seats 0..3; with dealer 3 the holder of the 2 of clubs leads. ``plays`` lists
the cards played so far, each by the seat to act.
"""

from botkit import hearts, normal, play, reason

from game.actions import MOON_OTHERS, MOON_SELF, action_to_json


def test_discard_queen_of_spades_on_a_void():
    m = hearts(["2C 3C", "QS 2D 9S", "4C", "6C 7C"], voids={1: "C"}, plays="2C 2D 4C 6C 7C 3C")
    assert m.to_act == 1
    assert normal(m) == "QS"
    assert "queen of spades" in reason(m).lower()


def test_duck_under_the_winning_heart_with_the_highest_that_loses():
    m = hearts(["2C", "AC JH", "6C 9H TH QH", "2H"], voids={3: "C"}, plays="2C AC 6C 2H JH", preset_name="classic")
    assert m.to_act == 2
    assert normal(m) == "TH"
    assert reason(m).startswith("Duck")


def test_drop_the_queen_under_the_ace_of_spades():
    m = hearts(["2C", "AC AS", "3C QS 3S 5S", "4C"], plays="2C AC 3C 4C AS")
    assert normal(m) == "QS"


def test_drop_the_queen_under_the_king_of_spades():
    m = hearts(["2C", "AC KS", "3C QS 3S 5S", "4C"], plays="2C AC 3C 4C KS")
    assert normal(m) == "QS"


def test_keep_the_queen_when_a_small_spade_is_led():
    m = hearts(["2C", "AC 5S", "3C QS 3S 9S", "4C"], plays="2C AC 3C 4C 5S")
    assert normal(m) == "3S"


def test_last_to_a_clean_trick_sheds_the_ace():
    m = hearts(["2C 6D", "3C 7D", "4C AD 2D", "AC 5D"], plays="2C 3C 4C AC 5D 6D 7D")
    assert m.to_act == 2
    assert normal(m) == "AD"


def test_lead_a_high_diamond_while_every_seat_still_holds_diamonds():
    # Trick 2, nobody void yet: the king of diamonds wins a clean trick now;
    # kept, it takes the points thrown on it once a seat runs out of diamonds.
    # The small spades, the 2 of diamonds and the hearts stay as exits.
    m = hearts(["2C", "3C", "4C", "AC 8C KC 2D 5D KD 3H 6H 2S 4S 6S 9S JS"], plays="2C 3C 4C AC")
    assert m.to_act == 3
    assert normal(m) == "KD"
    assert "shed a high card" in reason(m)


def test_take_a_clean_trick_with_the_king_while_the_seats_after_still_hold_the_suit():
    # Second to a small diamond on trick 2: the king now, not the 3 (the duck).
    m = hearts(["2C KD 3D", "3C", "4C", "AC 5D"], plays="2C 3C 4C AC 5D")
    assert m.to_act == 0
    assert normal(m) == "KD"
    assert "shed a high card" in reason(m)


def test_duck_a_spade_under_the_king_while_the_queen_is_out():
    m = hearts(["2C", "AC 9S", "3C AS 2S", "4C KS"], plays="2C AC 3C 4C 9S")
    # Seat 2 holds the ace and small spades: it ducks under the nine rather
    # than win a spade trick the queen can still fall on.
    card = normal(m)
    assert card[1] == "S" and "23456789".index(card[0]) < "23456789".index("9")


def test_stop_a_moon_by_taking_one_heart():
    # Seat 0 took the queen of spades and a heart and leads the king of hearts.
    m = hearts(
        ["AC KC KH", "2C 4C 3H", "3C 5C AH 4H", "QS 2H"],
        dealer=0,
        voids={3: "C"},
        preset_name="classic",
        plays="2C 3C QS AC KC 4C 5C 2H KH 3H",
    )
    assert m.to_act == 2
    assert normal(m) == "AH"
    assert "moon" in reason(m).lower()


def test_without_a_moon_threat_duck_the_heart():
    m = hearts(
        ["AC KH", "2C 3H", "3C AH 4H", "2H"], dealer=0, voids={3: "C"}, preset_name="classic", plays="2C 3C 2H AC KH 3H"
    )
    assert m.to_act == 2
    card = normal(m)
    assert card[1] == "H" and card != "AH"


def test_stop_a_moon_by_giving_a_heart_to_another_seat():
    m = hearts(
        ["AC KC 2D", "2C 4C KD", "3C 5C 3H 4H AS", "QS 2H"],
        dealer=0,
        voids={2: "D", 3: "C"},
        preset_name="classic",
        plays="2C 3C QS AC KC 4C 5C 2H 2D KD",
    )
    assert m.to_act == 2
    assert normal(m)[1] == "H"


def test_do_not_feed_the_shooter_points():
    m = hearts(
        ["AC KC AD", "2C 4C 2D", "3C 5C 3H 4H 7S", "QS 2H"],
        dealer=0,
        voids={2: "D", 3: "C"},
        preset_name="classic",
        plays="2C 3C QS AC KC 4C 5C 2H AD 2D",
    )
    assert m.to_act == 2
    assert normal(m)[1] != "H"


def test_first_trick_void_sheds_the_ace_of_spades():
    m = hearts(["2C", "3C", "AS 5D 2H 3H", "4C"], voids={2: "C"}, plays="2C 3C")
    assert m.to_act == 2
    assert normal(m) == "AS"


def test_lead_a_small_spade_to_smoke_out_the_queen():
    m = hearts(["6C 2S 4S 9D TD JD", "2C", "3C", "4C QS"], dealer=0, plays="2C 3C 4C 6C")
    assert m.to_act == 0
    assert normal(m) == "2S"


def test_never_lead_the_ace_of_spades_while_the_queen_is_out():
    m = hearts(["6C AS 5D 6D 3H", "2C", "3C", "4C QS"], dealer=0, plays="2C 3C 4C 6C")
    assert m.to_act == 0
    assert normal(m) != "AS"


def normal_pass(m, count: int = 3) -> list[str]:
    """The cards normal passes from seat 0, each made on the match."""
    passed = []
    for _ in range(count):
        card = normal(m)
        passed.append(card)
        m.apply(card)
    return passed


def test_pass_the_queen_without_small_spades():
    m = hearts(["QS 4S 2C 3C 4C 5C 6D 7D 8D 2H 3H 4H 5H"], pass_direction="left")
    assert m.phase == "pass" and m.to_act == 0
    assert normal(m) == "QS"


def test_keep_the_queen_with_four_small_spades():
    m = hearts(["QS 2S 3S 4S 5S 2C 3C 4C 9C AD KD 2H 3H"], pass_direction="left")
    passed = normal_pass(m)
    assert "QS" not in passed
    assert "AD" in passed and "KD" in passed


def test_pass_the_high_hearts():
    m = hearts(["AH KH 2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S"], pass_direction="right")
    passed = normal_pass(m)
    assert {"AH", "KH"} <= set(passed)


def test_a_middle_heart_stays_through_the_pass():
    # The 9 and 7 of hearts duck heart tricks: the ace and king of clubs and
    # a high diamond go before them (hearts_bot.MIDDLE_HEARTS_KEPT; the pass
    # of before gave the 9 of hearts first).
    m = hearts(["9H 7H 2H AD 8D 6D KC 7C 3C TS 8S 6S 4S"], pass_direction="left")
    passed = normal_pass(m)
    assert sorted(passed) == ["8D", "AD", "KC"], passed


def test_omnibus_keeps_the_jack_of_diamonds_and_its_guards():
    m = hearts(["JD AD KD 9C TC JC 2H 3H 4H 5S 6S 7S 8S"], pass_direction="left", preset_name="omnibus")
    passed = normal_pass(m)
    assert "JD" not in passed and "AD" not in passed


def test_omnibus_last_to_the_jack_of_diamonds_takes_it():
    m = hearts(
        ["2C JD", "3C 7D", "4C AD 2D", "AC 5D"],
        preset_name="omnibus",
        plays="2C 3C 4C AC 5D JD 7D",
    )
    assert m.to_act == 2
    assert normal(m) == "AD"


def _moon_hand(scores):
    # Seat 0 holds every club and leads them all: it takes every card.
    m = hearts(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"], preset_name="classic", moon="choose")
    m.scores = list(scores)
    while m.phase == "play":
        m.apply(m.legal_actions()[0])
    assert m.phase == "moon" and m.to_act == 0
    return m


def test_moon_choice_gives_26_when_that_ends_the_game_in_your_favour():
    m = _moon_hand([80, 60, 70, 90])
    assert normal(m) == action_to_json(MOON_OTHERS)


def test_moon_choice_takes_minus_26_when_plus_26_would_end_the_game_against_you():
    m = _moon_hand([90, 20, 70, 60])
    assert normal(m) == action_to_json(MOON_SELF)


def test_moon_choice_behind_keeps_the_game_going():
    m = _moon_hand([50, 20, 30, 40])
    assert normal(m) == action_to_json(MOON_SELF)


def test_two_decks_discard_a_queen_of_spades_on_a_void():
    # Six players, two decks: seat 0 has 18 cards and plays two to the first trick.
    m = hearts(["2C 3C", "QS 5D", "4C", "5C", "6C", "7C"], dealer=5, voids={1: "C"}, preset_name="classic", players=6)
    play(m, "2C 3C")
    assert m.to_act == 1
    assert normal(m) == "QS"


def test_three_players_duck_under_the_winner():
    # Seat 1 has 18 cards and plays two to the first trick.
    m = hearts(["5C", "2C 9C", "AC 3C 8C"], dealer=0, preset_name="classic", players=3)
    play(m, "2C 9C")
    assert m.to_act == 2
    assert normal(m) == "8C"
