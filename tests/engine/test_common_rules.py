"""Rules common to both games (docs/RULES.md "Common to both games", the common
fine points, and the hand-history records)."""

import copy
import random

import pytest
from conftest import bid_all, hands, legal, play, play_out, rest_of_deck, start, suit

from game.actions import CUT, bid
from game.cards import DECK_SIZE, card_name, card_text, parse_card, rank_of
from game.errors import IllegalAction, RecordError, RulesError
from game.records import replay_record
from game.rules import HeartsRules, SpadesRules, preset, rules_from_dict
from game.state import Match, new_match

# Spades, dealer 3, seat 0 leads. Seat 1 is void in clubs, seat 2's lowest
# club is the 7.
MIXED = [
    "2C 3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 2S 3S",
    "5D 6D 7D 8D 9D 5H 6H 7H 8H 9H 5S 6S 7S",
    "7C 8C 9C TC TD JD QD TH JH QH 4S 8S 9S",
    "JC QC KC AC KD AD KH AH TS JS QS KS AS",
]

# The deck dealt round the table: everyone holds every suit. Dealer 3.
ROUND = [
    "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS",
    "3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS",
    "4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS",
    "5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS",
]


def snapshot(m):
    return (
        m.phase, m.to_act, m.dealer, m.hand_number, list(m.actions), list(m.hands),
        list(m.trick), list(m.bids), list(m.scores), m.legal_actions(),
        [m.view(s) for s in range(m.players)],
    )


# ------------------------------------------------------------ deck, ranks, seats


def test_deck_ranks_ace_high_down_to_two():
    m = start(Match(preset("spades", "classic"), seed=1), ROUND, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    winners = []
    for trick in ("TC JC QC KC", "9C AC 7C 8C", "6C 3C 4C 5C"):
        play(m, trick)
        winners.append(m.view(0).last_trick[1])
    assert winners == [3, 0, 0]


def test_card_text_form_rank_and_suit_letters():
    assert [card_text(parse_card(t)) for t in ("QS", "TD", "2C", "AH")] == ["QS", "TD", "2C", "AH"]
    assert card_name(parse_card("TD")) == "10 of diamonds"
    with pytest.raises(ValueError, match="write a rank from 23456789TJQKA and a suit from SHDC"):
        parse_card("1S")


def test_left_of_x_is_the_next_seat_clockwise():
    for dealer in range(4):
        m = start(Match(preset("spades", "classic"), seed=1), MIXED, dealer=dealer)
        assert m.to_act == (dealer + 1) % 4  # the first bid
        five = [suit(s, "23456789TJ") for s in "CDHS"] + ["QC KC AC JD QD KD AD JH QH KH AH"]
        h = start(Match(preset("hearts", "classic", players=5), seed=1), five, dealer, "left")
        assert h.to_act == (dealer + 1) % 5  # the first pass
        assert h.view(dealer).pass_target == (dealer + 1) % 5


# ------------------------------------------------------------ cut and deal


def _cut(seed, game="spades", **options):
    m = new_match(game, "classic", seed=seed, **options)
    while m.phase == "cut":
        m.apply(CUT)
    return m


def test_cut_highest_deals_ties_redraw():
    tied = 0
    for seed in range(80):
        m = _cut(seed)
        draws = m.view(0).cut
        rounds = sorted({r for r, _, _ in draws})
        drawers = list(range(4))
        for r in rounds:
            this = [(s, c) for rr, s, c in draws if rr == r]
            assert [s for s, _ in this] == drawers  # every seat still in the cut draws once
            assert len({c for _, c in this}) == len(this)
            top = max(rank_of(c) for _, c in this)
            drawers = [s for s, c in this if rank_of(c) == top]
        assert len(drawers) == 1 and m.dealer == drawers[0]  # the highest rank deals
        assert m.phase == "deal" and m.to_act == m.dealer
        tied += len(rounds) > 1
    assert tied > 0  # some seed had a tie, and only the tied seats drew again


def test_dealer_rotates_clockwise():
    for game, n in (("spades", 4), ("hearts", 4), ("hearts", 3)):
        m = _cut(5, game, players=n, target=100_000)
        first = m.dealer
        m.apply("deal")
        for hand in range(1, 4):
            while m.phase in ("pass", "bid"):
                m.apply(m.legal_actions()[0])
            play_out(m)
            assert m.phase == "hand_over"
            assert m.to_act == (first + hand) % n  # the next dealer deals
            m.apply("deal")
            assert m.dealer == (first + hand) % n


# ------------------------------------------------------------ tricks


def test_trick_follow_suit_highest_trump_or_led_suit_wins_winner_leads():
    m = start(Match(preset("spades", "classic"), seed=1), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 5S 7C AC")
    assert m.view(0).last_trick[1] == 1 and m.to_act == 1
    play(m, "5H TH AH 2H")
    assert m.view(0).last_trick[1] == 3 and m.to_act == 3
    h = start(Match(preset("hearts", "classic"), seed=1), MIXED, dealer=3)
    play(h, "2C 5S 7C AC")  # no trump in Hearts
    assert h.view(0).last_trick[1] == 3


def test_illegal_action_message_and_state_unchanged():
    m = start(Match(preset("spades", "classic"), seed=1), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play(m, "2C 5S")
    before = snapshot(m)
    copy_before = copy.deepcopy(m.__dict__)
    before_plays = m.plays.copy()
    tries = [
        ("TD", "You must follow clubs: you hold the 7 of clubs."),
        ("AS", "You do not hold the Ace of spades."),
        ("deal", "It is time to play a card, not to deal."),
        (bid(5), "It is time to play a card, not to bid."),
        ("XX", "'XX' is not an action"),
        (True, "True is not an action."),
    ]
    for action, message in tries:
        with pytest.raises(IllegalAction) as err:
            m.apply(action)
        assert message in str(err.value)
        assert snapshot(m) == before
    assert m.explain(parse_card("TD")) == "You must follow clubs: you hold the 7 of clubs."
    assert m.explain(parse_card("7C")) == ""
    after = m.__dict__
    for key in ("hands", "actions", "trick", "trick_seats", "played", "tricks_won", "taken", "voids"):
        assert after[key] == copy_before[key], key
    assert m.plays == before_plays  # derived from the action log


def test_illegal_bid_and_pass_leave_the_match_unchanged():
    s = start(Match(preset("spades", "partnership"), seed=1), MIXED, dealer=3)
    s.apply(bid(7))
    s.apply(bid(4))
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="your partner bid 7, so bid at most 6"):
        s.apply(bid(7))
    assert snapshot(s) == before
    h = start(Match(preset("hearts", "classic"), seed=1), MIXED, dealer=3, pass_direction="left")
    play(h, "2C")
    before = snapshot(h)
    with pytest.raises(IllegalAction, match="You have already chosen the 2 of clubs to pass."):
        h.apply("2C")
    assert snapshot(h) == before


# ------------------------------------------------------------ options


@pytest.mark.parametrize("game, options", [
    ("spades", {"jokers": True}),
    ("hearts", {"bag_limit": 10}),  # a Spades option is unknown to Hearts
    ("spades", {"nil": 1}),  # true is not 1
    ("spades", {"players": True}),  # and 1 is not true
    ("spades", {"target": "500"}),
    ("spades", {"target": 500.0}),
    ("hearts", {"jack_of_diamonds": 1}),
    ("hearts", {"pass_count": False}),
    ("hearts", {"pass_cycle": "left"}),
    ("hearts", {"moon": True}),
])
def test_unknown_option_and_wrong_type_rejected(game, options):
    with pytest.raises(RulesError):
        rules_from_dict(game, options)
    name = next(iter(options))
    with pytest.raises(RulesError, match=repr(name)):
        rules_from_dict(game, options)


def test_unknown_option_rejected_by_presets_and_records():
    with pytest.raises(RulesError, match="Unknown spades option 'jokers'"):
        preset("spades", "classic", jokers=True)
    with pytest.raises(RulesError):
        new_match("hearts", "standard", seed=1, no_points_first_trick=1)
    rec = _hearts_record()
    rec["rules"] = dict(rec["rules"], moon_shot=True)
    with pytest.raises(RecordError, match="rules: Unknown hearts option 'moon_shot'"):
        replay_record(rec)


def test_unknown_game_and_preset_rejected():
    with pytest.raises(RulesError):
        rules_from_dict("bridge", {})
    with pytest.raises(RulesError):
        preset("spades", "suicide")


def test_option_names_are_the_rules_md_vocabulary():
    spades = {"players", "partnership", "target", "first_lead", "nil", "blind_nil", "blind_nil_behind",
              "failed_contract", "overtrick_points", "bag_limit", "bag_penalty", "thirteen_double",
              "thirteen_fail_bags", "mercy", "auction"}
    hearts = {"players", "pass_count", "pass_cycle", "odd_cards", "hearts_broken", "no_points_first_trick",
              "queen_breaks_hearts", "moon", "jack_of_diamonds", "target"}
    assert set(_spades_record()["rules"]) == spades
    assert set(_hearts_record()["rules"]) == hearts
    assert rules_from_dict("hearts", _hearts_record()["rules"]) == preset("hearts", "omnibus")


def test_option_left_out_takes_its_default():
    assert rules_from_dict("spades", {}) == SpadesRules()
    assert rules_from_dict("hearts", {"players": 5}) == HeartsRules(players=5)


# ------------------------------------------------------------ hand-history records


def _hearts_record(seed=5):
    m = new_match("hearts", "omnibus", seed=seed)
    rng = random.Random(seed)
    while m.phase != "hand_over" and m.phase != "game_over":
        m.apply(rng.choice(m.legal_actions()))
    return copy.deepcopy(m.records[-1])


def _spades_record(seed=6):
    m = new_match("spades", "partnership", seed=seed)
    rng = random.Random(seed)
    while m.phase != "hand_over":
        m.apply(rng.choice(m.legal_actions()))
    return copy.deepcopy(m.records[-1])


def test_record_replay_reproduces_result():
    for rec in (_hearts_record(), _spades_record()):
        assert replay_record(copy.deepcopy(rec)).records[-1]["result"] == rec["result"]


def test_record_fields():
    h = _hearts_record()
    assert {"game", "rules", "dealer", "hands", "pass_direction", "passes", "plays", "result"} <= set(h)
    assert h["pass_direction"] == "left"
    assert all(len(p) == 3 for p in h["passes"])
    assert len(h["plays"]) == 52 and all(isinstance(c, str) and len(c) == 2 for c in h["plays"])
    s = _spades_record()
    assert {"game", "rules", "dealer", "hands", "bids", "plays", "result"} <= set(s)
    assert set(s["result"]) == {"tricks", "points", "side_points", "bags"}


def test_record_with_an_illegal_card_rejected_naming_it():
    rec = _hearts_record()
    rec["plays"][0] = "3C" if rec["plays"][0] != "3C" else "4C"
    with pytest.raises(RecordError, match=r"^plays\[0\]: "):
        replay_record(rec)


def test_record_with_a_card_played_twice_rejected_naming_it():
    rec = _spades_record()
    # Trick 2's leader plays again a card it played in trick 1.
    rec["plays"][5] = rec["plays"][1]
    with pytest.raises(RecordError, match=r"^plays\[5\]: "):
        replay_record(rec)


def test_record_with_a_wrong_count_rejected_naming_it():
    rec = _hearts_record()
    rec["hands"][2] = rec["hands"][2][:-1]
    with pytest.raises(RecordError, match=r"^hands\[2\]: has 12 cards"):
        replay_record(rec)
    short = _hearts_record()
    short["plays"] = short["plays"][:-1]
    with pytest.raises(RecordError, match=r"^plays: has 51 cards"):
        replay_record(short)


def test_record_with_a_wrong_result_rejected():
    rec = _spades_record()
    rec["result"]["points"][0] += 1
    with pytest.raises(RecordError, match=r"result\.points\[0\]"):
        replay_record(rec)


def test_record_of_a_moon_under_choose_has_moon_choice():
    m = Match(preset("hearts", "classic", moon="choose"), seed=1)
    start(m, [suit("C"), suit("D"), suit("H"), suit("S")], dealer=3)
    play_out(m)
    m.apply("self_minus_26")
    rec = copy.deepcopy(m.records[-1])
    assert rec["moon_choice"] == "self_minus_26"
    assert replay_record(copy.deepcopy(rec)).records[-1]["result"]["points"] == [-26, 0, 0, 0]
    del rec["moon_choice"]
    with pytest.raises(RecordError, match="^moon_choice: "):
        replay_record(rec)


def test_record_where_a_seat_passes_both_copies_of_a_card_replays():
    # Two decks: seat 0 holds and passes both aces of spades.
    rules = preset("hearts", "classic", players=8)
    mine = "AS AS KS KS QS QS JS JS TS TS 9S 9S 8S"
    rest = rest_of_deck(rules, mine)
    m = Match(rules, seed=1)
    m.deal_hands(hands(mine, *[" ".join(rest[i:i + 13]) for i in range(0, 91, 13)]), 7, "left")
    m.apply(parse_card("AS"))
    m.apply(parse_card("AS") + DECK_SIZE)
    m.apply("KS")
    rng = random.Random(3)
    while m.phase != "hand_over":
        m.apply(rng.choice(m.legal_actions()))
    rec = copy.deepcopy(m.records[-1])
    assert rec["passes"][0] == ["KS", "AS", "AS"]
    assert replay_record(rec).records[-1]["result"] == m.records[-1]["result"]


def test_record_hands_as_dealt_in_text_form():
    m = start(Match(preset("spades", "classic"), seed=1), MIXED, dealer=3)
    bid_all(m, [3, 3, 3, 3])
    play_out(m)
    rec = m.records[-1]
    assert [set(h) for h in rec["hands"]] == [set(t.split()) for t in MIXED]
    assert rec["bids"] == [3, 3, 3, 3] and rec["dealer"] == 3
    assert hands(*[" ".join(h) for h in rec["hands"]]) == hands(*MIXED)
    assert legal(m) == set()
