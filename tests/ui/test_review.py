"""The review of a finished hand (ui/review.py): real seeded hands played by
the bots, each step checked against what the engine did while they played:
the hands dealt face up, the pass or the bids, every trick's cards, leader
and winner, the hands shrinking card by card, and the result."""

import random

import pytest

from game.actions import BLIND_NIL_BID
from game.bots import choose
from game.cards import DECK_SIZE, card_name, iter_cards, parse_card
from game.errors import RecordError
from game.state import new_match
from ui.i18n import card_text, set_language, t
from ui.model_base import sorted_cards
from ui.review import build_review, clamp_step, seat_names, taken_cards
from ui.table_model import build_table
from ui.table_state import UiState

CASES = [
    ("hearts", "standard", 4, 1),
    ("hearts", "standard", 3, 2),
    ("hearts", "omnibus", 6, 3),  # two decks: two copies of every card
    ("spades", "partnership", 4, 4),
    ("spades", "classic", 3, 5),
    ("spades", "classic", 2, 6),  # the keep-or-discard draw first
]


def play_hand(game, preset_name, players, seed, choices=None, **options):
    """Play one hand of a new match with the normal bots (``choices`` may
    force some actions); return the match and what the table saw: each
    trick's (seat, card) in order and its winner, the hands the tricks were
    played from, and each seat's bid as the table showed it."""
    m = new_match(game, preset_name, seed=seed, players=players, **options)
    rng = random.Random(seed)
    tricks, start, bids = [], None, None
    while m.phase not in ("hand_over", "game_over"):
        if m.phase in ("cut", "deal"):
            m.apply(m.legal_actions()[0])
            continue
        if m.phase == "play" and start is None:
            start = list(m.hands)
            bids = [s.bid for s in build_table(m.view(0), UiState()).seats]
        forced = choices(m) if choices else None
        seat, before = m.to_act, m.trick_number
        pairs = list(zip(m.trick_seats, m.trick))
        action = forced if forced is not None else choose(m.view(seat), "normal", rng)
        m.apply(action)
        if m.trick_number > before:  # the trick is over: the engine's winner
            tricks.append((pairs + [(seat, action)], m.last_trick[2]))
    return m, tricks, start, bids


def plain(cards):
    """Cards without their deck: two decks' copies of a card are the same card."""
    return sorted(c % DECK_SIZE for c in cards)


@pytest.mark.parametrize(("game", "preset_name", "players", "seed"), CASES)
def test_each_trick_step_is_the_trick_the_engine_played(game, preset_name, players, seed):
    m, tricks, _, _ = play_hand(game, preset_name, players, seed)
    review = build_review(m.records[-1], seat_names(players), number=1)
    steps = [s for s in review.steps if s.kind == "trick"]
    assert len(steps) == len(tricks) == m.tricks_in_hand
    for k, (step, (pairs, winner)) in enumerate(zip(steps, tricks)):
        assert step.number == k + 1
        assert [c.seat for c in step.trick] == [seat for seat, _ in pairs]
        assert plain(taken_cards(step)) == plain([c for _, c in pairs])
        assert [c.face.card % DECK_SIZE for c in step.trick] == [c % DECK_SIZE for _, c in pairs]  # in play order
        assert step.leader == pairs[0][0] and step.trick[0].lead
        assert step.winner == winner
        assert [c.seat for c in step.trick if c.winner] == [winner] * sum(1 for s, _ in pairs if s == winner)
    # The running count at the last trick is the hand's result.
    assert [h.tricks for h in steps[-1].hands] == m.records[-1]["result"]["tricks"]


@pytest.mark.parametrize(("game", "preset_name", "players", "seed"), CASES)
def test_the_hands_shrink_as_the_cards_are_played(game, preset_name, players, seed):
    m, tricks, start, _ = play_hand(game, preset_name, players, seed)
    rec = m.records[-1]
    review = build_review(rec, seat_names(players), number=1)
    deal = review.steps[0]
    assert deal.kind == "deal"
    for s, hand in enumerate(deal.hands):  # every hand face up as dealt, sorted as the table sorts a hand
        assert plain(cards_in_list(hand)) == plain(parse_card(x) for x in rec["hands"][s])
        assert [f.name for f in hand.cards] == [card_name(c) for c in sorted_cards(m.dealt[s])]
    played = [0] * players
    for step, (pairs, _) in zip([s for s in review.steps if s.kind == "trick"], tricks):
        for seat, c in pairs:
            played[seat] |= 1 << c
        for s, hand in enumerate(step.hands):
            assert plain(cards_in_list(hand)) == plain(iter_cards(start[s] & ~played[s]))
    assert all(not h.cards for h in review.steps[-1].hands)


def cards_in_list(hand):
    return [f.card for f in hand.cards]


def test_the_pass_says_who_passed_what_to_whom():
    m, _, start, _ = play_hand("hearts", "standard", 4, 1)
    rec = m.records[-1]
    assert rec["pass_direction"] == "left"
    review = build_review(rec, seat_names(4), number=1)
    step = review.steps[1]
    assert step.kind == "pass" and step.title == "The pass (left)"
    names = seat_names(4)
    for s in range(4):
        cards = [parse_card(x) for x in rec["passes"][s]]
        to = (s + 1) % 4
        line = step.lines[s]
        assert line.startswith("You pass" if s == 0 else f"{names[s]} passes")
        assert line.endswith(f"to {'you' if to == 0 else names[to]}.")
        assert all(card_text(c, "the") in line for c in cards)
        # The receiver's hand holds them, marked as received; the hands are the ones played from.
        assert sorted(step.hands[to].received) == sorted(cards)
        assert plain(cards_in_list(step.hands[to])) == plain(iter_cards(start[to]))


def test_a_hold_hand_has_no_pass_step_and_says_so():
    # A target no four hands can reach (26 points a hand at most, each), so
    # the game always goes on to the fourth hand, whatever the bots play.
    m = new_match("hearts", "standard", seed=9, target=1000)
    rng = random.Random(9)
    for _ in range(4):  # the fourth hand of the cycle is a hold hand
        m.apply(m.legal_actions()[0]) if m.phase in ("cut", "deal", "hand_over") else None
        while m.phase not in ("hand_over", "game_over"):
            m.apply(choose(m.view(m.to_act), "normal", rng) if m.phase not in ("cut", "deal")
                    else m.legal_actions()[0])
        assert m.phase == "hand_over"
    assert m.records[-1]["pass_direction"] == "hold"
    review = build_review(m.records[-1], seat_names(4), number=4)
    assert [s.kind for s in review.steps[:2]] == ["deal", "trick"]
    assert review.steps[0].text.endswith(t("notice.no_pass"))


def blind_nil_for_seat_1(m):
    """West bids blind nil (before looking); the others are the bots'."""
    if m.phase == "bid" and m.to_act == 1 and BLIND_NIL_BID in m.legal_actions():
        return BLIND_NIL_BID
    return None


def test_the_bids_are_shown_as_the_table_shows_them_nil_and_blind_nil_too():
    m, _, _, table_bids = play_hand("spades", "partnership", 4, 11, choices=blind_nil_for_seat_1,
                                          blind_nil=True, blind_nil_behind=0)
    rec = m.records[-1]
    assert rec["bids"][1] == "blind_nil"
    review = build_review(rec, seat_names(4), number=1)
    bids = review.steps[1]
    assert bids.kind == "bids"
    assert [h.bid for h in bids.hands] == table_bids
    assert bids.hands[1].bid == "Blind nil"
    assert "West bids blind nil." in bids.lines
    assert all(h.bid == "" for h in review.steps[0].hands)  # not bid yet at the deal
    # The lines go in bidding order, from the dealer's left.
    order = [(rec["dealer"] + 1 + i) % 4 for i in range(4)]
    names = seat_names(4)
    assert [line.split(" ")[0] for line in bids.lines] == [names[s] for s in order]


def test_the_result_step_gives_the_records_points():
    m, _, _, _ = play_hand("spades", "partnership", 4, 4)
    rec = m.records[-1]
    review = build_review(rec, seat_names(4), number=1)
    last = review.steps[-1]
    assert last.kind == "result"
    assert len(last.lines) == 2
    assert last.lines[0].startswith("You & North: bid ")
    assert f"{rec['result']['side_points'][0]} point" in last.lines[0]
    assert f"{rec['result']['side_points'][1]} point" in last.lines[1]
    h, _, _, _ = play_hand("hearts", "standard", 4, 1)
    lines = build_review(h.records[-1], seat_names(4), number=1).steps[-1].lines
    for s, line in enumerate(lines):
        assert f"{h.records[-1]['result']['tricks'][s]} tricks taken, {h.records[-1]['result']['points'][s]} point" \
            in line


def test_the_words_name_you_and_speak_the_cards_in_the_tables_language():
    m, tricks, _, _ = play_hand("hearts", "standard", 4, 1)
    review = build_review(m.records[-1], seat_names(4), number=1)
    step = next(s for s in review.steps if s.kind == "trick" and any(c.seat == 0 for c in s.trick))
    mine = next(c for c in step.trick if c.seat == 0)
    phrase = ("You lead " if mine.lead else "You play ") + card_text(mine.face.card, "the")
    assert phrase in step.text
    assert step.text.startswith(f"Trick {step.number} of 13: ")
    set_language("sv")
    try:
        sv = build_review(m.records[-1], seat_names(4), number=1)
        step = sv.steps[2]
        first = step.trick[0]
        assert step.title == "Stick 1 av 13"
        assert card_text(first.face.card, "the", "sv") in step.text
        assert sv.title == "Genomgång av giv 1"
        assert sv.steps[-1].title == "Resultatet"
    finally:
        set_language("en")


def test_watching_no_one_is_you():
    m, _, _, _ = play_hand("hearts", "standard", 4, 1)
    names = ["South", "West", "North", "East"]
    review = build_review(m.records[-1], names, number=1, you=-1)
    assert all("You " not in s.text for s in review.steps)
    assert "South passes" in review.steps[1].text


def test_stepping_stays_within_the_hand():
    m, _, _, _ = play_hand("spades", "classic", 3, 5)
    review = build_review(m.records[-1], seat_names(3), number=2)
    assert review.title == "Review of hand 2"
    assert clamp_step(review, -1) == 0
    assert clamp_step(review, 999) == len(review.steps) - 1


def test_a_broken_record_is_refused_whole():
    m, _, _, _ = play_hand("hearts", "standard", 4, 1)
    rec = dict(m.records[-1])
    rec["plays"] = rec["plays"][:7] + [rec["plays"][3]] + rec["plays"][8:]  # a card played twice
    with pytest.raises(RecordError, match=r"plays\[7\]"):
        build_review(rec, seat_names(4), number=1)
