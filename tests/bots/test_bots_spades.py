"""Spades positions players report, each with the move a competent player makes.

Partnership unless said: seats 0+2 against 1+3. Bids go round from the
dealer's left; the holder of the 2 of clubs leads (``first_lead:
two_of_clubs``). ``plays`` lists the cards so far, each by the seat to act.
"""

import random

from botkit import normal, reason, spades

from game.actions import BLIND_NIL_BID, DISCARD, KEEP, LOOK, action_to_json
from game.bots import choose
from game.rules import preset
from game.state import Match


def test_cover_partners_nil_with_a_high_card():
    # Seat 3 leads the 2 of clubs; seat 0 plays before its partner, seat 2, who bid nil.
    m = spades(["AC 5C", "", "", "2C"], bids=("4", "3", "nil", "3"), plays="2C")
    assert m.to_act == 0
    assert normal(m) == "AC"
    assert "nil" in reason(m)


def test_overtake_partner_whose_nil_is_winning():
    m = spades(["KC 3C", "2C", "9C", "4C"], dealer=0, bids=("3", "nil", "3", "4"), plays="2C 9C 4C")
    assert m.to_act == 0
    assert normal(m) == "KC"


def test_do_not_overtake_partners_winning_card():
    m = spades(["KC 3C", "2C", "QC", "4C"], dealer=0, bids=("3", "3", "3", "4"), plays="2C QC 4C")
    assert normal(m) == "3C"


def test_contract_made_duck_instead_of_taking_a_bag():
    # Seats 0 and 2 bid 1 each and seat 2 has won two tricks: a third is only a bag.
    m = spades(
        ["2C 3D KH 4H 5D 6D 7D 5C 6C 7C 8S 9S TS", "3C 4D", "KC AD 5H", "4C 2D 9H"],
        bids=("1", "3", "1", "3"),
        plays="2C 3C KC 4C AD 2D 3D 4D 5H 9H",
    )
    assert m.to_act == 0
    assert normal(m) == "4H"
    assert "bag" in reason(m)


def test_lead_a_low_spade_to_pull_trump_when_the_contract_needs_it():
    m = spades(
        ["2C AD QS JS TS 9S 8S 7S AH 3H 4H 5H 6H", "3C 3D", "4C 4D", "2S 2D"],
        voids={3: "C"},
        bids=("6", "3", "3", "1"),
        plays="2C 3C 4C 2S 2D AD 3D 4D",
    )
    assert m.to_act == 0
    assert normal(m) == "7S"


def test_ruff_with_the_lowest_trump_that_wins():
    m = spades(["3S 9S KS", "2C", "5C", "AC"], dealer=0, voids={0: "C"}, bids=("3", "3", "3", "4"), plays="2C 5C AC")
    assert m.to_act == 0
    assert normal(m) == "3S"


def test_do_not_trump_partners_sure_winner():
    m = spades(["3S 9S KS 4D", "2C", "AC", "3C"], dealer=0, voids={0: "C"}, bids=("3", "3", "3", "4"), plays="2C AC 3C")
    card = normal(m)
    assert card[1] != "S"


def test_let_an_opponents_nil_win_the_trick():
    m = spades(["2C", "9C", "KC 5C", ""], bids=("3", "nil", "3", "4"), plays="2C 9C")
    assert m.to_act == 2
    assert normal(m) == "5C"


def test_play_low_before_an_opponents_nil():
    m = spades(
        ["KC 4C 5D 6D 7D 8D 3H 4H 5H 6H 2S 3S 4S", "", "", "2C"], dealer=2, bids=("3", "3", "nil", "4"), plays="2C"
    )
    assert m.to_act == 0
    assert normal(m) == "4C"


def test_bid_nil_with_a_hand_of_small_cards():
    m = spades(["2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 6C 7C 8C"])
    assert m.to_act == 0
    assert normal(m) == "nil"


def test_no_nil_when_partner_bid_nil():
    m = spades(["", "", "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 6C 7C 8C"], bids=("nil", "3"))
    assert m.to_act == 2
    card = normal(m)
    assert isinstance(card, int) and card >= 1


def test_bid_a_strong_hand_from_its_top_cards():
    m = spades(["AS KS QS JS AH KH AD KD AC 2C 3C 4D 5H"])
    b = normal(m)
    assert 7 <= b <= 10


def test_bid_a_flat_hand_low():
    m = spades(["9S 4S 8H 7H 6H 3H JD 9D 6D 2D TC 7C 5C"])
    b = normal(m)
    assert b in (1, 2) or b == "nil"


def test_blind_nil_when_far_behind_near_the_end():
    m = spades([""], scores=[100, 420])
    assert m.to_act == 0 and not m.looked[0]
    assert normal(m) == action_to_json(BLIND_NIL_BID)


def test_look_at_the_cards_when_only_a_little_behind():
    m = spades([""], scores=[300, 420])
    assert normal(m) == action_to_json(LOOK)


def test_nil_bidder_ducks_with_the_highest_card_that_loses():
    m = spades(
        ["KC 7C 3C 4D 5D 6D 7D 3H 4H 5H 6H 2S 3S", "2C", "9C", "5C"],
        dealer=0,
        bids=("3", "3", "3", "nil"),
        plays="2C 9C 5C",
    )
    assert m.to_act == 0
    assert normal(m) == "7C"


def test_nil_bidder_void_throws_its_ace_not_a_trump():
    m = spades(
        ["AH 3S 4S 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H", "2C", "9C", "5C"],
        dealer=0,
        bids=("3", "3", "3", "nil"),
        plays="2C 9C 5C",
    )
    assert normal(m) == "AH"


def test_last_to_play_win_with_the_cheapest_card():
    m = spades(["AC TC", "2C", "3C", "9C"], dealer=0, bids=("3", "3", "3", "4"), plays="2C 3C 9C")
    assert normal(m) == "TC"


def test_second_hand_low_before_partner():
    m = spades(
        ["KC 4C 5D 6D 7D 8D 3H 4H 5H 6H 2S 3S 4S", "", "", "2C"], dealer=2, bids=("3", "3", "3", "4"), plays="2C"
    )
    assert m.to_act == 0
    assert normal(m) == "4C"


def test_cash_a_top_card_when_the_contract_needs_tricks():
    m = spades(
        ["AC AH 7D 8D 9D 6C 7C 3S 4S", "2C", "3C", "4C"], dealer=0, bids=("3", "3", "3", "4"), plays="2C 3C 4C AC"
    )
    assert m.to_act == 0
    assert normal(m) == "AH"


def test_lead_into_partners_void():
    m = spades(
        ["2C AD 7D 8D 3H 4H 6H 7C 8C 9C 3S 4S 5S", "3C 3D", "4C 5H", "AC 2D"],
        voids={2: "D"},
        bids=("3", "3", "3", "3"),
        plays="2C 3C 4C AC 2D AD 3D 5H",
    )
    assert m.to_act == 0
    assert normal(m) == "7D"


def test_contract_made_lead_low_under_a_bag_limit():
    m = spades(
        ["AC AD AH 2H 3H 4D 5C 6C 2S", "2C 2D", "3C 3D", "4C 5D"],
        dealer=0,
        bids=("3", "1", "3", "1"),
        plays="2C 3C 4C AC AD 2D 3D 5D",
    )
    assert m.to_act == 0
    assert normal(m) != "AH"


def test_no_bag_limit_cash_the_overtricks():
    m = spades(
        ["AC AD AH 2H 3H 4D 5C 6C 2S", "2C", "3C", "4C"],
        dealer=0,
        bids=("3", "3", "3", "1"),
        preset_name="classic",
        plays="2C 3C 4C AC",
    )
    assert m.to_act == 0
    assert normal(m) in ("AD", "AH")


def test_auction_bids_its_long_suit_as_trump():
    m = spades(["AH KH QH JH TH 9H 8H AC 2C 3D 4D 5S 6S"], preset_name="classic", auction=True)
    bid = normal(m)
    assert isinstance(bid, list) and bid[1] == "H" and bid[0] >= 6


def test_two_players_keep_a_high_spade_and_discard_a_small_card():
    rules = preset("spades", "classic", players=2)
    kept = discarded = False
    for seed in range(40):
        m = Match(rules, seed=seed)
        while m.phase in ("cut", "deal"):
            m.apply(m.legal_actions()[0])
        while m.phase == "draw":
            v = m.view(m.to_act)
            card = v.draw_card
            a = choose(v, "normal", random.Random(0))
            if card % 13 >= 10 and card // 13 == 3:
                assert a == KEEP
                kept = True
            if card % 13 <= 5 and card // 13 != 3:
                assert a == DISCARD
                discarded = True
            m.apply(a)
        if kept and discarded:
            break
    assert kept and discarded
