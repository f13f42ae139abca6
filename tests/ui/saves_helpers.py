"""Helpers for the saves tests under CPython (test_storage.py,
test_saves_resume.py, test_saves_statistics.py, test_saves_tabs_and_links.py):
a controller with its Saves over a dict for localStorage, a test clock, our
own deterministic moves, and engine saves to damage.

Imported by name like ui_helpers."""

import dataclasses
import json
import random

from ui_helpers import no_sleep, run

from game.bots import choose
from game.save import match_to_dict
from game.state import new_match
from ui import settings as S
from ui.controller import Controller
from ui.saves import store as ST
from ui.saves.manager import Saves
from ui.saves.store import MemoryStorage, Store

HEARTS = S.Settings(speed="instant", seed=7, levels=("easy", "normal", "easy"))
SPADES = dataclasses.replace(S.set_game(S.Settings(speed="instant"), "spades"), seed=11,
                             levels=("easy", "normal", "easy"))


class Clock:
    def __init__(self):
        self.t = 1_700_000_000_000

    def __call__(self):
        self.t += 1000
        return self.t


def make(backend=None, query="", prefix="baza:", settings=None, tab=None):
    """A controller with real bots (easy ones use their randomness) and its Saves."""
    backend = backend if backend is not None else MemoryStorage()
    c = Controller(settings or HEARTS, choose, sleep=no_sleep)
    saves = Saves(Store(backend, prefix, clock=Clock()), c, query=query, tab=tab)
    return c, saves, backend


async def until_human(c):
    await c.settle()
    return c.model()


def human_move(c, t):
    """One deterministic decision of ours, from the match's state alone."""
    rng = random.Random(len(c.match.actions))
    what = t.awaiting
    if what == "next":
        c.command("next")
    elif what == "pass":
        if not c.ui.selected:
            for h in rng.sample([h.face.card for h in t.hand.cards], c.match.rules.pass_count):
                c.command("card", str(h))
        c.command("pass")
    elif what == "play":
        c.command("card", str(rng.choice([h.action for h in t.hand.cards if h.playable])))
    elif what in ("bid", "draw", "moon"):
        choices = [ch for ch in t.controls.choices if ch.enabled and ch.cmd == "act"]
        ch = rng.choice(choices)
        c.command(ch.cmd, ch.arg)
    else:
        raise AssertionError(f"stuck: {t.phase} {t.status}")


async def play_until(c, stop, limit=3000):
    for _ in range(limit):
        t = await until_human(c)
        if stop(c, t):
            return t
        if t.awaiting == "over":
            raise AssertionError("the game ended first")
        human_move(c, t)
    raise AssertionError("never reached")


async def two_tabs(settings=None, until=None):
    """Two tabs of one browser on one game: tab a opens and plays on until
    ``until(c, t)`` holds on its table (by default, until the human's turn),
    then tab b opens on the same storage and shows the same game.
    Returns (backend, a, sa, ta, b, sb, tb): each tab's controller, Saves
    and table."""
    backend = MemoryStorage()
    a, sa, _ = make(backend, tab="a", settings=settings)
    sa.boot()
    ta = await (play_until(a, until) if until else until_human(a))
    b, sb, _ = make(backend, tab="b")
    sb.boot()
    tb = await until_human(b)
    return backend, a, sa, ta, b, sb, tb


async def finish(c, limit=5000):
    for _ in range(limit):
        t = await until_human(c)
        if t.awaiting == "over":
            return t
        human_move(c, t)
    raise AssertionError("the game did not end")


def stored(backend, kind, prefix="baza:"):
    return json.loads(backend.items[prefix + kind])


def engine_save(**changes):
    m = new_match("hearts", "standard", seed=5)
    while m.phase != "play" or len(m.trick) < 3:
        m.apply(m.legal_actions()[0])
    d = match_to_dict(m)
    d.update(changes)
    return d, m


def envelope(data, version=ST.VERSION):
    return json.dumps({"format": "baza-save", "version": version, "kind": "match", "engine": 1,
                       "saved": 1, "data": data})


def finished_game(settings=HEARTS):
    async def go():
        c, s, backend = make(settings=dataclasses.replace(settings, target=30 if settings.game == "hearts" else 100))
        s.boot()
        await finish(c)
        return c, s, backend

    return run(go())
