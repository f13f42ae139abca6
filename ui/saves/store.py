"""Baza's data in the browser's storage: keys, envelope, versions, limits.

Pure Python (no browser import): the page hands a :class:`Storage` over
``localStorage`` (ui/saves/dom.py), tests/ui a :class:`MemoryStorage`. Every
key starts with one prefix ("baza:" by default, one of its own for each
embedded game), so an embedding page's own keys are never read or touched.

Each key holds one JSON document in an envelope::

    {"format": "baza-save", "version": 1, "kind": "match", "engine": 1,
     "saved": 1718000000000, "data": {...}}

``version`` is the envelope's version (this module's :data:`VERSION`);
``engine`` the engine's save schema (game/save.py) at the time of writing.
Reading checks everything and never raises for bad content: a document that
is not JSON, has the wrong shape or comes from a newer version comes back as
a :class:`Loaded` with a ``problem`` sentence, and the caller puts its text
aside with :meth:`Store.quarantine`. Older versions are brought up to date
by :data:`MIGRATIONS`, one step per version. docs/STORAGE.md describes the
keys, the envelope, the migrations and the limits.

>>> store = Store(MemoryStorage(), clock=lambda: 5)
>>> raw = store.save("stats", {"hearts": {}})
>>> store.load("stats").data
{'hearts': {}}
>>> store.backend.set("baza:settings", "{oops")
>>> store.load("settings").problem
'The saved settings are not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1)).'
"""

from __future__ import annotations

import json
import math
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.errors import RecordError
from game.save import FORMAT as ENGINE_FORMAT
from game.save import SCHEMA as ENGINE_SCHEMA
from game.save import load_json

from ..i18n import save_text, t

PREFIX = "baza:"
FORMAT = "baza-save"
VERSION = 1  # the envelope's version; MIGRATIONS brings older ones here
KINDS = ("match", "settings", "stats", "history", "quarantine")
WHAT = {  # for log lines: "the saved game was put aside" (the player's messages: saves.the.<kind>)
    "match": "saved game",
    "settings": "saved settings",
    "stats": "saved statistics",
    "history": "saved list of finished games",
    "quarantine": "list of unreadable saves",
}
PLURAL = ("settings", "stats")  # their messages take a plural verb ("The saved settings are ...")

# Limits (docs/STORAGE.md). The game in progress is never cut: it is the
# rules, the seed and every action, a few kilobytes for a game to 500.
HISTORY_GAMES = 10  # finished games kept (with every hand), newest first
HISTORY_CHARS = 150_000  # and at most this much text for all of them
QUARANTINE_ITEMS = 5  # unreadable saves kept aside, newest first
QUARANTINE_CHARS = 200_000  # older entries go once the newest and they pass this (the newest is kept whole)


class StorageError(Exception):
    """The browser's storage refused: :class:`StorageFull` or :class:`StorageUnavailable`."""


class StorageFull(StorageError):
    """Quota exceeded while writing."""


class StorageUnavailable(StorageError):
    """No storage at all: blocked by the browser, a privacy mode, a sandbox."""


def log_error() -> None:
    """Print the exception being handled, with its traceback, to stderr (the
    browser's console). The saves catch what they do not expect and go on:
    saving must never stop the game (docs/STORAGE.md)."""
    traceback.print_exc(file=sys.stderr)


class Storage(Protocol):
    """What Baza needs of a key-value store (``localStorage`` in the page).

    Each method may raise :class:`StorageUnavailable`; ``set`` also
    :class:`StorageFull`.
    """

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict as :class:`Storage`, with an optional quota in characters (key
    and value, as browsers count) and a switch that makes it unavailable."""

    def __init__(self, items: dict[str, str] | None = None, *, quota: int | None = None,
                 unavailable: bool = False) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.unavailable = unavailable
        self.writes = 0

    def _check(self) -> None:
        if self.unavailable:
            raise StorageUnavailable("The storage is not available.")

    def get(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            used = self.used() - (len(key) + len(self.items[key]) if key in self.items else 0)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(f"The storage is full ({self.quota} characters).")
        self.items[key] = value
        self.writes += 1

    def remove(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.items)

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items.items())


class SaveError(ValueError):
    """A stored document Baza cannot use; the message is a sentence for the player."""


class _Refusal(SaveError):
    """Why a document cannot be used, with no subject yet: :func:`parse` says
    which data it is about (the message alone names "the saved data")."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(t(key, what=t("saves.the.data"), n=1, **params))

    def about(self, kind: str) -> str:
        """The sentence about the data of ``kind`` (its subject and verb agree)."""
        return t(self.key, **{**self.params, **subject(kind)})


def subject(kind: str) -> dict[str, Any]:
    """The parameters of a sentence about the stored ``kind``: ``what`` ("The
    saved settings") and ``n``, 1 for a singular subject, 2 for a plural one."""
    key = f"saves.the.{kind}" if kind in WHAT else "saves.the.data"
    return {"what": t(key), "n": 2 if kind in PLURAL else 1}


def read_json(raw: Any, what: str, n: int = 1) -> Any:
    """:func:`game.save.load_json`, refusing with a :class:`SaveError` that says
    in the player's language why ``what`` ("The file") is not JSON."""
    try:
        return load_json(raw, what)
    except RecordError as e:
        key, params = e.message or ("", {})
        if key in NOT_JSON:  # worded by the table, with the number of files
            raise SaveError(t(NOT_JSON[key], **{**params, "n": n})) from None
        raise SaveError(save_text(e.message, str(e))) from None


# load_json's refusals of text that is not JSON at all, and the sentences
# the table says them with (ui/lang/en.py leaves their save.* keys out).
NOT_JSON = {"bad_json": "saves.doc.json", "too_deep": "saves.doc.deep", "not_text": "saves.doc.not_text"}


@dataclass(frozen=True)
class Loaded:
    """One key as read: its data (migrated), or why it was refused."""

    kind: str
    data: Any = None  # None when absent or refused
    raw: str | None = None  # the text stored under the key, as it was
    problem: str = ""  # "" when fine or absent
    migrated_from: int | None = None  # the version it was stored in, when older
    saved: int | None = None  # when it was written (ms since 1970), if known

    @property
    def present(self) -> bool:
        return self.raw is not None


# ----------------------------------------------------------------- versions


def _v0_to_v1(kind: str, doc: Any) -> dict[str, Any]:
    """Version 0 had no envelope: the ``match`` key held the engine's save as it is.

    It becomes the match of a version 1 document, with no settings (the
    caller derives them from the rules) and no screen state.
    """
    if kind != "match":
        raise _Refusal("saves.doc.bare", kind=kind)
    return {
        "format": FORMAT,
        "version": 1,
        "kind": "match",
        "engine": doc.get("schema"),
        "saved": None,
        "data": {"match": doc},
    }


# MIGRATIONS[v] turns a document of version v into one of version v + 1.
MIGRATIONS: dict[int, Callable[[str, Any], dict[str, Any]]] = {0: _v0_to_v1}


def version_of(doc: Any) -> int:
    """The envelope version of a parsed document (0: a bare engine save)."""
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        v = doc.get("version")
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise _Refusal("saves.doc.no_version")
        return v
    if isinstance(doc, dict) and doc.get("format") == ENGINE_FORMAT:
        return 0
    raise _Refusal("saves.doc.not_baza")


def migrate(kind: str, doc: Any, migrations: dict[int, Callable[[str, Any], dict[str, Any]]] | None = None,
            target: int = VERSION) -> tuple[dict[str, Any], int]:
    """Bring a parsed document to version ``target``; return it and its first version.

    Raises :class:`SaveError` for a document of a newer version, or one no
    migration can carry.
    """
    steps = MIGRATIONS if migrations is None else migrations
    version = first = version_of(doc)
    if version > target:
        raise _Refusal("saves.doc.newer", version=version, target=target)
    while version < target:
        step = steps.get(version)
        if step is None:
            raise _Refusal("saves.doc.cannot_update", version=version)
        doc = step(kind, doc)
        new = version_of(doc)
        if new != version + 1:  # pragma: no cover - a broken migration
            raise _Refusal("saves.doc.not_updated", version=version)
        version = new
    return doc, first


def parse(kind: str, raw: str, migrations: dict[int, Callable[[str, Any], dict[str, Any]]] | None = None,
          target: int = VERSION) -> tuple[Any, int, int | None]:
    """The data of a stored text: (data, first version, saved). SaveError with a sentence."""
    about = subject(kind)
    doc = read_json(raw, about["what"], about["n"])
    try:
        doc, first = migrate(kind, doc, migrations, target)
    except _Refusal as e:
        raise SaveError(e.about(kind)) from None
    except SaveError as e:  # a migration's own sentence
        raise SaveError(f"{about['what']} {e}.") from None
    if doc.get("kind") != kind:
        raise SaveError(t("saves.doc.other_kind", found=repr(doc.get("kind")), kind=repr(kind), **about))
    if "data" not in doc:
        raise SaveError(t("saves.doc.empty", **about))
    saved = doc.get("saved")
    if isinstance(saved, bool) or not isinstance(saved, (int, float)):
        saved = None
    return doc["data"], first, (int(saved) if saved is not None else None)


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ----------------------------------------------------------------- the store


class Store:
    """Baza's keys in one :class:`Storage`, under one prefix."""

    def __init__(self, backend: Storage, prefix: str = PREFIX, clock: Callable[[], float] | None = None) -> None:
        self.backend = backend
        self.prefix = prefix
        self.clock = clock or (lambda: time.time() * 1000)
        self.trimmed = 0  # finished games dropped to make room (see make_room)

    def key(self, kind: str) -> str:
        return self.prefix + kind

    def kind_of(self, key: str) -> str | None:
        """The kind stored under a full key of this store, or None."""
        if key.startswith(self.prefix) and key[len(self.prefix):] in KINDS:
            return key[len(self.prefix):]
        return None

    def now(self) -> int:
        return int(self.clock())

    # -------------------------------------------------------- raw access

    def raw(self, kind: str) -> str | None:
        """The text under a kind's key (StorageUnavailable when there is no storage)."""
        value = self.backend.get(self.key(kind))
        return None if value is None else str(value)

    def keys(self) -> list[str]:
        """Every key of this store's prefix (not only the known kinds)."""
        return sorted(k for k in self.backend.keys() if k.startswith(self.prefix))  # noqa: SIM118 (not a dict)

    def usage(self) -> dict[str, int]:
        """Characters used by each key of this prefix (key and value)."""
        out = {}
        for k in self.keys():
            value = self.backend.get(k)
            out[k] = len(k) + len(value or "")
        return out

    # -------------------------------------------------------- documents

    def load(self, kind: str, validate: Callable[[Any], Any] | None = None) -> Loaded:
        """Read and check one kind. Never raises for bad content (StorageUnavailable may pass)."""
        raw = self.raw(kind)
        if raw is None:
            return Loaded(kind)
        try:
            data, first, saved = parse(kind, raw)
            if validate is not None:
                data = validate(data)
        except SaveError as e:
            return Loaded(kind, None, raw, str(e))
        return Loaded(kind, data, raw, "", first if first != VERSION else None, saved)

    def document(self, kind: str, data: Any, **extra: Any) -> str:
        doc = {"format": FORMAT, "version": VERSION, "kind": kind, "engine": ENGINE_SCHEMA, "saved": self.now()}
        doc.update(extra)
        doc["data"] = data
        return dumps(doc)

    def save(self, kind: str, data: Any, **extra: Any) -> str:
        """Write one kind; return the text written.

        When the storage is full, the older finished games are dropped and
        the write is tried again; StorageFull if it still does not fit,
        StorageUnavailable if there is no storage.
        """
        text = self.document(kind, data, **extra)
        self.write_raw(kind, text)
        return text

    def write_raw(self, kind: str, text: str) -> None:
        try:
            self.backend.set(self.key(kind), text)
            return
        except StorageFull:
            if not self.make_room(kind):
                raise
        self.backend.set(self.key(kind), text)

    def make_room(self, writing: str) -> bool:
        """Drop the older half of the finished games (never a kept-aside save,
        never the game in progress); True if any went. ``trimmed`` counts them."""
        if writing == "history":
            return False
        loaded = self.load("history")
        games = loaded.data.get("games") if isinstance(loaded.data, dict) else None
        if not isinstance(games, list) or not games:
            return False
        keep = games[: len(games) // 2]
        try:
            if keep:
                self.backend.set(self.key("history"), self.document("history", {**loaded.data, "games": keep}))
            else:
                self.backend.remove(self.key("history"))
        except StorageError:
            return False
        self.trimmed += len(games) - len(keep)
        return True

    def remove(self, kind: str) -> None:
        self.backend.remove(self.key(kind))

    # -------------------------------------------------------- quarantine

    def quarantined(self) -> list[dict[str, Any]]:
        """Saves kept aside, newest first: key, kind, reason, at (ms), raw, cut
        (a damaged entry of the list comes back as an entry of its own)."""
        loaded = self.load("quarantine", _valid_quarantine)
        return list(loaded.data["items"]) if loaded.data else []

    def quarantine(self, kind: str, raw: str, reason: str) -> dict[str, Any]:
        """Keep an unreadable text aside under the quarantine key, then free its
        own key. Returns the entry kept. StorageError when it cannot be kept:
        then the text stays under its own key, untouched.

        The text is kept whole, however long. The oldest entries go first
        when there are more than :data:`QUARANTINE_ITEMS`, or more than
        :data:`QUARANTINE_CHARS` of text with the new one (``cut``, the
        characters an older version of Baza left out of an entry, stays 0).
        """
        loaded = self.load("quarantine", _valid_quarantine)
        items = list(loaded.data["items"]) if loaded.data else []
        if loaded.problem and loaded.raw is not None and kind != "quarantine":
            # The quarantine key itself is unreadable: keep its text as an entry too.
            items = [_entry("quarantine", self.key("quarantine"), loaded.raw, loaded.problem, self.now())]
        entry = _entry(kind, self.key(kind), raw, reason, self.now())
        items = _trim_items([entry, *items])
        text = self.document("quarantine", {"items": items})
        try:
            self.backend.set(self.key("quarantine"), text)
        except StorageFull:
            # The bad text and its copy may not fit together: free its key first.
            self.backend.remove(self.key(kind))
            try:
                self.backend.set(self.key("quarantine"), text)
            except StorageError:
                self.backend.set(self.key(kind), raw)  # put it back: it fitted before
                raise
        if kind != "quarantine":
            self.backend.remove(self.key(kind))
        return entry

    def drop_quarantined(self, index: int) -> None:
        items = self.quarantined()
        if 0 <= index < len(items):
            del items[index]
            if items:
                self.save("quarantine", {"items": items})
            else:
                self.remove("quarantine")


def _entry(kind: str, key: str, raw: str, reason: str, at: int) -> dict[str, Any]:
    # Kept whole, however long: the text was in storage already, under its own
    # key, which is freed once the entry is written (docs/STORAGE.md).
    return {"kind": kind, "key": key, "reason": reason, "at": at, "raw": raw, "cut": 0}


def _trim_items(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    total = 0
    for item in items[:QUARANTINE_ITEMS]:
        size = len(item["raw"])
        if out and total + size > QUARANTINE_CHARS:
            break
        out.append(item)
        total += size
    return out


def is_time(value: Any) -> bool:
    """A stored time (ms since 1970): a finite number, not negative (JSON's
    ``Infinity`` and ``NaN`` read as floats)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _valid_quarantine(data: Any) -> dict[str, Any]:
    """The kept-aside list, checked. An entry that is not in the expected form
    is not dropped: it becomes an entry of its own, its text the entry as it
    was found (JSON), with a reason that says so; ``damaged`` counts them."""
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise SaveError(t("saves.doc.quarantine"))
    items = []
    damaged = 0
    for item in data["items"]:
        if (isinstance(item, dict) and isinstance(item.get("raw"), str) and isinstance(item.get("reason"), str)
                and isinstance(item.get("kind"), str)):
            at = item.get("at")
            cut = item.get("cut")
            items.append({
                "kind": item["kind"],
                "key": str(item.get("key", "")),
                "reason": item["reason"],
                "at": at if is_time(at) else 0,
                "raw": item["raw"],
                "cut": cut if isinstance(cut, int) and not isinstance(cut, bool) and cut > 0 else 0,
            })
        else:
            damaged += 1
            items.append({"kind": "quarantine", "key": "", "reason": t("saves.kept.entry_form"), "at": 0,
                          "raw": dumps(item), "cut": 0})
    return {"items": items, "damaged": damaged}
