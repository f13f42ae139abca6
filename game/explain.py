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

from . import messages
from .actions import BLIND_NIL_BID, LOOK, NIL_BID, auction_suit, bid_value, is_bid, is_card
from .cards import DECK_SIZE, HEARTS, HEARTS_POINT_MASK, SUIT_MASKS, iter_cards, suit_of
from .messages import Message

if TYPE_CHECKING:
    from .state import Match

# The English sentences, by key: the "engine" kind of game.messages, which
# says how parameters are read; the table shows them in the player's
# language from the same keys and parameters (ui/lang/*.py, "engine." + key).
MESSAGES = messages.register("engine", {
    "wrong_time.cut": "It is time to cut for the first dealer, not to {doing}.",
    "wrong_time.deal": "It is time to deal, not to {doing}.",
    "wrong_time.draw": "It is time to keep or discard the top card of the stock, not to {doing}.",
    "wrong_time.pass": "It is time to choose cards to pass, not to {doing}.",
    "wrong_time.bid": "It is time to bid, not to {doing}.",
    "wrong_time.play": "It is time to play a card, not to {doing}.",
    "wrong_time.moon": "It is time to choose how to score the moon, not to {doing}.",
    "wrong_time.hand_over": "It is time to deal the next hand, not to {doing}.",
    "doing.card": "play a card",
    "doing.bid": "bid",
    "doing.cut": "cut",
    "doing.deal": "deal",
    "doing.keep": "keep a card",
    "doing.discard": "discard a card",
    "doing.moon": "choose the moon score",
    "doing.look": "look at your cards",
    "doing.other": "do that",
    "game_over": "The game is over: start a new game.",
    "twice": "You hold the {card} twice: the two are one choice, offered as card {other}.",
    "not_held": "You do not hold the {card}.",
    "already_passing": "You have already chosen the {card} to pass.",
    "lead_first": "The first trick must be led with the {card}.",
    "not_broken": "{suit} are not broken yet: lead another suit.",
    "follow": "You must follow {suit}: you hold the {card}.",
    "no_points_first": "No points on the first trick: play a card that is not a heart or the Queen of spades.",
    "no_heart_discard": "You may not discard a heart until a trick has been led with hearts.",
    "cannot_play": "That card cannot be played now.",
    "looked_already": "You have already looked at your cards.",
    "look_first": "Look at your cards before you bid, or bid blind nil.",
    "no_blind_nil": "Blind nil is not allowed in this game.",
    "no_blind_nil_2p": "Blind nil is not offered in two-player Spades: the draw shows you your cards.",
    "blind_nil_behind": "Blind nil is allowed only when your side is behind by at least {behind} points.",
    "blind_nil_before_look": "Blind nil must be bid before you look at your cards.",
    "no_nil": "Nil is not allowed in this game: bid at least 1.",
    "auction_suit": "In Auction Spades a bid names a number of tricks and a trump suit.",
    "no_suit": "Bid a number of tricks only: spades are always trump.",
    "partner_room": "Bid at most {top}: your partner must still be able to bid at least 1.",
    "together": (
        "You and your partner may bid at most {total} together: your partner bid {partner}, so bid at most {top}."
    ),
    "bid_range": "A bid must be from 1 to {total}.",
})

_DOING = {190: "cut", 191: "deal", 192: "keep", 193: "discard", 194: "moon", 195: "moon", 198: "look"}


def render(message: Message | None) -> str:
    """The English sentence of a message ("" for None): :func:`game.messages.render`.

    >>> render(("not_broken", {"suit": 3}))
    'Spades are not broken yet: lead another suit.'
    """
    return messages.render("engine", message)


def _kind(action: int) -> str:
    if is_card(action):
        return "card"
    if is_bid(action):
        return "bid"
    return _DOING.get(action, "other")


def _second_copy(m: Match, seat: int, c: int) -> Message | None:
    """The refusal of a second-deck id while the first copy is free: identical
    cards are one choice, offered once under the first deck's id."""
    free = m.hands[seat] & ~(m.pass_chosen[seat] if m.phase == "pass" else 0)
    if c >= DECK_SIZE and (free >> c) & 1 and (free >> (c - DECK_SIZE)) & 1:
        return "twice", {"card": c, "other": c - DECK_SIZE}
    return None


def _held(mask: int) -> int:
    return min(iter_cards(mask), key=lambda c: c % DECK_SIZE)


def explain(m: Match, action: int) -> str:
    """Why ``action`` is refused, in English ("" when it is legal)."""
    return render(explain_message(m, action))


def explain_message(m: Match, action: int) -> Message | None:
    """Why ``action`` is refused as ``(key, params)`` (None when it is legal):
    the key of :data:`MESSAGES`, and card, suit and number parameters.

    >>> from game.state import new_match
    >>> from game.cards import parse_card
    >>> explain_message(new_match("hearts", "standard", seed=3), parse_card("QS"))
    ('wrong_time.cut', {'doing': 'card'})
    """
    if m.phase == "game_over":
        return "game_over", {}
    expected = {"pass": "card", "play": "card", "bid": "bid"}.get(m.phase)
    if expected is None or (_kind(action) != expected and not (m.phase == "bid" and action == LOOK)):
        if action in m.legal_actions():
            return None
        return f"wrong_time.{m.phase}", {"doing": _kind(action)}
    seat = m.to_act
    assert seat is not None
    twice = _second_copy(m, seat, action)
    if twice:
        return twice
    if m.phase == "pass":
        if not (m.hands[seat] >> action) & 1:
            return "not_held", {"card": action}
        if (m.pass_chosen[seat] >> action) & 1:
            return "already_passing", {"card": action}
        return None
    if m.phase == "play":
        return _explain_play(m, seat, action)
    return _explain_bid(m, seat, action)


def _explain_play(m: Match, seat: int, c: int) -> Message | None:
    hand = m.hands[seat]
    if not (hand >> c) & 1:
        return "not_held", {"card": c}
    if (m.play_mask(seat) >> c) & 1:
        return None
    if not m.trick:
        if m.lead_card >= 0:
            return "lead_first", {"card": m.lead_card}
        return "not_broken", {"suit": HEARTS if m.game == "hearts" else m.trump}
    led = suit_of(m.trick[0])
    follow = hand & SUIT_MASKS[led]
    if follow:
        return "follow", {"suit": led, "card": _held(follow)}
    if m.game == "hearts":
        first = m.trick_number == 0 and m.hearts_rules.no_points_first_trick
        if first and hand & ~HEARTS_POINT_MASK and (1 << c) & HEARTS_POINT_MASK:
            return "no_points_first", {}
        if suit_of(c) == HEARTS:
            return "no_heart_discard", {}
    return "cannot_play", {}


def _explain_bid(m: Match, seat: int, action: int) -> Message | None:
    rules = m.spades_rules  # only Spades has a bid phase
    if action == LOOK:
        return ("looked_already", {}) if m.looked[seat] else None
    if not m.looked[seat] and (action == NIL_BID or bid_value(action) > 0):
        return "look_first", {}
    if action == BLIND_NIL_BID:
        if not rules.blind_nil:
            return "no_blind_nil", {}
        if m.players == 2:
            return "no_blind_nil_2p", {}
        if not m.blind_nil_allowed(seat):
            return "blind_nil_behind", {"behind": rules.blind_nil_behind}
        if m.looked[seat]:
            return "blind_nil_before_look", {}
        return None
    if action == NIL_BID:
        return None if rules.nil else ("no_nil", {})
    n = bid_value(action)
    if rules.auction and auction_suit(action) is None:
        return "auction_suit", {}
    if not rules.auction and auction_suit(action) is not None:
        return "no_suit", {}
    top = m.bid_limit(seat)
    if n > top:
        if rules.partnership and n <= m.tricks_in_hand:
            partner = m.bids[(seat + 2) % 4]
            if partner is None:
                return "partner_room", {"top": top}
            return "together", {"total": m.tricks_in_hand, "partner": partner, "top": top}
        return "bid_range", {"total": m.tricks_in_hand}
    return None
