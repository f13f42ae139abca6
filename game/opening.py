"""A hand's opening: the cut for the first dealer, the deal (shuffled or
set up), two-player Spades' draw from the stock, and Hearts' pass.

Each function takes the :class:`game.state.Match` and is installed on it as
a method (``Match._cut``, ``Match.deal_hands`` ...): one state machine.
Randomness comes only from the match's seed, one named stream per cut
round and per hand, so a match is reproduced by its seed and its actions.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import deal as dealing
from .actions import KEEP
from .bidding import start_bidding
from .cards import DECK_SIZE, popcount, rank_of
from .phases import DEAL_PHASE, DRAW_PHASE, HAND_OVER, PASS_PHASE
from .rules import PASS_OFFSETS
from .trick_play import start_play

if TYPE_CHECKING:
    from .state import Match


def cut(m: Match) -> None:
    """The seat to act draws its cut card; the highest rank deals, a tie draws again."""
    in_round = [d for d in m.cut_draws if d[0] == m.cut_round]
    deck = list(range(DECK_SIZE))
    random.Random(f"{m.seed}:cut:{m.cut_round}").shuffle(deck)
    seat = m.cut_pending[len(in_round)]
    in_round.append((m.cut_round, seat, deck[len(in_round)]))
    m.cut_draws.append(in_round[-1])
    if len(in_round) < len(m.cut_pending):
        m.to_act = m.cut_pending[len(in_round)]
        return
    best = max(rank_of(c) for _, _, c in in_round)
    top = [s for _, s, c in in_round if rank_of(c) == best]
    if len(top) > 1:  # a tie for the highest card: those seats draw again
        m.cut_round += 1
        m.cut_pending = top
        m.to_act = top[0]
        return
    m.dealer = top[0]
    m.phase = DEAL_PHASE
    m.to_act = m.dealer


def deal_next(m: Match) -> None:
    """Deal the next hand from the seed (after ``hand_over``, the next dealer)."""
    if m.phase == HAND_OVER:
        m.dealer = (m.dealer + 1) % m.players
    m.hand_number += 1
    m._reset_hand()
    n = m.players
    rng = random.Random(f"{m.seed}:hand:{m.hand_number}")
    if m.game == "spades" and n == 2:
        m.stock = dealing.shuffled_deck(m.rules, rng)
        m.phase = DRAW_PHASE
        m.to_act = (m.dealer + 1) % 2
        return
    install(m, dealing.deal(m.rules, m.dealer, rng), None)


def deal_hands(m: Match, hands: list[int], dealer: int, pass_direction: str | None = None) -> None:
    """Start a hand with these exact cards instead of a shuffled deal, for
    replaying records and setting up positions. In two-player Spades the
    hands are those after the draw. Such a match cannot be saved.

    >>> from game.state import new_match
    >>> from game.cards import parse_mask
    >>> m = new_match("hearts", "classic")
    >>> m.deal_hands([parse_mask("2C 3C"), parse_mask("4C 5C"), parse_mask("6C 7C"), parse_mask("8C 9C")], 3, "hold")
    >>> m.phase, m.to_act
    ('play', 0)
    """
    m.dealer = dealer
    m.hand_number += 1
    m._reset_hand()
    m.custom_deal = True
    install(m, list(hands), pass_direction)


def install(m: Match, hands: list[int], pass_direction: str | None) -> None:
    """Give out the dealt hands and move on to passing, bidding or play."""
    m.hands = hands
    m.dealt = hands.copy()
    if m.game == "spades":
        start_bidding(m)
        return
    rules = m.hearts_rules
    if pass_direction is None:
        cycle = rules.pass_cycle
        pass_direction = cycle[(m.hand_number - 1) % len(cycle)] if rules.pass_count else "hold"
    m.pass_direction = pass_direction
    if pass_direction == "hold":
        start_play(m)
    else:
        m.phase = PASS_PHASE
        m.to_act = (m.dealer + 1) % m.players


def draw(m: Match, action: int) -> None:
    """Two-player Spades: keep the top card of the stock (and throw the next
    away unseen) or throw it away seen and take the next."""
    seat = m.seat_to_act
    top = m.stock.pop()
    if action == KEEP:
        m.hands[seat] |= 1 << top
        m.stock.pop()  # thrown away unseen
    else:
        m.seen_discards[seat] |= 1 << top
        m.hands[seat] |= 1 << m.stock.pop()
    m.to_act = 1 - seat
    if not m.stock:
        m.dealt = m.hands.copy()
        start_bidding(m)


def pass_target(m: Match, seat: int) -> int:
    """The seat that receives this seat's passed cards in this hand."""
    return (seat + PASS_OFFSETS[m.pass_direction]) % m.players


def choose_pass(m: Match, c: int) -> None:
    """The seat to act chooses card ``c`` to pass; once every seat has chosen
    all its cards, they change hands at once and the play starts."""
    seat = m.seat_to_act
    m.pass_chosen[seat] |= 1 << c
    if popcount(m.pass_chosen[seat]) < m.hearts_rules.pass_count:
        return
    n = m.players
    nxt = (seat + 1) % n
    if nxt != (m.dealer + 1) % n:
        m.to_act = nxt
        return
    kept = [m.hands[s] & ~m.pass_chosen[s] for s in range(n)]
    for s in range(n):
        kept[pass_target(m, s)] |= m.pass_chosen[s]
    m.hands = kept
    start_play(m)
