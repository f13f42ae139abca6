"""Where things lie on the felt, in percent: each seat's slot, each card of a
trick, the width of the trick's cards, and the way a card flies.

Geometry only: numbers from the number of players and the human's seat, no
words and no game state. Apart from ui/table_model.py so that the layout
for every player count (tests/ui/test_table_layout.py) can be read and
changed on its own: the table model places its seats, tricks and passed
cards with it, and ui/dom.py hands the numbers to the CSS as they are.

>>> [seat_slot(seat_angle(s, 4)) for s in range(4)]
['you', 'left', 'top', 'right']
"""

from __future__ import annotations

import math

from .model_base import position, seat_angle


def toward(angle: float, reach: float = 260.0) -> tuple[float, float]:
    """The offset toward a seat (at ``angle``) from the middle of the table,
    in percent of a card's size: where a played card comes from, and where a
    taken trick goes.

    >>> toward(0), toward(90)
    ((0.0, 260.0), (-260.0, 0.0))
    """
    a = math.radians(angle)
    return round(-reach * math.sin(a), 1) + 0.0, round(reach * math.cos(a), 1) + 0.0


def deal_origin(angle: float) -> tuple[float, float]:
    """Where a card dealt to your hand comes from: the dealer's seat (at
    ``angle``), as fractions of the way from your hand to the window's edge,
    x from -1 (the left edge) to 1 (the right), y from 0 (your own seat)
    to -1 (the top). assets/baza.css turns them into the deal's first step.

    >>> deal_origin(0), deal_origin(90), deal_origin(180), deal_origin(270)
    ((0.0, 0.0), (-1.0, -0.5), (0.0, -1.0), (1.0, -0.5))
    """
    a = math.radians(angle)
    return round(-math.sin(a), 2) + 0.0, round(-(1 - math.cos(a)) / 2, 2) + 0.0


def seat_slot(angle: float, players: int = 0) -> str:
    """Where a seat sits on the felt, from its angle (clockwise from you at
    the bottom): the top row holds up to three seats (north-west, north,
    north-east), each side up to two, so that seats never cover the trick;
    with three players the two others sit left and right, beside their cards.

    >>> [seat_slot(a) for a in (0, 90, 180, 270)]
    ['you', 'left', 'top', 'right']
    >>> [seat_slot(360 * s / 6) for s in range(6)]
    ['you', 'left', 'top', 'top', 'top', 'right']
    >>> [seat_slot(360 * s / 3, 3) for s in range(3)]
    ['you', 'left', 'right']
    """
    if angle == 0:
        return "you"
    if angle < 110 or (players == 3 and angle < 180):
        return "left"
    return "top" if angle <= 250 and players != 3 else "right"


# The trick's cards lie on an ellipse, each between the middle and its
# player (percent of the trick area, from its middle), so that every card
# lies beside the seat that played it, however many players there are.
TRICK_RX, TRICK_RY = 36.0, 30.0
TRICK_GAP = 1.06  # room between two neighbouring cards: 6 % of a card


def trick_spots(players: int, human: int = 0) -> list[tuple[float, float]]:
    """Where each seat's card lies in a trick, in percent of the trick area:
    on the ellipse, at its seat's angle.

    >>> trick_spots(4)
    [(50.0, 80.0), (14.0, 50.0), (50.0, 20.0), (86.0, 50.0)]
    >>> [round(x) for x, _ in trick_spots(6)]
    [50, 19, 19, 50, 81, 81]
    """
    return [position(seat_angle(s, players, human), TRICK_RX, TRICK_RY) for s in range(players)]


def _trim(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def trick_card_width(players: int, human: int = 0) -> str:
    """The width of a trick's cards (a CSS expression, in units of the trick
    area, a size container): the largest at which no two cards of a full
    trick overlap and each stays inside the area, whatever the area's shape.

    Two cards (1.4 times as tall as wide) at ``dx``, ``dy`` (fractions of the
    area's width and height) stay apart when the width is at most
    ``max(dx * 100cqw, dy * 100cqh / 1.4)``; the smallest such bound over all
    pairs is the answer (bounds that another bound makes useless left out).

    >>> trick_card_width(4)
    'min(var(--small-w), 28cqw, 28.57cqh)'
    """
    spots = [(x / 100, y / 100) for x, y in trick_spots(players, human)]
    # Inside the area: half a card to each side of its middle.
    edge_x = min(min(x, 1 - x) for x, _ in spots) * 2
    edge_y = min(min(y, 1 - y) for _, y in spots) * 2 / 1.4
    pairs: list[tuple[float, float]] = []
    for i, (x1, y1) in enumerate(spots):
        for x2, y2 in spots[i + 1:]:
            pairs.append((abs(x1 - x2) / TRICK_GAP, abs(y1 - y2) / 1.4 / TRICK_GAP))
    kept = [p for p in pairs if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in pairs)]
    kept = [p for p in dict.fromkeys(kept) if p[0] < edge_x and p[1] < edge_y]
    terms = [f"{_trim(edge_x * 100)}cqw", f"{_trim(edge_y * 100)}cqh"]
    for dx, dy in sorted(kept):
        if dx < 0.005:
            terms.append(f"{_trim(dy * 100)}cqh")
        elif dy < 0.005:
            terms.append(f"{_trim(dx * 100)}cqw")
        else:
            terms.append(f"max({_trim(dx * 100)}cqw, {_trim(dy * 100)}cqh)")
    return f"min(var(--small-w), {', '.join(terms)})"

