"""Computer players for Baza: four levels, hints, one entry point.

A bot sees a match only through one seat's :class:`game.view.SeatView` and
takes its randomness only from the ``random.Random`` it is given, so the same
view and the same seed give the same decision. Pure Python, no threads: the
same code runs in CPython and in Pyodide.

>>> import random
>>> from game.state import new_match
>>> m = new_match("hearts", "standard", seed=3)
>>> rng = random.Random(1)
>>> while m.phase != "hand_over":
...     m.apply(choose(m.view(m.to_act), "normal", rng))
>>> sum(m.records[-1]["result"]["points"])
26

Levels (:data:`LEVELS`):

- ``random``: a uniformly random legal action (a baseline for the arena);
- ``easy``: simple rules with no card counting, and a mistake now and then;
- ``normal``: the heuristics of :mod:`.hearts_bot` and :mod:`.spades_bot`;
- ``hard``: Monte-Carlo search over deals consistent with the view
  (:mod:`.search`), with ``normal`` as its playout policy.

:func:`hint` gives the ``normal`` choice for a seat and the one-line reason
its rules give for it; :func:`hint_message` the same reason as a message
``(key, params)`` (:mod:`.reasons`), for the table to show in the player's
language.
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import CUT, DEAL
from . import hearts_bot, spades_bot
from .common import Know
from .random_bot import choose_random
from .reasons import Message, render

LEVELS = ("random", "easy", "normal", "hard")
EASY_MISTAKES = 0.12  # how often ``easy`` plays a random legal card instead


def decide(k: Know, level: str = "normal", rng: random.Random | None = None) -> tuple[int, str]:
    """The ``easy`` or ``normal`` decision for a :class:`Know`, with its reason."""
    action, message = decide_message(k, level, rng)
    return action, render(message)


def decide_message(k: Know, level: str = "normal", rng: random.Random | None = None) -> tuple[int, Message]:
    """:func:`decide` with the reason as a message ``(key, params)``."""
    phase = k.phase
    legal = k.legal
    if not legal:
        raise ValueError(f"Seat {k.seat} has nothing to do now (phase {phase}).")
    if len(legal) == 1 and phase not in ("bid",):
        return legal[0], _only_reason(phase, legal[0])
    easy = level == "easy"
    if k.game == "hearts":
        if phase == "play":
            if easy and rng is not None and rng.random() < EASY_MISTAKES:
                c = choose_random(legal, rng)
                return c, ("play", {"card": c})
            return hearts_bot.easy_play(k) if easy else hearts_bot.choose_play(k)
        if phase == "pass":
            return hearts_bot.easy_pass(k) if easy else hearts_bot.choose_pass(k)
        if phase == "moon":
            return hearts_bot.easy_moon(k) if easy else hearts_bot.choose_moon(k)
    else:
        if phase == "play":
            if easy and rng is not None and rng.random() < EASY_MISTAKES:
                c = choose_random(legal, rng)
                return c, ("play", {"card": c})
            return spades_bot.easy_play(k) if easy else spades_bot.choose_play(k)
        if phase == "bid":
            return spades_bot.easy_bid(k) if easy else spades_bot.choose_bid(k)
        if phase == "draw":
            return spades_bot.easy_draw(k) if easy else spades_bot.choose_draw(k)
    return legal[0], _only_reason(phase, legal[0])


def _only_reason(phase: str, action: int) -> Message:
    if action == CUT:
        return "only.cut", {}
    if action == DEAL:
        return "only.deal", {}
    if action < 104:
        return "only.card", {"card": action}
    return "only.choice", {}


def choose(view: Any, level: str = "normal", rng: random.Random | None = None, **search: Any) -> int:
    """The action ``level`` takes for the seat of ``view`` (which must be to act).

    ``search`` passes the ``hard`` level its budget: ``ms`` (wall-clock
    milliseconds per decision, default :data:`.search.DEFAULT_MS`) and/or
    ``samples`` (sampled deals per decision), or ``cpu_ms`` (CPU time, for
    benchmarks on a busy machine); keep them small in tests.
    """
    return choose_with_reason(view, level, rng, **search)[0]


def choose_with_reason(
    view: Any, level: str = "normal", rng: random.Random | None = None, **search: Any
) -> tuple[int, str]:
    """:func:`choose` and the reason behind it."""
    action, message = choose_with_message(view, level, rng, **search)
    return action, render(message)


def choose_with_message(
    view: Any, level: str = "normal", rng: random.Random | None = None, **search: Any
) -> tuple[int, Message]:
    """:func:`choose_with_reason` with the reason as a message ``(key, params)``."""
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}: choose one of {', '.join(LEVELS)}.")
    if rng is None:
        rng = random.Random(0)
    legal = view.legal
    if not legal:
        raise ValueError(f"Seat {view.seat} is not to act now (phase {view.phase}).")
    if level == "random":
        a = choose_random(legal, rng)
        return a, ("random", {})
    if level == "hard":
        from .search import Search

        s = Search(view, rng, **search)
        while not s.step():
            pass
        return s.result_message()
    return decide_message(Know.from_view(view), level, rng)


class Decided:
    """A decision made at once (every level but ``hard``), with the same
    ``step()`` / ``result()`` / ``result_message()`` interface as
    :class:`.search.Search`, so a caller can run any level in slices."""

    def __init__(self, action: int, reason: str, message: Message | None = None) -> None:
        self.action = action
        self.reason = reason
        self.message = message

    def step(self) -> bool:
        return True

    def result(self) -> tuple[int, str]:
        return self.action, self.reason

    def result_message(self) -> tuple[int, Message | None]:
        return self.action, self.message


def think(view: Any, level: str = "normal", rng: random.Random | None = None, **search: Any) -> Any:
    """Start a decision that runs in small steps: ``hard`` returns a
    :class:`.search.Search` (one playout a step), the other levels a
    :class:`Decided`. A page calls ``step()`` until it returns True, giving
    the browser control between slices, then reads ``result()``.

    >>> from game.state import new_match
    >>> m = new_match("spades", "partnership", seed=4)
    >>> while m.phase != "bid":
    ...     m.apply(m.legal_actions()[0])
    >>> thinking = think(m.view(m.to_act), "hard", random.Random(2), samples=3)
    >>> steps = 1
    >>> while not thinking.step():
    ...     steps += 1
    >>> action, reason = thinking.result()
    >>> m.is_legal(action), steps > 1
    (True, True)
    """
    if level == "hard":
        if rng is None:
            rng = random.Random(0)
        if not view.legal:
            raise ValueError(f"Seat {view.seat} is not to act now (phase {view.phase}).")
        from .search import Search

        return Search(view, rng, **search)
    action, message = choose_with_message(view, level, rng, **search)
    return Decided(action, render(message), message)


def hint(view: Any) -> tuple[int, str]:
    """The ``normal`` bot's choice for this seat and the one-line reason for it.

    >>> from game.state import new_match
    >>> from game.cards import parse_mask
    >>> m = new_match("hearts", "classic", seed=1)
    >>> m.deal_hands([parse_mask("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
    ...               parse_mask("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
    ...               parse_mask("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
    ...               parse_mask("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")], dealer=3, pass_direction="hold")
    >>> for card in ("2C", "AD", "AH"):
    ...     m.apply(card)
    >>> hint(m.view(3))
    (49, 'Discard the Queen of spades: you are void in clubs, and seat 0 takes her.')
    """
    return decide(Know.from_view(view), "normal")


def hint_message(view: Any) -> tuple[int, Message]:
    """:func:`hint` with the reason as a message ``(key, params)``: the key of
    :data:`.reasons.MESSAGES` and its card, suit, seat and number parameters.

    >>> from game.state import new_match
    >>> m = new_match("hearts", "standard", seed=3)
    >>> while m.phase != "play":
    ...     m.apply(m.legal_actions()[0])
    >>> action, message = hint_message(m.view(m.to_act))
    >>> message, render(message) == hint(m.view(m.to_act))[1]
    (('only.card', {'card': 0}), True)
    """
    return decide_message(Know.from_view(view), "normal")


__all__ = [
    "EASY_MISTAKES",
    "LEVELS",
    "Decided",
    "Message",
    "choose",
    "choose_with_message",
    "choose_with_reason",
    "decide",
    "decide_message",
    "hint",
    "hint_message",
    "render",
    "think",
]
