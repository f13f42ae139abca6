"""The statistics and the finished games kept: :class:`Results`, the part of
:class:`ui.saves.manager.Saves` that counts each game once when it ends (or
is abandoned) and keeps it in the list of finished games, for the Saves &
stats dialog and its downloads.

Apart from the manager because it reads and writes only the ``stats`` and
``history`` keys, each through its own pure functions of ui/saves/data.py,
and never the game in progress: a change to what is counted is made here
without reading autosave or resume. A watched game counts in nothing.
Tested under CPython in tests/ui/test_saves_statistics.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.save import match_to_dict
from game.state import Match

from .data import (
    COUNTED_IDS,
    add_result,
    describe,
    empty_stats,
    game_result,
    settings_to_dict,
    trim_history,
    valid_history,
    valid_stats,
)
from .store import StorageError, Store, log_error

if TYPE_CHECKING:
    from .panel import Button


class Results:
    """Statistics and finished games: a mixin of :class:`ui.saves.manager.Saves`,
    over the store, controller and game id the manager holds."""

    store: Store
    controller: Any
    enabled: bool  # False once storage is unavailable: nothing is read or counted
    game_id: str  # the game on the table, as counted ("counted" in the statistics)

    if TYPE_CHECKING:  # the manager's own, for the problems met on the way
        def _failed(self, error: StorageError) -> None: ...
        def _set_aside_games(self, history: dict[str, Any], problems: list[str]) -> list[dict[str, Any]]: ...
        def _report(self, problems: list[str], buttons: list[Button]) -> None: ...

    def stats(self) -> dict[str, Any]:
        """The statistics kept, or empty ones when there are none or storage is off."""
        if not self.enabled:
            return empty_stats()
        try:
            loaded = self.store.load("stats", valid_stats)
        except StorageError:
            return empty_stats()
        return loaded.data or empty_stats()

    def _add_stats(self, game: str, result: dict[str, Any], game_id: str | None = None) -> None:
        if not self.enabled:
            return
        try:
            loaded = self.store.load("stats", valid_stats)
            if loaded.problem and loaded.raw is not None:
                self.store.quarantine("stats", loaded.raw, loaded.problem)
            stats = loaded.data or empty_stats()
            if game_id is not None:
                if game_id in stats["counted"]:
                    return
                stats["counted"] = [*stats["counted"], game_id][-COUNTED_IDS:]
            self.store.save("stats", add_result(stats, game, result))
        except StorageError as e:
            self._failed(e)

    def _finish(self, m: Match) -> None:
        """A game just ended (or was found ended): count it once, keep it in the
        history. A watched game (ui/controller.py ``watched``) is neither."""
        if self.controller.watched:
            return
        stats = self.stats()
        if self.game_id in stats["counted"]:
            return
        try:
            result = game_result(m, self.controller.ui.human)
        except Exception:
            log_error()
            return
        self._add_stats(m.game, result, self.game_id)
        self._remember(m)

    def _remember(self, m: Match) -> None:
        entry = {
            "id": self.game_id,
            "game": m.game,
            "at": self.store.now(),
            "summary": describe(m),
            "settings": settings_to_dict(self.controller.settings),
            "match": match_to_dict(m),
        }
        try:
            loaded = self.store.load("history", valid_history)
            problems: list[str] = []
            games = self._set_aside_games(loaded.data, problems) if loaded.data else []
            games = [g for g in games if not isinstance(g, dict) or g.get("id") != self.game_id]
            self.store.save("history", {"games": trim_history([entry, *games])})
            if problems:
                self._report(problems, [])
        except StorageError as e:
            self._failed(e)

    def history(self) -> list[dict[str, Any]]:
        """The finished games kept, newest first (none when storage cannot be read)."""
        try:
            loaded = self.store.load("history", valid_history)
        except StorageError:
            return []
        return (loaded.data or {"games": []})["games"]
