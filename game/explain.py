"""Why an action is refused: one full sentence for the player.

Only called when an action fails, so clarity matters more than speed here.

>>> from game.state import new_match
>>> from game.cards import parse_card
>>> m = new_match("hearts", "standard", seed=3)
>>> explain(m, parse_card("QS"))
'It is time to cut for the first dealer, not to play a card.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BLIND_NIL_BID, LOOK, NIL_BID, auction_suit, bid_value, is_bid, is_card
from .cards import DECK_SIZE, HEARTS, HEARTS_POINT_MASK, SUIT_MASKS, SUIT_NAMES, card_name, iter_cards, suit_of

if TYPE_CHECKING:
    from .state import Match

_PHASE_TEXT = {
    "cut": "cut for the first dealer",
    "deal": "deal",
    "draw": "keep or discard the top card of the stock",
    "pass": "choose cards to pass",
    "bid": "bid",
    "play": "play a card",
    "moon": "choose how to score the moon",
    "hand_over": "deal the next hand",
    "game_over": "start a new game",
}
_ACTION_TEXT = {
    190: "cut",
    191: "deal",
    192: "keep a card",
    193: "discard a card",
    194: "choose the moon score",
    195: "choose the moon score",
    198: "look at your cards",
}


def _kind(action: int) -> str:
    if is_card(action):
        return "play a card"
    if is_bid(action):
        return "bid"
    return _ACTION_TEXT.get(action, "do that")


def _second_copy(m: Match, seat: int, c: int) -> str:
    """The refusal of a second-deck id while the first copy is free: identical
    cards are one choice, offered once under the first deck's id."""
    free = m.hands[seat] & ~(m.pass_chosen[seat] if m.phase == "pass" else 0)
    if c >= DECK_SIZE and (free >> c) & 1 and (free >> (c - DECK_SIZE)) & 1:
        return f"You hold the {card_name(c)} twice: the two are one choice, offered as card {c - DECK_SIZE}."
    return ""


def _held(mask: int) -> str:
    return card_name(min(iter_cards(mask), key=lambda c: c % DECK_SIZE))


def explain(m: Match, action: int) -> str:
    if m.phase == "game_over":
        return "The game is over: start a new game."
    expected = {"pass": "play a card", "play": "play a card", "bid": "bid"}.get(m.phase)
    if expected is None or (_kind(action) != expected and not (m.phase == "bid" and action == LOOK)):
        if action in m.legal_actions():
            return ""
        return f"It is time to {_PHASE_TEXT[m.phase]}, not to {_kind(action)}."
    seat = m.to_act
    assert seat is not None
    if _second_copy(m, seat, action):
        return _second_copy(m, seat, action)
    if m.phase == "pass":
        if not (m.hands[seat] >> action) & 1:
            return f"You do not hold the {card_name(action)}."
        if (m.pass_chosen[seat] >> action) & 1:
            return f"You have already chosen the {card_name(action)} to pass."
        return ""
    if m.phase == "play":
        return _explain_play(m, seat, action)
    return _explain_bid(m, seat, action)


def _explain_play(m: Match, seat: int, c: int) -> str:
    hand = m.hands[seat]
    if not (hand >> c) & 1:
        return f"You do not hold the {card_name(c)}."
    if (m._play_mask(seat) >> c) & 1:
        return ""
    if not m.trick:
        if m.lead_card >= 0:
            return f"The first trick must be led with the {card_name(m.lead_card)}."
        suit = "hearts" if m.game == "hearts" else SUIT_NAMES[m.trump]
        return f"{suit.capitalize()} are not broken yet: lead another suit."
    led = suit_of(m.trick[0])
    follow = hand & SUIT_MASKS[led]
    if follow:
        return f"You must follow {SUIT_NAMES[led]}: you hold the {_held(follow)}."
    if m.game == "hearts":
        rules = m.rules
        first = m.trick_number == 0 and rules.no_points_first_trick  # type: ignore[union-attr]
        if first and hand & ~HEARTS_POINT_MASK and (1 << c) & HEARTS_POINT_MASK:
            return "No points on the first trick: play a card that is not a heart or the Queen of spades."
        if suit_of(c) == HEARTS:
            return "You may not discard a heart until a trick has been led with hearts."
    return "That card cannot be played now."


def _explain_bid(m: Match, seat: int, action: int) -> str:
    rules = m.rules
    if action == LOOK:
        return "You have already looked at your cards." if m.looked[seat] else ""
    if not m.looked[seat] and (action == NIL_BID or bid_value(action) > 0):
        return "Look at your cards before you bid, or bid blind nil."
    if action == BLIND_NIL_BID:
        if not rules.blind_nil:  # type: ignore[union-attr]
            return "Blind nil is not allowed in this game."
        if m.players == 2:
            return "Blind nil is not offered in two-player Spades: the draw shows you your cards."
        if not m.blind_nil_allowed(seat):
            behind = rules.blind_nil_behind  # type: ignore[union-attr]
            return f"Blind nil is allowed only when your side is behind by at least {behind} points."
        if m.looked[seat]:
            return "Blind nil must be bid before you look at your cards."
        return ""
    if action == NIL_BID:
        return "" if rules.nil else "Nil is not allowed in this game: bid at least 1."  # type: ignore[union-attr]
    n = bid_value(action)
    if rules.auction and auction_suit(action) is None:  # type: ignore[union-attr]
        return "In Auction Spades a bid names a number of tricks and a trump suit."
    if not rules.auction and auction_suit(action) is not None:  # type: ignore[union-attr]
        return "Bid a number of tricks only: spades are always trump."
    top = m._bid_limit(seat)
    if n > top:
        if rules.partnership and n <= m.tricks_in_hand:  # type: ignore[union-attr]
            partner = m.bids[(seat + 2) % 4]
            if partner is None:
                return f"Bid at most {top}: your partner must still be able to bid at least 1."
            return (
                f"You and your partner may bid at most {m.tricks_in_hand} together: "
                f"your partner bid {partner}, so bid at most {top}."
            )
        return f"A bid must be from 1 to {m.tricks_in_hand}."
    return ""
