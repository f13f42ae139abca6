"""Every sentence the engine has for a player: one message type, one
registry, one renderer.

A message is ``(key, params)``: the key of a sentence in one *kind* of
messages and the values that fill it in. There are four kinds, each a table
of English templates registered here by the module that words it:

- ``"engine"``: why an action is refused (:mod:`game.explain`);
- ``"bot"``: the computer players' one-line reasons, and hints
  (:mod:`game.bots.reasons`);
- ``"claim"``: the answer to a claim of the rest (:mod:`game.claim`);
- ``"save"``: why a saved match or a hand record is refused
  (:mod:`game.save_messages`).

The table shows the same messages in the player's language from the same
keys and parameters (ui/i18n.py, ``message_text``), so the conventions below
hold in every language. Parameters are read by their names:

- ``...card``: a card id, "the {card}" is "the Queen of spades"; ``...suit``
  a suit; a sentence that begins with a suit writes it with a capital;
- ``...seat``: a seat number, written as the seat's name when names are
  given (else the number, as in the bots' "seat 2");
- ``doing``: a part of the sentence, the key ``"doing." + value`` of the
  same kind;
- ``...why``: a part of the sentence, the key of another message of the
  same kind, filled in from the same parameters less that one and those
  ending in ``"_" + its name`` (:func:`inner_params`);
- ``reason``: a whole refusal wrapped in this one, a :data:`Detail`.

A template may be a dict of plural forms ``{"one": ..., "other": ...}``,
chosen by ``n``.

>>> import game.claim, game.explain, game.save_messages  # they register their kinds
>>> render("engine", ("not_broken", {"suit": 2}))
'Hearts are not broken yet: lead another suit.'
>>> render("claim", ("can_win", {"seat": 1, "card": 50}), ["You", "West", "North", "East"])
'West can still win a trick with the King of spades.'
>>> render("save", ("replay", {"number": 2, "action": '"QS"', "reason": ("engine", "not_held", {"card": 49})}))
'Saved action 2 ("QS") cannot be replayed: You do not hold the Queen of spades.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import english_param

Message = tuple[str, dict[str, Any]]
# A message of a named kind, (kind, key, params), or plain English text for
# an error that has no key: what a refusal wrapped in another holds.
Detail = tuple[str, str, dict[str, Any]] | str

KINDS: dict[str, dict[str, Any]] = {}  # kind -> {key: English template}


def register(kind: str, table: dict[str, Any]) -> dict[str, Any]:
    """Register the English templates of one kind of messages; returns ``table``."""
    if kind in KINDS and KINDS[kind] is not table:
        raise ValueError(f"The {kind!r} messages are registered already.")
    KINDS[kind] = table
    return table


def template(kind: str, key: str, params: dict[str, Any]) -> str:
    """The English template of ``key`` (the plural form for ``n``)."""
    text = KINDS[kind][key]
    if isinstance(text, dict):
        text = text["one" if params.get("n") == 1 else "other"]
    return str(text)


def inner_params(params: dict[str, Any], name: str) -> dict[str, Any]:
    """The parameters of the part of a sentence named by ``name`` (a "why"):
    the sentence's own, less that one and the outer parts that hold it
    ("base_why" holds a sentence with its "why")."""
    return {k: v for k, v in params.items() if k != name and not k.endswith("_" + name)}


def render(kind: str, message: Message | None, names: Sequence[str] | None = None) -> str:
    """The English sentence of a message of ``kind`` ("" for None); seats by
    ``names`` when given."""
    if message is None:
        return ""
    key, params = message
    text = template(kind, key, params)
    shown: dict[str, object] = {}
    for name, value in params.items():
        if name.endswith("why"):
            shown[name] = render(kind, (value, inner_params(params, name)), names)
        elif name == "doing":
            shown[name] = render(kind, ("doing." + value, {}), names)
        elif name == "reason":
            shown[name] = render_detail(value)
        elif name.endswith("seat") and names is not None and isinstance(value, int):
            shown[name] = names[value]
        else:
            shown[name] = english_param(name, value)
            if name.endswith("suit") and text.startswith("{" + name + "}"):
                shown[name] = str(shown[name]).capitalize()  # the sentence begins with it
    return text.format(**shown)


def render_detail(value: Detail) -> str:
    """The English text of a :data:`Detail`."""
    if isinstance(value, str):
        return value
    kind, key, params = value
    return render(kind, (key, params))


__all__ = ["KINDS", "Detail", "Message", "inner_params", "register", "render", "render_detail", "template"]
