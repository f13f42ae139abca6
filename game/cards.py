"""Cards as small ints and hands as bit masks.

A card is ``suit * 13 + rank`` with ranks ``0..12`` for ``2..A`` and suits
``0..3`` for clubs, diamonds, hearts, spades, so every suit is a contiguous
13-bit field and a hand is a plain ``int`` mask: "can follow suit" is
``hand & SUIT_MASKS[led]``. Hearts with six or more players uses two decks:
the second copy of a card is ``card + 52``, and :data:`SUIT_MASKS` covers
both copies.

>>> parse_card("QS"), card_text(49)
(49, 'QS')
>>> card_name(parse_card("TH"))
'10 of hearts'
>>> [card_text(c) for c in iter_cards(parse_mask("2C AS QS"))]
['2C', 'QS', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_LETTERS = "23456789TJQKA"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1

# A suit's 13 bits in both decks (the second deck sits 52 bits higher).
SUIT_MASKS = tuple((((1 << 13) - 1) << (13 * s)) | (((1 << 13) - 1) << (13 * s + DECK_SIZE)) for s in SUITS)


def card(rank: int, suit: int, deck: int = 0) -> int:
    """The card of ``rank`` (0 = 2 .. 12 = ace) and ``suit``, in deck 0 or 1."""
    return deck * DECK_SIZE + suit * 13 + rank


def suit_of(c: int) -> int:
    return (c % DECK_SIZE) // 13


def rank_of(c: int) -> int:
    return c % 13


# Lookup tables for the hot path: a tuple index is cheaper than a call.
SUIT_OF = tuple(suit_of(c) for c in range(2 * DECK_SIZE))
RANK_OF = tuple(rank_of(c) for c in range(2 * DECK_SIZE))


def trick_winner(trick: list[int], trump: int) -> int:
    """The index in ``trick`` of the card that takes it so far: the highest of
    the suit led, or of ``trump`` once one is played (-1 for no trump); of
    two identical cards (a double deck) the first played stands.

    >>> trick_winner([parse_card("KH"), parse_card("AH"), parse_card("2S")], SPADES)
    2
    >>> trick_winner([parse_card("KH"), parse_card("AH"), parse_card("AH")], -1)
    1
    """
    best = 0
    best_card = trick[0]
    best_suit = SUIT_OF[best_card]
    for i in range(1, len(trick)):
        c = trick[i]
        suit = SUIT_OF[c]
        # Strictly higher only: of two identical cards the first stands.
        if suit == best_suit:
            if RANK_OF[c] > RANK_OF[best_card]:
                best, best_card = i, c
        elif suit == trump:
            best, best_card, best_suit = i, c, suit
    return best


TWO_CLUBS = card(0, CLUBS)
THREE_CLUBS = card(1, CLUBS)
QUEEN_SPADES = card(10, SPADES)
JACK_DIAMONDS = card(9, DIAMONDS)
# Every copy of the queen of spades and the jack of diamonds.
QUEEN_SPADES_MASK = (1 << QUEEN_SPADES) | (1 << (QUEEN_SPADES + DECK_SIZE))
JACK_DIAMONDS_MASK = (1 << JACK_DIAMONDS) | (1 << (JACK_DIAMONDS + DECK_SIZE))
HEARTS_POINT_MASK = SUIT_MASKS[HEARTS] | QUEEN_SPADES_MASK


def popcount(mask: int) -> int:
    return mask.bit_count()


def lowest(mask: int) -> int:
    """The lowest card in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


CARD_TEXTS = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[(c % DECK_SIZE) // 13] for c in range(2 * DECK_SIZE))


def card_text(c: int) -> str:
    """``"QS"``-style text; both copies of a two-deck card read the same."""
    return CARD_TEXTS[c]


def card_name(c: int) -> str:
    """The card's full English name, as a screen reader says it."""
    return f"{RANK_NAMES[rank_of(c)]} of {SUIT_NAMES[suit_of(c)]}"


def english_param(name: str, value: object) -> object:
    """A message parameter as the English sentences show it: by the engine's
    convention a name ending in "card" holds a card id, one ending in "suit"
    a suit (game/explain.py, game/claim.py, game/bots/reasons.py; the
    table's languages follow the same convention in ui/i18n.py).

    >>> english_param("best_card", 49), english_param("suit", 2), english_param("n", 3)
    ('Queen of spades', 'hearts', 3)
    """
    if name.endswith("card") and isinstance(value, int):
        return card_name(value)
    if name.endswith("suit") and isinstance(value, int):
        return SUIT_NAMES[value]
    return value


def parse_card(text: object) -> int:
    """Deck-0 card from ``"QS"``-style text (``"10S"`` is accepted too).

    >>> parse_card("10h") == parse_card("TH")
    True
    >>> parse_card("XZ")
    Traceback (most recent call last):
    ...
    ValueError: 'XZ' is not a card: write a rank from 23456789TJQKA and a suit from SHDC, like QS.
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card: cards are written as text, like QS.")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise ValueError(f"{text!r} is not a card: write a rank from {RANK_LETTERS} and a suit from SHDC, like QS.")
    return card(RANK_LETTERS.index(t[0]), SUIT_LETTERS.index(t[1]))


def parse_mask(text: str) -> int:
    """A single-deck mask from space-separated card texts."""
    return mask_of(parse_card(t) for t in text.split())


def cards_text(mask: int) -> list[str]:
    """The cards of a mask as text, sorted by suit (clubs first) then rank."""
    if mask >> DECK_SIZE:
        return [CARD_TEXTS[c] for c in sorted(iter_cards(mask), key=lambda c: c % DECK_SIZE)]
    return [CARD_TEXTS[c] for c in iter_cards(mask)]  # ids already run suit by suit


def deck_mask(decks: int) -> int:
    """All cards of one or two decks."""
    return FULL_DECK if decks == 1 else FULL_DECK | (FULL_DECK << DECK_SIZE)
