"""The computer players' turns: the loop that plays every seat but yours.

:class:`BotTurns` is a part of :class:`ui.controller.Controller` (a mixin):
the Controller holds the match and the table's state, and these methods run
the bots on it, one asyncio task at a time (:meth:`BotTurns.kick`), with a
pause before each action (the speed setting) so that a person can follow,
and with the trick just won left on the table for a moment.

Apart from ui/controller.py because this is the only part of it that runs by
itself, in the background: everything else answers a click. A bot's choice
is never trusted (an illegal one is replaced by the first legal action and
logged in ``bot_errors``), and a loop that wakes after a new game, an undo
or a taken seat stops without playing (``generation``).
"""

from __future__ import annotations

import asyncio
import inspect
import random
import sys
import time
import traceback
from collections.abc import Awaitable, Callable, Generator
from typing import TYPE_CHECKING, Any

from game.actions import CUT, DEAL
from game.errors import IllegalAction

from . import settings as S
from .wording import Wording, words

if TYPE_CHECKING:
    from game.state import Match

    from .table_model import UiState

BotChoose = Callable[[Any, str, random.Random], Any]
BotThink = Callable[[Any, str, random.Random], Any]  # game.bots.think: an object with step() and result()
Sleep = Callable[[float], Awaitable[None]]
SLICE_S = 0.015  # a thinking bot gives the page back after this long (no long task over 50 ms)


class BotTurns:
    """The bot loop of a Controller (see the module's text)."""

    # What the loop reads and keeps of the Controller (set in its __init__).
    settings: S.Settings
    ui: UiState
    match: Match | None
    generation: int  # bumped by a new game, an undo, a taken seat: a loop of an earlier one stops
    choose: BotChoose
    think: BotThink | None
    sleep: Sleep
    bot_errors: list[str]
    _task: asyncio.Future[None] | None
    _task_generation: int
    _held: tuple[int, int, int] | None  # the last trick held on the table
    _pass_waiting: int | None = None  # the generation in which you pressed Pass before your turn

    if TYPE_CHECKING:  # the Controller's own methods that the loop calls
        @property
        def you(self) -> int: ...  # the seat the table waits for (-1 while watching)

        def view(self, seat: int) -> Any: ...
        def _set_ui(self, **changes: Any) -> None: ...
        def _changed(self) -> None: ...
        def _say(self, text: str | Wording) -> None: ...
        def _after_action(self, action: int) -> None: ...
        def command(self, cmd: str, arg: str = "") -> None: ...

    @property
    def speed(self) -> S.Speed:
        """The pauses of the speed setting (an unknown name plays at normal speed)."""
        return S.SPEEDS.get(self.settings.speed, S.SPEEDS["normal"])

    def kick(self) -> None:
        """Make sure the bot loop of the current match runs. A loop of an
        earlier match may still sleep; it stops by itself when it wakes."""
        if self._task is not None and not self._task.done() and self._task_generation == self.generation:
            return
        self._task_generation = self.generation
        self._task = asyncio.ensure_future(self._pump())

    def _level(self, seat: int) -> str:
        """The level of the computer player in ``seat`` (the settings name them from seat 1)."""
        if seat == self.ui.human:
            return self.settings.level0  # watch mode: the computer player in seat 0
        levels = self.settings.levels
        return levels[(seat - 1) % len(levels)] if levels else "normal"

    async def _pause(self, ms: int) -> None:
        # No pause (speed Instant) is no yield either: the computer players'
        # cards up to your turn are played in one task and drawn in one
        # frame. A yield for each gave each card a redraw of its own, 60-150
        # ms apiece on a first visit, 0.9 s from your card of the first trick
        # to your turn in the second. A hard player's search still gives the
        # page back between its slices (_bot_decision).
        if ms > 0:
            await self.sleep(ms / 1000)

    async def _pump(self) -> None:
        gen = self.generation
        try:
            await self._run_bots(gen)
        except Exception:  # a bug must show, not freeze the table silently
            traceback.print_exc(file=sys.stderr)
            self._say(words("msg.bot_failed"))

    async def _run_bots(self, gen: int) -> None:
        me = self.ui.human
        while gen == self.generation:
            m = self.match
            assert m is not None
            phase = m.phase
            if await self._hold_trick(gen):
                return
            if phase in ("hand_over", "game_over"):
                return
            if phase in ("cut", "deal"):
                # No ceremony: the draw for the first dealer and the deal are
                # made at once (the table shows the draw's result in a corner
                # and deals the hand with a short animation); only the Slow
                # speed, chosen to follow every step, shows each card cut.
                slow = self.settings.speed == "slow"
                if phase == "cut" and slow:
                    await self._pause(self.speed.cut_ms)
                    if gen != self.generation:
                        return
                action = CUT if phase == "cut" else DEAL
                m.apply(action)
                self._after_action(action)
                if slow and m.phase == "deal":  # let the player see who cut highest
                    await self._pause(self.speed.trick_ms)
                continue
            seat = m.to_act
            if seat == me and phase == "pass" and self._pass_waiting == gen:
                self._pass_waiting = None
                self.command("pass", "")  # the Pass you pressed before your turn came
                if m.to_act != me:
                    continue
            if seat is None or (seat == me and not self.settings.watch):
                return
            view = self.view(seat)
            # One pause per seat's pass, not per card; none for the passes
            # and bids before yours (see _before_yours).
            if not (phase == "pass" and view.passed) and not self._before_yours(m, phase):
                await self._pause(bot_pause(self.speed.bot_ms, phase, len(view.legal), self._level(seat),
                                            self.decision_rng()))
            if gen != self.generation or m.to_act != seat:
                return
            decided = await self._bot_decision(view, seat, gen)
            if decided is None or gen != self.generation or m.to_act != seat:
                return
            m.apply(decided)
            self._after_action(decided)

    def _before_yours(self, m: Match, phase: str) -> bool:
        """A computer player's pass or bid that comes before your own in this
        hand: made at once, with the others before yours, so that your first
        decision of a hand waits for no pause (a redraw of the table for each
        of three bids before yours, each after its pause, took 0.4-1.1 s
        from Start game to your bid). The bids are on their seats when the
        table is drawn. The Slow speed, and watching, keep every pause."""
        if self.settings.speed == "slow" or self.settings.watch:
            return False
        me = self.ui.human
        if phase == "bid":
            return m.bids[me] is None
        if phase == "pass":
            return not m.pass_chosen[me]
        return False

    def _bots_before_yours_at_once(self) -> None:
        """The passes and bids of the computer players before yours, made in
        the task that dealt the hand, before the table is drawn, where their
        level decides at once (every level but hard, well under a millisecond
        a decision): the table's first frame then has your decision open and
        the engine waiting for it, so that a Hint or a Pass asked for in that
        frame is answered (in the bots' loop they came 100-350 ms after a
        first visit's ready, each after a redraw of its own, and a Hint
        asked meanwhile said "West is passing"). A hard player's search runs
        in slices in the loop, as the rest of the hand does."""
        m = self.match
        if m is None:
            return
        me = self.ui.human
        while m.phase in ("pass", "bid") and self._before_yours(m, m.phase):
            seat = m.to_act
            if seat is None or seat == me or self._level(seat) == "hard":
                return
            action = _at_once(self._decide(self.view(seat), seat))  # the loop's decision, without its pauses
            m.apply(action)
            self._after_action(action)

    async def _hold_trick(self, gen: int) -> bool:
        """Leave a trick that was just won on the table for a moment (the
        view model draws it while ``hold_trick`` is set). True: stop here."""
        m = self.match
        assert m is not None
        key = (m.hand_number, m.trick_number, len(m.records))
        if m.trick or m.trick_number == 0 or m.last_trick is None or key == self._held:
            return False
        if m.phase not in ("play", "moon", "hand_over", "game_over"):
            return False
        self._held = key
        self._set_ui(hold_trick=True)
        self._changed()
        if m.phase == "play" and m.to_act == self.you:
            return True  # shown until you lead
        if self.settings.trick_clear == "click" and not self.settings.watch:
            return True  # shown until you click Next trick (_cmd_continue)
        await self._pause(self.speed.trick_ms)
        if gen != self.generation:
            return True
        if self.ui.hold_trick:
            self._set_ui(hold_trick=False)
            self._changed()
        return False

    def decision_rng(self) -> random.Random:
        """The randomness of the next computer player's decision: from the
        match's seed and its number of actions, so that a match restored from a
        save (ui/saves/manager.py) goes on exactly as it would have."""
        assert self.match is not None
        return random.Random(f"{self.match.seed}:bot:{len(self.match.actions)}")

    async def _bot_decision(self, view: Any, seat: int, gen: int) -> int | None:
        """The bot's action (:meth:`_decide`), the page free between its
        slices of thought. None: the match moved on meanwhile."""
        m = self.match
        assert m is not None  # the loop runs only with a match on the table
        deciding = self._decide(view, seat)
        while True:
            try:
                next(deciding)
            except StopIteration as done:
                return done.value
            await self.sleep(0)
            if gen != self.generation or self.match is not m or m.to_act != seat:
                deciding.close()
                return None

    def _decide(self, view: Any, seat: int) -> Generator[None, None, int]:
        """The action of the computer player in ``seat`` on ``view``, checked
        (:meth:`_bot_action`): a generator that returns it, and that yields
        after each :data:`SLICE_S` of a ``think`` bot's thought, so that its
        caller may give the page back there (the loop: :meth:`_bot_decision`)
        or go on at once (:meth:`_bots_before_yours_at_once`)."""
        if self.think is None:
            return self._bot_action(view, seat)
        try:
            thinking = self.think(view, self._level(seat), self.decision_rng())
            clock = time.perf_counter
            start = clock()
            while not thinking.step():
                if clock() - start > SLICE_S:
                    yield
                    start = clock()
            action = thinking.result()[0]
        except Exception as error:  # never let a bot bug stop the table
            return self._bot_failed(seat, error)
        return self._bot_action(view, seat, decided=action)

    def _bot_action(self, view: Any, seat: int, decided: Any = None) -> int:
        m = self.match
        assert m is not None
        legal = m.legal_actions()
        try:
            action = decided if decided is not None else self.choose(view, self._level(seat), self.decision_rng())
            if inspect.isawaitable(action):  # pragma: no cover - async bots are not used yet
                raise TypeError("async bots are not supported here")
            if not isinstance(action, int):
                action = _parse(action)
            if action in legal or m.is_legal(action):
                return action
            raise IllegalAction(f"the bot chose {action!r}: {m.explain(action)}")
        except Exception as error:  # never let a bot bug stop the table
            return self._bot_failed(seat, error)

    def _bot_failed(self, seat: int, error: Exception) -> int:
        assert self.match is not None
        text = f"bot at seat {seat} ({self._level(seat)}) failed: {error!r}"
        self.bot_errors.append(text)
        print(text, file=sys.stderr)
        return self.match.legal_actions()[0]


def bot_pause(base_ms: int, phase: str, choices: int, level: str, rng: random.Random) -> int:
    """How long a computer player pauses before acting, in ms: the speed's
    pause, shorter for a forced card and for the passes and bids after yours
    (those before yours come at once: BotTurns._before_yours),
    longer for a hard player's choice among many cards, and a little
    different each time (from the decision's own randomness, so a restored
    game waits the same), so that the bots do not tick like a clock.

    >>> r = random.Random(1)
    >>> bot_pause(750, "play", 1, "normal", r) < 750 * 0.6
    True
    >>> 750 <= bot_pause(750, "play", 9, "hard", r) <= 750 * 1.5
    True
    >>> bot_pause(0, "play", 9, "hard", r)
    0
    """
    if base_ms <= 0:
        return 0
    if phase == "pass":
        factor = 0.15  # the passes are chosen face down: nothing to follow
    elif phase == "bid":
        factor = 0.2  # the bids go round quickly to your own (each shows on its seat)
    elif phase == "draw":
        factor = 0.5
    elif choices <= 1:
        factor = 0.45  # a forced card: no thought
    else:
        # A harder decision: more cards to choose from, and a level that thinks.
        factor = 0.85 + min(choices, 10) * 0.02 + (0.2 if level == "hard" else 0.0)
    return round(base_ms * factor * rng.uniform(0.85, 1.15))


def _at_once(deciding: Generator[None, None, int]) -> int:
    """What a decision (:meth:`BotTurns._decide`) returns, run to its end without a pause."""
    while True:
        try:
            next(deciding)
        except StopIteration as done:
            return done.value


def _parse(value: Any) -> int:
    from game.actions import parse_action

    return parse_action(value)
