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

from .i18n import catalogue, t

SECTIONS = 8  # at most this many headed paragraphs a game


@dataclass(frozen=True)
class HelpPage:
    title: str
    sections: tuple[tuple[str, str], ...]  # (heading, paragraph)
    options_title: str
    options: tuple[tuple[str, str], ...]  # the options in force: (name, value)


def build_help(rules: Any) -> HelpPage:
    """The rules page for ``rules`` (the match's engine rule set)."""
    from .table_model import rules_lines

    game = rules.game
    english = catalogue("en")
    sections = tuple(
        (t(f"help.{game}.h{i}"), t(f"help.{game}.t{i}"))
        for i in range(1, SECTIONS + 1)
        if f"help.{game}.h{i}" in english
    )
    return HelpPage(t(f"help.{game}.title"), sections, t("help.options"), rules_lines(rules))
