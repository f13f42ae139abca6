"""Game settings: what the New game dialog edits, and what starts a match.

Pure Python (no browser import): the dialog's state is a :class:`Settings`
value, every edit is a function returning a new one, and the engine's own
rule classes validate the result, so the dialog can never start a match the
engine would refuse.

>>> s = Settings()
>>> s.game, s.preset, s.players, s.levels
('hearts', 'standard', 4, ('normal', 'normal', 'normal'))
>>> s = set_game(s, "spades")
>>> s.preset, s.options["nil"], s.target
('partnership', True, 500)
>>> s = set_option(s, "players", "3")
>>> s.players, s.options["partnership"], len(s.levels)
(3, False, 2)
>>> rules_for(s).players
3
>>> from_query("?game=spades&preset=classic&players=2&speed=instant&target=50").target
50
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from game.bots import LEVELS
from game.errors import RulesError
from game.rules import PRESETS, preset, rules_from_dict

from .i18n import LANGUAGES

if TYPE_CHECKING:
    from collections.abc import Collection

GAMES = ("hearts", "spades")

GAME_NAMES = {"hearts": "Hearts", "spades": "Spades"}
DEFAULT_PRESET = {"hearts": "standard", "spades": "partnership"}
PLAYER_COUNTS = {"hearts": (3, 4, 5, 6, 7, 8), "spades": (2, 3, 4, 5)}
# The computer players' levels are the bots' own list (game/bots).
LEVEL_NAMES = {
    "random": "Random (any legal card)",
    "easy": "Easy",
    "normal": "Normal",
    "hard": "Hard (thinks longer)",
}
PRESET_NOTES = {
    ("spades", "classic"): "4 players each for themselves, bids 1 to 13, to 500.",
    ("spades", "lenient"): "As classic, but a failed contract scores 0.",
    ("spades", "partnership"): "2 against 2, nil and blind nil, 10 bags cost 100, to 500.",
    ("spades", "cutthroat"): "As partnership, but every seat for itself.",
    ("hearts", "classic"): "Pass 3 cards, hearts break on a lead, moon gives 26 to the others.",
    ("hearts", "standard"): "Classic plus no points on the first trick.",
    ("hearts", "omnibus"): "Standard plus the jack of diamonds worth -10.",
}


@dataclass(frozen=True)
class Speed:
    name: str
    label: str
    bot_ms: int  # pause before each bot action
    trick_ms: int  # how long a finished trick stays on the table
    cut_ms: int  # pause for each cut card and before each deal


SPEEDS = {
    s.name: s
    for s in (
        Speed("slow", "Slow", 1300, 2200, 700),
        Speed("normal", "Normal", 750, 1400, 450),
        Speed("fast", "Fast", 300, 700, 200),
        Speed("instant", "Instant", 0, 0, 0),
    )
}

# How the cards are coloured: a display choice, not a rule (ui/dom.py sets a
# CSS class on the table; assets/baza.css has the colours).
DECKS = {
    "two": "Two colours (red and black)",
    "four": "Four colours (clubs green, diamonds blue)",
}

NAME_CHARS = 20  # a player's name, at most
TRICK_CLEAR = ("pause", "click")  # how a finished trick leaves the table


def slug(text: str) -> str:
    """A catalogue key made from an English title: "End of the game" -> "end_of_the_game"."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def clean_name(value: object) -> str:
    """A name as typed: text only (no control characters, spaces collapsed), at most NAME_CHARS.

    >>> clean_name("  Ana   Maria ")
    'Ana Maria'
    """
    if not isinstance(value, str):
        return ""
    text = "".join(ch if ch.isprintable() else " " for ch in value)
    return " ".join(text.split())[:NAME_CHARS]


@dataclass(frozen=True)
class OptionSpec:
    """One option of RULES.md as the dialog shows it."""

    name: str
    label: str
    help: str  # one line: what it does
    kind: str  # "bool", "int" or "choice"
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for "choice"
    low: int = 0
    high: int = 0
    step: int = 1


def _choice(name: str, label: str, help: str, *choices: tuple[str, str]) -> OptionSpec:
    return OptionSpec(name, label, help, "choice", tuple(choices))


def _int(name: str, label: str, help: str, low: int, high: int, step: int = 1) -> OptionSpec:
    return OptionSpec(name, label, help, "int", (), low, high, step)


def _bool(name: str, label: str, help: str) -> OptionSpec:
    return OptionSpec(name, label, help, "bool")


# Every option of RULES.md except `players` and `target` (asked separately),
# grouped the way a player thinks about them.
OPTION_GROUPS: dict[str, tuple[tuple[str, tuple[OptionSpec, ...]], ...]] = {
    "spades": (
        ("Sides", (
            _bool("partnership", "Partnership", "4 players: you and North against West and East."),
        )),
        ("Bidding", (
            _bool("nil", "Nil", "A bid of 0 tricks: +100 if you take none, else -100."),
            _bool("blind_nil", "Blind nil", "Nil bid before seeing your cards: +200 or -200."),
            _int("blind_nil_behind", "Blind nil only when behind by",
                 "Blind nil is allowed only to a side trailing by this many points (0 = always).",
                 0, 1000, 50),
            _bool("auction", "Auction Spades", "Each bid names a trump suit; the highest bid sets trump."),
        )),
        ("Play", (
            _choice("first_lead", "First lead", "Who leads the first trick of a hand.",
                    ("left_of_dealer", "Left of the dealer"), ("two_of_clubs", "The 2 of clubs")),
        )),
        ("Scoring", (
            _choice("failed_contract", "Failed contract", "What a side scores when it takes fewer tricks than it bid.",
                    ("minus_bid", "Lose 10 per trick bid"), ("zero", "Score 0")),
            _int("overtrick_points", "Points per overtrick", "Each trick over the bid scores this (0 or 1).", 0, 1),
            _bool("thirteen_double", "13 for 13 scores double",
                  "A side that bids all 13 tricks and takes them scores double."),
            _bool("thirteen_fail_bags", "Failed 13 adds 13 bags", "A failed bid of all 13 tricks also adds 13 bags."),
        )),
        ("Bags", (
            _int("bag_limit", "Bag limit", "Every this many overtricks (bags) costs the penalty (0 = off).", 0, 100),
            _int("bag_penalty", "Bag penalty", "Points lost each time the bag limit is reached.", 0, 1000, 10),
        )),
        ("End of the game", (
            _int("mercy", "Mercy score", "A side at or below this score loses at once (0 = off).", -1000, 0, 50),
        )),
    ),
    "hearts": (
        ("Deal", (
            _choice("odd_cards", "Uneven deal", "When the deck does not divide evenly among the players.",
                    ("double_first", "Deal all; extra cards play twice in trick 1"),
                    ("remove", "Remove low cards so hands are equal")),
        )),
        ("Passing", (
            _int("pass_count", "Cards to pass", "Cards each player passes before play (0 = no passing).", 0, 12),
            _choice("pass_cycle", "Pass directions", "The directions passes go, hand after hand.",
                    ("", "Usual for the player count"),
                    ("left,across,right,hold", "Left, across, right, hold (4 players)"),
                    ("left,right,across,hold", "Left, right, across, hold (4 players)"),
                    ("left,right,hold", "Left, right, hold"),
                    ("left,right", "Left, right"),
                    ("left", "Always left"),
                    ("right", "Always right"),
                    ("across", "Always across (4 players)")),
        )),
        ("Play", (
            _choice("hearts_broken", "Hearts broken", "When hearts may be led or discarded.",
                    ("lead", "No heart lead until a heart is played"),
                    ("discard", "No heart discard until hearts are led"),
                    ("none", "Hearts any time")),
            _bool("no_points_first_trick", "No points on the first trick",
                  "No heart or queen of spades on the first trick, unless there is no other choice."),
            _bool("queen_breaks_hearts", "Queen breaks hearts", "Playing the queen of spades also breaks hearts."),
        )),
        ("Scoring", (
            _choice("moon", "Shooting the moon", "Taking every heart and the queen of spades.",
                    ("others_26", "Everyone else gets 26"),
                    ("choose", "Shooter chooses: others +26 or self -26")),
            _bool("jack_of_diamonds", "Jack of diamonds -10",
                  "Whoever takes the jack of diamonds scores -10 (Omnibus)."),
        )),
    ),
}
OPTION_SPECS = {g: {o.name: o for _, group in groups for o in group} for g, groups in OPTION_GROUPS.items()}
TARGET_HELP = {
    "spades": "The game ends after a hand in which a side reaches this score; highest wins.",
    "hearts": "The game ends when a player reaches this score; lowest wins.",
}
TARGET_CHOICES = {"spades": (100, 200, 300, 500), "hearts": (50, 100)}


@dataclass(frozen=True)
class Settings:
    """Everything that starts a match: the game, its rules, the bots, the pace.

    ``options`` holds every rule option except ``players`` and ``target``,
    by its RULES.md name; ``levels`` is the bot level of seats 1..n-1.
    """

    game: str = "hearts"
    preset: str = "standard"
    players: int = 4
    target: int = 100
    options: dict[str, Any] = field(default_factory=lambda: preset_options("hearts", "standard"))
    levels: tuple[str, ...] = ("normal", "normal", "normal")
    speed: str = "normal"
    deck: str = "two"  # a key of DECKS
    lang: str = ""  # a key of ui.i18n.LANGUAGES; "" follows the browser's language
    strict: bool = False  # strict play: no undo
    sound: bool = False  # sounds are off unless the player turns them on
    trick_clear: str = "pause"  # a finished trick leaves after a pause, or on a "click"
    names: tuple[str, ...] = ()  # a name per seat (0 is you); "" keeps the usual one
    seed: int | None = None  # None: a fresh random seed for each match
    # Watch mode: a computer player in every seat, seat 0's at ``level0``;
    # ``face_up`` shows the other seats' hands too (the watcher's choice).
    watch: bool = False
    level0: str = "normal"
    face_up: bool = False

    def __hash__(self) -> int:  # options is a dict; settings are compared, rarely hashed
        return hash((self.game, self.preset, self.players, self.target, tuple(sorted(self.options.items()))))


def preset_options(game: str, name: str) -> dict[str, Any]:
    """The options of a preset (players and target left out), pass_cycle as text."""
    d = preset(game, name).to_dict()
    d.pop("players")
    d.pop("target")
    if game == "hearts":
        d["pass_cycle"] = ""  # "usual for the player count"
    return d


def set_game(s: Settings, game: str) -> Settings:
    """Another game: its default preset and 4 players; the table's own
    choices (speed, cards, language, sounds, names, watching...) stay.

    >>> s = set_game(dataclasses.replace(Settings(), deck="four", lang="sv", sound=True), "spades")
    >>> s.preset, s.deck, s.lang, s.sound
    ('partnership', 'four', 'sv', True)
    """
    if game not in GAMES or game == s.game:
        return s
    players = 4
    p = DEFAULT_PRESET[game]
    return dataclasses.replace(
        s,
        game=game,
        preset=p,
        players=players,
        target=preset(game, p).target,
        options=preset_options(game, p),
        levels=_levels(s.levels, players),
        names=s.names[:players],
    )


def set_preset(s: Settings, name: str) -> Settings:
    """A preset resets every option (the player count stays where it fits)."""
    if name not in PRESETS[s.game]:
        return s
    options = preset_options(s.game, name)
    players = s.players
    if options.get("partnership"):
        players = 4
    return dataclasses.replace(
        s, preset=name, options=options, players=players, target=preset(s.game, name).target,
        levels=_levels(s.levels, players),
    )


def _levels(levels: tuple[str, ...], players: int) -> tuple[str, ...]:
    fill = levels[-1] if levels else "normal"
    return tuple(levels[:players - 1]) + (fill,) * max(0, players - 1 - len(levels))


def _parse_value(spec: OptionSpec, raw: object) -> Any:
    if spec.kind == "bool":
        if isinstance(raw, bool):
            return raw
        return str(raw).lower() in ("true", "1", "on", "yes")
    if spec.kind == "int":
        try:
            number = int(str(raw).strip())
        except ValueError:
            raise RulesError(f"{spec.label} must be a whole number.") from None
        return number
    value = str(raw)
    if value not in {v for v, _ in spec.choices}:
        raise RulesError(f"{spec.label}: {value!r} is not one of the choices.")
    return value


def set_option(s: Settings, name: str, raw: object) -> Settings:
    """Set one option from the dialog's text value (checkbox "true"/"false").

    Changing the player count fixes what depends on it: partnership needs 4
    players, passing across too, and the bot list follows the seats. A value
    of the wrong type raises :class:`RulesError` with a sentence.
    """
    if name == "players":
        try:
            players = int(str(raw))
        except ValueError:
            raise RulesError("The number of players must be a whole number.") from None
        if players not in PLAYER_COUNTS[s.game]:
            counts = PLAYER_COUNTS[s.game]
            raise RulesError(f"{GAME_NAMES[s.game]} is for {counts[0]} to {counts[-1]} players.")
        options = dict(s.options)
        if s.game == "spades" and players != 4:
            options["partnership"] = False
        if s.game == "hearts" and players != 4 and "across" in options.get("pass_cycle", ""):
            options["pass_cycle"] = ""
        if s.game == "hearts":
            smallest = (104 if players >= 6 else 52) // players
            options["pass_count"] = min(options["pass_count"], smallest - 1)
        return dataclasses.replace(s, players=players, options=options, levels=_levels(s.levels, players))
    if name == "target":
        try:
            target = int(str(raw).strip())
        except ValueError:
            raise RulesError("The target score must be a whole number.") from None
        return dataclasses.replace(s, target=target)
    if name == "speed":
        return dataclasses.replace(s, speed=str(raw)) if raw in SPEEDS else s
    if name == "deck":
        return dataclasses.replace(s, deck=str(raw)) if raw in DECKS else s
    if name == "strict":
        return dataclasses.replace(s, strict=str(raw).lower() == "true")
    if name in ("watch", "face_up"):
        switch: dict[str, Any] = {name: str(raw).lower() in ("true", "1", "on", "yes")}
        return dataclasses.replace(s, **switch)
    if name == "level0":
        return dataclasses.replace(s, level0=str(raw)) if raw in LEVELS else s
    if name == "trick_clear":
        return dataclasses.replace(s, trick_clear=str(raw)) if raw in TRICK_CLEAR else s
    if name.startswith("name") and name[4:].isdigit():
        seat = int(name[4:])
        if seat >= s.players:
            return s
        names = list(s.names[: s.players]) + [""] * max(0, s.players - len(s.names))
        names[seat] = clean_name(raw)
        return dataclasses.replace(s, names=tuple(names))
    if name.startswith("level"):
        try:
            seat = int(name[5:])
        except ValueError:
            return s
        if raw not in LEVELS or not 1 <= seat < s.players:
            return s
        levels = list(s.levels)
        levels[seat - 1] = str(raw)
        return dataclasses.replace(s, levels=tuple(levels))
    spec = OPTION_SPECS[s.game].get(name)
    if spec is None:
        raise RulesError(f"Unknown {s.game} option {name!r}.")
    options = {**s.options, name: _parse_value(spec, raw)}
    players = s.players
    if name == "partnership" and options[name]:
        players = 4
    return dataclasses.replace(s, options=options, players=players, levels=_levels(s.levels, players))


def rules_dict(s: Settings) -> dict[str, Any]:
    """The options as the engine takes them (RULES.md names and JSON types)."""
    d = {**s.options, "players": s.players, "target": s.target}
    if s.game == "hearts":
        cycle = d.pop("pass_cycle", "")
        if cycle:
            d["pass_cycle"] = cycle.split(",")
    return d


def rules_for(s: Settings):
    """The engine's rule set for these settings (raises RulesError with a sentence)."""
    return rules_from_dict(s.game, rules_dict(s))


def check(s: Settings) -> str:
    """Why these settings cannot start a game, or "" when they can."""
    try:
        rules_for(s)
    except RulesError as error:
        return str(error)
    return ""


def query_preferences(query: str) -> dict[str, str]:
    """The table preferences a URL query names and Baza knows: ``lang``,
    ``speed``, ``deck`` (the last value of each wins). Unlike the rules of
    a game, they apply to a resumed game too.

    >>> query_preferences("?speed=fast&deck=four&lang=sv&game=spades")
    {'lang': 'sv', 'speed': 'fast', 'deck': 'four'}
    >>> query_preferences("?speed=warp&deck=&lang=xx")
    {}
    """
    params = parse_qs(query.lstrip("?"))
    known: dict[str, Collection[str]] = {"lang": LANGUAGES, "speed": SPEEDS, "deck": DECKS}
    return {key: params[key][-1] for key, values in known.items() if key in params and params[key][-1] in values}


# A seed in a link: plain ASCII digits, and few enough that int() is quick
# (Python refuses to convert more than 4300 digits, and a seed needs 20).
SEED = re.compile(r"[0-9]{1,30}")


def from_query(query: str, base: Settings | None = None) -> Settings:
    """Settings from URL parameters: game, preset, players, target, speed,
    deck (two or four colours), lang (en, es, pt, sv), level (every bot), seed,
    watch (1: every seat a computer player) and faceup (1: every hand shown
    while watching). Anything unknown or refused is ignored, so a bad link
    still opens a working table.

    >>> s = from_query("?watch=1&faceup=1&level=hard&speed=fast")
    >>> s.watch, s.face_up, s.level0, s.levels
    (True, True, 'hard', ('hard', 'hard', 'hard'))
    """
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    s = base or Settings()
    steps = [
        ("game", lambda s, v: set_game(s, v)),
        ("preset", lambda s, v: set_preset(s, v)),
        ("players", lambda s, v: set_option(s, "players", v)),
        ("target", lambda s, v: set_option(s, "target", v)),
        ("speed", lambda s, v: set_option(s, "speed", v)),
        ("deck", lambda s, v: set_option(s, "deck", v)),
        ("lang", lambda s, v: dataclasses.replace(s, lang=v) if v in LANGUAGES else s),
        ("level", lambda s, v: dataclasses.replace(s, levels=(v,) * (s.players - 1), level0=v) if v in LEVELS else s),
        ("seed", lambda s, v: dataclasses.replace(s, seed=int(v)) if SEED.fullmatch(v) else s),
        ("watch", lambda s, v: set_option(s, "watch", v)),
        ("faceup", lambda s, v: set_option(s, "face_up", v)),
    ]
    for key, step in steps:
        if key in params:
            try:
                changed = step(s, params[key])
            except (RulesError, ValueError):
                continue
            if not check(changed):
                s = changed
    return s
