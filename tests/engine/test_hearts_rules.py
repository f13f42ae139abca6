"""Hearts rules of docs/RULES.md and seed 004: one test per rule.

Positions are dealt with Match.deal_hands from card texts and played with
apply(); where a test plays the rest of a hand, the deal forces the outcome
whatever legal cards are chosen.
"""

import pytest
from conftest import hands, held, legal, play, play_out, rest_of_deck, round_robin, start, suit

from game.actions import MOON_OTHERS, MOON_SELF
from game.cards import DECK_SIZE, cards_text, iter_cards, parse_card, popcount
from game.deal import cards_in_play
from game.errors import IllegalAction, RulesError
from game.rules import HeartsRules, preset
from game.scoring import hearts_game_over
from game.state import Match, new_match

# Seat 0 holds every club, and so leads the 2 of clubs and wins all 13 tricks:
# it shoots the moon. Dealer 3.
MOON = [suit("C"), suit("D"), suit("H"), suit("S")]

# Seat 1 wins trick 1 with the ace of clubs, then must lead a diamond to seat
# 0's ace; seat 0 wins the rest with clubs. With no points on the first trick,
# seat 1 takes one heart and seat 0 the rest and the queen. Dealer 3.
SPLIT = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD",
    "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    suit("H"),
    suit("S"),
]

# Dealer 2: seat 3 leads the 2 of clubs and seat 0 wins the trick with its
# only club, the ace; seat 0 then holds the queen of spades and 11 hearts.
QUEEN_AND_HEARTS = [
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "7C 8C 9C TC JD QD KD AD KH AH 2S 3S 4S",
    "2C JC QC KC 5S 6S 7S 8S 9S TS JS KS AS",
]

# Dealer 3, seat 0 leads the 2 of clubs; seat 1 is void in clubs and holds
# hearts; seat 3 wins trick 1 with the ace of clubs.
VOID_ONE = [
    "2C 3C 4C 2D 3D 4D 5D 2H 3H 2S 3S 4S 5S",
    "6D 7D 8D 9D TD 4H 5H 6H 7H 6S 7S 8S 9S",
    "5C 6C 7C 8C 9C JD QD 8H 9H TH TS JS QS",
    "TC JC QC KC AC KD AD JH QH KH AH KS AS",
]

# Five players with `remove` (no 2C, 2D): 10 cards each, dealer 4, seat 0
# leads the 3 of clubs. Seats 1 and 2 are void in clubs: seat 1 holds the queen
# of spades and hearts only, seat 2 two hearts and diamonds.
FIVE = [
    "3C 4C 5C 3D 4D 5D 6D 2S 3S 4S",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "QH KH 7D 8D 9D TD JD QD KD AD",
    "6C 7C 8C 9C TC 5S 6S 7S 8S 9S",
    "JC QC KC AC JH AH TS JS KS AS",
]


def hearts(name="classic", **options):
    return Match(preset("hearts", name, **options), seed=1)


def five(name="classic", **options):
    return hearts(name, players=5, odd_cards="remove", **options)


def through_deal(m):
    while m.phase in ("cut", "deal"):
        m.apply(m.legal_actions()[0])
    return m


def finish_passes(m):
    while m.phase == "pass":
        m.apply(m.legal_actions()[0])


def moon_hand(m, scores=None):
    if scores is not None:
        m.scores = list(scores)
    start(m, MOON, dealer=3)
    play_out(m)
    return m


# ------------------------------------------------------------ seed 004: the hand


def test_seed004_holder_of_two_of_clubs_leads_it():
    m = start(hearts(), SPLIT, dealer=1)
    assert m.to_act == 0
    assert m.legal_actions() == [parse_card("2C")]
    with pytest.raises(IllegalAction, match="The first trick must be led with the 2 of clubs."):
        m.apply("3C")


def test_seed004_thirteen_cards_each_and_thirteen_tricks():
    m = through_deal(new_match("hearts", "classic", seed=8))
    assert [popcount(h) for h in m.hands] == [13] * 4
    finish_passes(m)
    play_out(m)
    assert sum(m.records[-1]["result"]["tricks"]) == 13


def test_seed004_hearts_one_point_each_queen_of_spades_13():
    m = start(hearts("standard"), SPLIT, dealer=3)
    play_out(m)
    assert m.records[-1]["result"]["tricks"] == [12, 1, 0, 0]
    assert m.records[-1]["result"]["points"] == [25, 1, 0, 0]
    assert m.scores == [25, 1, 0, 0]


def test_seed004_moon_gives_0_and_26_to_each_other_seat():
    m = moon_hand(hearts())
    assert m.records[-1]["result"]["points"] == [0, 26, 26, 26]
    assert "moon_choice" not in m.records[-1]


def test_seed004_must_follow_suit_else_any_card():
    m = start(hearts(), VOID_ONE, dealer=3)
    play(m, "2C")
    assert legal(m) == held(m, 1)  # void in clubs
    play(m, "4H")
    assert legal(m) == {"5C", "6C", "7C", "8C", "9C"}


def test_seed004_no_trump_highest_card_of_led_suit_wins():
    m = start(hearts(), VOID_ONE, dealer=3)
    play(m, "2C 9S 9C TC")  # the spade does not trump
    assert m.view(0).last_trick[1] == 3
    assert m.to_act == 3


# ------------------------------------------------------------ passing


def test_seed004_pass_three_left_chosen_before_seeing_received():
    dealt = hands(*MOON)
    m = start(hearts(), MOON, dealer=3, pass_direction="left")
    assert m.phase == "pass" and m.to_act == 0
    play(m, "2C 3C")
    with pytest.raises(IllegalAction, match="You have already chosen the 2 of clubs to pass."):
        m.apply("2C")
    with pytest.raises(IllegalAction, match="You do not hold the Ace of spades."):
        m.apply("AS")
    play(m, "4C")
    assert m.to_act == 1
    assert m.view(1).hand == dealt[1] and m.view(1).received == 0
    play(m, "2D 3D 4D 2H 3H 4H 2S 3S 4S")
    assert m.phase == "play"
    assert held(m, 1) == set(suit("D", "56789TJQKA").split()) | {"2C", "3C", "4C"}
    assert held(m, 0) == set(suit("C", "56789TJQKA").split()) | {"2S", "3S", "4S"}
    assert m.view(1).received == hands("2C 3C 4C")[0]


def test_two_of_clubs_looked_for_after_the_pass():
    m = start(hearts(), MOON, dealer=3, pass_direction="left")
    play(m, "2C 3C 4C")
    finish_passes(m)
    assert m.to_act == 1
    assert legal(m) == {"2C"}


@pytest.mark.parametrize("players, direction, offset", [
    (4, "left", 1), (4, "across", 2), (4, "right", -1), (3, "left", 1), (3, "right", -1), (5, "right", -1),
])
def test_pass_directions_left_next_right_previous_across_two_on(players, direction, offset):
    rules = preset("hearts", "classic", players=players, odd_cards="remove")
    m = Match(rules, seed=1)
    dealt = round_robin(rules, dealer=0)
    m.deal_hands(dealt, 0, direction)
    for s in range(players):
        assert m.view(s).pass_target == (s + offset) % players
    finish_passes(m)
    for s in range(players):
        passed = m.pass_chosen[s]
        assert popcount(passed) == 3
        assert m.hands[(s + offset) % players] & passed == passed
        assert m.hands[s] & passed == 0


def test_passes_are_chosen_in_order_from_dealers_left():
    m = start(hearts(), MOON, dealer=1, pass_direction="right")
    order = []
    while m.phase == "pass":
        if m.to_act not in order:
            order.append(m.to_act)
        m.apply(m.legal_actions()[0])
    assert order == [2, 3, 0, 1]


def test_pass_count_option():
    m = start(hearts(pass_count=2), MOON, dealer=3, pass_direction="left")
    play(m, "KC AC")
    assert m.to_act == 1
    finish_passes(m)
    assert held(m, 1) >= {"KC", "AC"}
    assert [popcount(h) for h in m.hands] == [13] * 4


def _pass_cycle(m, count):
    directions = []
    through_deal(m)
    while len(directions) < count:
        directions.append(m.pass_direction)
        finish_passes(m)
        play_out(m)
        assert m.phase == "hand_over"
        m.apply("deal")
    return directions


def test_pass_cycle_left_across_right_hold():
    m = new_match("hearts", "classic", seed=3, target=100_000)
    assert _pass_cycle(m, 6) == ["left", "across", "right", "hold", "left", "across"]


def test_pass_cycle_left_right_hold_for_other_player_counts():
    for players in (3, 5, 8):
        m = new_match("hearts", "classic", seed=3, target=100_000, players=players)
        assert _pass_cycle(m, 4) == ["left", "right", "hold", "left"]


def test_pass_cycle_option():
    m = new_match("hearts", "classic", seed=3, target=100_000, pass_cycle=["right", "hold"])
    assert _pass_cycle(m, 3) == ["right", "hold", "right"]


def test_hold_hand_goes_straight_to_play():
    m = new_match("hearts", "classic", seed=3, target=100_000)
    _pass_cycle(m, 3)
    assert m.pass_direction == "hold" and m.phase == "play"


def test_pass_count_zero_every_hand_is_a_hold_hand():
    m = new_match("hearts", "classic", seed=3, target=100_000, pass_count=0)
    assert _pass_cycle(m, 3) == ["hold", "hold", "hold"]


def test_across_needs_four_players():
    with pytest.raises(RulesError):
        HeartsRules(players=5, pass_cycle=("left", "across"))


# ------------------------------------------------------------ hearts broken


def test_hearts_lead_mode_no_heart_lead_until_broken():
    m = start(hearts(), VOID_ONE, dealer=3)
    play(m, "2C 6D 5C AC")
    assert m.to_act == 3
    assert legal(m) == {"TC", "JC", "QC", "KC", "KD", "AD", "KS", "AS"}
    with pytest.raises(IllegalAction, match="Hearts are not broken yet: lead another suit."):
        m.apply("AH")


def test_hearts_lead_mode_broken_by_a_heart_discarded_on_the_first_trick():
    m = start(hearts(), VOID_ONE, dealer=3)
    play(m, "2C 4H 5C AC")
    assert m.to_act == 3
    assert {"JH", "QH", "KH", "AH"} <= legal(m)


def test_hearts_lead_mode_only_hearts_and_queen_must_lead_the_queen():
    m = start(hearts(), QUEEN_AND_HEARTS, dealer=2)
    play(m, "2C AC 3C 7C")
    assert m.to_act == 0
    assert legal(m) == {"QS"}


def test_hearts_lead_mode_only_hearts_may_lead_a_heart():
    deal = list(QUEEN_AND_HEARTS)
    deal[0] = "AC " + suit("H", "23456789TJQK")
    deal[2] = "7C 8C 9C TC JD QD KD AD QS AH 2S 3S 4S"
    m = start(hearts(), deal, dealer=2)
    play(m, "2C AC 3C 7C")
    assert legal(m) == set(suit("H", "23456789TJQK").split())


def test_discard_mode_hearts_may_always_be_led():
    m = start(hearts(hearts_broken="discard"), VOID_ONE, dealer=3)
    play(m, "2C 6D 5C AC")
    assert not m.view(3).broken
    assert {"JH", "QH", "KH", "AH"} <= legal(m)


def test_discard_mode_no_heart_discard_until_a_trick_is_led_with_hearts():
    m = start(hearts(hearts_broken="discard"), VOID_ONE, dealer=3)
    play(m, "2C")
    assert legal(m) == {"6D", "7D", "8D", "9D", "TD", "6S", "7S", "8S", "9S"}
    with pytest.raises(IllegalAction, match="You may not discard a heart until a trick has been led with hearts."):
        m.apply("4H")
    play(m, "6D 5C AC JH 2H 4H 8H")  # seat 3 leads a heart and wins
    play(m, "KC 3C")
    assert m.to_act == 1
    assert {"5H", "6H", "7H"} <= legal(m)


def test_discard_mode_only_hearts_may_discard_and_it_does_not_break():
    deal = [
        "3C 4C 5C 3D 4D 5D 6D 2S 3S 4S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "QH KH 7D 8D 9D TD JD QD KD AD",
        "6C 7C 8C 9C TC 5S 6S 7S 8S 9S",
        "JC QC KC AC AH TS JS QS KS AS",
    ]
    m = start(five(hearts_broken="discard"), deal, dealer=4)
    play(m, "3C")
    assert legal(m) == held(m, 1)  # holds only hearts
    play(m, "2H")
    assert not m.view(2).broken
    assert legal(m) == set(suit("D", "789TJQKA").split())


def test_hearts_broken_none_hearts_led_and_discarded_any_time():
    m = start(hearts(hearts_broken="none"), VOID_ONE, dealer=3)
    play(m, "2C 6D 5C AC")
    assert {"JH", "QH", "KH", "AH"} <= legal(m)


# ------------------------------------------------------------ first trick, queen


def test_no_points_first_trick_unless_no_other_choice():
    m = start(five("standard"), FIVE, dealer=4)
    play(m, "3C")
    assert legal(m) == held(m, 1)  # only hearts and the queen: any of them
    play(m, "QS")
    assert legal(m) == set(suit("D", "789TJQKA").split())  # no hearts
    with pytest.raises(IllegalAction, match="No points on the first trick"):
        m.apply("QH")


def test_no_points_first_trick_bars_the_queen_of_spades():
    deal = list(FIVE)
    deal[1] = "QH 2H 3H 4H 5H 6H 7H 8H 9H TH"
    deal[2] = "QS KH 7D 8D 9D TD JD QD KD AD"
    m = start(five("standard"), deal, dealer=4)
    play(m, "3C 2H")
    assert legal(m) == set(suit("D", "789TJQKA").split())
    off = start(five(), deal, dealer=4)
    play(off, "3C 2H")
    assert legal(off) == held(off, 2)


def test_no_points_first_trick_only_on_the_first_trick():
    m = start(hearts("standard"), VOID_ONE, dealer=3)
    play(m, "2C 6D 5C AC")
    play(m, "KC 3C")
    assert {"4H", "5H", "6H", "7H"} <= legal(m)  # trick 2: seat 1 may discard hearts


def test_queen_breaks_hearts_when_it_is_played():
    m = start(five(queen_breaks_hearts=True), FIVE, dealer=4)
    play(m, "3C QS 7D 6C AC")
    assert m.to_act == 4
    assert {"JH", "AH"} <= legal(m)
    plain = start(five(), FIVE, dealer=4)
    play(plain, "3C QS 7D 6C AC")
    assert legal(plain) == {"JC", "QC", "KC", "TS", "JS", "KS", "AS"}


def test_queen_breaks_hearts_for_rest_of_same_trick():
    m = start(five(hearts_broken="discard", queen_breaks_hearts=True), FIVE, dealer=4)
    play(m, "3C")
    assert legal(m) == {"QS"}  # a heart may not be discarded yet
    play(m, "QS")
    assert {"QH", "KH"} <= legal(m)
    plain = start(five(hearts_broken="discard"), FIVE, dealer=4)
    play(plain, "3C QS")
    assert legal(plain) == set(suit("D", "789TJQKA").split())


def test_queen_breaks_hearts_when_it_is_led():
    deal = list(QUEEN_AND_HEARTS)
    deal[1] = "3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D KH AH"
    deal[2] = "7C 8C 9C TC 9D TD JD QD KD AD 2S 3S 4S"
    m = start(hearts(hearts_broken="discard", queen_breaks_hearts=True), deal, dealer=2)
    play(m, "2C AC 3C 7C QS")
    assert m.to_act == 1 and {"KH", "AH"} <= legal(m)
    plain = start(hearts(hearts_broken="discard"), deal, dealer=2)
    play(plain, "2C AC 3C 7C QS")
    assert not legal(plain) & {"KH", "AH"}


# ------------------------------------------------------------ moon, jack, target


def test_moon_choose_is_shooters_decision():
    m = moon_hand(hearts(moon="choose"))
    assert m.phase == "moon" and m.to_act == 0 and m.moon_shooter == 0
    assert m.legal_actions() == [MOON_OTHERS, MOON_SELF]
    assert m.view(0).legal == (MOON_OTHERS, MOON_SELF)
    assert m.view(1).legal == ()
    with pytest.raises(IllegalAction):
        m.apply("2C")
    m.apply("self_minus_26")
    assert m.records[-1]["result"]["points"] == [-26, 0, 0, 0]
    assert m.records[-1]["moon_choice"] == "self_minus_26"


def test_moon_choose_others_26():
    m = moon_hand(hearts(moon="choose"))
    m.apply("others_26")
    assert m.records[-1]["result"]["points"] == [0, 26, 26, 26]
    assert m.records[-1]["moon_choice"] == "others_26"


# Omnibus, dealer 3. Trick 1 (no points allowed) must be 2C AC xD JD: seat 1
# wins it with the jack of diamonds and no point. Seat 1 then must lead a
# spade to seat 2's lone ace, and seat 2 wins the rest with diamonds, taking
# every heart and the queen.
JACK_ELSEWHERE = [
    suit("C", "23456789TJQK") + " AH",
    "AC " + suit("S", "23456789TJQK"),
    "AS " + suit("D", "23456789TQKA"),
    "JD " + suit("H", "23456789TJQK"),
]


def test_jack_of_diamonds_minus10_not_moon_card():
    m = start(hearts("omnibus"), JACK_ELSEWHERE, dealer=3)
    play(m, "2C AC 2D")
    assert legal(m) == {"JD"}  # no points on the first trick: the jack is forced
    play(m, "JD")
    play_out(m)
    # Seat 2 shot the moon without the jack; seat 1 took the jack: 26 - 10.
    assert m.records[-1]["result"]["points"] == [26, 16, 0, 26]


def test_jack_of_diamonds_scored_for_the_shooter_too():
    m = moon_hand(hearts("omnibus"))
    assert m.records[-1]["result"]["points"] == [-10, 26, 26, 26]


def test_jack_of_diamonds_worth_nothing_without_the_option():
    m = start(hearts("standard"), JACK_ELSEWHERE, dealer=3)
    play(m, "2C AC 2D JD")
    play_out(m)
    assert m.records[-1]["result"]["points"] == [26, 26, 0, 26]


def _two_deck_moon_deal(rules):
    shooter = "AC AS AS KS KS QS QS JS JS TS TS 9S 9S 8S 8S 7S 7S"
    rest = rest_of_deck(rules, shooter)
    chunks = [" ".join(rest[i:i + 17]) for i in range(0, len(rest), 17)]
    return [chunks[0], shooter] + chunks[1:]


def test_two_deck_moon_worth_52():
    rules = preset("hearts", "classic", players=6, odd_cards="remove")
    m = Match(rules, seed=1)
    start(m, _two_deck_moon_deal(rules), dealer=5)
    assert m.to_act == 0
    play_out(m)
    rec = m.records[-1]
    assert rec["result"]["tricks"] == [0, 17, 0, 0, 0, 0]
    assert rec["result"]["points"] == [52, 0, 52, 52, 52, 52]


def test_two_deck_moon_choose_minus_52():
    rules = preset("hearts", "classic", players=6, odd_cards="remove", moon="choose")
    m = Match(rules, seed=1)
    start(m, _two_deck_moon_deal(rules), dealer=5)
    play_out(m)
    assert m.phase == "moon" and m.to_act == 1
    m.apply("self_minus_26")
    assert m.records[-1]["result"]["points"] == [0, -52, 0, 0, 0, 0]


def test_seed004_lowest_score_wins_when_someone_reaches_100():
    m = moon_hand(hearts(), scores=[74, 80, 74, 60])
    assert m.scores == [74, 106, 100, 86]
    assert m.phase == "game_over" and m.winners == [0]


def test_game_goes_on_below_target():
    m = moon_hand(hearts(), scores=[0, 70, 73, 0])
    assert m.scores == [0, 96, 99, 26]
    assert m.phase == "hand_over"


def test_tie_for_first_plays_another_hand():
    m = moon_hand(hearts(), scores=[60, 74, 34, 80])
    assert m.scores == [60, 100, 60, 106]
    assert m.phase == "hand_over" and m.winners == []
    assert hearts_game_over([60, 100, 60, 106], 100) == (False, [])


def test_target_option():
    m = moon_hand(hearts(target=50), scores=[0, 30, 0, 0])
    assert m.phase == "game_over" and m.winners == [0]


# ------------------------------------------------------------ odd cards, two decks


@pytest.mark.parametrize("players, extra", [(3, 1), (5, 2), (6, 2), (7, 6), (8, 0)])
def test_double_first_extra_cards_go_to_the_first_seats_from_dealers_left(players, extra):
    rules = preset("hearts", "classic", players=players)
    total = 52 * rules.decks
    for seed in range(4):
        m = through_deal(Match(rules, seed=seed))
        sizes = [total // players] * players
        for i in range(extra):
            sizes[(m.dealer + 1 + i) % players] += 1
        assert [popcount(h) for h in m.hands] == sizes
        assert sum(sizes) == total


# Three players, dealer 0: seat 1 has 18 cards and leads the 2 of clubs.
THREE = [
    "9C TC JC QC KC AC JD QD KD AD JH QH KH AH QS KS AS",
    "2C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 7S",
    "3C 4C 5C 6C 7C 8C 7D 8D 9D TD 8H 9H TH 8S 9S TS JS",
]


def test_double_first_leader_second_card_is_a_follow():
    m = start(hearts(players=3), THREE, dealer=0)
    play(m, "2C")
    assert m.to_act == 1
    assert legal(m) == held(m, 1)  # void in clubs: a heart may go too
    play(m, "7H")
    assert m.to_act == 2
    assert legal(m) == {"3C", "4C", "5C", "6C", "7C", "8C"}


def test_double_first_each_card_judged_on_the_hand_at_that_moment():
    deal = list(THREE)
    deal[1] = "2C 5C 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 7S"
    deal[2] = "3C 4C 2D 6C 7C 8C 7D 8D 9D TD 8H 9H TH 8S 9S TS JS"
    m = start(hearts("standard", players=3), deal, dealer=0)
    play(m, "2C")
    assert legal(m) == {"5C"}  # must follow with its other club
    std = start(hearts("standard", players=3), THREE, dealer=0)
    play(std, "2C")
    # Now void in clubs, and no points on the first trick: no heart.
    assert legal(std) == {"2D", "3D", "4D", "5D", "6D", "2S", "3S", "4S", "5S", "6S", "7S"}


def test_double_first_first_trick_is_one_trick_and_counts_once():
    deal = list(THREE)
    deal[0] = "9C TC JC QC KC 2D JD QD KD AD JH QH KH AH QS KS AS"
    deal[1] = "2C AC 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 7S"
    m = start(hearts(players=3), deal, dealer=0)
    play(m, "2C AC 3C 9C")
    assert m.tricks_won == [0, 1, 0]
    assert m.to_act == 1 and [popcount(h) for h in m.hands] == [16, 16, 16]
    play_out(m)
    assert sum(m.records[-1]["result"]["tricks"]) == 17


def test_double_first_extra_seats_play_two_cards_in_their_own_turn():
    rules = preset("hearts", "classic", players=5)
    m = Match(rules, seed=1)
    m.deal_hands(round_robin(rules, dealer=4), 4, "hold")
    for _ in range(7):
        m.apply(m.legal_actions()[0])
    cards, winner = m.view(0).last_trick
    assert [seat for seat, _ in cards] == [0, 0, 1, 1, 2, 3, 4]
    assert sum(m.tricks_won) == 1


def _removed(rules):
    full = (1 << (DECK_SIZE * rules.decks)) - 1
    out = []
    for c in iter_cards(full & ~cards_in_play(rules)):
        out.append(cards_text(1 << c)[0])
    return sorted(out)


@pytest.mark.parametrize("players, removed, size", [
    (3, ["2D"], 17),
    (4, [], 13),
    (5, ["2C", "2D"], 10),
    (6, ["2D", "2D"], 17),
    (7, ["2C", "2C", "2D", "2D", "3D", "3D"], 14),
    (8, [], 13),
])
def test_remove_low_cards_so_all_hands_are_equal(players, removed, size):
    m = through_deal(new_match("hearts", "classic", seed=2, players=players, odd_cards="remove"))
    assert _removed(m.rules) == sorted(removed)
    assert [popcount(h) for h in m.hands] == [size] * players
    everything = 0
    for h in m.hands:
        everything |= h
    assert everything == cards_in_play(m.rules)


def test_remove_7_players_removes_2s_of_diamonds_and_clubs_and_3s_of_diamonds_3C_leads():
    rules = preset("hearts", "classic", players=7, odd_cards="remove")
    m = Match(rules, seed=1)
    m.deal_hands(round_robin(rules, dealer=6), 6, "hold")
    assert legal(m) == {"3C"}
    assert "3C" in held(m, m.to_act)


def test_first_lead_3C_when_2C_removed():
    m = start(five(), FIVE, dealer=4)
    assert m.to_act == 0 and legal(m) == {"3C"}


def test_six_or_more_players_use_two_decks():
    assert [HeartsRules(players=n).decks for n in range(3, 9)] == [1, 1, 1, 2, 2, 2]
    m = through_deal(new_match("hearts", "classic", seed=2, players=6))
    assert sum(popcount(h) for h in m.hands) == 104


def test_two_decks_first_played_identical_card_wins():
    rules = preset("hearts", "classic", players=8)
    m = Match(rules, seed=1)
    m.deal_hands(round_robin(rules, dealer=7), 7, "hold")
    play(m, "2C 3C 4C KC 6C 7C 8C KC")  # seats 3 and 7 play the king
    assert m.view(0).last_trick[1] == 3


def test_two_decks_first_played_identical_card_wins_when_it_was_led():
    rules = preset("hearts", "classic", players=8)
    m = Match(rules, seed=1)
    m.deal_hands(round_robin(rules, dealer=7), 7, "hold")
    play(m, "2C 3C 4C KC 6C 7C 8C KC")
    play(m, "AS")  # seat 3 leads an ace of spades; seat 7 holds the other
    while m.trick_number == 1:
        if m.to_act == 7:
            m.apply("AS")
        else:
            m.apply(m.legal_actions()[0])
    cards, winner = m.view(0).last_trick
    assert [c % DECK_SIZE for s, c in cards if s in (3, 7)] == [parse_card("AS")] * 2
    assert winner == 3


def test_two_decks_two_of_clubs_holder_nearest_dealers_left_dealer_last():
    rules = preset("hearts", "classic", players=8)
    dealt = round_robin(rules, dealer=7)  # the two 2s of clubs: seats 0 and 4
    assert [s for s in range(8) if dealt[s] & hands("2C 2C")[0]] == [0, 4]
    m = Match(rules, seed=1)
    m.deal_hands(dealt, 2, "hold")
    assert m.to_act == 4
    other = Match(rules, seed=1)
    other.deal_hands(dealt, 4, "hold")  # seat 4 deals: it comes last
    assert other.to_act == 0


# ------------------------------------------------------------ presets and options


def test_option_defaults_hearts():
    r = HeartsRules()
    assert (r.players, r.pass_count, r.pass_cycle, r.odd_cards) == (
        4, 3, ("left", "across", "right", "hold"), "double_first")
    assert (r.hearts_broken, r.no_points_first_trick, r.queen_breaks_hearts) == ("lead", False, False)
    assert (r.moon, r.jack_of_diamonds, r.target) == ("others_26", False, 100)
    assert HeartsRules(players=5).pass_cycle == ("left", "right", "hold")


def test_preset_classic_seed004():
    assert preset("hearts", "classic") == HeartsRules()


def test_preset_standard_adds_no_points_first_trick():
    assert preset("hearts", "standard") == HeartsRules(no_points_first_trick=True)


def test_preset_omnibus_adds_jack_of_diamonds():
    assert preset("hearts", "omnibus") == HeartsRules(no_points_first_trick=True, jack_of_diamonds=True)


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 9}, {"odd_cards": "deal"}, {"hearts_broken": "always"},
    {"moon": "others_52"}, {"pass_cycle": ["left", "sideways"]}, {"pass_count": -1},
])
def test_hearts_option_values_outside_the_table_are_refused(options):
    with pytest.raises(RulesError):
        preset("hearts", "classic", **options)
