"""Why a saved match or a hand record is refused, as ``(key, params)``.

The engine speaks English (:class:`~game.errors.RecordError`'s text, for the
command line and the tests); each refusal also carries its key and
parameters (``RecordError.message``), so the table can show it in the
player's language (ui/lang/*.py, "save." + key), as it does the refusals
of :mod:`game.explain`.

A parameter named ``reason`` holds the refusal it wraps (a saved action that
cannot be replayed, a bad card of a record): a :data:`Detail`, rendered in
its turn.

>>> from game.errors import IllegalAction
>>> inner = IllegalAction("You do not hold the Queen of spades.", ("not_held", {"card": 49}))
>>> render(("replay", {"number": 4, "action": '"QS"', "reason": detail(inner)}))
'Saved action 4 ("QS") cannot be replayed: You do not hold the Queen of spades.'
"""

from __future__ import annotations

from typing import Any

from . import explain, messages
from .errors import IllegalAction, RecordError
from .messages import Detail, Message, render_detail

# game.explain registers the "engine" messages that a refusal here may wrap.
assert explain.MESSAGES is messages.KINDS["engine"]

# The English sentences, by key: the "save" kind of game.messages.
MESSAGES = messages.register("save", {
    "custom_deal": "A match with hands set up by hand cannot be saved: its deals do not come from its seed.",
    "not_utf8": "{what} is not UTF-8 text.",
    # The table words these three with the saves.doc.* sentences (ui/storage.py).
    "not_text": "{what} must be JSON text.",
    "too_deep": "{what} is not valid: its JSON is nested more than {depth} deep.",
    "bad_json": "{what} is not valid JSON ({detail}).",
    "not_object": "The saved match must be a JSON object.",
    "no_format": "The saved match has no 'format' field: it is not a Baza save.",
    "other_format": "The saved data is a {found}, not a Baza match.",
    "no_schema": "The saved match has no valid schema version.",
    "newer": "The saved match comes from a newer version of the game (schema {schema}; this one reads {reads}).",
    "missing": "The saved match has no {field} field.",
    "unknown_fields": "The saved match has unknown fields: {fields}.",
    "seed": "The saved match's seed must be a number or text.",
    "rules": "The saved rules are not valid: {reason}",
    "actions_list": "The saved actions must be a list.",
    "replay": "Saved action {number} ({action}) cannot be replayed: {reason}",
    "check_object": "The saved check block must be an object.",
    "check_unknown": "The saved check block has an unknown field {field}.",
    "check_differs": "The saved {field} does not match the replayed match (saved {saved}, replayed {replayed}).",
    "at": "{where}: {reason}",
})


def detail(error: Exception) -> Detail:
    """The refusal ``error`` as a :data:`Detail`."""
    message = getattr(error, "message", None)
    if message:
        if isinstance(error, IllegalAction):
            return ("engine", *message)
        if isinstance(error, RecordError):
            return ("save", *message)
    return str(error)


def render(message: Message) -> str:
    """The English sentence of a message: :func:`game.messages.render`."""
    return messages.render("save", message)


def refusal(key: str, **params: Any) -> RecordError:
    """The :class:`RecordError` of ``key``: its English text and its message."""
    return RecordError(render((key, params)), (key, params))


__all__ = ["MESSAGES", "Detail", "Message", "detail", "refusal", "render", "render_detail"]
