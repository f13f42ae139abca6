"""The view model: what the table shows, checked against the engine."""

import dataclasses
import random

import pytest
from ui_helpers import position

from game.actions import BLIND_NIL_BID, LOOK, MOON_OTHERS, MOON_SELF, NIL_BID, bid
from game.cards import card_name, parse_card, popcount
from game.state import new_match
from ui.settings import Settings
from ui.table_model import build_table, seat_names
from ui.table_state import UiState


def table(m, **ui):
    return build_table(m.view(0), UiState(**ui))


@pytest.mark.parametrize("players", range(2, 9))
def test_seat_names_are_unique_and_you_sit_at_the_bottom(players):
    names = seat_names(players)
    assert names[0] == "You" and len(set(names)) == players
    game = "spades" if players <= 5 else "hearts"
    m = new_match(game, "classic", seed=1, players=players)
    seats = table(m).seats
    assert seats[0].is_you and seats[0].y > 90 and abs(seats[0].x - 50) < 1
    if players == 4:
        assert [s.name for s in seats] == ["You", "West", "North", "East"]
        assert seats[1].x < 10 and seats[2].y < 10 and seats[3].x > 90


CASES = [
    ("hearts", "standard", 4),
    ("hearts", "classic", 3),
    ("hearts", "omnibus", 6),  # two decks: identical cards
    ("hearts", "classic", 7),
    ("spades", "partnership", 4),
    ("spades", "classic", 5),
    ("spades", "classic", 2),
]


@pytest.mark.parametrize(("game", "preset_name", "players"), CASES)
def test_hand_shows_the_engine_legal_cards(game, preset_name, players):
    """At every turn of random hands: each card a button named by the card,
    sorted by suit; the playable ones exactly the engine's legal cards."""
    rng = random.Random(players)
    m = new_match(game, preset_name, seed=players, players=players)
    turns = 0
    while m.phase not in ("hand_over", "game_over"):
        if m.to_act == 0 and m.phase == "play":
            t = table(m)
            v = m.view(0)
            assert [c.face.name for c in t.hand.cards] == sorted(
                (card_name(c) for c in range(104) if v.hand >> c & 1),
                key=lambda n: [c.face.name for c in t.hand.cards].index(n),
            )
            assert len(t.hand.cards) == popcount(v.hand)
            suits = [c.face.suit for c in t.hand.cards]
            assert suits == sorted(suits, key="DCHS".index)
            assert {c.action for c in t.hand.cards if c.playable} == set(m.legal_actions())
            for c in t.hand.cards:
                assert c.face.name == card_name(c.face.card)
                assert m.is_legal(c.action) == c.playable
            assert t.awaiting == "play" and t.controls.kind == "none"
            turns += 1
        elif m.phase == "play":
            t = table(m)
            assert not any(c.playable for c in t.hand.cards)
            assert t.awaiting == ""
        m.apply(rng.choice(m.legal_actions()))
    assert turns > 0


def test_first_lead_and_follow_suit_flags():
    m = position("hearts", "standard", ["2C 9C 4H 5H QS AD KD"], dealer=3)
    t = table(m)
    assert [c.face.name for c in t.hand.cards if c.playable] == ["2 of clubs"]
    assert t.status == "Your lead: play a card."
    m.apply("2C")
    assert table(m).status.endswith("is playing.")


def test_two_identical_cards_play_as_the_first_copy():
    m2 = position("hearts", "classic", [(1 << 0) | (1 << 52) | (1 << 33) | (1 << 85)], dealer=5, players=6)
    t = table(m2)
    names = [c.face.name for c in t.hand.cards]
    assert names.count("9 of hearts") == 2
    keys = [c.key for c in t.hand.cards]
    assert len(set(keys)) == len(keys), "each copy has its own key"
    twos = [c for c in t.hand.cards if c.face.name == "2 of clubs"]
    assert {c.action for c in twos} == {parse_card("2C")}
    assert all(c.playable for c in twos), "either copy plays the 2 of clubs"


def test_pass_directions_targets_and_hold():
    for direction, target in [("left", "West"), ("across", "North"), ("right", "East")]:
        m = position("hearts", "classic", [], dealer=3, pass_direction=direction)
        t = table(m)
        assert t.controls.kind == "pass" and t.awaiting == "pass"
        assert t.controls.prompt == f"Choose 3 cards to pass {direction}, to {target}."
        assert all(c.playable for c in t.hand.cards) and t.hand.mode == "pass"
        assert [ch.label for ch in t.controls.choices][0] == f"Pass 3 cards {direction}"
        assert not t.controls.choices[0].enabled
        chosen = frozenset(c.face.card for c in t.hand.cards[:3])
        t = table(m, selected=chosen)
        assert t.controls.choices[0].enabled
        assert [c.selected for c in t.hand.cards][:4] == [True, True, True, False]
    hold = position("hearts", "classic", [], dealer=3, pass_direction="hold")
    t = table(hold)
    assert t.phase == "play" and t.notice == "No passing this hand."


def test_cards_received_are_marked_and_named():
    m = position("hearts", "classic", [], dealer=3, pass_direction="right")
    rng = random.Random(2)
    mine = None
    while m.phase == "pass":
        if m.to_act == 0:
            mine = [c for c in m.legal_actions()][:3]
            for c in mine:
                m.apply(c)
        else:
            m.apply(rng.choice(m.legal_actions()))
    t = table(m)
    received = [c for c in t.hand.cards if c.received]
    assert len(received) == 3
    # Passing right: the cards come from the left, West.
    assert t.notice.startswith("You received the ") and t.notice.endswith(" from West.")
    for c in received:
        assert c.face.name in t.notice
    assert not {c.face.card for c in t.hand.cards} & set(mine)


def test_bid_picker_partnership_limit():
    m = position("spades", "partnership", [], dealer=1)  # North (2) bids first, then East, then you
    m.apply(bid(5))
    m.apply(bid(3))
    t = table(m)
    assert t.controls.kind == "bid" and t.awaiting == "bid"
    assert "Your partner bid 5." in t.controls.prompt
    by_label = {c.label: c for c in t.controls.choices}
    assert by_label["Nil"].enabled and by_label["Nil"].arg == str(NIL_BID)
    assert [n for n in range(1, 14) if by_label[str(n)].enabled] == list(range(1, 9))
    assert [c.enabled for c in t.controls.choices] == [int(c.arg) in m.legal_actions() for c in t.controls.choices]
    seats = t.seats
    assert seats[2].bid == "Bid 5" and seats[3].bid == "Bid 3" and seats[0].bid == "Bidding…"
    assert seats[0].team == "You & North" and seats[1].team == "West & East"


def test_blind_nil_before_looking():
    m = position("spades", "cutthroat", [], dealer=3, blind_nil_behind=0)
    t = table(m)
    assert t.hand.cards == () and t.hand.face_down == 13
    assert t.controls.kind == "blind"
    assert {c.arg for c in t.controls.choices} == {str(BLIND_NIL_BID), str(LOOK)}
    m.apply(LOOK)
    t = table(m)
    assert len(t.hand.cards) == 13 and t.controls.kind == "bid"
    assert "Nil" in [c.label for c in t.controls.choices]


def test_auction_picks_tricks_then_trump():
    m = position("spades", "classic", [], dealer=3, auction=True)
    t = table(m)
    assert t.controls.kind == "auction"
    assert {c.group for c in t.controls.choices} == {"number"}
    t = table(m, auction_n=7)
    suits = [c for c in t.controls.choices if c.group == "suit"]
    assert [c.label for c in suits] == ["7 spades", "7 hearts", "7 diamonds", "7 clubs"]
    assert all(int(c.arg) in m.legal_actions() for c in suits)
    assert next(c for c in t.controls.choices if c.label == "7").pressed


def test_two_player_draw():
    m = new_match("spades", "classic", seed=4, players=2)
    while m.phase in ("cut", "deal") or (m.phase == "draw" and m.to_act != 0):
        m.apply(m.legal_actions()[0])
    t = table(m)
    assert t.phase == "draw" and t.awaiting == "draw"
    assert t.controls.card is not None and t.controls.card.name in t.controls.prompt
    assert [c.label for c in t.controls.choices] == ["Keep it", "Discard it, take the next"]
    assert [s.name for s in t.seats] == ["You", "North"]


def moon_position(moon="choose"):
    """You hold every club and lead the 2: nobody else can follow, so every
    trick, and every point, is yours."""
    m = position("hearts", "classic", ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"], dealer=3, moon=moon)
    while m.phase == "play":
        m.apply(m.legal_actions()[0])
    return m


def test_moon_choice_and_summary():
    m = moon_position()
    t = table(m)
    assert t.phase == "moon" and t.awaiting == "moon"
    assert [c.arg for c in t.controls.choices] == [str(MOON_OTHERS), str(MOON_SELF)]
    m.apply(MOON_SELF)
    t = table(m)
    assert t.summary is not None and t.awaiting == "next"
    assert "You shot the moon and took −26!" in t.summary.notes
    assert [line.points for line in t.summary.lines] == ["-26", "0", "0", "0"]


def test_moon_others_26():
    m = moon_position("others_26")
    t = table(m)
    assert t.summary.notes == ("You shot the moon!",)
    assert [line.points for line in t.summary.lines] == ["0", "+26", "+26", "+26"]
    assert t.summary.lines[0].detail == "13 hearts, the Queen of spades"


def play_random_hand(m, rng):
    while m.phase not in ("hand_over", "game_over"):
        m.apply(rng.choice(m.legal_actions()))


def test_spades_score_sheet_and_summary():
    m = new_match("spades", "partnership", seed=9)
    rng = random.Random(9)
    play_random_hand(m, rng)
    m.apply(m.legal_actions()[0])  # deal the second hand
    play_random_hand(m, rng)
    t = table(m)
    sheet = t.sheet
    assert sheet.sides == ("You & North", "West & East")
    assert sheet.fields == ("Bid", "Won", "Pts", "Total", "Bags")
    assert len(sheet.rows) == 2
    for i, rec in enumerate(m.records):
        for side in range(2):
            cells = sheet.rows[i].cells[side]
            assert int(cells[2]) == rec["result"]["side_points"][side]
            assert int(cells[4]) == rec["result"]["bags"][side]
            assert int(cells[1]) == sum(rec["result"]["tricks"][s] for s in (side, side + 2))
    assert [int(r.cells[s][3]) for r in sheet.rows[-1:] for s in range(2)] == m.scores
    assert sheet.totals[0].startswith(str(m.scores[0]))
    s = t.summary
    assert [line.name for line in s.lines] == ["You & North", "West & East"]
    assert [int(line.points) for line in s.lines] == m.records[-1]["result"]["side_points"]
    assert [int(line.total) for line in s.lines] == m.scores


def test_score_sheet_shows_the_hand_in_play():
    m = new_match("spades", "classic", seed=2)
    while m.phase != "play":
        m.apply(m.legal_actions()[0])
    row = table(m).sheet.rows[-1]
    assert row.current and row.label == "1"
    assert [cells[0] for cells in row.cells] == [str(b) for b in m.bids]


def test_hearts_sheet_game_over_and_winner():
    m = new_match("hearts", "classic", seed=5, target=1)
    rng = random.Random(5)
    while m.phase != "game_over":
        play_random_hand(m, rng)
        if m.phase == "hand_over":
            m.apply(m.legal_actions()[0])
    t = table(m)
    assert t.awaiting == "over"
    totals = [int(x) for x in t.sheet.totals]
    assert totals == m.scores
    assert sum(int(r.cells[0][0]) for r in t.sheet.rows) == m.scores[0]
    winner = m.winners[0]
    note = t.summary.notes[0]
    assert note == ("You win!" if winner == 0 else f"{seat_names(4)[winner]} wins.")
    assert [b.cmd for b in t.summary.buttons] == ["again", "new-game"]


def test_a_finished_trick_stays_until_the_next_lead():
    m = position("hearts", "classic", ["2C"], dealer=3)
    for _ in range(4):
        m.apply(m.legal_actions()[0])
    t = table(m, hold_trick=True)
    assert t.trick.kind == "taken" and len(t.trick.cards) == 4
    assert sum(c.winner for c in t.trick.cards) == 1
    assert table(m).trick.kind == "empty"
    shown = table(m, show_last=True).last_trick
    assert shown is not None and len(shown.cards) == 4 and shown.label.startswith("Last trick, won by ")


def test_cut_for_the_deal_is_shown():
    m = new_match("hearts", "standard", seed=1)
    m.apply("cut")
    m.apply("cut")
    t = table(m)
    assert t.trick.kind == "cut" and len(t.trick.cards) == 2
    while m.phase == "cut":
        m.apply("cut")
    t = table(m)
    assert t.trick.kind == "cut" and "deals" in t.trick.label
    assert sum(c.winner for c in t.trick.cards) == 1


def test_rules_panel_reads_the_engine_rules():
    m = new_match("hearts", "classic", seed=1, players=3, no_points_first_trick=True, moon="choose")
    rules = dict(table(m).rules)
    assert rules["Players"] == "3"
    assert rules["No points on the first trick"] == "on"
    assert rules["Shooting the moon"].startswith("Shooter chooses")
    assert rules["Pass directions"] == "left, right, hold"


def test_seat_lines():
    m = new_match("hearts", "standard", seed=1)
    while m.phase != "play":
        m.apply(m.legal_actions()[0])
    t = build_table(m.view(0), UiState(settings=dataclasses.replace(Settings(), levels=("easy", "normal", "hard"))))
    assert [s.level for s in t.seats] == ["", "Easy", "Normal", "Hard"]
    assert sum(s.is_turn for s in t.seats) == 1 and t.seats[m.to_act].is_turn
    assert sum(s.is_dealer for s in t.seats) == 1 and t.seats[m.dealer].is_dealer
    assert all(s.cards_left == 13 for s in t.seats)
