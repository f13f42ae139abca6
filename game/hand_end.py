"""The end of a hand: its points, the scores, the hand's record and whether
the game is over (Hearts with the moon choice, Spades with bags and nil).

Each function takes the :class:`game.state.Match` and is installed on it as
a method, so the state machine stays one object (see :mod:`game.state`);
the arithmetic itself is in :mod:`game.scoring`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .phases import GAME_OVER, HAND_OVER, MOON_PHASE
from .scoring import (
    hearts_game_over,
    hearts_hand_points,
    spades_game_over,
    spades_side_score,
)

if TYPE_CHECKING:
    from .state import Match


def end_hand(m: Match) -> None:
    """Score the hand just finished, or stop at the moon choice (Hearts)."""
    if m.game == "spades":
        finish_spades(m)
        return
    rules = m.hearts_rules
    _, shooter = hearts_hand_points(rules, m.taken)
    if shooter is not None and rules.moon == "choose":
        m.moon_shooter = shooter
        m.phase = MOON_PHASE
        m.to_act = shooter
        return
    finish_hearts(m, shooter, self_minus=False)


def finish_hearts(m: Match, shooter: int | None, self_minus: bool) -> None:
    """Add a Hearts hand's points (``self_minus``: the shooter took 26 off its own)."""
    rules = m.hearts_rules
    points, _ = hearts_hand_points(rules, m.taken, self_minus=shooter is not None and self_minus)
    extra = {}
    if shooter is not None and rules.moon == "choose":
        extra["moon_choice"] = "self_minus_26" if self_minus else "others_26"
    result = {"tricks": m.tricks_won.copy(), "points": points}
    for s in range(m.players):
        m.scores[s] += points[s]
    over, winners = hearts_game_over(m.scores, rules.target)
    close_hand(m, result, extra, over, winners)


def _final_bid(bid: int | None) -> int:
    """A seat's bid at the hand's end (by then every seat has bid)."""
    assert bid is not None
    return bid


def finish_spades(m: Match) -> None:
    """Add a Spades hand's points and bags, side by side."""
    rules = m.spades_rules
    extra = {"scores_before": m.scores.copy(), "bags_before": m.bags.copy()}
    side_points = []
    for side in range(m.sides):
        seats = [s for s in range(m.players) if m.side_of(s) == side]
        score = spades_side_score(
            rules,
            [_final_bid(m.bids[s]) for s in seats],
            [m.tricks_won[s] for s in seats],
            m.bags[side],
            m.tricks_in_hand,
        )
        side_points.append(score.points)
        m.scores[side] += score.points
        m.bags[side] = score.bags
    result: dict[str, Any] = {
        "tricks": m.tricks_won.copy(),
        "points": [side_points[m.side_of(s)] for s in range(m.players)],
    }
    if rules.partnership:
        result["side_points"] = side_points
        result["bags"] = m.bags.copy()
    over, winners = spades_game_over(m.scores, rules.target, rules.mercy)
    close_hand(m, result, extra, over, winners)


def close_hand(m: Match, result: dict[str, Any], extra: dict[str, Any], over: bool, winners: list[int]) -> None:
    """Log the finished hand and move on to ``hand_over`` or ``game_over``."""
    # The record's text form is built only when someone reads it (Match.records).
    m._hand_log.append(
        (
            m.dealer,
            m.dealt,
            m.pass_direction,
            m.pass_chosen,
            m.bids,
            m.bid_suits,
            m.plays,
            result,
            extra,
        )
    )
    if over:
        m.phase = GAME_OVER
        m.to_act = None
        m.winners = winners
    else:
        m.phase = HAND_OVER
        m.to_act = (m.dealer + 1) % m.players
