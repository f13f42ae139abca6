"""The rules page of each game: how to play, written for players, and the
options in force in the match on the table (the same list as the side
panel, read from the engine's rule set by the same option names).

Pure Python like the rest of the view model; every word comes from the
catalogue of ui/i18n.py, so the page is in the language of the table.

>>> from game.rules import preset
>>> page = build_help(preset("hearts", "omnibus"))
>>> page.title, page.sections[0][0]
('How to play Hearts', 'The aim')
>>> dict(page.options)["Jack of diamonds -10"]
'on'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .i18n import catalogue, option_choice_label, option_label, t
from .settings import OPTION_GROUPS

SECTIONS = 8  # at most this many headed paragraphs a game


@dataclass(frozen=True)
class HelpPage:
    title: str
    sections: tuple[tuple[str, str], ...]  # (heading, paragraph)
    options_title: str
    options: tuple[tuple[str, str], ...]  # the options in force: (name, value)


def build_help(rules: Any) -> HelpPage:
    """The rules page for ``rules`` (the match's engine rule set)."""
    game = rules.game
    english = catalogue("en")
    sections = tuple(
        (t(f"help.{game}.h{i}"), t(f"help.{game}.t{i}"))
        for i in range(1, SECTIONS + 1)
        if f"help.{game}.h{i}" in english
    )
    return HelpPage(t(f"help.{game}.title"), sections, t("help.options"), rules_lines(rules))


# The options in force: the rules page's table, and the table's rules panel.


def _rule_value(spec: Any, value: Any) -> str:
    if spec.kind == "bool":
        return t("rules.on") if value else t("rules.off")
    if spec.kind == "choice":
        if isinstance(value, tuple):
            return ", ".join(value) if value else t("rules.none")
        return option_choice_label(spec, value)
    return str(value)


def rules_lines(rules: Any) -> tuple[tuple[str, str], ...]:
    """Every option in force, read from the engine's rule set."""
    out = [(t("rules.players"), str(rules.players)), (t("rules.target"), str(rules.target))]
    for _, group in OPTION_GROUPS[rules.game]:
        for spec in group:
            value = getattr(rules, spec.name)
            if spec.name == "pass_cycle":
                out.append((option_label(spec), ", ".join(t("dir." + d) for d in value)))
            else:
                out.append((option_label(spec), _rule_value(spec, value)))
    return tuple(out)
