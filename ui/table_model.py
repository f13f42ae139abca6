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

from dataclasses import dataclass, replace
from typing import Any

from game.cards import DECK_SIZE, popcount
from game.deal import cards_in_play, tricks_per_hand
from game.scoring import hearts_card_points
from game.view import can_offer_claim

# The model is split in modules. The names of the first ones split off are
# importable from here too, as ui/dom.py and ui/controller.py take them; the
# table's layout (ui/table_layout.py), its controls and status line
# (ui/controls_model.py) and its screen state (ui/table_state.py) are
# imported from their own modules.
from .controls_model import Controls, build_controls, build_notice, build_status, mark_hint
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
    names_text,
    player_names,
    position,
    seat_angle,
    seat_names,
    seat_tags,
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
from .settings import DECKS, SPEEDS
from .table_layout import deal_origin, fan_offsets, ring_anchors, seat_slot, toward, trick_card_width, trick_spots
from .table_state import UiState, hinted_actions, you

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
    deal_from: tuple[float, float] = (0.0, 0.0)  # the dealer's side, where dealt cards come from (deal_origin())


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
    partner: bool = False  # partnership Spades: your partner's seat
    team_score: bool = False  # the score is the partnership's, not the seat's


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
    ox: float = 0.0  # a seat's second card of a trick: moved by this many widths of a card
    oy: float = 0.0  # ... and heights (and from five players its row kept to an edge, table_layout.ring_anchor)
    tag: str = ""  # its player in a word or two (model_base.seat_tags): a phone's caption
    # Five players or more on a wide felt (a desktop, a phone held sideways):
    # its place in the ring's wide form (table_layout.ring_spots), and its offset there.
    x2: float = 0.0
    y2: float = 0.0
    ox2: float = 0.0
    oy2: float = 0.0
    under: bool = False  # a second card fanned to the left or up: drawn under the first, its corner out
    under2: bool = False


@dataclass(frozen=True)
class TrickModel:
    kind: str  # "current", "taken" (a finished trick still shown), "cut", "empty"
    label: str
    cards: tuple[TrickCard, ...]
    tx: float = 0.0  # a taken trick goes toward its winner (see toward())
    ty: float = 0.0
    size: str = ""  # a CSS width for its cards: the largest at which none overlaps (see trick_card_width())
    size2: str = ""  # the same for the wide form of the ring (five players or more)


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
    first_dealer: str = ""  # Spades, first hand: the draw for the first dealer (the trick's label while it is empty)
    page_title: str = ""  # the document's title: says when it is your turn (for a player in another tab)
    claim_available: bool = False  # "Claim the rest" can be offered now (a tool, never a hint of its outcome)
    guide: tuple[str, ...] = ()  # the first-visit guide of this game, until dismissed (three lines)


# --------------------------------------------------------------------- seats


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
            hand_points = str(hearts_card_points(v.rules, v.taken[s]))
        level = ""
        if s != you(ui):
            lv = ui.settings.levels[(s - 1) % len(ui.settings.levels)] if ui.settings.levels else "normal"
            level = t("level." + (ui.settings.level0 if s == ui.human else lv))
        status = ""
        if v.to_act == s and v.phase in ("pass", "bid", "play", "draw", "moon"):
            status = t("seat.your_turn") if s == you(ui) else t("seat.thinking")
        open_hand = _open_hand(ui.open_hands[s]) if s != ui.human and s < len(ui.open_hands) else ()
        open_label = t("watch.seat_hand", name=names[s], cards=sorted_cards(ui.open_hands[s])) if open_hand else ""
        partner = bool(team) and s != ui.human and v.side_of(s) == v.side_of(ui.human) and not ui.settings.watch
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
                slot=seat_slot(angle, n),
                angle=angle,
                partner=partner,
                team_score=bool(team),
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
    wide = trick_spots(v.players, human, wide=True)
    fans, fans2 = fan_offsets(v.players, human), fan_offsets(v.players, human, wide=True)
    anchors, anchors2 = ring_anchors(v.players, human), ring_anchors(v.players, human, wide=True)
    tags = seat_tags(v.players, names) if human == 0 else names
    for seat, c in pairs:
        k = seen.get(seat, 0)
        seen[seat] = k + 1
        angle = seat_angle(seat, v.players, human)
        x, y = spots[seat]
        fx, fy = toward(angle)
        x2, y2 = wide[seat]
        ox, oy = fans[seat] if k else (0.0, 0.0)
        ox2, oy2 = fans2[seat] if k else (0.0, 0.0)
        out.append(TrickCard(seat, names[seat], face(c), x, y, winner is not None and seat == winner, fx, fy,
                             ox * k, anchors[seat] + oy * k, tags[seat], x2, y2, ox2 * k,
                             anchors2[seat] + oy2 * k, k > 0 and min(ox, oy) < 0, k > 0 and min(ox2, oy2) < 0))
    return tuple(out)


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


def _hand(v: Any, ui: UiState) -> Hand:
    me = ui.human
    hinted = hinted_actions(ui)
    legal = set(v.legal) if v.to_act == me else set()
    deal_from = deal_origin(seat_angle(v.dealer, v.players, me)) if v.dealer is not None else (0.0, 0.0)
    if v.game == "spades" and v.phase == "bid" and not v.looked:
        n = v.hand_sizes[me]
        return Hand((), n, t("hand.face_down", n=n), "none", deal_from=deal_from)
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
    return Hand(tuple(cards), 0, label, mode, pass_to, deal_from)


# --------------------------------------------------------------------- table


# The phases in which Hint has something to point at (ui/controls_model.py build_status's "awaiting").
HINT_PHASES = ("play", "pass", "bid", "draw", "moon")


def first_dealer(v: Any, ui: UiState, names: list[str]) -> str:
    """Spades, first hand: who drew the highest card for the first deal, and
    with which card (the Spanish texts' draw, made at once rather than as a
    ceremony, and shown in a corner). Hearts needs none: the 2 of clubs leads.

    >>> from game import new_match
    >>> m = new_match("spades", "classic", seed=4)
    >>> while m.phase in ("cut", "deal"):
    ...     m.apply(m.legal_actions()[0])
    >>> first_dealer(m.view(0), UiState(), ["You", "West", "North", "East"])
    'You deal first: you drew the Jack of diamonds, the highest card.'
    """
    if v.game != "spades" or v.hand_number != 1 or not v.cut or v.phase in ("cut", "deal"):
        return ""
    last_round = v.cut[-1][0]
    card = next((c for r, seat, c in v.cut if r == last_round and seat == v.dealer), None)
    if card is None:
        return ""
    if v.dealer == you(ui):
        return t("cut.result_you", card=card)
    return t("cut.result", name=names[v.dealer], card=card)


def _sized(trick: TrickModel, v: Any, human: int) -> TrickModel:
    """The trick with its cards' widths: where the deal leaves some seats a
    card more, the room for their second cards of the first trick too."""
    fans = bin(cards_in_play(v.rules)).count("1") % v.players != 0
    return replace(trick, size=trick_card_width(v.players, human, fans=fans),
                   size2=trick_card_width(v.players, human, wide=True, fans=fans))


def _with_first_dealer(trick: TrickModel, draw: str) -> TrickModel:
    """The draw for the first dealer, said over the empty middle of the felt
    while nothing lies there (the first hand's bids)."""
    return replace(trick, label=draw) if draw and trick.kind == "empty" and not trick.label else trick


def page_title(awaiting: str, watch: bool) -> str:
    """The document's title: "Your turn · Baza" while the table waits for
    you (a player in another tab sees it), else the page's own name.

    >>> page_title("bid", False), page_title("", False)
    ('Your turn · Baza', 'Baza: Spades & Hearts')
    """
    if awaiting in (*HINT_PHASES, "continue", "next") and not watch:
        return t("page.title_turn")
    return t("page.title")


def guide_lines(game: str, seen: frozenset[str]) -> tuple[str, ...]:
    """The first-visit guide of ``game``: three lines, until dismissed.

    >>> len(guide_lines("hearts", frozenset())), guide_lines("hearts", frozenset({"hearts"}))
    (3, ())
    """
    if game in seen:
        return ()
    return tuple(t(f"guide.{game}.{i}") for i in (1, 2, 3))


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
    status, awaiting = build_status(v, ui, names)
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
        notice="" if s.watch else build_notice(v, ui, names),
        seats=_seats(v, ui, names),
        trick=_with_first_dealer(_sized(_trick(v, ui, names), v, ui.human), first_dealer(v, ui, names)),
        hand=hand,
        controls=mark_hint(build_controls(v, ui, names), hinted_actions(ui)),
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
        first_dealer=first_dealer(v, ui, names),
        page_title=page_title(awaiting, s.watch),
        claim_available=ui.claims and not s.watch and v.to_act == ui.human and can_offer_claim(v, ui.human),
        # Over the middle of the felt: only while no card lies there.
        guide=() if s.watch or v.trick or ui.hold_trick else guide_lines(v.game, ui.guides_seen),
    )
