"""The table's view model: from one seat's view to plain data to draw.

Pure Python (no browser import), so tests/ui runs it under CPython. The
input is the engine's :class:`game.view.SeatView` for the human's seat
(what that seat may know, nothing more) and a :class:`UiState` (what the
player has chosen on screen but not yet done: cards picked to pass, the
last trick opened, a message). The output is a tree of frozen dataclasses of
strings, numbers and booleans that ui/dom.py draws as it is, with no game
logic of its own.

>>> from game import new_match
>>> m = new_match("hearts", "standard", seed=3)
>>> while m.phase in ("cut", "deal"):
...     m.apply(m.legal_actions()[0])
>>> t = build_table(m.view(0), UiState())
>>> [s.name for s in t.seats]
['You', 'West', 'North', 'East']
>>> len(t.hand.cards), t.hand.cards[0].face.name
(13, '2 of diamonds')
>>> t.controls.kind, t.controls.prompt
('pass', 'Choose 3 cards to pass left, to West. North chooses first.')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from game.actions import (
    BLIND_NIL_BID,
    DISCARD,
    KEEP,
    LOOK,
    MOON_OTHERS,
    MOON_SELF,
    NIL_BID,
    auction_bid,
    auction_suit,
    bid,
    bid_value,
)
from game.cards import DECK_SIZE, popcount
from game.deal import tricks_per_hand
from game.view import can_offer_claim

# The model is split in modules; every name is importable from here too.
from .dialog_model import DialogModel, Field, build_dialog  # noqa: F401
from .help_model import HelpPage, build_help, rules_lines
from .i18n import LANGUAGES, language, t
from .model_base import (  # noqa: F401
    COMPASS,
    PASS_WORDS,
    RANK_SHORT,
    SUIT_LETTER,
    SUIT_ORDER,
    SUIT_SYMBOLS,
    SUIT_WORDS,
    CardFace,
    Choice,
    bid_text,
    face,
    hearts_points,
    names_text,
    player_names,
    position,
    seat_angle,
    seat_names,
    side_name,
    sort_key,
    sorted_cards,
)
from .score_sheet import (  # noqa: F401
    ScoreSheet,
    SheetRow,
    Summary,
    SummaryLine,
    build_sheet,
    build_summary,
    record_bid,
    side_bid_text,
    spades_hand_scores,
    winner_text,
)
from .settings import DECKS, SPEEDS, Settings

# --------------------------------------------------------------------- data


@dataclass(frozen=True)
class HandCard:
    key: str  # stable across redraws: "c49" (the id, so two decks' copies differ)
    face: CardFace
    action: int  # what a click asks the engine for (two decks: the first copy)
    playable: bool  # can be played or picked now; False draws aria-disabled
    selected: bool = False  # picked to pass
    received: bool = False  # passed to you this hand
    hinted: bool = False  # the hint's card (or one of the hint's cards to pass)


@dataclass(frozen=True)
class Hand:
    cards: tuple[HandCard, ...]
    face_down: int  # cards not looked at yet (blind nil)
    label: str  # "Your hand, 13 cards"
    mode: str  # "play", "pass", "view" or "none": how clicks are read
    pass_to: tuple[float, float] = (0.0, 0.0)  # while passing: toward the receiver (see toward())


@dataclass(frozen=True)
class SeatModel:
    seat: int
    name: str
    level: str  # bot level label, "" for you
    is_you: bool
    x: float  # position around the table, percent of its width (0 left)
    y: float  # percent of its height (0 top)
    anchor: str  # "left|center|right top|middle|bottom": the table edges the seat keeps to
    is_turn: bool
    is_dealer: bool
    team: str  # "" or the partnership's name
    bid: str  # "Bid 4", "Nil", "—" (Spades) / "" (Hearts)
    tricks: int
    hand_points: str  # Hearts: points taken this hand
    score: str  # running score of the seat or its side
    cards_left: int
    status: str  # "thinking", "passed", "" ...
    # Watch mode with every hand shown: the seat's cards by suit, (suit letter, ranks), and their names.
    open_hand: tuple[tuple[str, str], ...] = ()
    open_hand_label: str = ""
    slot: str = "top"  # where on the felt: "you", "left", "top" or "right" (see seat_slot())
    angle: float = 0.0  # degrees clockwise from you: the order of the seats in their slot


@dataclass(frozen=True)
class TrickCard:
    seat: int
    seat_name: str
    face: CardFace
    x: float  # percent of the trick area
    y: float
    winner: bool
    fx: float = 0.0  # where it comes from: toward its player's seat, in percent of a card's size
    fy: float = 0.0


@dataclass(frozen=True)
class TrickModel:
    kind: str  # "current", "taken" (a finished trick still shown), "cut", "empty"
    label: str
    cards: tuple[TrickCard, ...]
    tx: float = 0.0  # a taken trick goes toward its winner (see toward())
    ty: float = 0.0
    size: str = ""  # a CSS width for its cards: the largest at which none overlaps (see trick_card_width())


@dataclass(frozen=True)
class Controls:
    kind: str  # "bid", "blind", "auction", "pass", "draw", "moon", "none"
    prompt: str
    choices: tuple[Choice, ...] = ()
    card: CardFace | None = None  # the stock's top card in the two-player draw


@dataclass(frozen=True)
class LastTrick:
    label: str
    cards: tuple[TrickCard, ...]


@dataclass(frozen=True)
class TableModel:
    title: str
    game: str
    phase: str
    awaiting: str  # what the table waits for from you: play, pass, bid, draw, moon, next, over, or ""
    status: str  # one line: whose turn and what for
    message: str  # the reason a click was refused, or "" (shown as an alert)
    notice: str  # "You received ..." and similar news
    seats: tuple[SeatModel, ...]
    trick: TrickModel
    hand: Hand
    controls: Controls
    sheet: ScoreSheet
    summary: Summary | None
    last_trick: LastTrick | None  # shown when asked for
    last_trick_available: bool
    speed: str
    speeds: tuple[tuple[str, str], ...]
    rules: tuple[tuple[str, str], ...]  # the options in force, from the engine's rule set
    step: int = 0  # actions applied so far (drawn as data-step, for tests to wait on)
    match_id: int = 0  # drawn as data-match
    announcements: tuple[tuple[int, str], ...] = ()  # (number, sentence) for the live region (ui/announce.py)
    deck: str = "two"  # card colours: "two" or "four" (a CSS class on the table)
    decks: tuple[tuple[str, str], ...] = ()
    hint_available: bool = False  # the Hint button can be pressed now
    trick_clear: str = "pause"  # how a taken trick leaves: after a pause (animated away) or on a click
    undo_available: bool = False  # the Undo button can be pressed now
    strict: bool = False  # strict play: no Undo button at all
    sounds: tuple[tuple[int, str], ...] = ()  # (number, cue) to play when sound is on
    sound: bool = False  # the player turned sounds on
    help: HelpPage | None = None  # the rules page, when open
    help_button: str = ""  # "How to play Hearts"
    lang: str = "en"  # the language everything above is written in
    langs: tuple[tuple[str, str], ...] = ()  # the language switch: (code, name in that language)


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


def you(ui: UiState) -> int:
    """The seat the table's words call "you": the human's, none (-1) while watching."""
    return -1 if ui.settings.watch else ui.human


def _seats(v: Any, ui: UiState, names: list[str]) -> tuple[SeatModel, ...]:
    n = v.players
    out = []
    for s in range(n):
        angle = seat_angle(s, n, ui.human)
        x, y = position(angle, 46, 44)
        side = v.side_of(s)
        team = side_name(v, side, names) if v.game == "spades" and v.rules.partnership else ""
        if v.game == "spades":
            b = v.bids[s]
            if b is not None:
                bid_t = t("seat.bid", bid=bid_text(b, v.bid_suits[s])) if b > 0 else bid_text(b, None)
            elif v.phase == "bid":
                bid_t = t("seat.bidding") if v.to_act == s else t("seat.no_bid")
            else:
                bid_t = "—"
            score = t("seat.score_bags", score=v.scores[side], n=v.bags[side]) if v.rules.bag_limit else str(
                v.scores[side])
            hand_points = ""
        else:
            bid_t = ""
            score = str(v.scores[s])
            hand_points = str(hearts_points(v.taken[s], v.rules))
        level = ""
        if s != you(ui):
            lv = ui.settings.levels[(s - 1) % len(ui.settings.levels)] if ui.settings.levels else "normal"
            level = t("level." + (ui.settings.level0 if s == ui.human else lv))
        status = ""
        if v.to_act == s and v.phase in ("pass", "bid", "play", "draw", "moon"):
            status = t("seat.your_turn") if s == you(ui) else t("seat.thinking")
        open_hand = _open_hand(ui.open_hands[s]) if s != ui.human and s < len(ui.open_hands) else ()
        open_label = t("watch.seat_hand", name=names[s], cards=sorted_cards(ui.open_hands[s])) if open_hand else ""
        out.append(
            SeatModel(
                seat=s,
                name=names[s],
                level=level,
                is_you=s == ui.human,
                x=x,
                y=y,
                anchor=("left" if x < 15 else "right" if x > 85 else "center")
                + (" top" if y < 15 else " bottom" if y > 85 else " middle"),
                is_turn=v.to_act == s and v.phase not in ("hand_over", "game_over"),
                is_dealer=v.dealer == s and v.hand_number > 0,
                team=team,
                bid=bid_t,
                tricks=v.tricks_won[s],
                hand_points=hand_points,
                score=score,
                cards_left=v.hand_sizes[s],
                status=status,
                open_hand=open_hand,
                open_hand_label=open_label,
                slot=seat_slot(angle),
                angle=angle,
            )
        )
    return tuple(out)


def _open_hand(mask: int) -> tuple[tuple[str, str], ...]:
    """A hand shown face up at its seat, a line a suit as in a bridge diagram:
    (suit letter, ranks high to low), spades first, empty suits left out."""
    lines = []
    for suit in (3, 2, 1, 0):
        ranks = [c % 13 for c in range(2 * DECK_SIZE) if (mask >> c) & 1 and (c % DECK_SIZE) // 13 == suit]
        if ranks:
            lines.append((SUIT_LETTER[suit], " ".join(RANK_SHORT[r] for r in sorted(ranks, reverse=True))))
    return tuple(lines)


# --------------------------------------------------------------------- trick


def _trick_cards(v: Any, pairs: tuple[tuple[int, int], ...], names: list[str], winner: int | None,
                 human: int) -> tuple[TrickCard, ...]:
    out = []
    seen: dict[int, int] = {}
    spots = trick_spots(v.players, human)
    for seat, c in pairs:
        k = seen.get(seat, 0)
        seen[seat] = k + 1
        angle = seat_angle(seat, v.players, human)
        x, y = spots[seat]
        fx, fy = toward(angle)
        out.append(TrickCard(seat, names[seat], face(c), round(x + 7 * k, 1), round(y - 4 * k, 1),
                             winner is not None and seat == winner, fx, fy))
    return tuple(out)


def toward(angle: float, reach: float = 260.0) -> tuple[float, float]:
    """The offset toward a seat (at ``angle``) from the middle of the table,
    in percent of a card's size: where a played card comes from, and where a
    taken trick goes.

    >>> toward(0), toward(90)
    ((0.0, 260.0), (-260.0, 0.0))
    """
    a = math.radians(angle)
    return round(-reach * math.sin(a), 1) + 0.0, round(reach * math.cos(a), 1) + 0.0


def seat_slot(angle: float) -> str:
    """Where a seat sits on the felt, from its angle (clockwise from you at
    the bottom): the top row holds up to three seats (north-west, north,
    north-east), each side up to two, so that seats never cover the trick.

    >>> [seat_slot(a) for a in (0, 90, 180, 270)]
    ['you', 'left', 'top', 'right']
    >>> [seat_slot(360 * s / 6) for s in range(6)]
    ['you', 'left', 'top', 'top', 'top', 'right']
    """
    if angle == 0:
        return "you"
    if angle < 110:
        return "left"
    return "top" if angle <= 250 else "right"


# Up to four players the trick's cards lie on an ellipse, each between the
# middle and its player (percent of the trick area, from its middle); from
# five on, in two rows: the top seats' cards above, the others' below, each
# row from left to right as its players sit.
TRICK_RX, TRICK_RY = 36.0, 30.0
TRICK_GAP = 1.06  # room between two neighbouring cards: 6 % of a card


def trick_spots(players: int, human: int = 0) -> list[tuple[float, float]]:
    """Where each seat's card lies in a trick, in percent of the trick area.

    >>> trick_spots(4)
    [(50.0, 80.0), (14.0, 50.0), (50.0, 20.0), (86.0, 50.0)]
    >>> [y for _, y in trick_spots(6)]
    [75.0, 75.0, 25.0, 25.0, 25.0, 75.0]
    """
    angles = [seat_angle(s, players, human) for s in range(players)]
    ring = [position(a, TRICK_RX, TRICK_RY) for a in angles]
    if players <= 4:
        return ring
    rows = {"top": [s for s in range(players) if seat_slot(angles[s]) == "top"]}
    rows["bottom"] = [s for s in range(players) if s not in rows["top"]]
    spots: list[tuple[float, float]] = [(0.0, 0.0)] * players
    for row, y in (("top", 25.0), ("bottom", 75.0)):
        seats = sorted(rows[row], key=lambda s: ring[s][0])
        for i, s in enumerate(seats):
            spots[s] = (round(100 * (i + 0.5) / len(seats), 1), y)
    return spots


def _trim(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def trick_card_width(players: int, human: int = 0) -> str:
    """The width of a trick's cards (a CSS expression, in units of the trick
    area, a size container): the largest at which no two cards of a full
    trick overlap and each stays inside the area, whatever the area's shape.

    Two cards (1.4 times as tall as wide) at ``dx``, ``dy`` (fractions of the
    area's width and height) stay apart when the width is at most
    ``max(dx * 100cqw, dy * 100cqh / 1.4)``; the smallest such bound over all
    pairs is the answer (bounds that another bound makes useless left out).

    >>> trick_card_width(4)
    'min(var(--small-w), 28cqw, 28.57cqh)'
    """
    spots = [(x / 100, y / 100) for x, y in trick_spots(players, human)]
    # Inside the area: half a card to each side of its middle.
    edge_x = min(min(x, 1 - x) for x, _ in spots) * 2
    edge_y = min(min(y, 1 - y) for _, y in spots) * 2 / 1.4
    pairs: list[tuple[float, float]] = []
    for i, (x1, y1) in enumerate(spots):
        for x2, y2 in spots[i + 1:]:
            pairs.append((abs(x1 - x2) / TRICK_GAP, abs(y1 - y2) / 1.4 / TRICK_GAP))
    kept = [p for p in pairs if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in pairs)]
    kept = [p for p in dict.fromkeys(kept) if p[0] < edge_x and p[1] < edge_y]
    terms = [f"{_trim(edge_x * 100)}cqw", f"{_trim(edge_y * 100)}cqh"]
    for dx, dy in sorted(kept):
        if dx < 0.005:
            terms.append(f"{_trim(dy * 100)}cqh")
        elif dy < 0.005:
            terms.append(f"{_trim(dx * 100)}cqw")
        else:
            terms.append(f"max({_trim(dx * 100)}cqw, {_trim(dy * 100)}cqh)")
    return f"min(var(--small-w), {', '.join(terms)})"


def _trick(v: Any, ui: UiState, names: list[str]) -> TrickModel:
    if v.phase in ("cut", "deal") and v.hand_number == 0 and v.cut:
        last_round = v.cut[-1][0]
        draws = tuple((seat, c) for r, seat, c in v.cut if r == last_round)
        if v.phase == "deal":
            label = t("cut.deals", name=names[v.dealer])
            if v.dealer == you(ui):
                label = t("cut.you_deal")
            return TrickModel("cut", label, _trick_cards(v, draws, names, v.dealer, ui.human))
        label = t("cut.cutting")
        if last_round:
            label = t("cut.tie")
        return TrickModel("cut", label, _trick_cards(v, draws, names, None, ui.human))
    if v.trick:
        total = tricks_per_hand(v.rules)
        return TrickModel("current", t("trick.number", number=v.trick_number + 1, total=total),
                          _trick_cards(v, v.trick, names, None, ui.human))
    if ui.hold_trick and v.last_trick is not None:
        pairs, winner = v.last_trick
        label = t("trick.you_take") if winner == you(ui) else t("trick.takes", name=names[winner])
        tx, ty = toward(seat_angle(winner, v.players, ui.human))
        return TrickModel("taken", label, _trick_cards(v, pairs, names, winner, ui.human), tx, ty)
    if v.phase == "play":
        total = tricks_per_hand(v.rules)
        number = v.trick_number + 1
        label = (t("trick.you_lead", number=number, total=total) if v.to_act == you(ui)
                 else t("trick.leads", number=number, total=total, name=names[v.to_act]))
        return TrickModel("empty", label, ())
    return TrickModel("empty", "", ())


def _last_trick(v: Any, ui: UiState, names: list[str]) -> LastTrick | None:
    if not ui.show_last or v.last_trick is None:
        return None
    pairs, winner = v.last_trick
    label = t("last.by_you") if winner == you(ui) else t("last.by", name=names[winner])
    return LastTrick(label, _trick_cards(v, pairs, names, winner, ui.human))


# --------------------------------------------------------------------- hand


def hinted_actions(ui: UiState) -> tuple[int, ...]:
    """The actions of the hint asked for at this very step (none once anything moved)."""
    return ui.hint[1] if ui.hint[0] == ui.step else ()


def _hand(v: Any, ui: UiState) -> Hand:
    me = ui.human
    hinted = hinted_actions(ui)
    legal = set(v.legal) if v.to_act == me else set()
    if v.game == "spades" and v.phase == "bid" and not v.looked:
        n = v.hand_sizes[me]
        return Hand((), n, t("hand.face_down", n=n), "none")
    passing = v.phase == "pass" and popcount(v.passed) < getattr(v.rules, "pass_count", 0)
    received = v.received if v.phase == "play" and v.trick_number == 0 else 0
    cards = []
    for c in sorted_cards(v.hand):
        action = c
        if c >= DECK_SIZE and (v.hand >> (c - DECK_SIZE)) & 1:
            action = c - DECK_SIZE  # the engine takes the first copy of two identical cards
        if passing:
            playable = True
        elif v.phase == "play":
            playable = action in legal
        else:
            playable = False
        cards.append(HandCard(f"c{c}", face(c), action, playable, c in ui.selected, bool((received >> c) & 1),
                              action in hinted and (playable or passing)))
    mode = "pass" if passing else "play" if v.phase == "play" else "view" if cards else "none"
    count = len(cards)
    label = t("hand.label", n=count)
    if mode == "play" and v.to_act == me:
        label = t("hand.label_playable", n=count, playable=sum(1 for c in cards if c.playable))
    pass_to = (0.0, 0.0)
    if mode == "pass" and v.pass_target is not None:
        pass_to = toward(seat_angle(v.pass_target, v.players, me), 420.0)
    return Hand(tuple(cards), 0, label, mode, pass_to)


# --------------------------------------------------------------------- controls


def waits_for_click(v: Any, ui: UiState) -> bool:
    """A finished trick stays until you click Next trick (the trick_clear setting)."""
    return (ui.hold_trick and ui.settings.trick_clear == "click" and v.last_trick is not None and not ui.settings.watch
            and not (v.phase == "play" and v.to_act == ui.human))


def _controls(v: Any, ui: UiState, names: list[str]) -> Controls:
    me = ui.human
    mine = v.to_act == me
    rules = v.rules
    if ui.settings.watch:
        return Controls("watch", t("watch.prompt"), (
            Choice("watch-face-up", "", t("watch.face_up"), True, ui.settings.face_up),
            Choice("watch-take", "", t("watch.take")),
        ))
    if waits_for_click(v, ui):
        return Controls("continue", t("trick.continue_prompt"),
                        (Choice("continue", "", t("trick.continue"), True, primary=True),))
    if v.phase == "pass":
        count = rules.pass_count
        target = names[v.pass_target] if v.pass_target is not None else ""
        direction = t("pass." + v.pass_direction)
        if popcount(v.passed) >= count:
            return Controls("none", t("pass.waiting"))
        chosen = len(ui.selected)
        ready = chosen == count and mine
        label = t("pass.button", n=count, direction=direction)
        prompt = t("pass.prompt", n=count, direction=direction, name=target)
        if not mine:
            prompt += " " + t("pass.first", name=names[v.to_act])
        return Controls("pass", prompt, (
            Choice("pass", "", label, ready, primary=True),
            Choice("clear-pass", "", t("pass.clear"), chosen > 0),
        ))
    if not mine:
        return Controls("none", "")
    if ui.claims and can_offer_claim(v, me):
        # Claim the rest (the engine proves it when pressed): only on your turn, from public facts.
        return Controls("play", "", (Choice("claim", "", t("claim.button")),))
    legal = set(v.legal)
    if v.phase == "draw":
        c = v.draw_card
        took = v.hand_sizes[me]
        prompt = t("draw.prompt", card=c, n=took)
        return Controls("draw", prompt, (
            Choice("act", str(KEEP), t("draw.keep"), True, primary=True),
            Choice("act", str(DISCARD), t("draw.discard")),
        ), face(c))
    if v.phase == "moon":
        total = 26 * (2 if v.players >= 6 else 1)
        return Controls("moon", t("moon.prompt"), (
            Choice("act", str(MOON_OTHERS), t("moon.others", total=total), True, primary=True),
            Choice("act", str(MOON_SELF), t("moon.self", total=total)),
        ))
    if v.phase != "bid":
        return Controls("none", "")
    if not v.looked:
        return Controls("blind", t("blind.prompt"), (
            Choice("act", str(BLIND_NIL_BID), t("blind.bid")),
            Choice("act", str(LOOK), t("blind.look"), True, primary=True),
        ))
    tricks = tricks_per_hand(rules)
    partner = ""
    if rules.partnership:
        pb = v.bids[(me + 2) % 4]
        if pb is not None:
            partner = " " + t("bid.partner", bid=bid_text(pb, v.bid_suits[(me + 2) % 4]).lower())
    choices = []
    if rules.nil:
        choices.append(Choice("act", str(NIL_BID), t("bid.nil"), NIL_BID in legal, group="number"))
    if rules.auction:
        numbers = sorted({bid_value(a) for a in legal if auction_suit(a) is not None})
        for n in range(1, tricks + 1):
            choices.append(Choice("auction-n", str(n), str(n), n in numbers, ui.auction_n == n, group="number"))
        if ui.auction_n is not None:
            for s in (3, 2, 1, 0):
                a = auction_bid(ui.auction_n, s)
                choices.append(Choice("act", str(a), t("bid.auction_choice", n=ui.auction_n, suit=s), a in legal,
                                      group="suit"))
        prompt = t("bid.auction_prompt") + partner
        return Controls("auction", prompt, tuple(choices))
    for n in range(1, tricks + 1):
        choices.append(Choice("act", str(bid(n)), str(n), bid(n) in legal, group="number"))
    return Controls("bid", t("bid.prompt") + partner, tuple(choices))


# --------------------------------------------------------------------- status


def _status(v: Any, ui: UiState, names: list[str]) -> tuple[str, str]:
    """(status line, awaiting)."""
    me = you(ui)
    who = names[v.to_act] if v.to_act is not None else ""
    mine = v.to_act == me
    phase = v.phase
    if waits_for_click(v, ui):
        winner = v.last_trick[1]
        held = t("status.trick_held.you") if winner == me else t("status.trick_held", name=names[winner])
        return held, "continue"
    if phase == "cut":
        return t("status.cutting"), ""
    if phase == "deal":
        return (t("status.you_deal") if v.dealer == me else t("status.deals", name=names[v.dealer])), ""
    if phase == "draw":
        return (t("status.your_draw") if mine else t("status.drawing", name=who)), "draw" if mine else ""
    if phase == "pass":
        if popcount(v.passed) >= v.rules.pass_count:
            return t("status.waiting_passes"), ""
        return (t("status.your_pass") if mine else t("status.passing", name=who)), "pass"
    if phase == "bid":
        return (t("status.your_bid") if mine else t("status.bidding", name=who)), "bid" if mine else ""
    if phase == "play":
        if ui.hold_trick and not v.trick and not mine:
            return t("status.leads_next", name=who), ""
        if mine:
            return (t("status.your_lead") if not v.trick else t("status.your_play")), "play"
        return t("status.playing", name=who), ""
    if phase == "moon":
        if mine:
            return t("status.your_moon"), "moon"
        return t("status.moon", name=who), ""
    if phase in ("hand_over", "game_over") and ui.hold_trick and v.last_trick is not None:
        winner = v.last_trick[1]
        return (t("status.you_take_last") if winner == me else t("status.takes_last", name=names[winner])), ""
    if phase == "hand_over":
        return t("status.hand_over", number=v.hand_number), "next"
    return t("status.game_over"), "over"


def _notice(v: Any, ui: UiState, names: list[str]) -> str:
    if v.game != "hearts" or v.phase != "play" or v.trick_number != 0:
        return ""
    if v.received:
        giver = next((s for s in range(v.players) if (s + _offset(v.pass_direction)) % v.players == ui.human), None)
        who = names[giver] if giver is not None else t("notice.another")
        return t("notice.received", cards=sorted_cards(v.received), name=who)
    if v.pass_direction == "hold" and v.rules.pass_count:
        return t("notice.no_pass")
    return ""


def _offset(direction: str) -> int:
    return {"left": 1, "across": 2, "right": -1}.get(direction, 0)


# --------------------------------------------------------------------- table


HINT_PHASES = ("play", "pass", "bid", "draw", "moon")


def _mark_hint(c: Controls, hinted: tuple[int, ...]) -> Controls:
    """Point the hint at its button: a bid, a draw or moon choice, or in an
    auction the number (and the suit once the number is picked)."""
    if not hinted:
        return c
    numbers = {bid_value(a) for a in hinted if auction_suit(a) is not None}
    marked = tuple(
        replace(ch, hinted=True)
        if (ch.cmd == "act" and ch.arg.isdigit() and int(ch.arg) in hinted)
        or (ch.cmd == "auction-n" and ch.arg.isdigit() and int(ch.arg) in numbers)
        else ch
        for ch in c.choices
    )
    return replace(c, choices=marked)


def _preset(v: Any, preset: str) -> str:
    """The preset to name in the title: the partnership preset without
    partners (two, three or five players) is every seat for itself."""
    if v.game == "spades" and preset == "partnership" and not v.rules.partnership:
        return "cutthroat"
    return preset


def build_table(v: Any, ui: UiState) -> TableModel:
    """The whole table for the human's seat view ``v``."""
    names = player_names(v.players, ui.settings.names) if ui.human == 0 else [f"Seat {s}" for s in range(v.players)]
    s = ui.settings
    if s.watch:  # a computer player in seat 0 too: it goes by its compass name
        names[ui.human] = t("compass.0")
    status, awaiting = _status(v, ui, names)
    if s.watch and awaiting not in ("next", "over"):
        awaiting = ""  # a watcher is waited for only between hands
    preset_t = f" · {t(f'preset.{v.game}.{_preset(v, s.preset)}')}" if s.game == v.game else ""
    title = t("title", game=t("game." + v.game), preset=preset_t, n=v.players, target=v.rules.target)
    hand = _hand(v, ui)
    if s.watch:
        title = t("watch.title", title=title)
        hand = replace(hand, cards=tuple(replace(c, playable=False, hinted=False) for c in hand.cards),
                       label=t("watch.hand", name=names[ui.human], n=len(hand.cards) + hand.face_down),
                       mode="view" if hand.cards else "none")
    return TableModel(
        title=title,
        game=v.game,
        phase=v.phase,
        awaiting=awaiting,
        status=status,
        message=ui.message,
        notice="" if s.watch else _notice(v, ui, names),
        seats=_seats(v, ui, names),
        trick=replace(_trick(v, ui, names), size=trick_card_width(v.players, ui.human)),
        hand=hand,
        controls=_mark_hint(_controls(v, ui, names), hinted_actions(ui)),
        sheet=build_sheet(v, ui, names),
        summary=None if ui.hold_trick else build_summary(v, replace(ui, human=you(ui)), names),
        last_trick=_last_trick(v, ui, names),
        last_trick_available=v.last_trick is not None,  # at the hand's end too, until the next deal
        speed=s.speed,
        speeds=tuple((k, t("speed." + k)) for k in SPEEDS),
        rules=rules_lines(v.rules),
        step=ui.step,
        match_id=ui.match_id,
        announcements=ui.announcements,
        deck=s.deck,
        decks=tuple((k, t("deck." + k)) for k in DECKS),
        hint_available=ui.hints and v.to_act == you(ui) and awaiting in HINT_PHASES,
        undo_available=ui.can_undo and not s.strict,
        trick_clear=s.trick_clear,
        strict=s.strict,
        sounds=ui.cues,
        sound=s.sound,
        help=build_help(v.rules) if ui.show_help else None,
        help_button=t("help.open", game=t("game." + v.game)),
        lang=language(),
        langs=tuple(LANGUAGES.items()),
    )
