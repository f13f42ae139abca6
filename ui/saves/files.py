"""A game as a file, and back: :class:`Files`, the part of
:class:`ui.saves.manager.Saves` that writes the download of the game on the
table, of a finished game or of an unreadable save, and reads a file the
player picks, asking first when it would replace a game under way.

Apart from the manager because a file comes from outside the page's own
storage, written by anyone: it is checked whole (``read_import`` in
ui/saves/data.py) before anything changes, and a refused file says why and
loses nothing. Once accepted it goes on the table as a resumed game does,
through the manager. Tested under CPython in tests/ui/test_storage.py and
tests/ui/test_saves_*.py, in the page by tests/browser/test_storage_files.py.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from game.state import Match

from ..i18n import t
from . import store as ST
from .data import Position, describe, export_document, export_name, read_import, read_position, ui_state
from .panel import Button, Confirm, Note
from .store import SaveError, StorageError, Store, log_error

if TYPE_CHECKING:
    from .. import settings as S


class Files:
    """Export and import: a mixin of :class:`ui.saves.manager.Saves`, over
    the store, controller and dialog state the manager holds."""

    store: Store
    controller: Any
    game_id: str
    note_: Note | None
    panel_open: bool
    panel_message: str  # the dialog's last sentence: what became of the last file
    confirm_: Confirm | None
    _pending: Position | None  # an import waiting for its confirmation
    _match: Match | None  # the match object last saved
    _signature: Any  # what the last save was made of (None: save at the next sync)

    if TYPE_CHECKING:  # the manager's own (and ui/saves/results.py's)
        def _changed(self) -> None: ...
        def say(self, text: str, *buttons: Button, level: str = "info") -> None: ...
        def _put(self, pos: Position, note: str = "", dialog: bool = False) -> None: ...
        def sync(self) -> None: ...
        def _our_language(self, settings: S.Settings) -> S.Settings: ...
        def history(self) -> list[dict[str, Any]]: ...
        def _add_stats(self, game: str, result: dict[str, Any], game_id: str | None = None) -> None: ...

    def export_current(self) -> tuple[str, str]:
        """(file name, JSON text) of the match on the table."""
        c = self.controller
        at = self.store.now()
        doc = export_document(c.match, c.settings, ui_state(c), self.game_id, at)
        return export_name(c.match, at), json.dumps(doc, indent=1, ensure_ascii=False)

    def export_history(self, index: int) -> tuple[str, str] | None:
        """(file name, JSON text) of the finished game at ``index`` of the list,
        or None; one that cannot be read goes to the unreadable saves instead."""
        games = self.history()
        if not 0 <= index < len(games):
            return None
        g = games[index]
        try:
            pos = read_position({"match": g["match"], "settings": g.get("settings"), "id": g["id"]})
        except SaveError as e:
            # Nothing lost: the game's text goes to the unreadable saves, for download.
            try:
                self.store.quarantine("history", ST.dumps(g), str(e))
                self.store.save("history", {"games": [x for i, x in enumerate(games) if i != index]})
                self.panel_message = t("saves.history.unreadable", reason=e)
            except StorageError:
                self.panel_message = t("saves.history.unreadable_stuck", reason=e)
            self._changed()
            return None
        at = self.store.now()
        doc = export_document(pos.match, pos.settings, {}, pos.game_id, at)
        return export_name(pos.match, g.get("at", at)), json.dumps(doc, indent=1, ensure_ascii=False)

    def export_quarantined(self, index: int) -> tuple[str, str] | None:
        """(file name, text) of the unreadable save at ``index``, exactly as it was found."""
        try:
            items = self.store.quarantined()
        except StorageError:
            return None
        if not 0 <= index < len(items):
            return None
        item = items[index]
        stamp = time.strftime("%Y%m%d-%H%M", time.gmtime(item["at"] / 1000))
        return f"baza-unreadable-{item['kind']}-{stamp}.txt", item["raw"]

    def import_text(self, text: Any, name: str | None = None) -> bool:
        """A file the player picked. A refused file changes nothing and says why."""
        if name is None:
            name = t("saves.file.default")
        try:
            pos = read_import(text, self.controller.settings)
        except SaveError as e:
            self.import_said(t("saves.import.refused", name=name, reason=e), False)
            return False
        except Exception:
            log_error()
            self.import_said(t("saves.import.unreadable", name=name), False)
            return False
        m = self.controller.match
        if m is not None and m.phase != "game_over" and m.hand_number >= 1:
            self._clear_import_message()  # the last file's refusal is not this file's
            self._pending = pos
            text = "saves.import.same" if self._same_game(pos) else "saves.import.text"
            self.confirm_ = Confirm(t("saves.import.title"), t(text, game=describe(pos.match), current=describe(m)),
                                    Button("import-yes", "", t("saves.import.yes"), primary=True))
            self._changed()
            return True
        self._load(pos)
        return True

    def import_said(self, text: str, ok: bool) -> None:
        """What became of a file, in the dialog and in the note."""
        self.panel_message = text
        self.say(text, level="info" if ok else "problem")

    def _clear_import_message(self) -> None:
        """Take the last import's sentence off the dialog, and off the note if it is still there."""
        if self.panel_message and self.note_ is not None and self.note_.text == self.panel_message:
            self.say("")
        self.panel_message = ""

    def _same_game(self, pos: Position) -> bool:
        """True if ``pos`` is the game on the table: its id, or (a bare engine
        save has none) its rules and deal with one's moves leading to the other's."""
        m = self.controller.match
        if m is None:
            return False
        if pos.game_id == self.game_id:
            return True
        n = min(len(m.actions), len(pos.match.actions))
        return not m.custom_deal and pos.match.rules == m.rules and pos.match.seed == m.seed and \
            pos.match.actions[:n] == m.actions[:n]

    def _load(self, pos: Position) -> None:
        pos.settings = self._our_language(pos.settings)
        previous = self.controller.match
        if self._same_game(pos):
            pos.game_id = self.game_id  # a copy of this very game: not abandoned, and counted once
        elif previous is not None and previous.phase != "game_over" and previous.hand_number >= 1 and \
                not self.controller.watched:
            self._add_stats(previous.game, {"abandoned": 1})
        if pos.counted:  # finished before: review only, never counted here
            self._add_stats(pos.match.game, {}, pos.game_id)
        self._put(pos)
        self._signature = None  # save it now
        self._match = pos.match
        self.sync()
        self.panel_open = False
        self.import_said(t("saves.import.loaded", game=describe(pos.match)), True)
