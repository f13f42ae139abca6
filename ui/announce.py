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
from game.cards import card_name
from game.deal import tricks_per_hand

from .model_base import PASS_WORDS, bid_text, hearts_points, names_text, sorted_cards
from .score_sheet import build_summary

KEEP_LAST = 20  # sentences kept for the page: it only appends the new ones


class _Seat:
    """The human's seat as the summary builder wants it (only .human is read)."""

    def __init__(self, human: int) -> None:
        self.human = human


def subject(seat: int, names: list[str], human: int, verb: str) -> str:
    """'You play' / 'West plays' (the verb given in its plain form).

    >>> subject(0, ["You", "West"], 0, "take"), subject(1, ["You", "West"], 0, "take")
    ('You take', 'West takes')
    """
    if seat == human:
        return f"You {verb}"
    third = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    if verb == "have":
        third = "has"
    return f"{names[seat]} {third}"


def bid_words(value: int, suit: int | None) -> str:
    """'3', 'nil', 'blind nil', '4 hearts'."""
    return bid_text(value, suit).lower()


def describe(before: Any, action: int, after: Any, names: list[str], human: int) -> list[str]:
    """The sentences for one action, from the human's view before and after it."""
    out: list[str] = []
    phase = before.phase
    seat = before.to_act
    if phase == "cut" and after.phase == "deal":
        out.append(subject(after.dealer, names, human, "cut") + " the highest card and " +
                   ("deal." if after.dealer == human else "deals."))
    elif phase == "deal":
        out.append(_deal_text(after, names, human))
    elif phase == "play" and seat is not None:
        out.append(subject(seat, names, human, "play") + f" the {card_name(action)}.")
        if not after.trick and after.last_trick is not None:
            pairs, winner = after.last_trick
            out.append(subject(winner, names, human, "take") + " the trick" + _trick_points(after, pairs) + ".")
    elif phase == "bid" and seat is not None and before.bids[seat] is None and after.bids[seat] is not None:
        out.append(subject(seat, names, human, "bid") + " " + bid_words(after.bids[seat], after.bid_suits[seat]) + ".")
    elif phase == "pass" and after.phase != "pass" and after.received:
        giver = _giver(after, human)
        who = names[giver] if giver is not None else "another player"
        out.append(f"The cards are passed. You received {names_text(sorted_cards(after.received))} from {who}.")
    elif phase == "moon" and seat is not None:
        total = 26 * (2 if after.players >= 6 else 1)
        if action == MOON_SELF:
            out.append(subject(seat, names, human, "take") + f" −{total} for the moon.")
        else:
            out.append(subject(seat, names, human, "give") + f" {total} points to everyone else for the moon.")
    if after.phase == "moon" and phase != "moon" and after.moon_shooter is not None:
        out.append(("You" if after.moon_shooter == human else names[after.moon_shooter]) + " shot the moon!")
    if after.phase in ("hand_over", "game_over") and phase not in ("hand_over", "game_over"):
        out.extend(hand_over_texts(after, names, human))
    turn = your_turn_text(after, human, names)
    if turn and turn != your_turn_text(before, human, names):
        out.append(turn)
    return out


def _deal_text(v: Any, names: list[str], human: int) -> str:
    text = f"Hand {v.hand_number}. " + subject(v.dealer, names, human, "deal") + "."
    if v.game == "hearts" and v.rules.pass_count:
        if v.pass_direction == "hold":
            text += " No passing this hand."
        else:
            n = v.rules.pass_count
            text += f" Pass {n} card{'s' if n != 1 else ''} {PASS_WORDS[v.pass_direction]}."
    return text


def _trick_points(v: Any, pairs: tuple[tuple[int, int], ...]) -> str:
    if v.game != "hearts":
        return ""
    mask = 0
    for _, c in pairs:
        mask |= 1 << c
    points = hearts_points(mask, v.rules)
    if not points:
        return ""
    return f", {points} point{'s' if abs(points) != 1 else ''}".replace("-", "−")


def _giver(v: Any, human: int) -> int | None:
    offset = {"left": 1, "across": 2, "right": -1}.get(v.pass_direction, 0)
    return next((s for s in range(v.players) if (s + offset) % v.players == human), None)


def hand_over_texts(v: Any, names: list[str], human: int) -> list[str]:
    """The result of the hand just finished (and of the game, when it is over)."""
    summary = build_summary(v, _Seat(human), names)
    if summary is None:
        return []
    parts = []
    for line in summary.lines:
        detail = f"; {line.detail}" if line.detail and line.detail != "no points" else ""
        points = line.points.lstrip("+")
        unit = "point" if points in ("1", "-1") else "points"
        parts.append(f"{line.name}: {points} {unit}, total {line.total}{detail}.")
    texts = [f"Hand {v.hand_number} is over. " + " ".join(parts)]
    notes = list(summary.notes)
    if summary.game_over:
        winner = notes.pop(0) if notes else ""
        texts.append(" ".join(x for x in ["The game is over.", winner, *notes] if x))
    elif notes:
        texts.append(" ".join(notes))
    return texts


def your_turn_text(v: Any, human: int, names: list[str]) -> str:
    """What the table waits for from you, or "" when it waits for no one."""
    if v.to_act != human:
        return ""
    if v.phase == "play":
        if v.trick:
            return "Your turn: play a card."
        total = tricks_per_hand(v.rules)
        return f"Your lead, trick {v.trick_number + 1} of {total}."
    if v.phase == "bid":
        return "Your turn to bid." if v.looked else "Your turn: bid blind nil, or look at your cards."
    if v.phase == "pass":
        n = v.rules.pass_count
        target = f", to {names[v.pass_target]}" if v.pass_target is not None else ""
        return f"Your turn: choose {n} card{'s' if n != 1 else ''} to pass {PASS_WORDS[v.pass_direction]}{target}."
    if v.phase == "draw" and v.draw_card is not None:
        return f"Your draw: the {card_name(v.draw_card)} is on top of the stock."
    if v.phase == "moon":
        return "You took every point: choose how to score your moon."
    return ""


class Announcer:
    """The sentences said so far in this page, numbered, the last few kept."""

    def __init__(self) -> None:
        self.count = 0
        self.items: list[tuple[int, str]] = []
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
        self.seen = view

    def recent(self) -> tuple[tuple[int, str], ...]:
        return tuple(self.items)
