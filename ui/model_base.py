"""What every part of the table's view model shares: card faces, buttons,
seat names and places, bid texts.

Pure Python (no browser import), like the rest of the view model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.cards import (
    DECK_SIZE,
    iter_cards,
)

from .i18n import card_text, list_text, t

SUIT_LETTER = "CDHS"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_SHORT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Hand order, left to right: colours alternate and spades (trump) come last.
SUIT_ORDER = (1, 0, 2, 3)  # diamonds, clubs, hearts, spades
COMPASS = ("South", "South-west", "West", "North-west", "North", "North-east", "East", "South-east")
PASS_WORDS = {"left": "left", "right": "right", "across": "across", "hold": "no pass"}


@dataclass(frozen=True)
class CardFace:
    """A card as drawn anywhere: id, full name (the accessible name), index."""

    card: int
    name: str  # "Queen of spades"
    rank: str  # "Q", "10"
    suit: str  # "S", "H", "D", "C"
    red: bool


@dataclass(frozen=True)
class Choice:
    """A button: data-cmd / data-arg are what a click sends to the controller."""

    cmd: str
    arg: str
    label: str
    enabled: bool = True
    pressed: bool | None = None  # a toggle's state, None for a plain button
    group: str = ""
    primary: bool = False
    hinted: bool = False  # the hint points at this choice


# --------------------------------------------------------------------- cards


def face(c: int) -> CardFace:
    suit = (c % DECK_SIZE) // 13
    return CardFace(c, card_text(c), RANK_SHORT[c % 13], SUIT_LETTER[suit], suit in (1, 2))


def sort_key(c: int) -> tuple[int, int, int]:
    base = c % DECK_SIZE
    return (SUIT_ORDER.index(base // 13), base % 13, c // DECK_SIZE)


def sorted_cards(mask: int) -> list[int]:
    return sorted(iter_cards(mask), key=sort_key)


def names_text(cards: list[int]) -> str:
    """'the 2 of clubs, the Queen of spades and the 9 of hearts'"""
    return list_text([card_text(c, "the") for c in cards])


# --------------------------------------------------------------------- seats


def seat_angle(seat: int, players: int, human: int = 0) -> float:
    """Degrees clockwise from the bottom of the screen, the human at 0."""
    return 360.0 * ((seat - human) % players) / players


def seat_names(players: int) -> list[str]:
    """'You' and a compass name for every other seat, by where it sits.

    >>> seat_names(4)
    ['You', 'West', 'North', 'East']
    >>> seat_names(3)
    ['You', 'North-west', 'North-east']
    """
    names = [t("seat.you")]
    for s in range(1, players):
        names.append(t(f"compass.{round(seat_angle(s, players) / 45) % 8}"))
    return names


def seat_tags(players: int, names: list[str]) -> list[str]:
    """A short tag per seat for where words must be few (a trick's card on a
    phone): a compass name as its letters, any other name as it is.

    >>> seat_tags(6, ["You", "South-west", "Ana", "North", "North-east", "South-east"])
    ['You', 'SW', 'Ana', 'N', 'NE', 'SE']
    """
    usual = seat_names(players)
    tags = []
    for s, name in enumerate(names):
        if s and s < players and name == usual[s]:
            name = t(f"compass.short.{round(seat_angle(s, players) / 45) % 8}")
        tags.append(name)
    return tags


def player_names(players: int, custom: tuple[str, ...] = ()) -> list[str]:
    """The seat names, with the names the player gave (settings ``names``) where given.

    >>> player_names(4, ("Ana", "", "Bob"))
    ['Ana', 'West', 'Bob', 'East']
    """
    padded = tuple(custom) + ("",) * players
    return [given or usual for usual, given in zip(seat_names(players), padded)]


def position(angle: float, rx: float, ry: float) -> tuple[float, float]:
    a = math.radians(angle)
    return round(50 - rx * math.sin(a), 1), round(50 + ry * math.cos(a), 1)


def side_name(v: Any, side: int, names: list[str]) -> str:
    seats = [s for s in range(v.players) if v.side_of(s) == side]
    return " & ".join(names[s] for s in seats)


def bid_text(value: int | None, suit: int | None) -> str:
    if value is None:
        return ""
    if value == 0:
        return t("bid.nil_text")
    if value == -1:
        return t("bid.blind_nil_text")
    if suit is not None:
        return t("bid.auction_text", n=value, suit=suit)
    return str(value)


