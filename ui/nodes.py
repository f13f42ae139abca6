"""Page nodes described in Python, built in the page in one call.

The DOM layers (ui/dom.py, ui/saves/dom.py) describe what they draw as
plain lists, ``[tag, {attributes}, *children]``, where a child is another
description or a string. :class:`Dom` sends a list of them as JSON to
assets/nodes.js, which makes the nodes. A string is always a text node,
never markup, so a name or message is shown as text; no HTML is built.

Why not one call per node: every element, attribute and text made from
Python is a call through Pyodide's FFI. Drawing a resumed game's table took
1,316 calls of the DOM's methods, and takes 167 this way (docs/PERFORMANCE.md,
"Runs 81 to 85"). A description costs Python a list, and the page one call.

>>> d = Dom(None)
>>> d.el("button", {"class": "card", "data-arg": 12, "hidden": False, "disabled": True}, "Q", None)
['button', {'class': 'card', 'data-arg': '12', 'disabled': ''}, 'Q']
>>> d.el("li", {"--x": "25%"})  # a CSS custom property, set through the element's style
['li', {'--x': '25%'}]
>>> d.suit("H", "pip")
['svg:svg', {'class': 'pip', 'aria-hidden': 'true', 'focusable': 'false'}, ['svg:use', {'href': '#suit-H'}]]
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

from .table_model import CardFace


def guarded(action: Callable[[], Any]) -> None:
    """Run an event handler's ``action``; a bug in it is printed, not raised,
    so that a broken part of the page (a sheet, the review) never breaks the table."""
    try:
        action()
    except Exception:
        traceback.print_exc(file=sys.stderr)


def absent(value: Any) -> bool:
    """True for Python None and JavaScript null / undefined (Pyodide's JsNull)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class Node(list):
    """A node's description, as :meth:`Dom.el` makes it: [tag, {attribute:
    text}, *children], a child being a description or a string (a text
    node); "svg:tag" is an SVG element. Its own type, so that no other list
    (one read from a saved game, say) can ever be taken for one: it would
    be refused, not drawn as elements."""


def _child(child: Any) -> Any:
    """A description's child: a description, or text (numbers as text)."""
    if isinstance(child, Node):
        return child
    if isinstance(child, (str, int, float)) and not isinstance(child, bool):
        return str(child)
    raise TypeError(f"a child is a node's description or text, not {type(child).__name__}")


# A plain dict, not functools.cache: the start's part of the wasm
# (docs/PERFORMANCE.md) holds no unbounded cache of C, and calling one
# loaded the rest of the wasm at the first redraw.
_FACES: dict[tuple[str, str], tuple[Node, ...]] = {}


def _card_face(rank: str, suit: str) -> tuple[Node, ...]:
    face = _FACES.get((rank, suit))
    if face is None:
        face = _FACES[rank, suit] = _make_face(rank, suit)
    return face


def _make_face(rank: str, suit: str) -> tuple[Node, ...]:
    d = Dom(None)
    # The rank is drawn by CSS from data-rank (.rank::before), not as text:
    # the card's name is its aria-label, with no stray text beside it.
    corner = d.el("span", {"class": "corner", "aria-hidden": "true"},
                  d.el("span", {"class": "rank", "data-rank": rank}), d.suit(suit, "pip"))
    corner2 = d.el("span", {"class": "corner corner-end", "aria-hidden": "true"},
                   d.el("span", {"class": "rank", "data-rank": rank}), d.suit(suit, "pip"))
    return corner, d.suit(suit, "big"), corner2


class Dom:
    """Node descriptions, and the page's nodes made from them, for one ``document``."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self._builder: Any = None

    def el(self, tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
        """A node's description: attributes that are None or False left out,
        True as an empty value, the rest as text; children that are None left
        out. Names starting with "--" are CSS custom properties."""
        kept = {key: "" if value is True else str(value)
                for key, value in (attrs or {}).items() if value is not None and value is not False}
        return Node([tag, kept, *[_child(child) for child in children if child is not None]])

    def suit(self, letter: str, cls: str) -> Node:
        """A suit symbol of index.html's sprite."""
        return self.el("svg:svg", {"class": cls, "aria-hidden": "true", "focusable": "false"},
                       self.el("svg:use", {"href": f"#suit-{letter}"}))

    def card_face(self, f: CardFace) -> list[Node]:
        """The inside of a card: two corner indices and a big pip (all hidden
        from screen readers: the card's accessible name is its full name).
        Made once for each rank and suit, and shared: a redraw of the hand
        describes every card in it again (so never change one in place)."""
        return list(_card_face(f.rank, f.suit))

    def face_classes(self, f: CardFace, extra: str = "") -> str:
        return f"card {'red' if f.red else 'black'} suit-{f.suit} {extra}".strip()

    def update(self, node: Any, attrs: dict[str, Any]) -> None:
        """Set ``attrs`` on an existing node (None or False removes one),
        touching only those that differ, in one call (assets/nodes.js ``set``);
        "--" names as in :meth:`el`."""
        self._build().set(node, json.dumps({key: None if value is None or value is False else
                                            "" if value is True else str(value) for key, value in attrs.items()},
                                           separators=(",", ":")))

    # ------------------------------------------------------------- the page's nodes

    def _build(self) -> Any:
        if self._builder is None:
            window = self.doc.defaultView
            builder = None if absent(window) else getattr(window, "bazaNodes", None)
            if absent(builder):
                raise RuntimeError("assets/nodes.js is not loaded: the page cannot draw the table")
            self._builder = builder
        return self._builder

    @staticmethod
    def _json(children: list[Any]) -> str:
        # ASCII only: a lone surrogate in a saved name must not break the way to JavaScript.
        return json.dumps([_child(child) for child in children], separators=(",", ":"))

    def fragment(self, children: list[Any]) -> Any:
        """The nodes of ``children`` (descriptions or strings) in a
        DocumentFragment, for one insertion (None children left out)."""
        return self._build().fragment(self._json([child for child in children if child is not None]))

    def morph(self, parent: Any, children: list[Any]) -> None:
        """Make ``parent``'s children match ``children`` (None left out),
        keeping the nodes that stay (assets/nodes.js, ``morph``)."""
        self._build().morph(parent, self._json([child for child in children if child is not None]))

    def nodes(self, descriptions: list[Node]) -> list[Any]:
        """The nodes of ``descriptions``, one each and in order, made in one call."""
        if not descriptions:
            return []
        made = self._build().list(self._json(descriptions))
        return [made[i] for i in range(len(descriptions))]

    def node(self, description: Node) -> Any:
        """The node of one description."""
        return self.nodes([description])[0]
