"""A scripted moon hunter for the arena: a Hearts player that goes for the
moon whenever its hand allows, as a strong human shooter does.

It is not a level of the page (:data:`game.bots.LEVELS`): the arena seats it
as ``shooter`` to measure how often the levels let a moon through, and the
hard search can play its line for its own seat as one candidate while that
seat can still shoot (:data:`game.bots.search.MOON_PLAN`, off).

- Pass: with a hand that can shoot (long hearts with honours, or many top
  cards), keep the hearts and the top cards and pass the smallest side
  cards; otherwise pass as ``normal`` does.
- Play: while nobody else has taken a point and its cards can still take
  every point (few losers, counting what is already won), it hunts: leads
  its top cards, side suits first to draw the others' exits, then hearts
  from the top; wins every trick with a point in it; keeps its hearts and
  top cards when it cannot win; and otherwise plays as ``normal``. Once
  another seat takes a point the hunt is off and ``normal`` plays on.
"""

from __future__ import annotations

from ..cards import DECK_SIZE, HEARTS, SPADES, SUIT_MASKS
from .common import RANK_OF, SUIT_OF, Know, cards_of, count, fold
from .hearts_bot import ACE, HEARTS_MASK, JACK, KING, POINT_MASK, QS, QUEEN, choose_pass, choose_play, mask_points
from .reasons import Message

MAX_LOSERS = (5, 5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1)  # by trick number: how many losers the hunt accepts


def hunt_hand(hand: int) -> bool:
    """Whether a dealt hand is worth going for the moon with, as a bold human sees it."""
    hearts = cards_of(hand & HEARTS_MASK)
    top_hearts = sum(1 for c in hearts if RANK_OF[c] >= JACK)
    tops = sum(1 for c in cards_of(hand) if RANK_OF[c] >= KING)
    small = sum(1 for c in cards_of(hand) if RANK_OF[c] <= 5 and SUIT_OF[c] != HEARTS)
    ace = any(RANK_OF[c] == ACE for c in hearts)
    if len(hearts) >= 5 and top_hearts >= 2 and ace:
        return small <= 4
    if len(hearts) >= 6 and top_hearts >= 2:
        return small <= 3
    return len(hearts) >= 3 and top_hearts >= 1 and ace and tops >= 5 and small <= 3


def losers(k: Know) -> int:
    """Cards that may lose a trick: below the highest card out in their suit,
    unless the hand's top cards of that suit outnumber the cards out."""
    n = 0
    for s in range(4):
        mine = sorted(cards_of(k.hand & SUIT_MASKS[s]), key=RANK_OF.__getitem__, reverse=True)
        if not mine:
            continue
        out = k.unseen & SUIT_MASKS[s]
        top = (fold(out) >> (13 * s) & 0x1FFF).bit_length() - 1
        tops = 0
        for c in mine:
            if RANK_OF[c] <= top:
                break
            tops += 1
        if tops < count(out):
            n += len(mine) - tops
    return n


def hunting(k: Know) -> bool:
    """Whether the moon is still on for this seat, and worth going for."""
    pts = [mask_points(t) for t in k.taken]
    if any(p for s, p in enumerate(pts) if s != k.seat):
        return False
    if k.players >= 6:
        return False  # two decks: the hunt is for another table
    lost = losers(k)
    allowed = MAX_LOSERS[min(k.trick_number, 12)]
    if pts[k.seat] >= 13 or count(k.taken[k.seat] & HEARTS_MASK) >= 5:
        allowed += 1  # half way there: a strong player keeps going
    if pts[k.seat] >= 18:
        allowed += 1
    if k.trick_number == 0 and not pts[k.seat]:
        return hunt_hand(k.hand) and lost <= allowed + 1
    return lost <= allowed


def _is_top(k: Know, c: int) -> bool:
    s = SUIT_OF[c]
    out = fold(k.unseen & SUIT_MASKS[s]) >> (13 * s) & 0x1FFF
    return not out or RANK_OF[c] >= out.bit_length() - 1


def hunt_pass(k: Know) -> tuple[int, Message]:
    """Pass the smallest side cards from a moon hand, else as ``normal``."""
    hand = k.hand
    if not hunt_hand(hand | k.passed):
        return choose_pass(k)
    legal = set(k.legal_cards())
    # Keep hearts, top cards and the queen of spades; pass the lowest others.
    order = sorted(
        cards_of(hand),
        key=lambda c: (SUIT_OF[c] == HEARTS, c % DECK_SIZE == QS, RANK_OF[c], c),
    )
    for c in order:
        if c in legal:
            return c, ("hearts.pass.moon", {"card": c})
    return choose_pass(k)


def hunt_play(k: Know) -> tuple[int, Message]:
    """A card: hunt the moon while it is on, else play as ``normal``."""
    legal = k.legal_cards()
    if len(legal) == 1 or not hunting(k):
        return choose_play(k)
    if not k.trick:
        tops = [c for c in legal if _is_top(k, c)]
        if tops:
            # Side suits first (they draw the others' exits), hearts last.
            c = max(tops, key=lambda c: (SUIT_OF[c] != HEARTS, count(k.hand & SUIT_MASKS[SUIT_OF[c]]), RANK_OF[c]))
            return c, ("hearts.shoot.lead_top", {"card": c})
        # No sure winner: the highest card of the longest suit sets up the rest.
        c = max(legal, key=lambda c: (count(k.hand & SUIT_MASKS[SUIT_OF[c]]), RANK_OF[c], SUIT_OF[c] == SPADES))
        return c, ("hearts.shoot.lead_back", {"card": c})
    _, best = k.trick_winner()
    win = [c for c in legal if k.beats(c, best)]
    points_in = any((1 << c) & POINT_MASK for _, c in k.trick)
    later = k.later_seats()
    if win:
        sure = [c for c in win if _is_top(k, c) or not later]
        if sure:
            c = min(sure, key=RANK_OF.__getitem__)  # the cheapest sure winner keeps the bigger ones
            return c, ("hearts.shoot.win", {"card": c})
        if points_in or SUIT_OF[best] == HEARTS or k.led_suit() == SPADES:
            c = max(win, key=RANK_OF.__getitem__)
            return c, ("hearts.shoot.win", {"card": c})
    if points_in:
        return choose_play(k)  # the moon is lost on this trick: save what can be saved
    # Cannot (or need not) win a clean trick: keep hearts and top cards.
    keep = [c for c in legal if not (1 << c) & POINT_MASK and not _is_top(k, c)]
    safe = keep or [c for c in legal if not (1 << c) & POINT_MASK] or legal
    c = min(safe, key=lambda c: (RANK_OF[c] >= QUEEN, RANK_OF[c]))
    return c, ("hearts.shoot.keep", {"card": c})


def choose(k: Know) -> tuple[int, Message]:
    """The hunter's action for the seat of ``k`` (Hearts only)."""
    if k.phase == "pass":
        return hunt_pass(k)
    if k.phase == "play":
        return hunt_play(k)
    from . import decide_message

    return decide_message(k, "normal")


__all__ = ["choose", "hunt_hand", "hunting", "losers"]
