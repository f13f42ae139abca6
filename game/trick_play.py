"""The play phase: who leads, which cards may be played, and the tricks.

This is the hot path of every playout and bot search: the legal cards are
one mask (:func:`play_mask`), a card played is a few int operations
(:func:`play_card`). Each function takes the :class:`game.state.Match` and
is installed on it as a method (``Match.play_mask``, ``Match._play`` ...),
so the call costs what a method defined in the class would.

>>> from game.state import new_match
>>> m = new_match("hearts", "classic", seed=3)
>>> while m.phase != "play":
...     m.apply(m.legal_actions()[0])
>>> from game.cards import card_text
>>> [card_text(c) for c in m.legal_actions()]
['2C']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import deal as dealing
from .cards import DECK_SIZE, FULL_DECK, HEARTS_POINT_MASK, SUIT_MASKS, SUIT_OF, popcount, trick_winner
from .hand_end import end_hand
from .phases import HEARTS_ALL, PLAY_PHASE

if TYPE_CHECKING:
    from .state import Match


def play_mask(m: Match, seat: int) -> int:
    """The cards ``seat`` may play to the trick on the table now, as a mask
    (of two identical cards, only the first deck's copy). The seat need not
    be the one to act: the claim search asks it of every seat in turn."""
    hand = m.hands[seat]
    trick = m.trick
    if trick:
        legal = hand & SUIT_MASKS[SUIT_OF[trick[0]]]  # follow suit
        if not legal:
            legal = hand if m._plain_discards else hearts_discards(m, hand)
    elif m.lead_card >= 0:
        return 1 << m.lead_card
    elif m.broken:
        legal = hand
    else:
        # Hearts (or trump) may not be led until broken, unless nothing else is held.
        legal = hand & ~m._lead_block or hand
    if m._two_decks:
        legal &= ~((legal & FULL_DECK) << DECK_SIZE)  # two identical cards are one choice
    return legal


def hearts_discards(m: Match, hand: int) -> int:
    """The cards a Hearts player void in the led suit may discard."""
    rules = m.hearts_rules
    legal = hand
    if m.trick_number == 0 and rules.no_points_first_trick:
        legal = legal & ~HEARTS_POINT_MASK or legal
    if rules.hearts_broken == "discard" and not m.broken:
        legal = legal & ~HEARTS_ALL or legal
    return legal


def start_play(m: Match) -> None:
    """Open the play: the first leader, the first lead card, the trick size."""
    m.phase = PLAY_PHASE
    m._play_start = len(m.actions)
    if m.game == "spades":
        m._lead_block = m._break_any = m._break_lead = SUIT_MASKS[m.trump]  # any trump breaks
    n = m.players
    m.leader = (m.dealer + 1) % n
    sizes = [popcount(h) for h in m.hands]
    low = min(sizes)
    # Seats dealt one card more (uneven deals) play a second card in the first trick.
    m.extra = sum(1 << s for s in range(n) if sizes[s] > low)
    m.trick_size = n + popcount(m.extra)
    two_clubs = m.game == "hearts" or m.spades_rules.first_lead == "two_of_clubs"
    if two_clubs:
        holder = dealing.lowest_club_holder(m.hands, m.dealer)
        if holder is not None:
            m.leader, m.lead_card = holder
    m.to_act = m.leader


def play_card(m: Match, seat: int, c: int) -> None:
    """``seat`` plays card ``c``, already checked legal."""
    bit = 1 << c
    m.hands[seat] ^= bit
    m.played |= bit
    trick = m.trick
    suit = SUIT_OF[c]
    if trick:
        led = SUIT_OF[trick[0]]
        if suit != led:
            m.voids[seat] |= 1 << led
    trick.append(c)
    m.trick_seats.append(seat)
    m.lead_card = -1
    # Match.breaks(), inline: this runs for every card of every playout.
    if not m.broken and (bit & m._break_any or (bit & m._break_lead and len(trick) == 1)):
        m.broken = True
    if len(trick) < m.trick_size:
        if m.extra and m.extra >> seat & 1 and m.trick_number == 0:
            m.extra ^= 1 << seat  # its second card comes straight after
        else:
            m.to_act = (seat + 1) % m.players
        return
    end_trick(m)


def end_trick(m: Match) -> None:
    """Give the full trick to its winner, who leads next; end the hand after the last."""
    trick = m.trick
    winner = m.trick_seats[trick_winner(trick, m.trump)]
    m.tricks_won[winner] += 1
    won = 0
    for c in trick:
        won |= 1 << c
    m.taken[winner] |= won
    m.last_trick = (trick, m.trick_seats, winner)  # never changed again: no copy
    m.tricks_done.append(m.last_trick)
    m.trick = []
    m.trick_seats = []
    m.trick_number += 1
    m.trick_size = m.players
    m.leader = m.to_act = winner
    if not any(m.hands):
        end_hand(m)
