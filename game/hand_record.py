"""A finished hand as a hand-history record (docs/RULES.md, "Hand-history records").

The match keeps each finished hand in raw form and builds its record only
when someone reads ``Match.records``; this is that step, on its own so that
it needs nothing of the match but its rules.

>>> from game.rules import preset
>>> from game.cards import parse_mask
>>> rec = hand_record(preset("spades", "classic"), 3, [parse_mask("AS"), 0, 0, 0], "hold", [0] * 4,
...                   [1, 0, 0, 0], [None] * 4, [51], {"tricks": [1, 0, 0, 0]}, {})
>>> rec["hands"][0], rec["bids"][:2], rec["plays"]
(['AS'], [1, 'nil'], ['AS'])
"""

from __future__ import annotations

from typing import Any

from .actions import action_to_json, auction_bid
from .cards import CARD_TEXTS, cards_text
from .rules import Rules
from .scoring import BLIND_NIL, NIL


def hand_record(
    rules: Rules,
    dealer: int,
    dealt: list[int],
    pass_direction: str,
    passes: list[int],
    bids: list[int | None],
    bid_suits: list[int | None],
    plays: list[int],
    result: dict[str, Any],
    extra: dict[str, Any],
) -> dict[str, Any]:
    """The record of one hand from the match's raw log entry: cards as text,
    bids as the record's JSON forms, the extra fields and then the result."""
    rec: dict[str, Any] = {
        "game": rules.game,
        "rules": rules.to_dict(),
        "dealer": dealer,
        "hands": [cards_text(h) for h in dealt],
    }
    if rules.game == "hearts":
        rec["pass_direction"] = pass_direction
        if pass_direction != "hold":
            rec["passes"] = [cards_text(p) for p in passes]
    else:
        rec["bids"] = [bid_json(b, s) for b, s in zip(bids, bid_suits)]
    rec["plays"] = [CARD_TEXTS[c] for c in plays]
    rec.update(extra)
    rec["result"] = result
    return rec


def bid_json(b: int | None, suit: int | None) -> object:
    """A bid as a record writes it: a number, "nil", "blind_nil", [n, suit] in an auction, or None."""
    if b is None:
        return None
    if b == NIL:
        return "nil"
    if b == BLIND_NIL:
        return "blind_nil"
    if suit is not None:
        return action_to_json(auction_bid(b, suit))
    return b
