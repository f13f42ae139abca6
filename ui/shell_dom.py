"""The page's own words around the table, and its three switches (language, deck, speed).

:class:`ShellDom` is a part of :class:`ui.dom.TableView` (a mixin). The
shell is index.html's fixed markup: the toolbar, the side panel's
headings, the footer, the labels and landmarks a screen reader names, the
notice of a new version. It is written in English in the file and put in
the table's language here, whenever the language changes.

Apart from ui/dom.py because none of it is drawn from the game: it follows
the language and the settings' choices only, and finds its nodes by CSS
selector in the shell rather than in the table's regions.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from .i18n import t as msg
from .nodes import Dom, absent

# index.html's fixed words: (CSS selector, catalogue key), drawn by ShellDom._chrome.
CHROME_TEXTS = (
    ('.tools [data-cmd="new-game"]', "page.new_game"),
    ("#last-btn", "page.last_trick"),
    ("#hint-btn", "page.hint"),
    ("#undo-btn", "page.undo"),
    ("#about-summary", "page.about"),
    (".speed-label", "page.speed"),
    (".side details:nth-of-type(1) > summary", "dom.sheet"),
    (".side details:nth-of-type(2) > summary", "page.rules"),
    ('label[for="deck"]', "page.deck"),
    ('label[for="lang"]', "page.language"),
    ('label[for="sound"]', "page.sound"),
    ("#side-sheet-title", "page.menu"),  # the side panel as a sheet (ui/side_sheet.py)
    ("#side-sheet-close", "help.close"),
)
# ... and its attributes: (CSS selector, attribute, catalogue key).
CHROME_ATTRIBUTES = (
    ("#hint-btn", "title", "page.hint_title"),
    ("#undo-btn", "title", "page.undo_title"),
    ("#help-q", "aria-label", "page.help_short"),
    ("#help-q", "title", "page.help_short"),
    ("#menu-btn", "aria-label", "page.menu"),
    ("#menu-btn", "title", "page.menu"),
    (".tools", "aria-label", "page.tools"),
    ("#table", "aria-label", "page.table"),
    ("#announcer", "aria-label", "page.events"),
    (".side", "aria-label", "page.side"),
    ("#controls", "aria-label", "page.choices"),
)


class ShellDom:
    """The shell's words and switches of a TableView (see the module's text)."""

    # What the shell uses of the TableView (set in its __init__).
    doc: Any
    d: Dom

    if TYPE_CHECKING:  # the TableView's drawing helpers
        def get(self, element_id: str) -> Any: ...
        def _replace(self, node: Any, children: list[Any]) -> None: ...

    def _chrome(self, lang: str, langs: tuple[tuple[str, str], ...]) -> None:
        """The page's own words around the table (index.html's static shell)
        in the language of the table, and the language switch."""
        doc = self.doc
        doc.documentElement.setAttribute("lang", lang)
        for selector, key in CHROME_TEXTS:
            node = doc.querySelector(selector)
            if not absent(node):
                node.textContent = msg(key)
        for selector, attribute, key in CHROME_ATTRIBUTES:
            node = doc.querySelector(selector)
            if not absent(node):
                node.setAttribute(attribute, msg(key))
        # The notice of a new version (assets/sw-register.js) takes its words from here.
        root = doc.documentElement
        words = (("data-update-text", "page.update_ready"), ("data-update-reload", "page.update_reload"),
                 ("data-update-later", "page.update_later"))
        for name, key in words:
            root.setAttribute(name, msg(key))
        # A notice already on screen changes language with the table: its
        # sentence, then its two buttons, in the order it was made.
        notice = self.get("update-notice")
        if not absent(notice):
            notice.setAttribute("lang", lang)
            for node, (_, key) in zip(notice.querySelectorAll("span, button"), words, strict=False):
                node.textContent = msg(key)
        status = self.get("status")
        if not absent(status):
            status.textContent = msg("page.footer", python=sys.version.split()[0])
        saves = self.get("saves-btn")
        if not absent(saves):
            saves.replaceChildren(self.d.fragment([msg("page.saves_short"),
                                                   self.d.el("span", {"class": "saves-long"}, msg("page.saves_long"))]))
        select = self.get("lang")
        if not absent(select):
            self._replace(select, [self.d.el("option", {"value": k, "selected": k == lang, "lang": k}, name)
                                   for k, name in langs])
            select.value = lang

    def _deck(self, value: tuple[str, tuple[tuple[str, str], ...]]) -> None:
        deck, decks = value
        select = self.get("deck")
        if absent(select):
            return
        self._replace(select, [self.d.el("option", {"value": k, "selected": k == deck}, label) for k, label in decks])
        select.value = deck

    def _speed(self, value: tuple[str, tuple[tuple[str, str], ...]]) -> None:
        speed, speeds = value
        select = self.get("speed")
        options = [self.d.el("option", {"value": k, "selected": k == speed}, label) for k, label in speeds]
        self._replace(select, options)
        select.value = speed
