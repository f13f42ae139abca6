"""Which cards are in play for a rule set, how they are dealt, and who leads.

>>> from game.rules import preset
>>> from game.cards import cards_text
>>> cards_text(removed_cards(preset("hearts", "classic", players=5, odd_cards="remove")))
['2C', '2D']
>>> removed_cards(preset("hearts", "classic", players=5))  # double_first keeps every card
0
>>> hand_sizes(preset("hearts", "classic", players=3), dealer=0)
[17, 18, 17]
>>> hand_sizes(preset("spades", "classic", players=5), dealer=4)
[10, 10, 10, 10, 10]
"""

from __future__ import annotations

import random
from functools import lru_cache

from .cards import CLUBS, DECK_SIZE, DIAMONDS, SUIT_MASKS, card, deck_mask, lowest
from .rules import HeartsRules, Rules, SpadesRules

# The order in which low cards leave an uneven deck: rank 2 first, diamonds
# before clubs, both copies of a card together (docs/RULES.md, Hearts,
# "Odd numbers of cards").
_REMOVAL_ORDER = [card(rank, suit, deck) for rank in range(13) for suit in (DIAMONDS, CLUBS) for deck in (0, 1)]


def removed_cards(rules: Rules) -> int:
    """The mask of cards taken out of the deck before the deal."""
    n = rules.players
    if isinstance(rules, SpadesRules):
        if n == 3:
            return 1 << card(0, CLUBS)
        if n == 5:
            return (1 << card(0, CLUBS)) | (1 << card(0, DIAMONDS))
        return 0
    if rules.odd_cards != "remove":
        return 0
    decks = rules.decks
    extra = (DECK_SIZE * decks) % n
    order = [c for c in _REMOVAL_ORDER if c < DECK_SIZE * decks]
    mask = 0
    for c in order[:extra]:
        mask |= 1 << c
    return mask


def cards_in_play(rules: Rules) -> int:
    decks = rules.decks if isinstance(rules, HeartsRules) else 1
    return deck_mask(decks) & ~removed_cards(rules)


def hand_sizes(rules: Rules, dealer: int) -> list[int]:
    """Cards each seat is dealt; the extra cards of an uneven deal go to the
    first seats from the dealer's left. Two-player Spades keeps 13 each."""
    n = rules.players
    if isinstance(rules, SpadesRules) and n == 2:
        return [13, 13]
    total = bin(cards_in_play(rules)).count("1")
    base, extra = divmod(total, n)
    sizes = [base] * n
    for i in range(extra):
        sizes[(dealer + 1 + i) % n] += 1
    return sizes


def tricks_per_hand(rules: Rules) -> int:
    """Tricks in a hand: the smaller hand size (13 in two-player Spades)."""
    if isinstance(rules, SpadesRules) and rules.players == 2:
        return 13
    return bin(cards_in_play(rules)).count("1") // rules.players


@lru_cache(maxsize=64)
def _deck_list(rules: Rules) -> tuple[int, ...]:
    in_play = cards_in_play(rules)
    return tuple(c for c in range(DECK_SIZE * 2) if (in_play >> c) & 1)


def shuffled_deck(rules: Rules, rng: random.Random) -> list[int]:
    """The cards in play in a uniformly random order."""
    rand = rng.random
    # Sorting by random keys is a uniform shuffle (ties of 53-bit floats are
    # negligible) and several times faster than random.shuffle, which draws
    # each index with getrandbits.
    return sorted(_deck_list(rules), key=lambda _card: rand())


def deal(rules: Rules, dealer: int, rng: random.Random) -> list[int]:
    """Deal the deck one card at a time from the dealer's left; returns hand masks."""
    n = rules.players
    deck = shuffled_deck(rules, rng)
    hands = [0] * n
    for k in range(n):
        mask = 0
        for c in deck[k::n]:  # every n-th card, starting k seats left of the dealer
            mask |= 1 << c
        hands[(dealer + 1 + k) % n] = mask
    return hands


def lowest_club_holder(hands: list[int], dealer: int) -> tuple[int, int] | None:
    """The seat that holds the lowest club in play and that card, searching
    from the dealer's left with the dealer last; None when nobody holds a club."""
    n = len(hands)
    clubs = 0
    for h in hands:
        clubs |= h & SUIT_MASKS[CLUBS]
    if not clubs:
        return None
    # Fold the second deck onto the first to find the lowest rank.
    folded = (clubs | (clubs >> DECK_SIZE)) & ((1 << DECK_SIZE) - 1)
    low = lowest(folded)
    for i in range(n):
        seat = (dealer + 1 + i) % n
        for c in (low, low + DECK_SIZE):
            if (hands[seat] >> c) & 1:
                return seat, c
    raise AssertionError("a club in play has no holder")
