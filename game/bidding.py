"""The Spades auction: which bids a seat may make (nil, blind nil, the
partner's limit, the suit auction) and taking them, up to the trump.

Each function takes the :class:`game.state.Match` and is installed on it as
a method (``Match.bid_limit``, ``Match._bid`` ...): one state machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BLIND_NIL_BID, LOOK, NIL_BID, auction_bid, auction_suit, bid, bid_value
from .phases import BID_PHASE
from .rules import SpadesRules
from .trick_play import start_play

if TYPE_CHECKING:
    from .state import Match


def bid_limit(m: Match, seat: int) -> int:
    """The highest number of tricks this seat may bid now (Spades): every
    trick of the hand, less what the partner's bid leaves.

    >>> from game.state import new_match
    >>> m = new_match("spades", "partnership")
    >>> m.bid_limit(0)
    13
    """
    rules = m.spades_rules
    tricks = m.tricks_in_hand
    if not rules.partnership:
        return tricks
    partner_bid = m.bids[(seat + 2) % 4]
    if partner_bid is None:
        # Leave the partner a legal bid: at least 1 when nil is not allowed.
        return tricks if rules.nil else tricks - 1
    return tricks - max(partner_bid, 0)


def blind_nil_allowed(m: Match, seat: int) -> bool:
    """Whether this seat may bid blind nil in this hand (rule and score)."""
    rules = m.rules
    if not isinstance(rules, SpadesRules) or not rules.blind_nil or m.players == 2:
        return False
    if rules.blind_nil_behind == 0:
        return True
    side = m.side_of(seat)
    best_other = max(v for s, v in enumerate(m.scores) if s != side)
    return best_other - m.scores[side] >= rules.blind_nil_behind


def bid_actions(m: Match, seat: int) -> list[int]:
    """Every bid ``seat`` may make now (before looking: blind nil or look)."""
    if not m.looked[seat]:
        return [BLIND_NIL_BID, LOOK]
    rules = m.spades_rules
    out = [NIL_BID] if rules.nil else []
    top = bid_limit(m, seat)
    if rules.auction:
        out += [auction_bid(n, s) for n in range(1, top + 1) for s in range(4)]
    else:
        out += range(bid(1), bid(top) + 1)
    return out


def start_bidding(m: Match) -> None:
    """Open the auction; a seat allowed blind nil has not looked yet."""
    m.phase = BID_PHASE
    if m.spades_rules.blind_nil:
        m.looked = [not blind_nil_allowed(m, s) for s in range(m.players)]
    m.to_act = (m.dealer + 1) % m.players


def take_bid(m: Match, action: int) -> None:
    """The seat to act bids ``action`` (checked legal); after the last bid the
    auction's winner names the trump and the play starts."""
    seat = m.seat_to_act
    if action == LOOK:
        m.looked[seat] = True
        return
    m.bids[seat] = bid_value(action)
    m.bid_suits[seat] = auction_suit(action)
    m.looked[seat] = True  # a blind nil bidder picks up its cards once it has bid
    nxt = (seat + 1) % m.players
    if nxt != (m.dealer + 1) % m.players:
        m.to_act = nxt
        return
    if m.spades_rules.auction:
        best: tuple[int, int] | None = None  # (bid, suit): the highest that names a suit, the first of equals
        for i in range(m.players):
            s = (m.dealer + 1 + i) % m.players
            b, suit = m.bids[s], m.bid_suits[s]
            if suit is not None and b is not None and (best is None or b > best[0]):
                best = (b, suit)
        if best is not None:
            m.trump = best[1]
    start_play(m)
