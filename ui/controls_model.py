"""What the table asks of the player and tells them, in words: the controls
under the hand (the bid, the auction's number and suit, blind nil, the
pass, the two-player draw, the moon, Next trick, the watcher's switches),
the status line (whose turn and what for) and the notice of cards received.

Apart from ui/table_model.py because this is where the phases of both games
meet the player's choices: one branch per phase and rule option, read
together when a rule option is added, while the table model only places
what is drawn. Built from the same seat view and :class:`UiState`.

>>> from game import new_match
>>> from ui.model_base import player_names
>>> m = new_match("spades", "classic", seed=2)
>>> while m.phase != "bid" or m.to_act != 0:
...     m.apply(m.legal_actions()[0])
>>> v, names = m.view(0), player_names(m.players)
>>> build_status(v, UiState(), names)
('Your bid.', 'bid')
>>> c = build_controls(v, UiState(), names)
>>> c.kind, c.prompt, len(c.choices)
('bid', 'Your bid: how many tricks will you take?', 13)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
from game.cards import popcount
from game.deal import tricks_per_hand

from .i18n import t
from .model_base import CardFace, Choice, bid_text, face, sorted_cards
from .table_state import UiState, you


@dataclass(frozen=True)
class Controls:
    """The row of buttons under the hand, with the sentence that says what they are for."""

    kind: str  # "bid", "blind", "auction", "pass", "draw", "moon", "none"
    prompt: str
    choices: tuple[Choice, ...] = ()
    card: CardFace | None = None  # the stock's top card in the two-player draw


# --------------------------------------------------------------------- controls


def waits_for_click(v: Any, ui: UiState) -> bool:
    """A finished trick stays until you click Next trick (the trick_clear setting)."""
    return (ui.hold_trick and ui.settings.trick_clear == "click" and v.last_trick is not None and not ui.settings.watch
            and not (v.phase == "play" and v.to_act == ui.human))


def build_controls(v: Any, ui: UiState, names: list[str]) -> Controls:
    """The buttons under the hand now: the watcher's switches, Next trick,
    the pass (every seat picks its cards at once), or, on the human's turn
    only, Claim the rest, the draw, the moon, blind nil or the bid."""
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
    # Claim the rest is a tool of the top bar (ui/table_model.py claim_available), not a control here.
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


def build_status(v: Any, ui: UiState, names: list[str]) -> tuple[str, str]:
    """(status line, awaiting): whose turn it is and what for, and what the
    table waits for from you ("play", "pass", "bid", "draw", "moon",
    "continue", "next", "over", or "" when nothing is asked of you)."""
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


def build_notice(v: Any, ui: UiState, names: list[str]) -> str:
    """Hearts, until the first trick is over: the cards passed to you and by
    whom, or that nobody passes this hand."""
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


# --------------------------------------------------------------------- hint


def mark_hint(c: Controls, hinted: tuple[int, ...]) -> Controls:
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

