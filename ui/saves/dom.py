"""The page side of ui/saves/manager.py: ``localStorage``, other tabs' ``storage``
events, downloads, picked files, and drawing the saving note, the Saves &
stats dialog and its confirmation dialog.

Like ui/dom.py it describes the nodes it draws, made by the page in one call
(ui/nodes.py), where every string is a text node: a player's name, a file
name or a reason from a damaged save is always shown as text. It imports nothing from PyScript: ui/app.py hands it
``create_proxy`` and ``to_js``.

Downloads are a Blob behind an object URL, clicked through a temporary
``<a download>``: a download is not a fetch, so the recommended CSP needs no
``blob:`` source for it (docs/HOSTING.md; tests/browser/test_storage_files.py
checks it under that policy).
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from collections.abc import Callable
from typing import Any

from ..dom import absent, attribute, clicked
from ..embed import own_tab_url
from ..i18n import locale, t
from ..nodes import Dom
from ..settings import clean_name
from .data import IMPORT_MAX_BYTES
from .manager import Saves
from .panel import Button, Confirm, Note, Panel
from .store import StorageFull, StorageUnavailable


def _quota(error: Exception) -> bool:
    text = f"{type(error).__name__} {error}"
    return "QuotaExceeded" in text or "quota" in text.lower()


def _opaque(window: Any) -> bool:
    """True if the page's origin is opaque ("null"): a frame sandboxed
    without allow-same-origin (the game never runs from a file:// page)."""
    try:
        return str(window.origin) == "null"
    except Exception:
        return False


class LocalStorage:
    """``window.localStorage`` as a :class:`ui.saves.store.Storage`.

    Browsers throw a SecurityError on merely reading ``window.localStorage``
    when storage is blocked (cookies off, some private modes, sandboxed
    frames), and a QuotaExceededError from ``setItem`` when it is full: both
    become the storage layer's own errors, never an uncaught exception.
    """

    def __init__(self, window: Any) -> None:
        self.area: Any = None
        self.problem = ""
        self.sandboxed = False  # refused because the page is framed without allow-same-origin
        try:
            area = window.localStorage
            if absent(area):
                raise RuntimeError("no localStorage")
            area.getItem("baza:probe")
            self.area = area
        except Exception as error:  # SecurityError and the like
            self.problem = str(error)
            self.sandboxed = _opaque(window)

    def _area(self) -> Any:
        if self.area is None:
            raise StorageUnavailable(self.problem or "localStorage is not available")
        return self.area

    def get(self, key: str) -> str | None:
        area = self._area()
        try:
            value = area.getItem(key)
        except Exception as error:
            raise StorageUnavailable(str(error)) from None
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        area = self._area()
        try:
            area.setItem(key, value)
        except Exception as error:
            if _quota(error):
                raise StorageFull(str(error)) from None
            raise StorageUnavailable(str(error)) from None

    def remove(self, key: str) -> None:
        area = self._area()
        try:
            area.removeItem(key)
        except Exception as error:
            raise StorageUnavailable(str(error)) from None

    def keys(self) -> list[str]:
        area = self._area()
        try:
            out = []
            for i in range(int(area.length)):
                key = area.key(i)
                if not absent(key):
                    out.append(str(key))
            return out
        except Exception as error:
            raise StorageUnavailable(str(error)) from None


def _log() -> None:
    traceback.print_exc(file=sys.stderr)


class SavesPage:
    """Draws a :class:`Saves` and passes the page's events to it."""

    def __init__(self, document: Any, window: Any, saves: Saves, proxy: Callable[[Any], Any],
                 to_js: Callable[..., Any]) -> None:
        self.doc = document
        self.win = window
        self.saves = saves
        self.proxy = proxy
        self.to_js = to_js
        self.d = Dom(document)
        self.prev_note: Any = object()
        self.prev_panel: Any = object()
        self.prev_confirm: Any = object()
        saves.on_change = self.draw
        self._keep = [proxy(self.on_click), proxy(self.on_change), proxy(self.on_storage),
                      proxy(self.on_cancel_panel), proxy(self.on_cancel_confirm)]
        document.addEventListener("click", self._keep[0])
        document.addEventListener("change", self._keep[1])
        window.addEventListener("storage", self._keep[2])
        self.get("saves").addEventListener("cancel", self._keep[3])
        self.get("confirm").addEventListener("cancel", self._keep[4])

    def get(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    # ------------------------------------------------------------- events

    def guarded(self, action: Callable[[], Any]) -> Any:
        try:
            return action()
        except Exception:  # never an uncaught exception from saving
            _log()
            return None

    def on_click(self, event: Any) -> None:
        button = clicked(event, "[data-saves]")
        if button is None:
            return
        cmd, arg = attribute(button, "data-saves"), attribute(button, "data-arg")
        self.guarded(lambda: self.command(cmd, arg))

    def command(self, cmd: str, arg: str) -> None:
        result = self.saves.command(cmd, arg)
        if result is not None:
            name, text = result
            self.download(name, text, "text/plain" if name.endswith(".txt") else "application/json")
        self.draw()

    def on_change(self, event: Any) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute") or target.getAttribute("data-saves-file") != "import":
            return
        self.guarded(lambda: self.pick(target))

    def pick(self, input_el: Any) -> None:
        files = input_el.files
        if absent(files) or not files.length:
            return
        file = files.item(0)
        input_el.value = ""  # the same file may be picked again
        name = clean_name(str(file.name)) or t("saves.file.unnamed")
        if int(file.size) > IMPORT_MAX_BYTES:  # refused before a byte of it is read
            self.saves.import_said(t("saves.import.too_large", name=name), False)
            return
        asyncio.ensure_future(self._read(file, name))

    async def _read(self, file: Any, name: str) -> None:
        try:
            text = await file.text()
        except Exception:
            _log()
            self.saves.import_said(t("saves.import.browser", name=name), False)
            return
        self.guarded(lambda: self.saves.import_text(str(text), name))
        self.draw()

    def on_storage(self, event: Any) -> None:
        """Another tab of this site wrote to localStorage."""
        key = event.key
        if absent(key):
            return
        key = str(key)
        store = self.saves.store
        if key == store.key("match"):
            value = event.newValue
            self.guarded(lambda: self.saves.external(None if absent(value) else str(value)))
        elif store.kind_of(key) is not None:
            self.guarded(self.draw)

    def on_cancel_panel(self, event: Any) -> None:
        event.preventDefault()
        self.guarded(lambda: self.command("close", ""))

    def on_cancel_confirm(self, event: Any) -> None:
        event.preventDefault()
        self.guarded(lambda: self.command("confirm-no", ""))

    # ------------------------------------------------------------- downloads

    def download(self, name: str, text: str, mime: str) -> None:
        blob = self.win.Blob.new(self.to_js([text]), self.to_js({"type": mime}))
        url = self.win.URL.createObjectURL(blob)
        link = self.doc.createElement("a")
        link.href = url
        link.download = name
        link.setAttribute("hidden", "")
        self.doc.body.append(link)
        link.click()
        link.remove()
        self.win.setTimeout(self.proxy(lambda *_: self.win.URL.revokeObjectURL(url)), 60_000)

    # ------------------------------------------------------------- drawing

    def draw(self) -> None:
        self.guarded(self._draw)

    def _draw(self) -> None:
        note = self.saves.note()
        if note != self.prev_note:
            self.prev_note = note
            self._note(note)
        panel = self.saves.panel()
        if panel != self.prev_panel:
            self.prev_panel = panel
            self._panel(panel)
        confirm = self.saves.confirm()
        if confirm != self.prev_confirm:
            self.prev_confirm = confirm
            self._confirm(confirm)

    def button(self, b: Button, cls: str = "") -> Any:
        classes = " ".join(x for x in (cls, "primary" if b.primary else "") if x)
        return self.d.el("button", {"type": "button", "class": classes or None, "data-saves": b.cmd,
                                    "data-arg": b.arg}, b.label)

    def _note(self, note: Note | None) -> None:
        root = self.get("save-note")
        if note is None:
            root.replaceChildren()
            root.setAttribute("data-level", "")
            return
        root.setAttribute("data-level", note.level)
        own_tab = []
        if note.own_tab:  # the game in a tab of its own, where it saves (ui/embed.py)
            href = own_tab_url(str(self.win.location.href))
            own_tab.append(self.d.el("a", {"class": "save-note-link", "href": href, "target": "_blank",
                                           "rel": "noopener"}, note.own_tab))
        dismiss = [] if note.level == "quiet" else [
            self.d.el("button", {"type": "button", "class": "dismiss", "data-saves": "dismiss",
                                 "aria-label": t("saves.note.dismiss")}, "×"),
        ]
        root.replaceChildren(self.d.fragment([
            self.d.el("span", {"class": "save-note-text"}, note.text),
            *[self.button(b) for b in note.buttons],
            *own_tab,
            *dismiss,
        ]))

    def _when(self, ms: int) -> str:
        if not ms:
            return ""
        try:
            return str(self.win.Date.new(ms).toLocaleString(locale()))  # the table's language, not the browser's
        except Exception:
            return ""

    def _entries(self, title: str, entries: tuple[Any, ...], empty: str) -> Any:
        d = self.d
        section = d.el("section", {"class": "saves-section", "aria-label": title}, d.el("h3", {}, title))
        if not entries:
            section.append(d.el("p", {"class": "saves-empty"}, empty))
            return section
        items = []
        for e in entries:
            when = self._when(e.at)
            items.append(d.el("li", {},
                              d.el("span", {"class": "entry-text"}, e.text),
                              d.el("span", {"class": "entry-when"}, when) if when else None,
                              d.el("span", {"class": "entry-detail"}, e.detail) if e.detail else None,
                              d.el("span", {"class": "entry-buttons"}, *[self.button(b) for b in e.buttons])))
        section.append(d.el("ul", {"class": "saves-list"}, *items))
        return section

    def _panel(self, p: Panel | None) -> None:
        dialog = self.get("saves")
        body = self.get("saves-body")
        if p is None:
            if dialog.open:
                dialog.close()
                opener = self.get("saves-btn")
                if not absent(opener):
                    opener.focus()
            body.replaceChildren()
            return
        d = self.d
        head = d.el("tr", {}, d.el("td", {}), *[d.el("th", {"scope": "col"}, g) for g in p.games])
        rows = [d.el("tr", {}, d.el("th", {"scope": "row"}, line.label), *[d.el("td", {}, v) for v in line.values])
                for line in p.stats]
        stats = d.el("section", {"class": "saves-section", "aria-label": t("saves.stats")},
                     d.el("h3", {}, t("saves.stats")),
                     d.el("table", {"class": "stats"}, d.el("caption", {"class": "visually-hidden"},
                                                             t("saves.stats.caption")),
                          d.el("thead", {}, head), d.el("tbody", {}, *rows)),
                     d.el("p", {"class": "saves-note"}, t("saves.stats.note")),
                     d.el("div", {"class": "choices"}, self.button(Button("reset", "", t("saves.stats.reset")))))
        file_input = d.el("input", {"type": "file", "id": "import-file", "data-saves-file": "import",
                                    "accept": ".json,application/json"})
        current = d.el("section", {"class": "saves-section", "aria-label": t("saves.this_game")},
                       d.el("h3", {}, t("saves.this_game")),
                       d.el("p", {}, p.current),
                       d.el("div", {"class": "choices"}, self.button(Button("export", "", t("saves.export")))),
                       d.el("div", {"class": "file-field"},
                            d.el("label", {"for": "import-file"}, t("saves.import.label")),
                            file_input),
                       d.el("p", {"class": "saves-message", "id": "saves-message"}, p.message))
        nodes = [
            d.el("h2", {"id": "saves-title"}, t("saves.title")),
            d.el("p", {"class": "saves-saving"}, p.saving),
            current,
            stats,
            self._entries(t("saves.finished"), p.history, t("saves.finished.none")),
        ]
        if p.quarantine:
            nodes.append(self._entries(t("saves.kept"), p.quarantine, ""))
        if p.usage:
            nodes.append(d.el("p", {"class": "saves-note"}, p.usage))
        close = self.button(Button("close", "", t("saves.close")))
        nodes.append(d.el("div", {"class": "choices dialog-buttons"}, close))
        body.replaceChildren(self.d.fragment(nodes))
        if not dialog.open:
            dialog.showModal()

    def _confirm(self, c: Confirm | None) -> None:
        dialog = self.get("confirm")
        body = self.get("confirm-body")
        if c is None:
            if dialog.open:
                dialog.close()
            body.replaceChildren()
            return
        d = self.d
        body.replaceChildren(d.fragment([
            d.el("h2", {"id": "confirm-title"}, c.title),
            d.el("p", {"id": "confirm-text"}, c.text),
            d.el("div", {"class": "choices dialog-buttons"},
                 self.button(Button("confirm-no", "", c.no_label)), self.button(c.yes)),
        ]))
        if not dialog.open:
            dialog.showModal()
        no = body.querySelector('[data-saves="confirm-no"]')
        if not absent(no):
            no.focus()  # the safe choice first
