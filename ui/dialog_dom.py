"""The page's modal dialogs: New game (a DialogModel) and the rules page (a HelpPage).

:class:`DialogsDom` is a part of :class:`ui.dom.TableView` (a mixin). Both
dialogs are <dialog> elements of index.html opened with showModal(), and
either may be reopened by a saved game while the loading screen still
covers the page: then it waits to open until the page is shown
(:meth:`DialogsDom._open_modal`, ``TableView.focus_turn``).

Apart from ui/dom.py because a dialog is drawn whole when it opens or its
model changes, where the table is redrawn region by region on every
action; the two share only the drawing helpers of TableView.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from .help_model import HelpPage
from .i18n import t as msg
from .nodes import Dom, absent
from .table_model import Choice, DialogModel, Field


class DialogsDom:
    """The New game dialog and the rules page of a TableView (see the module's text)."""

    # What the dialogs use of the TableView (set in its __init__).
    doc: Any
    d: Dom
    prev: dict[str, Any]
    shown: bool  # the loading screen is gone: a dialog may open and take the focus
    _opening: dict[str, Any]  # dialogs waiting for the page to be shown, by id

    if TYPE_CHECKING:  # the TableView's drawing helpers
        def get(self, element_id: str) -> Any: ...
        def _region(self, name: str, value: Any, draw: Any) -> bool: ...
        def _replace(self, node: Any, children: list[Any]) -> None: ...
        def button(self, c: Choice, cls: str = "") -> Any: ...

    # ------------------------------------------------------------- opening

    def _open_modal(self, dialog: Any, focus: str = "") -> None:
        """Open ``dialog`` as a modal, then focus its ``focus`` selector if
        given (else the browser's own pick stands). Under the loading screen
        both wait until the page is shown (focus_turn): showModal() picks what
        to focus among the controls it can see, and there it sees none."""
        def open_it() -> None:
            if dialog.open:
                return
            dialog.showModal()
            target = dialog.querySelector(focus) if focus else None
            if target is not None and not absent(target):  # (None: no selector; JsNull: nothing matched)
                target.focus()

        if self.shown:
            open_it()
        else:
            self._opening[str(dialog.id)] = open_it

    def _close_modal(self, dialog: Any) -> None:
        self._opening.pop(str(dialog.id), None)
        if dialog.open:
            dialog.close()

    def _open_waiting(self) -> bool:
        """Open the dialogs that waited for the page to be shown (see
        _open_modal). True if there were any: they have the focus now."""
        opening, self._opening = self._opening, {}
        for open_it in opening.values():
            open_it()
        return bool(opening)

    # ------------------------------------------------------------- rules page

    def _help(self, page: HelpPage | None) -> None:
        """The rules page as a modal dialog (closed when the model has none)."""
        dialog = self.get("help")
        if absent(dialog):
            return
        if page is None:
            self._close_modal(dialog)
            return
        d = self.d
        nodes = [d.el("h2", {"id": "help-title"}, page.title)]
        for heading, text in page.sections:
            nodes.append(d.el("h3", {}, heading))
            nodes.append(d.el("p", {}, text))
        nodes.append(d.el("h3", {}, page.options_title))
        items = []
        for name, value in page.options:
            items.append(d.el("dt", {}, name))
            items.append(d.el("dd", {}, value))
        nodes.append(d.el("dl", {"class": "rules"}, *items))
        nodes.append(d.el("div", {"class": "choices dialog-buttons"},
                          self.button(Choice("help-close", "", msg("help.close"), primary=True))))
        self._replace(self.get("help-body"), nodes)
        self._open_modal(dialog, focus=".primary")  # its Close button

    # ------------------------------------------------------------- new game

    def render_dialog(self, m: DialogModel | None) -> None:
        dialog = self.get("newgame")
        if m is None:
            self.prev.pop("dialog", None)
            self._close_modal(dialog)
            return
        self._region("dialog", m, self._dialog)
        self._open_modal(dialog)

    def _field(self, f: Field, unlisted: dict[str, str]) -> Any:
        """A field of the New game dialog; a choice whose value none of its
        options has goes into ``unlisted`` (id: value, see _dialog)."""
        d = self.d
        fid = f"opt-{f.key}"
        help_id = f"{fid}-help"
        common = {"id": fid, "data-opt": f.key, "data-key": fid, "disabled": not f.enabled,
                  "aria-describedby": help_id if f.help else None}
        if f.kind == "bool":
            control = d.el("input", {**common, "type": "checkbox", "checked": f.value == "true"})
            row = d.el("div", {"class": "field field-bool"}, control, d.el("label", {"for": fid}, f.label))
        else:
            if f.kind == "choice":
                control = d.el("select", common, *[d.el("option", {"value": v, "selected": v == f.value}, label)
                                                   for v, label in f.choices])
                if all(v != f.value for v, _ in f.choices):
                    unlisted[fid] = f.value
            elif f.kind == "text":
                control = d.el("input", {**common, "type": "text", "value": f.value, "maxlength": f.high or None,
                                         "placeholder": f.placeholder or None, "autocomplete": "off",
                                         "spellcheck": "false"})
            else:
                control = d.el("input", {**common, "type": "number", "inputmode": "numeric", "value": f.value,
                                         "min": f.low, "max": f.high, "step": f.step})
            row = d.el("div", {"class": f"field field-{f.kind}"}, d.el("label", {"for": fid}, f.label), control)
        if f.help:
            row.append(d.el("small", {"id": help_id, "class": "help"}, f.help))
        return row

    def _tiles(self, f: Field) -> Any:
        """A choice as a row of big buttons: radio buttons in a group named
        by its legend, each drawn as a tile (its name, and a line under it
        where ``f.notes`` has one; the game's tiles carry its suit)."""
        d = self.d
        fid = f"opt-{f.key}"
        tiles = []
        for i, (value, label) in enumerate(f.choices):
            note = f.notes[i] if i < len(f.notes) else ""
            note_id = f"{fid}-{value}-note"
            radio = d.el("input", {"type": "radio", "id": f"{fid}-{value}", "name": fid, "value": value,
                                   "data-opt": f.key, "data-key": f"{fid}-{value}", "checked": value == f.value,
                                   "aria-label": label if note else None,
                                   "aria-describedby": note_id if note else None,
                                   "disabled": not f.enabled})
            suit = {"hearts": "H", "spades": "S"}.get(value) if f.key == "game" else None
            tiles.append(d.el("label", {"class": "tile", "for": f"{fid}-{value}"}, radio,
                              d.suit(suit, "tile-suit") if suit else None,
                              d.el("span", {"class": "tile-name"}, label),
                              d.el("span", {"class": "tile-note", "id": note_id}, note) if note else None))
        legend_id = f"{fid}-legend"
        help_id = f"{fid}-help"
        return d.el("fieldset", {"class": f"tiles tiles-{f.key}", "role": "radiogroup",
                                 "aria-labelledby": legend_id, "aria-describedby": help_id if f.help else None},
                    d.el("legend", {"id": legend_id}, f.label),
                    d.el("div", {"class": "tile-row"}, *tiles),
                    d.el("small", {"id": help_id, "class": "help"}, f.help) if f.help else None)

    def _dialog(self, m: DialogModel) -> None:
        d = self.d
        unlisted: dict[str, str] = {}
        field = functools.partial(self._field, unlisted=unlisted)
        nodes = [d.el("h2", {"id": "newgame-title"}, msg("page.new_game")),
                 self._tiles(m.game), self._tiles(m.preset), self._tiles(m.players)]
        # Every other choice, folded under More options (its line says what they hold now).
        nodes.append(d.el("div", {"class": "more-line"},
                          d.el("button", {"type": "button", "class": "more-btn", "data-cmd": "dialog-more",
                                          "data-key": "dialog-more", "aria-expanded": "true" if m.more else "false",
                                          "aria-controls": "newgame-more", "aria-describedby": "newgame-more-note"},
                               msg("dialog.more")),
                          d.el("small", {"id": "newgame-more-note", "class": "more-note"}, m.more_note)))
        more = [field(m.target)]
        for title, fields in m.groups:
            more.append(d.el("fieldset", {"class": "group"}, d.el("legend", {}, title),
                             *[field(f) for f in fields]))
        more.append(d.el("fieldset", {"class": "group"}, d.el("legend", {}, msg("dialog.bots")),
                         *[field(f) for f in m.bots], field(m.speed),
                         field(m.trick_clear) if m.trick_clear is not None else None,
                         field(m.strict) if m.strict is not None else None))
        if m.names:
            more.append(d.el("fieldset", {"class": "group"}, d.el("legend", {}, msg("dialog.names")),
                             *[field(f) for f in m.names]))
        nodes.append(d.el("div", {"id": "newgame-more", "class": "more", "hidden": not m.more}, *more))
        if m.error:
            nodes.append(d.el("p", {"class": "dialog-error", "role": "alert"}, m.error))
        buttons = d.el("div", {"class": "choices dialog-buttons"},
                       self.button(Choice("dialog-start", "", msg("dialog.start"), m.can_start, primary=True)))
        if m.can_cancel:
            buttons.append(self.button(Choice("dialog-cancel", "", msg("dialog.cancel"))))
        nodes.append(buttons)
        self._replace(self.get("newgame-body"), nodes)
        # A value no option has (a saved pass cycle of its own, say) shows as
        # no option picked, so that any pick is a change; with the options'
        # attributes alone the browser would show the first one as picked.
        for fid, value in unlisted.items():
            self.get(fid).value = value
