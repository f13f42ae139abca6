"""Hint, Undo and Claim: the three commands that help the player rather than play.

:class:`PlayerAids` is a part of :class:`ui.controller.Controller` (a
mixin), reached like every command through ``Controller.command``
("hint", "undo", "claim"). Each one looks ahead or back from the position
on the table without being a move of its own:

- Hint asks the normal bot what it would do in your place, on a copy of the
  match when passing (all the cards it would pass), and points at it.
- Undo keeps the match as it was before each of your cards and bids of the
  hand (``_undo``), and after a reload finds those positions again by
  replaying the match from its seed.
- Claim has the engine prove, in slices with the page free between them,
  that your side takes every trick left; a proven claim is played out.

Apart from ui/controller.py because none of the three changes how a card or
a bid reaches the engine: they can be read, and changed, on their own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.cards import popcount
from game.errors import IllegalAction
from game.state import Match

from .bot_turns import SLICE_S, Sleep
from .i18n import message_text, t
from .table_model import UiState
from .wording import Wording, words

if TYPE_CHECKING:
    from . import settings as S

Hint = Callable[[Any], tuple[int, Any]]  # game.bots.hint_message: (action, (key, params)); an English str works too
UNDOABLE = ("bid", "play")  # Undo takes back a card or a bid
UNDO_KEPT = 30  # positions kept for Undo (a hand has at most 27 of your cards and bids)


class PlayerAids:
    """The Hint, Undo and Claim commands of a Controller (see the module's text)."""

    # What these commands read and keep of the Controller (set in its __init__).
    settings: S.Settings
    ui: UiState
    match: Match | None
    generation: int  # bumped by an undo: a bot pausing or thinking in the undone position stops
    hint: Hint | None
    sleep: Sleep
    _held: tuple[int, int, int] | None
    _undo: list[Match]  # the match before each of your cards and bids of this hand
    _claiming: asyncio.Future[None] | None  # a claim being proved

    if TYPE_CHECKING:  # the Controller's own methods that these commands call
        def kick(self) -> None: ...
        def _set_ui(self, **changes: Any) -> None: ...
        def _changed(self) -> None: ...
        def _say(self, text: str | Wording) -> None: ...
        def _after_action(self, action: int) -> None: ...
        def _names(self) -> list[str]: ...
        def _not_your_turn(self) -> Wording: ...
        def _announce_start(self, text: str) -> None: ...

    # ------------------------------------------------------------- undo

    def _undo_points_of(self, match: Match) -> list[Match]:
        """Undo after a reload: the positions before your cards and bids of
        the hand in progress, found by replaying the match from its seed (a
        position set up by hand, as in tests, has none)."""
        if match.custom_deal or match.phase in ("game_over", "hand_over"):
            return []
        trial = Match(match.rules, seed=match.seed)
        points: list[Match] = []
        try:
            for action in match.actions:
                if trial.hand_number == match.hand_number and trial.to_act == self.ui.human and \
                        trial.phase in UNDOABLE:
                    points.append(trial.clone())
                trial.apply(action)
        except IllegalAction:
            return []
        return points[-UNDO_KEPT:] if trial.actions == match.actions else []

    def _undo_point(self) -> Match | None:
        """The position before your last card or bid of this hand, if any."""
        m = self.match
        if m is None or self.settings.strict or self.settings.watch or not self._undo or \
                m.phase in ("game_over", "hand_over", "cut", "deal"):
            return None
        last = self._undo[-1]
        if last.hand_number != m.hand_number:
            return None
        return last

    def _cmd_undo(self, arg: str) -> None:
        """Take back your last card or bid of this hand (and what the computer
        players did after it): the match goes back to that position."""
        m = self.match
        if m is None:
            return
        if self.settings.strict:
            self._say(words("msg.strict"))
            return
        point = self._undo_point()
        if point is None:
            self._say(words("msg.no_undo"))
            return
        self._undo.pop()
        self.generation += 1  # a bot pausing or thinking in the undone position stops
        m.restore(point)
        self.ui = UiState(settings=self.settings)
        self._set_ui(message=words("msg.undone"))
        self._held = (m.hand_number, m.trick_number, len(m.records)) if not m.trick else None
        self._announce_start(t("msg.undone"))
        self._changed()
        self.kick()

    # ------------------------------------------------------------- hint

    def _cmd_hint(self, arg: str) -> None:
        """What the normal bot would do in your place, pointed at on the table,
        with its reason as the message. Passing: all the cards it would pass.

        The reason is a message (game/bots/reasons.py), shown as "bot." + key
        in the player's language; a parameter ending in "why" names a part of
        the sentence, filled in from the same parameters (less itself and the
        outer parts, "base_why" holding a "why")."""
        m = self.match
        if m is None or self.hint is None:
            return

        def said(message: Any) -> str:
            return message_text("bot", message, self._names())

        me = self.ui.human
        if m.to_act != me or m.phase not in ("pass", "bid", "play", "draw", "moon"):
            self._say(self._not_your_turn())
            return
        actions: list[int] = []
        reasons: list[Any] = []  # the bot's messages, worded in the table's language when shown
        if m.phase == "pass":
            trial = m.clone()
            count = m.hearts_rules.pass_count
            while trial.phase == "pass" and trial.to_act == me and popcount(trial.pass_chosen[me]) < count:
                action, why = self.hint(trial.view(me))
                trial.apply(action)
                actions.append(action)
                reasons.append(why)
        else:
            action, why = self.hint(m.view(me))
            actions.append(action)
            reasons.append(why)
        hint = lambda: t("msg.hint", reason=" ".join(said(why) for why in reasons))  # noqa: E731 (a Wording)
        self._set_ui(hint=(len(m.actions), tuple(actions)), message=hint)
        self._changed()

    # ------------------------------------------------------------- claim

    def _cmd_claim(self, arg: str) -> None:
        """Claim the rest: the engine proves that your side takes every
        remaining trick whatever the others play (the computer players accept
        exactly a proven claim); then the hand is played out at once. The
        proof runs in slices (game.claim.ClaimCheck), the page free between."""
        m = self.match
        if m is None:
            return
        me = self.ui.human
        if m.phase != "play" or m.to_act != me:
            self._say(self._not_your_turn())
            return
        if self._claiming is not None and not self._claiming.done():
            return  # a claim is being checked already
        self._say(words("claim.checking"))
        self._claiming = asyncio.ensure_future(self._claim(self.generation, len(m.actions)))

    async def _claim(self, gen: int, step: int) -> None:
        from game.claim import ClaimCheck

        m = self.match
        assert m is not None
        me = self.ui.human
        check = ClaimCheck(m, me, self._names(), seconds=SLICE_S)
        while not check.step():
            await self.sleep(0)
            if gen != self.generation or self.match is not m or len(m.actions) != step:
                return  # the table moved on (a new game, an undo): the claim is void
        claim = check.result()
        if not claim.ok:
            self._say(lambda: t("claim.refused", reason=self._claim_reason(claim)))
            return
        self._undo.append(m.clone())
        for action in claim.line:
            m.apply(action)
            self._after_action(action)
        accepted = lambda: t("claim.accepted", reason=self._claim_reason(claim))  # noqa: E731 (a Wording)
        self._set_ui(message=accepted, show_last=False, hold_trick=False)
        self._changed()
        self.kick()

    def _claim_reason(self, claim: Any) -> str:
        """The claim's reason in the table's language (the engine's English if need be)."""
        message = getattr(claim, "message", None)
        return message_text("claim", message, self._names(), claim.reason) if message else claim.reason
