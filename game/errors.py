"""The engine's exceptions: each message is a full sentence a player can read."""


class BazaError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(BazaError):
    """An action that the rules do not allow now; the match is left unchanged."""


class RulesError(BazaError):
    """An unknown option, a value of the wrong type, or options that do not fit together."""


class RecordError(BazaError):
    """A hand record or a saved match that is malformed or inconsistent."""
