"""What the screen holds beside the match: :class:`UiState`, the input every
part of the table's view model reads besides the seat's view.

Apart from ui/table_model.py because the parts built in other modules
(ui/controls_model.py) read it too, and an import of table_model from them
would go in a circle. The controller (ui/controller.py) owns one and
replaces it on every change; nothing here knows the engine.

>>> ui = UiState(human=0, step=4, hint=(4, (12,)))
>>> you(ui), hinted_actions(ui)
(0, (12,))
>>> hinted_actions(UiState(step=5, hint=(4, (12,))))
()
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .settings import Settings


@dataclass(frozen=True)
class UiState:
    """What the controller holds beside the match: choices not yet sent to the
    engine, and how the table is shown."""

    settings: Settings = field(default_factory=Settings)
    selected: frozenset[int] = frozenset()  # cards picked to pass
    message: str = ""
    show_last: bool = False
    hold_trick: bool = False  # a finished trick stays on the table a moment
    auction_n: int | None = None  # Auction Spades: the number picked, before the suit
    human: int = 0
    step: int = 0  # actions applied so far in the match (a redraw counter for tests)
    match_id: int = 0  # which match since the page opened
    announcements: tuple[tuple[int, str], ...] = ()  # the controller's Announcer.recent()
    hints: bool = False  # the page offers hints (the controller has a hint function)
    hint: tuple[int, tuple[int, ...]] = (-1, ())  # (step it was asked at, the actions hinted)
    can_undo: bool = False  # the controller holds a position to go back to
    show_help: bool = False  # the rules page is open
    claims: bool = False  # the table offers "Claim the rest"
    cues: tuple[tuple[int, str], ...] = ()  # the Announcer's sounds (ui/announce.py cues)
    open_hands: tuple[int, ...] = ()  # watch mode, every hand shown: each seat's cards (the controller's)
    guides_seen: frozenset[str] = frozenset()  # the games whose first-visit guide was dismissed
    record: tuple[int, int, int | None] | None = None  # the game's end: your (wins, games, best score) of this game


def you(ui: UiState) -> int:
    """The seat the table's words call "you": the human's, none (-1) while watching."""
    return -1 if ui.settings.watch else ui.human


def hinted_actions(ui: UiState) -> tuple[int, ...]:
    """The actions of the hint asked for at this very step (none once anything moved)."""
    return ui.hint[1] if ui.hint[0] == ui.step else ()

