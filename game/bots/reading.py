"""Reading the table for ``hard`` in Hearts: how likely a sampled deal makes
the other seats' recent plays under the ``normal`` policy.

A seat's view tells who played which card only in the trick on the table
and the last one (``SeatView.trick`` and ``last_trick``; the hand's full
history is not in the view, see docs/BOTS.md). For each of those cards
played by another seat, the deal is rewound to the moment before it (the
card back in the seat's hand, the tricks as they were) and ``normal`` asked
what it would play there: a deal in which it plays the card seen weighs
``1 - EPSILON``, one in which it plays another card ``EPSILON`` shared among
the other legal cards. A deal's weight is the product over the cards read.

:data:`game.bots.search.READ_PLAYS` turns it on; docs/BOTS.md has what it was
measured to be worth.
"""

from __future__ import annotations

from typing import Any

from ..cards import HEARTS, SPADES, SUIT_MASKS
from . import hearts_bot
from .common import RANK_OF, SUIT_OF, Know

EPSILON = 0.15  # how often a seat is taken to play other than normal would


def recent_plays(view: Any) -> list[tuple[int, int, int]]:
    """(trick offset, seat, card) of the other seats' cards in the last trick
    (offset 1) and the trick on the table (offset 0), in the order played."""
    out: list[tuple[int, int, int]] = []
    if view.last_trick is not None and view.trick_number >= 2:
        # The first trick's cards are mostly forced (the 2 of clubs, no
        # points): they say little, and its rules are the hardest to rewind.
        out += [(1, s, c) for s, c in view.last_trick[0] if s != view.seat]
    if view.trick_number >= 1:
        out += [(0, s, c) for s, c in view.trick if s != view.seat]
    return out


def play_likelihood(world: Any, view: Any, plays: list[tuple[int, int, int]]) -> float:
    """The relative likelihood of ``plays`` (from :func:`recent_plays`) in the
    sampled deal ``world``, a determinized match at the view's moment."""
    if not plays:
        return 1.0
    w = 1.0
    last = view.last_trick[0] if view.last_trick is not None else ()
    for offset, seat, card in plays:
        m = _rewind(world, view, offset, seat, card, last)
        if m is None:
            continue
        k = Know.from_match(m, seat)
        if len(k.legal) <= 1:
            continue
        choice = hearts_bot.choose_play(k)[0]
        w *= (1.0 - EPSILON) if choice == card else EPSILON / (len(k.legal) - 1)
    return w


def _rewind(world: Any, view: Any, offset: int, seat: int, card: int, last: tuple[tuple[int, int], ...]) -> Any:
    """The match just before ``seat`` played ``card``, with this deal's hands; None if unsure."""
    m = world.clone()
    on_table = list(zip(world.trick_seats, world.trick))
    back = 0  # cards going back into hands
    if offset == 1:
        for s, c in on_table:
            m.hands[s] |= 1 << c
            back |= 1 << c
        winner = view.last_trick[1]
        won = 0
        for _, c in last:
            won |= 1 << c
        m.taken[winner] &= ~won
        m.tricks_won[winner] -= 1
        m.trick_number -= 1
        trick = list(last)
    else:
        trick = on_table
    i = next((j for j, (s, c) in enumerate(trick) if s == seat and c == card), -1)
    if i < 0:
        return None
    for s, c in trick[i:]:
        m.hands[s] |= 1 << c
        back |= 1 << c
    m.trick = [c for _, c in trick[:i]]
    m.trick_seats = [s for s, _ in trick[:i]]
    m.played &= ~back
    m.to_act = seat
    m.lead_card = -1
    if m.broken and not m.played & SUIT_MASKS[HEARTS]:
        # Hearts were broken by a card now back in a hand (or the queen, where she breaks them).
        qs = hearts_bot.QS_MASK & m.played
        m.broken = bool(qs) and bool(getattr(m.rules, "queen_breaks_hearts", False))
    return m


# ------------------------------------------------------------ the events

# How likely a seat's play is, under the events model, when the sampled deal
# gives it the queen of spades after it showed it had none to give: a club
# player drops her under the ace or king of spades and throws her on the
# first trick it cannot follow, so a seat that did neither almost surely
# holds no queen.
QUEEN_KEPT = 0.1


def queen_events(view: Any) -> int:
    """The other seats (a mask of seats) whose plays this hand say they hold
    no queen of spades: one that followed a spade trick under the ace or king
    of spades without dropping her, or threw another card on a trick it could
    not follow (the first trick aside when no points may fall on it)."""
    qs = hearts_bot.QS_MASK
    if (view.played | view.hand) & qs:
        return 0  # she is placed already
    out = 0
    tricks = [trick for trick, _ in view.tricks] + [view.trick]
    if getattr(view.rules, "no_points_first_trick", False):
        tricks = tricks[1:]  # she could not be thrown on the first trick
    for trick in tricks:
        if not trick:
            continue
        led = SUIT_OF[trick[0][1]]
        top = -1  # rank of the best card of the led suit so far
        for seat, c in trick:
            suit, rank = SUIT_OF[c], RANK_OF[c]
            if seat != view.seat:
                if suit != led:
                    out |= 1 << seat  # a discard, and not the queen
                elif led == SPADES and top > hearts_bot.QUEEN:
                    out |= 1 << seat  # the ace or king was winning: no queen dropped
            if suit == led:
                top = max(top, rank)
    return out


def events_likelihood(world: Any, seats: int) -> float:
    """The weight of a sampled deal under :func:`queen_events`' ``seats``."""
    for s in range(world.players):
        if seats >> s & 1 and world.hands[s] & hearts_bot.QS_MASK:
            return QUEEN_KEPT
    return 1.0


__all__ = ["EPSILON", "QUEEN_KEPT", "events_likelihood", "play_likelihood", "queen_events", "recent_plays"]
