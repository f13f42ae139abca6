"""The controller: owns the match, applies the human's actions, runs the bots.

No browser import: the page gives it a bot function and a ``sleep`` (the
real ``asyncio.sleep``), and is told of every change through ``on_change``;
tests/ui drives it under CPython with an instant sleep.

Everything the player does arrives as :meth:`Controller.command` with the
``data-cmd`` / ``data-arg`` strings of the button clicked. The controller
trusts none of it: every game action goes to the engine, which refuses an
illegal one with a sentence that becomes the table's message, and changes
nothing.

The bots play in :meth:`Controller._pump`, one asyncio task at a time, with a
pause before each action (the speed setting) so a person can follow.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import random
import secrets
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from game.actions import CUT, DEAL
from game.cards import DECK_SIZE, popcount
from game.errors import IllegalAction, RulesError
from game.state import Match

from . import settings as S
from .announce import Announcer, your_turn_text
from .dialog_model import option_name
from .i18n import LANGUAGES, engine_text, message_text, set_language, t
from .table_model import DialogModel, TableModel, UiState, build_dialog, build_table, player_names

BotChoose = Callable[[Any, str, random.Random], Any]
BotThink = Callable[[Any, str, random.Random], Any]  # game.bots.think: an object with step() and result()
Hint = Callable[[Any], tuple[int, Any]]  # game.bots.hint_message: (action, (key, params)); an English str works too
Sleep = Callable[[float], Awaitable[None]]
UNDOABLE = ("bid", "play")  # Undo takes back a card or a bid
# What a watcher's clicks may not do: play seat 0's cards, bids and passes, or ask for them.
PLAYER_COMMANDS = ("card", "act", "pass", "clear-pass", "auction-n", "hint", "claim", "undo")
UNDO_KEPT = 30  # positions kept for Undo (a hand has at most 27 of your cards and bids)
SLICE_S = 0.015  # a thinking bot gives the page back after this long (no long task over 50 ms)
# A message as the table words it, in the language of the moment: kept with
# the sentence shown, so that a switch of language says it again.
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


class Controller:
    def __init__(
        self,
        settings: S.Settings,
        choose: BotChoose,
        *,
        sleep: Sleep = asyncio.sleep,
        on_change: Callable[[], None] | None = None,
        think: BotThink | None = None,
        hint: Hint | None = None,
    ) -> None:
        self.settings = settings
        self.choose = choose
        self.think = think  # when given, bots decide in slices (hard bots search for up to a second)
        self.hint = hint
        self.sleep = sleep
        self.on_change = on_change or (lambda: None)
        self.on_action: list[Callable[[int], None]] = []  # after each action applied (autosave hooks)
        self.match: Match | None = None
        self._wording: Wording | None = None  # how the message on screen is worded (_set_ui)
        self.ui = UiState(settings=settings)
        self.draft: S.Settings | None = None  # the New game dialog, while open
        self.dialog_error = ""
        self.generation = 0  # bumped by every new game: a stale bot loop stops
        self._task: asyncio.Future[None] | None = None
        self._task_generation = -1
        self.bot_errors: list[str] = []
        self._held: tuple[int, int, int] | None = None  # the last trick held on the table
        self._undo: list[Match] = []  # the match before each of your cards and bids of this hand (Undo)
        self._claiming: asyncio.Future[None] | None = None  # a claim being proved
        self.announcer = Announcer()  # the screen reader's sentences (ui/announce.py)
        self.watched = False  # this match was watched (settings.watch) at some point: it counts in no statistics
        self.on_action.append(self._announce)

    # ------------------------------------------------------------- reading

    def model(self) -> TableModel | None:
        if self.match is None:
            return None
        open_hands = tuple(self.match.hands) if self.settings.watch and self.settings.face_up else ()
        ui = dataclasses.replace(self.ui, step=len(self.match.actions), match_id=self.generation,
                                 announcements=self.announcer.recent(), hints=self.hint is not None, claims=True,
                                 can_undo=self._undo_point() is not None, cues=self.announcer.recent_cues(),
                                 open_hands=open_hands)
        return build_table(self.view(self.ui.human), ui)

    def view(self, seat: int) -> Any:
        """The engine's view of ``seat``: all that the table and the bots see."""
        assert self.match is not None
        return self.match.view(seat)

    def dialog(self) -> DialogModel | None:
        if self.draft is None:
            return None
        return build_dialog(self.draft, self.dialog_error, can_cancel=self.match is not None)

    @property
    def speed(self) -> S.Speed:
        return S.SPEEDS.get(self.settings.speed, S.SPEEDS["normal"])

    # ------------------------------------------------------------- games

    def new_game(self, settings: S.Settings | None = None) -> None:
        """Start a match (raises RulesError if the settings are refused)."""
        settings = settings or self.settings
        rules = S.rules_for(settings)
        seed = settings.seed if settings.seed is not None else secrets.randbits(31)
        self.settings = settings
        self.match = Match(rules, seed=seed)
        self.watched = settings.watch
        self.generation += 1
        self.ui = UiState(settings=settings)
        self._wording = None
        self._held: tuple[int, int, int] | None = None
        self._undo = []
        rules = self.match.rules
        self._announce_start(t("msg.new_game", game=t("game." + rules.game), n=rules.players, target=rules.target))
        self._changed()
        self.kick()

    def load_match(self, match: Match, settings: S.Settings | None = None) -> None:
        """Put an existing match on the table (a restored save, a test
        position) and let the bots go on from where it stands."""
        if settings is not None:
            self.settings = settings
        self.match = match
        self.watched = self.settings.watch  # a save's screen state may say more (ui/saves/data.py restore_ui)
        self.generation += 1
        self.ui = UiState(settings=self.settings)
        self._wording = None
        self._held = None
        self._undo = self._undo_points_of(match)
        self._announce_start(t("msg.restored", game=t("game." + match.rules.game), number=match.hand_number))
        self._changed()
        self.kick()

    def _set_ui(self, **changes: Any) -> None:
        """Change the table's state. A ``message`` may be a Wording: the
        sentence is kept with how to word it, so that a switch of language
        says it again in the new one (_cmd_lang); a plain str stays as it is."""
        if "message" in changes:
            wording = changes["message"]
            self._wording = wording if callable(wording) else None
            changes["message"] = wording() if callable(wording) else wording
        self.ui = dataclasses.replace(self.ui, **changes)

    def _changed(self) -> None:
        self.on_change()

    @property
    def you(self) -> int:
        """The seat the sentences call "you": the human's, none (-1) while watching."""
        return -1 if self.settings.watch else self.ui.human

    def _announce_start(self, text: str) -> None:
        view = self.view(self.ui.human)
        first = [text, t("watch.started")] if self.settings.watch else [text]
        self.announcer.start(view, [*first, your_turn_text(view, self.you, self._names())])

    def _announce(self, action: int) -> None:
        """An on_action hook: the live region's sentences for the action just applied."""
        self.announcer.follow(action, self.view(self.ui.human), self._names(), self.you)

    def _say(self, text: str | Wording) -> None:
        self._set_ui(message=text)
        self._changed()

    # ------------------------------------------------------------- commands

    def command(self, cmd: str, arg: str = "") -> None:
        """One click or choice from the page. Unknown commands are ignored."""
        handler = getattr(self, "_cmd_" + cmd.replace("-", "_"), None)
        if handler is None:
            return
        if self.settings.watch and cmd in PLAYER_COMMANDS and self.match is not None:
            self._say(words("watch.refused"))
            return
        handler(arg)

    def _names(self) -> list[str]:
        assert self.match is not None
        names = player_names(self.match.players, self.settings.names)
        if self.settings.watch:
            names[self.ui.human] = t("compass.0")  # as the table names it (ui/table_model.py build_table)
        return names

    def _not_your_turn(self) -> Wording:
        m = self.match
        assert m is not None
        names = self._names()
        if m.phase in ("hand_over", "game_over"):
            return words("msg.hand_over" if m.phase == "hand_over" else "msg.game_over")
        if m.phase in ("cut", "deal"):
            return words("msg.wait_deal")
        seat = m.to_act
        phase = m.phase if m.phase in ("bid", "play", "pass", "draw", "moon") else "other"
        return lambda: t("msg.wait." + phase, name=names[seat] if seat is not None else t("msg.someone"))

    def _apply(self, action: int) -> bool:
        """Apply the human's action through the engine; a refusal becomes the message."""
        m = self.match
        assert m is not None
        if m.to_act != self.ui.human:
            self._say(self._not_your_turn())
            return False
        before = m.clone() if m.phase in UNDOABLE else None
        try:
            m.apply(action)
        except IllegalAction as error:
            self._say(lambda refusal=error: engine_text(refusal.message, str(refusal)))
            return False
        if before is not None:
            self._undo.append(before)
            del self._undo[:-UNDO_KEPT]
        self._set_ui(message="", show_last=False, hold_trick=False, auction_n=None)
        self._after_action(action)
        self.kick()
        return True

    def _after_action(self, action: int) -> None:
        for hook in self.on_action:
            hook(action)
        self._changed()

    def _cmd_card(self, arg: str) -> None:
        m = self.match
        if m is None or not arg.lstrip("-").isdigit():
            return
        c = int(arg)
        if not 0 <= c < 2 * DECK_SIZE:
            return
        me = self.ui.human
        if m.phase == "pass" and popcount(m.pass_chosen[me]) < m.rules.pass_count:  # type: ignore[union-attr]
            self._toggle_pass(c)
            return
        if m.phase == "play" or m.to_act == me:
            # Two identical cards: the engine takes its first copy.
            if c >= DECK_SIZE and (m.hands[me] >> (c - DECK_SIZE)) & 1:
                c -= DECK_SIZE
            self._apply(c)
            return
        self._say(self._not_your_turn())

    def _toggle_pass(self, c: int) -> None:
        m = self.match
        assert m is not None
        me = self.ui.human
        if not (m.hands[me] >> c) & 1:
            return
        chosen = set(self.ui.selected)
        count = m.rules.pass_count  # type: ignore[union-attr]
        if c in chosen:
            chosen.discard(c)
        elif len(chosen) >= count:
            self._say(words("msg.pass_full", n=count))
            return
        else:
            chosen.add(c)
        self._set_ui(selected=frozenset(chosen), message="")
        self._changed()

    def _cmd_clear_pass(self, arg: str) -> None:
        self._set_ui(selected=frozenset(), message="")
        self._changed()

    def _cmd_pass(self, arg: str) -> None:
        m = self.match
        if m is None or m.phase != "pass":
            return
        me = self.ui.human
        count = m.rules.pass_count  # type: ignore[union-attr]
        if m.to_act != me:
            self._say(self._not_your_turn())
            return
        chosen = sorted(self.ui.selected)
        if len(chosen) != count:
            self._say(words("msg.pass_count", n=count, chosen=len(chosen)))
            return
        # One engine action per card; try them on a copy first so that a
        # refusal leaves the match untouched.
        actions = []
        trial = m.clone()
        try:
            for c in chosen:
                if c >= DECK_SIZE and not trial.is_legal(c) and trial.is_legal(c - DECK_SIZE):
                    c -= DECK_SIZE
                trial.apply(c)
                actions.append(c)
        except IllegalAction as error:
            self._say(lambda refusal=error: engine_text(refusal.message, str(refusal)))
            return
        for a in actions:
            m.apply(a)
            for hook in self.on_action:
                hook(a)
        self._set_ui(selected=frozenset(), message="")
        self._changed()
        self.kick()

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
            count = m.rules.pass_count  # type: ignore[union-attr]
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

    def _cmd_act(self, arg: str) -> None:
        if self.match is None or not arg.isdigit():
            return
        self._apply(int(arg))

    def _cmd_auction_n(self, arg: str) -> None:
        if self.match is None or not arg.isdigit():
            return
        self._set_ui(auction_n=int(arg), message="")
        self._changed()

    def _cmd_next(self, arg: str) -> None:
        m = self.match
        if m is None or m.phase != "hand_over":
            return
        m.apply(DEAL)  # whoever deals: the summary's button deals the next hand
        self._set_ui(message="", show_last=False, hold_trick=False)
        self._after_action(DEAL)
        self.kick()

    def _cmd_again(self, arg: str) -> None:
        # The same settings, a new deal (a seed from the link is for the first game only).
        self.new_game(dataclasses.replace(self.settings, seed=None))

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

    def _cmd_help(self, arg: str) -> None:
        """Open or close the rules page of the game on the table."""
        if self.match is None:
            return
        self._set_ui(show_help=not self.ui.show_help)
        self._changed()

    def _cmd_help_close(self, arg: str) -> None:
        if self.ui.show_help:
            self._set_ui(show_help=False)
            self._changed()

    def _cmd_continue(self, arg: str) -> None:
        """Next trick: the trick held on the table (trick_clear "click") leaves."""
        if self.match is None or not self.ui.hold_trick:
            return
        self._set_ui(hold_trick=False, message="")
        self._changed()
        self.kick()

    def _cmd_last_trick(self, arg: str) -> None:
        if self.match is None:
            return
        self._set_ui(show_last=not self.ui.show_last)
        self._changed()

    def _cmd_watch_face_up(self, arg: str) -> None:
        """Watch mode: every hand face up, or South's alone (a toggle)."""
        if self.match is None or not self.settings.watch:
            return
        self.settings = dataclasses.replace(self.settings, face_up=not self.settings.face_up)
        self._set_ui(settings=self.settings)
        self._changed()

    def _cmd_watch_take(self, arg: str) -> None:
        """Stop watching: seat 0 is the player's again, from where the game
        stands. The match still counts in no statistics (``watched``)."""
        if self.match is None or not self.settings.watch:
            return
        self.settings = dataclasses.replace(self.settings, watch=False)
        self.generation += 1  # seat 0's computer player, pausing or thinking, stops
        self._set_ui(settings=self.settings, message=words("watch.taken"), hold_trick=False)
        self._announce_start(t("watch.taken"))
        self._changed()
        self.kick()

    def _cmd_dismiss(self, arg: str) -> None:
        self._say("")

    def _cmd_speed(self, arg: str) -> None:
        if arg in S.SPEEDS:
            self.settings = dataclasses.replace(self.settings, speed=arg)
            self._set_ui(settings=self.settings)
            self._changed()

    def _cmd_lang(self, arg: str) -> None:
        """The language switch: the table, the dialog and every sentence from now on."""
        if arg in LANGUAGES:
            self.settings = dataclasses.replace(self.settings, lang=arg)
            self._set_ui(settings=self.settings)
            set_language(arg)
            if self._wording is not None:  # the sentence on screen, said again in the new language
                self._set_ui(message=self._wording)
            self._changed()

    def _cmd_sound(self, arg: str) -> None:
        """Sounds on or off ("true" / "false")."""
        self.settings = dataclasses.replace(self.settings, sound=arg == "true")
        self._set_ui(settings=self.settings)
        self._changed()

    def _cmd_deck(self, arg: str) -> None:
        if arg in S.DECKS:
            self.settings = dataclasses.replace(self.settings, deck=arg)
            self._set_ui(settings=self.settings)
            self._changed()

    # ------------------------------------------------------------- dialog

    def _cmd_new_game(self, arg: str) -> None:
        self.draft = self.settings
        self.dialog_error = ""
        self._changed()

    def _cmd_dialog_cancel(self, arg: str) -> None:
        if self.match is None:
            return
        self.draft = None
        self._changed()

    def _cmd_dialog_start(self, arg: str) -> None:
        if self.draft is None:
            return
        problem = S.check(self.draft)
        if problem:
            self.dialog_error = problem
            self._changed()
            return
        draft, self.draft = self.draft, None
        self.new_game(dataclasses.replace(draft, seed=None) if self.match is not None else draft)

    def set_option(self, name: str, value: str) -> None:
        """A change in the New game dialog."""
        if self.draft is None:
            return
        try:
            if name == "game":
                self.draft = S.set_game(self.draft, value)
            elif name == "preset":
                self.draft = S.set_preset(self.draft, value)
            else:
                self.draft = S.set_option(self.draft, name, value)
            self.dialog_error = ""
        except RulesError:
            self.dialog_error = t("dialog.bad_value", name=option_name(self.draft.game, name))
        self._changed()

    # ------------------------------------------------------------- bots

    def kick(self) -> None:
        """Make sure the bot loop of the current match runs. A loop of an
        earlier match may still sleep; it stops by itself when it wakes."""
        if self._task is not None and not self._task.done() and self._task_generation == self.generation:
            return
        self._task_generation = self.generation
        self._task = asyncio.ensure_future(self._pump())

    async def settle(self) -> None:
        """Wait until the bot loop (and a claim being proved) has nothing left to do (tests)."""
        while (self._task is not None and not self._task.done()) or (
                self._claiming is not None and not self._claiming.done()):
            if self._claiming is not None and not self._claiming.done():
                await self._claiming
                continue
            task = self._task
            assert task is not None
            await task

    def _level(self, seat: int) -> str:
        if seat == self.ui.human:
            return self.settings.level0  # watch mode: the computer player in seat 0
        levels = self.settings.levels
        return levels[(seat - 1) % len(levels)] if levels else "normal"

    async def _pause(self, ms: int) -> None:
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
            if phase == "cut":
                await self._pause(self.speed.cut_ms)
                if gen != self.generation:
                    return
                m.apply(CUT)
                self._after_action(CUT)
                if m.phase == "deal":  # let the player see who cut highest
                    await self._pause(self.speed.trick_ms)
                continue
            if phase == "deal":
                m.apply(DEAL)
                self._after_action(DEAL)
                await self._pause(self.speed.cut_ms)
                continue
            seat = m.to_act
            if seat is None or (seat == me and not self.settings.watch):
                return
            view = self.view(seat)
            if not (phase == "pass" and view.passed):  # one pause per seat's pass, not per card
                await self._pause(self.speed.bot_ms // (2 if phase == "draw" else 1))
            if gen != self.generation or m.to_act != seat:
                return
            action = await self._bot_decision(view, seat, gen)
            if action is None or gen != self.generation or m.to_act != seat:
                return
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
        """The bot's action; a ``think`` bot runs in slices of :data:`SLICE_S`
        with the page free between them. None: the match moved on meanwhile."""
        if self.think is None:
            return self._bot_action(view, seat)
        m = self.match
        try:
            thinking = self.think(view, self._level(seat), self.decision_rng())
            clock = time.perf_counter
            start = clock()
            while not thinking.step():
                if clock() - start > SLICE_S:
                    await self.sleep(0)
                    if gen != self.generation or self.match is not m or m.to_act != seat:
                        return None
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


def _parse(value: Any) -> int:
    from game.actions import parse_action

    return parse_action(value)
