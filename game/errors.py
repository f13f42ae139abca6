"""The engine's exceptions: each message is a full sentence a player can read."""

from typing import Any


class BazaError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(BazaError):
    """An action that the rules do not allow now; the match is left unchanged.

    ``message``: the reason as ``(key, params)`` of :mod:`game.explain`
    (None for a refusal with no such key), for a table in another language.
    """

    def __init__(self, text: str, message: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(text)
        self.message = message


class RulesError(BazaError):
    """An unknown option, a value of the wrong type, or options that do not fit together."""


class RecordError(BazaError):
    """A hand record or a saved match that is malformed or inconsistent.

    ``message``: the reason as ``(key, params)`` of :mod:`game.save_messages`
    (None for a refusal with no such key), for a table in another language.
    """

    def __init__(self, text: str, message: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(text)
        self.message = message
