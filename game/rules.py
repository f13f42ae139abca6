"""Rule sets: frozen, keyword-only option sets named as in docs/RULES.md.

>>> r = preset("spades", "partnership")
>>> r.partnership, r.bag_limit, r.first_lead
(True, 10, 'two_of_clubs')
>>> preset("hearts", "standard", players=5).pass_cycle
('left', 'right', 'hold')
>>> rules_from_dict("hearts", {"moon": "choose"}).moon
'choose'
>>> rules_from_dict("hearts", {"jack_of_diamonds": 1})
Traceback (most recent call last):
...
game.errors.RulesError: Option 'jack_of_diamonds' must be true or false, not 1.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .errors import RulesError

FIRST_LEADS = ("left_of_dealer", "two_of_clubs")
FAILED_CONTRACTS = ("minus_bid", "zero")
ODD_CARDS = ("double_first", "remove")
HEARTS_BROKEN = ("lead", "discard", "none")
MOONS = ("others_26", "choose")
PASS_DIRECTIONS = ("left", "across", "right", "hold")
PASS_OFFSETS = {"left": 1, "across": 2, "right": -1}  # seats clockwise to the receiver


def _check_type(name: str, value: object, kind: type) -> None:
    # bool is a subclass of int in Python, but `true` is not `1` in a rule set.
    if kind is bool:
        ok = isinstance(value, bool)
        want = "true or false"
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        want = "a whole number"
    elif kind is str:
        ok = isinstance(value, str)
        want = "text"
    else:
        ok = isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
        want = "a list of directions"
    if not ok:
        raise RulesError(f"Option {name!r} must be {want}, not {value!r}.")


def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise RulesError(f"Option {name!r} must be one of {', '.join(choices)}, not {value!r}.")


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise RulesError(f"Option {name!r} must be from {low} to {high}, not {value}.")


@dataclass(frozen=True, kw_only=True)
class SpadesRules:
    """Spades options (docs/RULES.md, "Spades")."""

    players: int = 4  # 2 to 5; 2 players draw from a stock instead of a deal
    partnership: bool = False  # 4 players only: seats 0+2 against 1+3
    target: int = 500  # the game ends after a hand in which a side reaches this
    first_lead: str = "left_of_dealer"  # or "two_of_clubs"
    nil: bool = False  # a bid of 0 tricks is allowed
    blind_nil: bool = False  # nil declared before looking at the cards
    blind_nil_behind: int = 100  # blind nil only when the side trails by this much; 0 = always
    failed_contract: str = "minus_bid"  # "minus_bid": -10 x bid; "zero": 0
    overtrick_points: int = 1  # points per trick over the bid (each is also a bag)
    bag_limit: int = 0  # every bag_limit bags cost bag_penalty; 0 = off
    bag_penalty: int = 100
    thirteen_double: bool = False  # a side that bids all the tricks and wins them scores double
    thirteen_fail_bags: bool = False  # a failed bid of all the tricks also adds 13 bags
    mercy: int = 0  # a side at or below this score loses; 0 = off
    auction: bool = False  # Auction Spades: the highest bid names the trump suit

    game = "spades"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            _check_type(f.name, getattr(self, f.name), _TYPES[f.type])
        _check_range("players", self.players, 2, 5)
        if self.partnership and self.players != 4:
            raise RulesError(f"Partnership Spades needs 4 players, not {self.players}.")
        _check_choice("first_lead", self.first_lead, FIRST_LEADS)
        _check_choice("failed_contract", self.failed_contract, FAILED_CONTRACTS)
        _check_range("overtrick_points", self.overtrick_points, 0, 1)
        _check_range("target", self.target, 1, 100_000)
        _check_range("blind_nil_behind", self.blind_nil_behind, 0, 100_000)
        _check_range("bag_limit", self.bag_limit, 0, 1000)
        _check_range("bag_penalty", self.bag_penalty, 0, 100_000)
        _check_range("mercy", self.mercy, -100_000, 0)

    @property
    def sides(self) -> int:
        """How many scoring sides: 2 in a partnership, else one per seat."""
        return 2 if self.partnership else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    def to_dict(self) -> dict[str, Any]:
        """The options by their docs/RULES.md names, as JSON data."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


@dataclass(frozen=True, kw_only=True)
class HeartsRules:
    """Hearts options (docs/RULES.md, "Hearts")."""

    players: int = 4  # 3 to 8; 6 or more play with two decks
    pass_count: int = 3  # cards passed each hand; 0 = no passing
    pass_cycle: tuple[str, ...] = field(default=())  # empty: the default for the player count
    odd_cards: str = "double_first"  # or "remove" low cards so all hands are equal
    hearts_broken: str = "lead"  # or "discard" (seed 004's text) or "none"
    no_points_first_trick: bool = False  # no heart or queen of spades on the first trick
    queen_breaks_hearts: bool = False  # the queen of spades also breaks hearts
    moon: str = "others_26"  # or "choose": the shooter picks others +26 or self -26
    jack_of_diamonds: bool = False  # the jack of diamonds is worth -10 (Omnibus)
    target: int = 100  # the game ends when a seat reaches this; lowest score wins

    game = "hearts"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            _check_type(f.name, getattr(self, f.name), _TYPES[f.type])
        _check_range("players", self.players, 3, 8)
        if not self.pass_cycle:
            default = ("left", "across", "right", "hold") if self.players == 4 else ("left", "right", "hold")
            object.__setattr__(self, "pass_cycle", default)
        object.__setattr__(self, "pass_cycle", tuple(self.pass_cycle))
        for d in self.pass_cycle:
            _check_choice("pass_cycle", d, PASS_DIRECTIONS)
        if "across" in self.pass_cycle and self.players != 4:
            raise RulesError("Passing across needs 4 players.")
        _check_choice("odd_cards", self.odd_cards, ODD_CARDS)
        _check_choice("hearts_broken", self.hearts_broken, HEARTS_BROKEN)
        _check_choice("moon", self.moon, MOONS)
        _check_range("target", self.target, 1, 100_000)
        # Every seat keeps at least one card after passing.
        smallest_hand = (104 if self.players >= 6 else 52) // self.players
        _check_range("pass_count", self.pass_count, 0, smallest_hand - 1)

    @property
    def decks(self) -> int:
        return 2 if self.players >= 6 else 1

    @property
    def sides(self) -> int:
        return self.players

    def side_of(self, seat: int) -> int:
        return seat

    def to_dict(self) -> dict[str, Any]:
        """The options by their docs/RULES.md names, as JSON data."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        d["pass_cycle"] = list(self.pass_cycle)
        return d


Rules = SpadesRules | HeartsRules


def hearts_rules_of(rules: Rules) -> HeartsRules:
    """``rules`` as a Hearts game's, for the code that only Hearts runs.

    >>> hearts_rules_of(preset("spades", "classic"))
    Traceback (most recent call last):
    ...
    TypeError: A spades game has no Hearts rules.
    """
    if not isinstance(rules, HeartsRules):
        raise TypeError("A spades game has no Hearts rules.")
    return rules


def spades_rules_of(rules: Rules) -> SpadesRules:
    """``rules`` as a Spades game's, for the code that only Spades runs."""
    if not isinstance(rules, SpadesRules):
        raise TypeError("A hearts game has no Spades rules.")
    return rules
RULE_CLASSES: dict[str, type[SpadesRules] | type[HeartsRules]] = {
    "spades": SpadesRules,
    "hearts": HeartsRules,
}
# A field's type as its annotation's text (this module's annotations are strings).
_TYPES: dict[object, type] = {"int": int, "bool": bool, "str": str, "tuple[str, ...]": tuple}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "spades": {
        "classic": {},
        "lenient": {"failed_contract": "zero"},
        "partnership": {
            "partnership": True,
            "nil": True,
            "blind_nil": True,
            "bag_limit": 10,
            "bag_penalty": 100,
            "first_lead": "two_of_clubs",
            "thirteen_double": True,
        },
        "cutthroat": {
            "nil": True,
            "blind_nil": True,
            "bag_limit": 10,
            "bag_penalty": 100,
            "first_lead": "two_of_clubs",
            "thirteen_double": True,
        },
    },
    "hearts": {
        "classic": {},
        "standard": {"no_points_first_trick": True},
        "omnibus": {"no_points_first_trick": True, "jack_of_diamonds": True},
    },
}


def _rule_class(game: object) -> type[SpadesRules] | type[HeartsRules]:
    if not isinstance(game, str) or game not in RULE_CLASSES:
        raise RulesError(f"Unknown game {game!r}: choose spades or hearts.")
    return RULE_CLASSES[game]


def rules_from_dict(game: str, options: object) -> Rules:
    """A rule set from docs/RULES.md option names; a missing option takes its default."""
    cls = _rule_class(game)
    if not isinstance(options, dict):
        raise RulesError(f"The rules must be an object of options, not {type(options).__name__}.")
    known = {f.name for f in dataclasses.fields(cls)}
    for name in options:
        if name not in known:
            raise RulesError(f"Unknown {game} option {name!r}.")
    kwargs = dict(options)
    if "pass_cycle" in kwargs:
        _check_type("pass_cycle", kwargs["pass_cycle"], tuple)
        kwargs["pass_cycle"] = tuple(kwargs["pass_cycle"])
    return cls(**kwargs)


def preset(game: str, name: str, **overrides: Any) -> Rules:
    """A named preset of docs/RULES.md, with any options changed by keyword."""
    _rule_class(game)
    presets = PRESETS[game]
    if not isinstance(name, str) or name not in presets:
        raise RulesError(f"Unknown {game} preset {name!r}: choose {', '.join(presets)}.")
    return rules_from_dict(game, {**presets[name], **overrides})


class Switches(NamedTuple):
    """The rule switches of the play phase, read from a rule set once (see
    :attr:`game.state.Match.switches`).

    ``breaks_on_lead_only``: None in Spades (any trump played breaks trump),
    False in Hearts where any heart played breaks hearts, True under
    ``hearts_broken: discard`` (only a heart lead does). ``queen_breaks``: the
    Queen of spades breaks hearts too. ``two_decks``: two identical cards are
    one choice. ``plain_discards``: a seat void in the led suit may play any
    card (no Hearts rule limits discards).
    """

    breaks_on_lead_only: bool | None
    queen_breaks: bool
    two_decks: bool
    plain_discards: bool


def rule_switches(rules: Rules) -> Switches:
    """The play phase's rule switches of a rule set.

    >>> rule_switches(preset("hearts", "standard"))
    Switches(breaks_on_lead_only=False, queen_breaks=False, two_decks=False, plain_discards=False)
    >>> rule_switches(preset("spades", "classic")).breaks_on_lead_only is None
    True
    """
    if isinstance(rules, SpadesRules):
        return Switches(None, False, False, True)
    return Switches(
        breaks_on_lead_only=rules.hearts_broken == "discard",
        queen_breaks=rules.queen_breaks_hearts,
        two_decks=rules.decks == 2,
        # Discards are free unless a Hearts rule limits them.
        plain_discards=rules.hearts_broken != "discard" and not rules.no_points_first_trick,
    )
