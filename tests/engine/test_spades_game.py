"""The Spades game around its hands (docs/RULES.md): when it ends (target,
mercy, ties), option defaults, presets and refused option values.

Positions are dealt with Match.deal_hands from card texts and played with
apply(); the deals and small helpers they share are in spades_deals.py.
"""

import pytest
from spades_deals import all_spades_hand, classic

from game.errors import RulesError
from game.rules import SpadesRules, preset
from game.scoring import spades_game_over
from game.state import Match

# ------------------------------------------------------------ end of the game


def test_game_ends_after_the_hand_a_side_reaches_target():
    m = classic()
    m.scores = [460, 0, 0, 0]
    all_spades_hand(m, [4, 1, 1, 1])
    assert m.scores[0] == 509
    assert m.phase == "game_over" and m.winners == [0]


def test_game_goes_on_below_target():
    m = classic()
    m.scores = [450, 0, 0, 0]
    all_spades_hand(m, [4, 1, 1, 1])
    assert m.scores[0] == 499 and m.phase == "hand_over"


def test_target_300_short_game():
    m = classic(target=300)
    m.scores = [260, 0, 0, 0]
    all_spades_hand(m, [4, 1, 1, 1])
    assert m.phase == "game_over" and m.winners == [0]


def test_mercy_ends_game():
    m = classic(mercy=-200)
    m.scores = [0, -190, 0, 0]
    all_spades_hand(m, [4, 1, 1, 1])
    assert m.scores == [49, -200, -10, -10]
    assert m.phase == "game_over" and m.winners == [0]


def test_mercy_tie_for_first_plays_another_hand():
    # Engine's documented reading (docs/RULES.md): as with the target.
    assert spades_game_over([100, 100, -210, 50], 500, -200) == (False, [])
    assert spades_game_over([100, 90, -210, 50], 500, -200) == (True, [0])


def test_mercy_off_by_default():
    m = classic()
    m.scores = [0, -1000, 0, 0]
    all_spades_hand(m, [4, 1, 1, 1])
    assert m.phase == "hand_over"


def test_tie_for_first_plays_another_hand():
    m = Match(preset("spades", "cutthroat", bag_limit=0), seed=1)
    m.scores = [470, 419, 0, 0]
    all_spades_hand(m, [4, "nil", 1, 1])
    assert m.scores[:2] == [519, 519]
    assert m.phase == "hand_over" and m.winners == []
    assert spades_game_over([510, 510, 0, 0], 500, 0) == (False, [])
    assert spades_game_over([510, 505, 0, 0], 500, 0) == (True, [0])


# ------------------------------------------------------------ presets and options


def test_option_defaults_spades():
    r = SpadesRules()
    assert (r.players, r.partnership, r.target, r.first_lead) == (4, False, 500, "left_of_dealer")
    assert (r.nil, r.blind_nil, r.blind_nil_behind) == (False, False, 100)
    assert (r.failed_contract, r.overtrick_points, r.bag_limit, r.bag_penalty) == ("minus_bid", 1, 0, 100)
    assert (r.thirteen_double, r.thirteen_fail_bags, r.mercy, r.auction) == (False, False, 0, False)


def test_preset_classic_seed000():
    assert preset("spades", "classic") == SpadesRules()


def test_preset_lenient_seed001():
    assert preset("spades", "lenient") == SpadesRules(failed_contract="zero")


def test_preset_partnership_seed002():
    r = preset("spades", "partnership")
    assert (r.players, r.partnership, r.nil, r.blind_nil) == (4, True, True, True)
    assert (r.bag_limit, r.bag_penalty, r.first_lead, r.thirteen_double, r.target) == (
        10, 100, "two_of_clubs", True, 500)


def test_preset_cutthroat_is_partnership_every_seat_for_itself():
    assert preset("spades", "cutthroat") == preset("spades", "partnership", partnership=False)


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 6}, {"partnership": True, "players": 3},
    {"first_lead": "right_of_dealer"}, {"failed_contract": "half"}, {"overtrick_points": 2},
    {"mercy": 10},
])
def test_spades_option_values_outside_the_table_are_refused(options):
    with pytest.raises(RulesError):
        preset("spades", "classic", **options)
