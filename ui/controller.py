"""The controller: owns the match, applies the human's actions, runs the bots.

No browser import: the page gives it a bot function and a ``sleep`` (the
real ``asyncio.sleep``), and is told of every change through ``on_change``;
tests/ui drives it under CPython with an instant sleep.

Everything the player does arrives as :meth:`Controller.command` with the
``data-cmd`` / ``data-arg`` strings of the button clicked. The controller
trusts none of it: every game action goes to the engine, which refuses an
illegal one with a sentence that becomes the table's message, and changes
nothing.

The Controller is one object built from three modules, so that each can be
read on its own:

- this one: the match and the table's state, the cards, bids and passes you
  play, the settings and the New game dialog;
- ui/bot_turns.py (:class:`~ui.bot_turns.BotTurns`): the computer players,
  who play in the background, one asyncio task at a time, with a pause
  before each action (the speed setting) so a person can follow;
- ui/player_aids.py (:class:`~ui.player_aids.PlayerAids`): Hint, Undo and
  Claim, which look ahead or back from the position on the table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
from collections.abc import Callable
from typing import Any

from game.actions import CUT, DEAL
from game.cards import DECK_SIZE, popcount
from game.errors import IllegalAction, RulesError
from game.state import Match

from . import settings as S
from .announce import Announcer, your_turn_text
from .bot_turns import BotChoose, BotThink, BotTurns, Sleep
from .dialog_model import option_name
from .i18n import LANGUAGES, engine_text, set_language, t
from .player_aids import UNDO_KEPT, UNDOABLE, Hint, PlayerAids
from .table_model import DialogModel, TableModel, UiState, build_dialog, build_table, player_names
from .wording import Wording, words

# What a watcher's clicks may not do: play seat 0's cards, bids and passes, or ask for them.
PLAYER_COMMANDS = ("card", "act", "pass", "clear-pass", "auction-n", "hint", "claim", "undo")



def refused_words(refusal: IllegalAction) -> Wording:
    """The engine's refusal, worded again in whatever language the table has
    when it is shown (the exception itself is gone once its handler ends)."""
    return lambda: engine_text(refusal.message, str(refusal))

class Controller(BotTurns, PlayerAids):
    """The table's owner: one per page (see the module's text for its parts)."""

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
        self.dialog_more = False  # the dialog's More options unfolded
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
        # The first-visit guides put away (the page keeps them: ui/app.py), and
        # where to say that one more was: on_guide_seen(game).
        self.guides_seen: frozenset[str] = frozenset()
        self.on_guide_seen: Callable[[str], None] = lambda game: None
        # Your statistics of a game, (wins, games, best score), for the game's end (ui/app.py, from the saves).
        self.record: Callable[[str], tuple[int, int, int | None] | None] = lambda game: None

    # ------------------------------------------------------------- reading

    def model(self) -> TableModel | None:
        if self.match is None:
            return None
        open_hands = tuple(self.match.hands) if self.settings.watch and self.settings.face_up else ()
        ui = dataclasses.replace(self.ui, step=len(self.match.actions), match_id=self.generation,
                                 announcements=self.announcer.recent(), hints=self.hint is not None, claims=True,
                                 can_undo=self._undo_point() is not None, cues=self.announcer.recent_cues(),
                                 open_hands=open_hands, guides_seen=self.guides_seen,
                                 record=self.record(self.match.game) if self.match.phase == "game_over" else None)
        return build_table(self.view(self.ui.human), ui)

    def view(self, seat: int) -> Any:
        """The engine's view of ``seat``: all that the table and the bots see."""
        assert self.match is not None
        return self.match.view(seat)

    def dialog(self) -> DialogModel | None:
        if self.draft is None:
            return None
        return build_dialog(self.draft, self.dialog_error, can_cancel=self.match is not None, more=self.dialog_more)

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
        self._held = None
        self._undo = []
        self._deal_at_once()
        rules = self.match.rules
        self._announce_start(t("msg.new_game", game=t("game." + rules.game), n=rules.players, target=rules.target))
        self._bots_before_yours_at_once()
        self._changed()
        self.kick()

    def _deal_at_once(self) -> None:
        """No ceremony before the first decision: the draw for the first
        dealer and the deal are made before the table is first drawn (the
        table shows the draw's result in a corner, ui/table_model.py
        first_dealer). The Slow speed, chosen to follow every step, leaves
        them to the bots' loop, which shows each card cut."""
        m = self.match
        if m is None or self.settings.speed == "slow":
            return
        while m.phase in ("cut", "deal") and m.hand_number == 0:
            m.apply(CUT if m.phase == "cut" else DEAL)

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
            self._say(refused_words(error))
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
        if m.phase == "pass" and popcount(m.pass_chosen[me]) < m.hearts_rules.pass_count:
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
        count = m.hearts_rules.pass_count
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
        count = m.hearts_rules.pass_count
        if m.to_act != me:
            # The computer players before you still choose theirs (Slow speed
            # pauses for each): yours is made the moment your turn comes
            # (the bots' loop), not refused, so a Pass pressed early counts.
            if not m.pass_chosen[me] and len(self.ui.selected) == count:
                self._pass_waiting = self.generation
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
            self._say(refused_words(error))
            return
        for a in actions:
            m.apply(a)
            for hook in self.on_action:
                hook(a)
        self._set_ui(selected=frozenset(), message="")
        self._changed()
        self.kick()

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
        self._bots_before_yours_at_once()
        self.kick()

    def _cmd_again(self, arg: str) -> None:
        # The same settings, a new deal (a seed from the link is for the first game only).
        self.new_game(dataclasses.replace(self.settings, seed=None))

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

    def _cmd_guide_close(self, arg: str) -> None:
        """The first-visit guide of a game put away, never shown again."""
        if arg in S.GAMES and arg not in self.guides_seen:
            self.guides_seen = self.guides_seen | {arg}
            self.on_guide_seen(arg)
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
        self.dialog_more = False  # the big buttons first, every time
        self._changed()

    def _cmd_dialog_more(self, arg: str) -> None:
        """More options, folded or unfolded."""
        if self.draft is not None:
            self.dialog_more = not self.dialog_more
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

    # ------------------------------------------------------------- tasks

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
