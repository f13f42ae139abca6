"""A message as the table words it: :data:`Wording` and :func:`words`.

The controller keeps each sentence it shows with how to word it, so that a
switch of language says it again in the new one (ui/controller.py
``_cmd_lang``). Apart from ui/controller.py because the modules it is built
from (ui/bot_turns.py, ui/player_aids.py) word their messages too, and an
import of the controller from them would go in a circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .i18n import t

# A message in the language of the moment: called again after a switch of language.
Wording = Callable[[], str]


def words(key: str, **params: Any) -> Wording:
    """The Wording of one sentence of the catalogue.

    >>> from ui.i18n import set_language
    >>> said = words("msg.no_undo")
    >>> said()
    'Nothing to take back in this hand.'
    >>> set_language("es"); said()
    'No hay nada que deshacer en esta mano.'
    >>> set_language("en")
    """
    return lambda: t(key, **params)
