"""Helpers for the view-model tests, which run under CPython with no browser:
ui/ is imported from the repository root (on the path by pyproject.toml's
pytest settings), and nothing here imports js, pyodide or pyscript.

(Not a conftest.py: tests/engine has one, and its tests import from it by
the name ``conftest``; a second one would take that name.)
"""

import asyncio

from game.cards import iter_cards, parse_mask
from game.deal import cards_in_play, hand_sizes
from game.rules import preset
from game.state import Match
from ui import settings as S
from ui.controller import Controller


def position(game, preset_name, texts, dealer=3, pass_direction="hold", **options):
    """A match whose hand starts with the cards given (text or mask, seat by seat);
    the rest of the deck fills the hands in turn."""
    rules = preset(game, preset_name, **options)
    m = Match(rules, seed=1)
    given = [t if isinstance(t, int) else parse_mask(t) for t in texts] + [0] * (rules.players - len(texts))
    sizes = hand_sizes(rules, dealer)
    rest = [c for c in iter_cards(cards_in_play(rules)) if not any(h >> c & 1 for h in given)]
    hands = list(given)
    seat = 0
    for c in rest:
        while bin(hands[seat]).count("1") >= sizes[seat]:
            seat = (seat + 1) % rules.players
        hands[seat] |= 1 << c
        seat = (seat + 1) % rules.players
    m.deal_hands(hands, dealer, pass_direction if game == "hearts" else None)
    return m


def first_legal(view, level, rng):
    """A bot for controller tests: the first legal action (deterministic)."""
    return view.legal[0]


async def no_sleep(seconds):
    await asyncio.sleep(0)


def controller(settings=None, choose=first_legal, **changes):
    s = settings or S.Settings(speed="instant", seed=7)
    if changes:
        s = S.dataclasses.replace(s, **changes)
    return Controller(s, choose, sleep=no_sleep)


def run(coro):
    return asyncio.run(coro)
