"""The New game dialog's view model: every field of a draft of the settings.

Pure Python: ui/dom.py draws it as it is; the controller turns each change
into a new draft with ui/settings.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import PRESETS

from .i18n import option_choice_label, option_help, option_label, t
from .model_base import seat_names
from .settings import (
    GAME_NAMES,
    LEVELS,
    NAME_CHARS,
    OPTION_GROUPS,
    OPTION_SPECS,
    PLAYER_COUNTS,
    SPEEDS,
    TRICK_CLEAR,
    Settings,
    check,
    slug,
)


@dataclass(frozen=True)
class Field:
    key: str  # the option name (data-opt)
    label: str
    help: str
    kind: str  # "bool", "int", "choice", "text", or "tiles" (a choice as big buttons)
    value: str
    choices: tuple[tuple[str, str], ...] = ()
    enabled: bool = True
    low: int = 0
    high: int = 0  # "text": the most characters
    step: int = 1
    placeholder: str = ""
    notes: tuple[str, ...] = ()  # "tiles": a line under each choice's name


@dataclass(frozen=True)
class DialogModel:
    """The New game dialog: the game, its preset and the number of players
    as big buttons ("tiles"), and every other field folded under More
    options (shown while ``more`` is true; ``more_note`` says in one line
    what they hold now)."""

    game: Field
    preset: Field
    players: Field
    target: Field
    groups: tuple[tuple[str, tuple[Field, ...]], ...]
    bots: tuple[Field, ...]
    speed: Field
    error: str
    can_start: bool
    can_cancel: bool
    names: tuple[Field, ...] = ()  # the players' names (text)
    strict: Field | None = None  # strict play: no undo
    trick_clear: Field | None = None  # a finished trick leaves after a pause or a click
    more: bool = False  # More options unfolded
    more_note: str = ""


def _field_value(spec: Any, value: Any) -> str:
    if spec.kind == "bool":
        return "true" if value else "false"
    return str(value)


def option_name(game: str, name: str) -> str:
    """What the dialog calls the option or field ``name``, in the table's language."""
    if name in ("players", "target"):
        return t("rules." + name)
    spec = OPTION_SPECS[game].get(name)
    if spec is not None:
        return option_label(spec)
    if name == "level0":
        return t("compass.0")
    return t("dialog." + name) if name in ("speed", "strict", "trick_clear", "watch", "face_up") else name


def pass_limit(players: int) -> int:
    """The most cards a player may pass: one fewer than the smallest hand."""
    return (104 if players >= 6 else 52) // players - 1


def dialog_problem(draft: Settings) -> str:
    """Why the dialog's settings cannot start a game, in the table's language
    ("" when they can). The numbers a player types are checked here against
    each option's range; anything else the engine refuses is said in its words.
    """
    if not isinstance(draft.target, int) or draft.target < 1:
        return t("dialog.range_low", name=t("rules.target"), low=1)
    for spec in OPTION_SPECS[draft.game].values():
        value = draft.options.get(spec.name)
        high = pass_limit(draft.players) if spec.name == "pass_count" else spec.high
        if spec.kind == "int" and isinstance(value, int) and not spec.low <= value <= high:
            return t("dialog.range", name=option_label(spec), low=spec.low, high=high)
    return check(draft)


def watch_fields(draft: Settings) -> tuple[Field, ...]:
    """Watch mode's fields, first among the computer players: the choice to
    watch, and while it is on, South's level and whether every hand is shown."""
    fields = [Field("watch", t("dialog.watch"), t("dialog.watch_help"), "bool", "true" if draft.watch else "false")]
    if draft.watch:
        fields.append(Field("level0", t("compass.0"), "", "choice", draft.level0,
                            tuple((lv, t(f"level.{lv}.long")) for lv in LEVELS)))
        fields.append(Field("face_up", t("dialog.face_up"), t("dialog.face_up_help"), "bool",
                            "true" if draft.face_up else "false"))
    return tuple(fields)


def more_note(draft: Settings) -> str:
    """What More options holds now, in one line: the target, the computer
    players' levels and the speed ("Target score 100 · Computer players:
    Normal · Speed of play: Normal")."""
    levels = dict.fromkeys((draft.level0, *draft.levels) if draft.watch else draft.levels)
    return " · ".join((
        f"{t('rules.target')} {draft.target}",
        f"{t('dialog.bots')}: {', '.join(t('level.' + lv) for lv in levels)}",
        f"{t('dialog.speed')}: {t('speed.' + draft.speed)}",
    ))


def build_dialog(draft: Settings, error: str = "", can_cancel: bool = True, more: bool = False) -> DialogModel:
    """The New game dialog for a draft of the settings (``more``: More options unfolded)."""
    g = draft.game
    problem = error or dialog_problem(draft)
    names = seat_names(draft.players)
    groups = []
    for title, specs in OPTION_GROUPS[g]:
        fields = []
        for spec in specs:
            enabled = True
            help_t = option_help(spec)
            high = spec.high
            choices = tuple((value, option_choice_label(spec, value)) for value, _ in spec.choices)
            if spec.name == "partnership" and draft.players != 4:
                enabled = False
                help_t += " " + t("dialog.needs_4")
            if spec.name == "blind_nil_behind" and not draft.options.get("blind_nil"):
                enabled = False
            if spec.name == "bag_penalty" and not draft.options.get("bag_limit"):
                enabled = False
            if spec.name == "odd_cards" and (104 if draft.players >= 6 else 52) % draft.players == 0:
                enabled = False
                help_t += " " + t("dialog.divides")
            if spec.name == "pass_count":
                high = pass_limit(draft.players)
            if spec.name == "pass_cycle":
                choices = tuple(c for c in choices if draft.players == 4 or "across" not in c[0])
                if not draft.options.get("pass_count"):
                    enabled = False
            fields.append(Field(spec.name, option_label(spec), help_t, spec.kind,
                                _field_value(spec, draft.options.get(spec.name)), choices, enabled,
                                spec.low, high, spec.step))
        groups.append((t(f"group.{g}.{slug(title)}"), tuple(fields)))
    presets = tuple((p, t(f"preset.{g}.{p}")) for p in PRESETS[g])
    preset_notes = tuple(t(f"preset.{g}.{p}.note") for p in PRESETS[g])
    bots = tuple(
        Field(f"level{s}", names[s], "", "choice", draft.levels[s - 1],
              tuple((lv, t(f"level.{lv}.long")) for lv in LEVELS))
        for s in range(1, draft.players)
    )
    bots = watch_fields(draft) + bots
    usual = seat_names(draft.players)
    given = tuple(draft.names) + ("",) * draft.players
    name_fields = tuple(
        Field(f"name{s}", t("dialog.your_name") if s == 0 else t("dialog.name_for", name=usual[s]), "", "text",
              given[s],
              high=NAME_CHARS, placeholder=usual[s])
        for s in range(draft.players)
    )
    return DialogModel(
        game=Field("game", t("dialog.game"), "", "tiles", g, tuple((k, t("game." + k)) for k in GAME_NAMES)),
        preset=Field("preset", t("dialog.preset"), t("dialog.preset_help"), "tiles", draft.preset, presets,
                     notes=preset_notes),
        players=Field("players", t("rules.players"), t("dialog.players_help"), "tiles", str(draft.players),
                      tuple((str(n), str(n)) for n in PLAYER_COUNTS[g])),
        target=Field("target", t("rules.target"), t(f"target.help.{g}"), "int", str(draft.target), (), True, 1,
                     100_000, 10),
        groups=tuple(groups),
        bots=bots,
        speed=Field("speed", t("dialog.speed"), t("dialog.speed_help"), "choice",
                    draft.speed, tuple((k, t("speed." + k)) for k in SPEEDS)),
        strict=Field("strict", t("dialog.strict"), t("dialog.strict_help"), "bool",
                     "true" if draft.strict else "false"),
        trick_clear=Field("trick_clear", t("dialog.trick_clear"), t("dialog.trick_clear_help"), "choice",
                          draft.trick_clear, tuple((k, t("trick_clear." + k)) for k in TRICK_CLEAR)),
        error=problem,
        can_start=not problem,
        can_cancel=can_cancel,
        names=name_fields,
        more=more,
        more_note=more_note(draft),
    )

