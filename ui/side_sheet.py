"""The side panel as a sheet on narrower screens: score sheet, rules, card
colours, language, sounds and About behind one button of the top bar.

On a wide screen index.html's ``<aside class="side">`` stands beside the
table. Where it would fall below the table (a phone, upright or sideways,
a tablet held upright: under 960 px, assets/baza.css), it is hidden there
and the top bar shows a button (three lines, named "Scores and settings")
that opens it in a modal ``<dialog>`` sliding in from the right: the
aside itself moves into the dialog while it is open and back into the
page when it closes (Escape, the Close button, a tap beside it, or the
window growing wide), so that every control in it keeps its id and its
handlers. The dialog gives the focus trap, Escape and the backdrop; the
focus goes back to the button.

Made here, like the review's dialog, so that index.html's body stays as it
was; its words follow the language through ui/shell_dom.py's CHROME lists.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from .nodes import Dom, absent, guarded

DIALOG_ID = "side-sheet"
BUTTON_ID = "menu-btn"
WIDE = "(min-width: 960px)"  # the aside stands beside the table (assets/baza.css)


class SideSheet:
    """The button and the sheet (see the module's text)."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Any], Any]) -> None:
        self.doc = document
        self.d = Dom(document)
        self.side = document.querySelector(".layout > .side")
        self.home = document.querySelector(".layout")
        self.button = self._make_button()
        self.dialog = self._make_dialog()
        self._keep = [proxy(self.on_click), proxy(self.on_close), proxy(self.on_wide)]
        document.addEventListener("click", self._keep[0])
        self.dialog.addEventListener("close", self._keep[1])
        with contextlib.suppress(Exception):  # an old browser: the sheet stays open until closed
            window.matchMedia(WIDE).addEventListener("change", self._keep[2])

    def _make_button(self) -> Any:
        found = self.doc.getElementById(BUTTON_ID)
        if not absent(found):
            return found
        d = self.d
        icon = d.el("svg:svg", {"class": "menu-icon", "viewBox": "0 0 24 24", "aria-hidden": "true",
                                "focusable": "false"},
                    d.el("svg:path", {"d": "M3 5.5h18M3 12h18M3 18.5h18"}))
        button = d.node(d.el("button", {"type": "button", "id": BUTTON_ID, "class": "menu-btn",
                                        "data-sheet": "open", "aria-haspopup": "dialog",
                                        "aria-controls": DIALOG_ID, "aria-expanded": "false"}, icon))
        tools = self.doc.querySelector(".tools")
        before = self.doc.getElementById("help-q")
        if absent(tools):
            return button
        if absent(before):
            tools.append(button)
        else:
            tools.insertBefore(button, before)
        return button

    def _make_dialog(self) -> Any:
        found = self.doc.getElementById(DIALOG_ID)
        if not absent(found):
            return found
        d = self.d
        dialog = d.node(d.el("dialog", {"id": DIALOG_ID, "class": "side-sheet", "aria-labelledby": "side-sheet-title"},
                             d.el("div", {"class": "side-sheet-head"},
                                  d.el("h2", {"id": "side-sheet-title"}),
                                  d.el("button", {"type": "button", "id": "side-sheet-close",
                                                  "data-sheet": "close"}))))
        self.doc.body.append(dialog)
        return dialog

    # ------------------------------------------------------------- events

    def on_click(self, event: Any) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        if target == self.dialog:  # the backdrop: a tap beside the sheet
            guarded(self.close)
            return
        button = target.closest("[data-sheet]")
        if absent(button):
            return
        which = str(button.getAttribute("data-sheet"))
        guarded(self.open if which == "open" else self.close)

    def on_close(self, _event: Any) -> None:
        guarded(self._put_back)

    def on_wide(self, event: Any) -> None:
        if bool(event.matches):
            guarded(self.close)

    # ------------------------------------------------------------- opening

    def open(self) -> None:
        """Move the side panel into the sheet and open it; the focus goes to
        its first control (the score sheet's heading)."""
        if self.dialog.open or absent(self.side):
            return
        self.dialog.append(self.side)
        self.dialog.showModal()
        self.button.setAttribute("aria-expanded", "true")
        first = self.side.querySelector("summary, button, select, input")
        if not absent(first):
            first.focus()

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()  # the close event puts the panel back

    def _put_back(self) -> None:
        """The panel back in the page, beside the table; the focus back on the button."""
        if absent(self.side) or absent(self.home):
            return
        if self.side.parentElement != self.home:
            self.home.append(self.side)
        self.button.setAttribute("aria-expanded", "false")
        if self.button.getClientRects().length:
            self.button.focus()
