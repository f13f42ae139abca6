"""Spades scoring of docs/RULES.md and seeds 000, 001, 002: contracts, nil and
blind nil, bags and their limit, the thirteen double; one test per rule.

Positions are dealt with Match.deal_hands from card texts and played with
apply(); the deals and small helpers they share are in spades_deals.py.
Pure scoring rules go through game.scoring.spades_side_score.
"""

from conftest import play_out, start
from spades_deals import ALL_SPADES, all_spades_hand, classic, score, through_cut_and_deal

from game.actions import NIL_BID, bid
from game.rules import preset
from game.scoring import BLIND_NIL, NIL
from game.state import Match

# ------------------------------------------------------------ seed 000/001 scoring


def test_seed000_bid7_win7_scores_70():
    assert score(preset("spades", "classic"), [7], [7]).points == 70


def test_seed000_bid5_win8_scores_53():
    r = score(preset("spades", "classic"), [5], [8])
    assert (r.points, r.bags) == (53, 3)


def test_seed000_bid4_win3_minus_bid_scores_minus40():
    assert score(preset("spades", "classic"), [4], [3]).points == -40


def test_seed001_failed_contract_zero():
    assert score(preset("spades", "lenient"), [4], [3]).points == 0


def test_seed000_ten_bags_cost_100_variant():
    rules = preset("spades", "classic", bag_limit=10)
    r = score(rules, [5], [8], bags_before=8)  # 8 + 3 = 11 bags
    assert (r.points, r.bags, r.penalties) == (53 - 100, 1, 1)


def test_seed000_scores_in_a_played_hand():
    # Seat 0 bids 4 and wins 13: 40 + 9 overtricks; the others bid and win none.
    rec = all_spades_hand(classic(), [4, 2, 1, 3])
    assert rec["result"]["tricks"] == [13, 0, 0, 0]
    assert rec["result"]["points"] == [49, -20, -10, -30]


def test_seed001_failed_contract_zero_in_a_played_hand():
    rec = all_spades_hand(Match(preset("spades", "lenient"), seed=1), [4, 2, 1, 3])
    assert rec["result"]["points"] == [49, 0, 0, 0]


# ------------------------------------------------------------ seed 002 scoring


def test_seed002_sandbag_overtricks_score_nothing_but_are_bags():
    r = score(preset("spades", "classic", overtrick_points=0), [5], [8])
    assert (r.points, r.bags) == (50, 3)


def test_seed002_nil_plus_100_or_minus_100():
    rules = preset("spades", "classic", nil=True)
    assert score(rules, [NIL], [0]).points == 100
    assert score(rules, [NIL], [1]).points == -100 + 1


def test_seed002_blind_nil_plus_200_or_minus_200():
    rules = preset("spades", "partnership")
    assert score(rules, [BLIND_NIL, 3], [0, 3]).points == 200 + 30
    assert score(rules, [BLIND_NIL, 3], [2, 3]).points == -200 + 2 + 30


def test_seed002_nil_in_a_played_hand():
    m = Match(preset("spades", "classic", nil=True), seed=1)
    rec = all_spades_hand(m, [4, "nil", "nil", 1])
    assert rec["bids"] == [4, "nil", "nil", 1]
    assert rec["result"]["points"] == [49, 100, 100, -10]


def test_thirteen_double():
    rules = preset("spades", "partnership", bag_limit=0)
    assert score(rules, [6, 7], [6, 7]).points == 2 * 130
    assert score(preset("spades", "partnership", thirteen_double=False), [6, 7], [6, 7]).points == 130


def test_thirteen_double_doubles_the_contract_not_the_nil():
    rules = preset("spades", "partnership")
    assert score(rules, [13, NIL], [13, 0]).points == 2 * 130 + 100


def test_thirteen_double_in_a_played_partnership_hand():
    # Seat 0 (first of its side to bid, nil allowed) bids 13; its partner can only bid nil.
    m = Match(preset("spades", "partnership"), seed=1)
    start(m, ALL_SPADES, dealer=3)
    m.apply(bid(13))
    m.apply(bid(1))
    assert m.legal_actions() == [NIL_BID]
    m.apply("nil")
    m.apply(bid(1))
    play_out(m)
    assert m.records[-1]["result"]["side_points"] == [360, -20]


def test_thirteen_double_cutthroat_single_seat():
    rules = preset("spades", "cutthroat")
    assert score(rules, [13], [13]).points == 260


def test_thirteen_with_3_or_5_players_means_every_trick_of_the_hand():
    # Engine's documented reading (docs/RULES.md): "bids 13" is a contract of
    # every trick of the hand, 17 with 3 players and 10 with 5.
    three = preset("spades", "cutthroat", players=3, bag_limit=0, thirteen_fail_bags=True)
    assert score(three, [17], [17], tricks_in_hand=17).points == 340
    assert score(three, [13], [13], tricks_in_hand=17).points == 130
    assert score(three, [17], [16], tricks_in_hand=17) == (-170, 13, 0)
    five = preset("spades", "cutthroat", players=5, bag_limit=0)
    assert score(five, [10], [10], tricks_in_hand=10).points == 200
    m = through_cut_and_deal(Match(five, seed=2))
    assert max(m.legal_actions()) == bid(10)


def test_thirteen_fail_bags():
    rules = preset("spades", "partnership", thirteen_fail_bags=True, bag_limit=0)
    r = score(rules, [6, 7], [6, 6])
    assert (r.points, r.bags) == (-130, 13)
    off = score(preset("spades", "partnership", bag_limit=0), [6, 7], [6, 6])
    assert (off.points, off.bags) == (-130, 0)


def test_thirteen_fail_bags_with_zero():
    rules = preset("spades", "partnership", thirteen_fail_bags=True, failed_contract="zero", bag_limit=0)
    r = score(rules, [13, NIL], [12, 0])
    assert (r.points, r.bags) == (100, 13)


def test_thirteen_fail_bags_reach_the_bag_limit():
    rules = preset("spades", "partnership", thirteen_fail_bags=True)
    r = score(rules, [6, 7], [5, 7])
    assert (r.points, r.bags, r.penalties) == (-130 - 100, 3, 1)


# ------------------------------------------------------------ fine points: nil, bags


def test_nil_tricks_are_bags_for_side():
    rules = preset("spades", "partnership", overtrick_points=1)
    r = score(rules, [NIL, 4], [1, 2])
    assert (r.points, r.bags) == (-139, 1)


def test_nil_tricks_are_bags_even_when_partner_makes_contract():
    rules = preset("spades", "partnership")
    r = score(rules, [NIL, 4], [2, 5])  # partner's 5 count alone: 40 + 1
    assert (r.points, r.bags) == (-100 + 2 + 41, 3)


def test_nil_tricks_score_no_overtrick_points_when_overtricks_are_off():
    rules = preset("spades", "partnership", overtrick_points=0)
    r = score(rules, [NIL, 4], [1, 4])
    assert (r.points, r.bags) == (-100 + 40, 1)


def test_side_whose_members_all_bid_nil_has_no_contract():
    rules = preset("spades", "partnership")
    r = score(rules, [NIL, NIL], [0, 2])
    assert (r.points, r.bags) == (100 - 100 + 2, 2)


def test_playing_alone_nil_bidder_is_an_all_nil_side():
    rules = preset("spades", "cutthroat")
    r = score(rules, [NIL], [3])
    assert (r.points, r.bags) == (-100 + 3, 3)


def test_partnership_contract_is_sum_of_non_nil_bids():
    rules = preset("spades", "partnership")
    # 3 + 4 = 7, made together although the seat that bid 4 won only 2.
    assert score(rules, [3, 4], [5, 2]).points == 70
    assert score(rules, [3, 4], [5, 1]).points == -70


def test_failed_contract_zero_zeroes_the_contract_only():
    rules = preset("spades", "partnership", failed_contract="zero")
    r = score(rules, [NIL, 5], [1, 3])
    assert (r.points, r.bags) == (-100 + 1, 1)


def test_bag_limit_drops_the_count_and_the_rest_carries_over():
    rules = preset("spades", "partnership")
    r = score(rules, [3, 2], [4, 5], bags_before=8)  # 4 new bags: 12
    assert (r.points, r.bags, r.penalties) == (54 - 100, 2, 1)


def test_bag_limit_two_penalties_one_hand():
    rules = preset("spades", "partnership")
    r = score(rules, [1, NIL], [12, 0], bags_before=9)  # 11 new bags: 20
    assert (r.points, r.bags, r.penalties) == (10 + 11 + 100 - 200, 0, 2)


def test_bag_limit_13_bags_taken_cost_100_and_leave_3():
    rules = preset("spades", "cutthroat")
    r = score(rules, [NIL], [13])
    assert (r.points, r.bags) == (-100 + 13 - 100, 3)


def test_bag_limit_and_penalty_options():
    rules = preset("spades", "classic", bag_limit=5, bag_penalty=50)
    r = score(rules, [2], [9], bags_before=4)  # 7 new: 11 -> two penalties, 1 left
    assert (r.points, r.bags) == (27 - 100, 1)
    assert score(preset("spades", "classic"), [2], [9], bags_before=400).points == 27  # limit 0: off


def test_bags_are_counted_in_a_played_hand():
    m = Match(preset("spades", "partnership"), seed=1)
    m.bags = [3, 0]
    rec = all_spades_hand(m, [4, 2, "nil", 3])
    # Side 0: 40 + 9 overtricks, nil made +100; 3 + 9 bags = 12: -100, 2 left.
    assert rec["result"]["side_points"] == [149 - 100, -50]
    assert rec["result"]["bags"] == [2, 0]
    assert m.bags == [2, 0]


def test_partnership_record_points_by_seat_side_points_and_bags_by_side():
    m = Match(preset("spades", "partnership"), seed=1)
    rec = all_spades_hand(m, [4, 2, "nil", 3])
    assert rec["result"]["points"] == [149, -50, 149, -50]
    assert rec["result"]["side_points"] == [149, -50]
    assert rec["result"]["bags"] == [9, 0]
    assert m.scores == [149, -50]


