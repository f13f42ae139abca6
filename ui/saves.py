"""Nothing lost: autosave, resume, settings, statistics, export and import,
two tabs, and bad storage survived.

Pure Python (no browser import), tested under CPython with a
:class:`ui.storage.MemoryStorage` (tests/ui/test_storage.py). The page
(ui/saves_dom.py) gives :class:`Saves` a :class:`ui.storage.Store` over
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
  and its number of actions (ui/controller.py), so they go on exactly as
  they would have.
- Bad data: every key is checked on reading; one that cannot be used is kept
  aside (:meth:`ui.storage.Store.quarantine`), a short note says so, and the
  other keys are used as they are.
- Two tabs: a tab writes only over a save it knows (its own last one, or an
  earlier position of the same game); anything newer from another tab is
  taken over and shown instead, with a note.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import secrets
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from game.cards import HEARTS, QUEEN_SPADES_MASK, SUIT_MASKS, popcount
from game.errors import BazaError, RecordError
from game.records import replay_record
from game.rules import PRESETS, preset
from game.save import FORMAT as ENGINE_FORMAT
from game.save import match_from_dict, match_to_dict
from game.scoring import hearts_base_points
from game.state import Match

from . import settings as S
from . import storage as ST
from .i18n import LANGUAGES, t
from .settings import clean_name  # noqa: F401 (used by ui/saves_dom.py and tests)
from .storage import SaveError, StorageError, StorageFull, StorageUnavailable, Store

EXPORT_FORMAT = "baza-export"
EXPORT_VERSION = 1
IMPORT_MAX_CHARS = 2_000_000  # a file larger than this is refused unread
COUNTED_IDS = 50  # finished games remembered so that none is counted twice
LINK_PARAMS = ("game", "preset", "players", "target", "level", "seed")  # what makes a link's game


# --------------------------------------------------------------------- settings


def settings_to_dict(s: S.Settings) -> dict[str, Any]:
    """The settings as JSON data. The seed is left out: it is for one game."""
    return {
        "game": s.game,
        "preset": s.preset,
        "players": s.players,
        "target": s.target,
        "options": dict(s.options),
        "levels": list(s.levels),
        "speed": s.speed,
        "deck": s.deck,
        "lang": s.lang,
        "strict": s.strict,
        "trick_clear": s.trick_clear,
        "sound": s.sound,
        "names": list(s.names),
    }


def settings_from_dict(data: Any) -> S.Settings:
    """Settings from JSON data, checked like the New game dialog checks them."""
    if not isinstance(data, dict):
        raise SaveError(t("saves.settings.not_object"))
    game = data.get("game")
    if game not in S.GAMES:
        raise SaveError(t("saves.settings.unknown_game", game=repr(str(game)[:20])))
    options = data.get("options")
    if not isinstance(options, dict):
        raise SaveError(t("saves.settings.no_options"))
    known = S.OPTION_SPECS[game]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise SaveError(t("saves.settings.unknown_option", option=repr(unknown[0][:30])))
    merged = {**S.preset_options(game, S.DEFAULT_PRESET[game]), **options}
    players, target = data.get("players"), data.get("target")
    if not _whole(players) or not _whole(target):
        raise SaveError(t("saves.settings.numbers"))
    levels = data.get("levels")
    if not isinstance(levels, list) or len(levels) != players - 1 or any(lv not in S.LEVELS for lv in levels):
        raise SaveError(t("saves.settings.levels"))
    speed = data.get("speed")
    if speed not in S.SPEEDS:
        raise SaveError(t("saves.settings.speed"))
    preset_name = data.get("preset")
    if preset_name not in PRESETS[game]:
        preset_name = S.DEFAULT_PRESET[game]
    s = S.Settings(game=game, preset=preset_name, players=players, target=target, options=merged,
                   levels=tuple(levels), speed=speed, seed=None)
    deck = data.get("deck")
    if deck in S.DECKS:
        s = dataclasses.replace(s, deck=deck)
    lang = data.get("lang", "")
    if lang in LANGUAGES:
        s = dataclasses.replace(s, lang=lang)
    if data.get("strict") is True:
        s = dataclasses.replace(s, strict=True)
    if data.get("sound") is True:
        s = dataclasses.replace(s, sound=True)
    if data.get("trick_clear") in S.TRICK_CLEAR:
        s = dataclasses.replace(s, trick_clear=data["trick_clear"])
    names = data.get("names", [])
    if isinstance(names, list) and any(names):
        s = dataclasses.replace(s, names=tuple(S.clean_name(n) for n in names[:players]))
    problem = S.check(s)
    if problem:
        raise SaveError(t("saves.settings.refused", problem=problem))
    return s


def settings_for_rules(rules: Any, base: S.Settings | None = None) -> S.Settings:
    """Settings that start a match with these rules (for a save that has none)."""
    d = rules.to_dict()
    game = rules.game
    players, target = d.pop("players"), d.pop("target")
    if game == "hearts":
        default = preset("hearts", "standard", players=players).pass_cycle
        d["pass_cycle"] = "" if tuple(d.get("pass_cycle", ())) == default else ",".join(d.get("pass_cycle", ()))
    d = {k: v for k, v in d.items() if k in S.OPTION_SPECS[game]}
    name = next((p for p in PRESETS[game] if S.preset_options(game, p) == d), S.DEFAULT_PRESET[game])
    base = base or S.Settings()
    levels = tuple(base.levels[:players - 1]) + ("normal",) * max(0, players - 1 - len(base.levels))
    return S.Settings(game=game, preset=name, players=players, target=target, options=d, levels=levels,
                      speed=base.speed, seed=None)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def link_params(query: str) -> str:
    """The part of a URL query that chooses a game, in a fixed order ("" for none)."""
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items() if k in LINK_PARAMS}
    return "&".join(f"{k}={params[k]}" for k in LINK_PARAMS if k in params)


# --------------------------------------------------------------------- the match document


@dataclass
class Position:
    """A match as read from storage or a file, checked, with what goes with it."""

    match: Match
    settings: S.Settings
    ui: dict[str, Any]
    game_id: str
    link: str = ""
    tab: str = ""
    counted: bool = False  # finished before it came here (an imported finished game)


def read_position(data: Any, base: S.Settings | None = None) -> Position:
    """The content of the ``match`` key (or an import), checked through the engine."""
    if not isinstance(data, dict):
        raise SaveError(t("saves.game.not_object"))
    saved = data.get("match")
    if not isinstance(saved, dict):
        raise SaveError(t("saves.game.no_match"))
    try:
        m = match_from_dict(saved)
    except RecordError as e:
        raise SaveError(str(e)) from None
    try:
        settings = settings_from_dict(data["settings"]) if data.get("settings") is not None else None
    except SaveError:
        settings = None
    if settings is None or S.rules_for(settings) != m.rules:
        settings = settings_for_rules(m.rules, base)
    ui = data.get("ui") if isinstance(data.get("ui"), dict) else {}
    game_id = data.get("id")
    if not isinstance(game_id, str) or not game_id or len(game_id) > 64:
        game_id = derived_id(saved)
    link = data.get("link") if isinstance(data.get("link"), str) else ""
    tab = data.get("tab") if isinstance(data.get("tab"), str) else ""
    return Position(m, settings, ui, game_id, link[:200], tab[:40])


def derived_id(saved: dict[str, Any]) -> str:
    """An id for a save that came without one: from its rules, seed and first hand."""
    text = json.dumps([saved.get("game"), saved.get("rules"), saved.get("seed"), saved.get("actions", [])[:80]],
                      sort_keys=True, default=str)
    return "h" + hashlib.sha256(text.encode()).hexdigest()[:16]


def ui_state(controller: Any) -> dict[str, Any]:
    """What is on screen beside the match: cards picked to pass, the last
    trick open, the number picked in an auction, the New game dialog."""
    ui = controller.ui
    m = controller.match
    out: dict[str, Any] = {}
    if ui.selected:
        out["selected"] = sorted(ui.selected)
    if ui.show_last:
        out["show_last"] = True
    if ui.auction_n is not None:
        out["auction_n"] = ui.auction_n
    if controller.draft is not None:
        out["dialog"] = settings_to_dict(controller.draft)
    if m is not None and not ui.hold_trick and controller._held is not None and controller._held == _hold_key(m):
        out["held"] = True  # the trick just taken has been shown already
    return out


def _hold_key(m: Match) -> tuple[int, int, int]:
    return (m.hand_number, m.trick_number, len(m.records))


def restore_ui(controller: Any, ui: dict[str, Any]) -> None:
    """Put the screen state back (whatever does not fit the match is dropped)."""
    m = controller.match
    if m is None:
        return
    changes: dict[str, Any] = {}
    selected = ui.get("selected")
    count = getattr(m.rules, "pass_count", 0)
    if m.phase == "pass" and isinstance(selected, list) and len(selected) <= count:
        cards = {c for c in selected if _whole(c) and 0 <= c < 104 and (m.hands[0] >> c) & 1}
        if len(cards) == len(selected) and popcount(m.pass_chosen[0]) == 0:
            changes["selected"] = frozenset(cards)
    if ui.get("show_last") is True and m.last_trick is not None and m.phase == "play":
        changes["show_last"] = True
    n = ui.get("auction_n")
    if _whole(n) and 0 <= n <= 13 and m.phase == "bid" and getattr(m.rules, "auction", False):
        changes["auction_n"] = n
    if changes:
        controller.ui = dataclasses.replace(controller.ui, **changes)
    if ui.get("held") is True:
        controller._held = _hold_key(m)
    if isinstance(ui.get("dialog"), dict):
        try:
            controller.draft = settings_from_dict(ui["dialog"])
            controller.dialog_error = ""
        except SaveError:
            pass


# --------------------------------------------------------------------- statistics

STAT_FIELDS = ("played", "won", "abandoned", "hands", "points", "nils_bid", "nils_made", "moons")


def empty_game_stats() -> dict[str, Any]:
    return {**{f: 0 for f in STAT_FIELDS}, "best": None, "worst": None}


def empty_stats() -> dict[str, Any]:
    return {"games": {g: empty_game_stats() for g in S.GAMES}, "counted": []}


def valid_stats(data: Any) -> dict[str, Any]:
    """Statistics from storage, checked; unknown fields are dropped."""
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise SaveError(t("saves.stats.form"))
    out = empty_stats()
    for game, values in data["games"].items():
        if game not in S.GAMES:
            continue
        if not isinstance(values, dict):
            raise SaveError(t("saves.stats.not_object", game=t("game." + game)))
        for f in STAT_FIELDS:
            v = values.get(f, 0)
            if not _whole(v) or (v < 0 and f != "points"):
                raise SaveError(t("saves.stats.bad_count", field=t("saves.field." + f)))
            out["games"][game][f] = v
        for f in ("best", "worst"):
            v = values.get(f)
            if v is not None and not _whole(v):
                raise SaveError(t("saves.stats.bad_score", field=t("saves.field." + f)))
            out["games"][game][f] = v
        g = out["games"][game]
        if g["won"] > g["played"] or g["nils_made"] > g["nils_bid"]:
            raise SaveError(t("saves.stats.sum"))
    counted = data.get("counted", [])
    out["counted"] = [c for c in counted if isinstance(c, str)][-COUNTED_IDS:] if isinstance(counted, list) else []
    return out


def game_result(m: Match, human: int = 0) -> dict[str, Any]:
    """What a finished match adds to the statistics of its game."""
    side = m.side_of(human)
    out = {f: 0 for f in STAT_FIELDS}
    out["played"] = 1
    out["won"] = int(side in m.winners)
    for rec in m.records:
        out["hands"] += 1
        out["points"] += rec["result"]["points"][human]
        if m.game == "spades":
            if rec["bids"][human] in ("nil", "blind_nil"):
                out["nils_bid"] += 1
                out["nils_made"] += int(rec["result"]["tricks"][human] == 0)
        elif _shot_moon(rec, human):
            out["moons"] += 1
    out["final"] = m.scores[side]
    return out


def _shot_moon(rec: dict[str, Any], human: int) -> bool:
    try:
        hand = replay_record(rec)
    except BazaError:
        return False
    raw = [popcount(t & SUIT_MASKS[HEARTS]) + 13 * popcount(t & QUEEN_SPADES_MASK) for t in hand.taken]
    return hearts_base_points(hand.rules, raw)[1] == human


def add_result(stats: dict[str, Any], game: str, result: dict[str, Any]) -> dict[str, Any]:
    g = dict(stats["games"][game])
    for f in STAT_FIELDS:
        g[f] += result.get(f, 0)
    final = result.get("final")
    if final is not None:
        better = min if game == "hearts" else max  # Hearts: the lowest score is best
        worse = max if game == "hearts" else min
        g["best"] = final if g["best"] is None else better(g["best"], final)
        g["worst"] = final if g["worst"] is None else worse(g["worst"], final)
    return {**stats, "games": {**stats["games"], game: g}}


# --------------------------------------------------------------------- finished games


def valid_history(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("games"), list):
        raise SaveError(t("saves.history.form"))
    games = [g for g in data["games"] if isinstance(g, dict) and isinstance(g.get("match"), dict)
             and isinstance(g.get("id"), str) and g.get("game") in S.GAMES]
    return {"games": games}


def trim_history(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The newest HISTORY_GAMES finished games, within HISTORY_CHARS of text."""
    out: list[dict[str, Any]] = []
    total = 0
    for g in games[: ST.HISTORY_GAMES]:
        size = len(ST.dumps(g))
        if out and total + size > ST.HISTORY_CHARS:
            break
        out.append(g)
        total += size
    return out


def describe(m: Match, human: int = 0) -> str:
    """One line about a match: 'Hearts, 4 players, hand 3' / '… won 52 to 95'."""
    name = t("game." + m.game)
    if m.phase == "game_over":
        side = m.side_of(human)
        mine = m.scores[side]
        others = [s for i, s in enumerate(m.scores) if i != side]
        best = (min if m.game == "hearts" else max)(others) if others else mine
        key = "saves.describe.won" if side in m.winners else "saves.describe.lost"
        return t(key, game=name, players=m.players, mine=mine, best=best, n=len(m.records))
    return t("saves.describe.playing", game=name, players=m.players, number=max(m.hand_number, 1))


# --------------------------------------------------------------------- export and import


def export_document(m: Match, settings: S.Settings, ui: dict[str, Any], game_id: str, at: int) -> dict[str, Any]:
    """A file of one match: the engine's save, the settings, and every finished
    hand as a RULES.md hand-history record."""
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at / 1000)),
        "id": game_id,
        "summary": describe(m),
        "settings": settings_to_dict(settings),
        "ui": {k: v for k, v in ui.items() if k != "dialog"},
        "match": match_to_dict(m),
        "records": m.records,
    }


def export_name(m: Match, at: int) -> str:
    stamp = time.strftime("%Y%m%d-%H%M", time.gmtime(at / 1000))
    state = "finished" if m.phase == "game_over" else f"hand{max(m.hand_number, 1)}"
    return f"baza-{m.game}-{stamp}-{state}.json"


def read_import(text: Any, base: S.Settings | None = None) -> Position:
    """A match from a file the player picked: an export, a ``match`` key's
    text, or a bare engine save. Every check of a save applies, and the
    hand histories of an export must be the ones its actions replay to."""
    if isinstance(text, str) and len(text) > IMPORT_MAX_CHARS:
        raise SaveError(t("saves.file.too_large", size=len(text) // 1000))
    doc = ST.read_json(text, t("saves.the.file"))
    if not isinstance(doc, dict):
        raise SaveError(t("saves.file.not_game"))
    fmt = doc.get("format")
    if fmt == EXPORT_FORMAT:
        v = doc.get("version")
        if not _whole(v) or v < 1:
            raise SaveError(t("saves.file.no_version"))
        if v > EXPORT_VERSION:
            raise SaveError(t("saves.file.newer", version=v, target=EXPORT_VERSION))
        data = {k: doc.get(k) for k in ("match", "settings", "ui", "id")}
    elif fmt in (ST.FORMAT, ENGINE_FORMAT):
        try:
            data, _, _ = ST.parse("match", text)
        except SaveError as e:
            raise SaveError(str(e).replace(t("saves.the.match"), t("saves.the.file"), 1)) from None
    else:
        raise SaveError(t("saves.file.not_game"))
    try:
        pos = read_position(data, base)
    except SaveError as e:
        raise SaveError(t("saves.file.game", reason=e)) from None
    if fmt == EXPORT_FORMAT and doc.get("records") is not None:
        records = doc["records"]
        if not isinstance(records, list):
            raise SaveError(t("saves.file.records_list"))
        mine = pos.match.records
        if len(records) != len(mine):
            raise SaveError(t("saves.file.records_count", n=len(records), hands=len(mine)))
        for i, (a, b) in enumerate(zip(records, mine)):
            if a != json.loads(json.dumps(b)):
                raise SaveError(t("saves.file.record_differs", number=i + 1))
    pos.counted = pos.match.phase == "game_over"
    return pos


# --------------------------------------------------------------------- what the page draws


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
    level: str = "info"  # "info" or "problem"


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


# --------------------------------------------------------------------- the manager


def _behind(data: Any, ours: dict[str, Any]) -> bool:
    """True if the match data ``data`` is the game of ``ours`` (a match_data()),
    at the same position or an earlier one."""
    if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
        return False
    theirs, mine = data["match"], ours["match"]
    actions = theirs.get("actions")
    return (data.get("id") == ours["id"] and theirs.get("seed") == mine["seed"]
            and theirs.get("rules") == mine["rules"] and isinstance(actions, list)
            and len(actions) <= len(mine["actions"]) and actions == mine["actions"][: len(actions)])


def _human_moved(ours: Match, theirs: Match, human: int) -> bool:
    """True if ``theirs`` is not ``ours`` moved on by computer players only."""
    n = len(ours.actions)
    if theirs.actions[:n] != ours.actions or ours.custom_deal:
        return True
    m = ours.clone()
    for action in theirs.actions[n:]:
        if m.phase == "hand_over" or (m.to_act == human and m.phase not in ("cut", "deal")):
            return True
        m.apply(action)
    return False


def _log_error() -> None:
    traceback.print_exc(file=sys.stderr)


class Saves:
    """Keeps one controller's match, settings and statistics in a Store."""

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
        self.game_id = ""
        self.link_settings: S.Settings | None = None  # a link's game, when a saved one was resumed instead
        self._match: Match | None = None  # the match object last saved
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
            _log_error()

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
            self.say(t("saves.note.blocked"), level="problem")
            return
        try:
            stored = self._load_settings(problems)
            self._load_kind("stats", valid_stats, problems)
            self._load_kind("history", valid_history, problems)
            self._check_quarantine()
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
                if self.link and self.link != pos.link and S.rules_for(wanted) != pos.match.rules:
                    self.link_settings = wanted
                    buttons.append(Button("link-game", "", t("saves.note.link_button")))
                    problems.append("link")
        except StorageError:
            self.enabled = False
            if c.match is None:
                c.new_game(self._fresh(url_settings))
            problems.append("unavailable")
        self.sync()
        self._report(problems, buttons)

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

    def _check_quarantine(self) -> None:
        loaded = self.store.load("quarantine", ST._valid_quarantine)
        if loaded.problem and loaded.raw is not None:
            with contextlib.suppress(StorageError):
                self.store.quarantine("quarantine", loaded.raw, loaded.problem)

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
        texts = []
        kept = any(p in ("match", "settings", "stats", "history") for p in problems)
        if "match" in problems:
            texts.append(t("saves.note.match"))
        if "settings" in problems:
            texts.append(t("saves.note.settings"))
        if "stats" in problems:
            texts.append(t("saves.note.stats"))
        if "history" in problems:
            texts.append(t("saves.note.history"))
        if kept:
            texts.append(t("saves.note.kept"))
            buttons.insert(0, Button("export-q", "0", t("saves.note.download")))
        if any(p.endswith("-stuck") for p in problems):
            texts.append(t("saves.note.stuck"))
        if "migrated" in problems:
            texts.append(t("saves.note.migrated"))
        if "link" in problems:
            texts.append(t("saves.note.link"))
        if "unavailable" in problems:
            texts.append(t("saves.note.stopped"))
        level = "info" if set(problems) <= {"migrated", "link"} else "problem"
        self.say(" ".join(texts), *buttons, level=level)

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
            _log_error()

    def _sync(self) -> None:
        c = self.controller
        m = c.match
        signature = self._sign()
        if signature == self._signature:
            return
        new_match = m is not self._match
        if new_match:
            previous = self._match
            self.game_id = secrets.token_hex(8)
            self._match = m
            if previous is not None and previous.phase != "game_over" and previous.hand_number >= 1:
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
        if _behind(data, ours):
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
            if not _behind(data, ours):
                self._take_over(data, raw)
        except Exception:
            _log_error()

    def _take_over(self, data: Any, raw: str) -> bool:
        """Show the game another tab saved. Says so when a person moved there
        (not when the other tab's computer players were only quicker)."""
        try:
            pos = read_position(data, self.controller.settings)
        except SaveError:
            return False
        ours = self.controller.match
        same_game = pos.game_id == self.game_id
        moved = not same_game or ours is None or _human_moved(ours, pos.match, self.controller.ui.human)
        self.last_raw = raw
        if not same_game:
            note = t("saves.note.new_tab")
        elif moved:
            note = t("saves.note.went_on")
        else:
            note = ""
        self._put(pos, note)
        return True

    # ------------------------------------------------------------- statistics

    def stats(self) -> dict[str, Any]:
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
        """A game just ended (or was found ended): count it once, keep it in the history."""
        stats = self.stats()
        if self.game_id in stats["counted"]:
            return
        try:
            result = game_result(m, self.controller.ui.human)
        except Exception:
            _log_error()
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
            games = [g for g in (loaded.data or {"games": []})["games"] if g["id"] != self.game_id]
            self.store.save("history", {"games": trim_history([entry, *games])})
        except StorageError as e:
            self._failed(e)

    def history(self) -> list[dict[str, Any]]:
        try:
            loaded = self.store.load("history", valid_history)
        except StorageError:
            return []
        return (loaded.data or {"games": []})["games"]

    # ------------------------------------------------------------- export and import

    def export_current(self) -> tuple[str, str]:
        """(file name, JSON text) of the match on the table."""
        c = self.controller
        at = self.store.now()
        doc = export_document(c.match, c.settings, ui_state(c), self.game_id, at)
        return export_name(c.match, at), json.dumps(doc, indent=1, ensure_ascii=False)

    def export_history(self, index: int) -> tuple[str, str] | None:
        games = self.history()
        if not 0 <= index < len(games):
            return None
        g = games[index]
        try:
            pos = read_position({"match": g["match"], "settings": g.get("settings"), "id": g["id"]})
        except SaveError as e:
            self.panel_message = t("saves.history.unreadable", reason=e)
            self._changed()
            return None
        at = self.store.now()
        doc = export_document(pos.match, pos.settings, {}, pos.game_id, at)
        return export_name(pos.match, g.get("at", at)), json.dumps(doc, indent=1, ensure_ascii=False)

    def export_quarantined(self, index: int) -> tuple[str, str] | None:
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
            _log_error()
            self.import_said(t("saves.import.unreadable", name=name), False)
            return False
        m = self.controller.match
        if m is not None and m.phase != "game_over" and m.hand_number >= 1:
            self._pending = pos
            self.confirm_ = Confirm(t("saves.import.title"),
                                    t("saves.import.text", game=describe(pos.match), current=describe(m)),
                                    Button("import-yes", "", t("saves.import.yes"), primary=True))
            self._changed()
            return True
        self._load(pos)
        return True

    def import_said(self, text: str, ok: bool) -> None:
        self.panel_message = text
        self.say(text, level="info" if ok else "problem")

    def _load(self, pos: Position) -> None:
        previous = self.controller.match
        if previous is not None and previous.phase != "game_over" and previous.hand_number >= 1:
            self._add_stats(previous.game, {"abandoned": 1})
        if pos.counted:  # finished before: review only, never counted here
            self._add_stats(pos.match.game, {}, pos.game_id)
        self._put(pos)
        self._signature = None  # save it now
        self._match = pos.match
        self.sync()
        self.panel_open = False
        self.import_said(t("saves.import.loaded", game=describe(pos.match)), True)

    # ------------------------------------------------------------- commands

    def command(self, cmd: str, arg: str = "") -> tuple[str, str] | None:
        """A click on a saves control. Returns (file name, text) to download, or None."""
        handler = getattr(self, "_cmd_" + cmd.replace("-", "_"), None)
        if handler is None:
            return None
        try:
            return handler(arg)
        except Exception:
            _log_error()
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
        history = tuple(
            Entry(str(g.get("summary", t("game." + g["game"]))), "", int(g.get("at") or 0),
                  (Button("export-h", str(i), t("saves.download")),))
            for i, g in enumerate(self.history())
        )
        try:
            kept = self.store.quarantined() if self.enabled else []
        except StorageError:
            kept = []
        quarantine = tuple(
            Entry(t(f"saves.kept.{q['kind']}" if q["kind"] in ST.WHAT else "saves.kept.data"),
                  t("saves.kept.cut", reason=q["reason"], n=q["cut"]) if q.get("cut") else q["reason"],
                  int(q.get("at") or 0),
                  (Button("export-q", str(i), t("saves.download")), Button("drop-q", str(i), t("saves.delete"))))
            for i, q in enumerate(kept)
        )
        try:
            used = sum(self.store.usage().values()) if self.enabled else 0
        except StorageError:
            used = 0
        usage = t("saves.usage", kb=max(1, round(used * 2 / 1024))) if used else ""
        return Panel(saving, current, tuple(t("game." + g) for g in games), tuple(lines), history, quarantine,
                     self.panel_message, usage)
