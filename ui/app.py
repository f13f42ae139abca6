"""The page's application: wires the pieces together once PyScript is up.

It is, with ui/dom.py, the only Python that touches the page: the settings
come from the URL, the controller owns the match and runs the bots, the view
model says what to draw, ui/dom.py draws it. Clicks reach the controller as
the ``data-cmd`` / ``data-arg`` of the button clicked; changes in the New
game dialog as ``data-opt`` and a value.

It imports nothing from PyScript: ui/main.py, the script PyScript runs,
hands it the page (:class:`Browser`). So this module is precompiled by the
build and imported into the memory snapshot with the rest of the game,
where PyScript parses the script's own source at every start
(docs/PERFORMANCE.md, run 52).
"""

from __future__ import annotations

import contextlib
import sys
import traceback
from collections.abc import Callable
from typing import Any, NamedTuple

from game.bots import choose, hint_message, think
from ui import embed as E
from ui import settings as S
from ui.controller import Controller
from ui.dom import TableView, absent, attribute, clicked, field_value
from ui.i18n import pick_language, set_language, t
from ui.review_dom import ReviewPage
from ui.saves.dom import LocalStorage, SavesPage
from ui.saves.manager import Saves
from ui.saves.store import Store
from ui.side_sheet import SideSheet
from ui.sound import Sounds


class Browser(NamedTuple):
    """What PyScript gives the page: its ``document`` and ``window``, and
    Pyodide's ``create_proxy`` and ``to_js`` (pyscript.ffi)."""

    document: Any
    window: Any
    create_proxy: Callable[[Any], Any]
    to_js: Callable[..., Any]


def embed_page(browser: Browser, embed: E.Embed) -> E.Reporter | None:
    """Embed mode (``?embed=1``, see ui/embed.py): a compact page laid out
    inside the frame's fixed size (assets/embed.css), and a Reporter that
    tells the page embedding this one, once, that the game is ready.

    The parent page is never read: its origin comes from the browser
    (ancestorOrigins, referrer), and ``postMessage`` is the one thing used
    of ``window.parent``.
    """
    document, window, _create_proxy, to_js = browser
    document.documentElement.dataset.embed = "true"  # assets/embed.css
    sheet = document.querySelector(".side details[open]")
    if not absent(sheet):
        sheet.removeAttribute("open")  # the score sheet opens on a click
    if window.parent == window:  # not in a frame after all
        return None
    ancestors = window.location.ancestorOrigins
    ancestor = str(ancestors.item(0)) if not absent(ancestors) and ancestors.length else ""
    target = E.target_origin(embed, ancestor, str(document.referrer or ""))
    if not target:
        return None
    parent = window.parent
    return E.Reporter(lambda message: parent.postMessage(to_js(message), target))


def browser_languages(window: Any) -> list[str]:
    """The browser's preferred languages, best first."""
    try:
        return [str(x) for x in window.navigator.languages] or [str(window.navigator.language)]
    except Exception:  # an old browser: English
        return []


class App:
    """The page's game: the controller, its saves and the table's view,
    wired to the page's events. ``App(browser).start()`` resumes the saved
    game (or deals a new one), draws the table and marks the page ready."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        document, window, create_proxy, to_js = browser
        self.view = TableView(document)
        self.view.sounds = Sounds(window)
        query = str(window.location.search or "")
        settings = S.from_query(query)
        self.embed = E.parse(query, settings.game)
        self.storage_prefix = self.embed.storage_prefix  # for ui/saves/store.py: "baza:", or one per embed
        self.controller = Controller(settings, choose, on_change=self.schedule, think=think, hint=hint_message)
        # Autosave and resume, settings, statistics, other tabs (ui/saves/manager.py).
        self.saves = Saves(Store(LocalStorage(window), self.storage_prefix), self.controller, query=query)
        self.saves_page = SavesPage(document, window, self.saves, create_proxy, to_js)
        self.review_page = ReviewPage(document, self.controller, create_proxy)  # a finished hand, step by step
        self.side_sheet = SideSheet(document, window, create_proxy)  # the side panel behind a button on phones
        self._first_visit(window)
        self._frame_pending = False
        self._frame = create_proxy(self._draw_frame)
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("change", create_proxy(self.on_change))
        document.getElementById("newgame").addEventListener("cancel", create_proxy(self.on_cancel))
        document.getElementById("help").addEventListener("close", create_proxy(self.on_help_closed))
        document.getElementById("hand").addEventListener("keydown", create_proxy(self.view.on_hand_key))
        # The other languages' catalogues arrive after ready (build/pyodide-loader.mjs):
        # a table shown in English for want of its own draws again in it.
        window.addEventListener("baza:languages", create_proxy(lambda _event: self.redraw_all()))

    def _first_visit(self, window: Any) -> None:
        """The first-visit guides already put away (kept in localStorage, a
        comma-separated list of games), and the statistics the game's end
        shows (the saves')."""
        key = self.storage_prefix + "guides"
        try:
            raw = window.localStorage.getItem(key)
            seen = "" if absent(raw) else str(raw)
        except Exception:  # storage refused: the guide shows, and goes when put away
            seen = ""
        self.controller.guides_seen = frozenset(g for g in seen.split(",") if g in S.GAMES)

        def remember(_game: str) -> None:
            with contextlib.suppress(Exception):  # nothing kept: it shows again next visit
                window.localStorage.setItem(key, ",".join(sorted(self.controller.guides_seen)))

        def record(game: str) -> tuple[int, int, int | None] | None:
            g = self.saves.stats()["games"].get(game)
            return None if not g else (int(g["won"]), int(g["played"]), g.get("best"))

        self.controller.on_guide_seen = remember
        self.controller.record = record

    # Redraws are coalesced into one per animation frame: a bot loop at full
    # speed may change the match many times between two frames.
    def schedule(self) -> None:
        if not self._frame_pending:
            self._frame_pending = True
            self.browser.window.requestAnimationFrame(self._frame)

    def _draw_frame(self, _timestamp=None) -> None:
        self._frame_pending = False
        self.draw()

    def redraw_all(self) -> None:
        """Draw the table and the saves panel again (their words may have changed)."""
        self.schedule()
        self.saves_page.draw()

    def draw(self) -> None:
        model = self.controller.model()
        if model is not None:
            self.view.render(model)
        self.view.render_dialog(self.controller.dialog())

    def guarded(self, action) -> None:
        try:
            action()
        except Exception:  # show it, log it, keep the page alive
            traceback.print_exc(file=sys.stderr)
            self.controller._say(t("msg.broken"))

    def on_click(self, event) -> None:
        button = clicked(event, "[data-cmd]")
        if button is None:
            return
        cmd = attribute(button, "data-cmd")
        arg = attribute(button, "data-arg")
        if button.getAttribute("aria-disabled") == "true" and cmd not in ("card", "act", "pass"):
            return  # the controller explains refused cards, bids and passes; other buttons just wait
        self.guarded(lambda: self.controller.command(cmd, arg))

    def on_change(self, event) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute"):
            return
        option = attribute(target, "data-opt")
        if option:
            value = field_value(target)
            self.guarded(lambda: self.controller.set_option(option, value))
            return
        command = attribute(target, "data-change")
        if command:
            value = field_value(target)
            self.guarded(lambda: self.controller.command(command, value))

    def on_help_closed(self, event) -> None:
        # Closed with Escape: the controller must know, or the next click would only close it again.
        self.guarded(lambda: self.controller.command("help-close"))

    def on_cancel(self, event) -> None:
        event.preventDefault()  # the controller decides whether the dialog closes
        self.guarded(lambda: self.controller.command("dialog-cancel"))

    def start(self) -> None:
        document, window = self.browser.document, self.browser.window
        set_language(self.controller.settings.lang or pick_language(browser_languages(window)))
        self.embedded = embed_page(self.browser, self.embed) if self.embed.enabled else None
        try:
            self.saves.boot()  # the saved game, or a new one
        except Exception:  # never a page without a game
            traceback.print_exc(file=sys.stderr)
            if self.controller.match is None:
                self.controller.new_game()
        set_language(self.controller.settings.lang or pick_language(browser_languages(window)))
        self.draw()
        self.saves_page.draw()
        window.performance.mark("baza:drawn")
        # Hides the loading overlay (see assets/baza.css); tests wait for it.
        document.documentElement.dataset.ready = "true"
        self.view.focus_turn()  # the table is rendered from now on (assets/baza.css)
        if self.embedded is not None:
            self.embedded.ready()
