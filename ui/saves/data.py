"""Saved data as plain JSON, and back: the pure half of ui/saves/manager.py.

Functions of data only (no storage, no page): settings to and from JSON
(:func:`settings_to_dict`, :func:`settings_from_dict`), a checked match
position with its screen state (:func:`read_position`, :func:`ui_state`,
:func:`restore_ui`), statistics (:func:`valid_stats`, :func:`game_result`,
:func:`add_result`), the finished games kept (:func:`valid_history`,
:func:`trim_history`), one line about a match (:func:`describe`), which of
two tabs' saves is newer (:func:`behind`, :func:`human_moved`), and the
files a player downloads and loads back (:func:`export_document`,
:func:`read_import`). :class:`ui.saves.manager.Saves` reads and writes them through a
:class:`ui.saves.store.Store`; tests/ui/test_storage.py and test_saves_*.py call them directly.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any, TypeGuard
from urllib.parse import parse_qs

from game.cards import popcount
from game.errors import BazaError, RecordError
from game.records import replay_record
from game.rules import PRESETS, HeartsRules, preset
from game.save import FORMAT as ENGINE_FORMAT
from game.save import match_from_dict, match_to_dict
from game.scoring import hearts_hand_points
from game.state import Match

from .. import settings as S
from ..i18n import LANGUAGES, error_text, t
from . import store as ST
from .store import SaveError

EXPORT_FORMAT = "baza-export"
EXPORT_VERSION = 1
IMPORT_MAX_BYTES = 2_000_000  # a picked file larger than this is refused unread (ui/saves/dom.py)
IMPORT_MAX_CHARS = 2_000_000  # and a text longer than this, however it came (UTF-8: at most one per byte)
COUNTED_IDS = 50  # finished games remembered so that none is counted twice
LINK_PARAMS = ("game", "preset", "players", "target", "level", "seed", "watch")  # what makes a link's game


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
        "watch": s.watch,
        "level0": s.level0,
        "face_up": s.face_up,
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
    for switch in ("strict", "sound", "watch", "face_up"):  # on only when saved as true
        if data.get(switch) is True:
            on: dict[str, Any] = {switch: True}
            s = dataclasses.replace(s, **on)
    if data.get("trick_clear") in S.TRICK_CLEAR:
        s = dataclasses.replace(s, trick_clear=data["trick_clear"])
    names = data.get("names", [])
    if isinstance(names, list) and any(names):
        s = dataclasses.replace(s, names=tuple(S.clean_name(n) for n in names[:players]))
    if data.get("level0") in S.LEVELS:
        s = dataclasses.replace(s, level0=data["level0"])
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
        standard = preset("hearts", "standard", players=players)
        assert isinstance(standard, HeartsRules)
        default = standard.pass_cycle
        d["pass_cycle"] = "" if tuple(d.get("pass_cycle", ())) == default else ",".join(d.get("pass_cycle", ()))
    d = {k: v for k, v in d.items() if k in S.OPTION_SPECS[game]}
    name = next((p for p in PRESETS[game] if S.preset_options(game, p) == d), S.DEFAULT_PRESET[game])
    base = base or S.Settings()
    levels = tuple(base.levels[:players - 1]) + ("normal",) * max(0, players - 1 - len(base.levels))
    return S.Settings(game=game, preset=name, players=players, target=target, options=d, levels=levels,
                      speed=base.speed, seed=None)


def _whole(value: object) -> TypeGuard[int]:
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
        raise SaveError(error_text(e)) from None
    try:
        settings = settings_from_dict(data["settings"]) if data.get("settings") is not None else None
    except SaveError:
        settings = None
    if settings is None or S.rules_for(settings) != m.rules:
        settings = settings_for_rules(m.rules, base)
    ui_data = data.get("ui")
    ui = ui_data if isinstance(ui_data, dict) else {}
    game_id = data.get("id")
    if not isinstance(game_id, str) or not game_id or len(game_id) > 64:
        game_id = derived_id(saved)
    link_data, tab_data = data.get("link"), data.get("tab")
    link = link_data if isinstance(link_data, str) else ""
    tab = tab_data if isinstance(tab_data, str) else ""
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
    if getattr(controller, "watched", False):
        out["watched"] = True  # watched once, then played: still counted in no statistics
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
    if ui.get("watched") is True:
        controller.watched = True
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
    return hearts_hand_points(hand.hearts_rules, hand.taken)[1] == human


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
    """The finished games kept, checked for their form. A game that is not in
    the expected form is not dropped without a word: ``damaged`` holds
    ``(reason, its text)`` for each, which :class:`ui.saves.manager.Saves`
    keeps aside. (A game's moves are replayed only when it is downloaded.)"""
    if not isinstance(data, dict) or not isinstance(data.get("games"), list):
        raise SaveError(t("saves.history.form"))
    games, damaged = [], []
    for number, g in enumerate(data["games"], 1):
        if _game_in_form(g):
            games.append(g)
        else:
            damaged.append((t("saves.history.game_form", number=number), ST.dumps(g)))
    return {"games": games, "damaged": damaged}


def _game_in_form(g: Any) -> bool:
    """Does a finished game of the list hold what the panel and a download read?"""
    at = g.get("at") if isinstance(g, dict) else None
    return (isinstance(g, dict) and isinstance(g.get("match"), dict) and isinstance(g.get("id"), str)
            and g.get("game") in S.GAMES and isinstance(g.get("summary", ""), str)
            and (at is None or ST.is_time(at))
            and isinstance(g.get("settings", {}), (dict, type(None))))


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
    if m.phase == "hand_over":  # the hand's summary: that hand is over, the game is not
        return t("saves.describe.between", game=name, players=m.players, number=len(m.records))
    return t("saves.describe.playing", game=name, players=m.players, number=max(m.hand_number, 1))


# --------------------------------------------------------------------- two tabs


def behind(data: Any, ours: dict[str, Any]) -> bool:
    """True if the match data ``data`` is the game of ``ours`` (a match_data()),
    at the same position or an earlier one."""
    if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
        return False
    theirs, mine = data["match"], ours["match"]
    actions = theirs.get("actions")
    return (data.get("id") == ours["id"] and theirs.get("seed") == mine["seed"]
            and theirs.get("rules") == mine["rules"] and isinstance(actions, list)
            and len(actions) <= len(mine["actions"]) and actions == mine["actions"][: len(actions)])


def human_moved(ours: Match, theirs: Match, human: int) -> bool:
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


def position_at(m: Match, n: int) -> Match:
    """``m`` as it stood after its first ``n`` actions (``m`` itself if it has
    no more), replayed from its rules and seed. A hand dealt by hand cannot be
    replayed: ``m`` itself then."""
    if n >= len(m.actions) or m.custom_deal:
        return m
    earlier = Match(m.rules, seed=m.seed)
    for action in m.actions[:max(n, 0)]:
        earlier.apply(action)
    return earlier


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
