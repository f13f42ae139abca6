"""Actions as small ints, and their JSON form in saves and records.

Cards are their own ids (0..103); everything else sits above them.

>>> action_to_json(parse_action("QS")), action_to_json(bid(7)), action_to_json(NIL_BID)
('QS', 7, 'nil')
>>> parse_action(7) == parse_action("7") == bid(7)
True
>>> from game.cards import HEARTS
>>> action_to_json(auction_bid(8, HEARTS))
[8, 'H']
>>> parse_action([8, "H"]) == auction_bid(8, HEARTS)
True
"""

from __future__ import annotations

from .cards import SUIT_LETTERS, card_text, parse_card
from .errors import IllegalAction

CUT = 190
DEAL = 191
KEEP = 192  # two-player Spades draw: keep the card you see
DISCARD = 193  # two-player Spades draw: throw it away and keep the next
MOON_OTHERS = 194  # the shooter gives 26 to every other seat
MOON_SELF = 195  # the shooter takes -26 instead
LOOK = 198  # look at your cards, giving up blind nil
BLIND_NIL_BID = 199
NIL_BID = 200
_BID_BASE = 200  # bid(n) = 200 + n
_AUCTION_BASE = 300  # auction_bid(n, suit) = 300 + 4n + suit

_WORDS = {
    CUT: "cut",
    DEAL: "deal",
    KEEP: "keep",
    DISCARD: "discard",
    MOON_OTHERS: "others_26",
    MOON_SELF: "self_minus_26",
    LOOK: "look",
    BLIND_NIL_BID: "blind_nil",
    NIL_BID: "nil",
}
_BY_WORD = {w: a for a, w in _WORDS.items()}


def bid(n: int) -> int:
    """The action of bidding ``n`` tricks (0 is nil)."""
    return _BID_BASE + n


def auction_bid(n: int, suit: int) -> int:
    """Auction Spades: bid ``n`` tricks with ``suit`` as trump."""
    return _AUCTION_BASE + 4 * n + suit


def is_card(action: int) -> bool:
    return 0 <= action < 104


def bid_value(action: int) -> int:
    """The tricks of a plain bid action (0 = nil, -1 = blind nil)."""
    if action == BLIND_NIL_BID:
        return -1
    if action >= _AUCTION_BASE:
        return (action - _AUCTION_BASE) // 4
    return action - _BID_BASE


def auction_suit(action: int) -> int | None:
    return (action - _AUCTION_BASE) % 4 if action >= _AUCTION_BASE else None


def is_bid(action: int) -> bool:
    return action == BLIND_NIL_BID or _BID_BASE <= action < _BID_BASE + 18 or action >= _AUCTION_BASE


def action_to_json(action: int) -> str | int | list[object]:
    """The JSON form: ``"QS"``, ``7``, ``"nil"``, ``[8, "H"]``, ``"deal"`` ..."""
    if is_card(action):
        return card_text(action)
    if action in _WORDS:
        return _WORDS[action]
    if action >= _AUCTION_BASE:
        return [bid_value(action), SUIT_LETTERS[auction_suit(action) or 0]]
    return bid_value(action)


def parse_action(value: object) -> int:
    """The action of a JSON form. Cards parse to their first-deck id."""
    if isinstance(value, bool):
        raise IllegalAction(f"{value!r} is not an action.")
    if isinstance(value, int):
        if not 1 <= value <= 17:
            raise IllegalAction(f"A bid must be from 1 to 17 tricks, not {value}.")
        return bid(value)
    if isinstance(value, list) and len(value) == 2:
        n, suit = value
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 17:
            raise IllegalAction(f"An auction bid must be from 1 to 17 tricks, not {n!r}.")
        if not isinstance(suit, str) or suit.upper() not in SUIT_LETTERS:
            raise IllegalAction(f"An auction bid names a suit from SHDC, not {suit!r}.")
        return auction_bid(n, SUIT_LETTERS.index(suit.upper()))
    if isinstance(value, str):
        if value in _BY_WORD:
            return _BY_WORD[value]
        if value.isascii() and value.isdigit():
            return parse_action(int(value))
        try:
            return parse_card(value)
        except ValueError:
            pass
    raise IllegalAction(f"{value!r} is not an action: play a card like QS, bid a number, or say nil.")
