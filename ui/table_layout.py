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


# Up to four players the trick's cards lie on an ellipse, each between the
# middle and its player (percent of the trick area, from its middle).
TRICK_RX, TRICK_RY = 36.0, 30.0
TRICK_GAP = 1.06  # room between two neighbouring cards: 6 % of a card
RING = 5  # from five players the cards lie in a ring of rows and columns instead (ring_spots)
# In the ring the side seats take at most SIDE_W % of the felt's width
# (assets/baza.css), and their cards lie past them, at SIDE_X % (upright)
# or LOW_X % (wide) from the edge.
SIDE_W = 20.0
SIDE_X = 29.0
LOW_X = 27.0
# A seat's second card of a trick (a seat with a card more plays two in the
# first trick) is fanned from its first by this much of a card's width or
# height: to the right or down over it, to the left or up under it, so that
# both cards' ranks and suits stay in sight.
FAN_X, FAN_Y = 0.4, 0.45
ANCHOR = 0.53  # ring_anchor()
RAISED = -0.8  # ring_anchors()


def _slots(players: int, human: int) -> dict[int, tuple[str, int, int]]:
    """Each seat's slot, its place in that slot (the top from the left, a
    side from its lowest seat) and the slot's number of seats."""
    angles = {s: seat_angle(s, players, human) for s in range(players)}
    groups: dict[str, list[int]] = {}
    for s in sorted(angles, key=lambda s: angles[s]):
        groups.setdefault(seat_slot(angles[s], players), []).append(s)
    out = {}
    for slot, seats in groups.items():
        if slot == "right":  # the right side in order of play runs down: its last seat is the lowest
            seats = seats[::-1]
        for i, s in enumerate(seats):
            out[s] = (slot, i, len(seats))
    return out


def ring_spots(players: int, human: int = 0, wide: bool = False) -> list[tuple[float, float]]:
    """Five players or more: each card in a ring of rows that follows the
    seats around the felt (percent of the trick area, which spans the
    felt's width), so that every card lies beside its own seat.

    Upright (a phone or a tablet held so): two rows, three where a side
    holds two seats; the top seats' cards in the first under their seats
    (an equal column each, assets/baza.css), a side seat's card past it at
    SIDE_X (the lowest side seat's beside the last row, with yours in the
    middle; a second one's a row up). Wide (a desktop, a phone held sideways, where the felt is
    short): two rows; every other seat across the top over its card, but
    from seven players the two beside yours, which sit low at the sides,
    their cards past them in the second row (LOW_X).

    The first and last rows keep to the area's top and bottom edges
    (ring_anchor), whatever its height, beside the seats above and below.

    >>> [x for x, _ in ring_spots(8)], [y for _, y in ring_spots(8)]
    ([50.0, 29.0, 29.0, 29.0, 50.0, 71.0, 71.0, 71.0], [100.0, 100.0, 50.0, 0.0, 0.0, 0.0, 50.0, 100.0])
    >>> [x for x, _ in ring_spots(8, wide=True)]
    [50.0, 27.0, 10.0, 30.0, 50.0, 70.0, 90.0, 73.0]
    >>> ring_spots(5, wide=True)
    [(50.0, 100.0), (12.5, 0.0), (37.5, 0.0), (62.5, 0.0), (87.5, 0.0)]
    """
    if wide:
        others = sorted((s for s in range(players) if s != human), key=lambda s: seat_angle(s, players, human))
        spots = {human: (50.0, 100.0)}
        if players >= 7:
            spots[others[0]] = (LOW_X, 100.0)
            spots[others[-1]] = (100 - LOW_X, 100.0)
            others = others[1:-1]
        for i, s in enumerate(others):
            spots[s] = (round(100 * (i + 0.5) / len(others), 2), 0.0)
        return [spots[s] for s in range(players)]
    slots = _slots(players, human)
    # Three rows where a side holds two seats (seven players or more), else two.
    three = any(k == 2 for slot, _, k in slots.values() if slot in ("left", "right"))
    rows = [0.0, 50.0, 100.0] if three else [0.0, 0.0, 100.0]
    out = []
    for s in range(players):
        slot, i, k = slots[s]
        if slot == "you":
            out.append((50.0, rows[2]))
        elif slot == "top":  # under its seat (with three rows, past the side seats' column)
            x = round(100 * (i + 0.5) / k, 2)
            out.append((min(max(x, SIDE_X), 100 - SIDE_X) if three else x, rows[0]))
        else:
            out.append((SIDE_X if slot == "left" else 100 - SIDE_X, rows[2 - i]))
    return out


def ring_anchor(players: int, y: float) -> float:
    """How far a card of the ring's first or last row is moved from the
    area's edge (its middle's place, ``y``), in heights of a card: half a
    card and 3 % more, so that it lies inside the area along the edge.

    >>> ring_anchor(8, 0.0), ring_anchor(8, 50.0), ring_anchor(8, 100.0), ring_anchor(4, 20.0)
    (0.53, 0.0, -0.53, 0.0)
    """
    if players < RING or 0 < y < 100:
        return 0.0
    return ANCHOR if y == 0 else -ANCHOR


def ring_anchors(players: int, human: int = 0, wide: bool = False) -> list[float]:
    """Each seat's ring_anchor(); upright with two rows, a side seat's card
    sits a little higher than yours (RAISED), level with its seat rather
    than just over your plate.

    >>> ring_anchors(6)
    [-0.53, -0.8, 0.53, 0.53, 0.53, -0.8]
    """
    spots = trick_spots(players, human, wide)
    two_rows = players >= RING and not wide and all(y != 50 for _, y in spots)
    return [RAISED if two_rows and y == 100 and x != 50 else ring_anchor(players, y) for x, y in spots]


def fan_offsets(players: int, human: int = 0, wide: bool = False) -> list[tuple[float, float]]:
    """Where each seat's second card of a trick lies, in widths and heights
    of a card from its first, toward room the ring leaves free: along the
    top row (right from the left half, left from the right half), into
    the middle from a side or from yours; with three rows, from a side
    seat in the last row toward yours.

    >>> fan_offsets(6)
    [(0.0, -0.45), (0.0, -0.45), (0.4, 0.0), (0.4, 0.0), (-0.4, 0.0), (0.0, -0.45)]
    >>> fan_offsets(7)
    [(0.0, -0.45), (0.4, 0.0), (0.4, 0.0), (0.4, 0.0), (-0.4, 0.0), (-0.4, 0.0), (-0.4, 0.0)]
    >>> fan_offsets(4)
    [(0.4, 0.0), (0.4, 0.0), (0.0, 0.45), (0.0, 0.45)]
    """
    spots = trick_spots(players, human, wide)
    if players < RING:
        return [second_card_offset(x, y) for x, y in spots]
    # With three rows (upright, seven players or more) a side seat's card in
    # the last row has a side seat's card right over it: fanned up, its
    # second card would leave the middle row too little height (39 px wide
    # cards on a 360x640 phone); toward yours there is the width for it.
    three = not wide and any(y == 50 for _, y in spots)
    out = []
    for x, y in spots:
        if y < 40 or (x != 50 and (y < 60 or three)) or (wide and x == 50):
            out.append((FAN_X, 0.0) if x <= 50 else (-FAN_X, 0.0))
        else:
            out.append((0.0, -FAN_Y))
    return out


def second_card_offset(x: float, y: float) -> tuple[float, float]:
    """Up to four players, where a seat's second card of a trick lies: from
    its first, toward the middle of the table, and never over the first
    card's top left corner (its rank and suit): down from a seat in the
    upper half, to the right from one in the lower half, else down.

    >>> second_card_offset(14.0, 30.0), second_card_offset(30.0, 80.0), second_card_offset(86.0, 60.0)
    ((0.0, 0.45), (0.4, 0.0), (0.0, 0.45))
    """
    if y < 50 or x > 50:
        return 0.0, FAN_Y
    return FAN_X, 0.0


def trick_spots(players: int, human: int = 0, wide: bool = False) -> list[tuple[float, float]]:
    """Where each seat's card lies in a trick, in percent of the trick area:
    up to four players on the ellipse, at its seat's angle; from five in
    the ring of ring_spots().

    >>> trick_spots(4)
    [(50.0, 80.0), (14.0, 50.0), (50.0, 20.0), (86.0, 50.0)]
    >>> [round(x) for x, _ in trick_spots(6)]
    [50, 29, 17, 50, 83, 71]
    """
    if players >= RING:
        return ring_spots(players, human, wide)
    return [position(seat_angle(s, players, human), TRICK_RX, TRICK_RY) for s in range(players)]


def _trim(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _bound(gap: float, apart: float) -> float | None:
    """The largest width (a fraction of the area's side) at which two boxes
    ``gap`` apart (a fraction of that side) and moved ``apart`` more of a
    card (their fans) keep TRICK_GAP of a card between them; None: never
    too close."""
    room = TRICK_GAP - apart
    return gap / room if room > 0 else None


def trick_card_width(players: int, human: int = 0, wide: bool = False, fans: bool = False) -> str:
    """The width of a trick's cards (a CSS expression, in units of the trick
    area, a size container): the largest at which no two cards of a full
    trick overlap and each stays inside the area, whatever the area's shape
    (with ``fans``, where a seat may play two cards, their second cards
    too), and from five players each stays past the side seats.

    Two cards (1.4 times as tall as wide) at ``dx``, ``dy`` (fractions of the
    area's width and height) stay apart when the width is at most
    ``max(dx * 100cqw, dy * 100cqh / 1.4)`` (less what their fans bring
    them nearer); the smallest such bound over all pairs is the answer
    (bounds that another bound makes useless left out).

    >>> trick_card_width(4)
    'min(var(--small-w), 28cqw, 28.57cqh)'
    """
    anchors = ring_anchors(players, human, wide)
    spots = [(x / 100, y / 100, a) for (x, y), a in zip(trick_spots(players, human, wide), anchors, strict=True)]
    offsets = fan_offsets(players, human, wide) if fans else [(0.0, 0.0)] * players
    # Each seat's boxes: its card, and its second card where one may come.
    boxes = [(seat, x, y, 0.0, a) for seat, (x, y, a) in enumerate(spots)]
    if fans:
        pairs_of = enumerate(zip(spots, offsets, strict=True))
        boxes += [(seat, x, y, ox, a + oy) for seat, ((x, y, a), (ox, oy)) in pairs_of]
    # Inside the area: half a card to each side of its middle (and its fan).
    def edge(at: float, moved: float) -> float:
        return min(at / (0.5 - moved) if moved < 0.5 else 9.0, (1 - at) / (0.5 + moved) if moved > -0.5 else 9.0)

    edge_x = min(edge(x, ox) for _, x, _, ox, _ in boxes)
    edge_y = min(edge(y, oy) for _, _, y, _, oy in boxes) / 1.4
    pairs: list[tuple[float, float]] = []
    for i, (s1, x1, y1, ox1, oy1) in enumerate(boxes):
        for s2, x2, y2, ox2, oy2 in boxes[i + 1:]:
            if s1 == s2:
                continue
            sx = 1 if x1 >= x2 else -1
            sy = 1 if y1 >= y2 else -1
            bx = _bound(abs(x1 - x2), sx * (ox1 - ox2))
            by = _bound(abs(y1 - y2) / 1.4, sy * (oy1 - oy2))
            pairs.append((bx if bx is not None else 9.0, by if by is not None else 9.0))
    kept = [p for p in pairs if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in pairs)]
    kept = [p for p in dict.fromkeys(kept) if p[0] < edge_x and p[1] < edge_y]
    terms = [f"{_trim(edge_x * 100)}cqw", f"{_trim(edge_y * 100)}cqh"]
    if players >= RING:  # past the side seats: half a card from SIDE_X (LOW_X) to SIDE_W, less 1 %
        terms.append(f"{_trim(2 * ((LOW_X if wide else SIDE_X) - SIDE_W) - 1)}cqw")
    for dx, dy in sorted(kept):
        if dx < 0.005 or dx >= 9:
            terms.append(f"{_trim(dy * 100)}cqh")
        elif dy < 0.005 or dy >= 9:
            terms.append(f"{_trim(dx * 100)}cqw")
        else:
            terms.append(f"max({_trim(dx * 100)}cqw, {_trim(dy * 100)}cqh)")
    return f"min(var(--small-w), {', '.join(terms)})"
