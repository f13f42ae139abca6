"""Spades play of docs/RULES.md and seed 000: the lead, following suit, trumps,
who wins a trick, and the deal for two to five players; one test per rule.

Positions are dealt with Match.deal_hands from card texts and played with
apply(); the deals and small helpers they share are in spades_deals.py.
"""

import pytest
from conftest import bid_all, held, legal, play, play_out, start, suit
from spades_deals import ALL_SPADES, MIXED, TWO_VOIDS, classic, through_cut_and_deal

from game.actions import bid
from game.cards import cards_text, parse_card, popcount
from game.errors import IllegalAction
from game.rules import preset
from game.state import Match, new_match

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


