"""Hand-history records (docs/RULES.md, "Hand-history records"): replay one through the engine.

A record is one JSON object per hand. Replaying it re-plays every pass, bid
and card through the rules and must reproduce its ``result``; the first bad
entry is named in the error.

Our one addition to the format: Spades records carry ``scores_before`` and
``bags_before`` (by side), because blind-nil eligibility and bag penalties
depend on them. Left out, both are zero.

>>> from game.state import new_match
>>> import random
>>> m = new_match("hearts", "omnibus", seed=5)
>>> rng = random.Random(5)
>>> while m.phase != "hand_over":
...     m.apply(rng.choice(m.legal_actions()))
>>> replay_record(m.records[-1]).records[-1]["result"] == m.records[-1]["result"]
True
>>> bad = dict(m.records[-1], plays=m.records[-1]["plays"][:5] + ["ZZ"])
>>> replay_record(bad)
Traceback (most recent call last):
...
game.errors.RecordError: plays[5]: 'ZZ' is not an action: play a card like QS, bid a number, or say nil.
"""

from __future__ import annotations

from typing import Any

from .actions import BLIND_NIL_BID, LOOK, parse_action
from .cards import DECK_SIZE, card_text, parse_card
from .deal import cards_in_play, hand_sizes
from .errors import BazaError, RecordError
from .rules import PASS_DIRECTIONS, HeartsRules, rules_from_dict
from .save_messages import detail, refusal
from .state import Match

_KEYS = {
    "hearts": {"game", "rules", "dealer", "hands", "pass_direction", "passes", "plays", "result", "moon_choice"},
    "spades": {"game", "rules", "dealer", "hands", "bids", "plays", "result", "scores_before", "bags_before"},
}


def _need(cond: object, where: str, message: str) -> None:
    if not cond:
        raise RecordError(f"{where}: {message}")


def _int_list(value: object, length: int, where: str) -> list[int]:
    ok = (
        isinstance(value, list)
        and len(value) == length
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
    _need(ok, where, f"must be a list of {length} whole numbers.")
    assert isinstance(value, list)
    return list(value)


def _parse_hands(rules: Any, dealer: int, value: object) -> list[int]:
    n = rules.players
    _need(isinstance(value, list) and len(value) == n, "hands", f"must be a list of {n} hands.")
    sizes = hand_sizes(rules, dealer)
    allowed = cards_in_play(rules)
    hands = []
    used = 0
    assert isinstance(value, list)
    for seat, hand in enumerate(value):
        where = f"hands[{seat}]"
        _need(isinstance(hand, list), where, "must be a list of cards.")
        _need(len(hand) == sizes[seat], where, f"has {len(hand)} cards; this seat is dealt {sizes[seat]}.")
        mask = 0
        for i, text in enumerate(hand):
            try:
                c = parse_card(text)
            except ValueError as e:
                raise refusal("at", where=f"{where}[{i}]", reason=detail(e)) from None
            if (used | mask) >> c & 1:
                c += DECK_SIZE  # the second copy, when there are two decks
            _need(
                not (used | mask) >> c & 1 and allowed >> c & 1,
                f"{where}[{i}]",
                f"{card_text(c)} is dealt more often than the deck holds it.",
            )
            mask |= 1 << c
        used |= mask
        hands.append(mask)
    return hands


def replay_record(record: object) -> Match:
    """Replay one hand record; returns the match after it (its last record is
    the replayed one). Raises :class:`RecordError` naming the first bad entry."""
    _need(isinstance(record, dict), "record", "must be a JSON object.")
    assert isinstance(record, dict)
    game = record.get("game")
    _need(isinstance(game, str) and game in _KEYS, "game", f"must be spades or hearts, not {game!r}.")
    assert isinstance(game, str)
    for key in record:
        _need(key in _KEYS[game], key, f"is not a field of a {game} record.")
    for key in ("rules", "dealer", "hands", "plays"):
        _need(key in record, key, "is missing.")
    try:
        rules = rules_from_dict(game, record["rules"])
    except BazaError as e:
        raise refusal("at", where="rules", reason=detail(e)) from None
    n = rules.players
    dealer = record["dealer"]
    _need(
        isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < n,
        "dealer",
        f"must be a seat from 0 to {n - 1}.",
    )
    m = Match(rules, seed="record")
    if game == "spades":
        m.scores = _int_list(record.get("scores_before", [0] * rules.sides), rules.sides, "scores_before")
        m.bags = _int_list(record.get("bags_before", [0] * rules.sides), rules.sides, "bags_before")
    hands = _parse_hands(rules, dealer, record["hands"])
    direction = None
    if isinstance(rules, HeartsRules):
        direction = record.get("pass_direction")
        _need(direction in PASS_DIRECTIONS, "pass_direction", f"must be one of {', '.join(PASS_DIRECTIONS)}.")
        _need(direction == "hold" or rules.pass_count > 0, "pass_direction", "must be hold when no cards are passed.")
        _need(direction != "across" or n == 4, "pass_direction", "across needs 4 players.")
    try:
        m.deal_hands(hands, dealer, direction)
    except BazaError as e:
        raise refusal("at", where="hands", reason=detail(e)) from None
    if isinstance(rules, HeartsRules) and direction != "hold":
        _replay_passes(m, record.get("passes"))
    elif "passes" in record:
        raise RecordError("passes: a hold hand passes no cards.")
    if game == "spades":
        _replay_bids(m, record.get("bids"))
    plays = record["plays"]
    _need(isinstance(plays, list), "plays", "must be a list of cards.")
    for i, text in enumerate(plays):
        _need(m.phase == "play", f"plays[{i}]", "the hand is already over.")
        _need(isinstance(text, str), f"plays[{i}]", f"{text!r} is not a card like QS.")
        try:
            m.apply(text)
        except BazaError as e:
            raise refusal("at", where=f"plays[{i}]", reason=detail(e)) from None
    _need(m.phase != "play", "plays", f"has {len(plays)} cards; the hand is not finished.")
    if m.phase == "moon":
        choice = record.get("moon_choice")
        _need(
            choice in ("others_26", "self_minus_26"),
            "moon_choice",
            "must be others_26 or self_minus_26 for a moon shot under moon: choose.",
        )
        assert isinstance(choice, str)
        m.apply(choice)
    elif "moon_choice" in record:
        raise RecordError("moon_choice: there is no moon to choose for in this hand.")
    if "result" in record:
        _compare(record["result"], m.records[-1]["result"])
    return m


def _replay_passes(m: Match, passes: object) -> None:
    n = m.players
    count = m.hearts_rules.pass_count
    _need(isinstance(passes, list) and len(passes) == n, "passes", f"must be a list of {n} lists of cards.")
    assert isinstance(passes, list)
    order = [(m.dealer + 1 + i) % n for i in range(n)]
    for seat in order:
        cards = passes[seat]
        _need(isinstance(cards, list) and len(cards) == count, f"passes[{seat}]", f"must list {count} cards.")
        for i, text in enumerate(cards):
            _need(isinstance(text, str), f"passes[{seat}][{i}]", f"{text!r} is not a card like QS.")
            try:
                m.apply(text)
            except BazaError as e:
                raise refusal("at", where=f"passes[{seat}][{i}]", reason=detail(e)) from None


def _replay_bids(m: Match, bids: object) -> None:
    n = m.players
    _need(isinstance(bids, list) and len(bids) == n, "bids", f"must be a list of {n} bids.")
    assert isinstance(bids, list)
    for i in range(n):
        seat = (m.dealer + 1 + i) % n
        value = bids[seat]
        try:
            action = parse_action(value)
            if not m.looked[seat] and action != BLIND_NIL_BID:
                m.apply(LOOK)
            m.apply(action)
        except BazaError as e:
            raise refusal("at", where=f"bids[{seat}]", reason=detail(e)) from None


def _compare(expected: object, actual: dict[str, Any]) -> None:
    _need(isinstance(expected, dict), "result", "must be an object.")
    assert isinstance(expected, dict)
    for key in expected:
        _need(key in actual, f"result.{key}", "is not part of this game's result.")
    for key, value in actual.items():
        _need(key in expected, f"result.{key}", "is missing.")
        want = expected[key]
        _need(isinstance(want, list) and len(want) == len(value), f"result.{key}", f"must list {len(value)} numbers.")
        for i, (w, v) in enumerate(zip(want, value)):
            _need(
                w == v and not isinstance(w, bool),
                f"result.{key}[{i}]",
                f"the record says {w!r}; the replay gives {v}.",
            )


def replay_summary(m: Match) -> dict[str, Any]:
    """The line ``python -m game replay`` prints for a replayed hand."""
    return dict(m.records[-1]["result"])
