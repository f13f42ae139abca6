"""Nothing lost: autosave, resume, settings, two tabs, and bad storage
survived. This module holds :class:`Saves`, the manager the controller and
the page talk to, and the part of it that follows the game in progress;
its two other parts have modules of their own, because each reads and
writes data the game on the table never depends on: the statistics and the
finished games kept (ui/saves/results.py), and the files a player
downloads and loads back (ui/saves/files.py). The JSON it reads and writes
is made and checked by the pure functions of ui/saves/data.py, and what the
page draws is the frozen data of ui/saves/panel.py.

Pure Python (no browser import), tested under CPython with a
:class:`ui.saves.store.MemoryStorage` (tests/ui/test_storage.py, test_saves_*.py). The page
(ui/saves/dom.py) gives :class:`Saves` a :class:`ui.saves.store.Store` over
``localStorage``, passes on the ``storage`` events of other tabs and the
files the player picks, and draws :meth:`Saves.note`, :meth:`Saves.panel`
and :meth:`Saves.confirm`.

- Autosave: the controller calls its hooks after every action, new game and
  change on screen; :meth:`Saves.sync` then writes the match (the engine's
  save: rules, seed, every action), its settings and the screen state (cards
  picked to pass, the last trick or the New game dialog open) whenever one
  of them changed.
- Resume: :meth:`Saves.boot` puts the saved match back on the table with the
  same screen state; the bots take their randomness from the match's seed
  and its number of actions (ui/bot_turns.py), so they go on exactly as
  they would have. A ``?lang=``, ``?speed=`` or ``?deck=`` in the link wins
  over the saved one and is kept, as the page's own controls would keep it
  (docs/LANGUAGES.md); the other parameters of a link are for a new game.
- Bad data: every key is checked on reading; one that cannot be used is kept
  aside (:meth:`ui.saves.store.Store.quarantine`), a short note says so, and the
  other keys are used as they are.
- Two tabs: a tab writes only over a save it knows (its own last one, or an
  earlier position of the same game); anything newer from another tab is
  taken over and shown instead, with a note.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import secrets
from collections.abc import Callable
from typing import Any

from game.errors import RecordError
from game.save import match_to_dict
from game.state import Match

from .. import settings as S
from ..embed import EMBED_PREFIX
from ..i18n import t
from . import store as ST
from .data import (
    Position,
    behind,
    describe,
    empty_stats,
    human_moved,
    link_params,
    position_at,
    read_position,
    restore_ui,
    settings_from_dict,
    settings_to_dict,
    ui_state,
    valid_history,
    valid_stats,
)
from .files import Files
from .panel import Button, Confirm, Note, Panel, boot_note, build_panel
from .results import Results
from .store import SaveError, StorageError, StorageFull, StorageUnavailable, Store, log_error

# --------------------------------------------------------------------- the manager


class Saves(Results, Files):
    """Keeps one controller's match, settings and statistics in a Store: the
    game in progress here, the statistics from :class:`Results`, export and
    import from :class:`Files`."""

    def __init__(
        self,
        store: Store,
        controller: Any,
        *,
        query: str = "",
        tab: str | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        self.controller = controller
        self.query = query
        self.link = link_params(query)
        self.tab = tab or secrets.token_hex(6)
        self.on_change = on_change or (lambda: None)
        self.enabled = True  # False once storage is unavailable
        self.full = False  # the last write failed for lack of space
        self.last_raw: str | None = None  # the match text this tab last wrote or took over
        self._saved_actions = 0  # ...and how many actions its match had: what this tab last showed as saved
        self.game_id = ""
        self.link_settings: S.Settings | None = None  # a link's game, when a saved one was resumed instead
        self._match: Match | None = None  # the match object last saved
        self._match_watched = False  # ...and whether it was watched (it then counts in no statistics)
        self._signature: Any = None
        self._settings_saved: S.Settings | None = None
        self._busy = False  # putting a match on the table: no saving half-way
        self.note_: Note | None = None
        self.panel_open = False
        self.panel_message = ""
        self.confirm_: Confirm | None = None
        self._pending: Position | None = None  # an import waiting for its confirmation
        self._attach()

    # ------------------------------------------------------------- wiring

    def _attach(self) -> None:
        c = self.controller
        previous = c.on_change

        def changed() -> None:
            self.sync()
            previous()

        c.on_change = changed
        c.on_action.append(lambda action: None)  # every action ends in on_change, which saves

    def _changed(self) -> None:
        try:
            self.on_change()
        except Exception:  # pragma: no cover - drawing must not break saving
            log_error()

    def say(self, text: str, *buttons: Button, level: str = "info") -> None:
        self.note_ = Note(text, tuple(buttons), level) if text else None
        self._changed()

    # ------------------------------------------------------------- start

    def boot(self, url_settings: S.Settings | None = None) -> None:
        """Read everything and put a match on the table: the saved one, or a new one."""
        c = self.controller
        problems: list[str] = []
        buttons: list[Button] = []
        try:
            self.store.keys()
        except StorageError:
            self.enabled = False
            c.new_game(self._fresh(url_settings))
            sandboxed = getattr(self.store.backend, "sandboxed", False)  # ui/saves/dom.py LocalStorage
            if self.store.prefix.startswith(EMBED_PREFIX) and not sandboxed:
                # A reader of a blog post whose browser keeps third-party frames
                # from storing: one calm line, and the way to a tab that saves.
                self.note_ = Note(t("saves.note.embed"), level="quiet", own_tab=t("saves.note.own_tab"))
                self._changed()
                return
            self.say(t("saves.note.sandboxed" if sandboxed else "saves.note.blocked"), level="problem")
            return
        try:
            stored = self._load_settings(problems)
            self._load_kind("stats", valid_stats, problems)
            self._check_quarantine(problems)
            history = self._load_kind("history", valid_history, problems)
            if history is not None:
                self._set_aside_games(history, problems)
            # A link's parameters apply over the saved settings; with none saved,
            # the controller's own settings (the page made them from the link).
            base = stored or c.settings
            wanted = S.from_query(self.query, dataclasses.replace(base, seed=None)) if stored else c.settings
            loaded = self.store.load("match", lambda d: read_position(d, base))
            self.last_raw = loaded.raw
            pos: Position | None = None
            if loaded.problem:
                self._quarantine("match", loaded.raw, loaded.problem, problems)
            elif loaded.data is not None:
                pos = loaded.data
                if loaded.migrated_from is not None:
                    problems.append("migrated")
            if pos is not None and pos.match.phase == "game_over" and self.link and self.link != pos.link:
                pos = None  # a finished game, and a link to another one: play the link's game
            if pos is None:
                c.new_game(wanted)
            else:
                self._put(pos, dialog=True)
                if loaded.migrated_from is not None:
                    self._signature = None  # write it again in the current version
                elif pos.match.phase == "game_over":
                    self._finish(pos.match)  # counted already, unless the page closed in between
                if self.link and self.link != pos.link and (
                        S.rules_for(wanted) != pos.match.rules or wanted.watch != pos.settings.watch):
                    self.link_settings = wanted
                    buttons.append(Button("link-game", "", t("saves.note.link_button")))
                    problems.append("link")
        except StorageError:
            self.enabled = False
            if c.match is None:
                c.new_game(self._fresh(url_settings))
            problems.append("unavailable")
        self._link_preferences()
        self.sync()
        self._report(problems, buttons)

    def _link_preferences(self) -> None:
        """A language, speed or card colours named in the link (``?lang=es``,
        ``?speed=fast``, ``?deck=four``) win over the saved ones, and are kept
        as if chosen in the page. The match on the table stays."""
        for key, value in S.query_preferences(self.query).items():
            if getattr(self.controller.settings, key) != value:
                self.controller.command(key, value)

    def _fresh(self, url_settings: S.Settings | None) -> S.Settings:
        return url_settings or self.controller.settings

    def _load_settings(self, problems: list[str]) -> S.Settings | None:
        loaded = self._load_kind("settings", settings_from_dict, problems)
        if loaded is not None:
            self._settings_saved = loaded
        return loaded

    def _load_kind(self, kind: str, validate: Callable[[Any], Any], problems: list[str]) -> Any:
        loaded = self.store.load(kind, validate)
        if loaded.problem:
            self._quarantine(kind, loaded.raw, loaded.problem, problems)
            return None
        return loaded.data

    def _check_quarantine(self, problems: list[str]) -> None:
        loaded = self.store.load("quarantine", ST._valid_quarantine)
        if loaded.problem and loaded.raw is not None:
            with contextlib.suppress(StorageError):
                self.store.quarantine("quarantine", loaded.raw, loaded.problem)
        elif loaded.data and loaded.data["damaged"]:
            # Written back with each damaged entry made an entry of its own, so
            # that the note says it once; the text stays where it was if that fails.
            with contextlib.suppress(StorageError):
                self.store.save("quarantine", {"items": loaded.data["items"]})
            problems.extend(["kept-entries"] * loaded.data["damaged"])

    def _set_aside_games(self, history: dict[str, Any], problems: list[str]) -> list[dict[str, Any]]:
        """Keep the list's damaged games aside (each with why), and the list
        without them; return the games to keep in it. A game that cannot be
        put aside (storage full) stays in the list as it was."""
        stuck = []
        for reason, text in history["damaged"]:
            print(f"baza: a finished game was put aside: {reason}")  # a log line, not an error
            try:
                self.store.quarantine("history", text, reason)
                problems.append("history-game")
            except StorageError:
                stuck.append(json.loads(text))
                problems.append("history-stuck")
        if history["damaged"] and len(stuck) < len(history["damaged"]):
            with contextlib.suppress(StorageError):
                self.store.save("history", {"games": [*history["games"], *stuck]})
        return [*history["games"], *stuck]

    def _quarantine(self, kind: str, raw: str | None, reason: str, problems: list[str]) -> None:
        print(f"baza: the {ST.WHAT[kind]} was put aside: {reason}")  # a log line, not an error
        try:
            if raw is not None:
                self.store.quarantine(kind, raw, reason)
            problems.append(kind)
        except StorageError:
            problems.append(kind + "-stuck")

    def _report(self, problems: list[str], buttons: list[Button]) -> None:
        if not problems:
            return
        text, level, download = boot_note(problems)
        if download:
            buttons.insert(0, Button("export-q", "0", t("saves.note.download")))
        self.say(text, *buttons, level=level)

    def _put(self, pos: Position, note: str = "", dialog: bool = False) -> None:
        """Put a match on the table with its settings and screen state, saving
        nothing half-way. ``dialog``: open the New game dialog if it was open."""
        c = self.controller
        self._busy = True
        try:
            draft = c.draft
            c.load_match(pos.match, pos.settings)
            restore_ui(c, pos.ui if dialog else {k: v for k, v in pos.ui.items() if k != "dialog"})
            if not dialog:
                c.draft = draft
        finally:
            self._busy = False
        self.game_id = pos.game_id
        self._match = pos.match
        self._match_watched = c.watched
        self._saved_actions = len(pos.match.actions)
        self._signature = self._sign()
        if note:
            self.say(note)
        c.on_change()

    # ------------------------------------------------------------- autosave

    def _sign(self) -> Any:
        c = self.controller
        m = c.match
        return (id(m), len(m.actions) if m else -1, c.ui.selected, c.ui.show_last, c.ui.auction_n,
                c.draft, c.settings, c.ui.hold_trick)

    def sync(self) -> None:
        """Save whatever changed since the last save (the controller's hook). Never raises."""
        if self._busy or self.controller.match is None:
            return
        try:
            self._sync()
        except Exception:  # saving must never stop the game
            log_error()

    def _sync(self) -> None:
        c = self.controller
        m = c.match
        signature = self._sign()
        if signature == self._signature:
            return
        new_match = m is not self._match
        if new_match:
            previous, previous_watched = self._match, self._match_watched
            self.game_id = secrets.token_hex(8)
            self._match = m
            self._match_watched = c.watched
            if previous is not None and previous.phase != "game_over" and previous.hand_number >= 1 and \
                    not previous_watched:
                self._add_stats(previous.game, {"abandoned": 1})
        self._signature = signature
        if not self.enabled:
            return
        if c.settings != self._settings_saved:
            self._write_settings(c.settings)
        if self._write_match() and m.phase == "game_over":
            self._finish(m)

    def _write_settings(self, settings: S.Settings) -> None:
        try:
            self.store.save("settings", settings_to_dict(settings))
            self._settings_saved = settings
        except StorageError as e:
            self._failed(e)

    def match_data(self) -> dict[str, Any]:
        c = self.controller
        return {
            "match": match_to_dict(c.match),
            "settings": settings_to_dict(c.settings),
            "ui": ui_state(c),
            "id": self.game_id,
            "link": self.link,
            "tab": self.tab,
        }

    def _write_match(self) -> bool:
        """Write the match; False if another tab's newer game was taken over instead."""
        try:
            data = self.match_data()
        except RecordError:  # a test position dealt by hand: it has no save
            return False
        try:
            current = self.store.raw("match")
            if current is not None and current != self.last_raw and self._newer(current, data):
                return False  # another tab moved on: its game is now on the table
            self.last_raw = self.store.save("match", data)
            self._saved_actions = len(self.controller.match.actions)
            if self.store.trimmed:
                n, self.store.trimmed = self.store.trimmed, 0
                self.full = False
                self.say(t("saves.note.trimmed", n=n))
            elif self.full:
                self.full = False
                if self.note_ is not None and self.note_.text in (t("saves.note.full"), t("saves.note.stuck")):
                    self.say(t("saves.note.room"))
            return True
        except StorageError as e:
            self._failed(e)
            return False

    def _failed(self, error: StorageError) -> None:
        if isinstance(error, StorageFull):
            if not self.full:
                self.full = True
                self.say(t("saves.note.full"), level="problem")
        elif isinstance(error, StorageUnavailable) and self.enabled:
            self.enabled = False
            self.say(t("saves.note.stopped"), level="problem")

    # ------------------------------------------------------------- two tabs

    def _newer(self, raw: str, ours: dict[str, Any]) -> bool:
        """True if ``raw`` (written by another tab) is not an earlier position
        of our game; then it is put on the table instead of being overwritten."""
        try:
            data, _, _ = ST.parse("match", raw)
        except SaveError:
            return False  # unreadable: ours replaces it (the next start would put it aside)
        if behind(data, ours):
            return False
        return self._take_over(data, raw)

    def external(self, raw: str | None) -> None:
        """Another tab wrote the match key (the ``storage`` event). Never raises."""
        try:
            if raw is None or raw == self.last_raw or not self.enabled or self.controller.match is None:
                return
            try:
                data, _, _ = ST.parse("match", raw)
                ours = self.match_data()
            except (SaveError, RecordError):
                return
            if not behind(data, ours):
                self._take_over(data, raw)
        except Exception:
            log_error()

    def _take_over(self, data: Any, raw: str) -> bool:
        """Show the game another tab saved. Says so when a person moved there
        (not when the other tab's computer players were only quicker)."""
        try:
            pos = read_position(data, self.controller.settings)
        except SaveError:
            return False
        ours = self.controller.match
        same_game = pos.game_id == self.game_id
        # Compared with the position this tab last saved, not with the one on
        # the table: a click made here since (the one being dropped) may be
        # the very move the person made in the other tab, and the table
        # still jumps past what this tab showed.
        moved = not same_game or ours is None or \
            human_moved(position_at(ours, self._saved_actions), pos.match, self.controller.ui.human)
        self.last_raw = raw
        pos.settings = self._our_language(pos.settings)
        if not same_game:
            note = t("saves.note.new_tab")
        elif moved:
            note = t("saves.note.went_on")
        else:
            note = ""
        self._put(pos, note)
        return True

    def _our_language(self, settings: S.Settings) -> S.Settings:
        """settings with this table's language: a game taken from another tab
        or a file never changes the language this page speaks (only the
        switch or a link does, docs/LANGUAGES.md)."""
        return dataclasses.replace(settings, lang=self.controller.settings.lang)

    # ------------------------------------------------------------- commands (the note's and the dialog's buttons)

    def command(self, cmd: str, arg: str = "") -> tuple[str, str] | None:
        """A click on a saves control. Returns (file name, text) to download, or None."""
        handler = getattr(self, "_cmd_" + cmd.replace("-", "_"), None)
        if handler is None:
            return None
        try:
            return handler(arg)
        except Exception:
            log_error()
            self.say(t("saves.note.broken"), level="problem")
            return None

    def _cmd_open(self, arg: str) -> None:
        self.panel_open = True
        self.panel_message = ""
        self._changed()

    def _cmd_close(self, arg: str) -> None:
        self.panel_open = False
        self._changed()

    def _cmd_dismiss(self, arg: str) -> None:
        self.say("")

    def _cmd_export(self, arg: str) -> tuple[str, str] | None:
        if self.controller.match is None:
            return None
        return self.export_current()

    def _cmd_export_h(self, arg: str) -> tuple[str, str] | None:
        return self.export_history(int(arg)) if arg.isdigit() else None

    def _cmd_export_q(self, arg: str) -> tuple[str, str] | None:
        return self.export_quarantined(int(arg)) if arg.isdigit() else None

    def _cmd_drop_q(self, arg: str) -> None:
        if arg.isdigit():
            self.confirm_ = Confirm(t("saves.drop.title"), t("saves.drop.text"),
                                    Button("drop-q-yes", arg, t("saves.drop.yes"), primary=True))
            self._changed()

    def _cmd_drop_q_yes(self, arg: str) -> None:
        self.confirm_ = None
        try:
            self.store.drop_quarantined(int(arg))
        except StorageError as e:
            self._failed(e)
        self._changed()

    def _cmd_reset(self, arg: str) -> None:
        self.confirm_ = Confirm(t("saves.reset.title"), t("saves.reset.text"),
                                Button("reset-yes", "", t("saves.reset.yes"), primary=True))
        self._changed()

    def _cmd_reset_yes(self, arg: str) -> None:
        self.confirm_ = None
        stats = self.stats()
        try:
            self.store.save("stats", {**empty_stats(), "counted": stats["counted"]})
            self.panel_message = t("saves.reset.done")
        except StorageError as e:
            self._failed(e)
        self._changed()

    def _cmd_import_yes(self, arg: str) -> None:
        self.confirm_ = None
        pos, self._pending = self._pending, None
        if pos is not None:
            self._load(pos)

    def _cmd_confirm_no(self, arg: str) -> None:
        self.confirm_ = None
        self._pending = None
        self._changed()

    def _cmd_link_game(self, arg: str) -> None:
        if self.link_settings is not None:
            settings, self.link_settings = self.link_settings, None
            self.say("")
            self.controller.new_game(settings)

    # ------------------------------------------------------------- views

    def note(self) -> Note | None:
        return self.note_

    def confirm(self) -> Confirm | None:
        return self.confirm_
    def panel(self) -> Panel | None:
        if not self.panel_open:
            return None
        c = self.controller
        if not self.enabled:
            saving = t("saves.saving.off")
        elif self.full:
            saving = t("saves.saving.full")
        else:
            saving = t("saves.saving.on")
        current = describe(c.match) if c.match is not None else ""
        stats = self.stats()["games"]
        history = self.history()
        try:
            kept = self.store.quarantined() if self.enabled else []
        except StorageError:
            kept = []
        try:
            used = sum(self.store.usage().values()) if self.enabled else 0
        except StorageError:
            used = 0
        return build_panel(saving=saving, current=current, stats=stats, history=history, kept=kept, used=used,
                           message=self.panel_message)
