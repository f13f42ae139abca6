"""Scoring as small pure functions (docs/RULES.md, "Scoring" of each game).

Spades: one side's hand score from its bids and tricks.

>>> from game.rules import preset
>>> classic = preset("spades", "classic")
>>> spades_side_score(classic, [7], [7], 0, 13).points
70
>>> spades_side_score(classic, [5], [8], 0, 13).points
53
>>> spades_side_score(classic, [4], [3], 0, 13).points
-40
>>> spades_side_score(preset("spades", "lenient"), [4], [3], 0, 13).points
0

Partnership: nil and 4, tricks 1 and 2 (docs/RULES.md, Spades, "Scoring"):

>>> r = spades_side_score(preset("spades", "partnership", overtrick_points=1), [NIL, 4], [1, 2], 0, 13)
>>> r.points, r.bags
(-139, 1)

Hearts: a moon gives 0 to the shooter and 26 to every other seat.

>>> hearts_base_points(preset("hearts", "classic"), [0, 26, 0, 0])
([26, 0, 26, 26], 1)

One function gives a Hearts hand's points from the cards each seat took,
for the engine, the bots, the table and the saves alike:

>>> from game.cards import parse_mask
>>> taken = [parse_mask("QS 2H 3H"), parse_mask("4H"), 0, 0]
>>> hearts_hand_points(preset("hearts", "classic"), taken)
([15, 1, 0, 0], None)
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import HEARTS, JACK_DIAMONDS_MASK, QUEEN_SPADES_MASK, SUIT_MASKS, popcount
from .rules import HeartsRules, SpadesRules

# A Spades bid is a number of tricks, or one of these.
NIL = 0
BLIND_NIL = -1


class SideScore(NamedTuple):
    points: int  # the side's points for the hand, bag penalties included
    bags: int  # the side's bag count after the hand, after penalties dropped it
    penalties: int  # how many times the bag limit was reached


def spades_side_score(
    rules: SpadesRules,
    bids: list[int],
    tricks: list[int],
    bags_before: int,
    tricks_in_hand: int,
) -> SideScore:
    """The hand score of one side (a seat, or a partnership) from its members' bids and tricks."""
    points = 0
    new_bags = 0
    contract = 0
    contract_tricks = 0
    for bid, won in zip(bids, tricks):
        if bid in (NIL, BLIND_NIL):
            value = 100 if bid == NIL else 200
            points += value if won == 0 else -value
            # A nil bidder's tricks never help the partner: each is a bag.
            new_bags += won
            points += won * rules.overtrick_points
        else:
            contract += bid
            contract_tricks += won
    if contract:
        bids_all = contract == tricks_in_hand
        if contract_tricks >= contract:
            over = contract_tricks - contract
            made = 10 * contract + over * rules.overtrick_points
            if bids_all and rules.thirteen_double:
                made *= 2
            points += made
            new_bags += over
        else:
            if rules.failed_contract == "minus_bid":
                points -= 10 * contract
            if bids_all and rules.thirteen_fail_bags:
                new_bags += 13
    bags = bags_before + new_bags
    penalties = 0
    if rules.bag_limit:
        while bags >= rules.bag_limit:
            bags -= rules.bag_limit
            points -= rules.bag_penalty
            penalties += 1
    return SideScore(points, bags, penalties)


def hearts_base_points(rules: HeartsRules, raw: list[int]) -> tuple[list[int], int | None]:
    """Points per seat from the hearts and queens each took, with the moon applied
    the `others_26` way; returns the points and the shooter's seat (or None).

    ``raw`` is each seat's count of hearts plus 13 per queen of spades taken.
    """
    total = hearts_moon_total(rules)
    for seat, p in enumerate(raw):
        if p == total:
            return [0 if s == seat else total for s in range(len(raw))], seat
    return list(raw), None


def hearts_taken_points(taken: int) -> int:
    """The hearts and queens of spades in ``taken``: 1 a heart, 13 a queen (each deck's); what a moon counts.

    >>> from game.cards import parse_mask
    >>> hearts_taken_points(parse_mask("QS AH KD"))
    14
    """
    return popcount(taken & SUIT_MASKS[HEARTS]) + 13 * popcount(taken & QUEEN_SPADES_MASK)


def hearts_card_points(rules: HeartsRules, taken: int) -> int:
    """The points in ``taken`` before any moon: its hearts and queens, less 10 a
    jack of diamonds where the rules count it.

    >>> from game.cards import parse_mask
    >>> from game.rules import preset
    >>> hearts_card_points(preset("hearts", "classic", jack_of_diamonds=True), parse_mask("JD 2H"))
    -9
    """
    points = hearts_taken_points(taken)
    if rules.jack_of_diamonds:
        points -= 10 * popcount(taken & JACK_DIAMONDS_MASK)
    return points


def hearts_moon_total(rules: HeartsRules) -> int:
    """What taking every heart and queen of spades comes to: 26, 52 with two decks."""
    return 26 * rules.decks


def hearts_hand_points(
    rules: HeartsRules, taken: list[int], self_minus: bool = False
) -> tuple[list[int], int | None]:
    """Each seat's points for a Hearts hand from the cards it took, and the
    seat that shot the moon (or None): the moon the `others_26` way, or the
    shooter's -26 with ``self_minus``; the jack of diamonds where counted.
    """
    points, shooter = hearts_base_points(rules, [hearts_taken_points(t) for t in taken])
    if shooter is not None and self_minus:
        points = hearts_moon_self(rules, len(taken), shooter)
    if rules.jack_of_diamonds:
        points = [p - 10 * popcount(t & JACK_DIAMONDS_MASK) for p, t in zip(points, taken, strict=True)]
    return points, shooter


def hearts_moon_self(rules: HeartsRules, players: int, shooter: int) -> list[int]:
    """The `choose` alternative: the shooter takes -26 (-52 with two decks), the others 0."""
    return [-26 * rules.decks if s == shooter else 0 for s in range(players)]


def hearts_game_over(scores: list[int], target: int) -> tuple[bool, list[int]]:
    """Whether a Hearts game ends, and its winners (lowest score; a tie plays on)."""
    if max(scores) < target:
        return False, []
    low = min(scores)
    winners = [s for s, v in enumerate(scores) if v == low]
    return len(winners) == 1, winners if len(winners) == 1 else []


def spades_game_over(scores: list[int], target: int, mercy: int) -> tuple[bool, list[int]]:
    """Whether a Spades game ends, and the winning side (highest; a tie plays on).

    The game ends after a hand in which a side reaches ``target`` or falls to
    ``mercy`` (when mercy is on).
    """
    ended = max(scores) >= target or (mercy != 0 and min(scores) <= mercy)
    if not ended:
        return False, []
    high = max(scores)
    winners = [s for s, v in enumerate(scores) if v == high]
    return len(winners) == 1, winners if len(winners) == 1 else []
