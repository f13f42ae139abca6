"""What a screen reader hears: one short sentence for each event at the table.

Pure Python (no browser import), tested under CPython. The controller
follows the match action by action through the human's seat view, so only
what that seat may know is ever said: the cards played, the tricks taken,
the bids, the end of each hand, whose turn it is. Other seats' passes and
two-player draws are private and are never described.

ui/dom.py appends each new sentence to a polite live region
(``<div id="announcer" role="log">``), which screen readers read out in
order without moving the focus.

>>> from game import new_match
>>> m = new_match("hearts", "standard", seed=11)
>>> a = Announcer()
>>> a.start(m.view(0), ["New game of Hearts."])
>>> while not m.last_trick:
...     action = m.legal_actions()[0]
...     m.apply(action)
...     a.follow(action, m.view(0), ["You", "West", "North", "East"], 0)
>>> for _, text in a.recent()[-7:]:
...     print(text)
North plays the 2 of clubs.
East plays the 3 of clubs.
Your turn: play a card.
You play the 8 of clubs.
West plays the 7 of clubs.
You take the trick.
Your lead, trick 2 of 13.
"""

from __future__ import annotations

from typing import Any

from game.actions import MOON_SELF
from game.deal import tricks_per_hand
from game.rules import PASS_OFFSETS
from game.scoring import hearts_card_points, hearts_moon_total

from .i18n import t
from .model_base import bid_text, sorted_cards
from .score_sheet import build_summary

KEEP_LAST = 20  # sentences kept for the page: it only appends the new ones


class _Seat:
    """The human's seat as the summary builder wants it (only .human is read)."""

    def __init__(self, human: int) -> None:
        self.human = human


def said(key: str, seat: int, names: list[str], human: int, **params: Any) -> str:
    """The sentence ``key`` about ``seat``: its ``.you`` form for the human.

    >>> said("ann.take", 0, ["You", "West"], 0, points=""), said("ann.take", 1, ["You", "West"], 0, points="")
    ('You take the trick.', 'West takes the trick.')
    """
    if seat == human:
        return t(key + ".you", **params)
    return t(key, name=names[seat], **params)


def cues(before: Any, action: int, after: Any, human: int) -> list[str]:
    """The sounds of one action (the page plays them only when sounds are on):
    "card" a card played, "win" a trick you take, "trick" one another takes,
    "turn" the table waits for you, "hand" a hand is over.

    >>> from game.state import new_match
    >>> m = new_match("hearts", "classic", seed=1)
    >>> before = m.view(0); m.apply(m.legal_actions()[0])
    >>> cues(before, 190, m.view(0), 0)
    []
    """
    out = []
    if before.phase == "play" and action < 104:
        out.append("card")
        if not after.trick and after.last_trick is not None:
            out.append("win" if after.last_trick[1] == human else "trick")
    if after.phase in ("hand_over", "game_over") and before.phase not in ("hand_over", "game_over"):
        out.append("hand")
    elif after.to_act == human and before.to_act != human and after.phase in ("play", "bid", "pass", "draw", "moon"):
        out.append("turn")
    return out


def bid_words(value: int, suit: int | None) -> str:
    """'3', 'nil', 'blind nil', '4 hearts'."""
    return bid_text(value, suit).lower()


def describe(before: Any, action: int, after: Any, names: list[str], human: int) -> list[str]:
    """The sentences for one action, from the human's view before and after it."""
    out: list[str] = []
    phase = before.phase
    seat = before.to_act
    if phase == "cut" and after.phase == "deal":
        out.append(said("ann.cut", after.dealer, names, human))
    elif phase == "deal":
        out.append(_deal_text(after, names, human))
    elif phase == "play" and seat is not None:
        out.append(said("ann.play", seat, names, human, card=action))
        if not after.trick and after.last_trick is not None:
            pairs, winner = after.last_trick
            out.append(said("ann.take", winner, names, human, points=_trick_points(after, pairs)))
    elif phase == "bid" and seat is not None and before.bids[seat] is None and after.bids[seat] is not None:
        out.append(said("ann.bid", seat, names, human, bid=bid_words(after.bids[seat], after.bid_suits[seat])))
    elif phase == "pass" and after.phase != "pass" and after.received and human >= 0:  # -1: a watcher
        giver = _giver(after, human)
        who = names[giver] if giver is not None else t("notice.another")
        out.append(t("ann.passed", cards=sorted_cards(after.received), name=who))
    elif phase == "moon" and seat is not None:
        total = hearts_moon_total(after.rules)
        key = "ann.moon_self" if action == MOON_SELF else "ann.moon_others"
        out.append(said(key, seat, names, human, total=total))
    if after.phase == "moon" and phase != "moon" and after.moon_shooter is not None:
        out.append(said("ann.shot_moon", after.moon_shooter, names, human))
    if after.phase in ("hand_over", "game_over") and phase not in ("hand_over", "game_over"):
        out.extend(hand_over_texts(after, names, human))
    turn = your_turn_text(after, human, names)
    if turn and turn != your_turn_text(before, human, names):
        out.append(turn)
    return out


def _deal_text(v: Any, names: list[str], human: int) -> str:
    text = t("ann.hand", number=v.hand_number) + " " + said("ann.deal", v.dealer, names, human)
    if v.game == "hearts" and v.rules.pass_count:
        if v.pass_direction == "hold":
            text += " " + t("notice.no_pass")
        else:
            text += " " + t("ann.pass", n=v.rules.pass_count, direction=t("pass." + v.pass_direction))
    return text


def _trick_points(v: Any, pairs: tuple[tuple[int, int], ...]) -> str:
    if v.game != "hearts":
        return ""
    mask = 0
    for _, c in pairs:
        mask |= 1 << c
    points = hearts_card_points(v.rules, mask)
    if not points:
        return ""
    return t("ann.trick_points", n=points).replace("-", "−")


def _giver(v: Any, human: int) -> int | None:
    offset = PASS_OFFSETS.get(v.pass_direction, 0)  # "hold": nobody
    return next((s for s in range(v.players) if (s + offset) % v.players == human), None)


def hand_over_texts(v: Any, names: list[str], human: int) -> list[str]:
    """The result of the hand just finished (and of the game, when it is over)."""
    summary = build_summary(v, _Seat(human), names)
    if summary is None:
        return []
    parts = []
    for line in summary.lines:
        detail = f"; {line.detail}" if line.detail and line.detail != t("sheet.no_points") else ""
        points = line.points.lstrip("+")
        value = int(points.replace("−", "-")) if points.replace("−", "-").lstrip("-").isdigit() else 0
        parts.append(t("ann.line", name=line.name, n=value, points=points, total=line.total, detail=detail))
    texts = [t("ann.hand_over", number=v.hand_number) + " " + " ".join(parts)]
    notes = list(summary.notes)
    if summary.game_over:
        winner = notes.pop(0) if notes else ""
        texts.append(" ".join(x for x in [t("status.game_over"), winner, *notes] if x))
    elif notes:
        texts.append(" ".join(notes))
    return texts


def your_turn_text(v: Any, human: int, names: list[str]) -> str:
    """What the table waits for from you, or "" when it waits for no one."""
    if v.to_act != human:
        return ""
    if v.phase == "play":
        if v.trick:
            return t("status.your_play")
        return t("ann.your_lead", number=v.trick_number + 1, total=tricks_per_hand(v.rules))
    if v.phase == "bid":
        return t("ann.your_bid") if v.looked else t("ann.your_blind")
    if v.phase == "pass":
        direction = t("pass." + v.pass_direction)
        if v.pass_target is not None:
            return t("ann.your_pass_to", n=v.rules.pass_count, direction=direction, name=names[v.pass_target])
        return t("ann.your_pass", n=v.rules.pass_count, direction=direction)
    if v.phase == "draw" and v.draw_card is not None:
        return t("ann.your_draw", card=v.draw_card)
    if v.phase == "moon":
        return t("ann.your_moon")
    return ""


class Announcer:
    """The sentences said so far in this page, numbered, the last few kept."""

    def __init__(self) -> None:
        self.count = 0
        self.items: list[tuple[int, str]] = []
        self.cue_count = 0
        self.cue_items: list[tuple[int, str]] = []  # (number, sound): see cues()
        self.seen: Any = None  # the human's view after the last action followed

    def say(self, *texts: str) -> None:
        for text in texts:
            if text:
                self.count += 1
                self.items.append((self.count, text))
        del self.items[:-KEEP_LAST]

    def start(self, view: Any, texts: list[str]) -> None:
        """A match on the table from ``view`` on (a new game, a restored one)."""
        self.seen = view
        self.say(*texts)

    def follow(self, action: int, view: Any, names: list[str], human: int) -> None:
        """One action applied: say what changed since the last view."""
        if self.seen is not None:
            self.say(*describe(self.seen, action, view, names, human))
            for kind in cues(self.seen, action, view, human):
                self.cue_count += 1
                self.cue_items.append((self.cue_count, kind))
            del self.cue_items[:-KEEP_LAST]
        self.seen = view

    def recent_cues(self) -> tuple[tuple[int, str], ...]:
        return tuple(self.cue_items)

    def recent(self) -> tuple[tuple[int, str], ...]:
        return tuple(self.items)
