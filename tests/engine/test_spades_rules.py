"""Spades rules of docs/RULES.md and seeds 000, 001, 002: one test per rule.

Positions are dealt with Match.deal_hands from card texts and played with
apply(); pure scoring rules go through game.scoring.spades_side_score.
"""

import pytest
from conftest import bid_all, held, legal, play, play_out, start, suit

from game.actions import BLIND_NIL_BID, LOOK, NIL_BID, auction_bid, bid
from game.cards import DIAMONDS, HEARTS, SPADES, cards_text, parse_card, popcount
from game.errors import IllegalAction, RulesError
from game.rules import SpadesRules, preset
from game.scoring import BLIND_NIL, NIL, spades_game_over, spades_side_score
from game.state import Match, new_match

# Seat 0 holds every spade, seat 1 every heart, seat 2 every diamond, seat 3
# every club: whatever anyone plays, seat 0 wins all 13 tricks (spades trump).
ALL_SPADES = [suit("S"), suit("H"), suit("D"), suit("C")]

# A mixed deal, dealer 3 (seat 0 leads). Seat 1 is void in clubs; seat 2's
# lowest club is the 7.
MIXED = [
    "2C 3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 2S 3S",
    "5D 6D 7D 8D 9D 5H 6H 7H 8H 9H 5S 6S 7S",
    "7C 8C 9C TC TD JD QD TH JH QH 4S 8S 9S",
    "JC QC KC AC KD AD KH AH TS JS QS KS AS",
]

# Seats 1 and 2 are both void in clubs; seat 3 holds the top clubs. Dealer 3.
TWO_VOIDS = [
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 2H 3H 2S 3S",
    "5D 6D 7D 8D 9D 4H 5H 6H 7H 8H 4S 5S 6S",
    "TD JD QD KD AD 9H TH JH QH 7S 8S 9S TS",
    "8C 9C TC JC QC KC AC KH AH JS QS KS AS",
]


def classic(**options):
    return Match(preset("spades", "classic", **options), seed=1)


def score(rules, bids, tricks, bags_before=0, tricks_in_hand=13):
    return spades_side_score(rules, bids, tricks, bags_before, tricks_in_hand)


def through_cut_and_deal(m):
    while m.phase in ("cut", "deal"):
        m.apply(m.legal_actions()[0])
    return m


def all_spades_hand(m, bids, dealer=3):
    """Seat 0 wins all 13 tricks; returns the hand's record."""
    start(m, ALL_SPADES, dealer)
    bid_all(m, bids)
    play_out(m)
    return m.records[-1]


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


# ------------------------------------------------------------ play


def test_seed000_left_of_dealer_leads_first_trick():
    m = start(classic(), MIXED, dealer=1)
    bid_all(m, [3, 3, 3, 3])
    assert m.to_act == 2


def test_spades_may_not_be_led_until_broken():
    m = start(classic(), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    assert legal(m) == {"2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "2H", "3H", "4H"}
    with pytest.raises(IllegalAction, match="Spades are not broken yet: lead another suit."):
        m.apply("2S")


def test_spades_may_be_led_when_leader_holds_only_spades():
    m = start(classic(), ALL_SPADES, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    assert legal(m) == set(suit("S").split())


def test_spades_broken_by_a_trump_on_an_earlier_trick():
    m = start(classic(), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 5S 7C AC")  # seat 1 trumps
    assert m.to_act == 1
    assert {"6S", "7S"} <= legal(m)


def test_spades_not_broken_when_none_was_played():
    m = start(classic(), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 5D 7C AC")  # seat 1 discards
    assert m.to_act == 3
    assert not legal(m) & {"TS", "JS", "QS", "KS", "AS"}


def test_seed000_must_follow_suit_else_trump_or_discard():
    m = start(classic(), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C")
    assert legal(m) == held(m, 1)  # void in clubs: any card
    play(m, "5S")
    assert legal(m) == {"7C", "8C", "9C", "TC"}


def test_seed000_highest_trump_wins_the_trick():
    m = start(classic(), TWO_VOIDS, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 6S 7S AC")
    assert m.view(0).last_trick[1] == 2
    assert m.tricks_won == [0, 0, 1, 0]


def test_seed000_without_trump_highest_card_of_led_suit_wins():
    m = start(classic(), TWO_VOIDS, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 9D AD 8C")  # the ace of diamonds is off suit
    assert m.view(0).last_trick[1] == 3


def test_seed000_trick_winner_leads_the_next():
    m = start(classic(), TWO_VOIDS, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 6S 7S AC")
    assert m.to_act == 2 and m.leader == 2
    assert m.view(2).trick == ()


def test_seed000_thirteen_tricks_per_hand():
    m = start(classic(), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play_out(m)
    assert sum(m.records[-1]["result"]["tricks"]) == 13


def test_first_lead_two_of_clubs():
    m = start(Match(preset("spades", "classic", first_lead="two_of_clubs"), seed=1), TWO_VOIDS, dealer=0)
    bid_all(m, [3, 3, 3, 3])
    assert m.to_act == 0  # not seat 1, left of the dealer
    assert m.legal_actions() == [parse_card("2C")]
    with pytest.raises(IllegalAction, match="The first trick must be led with the 2 of clubs."):
        m.apply("3C")


def test_first_lead_3C_when_2C_removed_three_players():
    m = through_cut_and_deal(new_match("spades", "classic", seed=5, players=3, first_lead="two_of_clubs"))
    holder = next(s for s in range(3) if "3C" in held(m, s))
    while m.phase == "bid":
        m.apply(bid(1))
    assert m.to_act == holder
    assert legal(m) == {"3C"}


def test_first_lead_3C_when_2C_removed_five_players():
    m = through_cut_and_deal(new_match("spades", "classic", seed=5, players=5, first_lead="two_of_clubs"))
    holder = next(s for s in range(5) if "3C" in held(m, s))
    while m.phase == "bid":
        m.apply(bid(1))
    assert m.to_act == holder
    assert legal(m) == {"3C"}


def test_two_player_two_of_clubs_lowest_club_in_play_leads():
    m = Match(preset("spades", "classic", players=2, first_lead="two_of_clubs"), seed=1)
    start(m, ["5C 9C " + suit("D", "23456789TJQ"), suit("H")], dealer=0)
    bid_all(m, [3, 3])
    assert m.to_act == 0  # the dealer holds the lowest club
    assert legal(m) == {"5C"}


def test_two_player_two_of_clubs_without_clubs_normal_rule():
    m = Match(preset("spades", "classic", players=2, first_lead="two_of_clubs"), seed=1)
    start(m, [suit("D"), suit("H")], dealer=0)
    bid_all(m, [3, 3])
    assert m.to_act == 1
    assert legal(m) == set(suit("H").split())


def test_two_player_non_dealer_leads_under_left_of_dealer():
    m = Match(preset("spades", "classic", players=2), seed=1)
    start(m, ["5C 9C " + suit("D", "23456789TJQ"), suit("H")], dealer=0)
    assert m.to_act == 1  # bidding starts with the non-dealer too
    bid_all(m, [3, 3])
    assert m.to_act == 1


# ------------------------------------------------------------ player counts


def test_four_player_spades_deals_the_whole_deck_13_each():
    m = through_cut_and_deal(new_match("spades", "classic", seed=2))
    assert [popcount(h) for h in m.hands] == [13] * 4
    assert popcount(m.hands[0] | m.hands[1] | m.hands[2] | m.hands[3]) == 52


def test_three_player_spades_removes_2C_17_each():
    m = through_cut_and_deal(new_match("spades", "classic", seed=2, players=3))
    assert [popcount(h) for h in m.hands] == [17] * 3
    everything = set().union(*(held(m, s) for s in range(3)))
    assert len(everything) == 51 and "2C" not in everything


def test_five_player_spades_removes_2C_2D_10_each():
    m = through_cut_and_deal(new_match("spades", "classic", seed=2, players=5))
    assert [popcount(h) for h in m.hands] == [10] * 5
    everything = set().union(*(held(m, s) for s in range(5)))
    assert len(everything) == 50 and not everything & {"2C", "2D"}


def test_two_player_spades_draw_keep_discard():
    m = through_cut_and_deal(new_match("spades", "classic", seed=4, players=2))
    assert m.phase == "draw"
    assert m.to_act == 1 - m.dealer
    seen_by = {0: set(), 1: set()}
    for step in range(26):
        seat = m.to_act
        v = m.view(seat)
        top = v.draw_card
        assert top is not None and m.view(1 - seat).draw_card is None
        before = v.hand
        choice = "keep" if step % 3 else "discard"
        m.apply(choice)
        after = m.view(seat).hand
        gained = after & ~before
        assert popcount(gained) == 1
        if choice == "keep":
            assert gained == 1 << top
        else:
            assert gained != 1 << top and not after >> top & 1
            assert m.view(seat).seen_discards >> top & 1
        seen_by[seat].add(top)
        if m.phase == "draw":
            assert m.to_act == 1 - seat  # in turn
    assert m.phase == "bid"
    assert [popcount(h) for h in m.hands] == [13, 13]
    assert m.hands[0] & m.hands[1] == 0  # 26 cards kept, 26 unused


def test_two_player_spades_record_hands_are_those_after_the_draw():
    m = through_cut_and_deal(new_match("spades", "classic", seed=4, players=2))
    while m.phase == "draw":
        m.apply("discard")
    kept = [set(cards_text(h)) for h in m.hands]
    bid_all(m, [3, 3])
    play_out(m)
    assert [set(h) for h in m.records[-1]["hands"]] == kept


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
