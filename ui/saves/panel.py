"""What the page draws for saves, as frozen data: the note under the top
bar (:class:`Note`), the Saves & statistics dialog (:class:`Panel`, filled
by :func:`build_panel`) and a confirmation (:class:`Confirm`), with their
buttons. :class:`ui.saves.manager.Saves` makes them; ui/saves/dom.py draws them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import settings as S
from ..i18n import t
from . import store as ST


@dataclass(frozen=True)
class Button:
    cmd: str
    arg: str
    label: str
    primary: bool = False


@dataclass(frozen=True)
class Note:
    """The short line under the top bar (role="status"): news about saving."""

    text: str
    buttons: tuple[Button, ...] = ()
    level: str = "info"  # "info", "problem", or "quiet" (one calm line in a frame, not dismissed)
    own_tab: str = ""  # the words of a link that opens the game in a tab of its own ("": none)


@dataclass(frozen=True)
class StatLine:
    label: str
    values: tuple[str, ...]  # one per game of Panel.games


@dataclass(frozen=True)
class Entry:
    """A finished game or a save kept aside, with its buttons."""

    text: str
    detail: str
    at: int  # ms since 1970, drawn in the player's local time (0: unknown)
    buttons: tuple[Button, ...]


@dataclass(frozen=True)
class Panel:
    """The Saves & statistics dialog."""

    saving: str  # one line on whether and where games are saved
    current: str  # the game on the table
    games: tuple[str, ...]  # column heads: "Hearts", "Spades"
    stats: tuple[StatLine, ...]
    history: tuple[Entry, ...]
    quarantine: tuple[Entry, ...]
    message: str  # the outcome of the last import, or ""
    usage: str


@dataclass(frozen=True)
class Confirm:
    title: str
    text: str
    yes: Button
    no_label: str = dataclasses.field(default_factory=lambda: t("saves.cancel"))


def build_panel(
    *,
    saving: str,
    current: str,
    stats: dict[str, dict[str, Any]],
    history: list[dict[str, Any]],
    kept: list[dict[str, Any]],
    used: int,
    message: str,
) -> Panel:
    """The Saves & statistics dialog from what the store holds: ``stats`` per
    game (:func:`ui.saves.data.valid_stats`'s ``games``), the finished games
    kept, the saves kept aside and the characters in use."""
    games = S.GAMES
    lines = []

    def row(label: str, fn: Callable[[dict[str, Any], str], str]) -> None:
        lines.append(StatLine(label, tuple(fn(stats[g], g) for g in games)))

    row(t("saves.row.played"), lambda s, g: str(s["played"]))
    row(t("saves.row.won"), lambda s, g: str(s["won"]))
    row(t("saves.row.abandoned"), lambda s, g: str(s["abandoned"]))
    row(t("saves.row.hands"), lambda s, g: str(s["hands"]))
    row(t("saves.row.average"), lambda s, g: f"{s['points'] / s['hands']:.1f}" if s["hands"] else "—")
    row(t("saves.row.best"), lambda s, g: "—" if s["best"] is None else str(s["best"]))
    row(t("saves.row.worst"), lambda s, g: "—" if s["worst"] is None else str(s["worst"]))
    row(t("saves.row.nils"), lambda s, g: f"{s['nils_bid']} / {s['nils_made']}" if g == "spades" else "")
    row(t("saves.row.moons"), lambda s, g: str(s["moons"]) if g == "hearts" else "")
    finished = tuple(
        Entry(str(g.get("summary", t("game." + g["game"]))), "", int(g.get("at") or 0),
              (Button("export-h", str(i), t("saves.download")),))
        for i, g in enumerate(history)
    )
    quarantine = tuple(
        Entry(t(f"saves.kept.{q['kind']}" if q["kind"] in ST.WHAT else "saves.kept.data"),
              t("saves.kept.cut", reason=q["reason"], n=q["cut"]) if q.get("cut") else q["reason"],
              int(q.get("at") or 0),
              (Button("export-q", str(i), t("saves.download")), Button("drop-q", str(i), t("saves.delete"))))
        for i, q in enumerate(kept)
    )
    # Browsers keep localStorage text as UTF-16: two bytes a character.
    usage = t("saves.usage", kb=max(1, round(used * 2 / 1024))) if used else ""
    return Panel(saving, current, tuple(t("game." + g) for g in games), tuple(lines), finished, quarantine,
                 message, usage)


def boot_note(problems: list[str]) -> tuple[str, str, bool]:
    """The note's text for what reading the saves found, its level ("info" or
    "problem"), and whether it offers the first kept-aside save for download.
    ``problems`` names each finding ("match", "settings", "stats", "history",
    "<kind>-stuck", "history-game" and "kept-entries" once per game or entry,
    "migrated", "link", "unavailable").

    >>> text, level, download = boot_note(["history-game", "history-game"])
    >>> text.split(". ")[0], level, download
    ('2 finished games of the saved list could not be read', 'problem', True)
    """
    texts = []
    for kind in ("match", "settings", "stats", "history"):
        if kind in problems:
            texts.append(t(f"saves.note.{kind}"))
    games = problems.count("history-game")
    if games:
        texts.append(t("saves.note.history_games", n=games))
    entries = problems.count("kept-entries")
    if entries:
        texts.append(t("saves.note.kept_entries", n=entries))
    download = games > 0 or any(p in ("match", "settings", "stats", "history") for p in problems)
    if download:
        texts.append(t("saves.note.kept"))
    if any(p.endswith("-stuck") for p in problems):
        texts.append(t("saves.note.stuck"))
    for finding, key in (("migrated", "saves.note.migrated"), ("link", "saves.note.link"),
                         ("unavailable", "saves.note.stopped")):
        if finding in problems:
            texts.append(t(key))
    level = "info" if set(problems) <= {"migrated", "link"} else "problem"
    return " ".join(texts), level, download
