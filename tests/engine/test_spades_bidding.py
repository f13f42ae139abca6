"""Spades bidding of docs/RULES.md and seeds 000, 002: turns and limits,
partnerships, blind nil, the auction variant; one test per rule.

Positions are dealt with Match.deal_hands from card texts and played with
apply(); the deals and small helpers they share are in spades_deals.py.
"""

import pytest
from conftest import bid_all, legal, play_out, start, suit
from spades_deals import ALL_SPADES, MIXED, all_spades_hand, classic, through_cut_and_deal

from game.actions import BLIND_NIL_BID, LOOK, NIL_BID, auction_bid, bid
from game.cards import DIAMONDS, HEARTS, SPADES
from game.errors import IllegalAction
from game.rules import preset
from game.scoring import BLIND_NIL, NIL
from game.state import Match, new_match

# ------------------------------------------------------------ bidding


def test_seed000_bidding_starts_left_of_dealer_every_seat_bids_once():
    m = start(classic(), ALL_SPADES, dealer=1)
    order = []
    while m.phase == "bid":
        order.append(m.to_act)
        m.apply(bid(2))
    assert order == [2, 3, 0, 1]
    assert m.phase == "play"


def test_seed000_minimum_bid_is_one_no_passing():
    m = start(classic(), MIXED, dealer=3)
    assert m.legal_actions() == [bid(n) for n in range(1, 14)]
    with pytest.raises(IllegalAction, match="Nil is not allowed in this game: bid at least 1."):
        m.apply("nil")


def test_seed002_bids_may_not_exceed_13():
    m = start(classic(), MIXED, dealer=3)
    with pytest.raises(IllegalAction):
        m.apply(bid(14))
    m.apply(bid(13))
    assert m.bids[0] == 13


def test_nil_option_allows_a_bid_of_zero():
    m = start(classic(nil=True), MIXED, dealer=3)
    assert NIL_BID in m.legal_actions()
    m.apply("nil")
    assert m.bids[0] == NIL


@pytest.mark.parametrize("players, top", [(2, 13), (3, 17), (4, 13), (5, 10)])
def test_bids_go_up_to_the_tricks_in_the_hand(players, top):
    m = through_cut_and_deal(new_match("spades", "classic", seed=3, players=players))
    while m.phase == "draw":
        m.apply("keep")
    assert max(m.legal_actions()) == bid(top)
    assert min(m.legal_actions()) == bid(1)


def test_partnership_bid_limit_13():
    m = start(Match(preset("spades", "partnership"), seed=1), MIXED, dealer=3)
    m.apply(bid(5))  # seat 0
    m.apply(bid(6))  # seat 1
    assert max(m.legal_actions()) == bid(8)  # seat 2: 5 + 8 = 13
    with pytest.raises(
        IllegalAction,
        match="You and your partner may bid at most 13 together: your partner bid 5, so bid at most 8.",
    ):
        m.apply(bid(9))
    m.apply(bid(8))
    assert max(m.legal_actions()) == bid(7)  # seat 3: 6 + 7


def test_partnership_partner_of_a_nil_may_bid_13():
    m = start(Match(preset("spades", "partnership"), seed=1), MIXED, dealer=3)
    m.apply("nil")
    m.apply(bid(4))
    assert max(m.legal_actions()) == bid(13)
    blind = Match(preset("spades", "partnership", blind_nil_behind=0), seed=1)
    start(blind, MIXED, dealer=3)
    blind.apply("blind_nil")
    blind.apply("look")
    blind.apply(bid(4))
    blind.apply("look")
    assert max(blind.legal_actions()) == bid(13)


def test_partnership_first_partner_bids_13_only_when_nil_is_allowed():
    with_nil = start(Match(preset("spades", "partnership"), seed=1), MIXED, dealer=3)
    assert max(with_nil.legal_actions()) == bid(13)
    no_nil = start(Match(preset("spades", "partnership", nil=False, blind_nil=False), seed=1), MIXED, dealer=3)
    assert max(no_nil.legal_actions()) == bid(12)
    with pytest.raises(IllegalAction, match="your partner must still be able to bid at least 1"):
        no_nil.apply(bid(13))


def test_partnership_is_seats_0_2_against_1_3():
    m = Match(preset("spades", "partnership"), seed=1)
    assert [m.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    rec = all_spades_hand(m, [3, 1, 1, 1])
    # Seat 0's 13 tricks make its side's contract 3 + 1 = 4.
    assert rec["result"]["side_points"] == [40 + 9, -20]


def test_cutthroat_scores_kept_per_seat():
    m = Match(preset("spades", "cutthroat", bag_limit=0), seed=1)
    rec = all_spades_hand(m, [3, 1, 2, 1])
    assert m.scores == [40, -10, -20, -10]
    assert "side_points" not in rec["result"]


# ------------------------------------------------------------ blind nil


def test_blind_nil_behind_100_never_first_hand():
    m = start(Match(preset("spades", "partnership"), seed=1), MIXED, dealer=3)
    assert BLIND_NIL_BID not in m.legal_actions()
    assert m.view(0).hand == m.hands[0]
    with pytest.raises(IllegalAction):
        m.apply("blind_nil")


def test_blind_nil_behind_by_at_least_n():
    m = Match(preset("spades", "partnership"), seed=1)
    m.scores = [0, 100]
    start(m, MIXED, dealer=3)
    assert m.legal_actions() == [BLIND_NIL_BID, LOOK]  # seat 0: side 0 is 100 behind
    assert m.view(0).hand == 0
    m.apply("look")
    m.apply(bid(3))
    assert BLIND_NIL_BID not in m.legal_actions()  # seat 1: side 1 leads
    near = Match(preset("spades", "partnership"), seed=1)
    near.scores = [1, 100]
    start(near, MIXED, dealer=3)
    assert BLIND_NIL_BID not in near.legal_actions()  # 99 behind


def test_blind_nil_behind_means_behind_the_leading_side_in_cutthroat():
    m = Match(preset("spades", "cutthroat"), seed=1)
    m.scores = [150, 60, 50, 0]
    start(m, MIXED, dealer=3)
    eligible = [BLIND_NIL_BID in m.legal_actions()]
    for b in [3, 3, 3]:
        if not m.looked[m.to_act]:
            m.apply("look")
        m.apply(bid(b))
        eligible.append(BLIND_NIL_BID in m.legal_actions())
    assert eligible == [False, False, True, True]


def test_blind_nil_behind_zero_always_allowed():
    m = start(Match(preset("spades", "partnership", blind_nil_behind=0), seed=1), MIXED, dealer=3)
    assert m.legal_actions() == [BLIND_NIL_BID, LOOK]


def test_blind_nil_only_before_looking():
    m = start(Match(preset("spades", "partnership", blind_nil_behind=0), seed=1), MIXED, dealer=3)
    with pytest.raises(IllegalAction, match="Look at your cards before you bid, or bid blind nil."):
        m.apply(bid(3))
    m.apply("look")
    assert m.view(0).hand == m.hands[0]
    assert BLIND_NIL_BID not in m.legal_actions()
    with pytest.raises(IllegalAction, match="Blind nil must be bid before you look at your cards."):
        m.apply("blind_nil")


def test_blind_nil_never_offered_in_two_player_spades():
    # Engine's documented reading (docs/RULES.md): the draw shows the cards.
    m = Match(preset("spades", "classic", players=2, blind_nil=True, blind_nil_behind=0), seed=1)
    start(m, [suit("D"), suit("H")], dealer=0)
    assert BLIND_NIL_BID not in m.legal_actions() and m.looked == [True, True]


def test_blind_nil_does_not_need_nil():
    rules = preset("spades", "classic", blind_nil=True, blind_nil_behind=0)
    assert not rules.nil
    m = start(Match(rules, seed=1), MIXED, dealer=3)
    m.apply("blind_nil")
    assert m.bids[0] == BLIND_NIL
    m.apply("look")
    assert NIL_BID not in m.legal_actions()


def test_blind_nil_scores_200_in_a_played_hand():
    m = Match(preset("spades", "partnership"), seed=1)
    m.scores = [0, 100]
    start(m, ALL_SPADES, dealer=3)
    bid_all(m, [5, 1, "blind_nil", 1])
    play_out(m)
    rec = m.records[-1]
    assert rec["bids"] == [5, 1, "blind_nil", 1]
    assert rec["result"]["side_points"] == [50 + 8 + 200, -20]


def test_blind_nil_bidder_sees_cards_after_bidding():
    # Blind nil is declared before seeing the cards; the hand is then played
    # with them in view like any other.
    m = Match(preset("spades", "partnership"), seed=1)
    m.scores = [0, 100]
    start(m, ALL_SPADES, dealer=3)
    bid_all(m, [5, 1, "blind_nil", 1])
    assert m.phase == "play"
    assert m.view(2).hand == m.hands[2]


# ------------------------------------------------------------ auction


def test_auction_highest_bid_names_trump_tie_to_earlier():
    m = start(classic(auction=True), ALL_SPADES, dealer=1)
    # Bidding order 2, 3, 0, 1: seat 3 bids 7 before seat 0 does.
    bid_all(m, [[2, "C"], [7, "H"], [7, "D"], [5, "S"]])
    assert m.trump == HEARTS
    assert m.view(0).trump == HEARTS


def test_auction_bid_names_a_number_and_a_suit():
    m = start(classic(auction=True), ALL_SPADES, dealer=3)
    assert auction_bid(4, DIAMONDS) in m.legal_actions()
    assert bid(4) not in m.legal_actions()
    with pytest.raises(IllegalAction, match="a bid names a number of tricks and a trump suit"):
        m.apply(bid(4))


def test_auction_trump_suit_wins_tricks_and_contracts_scored_as_usual():
    m = start(classic(auction=True), ALL_SPADES, dealer=3)
    bid_all(m, [[5, "S"], [7, "H"], [7, "D"], [2, "C"]])
    assert m.trump == HEARTS
    play_out(m)
    rec = m.records[-1]
    # Hearts trump: seat 1 (all hearts) wins every trick; seat 0's spades are plain.
    assert rec["result"]["tricks"] == [0, 13, 0, 0]
    assert rec["result"]["points"] == [-50, 76, -70, -20]
    assert rec["bids"] == [[5, "S"], [7, "H"], [7, "D"], [2, "C"]]


def test_auction_trump_may_not_be_led_until_played():
    m = start(classic(auction=True), MIXED, dealer=3)
    bid_all(m, [[4, "D"], [3, "S"], [3, "C"], [3, "H"]])
    assert m.trump == DIAMONDS
    assert legal(m) == {"2C", "3C", "4C", "5C", "6C", "2H", "3H", "4H", "2S", "3S"}


def test_spades_are_always_trump_without_auction():
    m = start(classic(), ALL_SPADES, dealer=3)
    assert m.trump == SPADES
    bid_all(m, [3, 3, 3, 3])
    play_out(m)
    assert m.records[-1]["result"]["tricks"] == [13, 0, 0, 0]


