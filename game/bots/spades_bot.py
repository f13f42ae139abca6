"""Spades heuristics: the ``easy`` and ``normal`` players.

Every decision returns ``(action, reason)``; the reason is a message
(:mod:`.reasons`): the key of one sentence from the rule that chose the
action, and its parameters, shown by the hint button.

``normal`` in short:

- Bid from a hand evaluation: top cards with their guards, trump length,
  ruffs from short suits with spare trumps, scaled by the number of
  opponents; the partner's bid caps the side's total; bags near the limit
  push a bid up. Nil with a hand that has no high trump and few high cards
  (not when the partner bid nil); blind nil when far behind late in a game.
- Each trick has one aim, from the bids and tricks so far: lose it (my nil,
  bags once the contract is safe under a bag limit), win it (the contract
  needs tricks, the opponents can be set), cover the partner's nil (play high
  before the partner, overtake the partner), set an opponent's nil (play low
  before the nil bidder, never overtake it).
- Win cheaply: the lowest card that holds against the seats still to play,
  never over the partner's sure winner; second hand low before the partner;
  ruff with the lowest trump that wins.
- Lead: cash top cards before they are ruffed, draw trump with trump control
  or a long trump suit, lead into the partner's void; when losing, lead the
  card least likely to win.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..actions import BLIND_NIL_BID, DISCARD, KEEP, LOOK, NIL_BID, auction_bid, bid, bid_value
from ..cards import SUIT_MASKS
from .common import RANK_OF, SUIT_OF, Know, cards_of, count, fold
from .reasons import Message

ACE, KING, QUEEN, JACK = 12, 11, 10, 9
WIN, LOSE, COVER_HIGH, LOW = "win", "lose", "cover", "low"
_HONOR_SCALE = {2: 1.15, 3: 1.08, 4: 1.0, 5: 0.85}
NIL_LIMIT = 1.0  # bid nil below this danger (nil_danger) with a partner to cover
NIL_LIMIT_ALONE = 0.7  # ... and alone


# ---------------------------------------------------------------- bidding


def estimate(hand: int, trump: int, players: int) -> float:
    """Tricks this hand should take with ``trump`` as trump (-1: no trump)."""
    scale = _HONOR_SCALE.get(players, 1.0)
    tricks = 0.0
    [count(hand & SUIT_MASKS[s]) for s in range(4)]
    spare = 0  # trumps not counted as top winners, free to ruff
    if trump >= 0:
        ranks = sorted((RANK_OF[c] for c in cards_of(hand & SUIT_MASKS[trump])), reverse=True)
        held = set(ranks)
        for i, r in enumerate(ranks):
            higher_out = sum(1 for x in range(r + 1, 13) if x not in held)
            guards = len(ranks) - 1 - i
            if higher_out == 0:
                v = 1.0
            elif guards >= higher_out:
                v = max(0.0, 0.9 - 0.2 * higher_out) * scale
            else:
                v = 0.0
            if i >= 3:
                v = max(v, 0.85)  # long trumps win once the others are drawn
            tricks += min(v, 1.0)
            if v < 0.5:
                spare += 1
    for s in range(4):
        if s == trump:
            continue
        ranks = sorted((RANK_OF[c] for c in cards_of(hand & SUIT_MASKS[s])), reverse=True)
        n = len(ranks)
        has = set(ranks)
        long_ = n >= 6
        if ACE in has:
            tricks += 0.8 if long_ else 1.0
        if KING in has:
            if ACE in has:
                tricks += (0.6 if long_ else 0.9) * scale
            elif n >= 2:
                tricks += (0.3 if long_ else 0.6) * scale
            else:
                tricks += 0.2
        if QUEEN in has and n >= 3:
            if ACE in has and KING in has:
                tricks += 0.5 * scale if n <= 4 else 0.2
            elif ACE in has or KING in has:
                tricks += 0.35 * scale
            else:
                tricks += 0.15
        if trump >= 0 and spare:
            if n == 0:
                r = min(spare, 2)
                tricks += 0.8 * r
                spare -= r
            elif n == 1:
                tricks += 0.6
                spare -= 1
            elif n == 2 and spare >= 2:
                tricks += 0.3
                spare -= 1
    return tricks


def nil_danger(hand: int, trump: int) -> float:
    """How likely this hand is to take a trick when trying not to (0 = safe)."""
    danger = 0.0
    for s in range(4):
        cs = cards_of(hand & SUIT_MASKS[s])
        ranks = sorted((RANK_OF[c] for c in cs), reverse=True)
        lows = sum(1 for r in ranks if r <= 4)
        for r in ranks:
            if s == trump:
                if r >= QUEEN:
                    danger += 1.5
                elif r >= 8:
                    danger += 0.5
                else:
                    danger += 0.15
            elif r == ACE:
                danger += 0.9
            elif r == KING:
                danger += 0.6 if lows < 2 else 0.35
            elif r == QUEEN:
                danger += 0.35 if lows < 2 else 0.15
            elif r == JACK:
                danger += 0.15 if lows < 2 else 0.05
        if s == trump and len(ranks) >= 4:
            danger += 0.5 * (len(ranks) - 3)
    return danger


def choose_bid(k: Know) -> tuple[int, Message]:
    legal = k.legal
    rules = k.spades_rules
    if LOOK in legal:
        return _blind_choice(k)
    if rules.auction:
        return _auction_bid(k)
    trump = k.trump
    est = estimate(k.hand, trump, k.players)
    partner = k.partner()
    pbid = k.bids[partner] if partner is not None else None
    # Nil?
    if NIL_BID in legal:
        danger = nil_danger(k.hand, trump)
        ok_partner = partner is None or pbid is None or pbid >= 3
        partner_nil = pbid is not None and pbid <= 0
        limit = NIL_LIMIT if partner is not None else NIL_LIMIT_ALONE
        if not partner_nil and ok_partner and danger < limit and est < 2.2:
            return NIL_BID, ("spades.nil", {"suit": trump, "risk": danger})
    n, why = _best_bid(k, est, pbid if partner is not None else None)
    return bid(n), why


# Tricks a hand takes, from its count: tricks ~ a * estimate + b, spread sd,
# by player count (fitted on normal self-play, see docs/BOTS.md).
TRICKS_FIT = {2: (0.82, 1.43, 1.2), 3: (0.95, 1.65, 1.2), 4: (0.9, 0.7, 1.05), 5: (0.75, 0.28, 0.9)}
PARTNER_SPREAD = 1.1  # variance of a partner's tricks around its bid (+ PARTNER_EXTRA)
PARTNER_EXTRA = 0.35


def _best_bid(k: Know, est: float, pbid: int | None) -> tuple[int, Message]:
    """The bid with the best expected score, given how many tricks the hand
    (and the partner's bid) should take, the cost of a set and of a bag."""
    rules = k.spades_rules
    a, b, sd = TRICKS_FIT.get(k.players, (0.9, 0.7, 1.05))
    mu = a * est + b
    var = sd * sd
    offset = 0
    if pbid is not None and pbid > 0:
        mu += pbid + PARTNER_EXTRA
        var += PARTNER_SPREAD
        offset = pbid
    tricks = range(0, (count(k.hand) or 13) + 1)
    weights = [math.exp(-((t - mu) ** 2) / (2 * var)) for t in tricks]
    norm = sum(weights)
    probs = [w / norm for w in weights]
    bag_cost = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0
    per_over = rules.overtrick_points - bag_cost
    fail = rules.failed_contract == "minus_bid"
    best_n, best_v = 1, -1e18
    for action in k.legal:
        if action in (NIL_BID, BLIND_NIL_BID, LOOK):
            continue
        n = bid_value(action)
        contract = n + offset
        v = 0.0
        for t, p in zip(tricks, probs):
            if t >= contract:
                v += p * (10 * contract + (t - contract) * per_over)
            elif fail:
                v -= p * 10 * contract
        if v > best_v:
            best_n, best_v = n, v
    key = "spades.bid"
    params: dict[str, Any] = {"bid": best_n, "tricks": est}
    if offset:
        key += ".partner"
        params["partner"] = pbid
    if rules.bag_limit and per_over < 0:
        key += ".bags"
    elif not fail or per_over > 0:
        key += ".safe"
    return best_n, (key, params)


def _closest_bid(legal: list[int], n: int) -> int:
    values = [bid_value(a) for a in legal if a not in (NIL_BID, BLIND_NIL_BID, LOOK)]
    if not values:
        return 0
    return min(values, key=lambda v: (abs(v - n), v))


def _blind_choice(k: Know) -> tuple[int, Message]:
    """Blind nil, or look at the cards: only when far behind near the end."""
    rules = k.rules
    side = k.side_of(k.seat)
    partner = k.partner()
    pbid = k.bids[partner] if partner is not None else None
    mine = k.scores[side]
    best_other = max(v for s, v in enumerate(k.scores) if s != side)
    deficit = best_other - mine
    if partner is None:
        # Nobody covers a lone blind nil: only a last throw of the dice.
        late = best_other >= rules.target * 0.85
        far = deficit >= 250
    else:
        late = best_other >= rules.target * 0.6
        far = deficit >= 200
    if (pbid is None or pbid >= 3) and far and late:
        return BLIND_NIL_BID, ("spades.blind_nil", {"behind": deficit})
    return LOOK, ("spades.look", {})


def _auction_bid(k: Know) -> tuple[int, Message]:
    legal = set(k.legal)
    evals = [estimate(k.hand, s, k.players) for s in range(4)]
    best_suit = max(range(4), key=lambda s: (evals[s], s))
    high = max((b for b in k.bids if b is not None), default=0)
    high_suit = next(
        (k.bid_suits[s] for s in range(k.players) if k.bids[s] == high and k.bid_suits[s] is not None), None
    )
    n = max(1, int(evals[best_suit] + 0.35))
    suit = best_suit
    if n <= high and high_suit is not None:
        suit = high_suit
        n = max(1, int(evals[high_suit] + 0.35))
    for m in range(n, 0, -1):
        if auction_bid(m, suit) in legal:
            return auction_bid(m, suit), ("spades.auction", {"bid": m, "suit": suit, "tricks": evals[suit]})
    a = min(legal)
    return a, ("spades.auction.lowest", {})


def choose_draw(k: Know) -> tuple[int, Message]:
    """Two-player Spades: keep the card seen, or take the next one unseen."""
    c = k.draw_card
    if c is None:
        return KEEP, ("spades.draw.keep_card", {})
    value = _card_value(c, k.trump if k.trump >= 0 else 3)
    if value >= 0.33:
        return KEEP, ("spades.draw.keep", {"card": c})
    return DISCARD, ("spades.draw.discard", {"card": c})


def _card_value(c: int, trump: int) -> float:
    r = RANK_OF[c]
    if SUIT_OF[c] == trump:
        return 0.35 + 0.05 * r
    return {ACE: 0.95, KING: 0.6, QUEEN: 0.3, JACK: 0.15}.get(r, 0.05)


# ---------------------------------------------------------------- playing


class Sides:
    """Contracts and nils, as this seat sees them before its card."""

    def __init__(self, k: Know) -> None:
        self.k = k
        me = k.seat
        self.me = me
        self.partner = k.partner()
        bids = k.bids
        won = k.tricks_won
        mine = [me] if self.partner is None else [me, self.partner]
        self.mine = mine
        self.my_nil = _is_nil(bids[me]) and won[me] == 0
        self.partner_nil = self.partner is not None and _is_nil(bids[self.partner]) and won[self.partner] == 0
        contract = sum(b for s in mine if (b := bids[s]) is not None and b > 0)
        got = sum(won[s] for s in mine if (b := bids[s]) is not None and b > 0)
        self.contract = contract
        self.need = contract - got
        self.tricks = count(k.hand)
        # Opponent sides: their contract needs, and their live nils.
        self.opp_need = 0  # the most any one opposing side still needs
        self.opp_slack = 99
        sides: dict[int, list[int]] = {}
        for s in range(k.players):
            if s not in mine:
                sides.setdefault(k.side_of(s), []).append(s)
        for seats in sides.values():
            c = sum(b for s in seats if (b := bids[s]) is not None and b > 0)
            g = sum(won[s] for s in seats if (b := bids[s]) is not None and b > 0)
            if c > g:
                self.opp_need = max(self.opp_need, c - g)
                self.opp_slack = min(self.opp_slack, self.tricks - (c - g))
        self.opp_nils = [s for s in range(k.players) if s not in mine and _is_nil(bids[s]) and won[s] == 0]
        rules = k.spades_rules
        self.bag_limit = rules.bag_limit
        self.avoid_bags = rules.bag_limit > 0 or rules.overtrick_points == 0

    def aim(self) -> Message:
        """This trick's aim and why: the parameters of the reason's ``{why}``
        (its key, :mod:`.reasons` "spades.why.*", and the seat or count it names)."""
        k = self.k
        if self.my_nil:
            return LOSE, {"why": "spades.why.my_nil"}
        trick_seats = [s for s, _ in k.trick]
        win_seat, _ = k.trick_winner()
        later = k.later_seats()
        if self.partner_nil:
            p = self.partner
            if p in later:
                return COVER_HIGH, {"why": "spades.why.cover"}
            if win_seat == p:
                return WIN, {"why": "spades.why.overtake"}
        slack = self.tricks - self.need  # tricks the side can give away
        if self.opp_nils and (self.need <= 0 or slack >= 3):
            for s in self.opp_nils:
                if win_seat == s and s in trick_seats:
                    return LOSE, {"why": "spades.why.nil_winning", "seat": s}
                if s in later:
                    return LOW, {"why": "spades.why.nil_after", "seat": s}
        if self.need > 0:
            return WIN, {"why": "spades.why.need", "n": self.need}
        if self.opp_need > 0 and self.opp_slack <= (1 if self.avoid_bags else 99):
            return WIN, {"why": "spades.why.set"}
        if not self.avoid_bags:
            return WIN, {"why": "spades.why.every"}
        return LOSE, {"why": "spades.why.bags"}


def _is_nil(b: int | None) -> bool:
    return b is not None and b <= 0


def choose_play(k: Know) -> tuple[int, Message]:
    legal = k.legal_cards()
    if len(legal) == 1:
        return legal[0], ("only.card", {"card": legal[0]})
    sd = Sides(k)
    aim, why = sd.aim()
    if not k.trick:
        return _lead(k, sd, aim, why, legal)
    return _follow(k, sd, aim, why, legal)


def _opp_later(k: Know, sd: Sides) -> list[int]:
    return [s for s in k.later_seats() if s not in sd.mine]


def _follow(k: Know, sd: Sides, aim: str, why: dict[str, Any], legal: list[int]) -> tuple[int, Message]:
    win_seat, best = k.trick_winner()
    trump = k.trump
    later = k.later_seats()
    opp_later = _opp_later(k, sd)
    winners = sorted((c for c in legal if k.beats(c, best)), key=_order(trump))
    losers = sorted((c for c in legal if not k.beats(c, best)), key=_order(trump))

    if aim == LOSE:
        if losers:
            c = losers[-1]
            return c, ("spades.follow.under", {"card": c, "best_card": best, **why})
        c = winners[0] if later else winners[-1]
        return c, ("spades.follow.every_wins", {"card": c, **why})
    if aim == LOW:
        side_cards = [c for c in legal if SUIT_OF[c] != trump] or legal
        pool = [c for c in side_cards if not k.beats(c, best)] or side_cards
        c = min(pool, key=_order(trump))
        return c, ("spades.follow.low", {"card": c, **why})
    if aim == COVER_HIGH:
        if winners:
            c = winners[-1]
            return c, ("spades.follow.cover", {"card": c, **why})
        c = losers[0]
        return c, ("spades.follow.cannot_cover", {"card": c, "best_card": best})
    # WIN
    partner = sd.partner
    if partner is not None and win_seat == partner and not sd.partner_nil and k.p_beaten(best, opp_later) < 0.3:
        pool = losers or winners
        c = pool[0]
        return c, ("spades.follow.partner_wins", {"card": c, "best_card": best})
    if not winners:
        c = losers[0]
        return c, ("spades.follow.nothing_beats", {"card": c, "best_card": best})
    if not opp_later:
        c = winners[0]
        return c, ("spades.follow.last", {"card": c, **why})
    for c in winners:
        if k.p_beaten(c, opp_later) <= P_HOLD:
            return c, ("spades.follow.hold", {"card": c, **why})
    if partner is not None and partner in later:
        c = (losers or winners)[0]
        return c, ("spades.follow.second_low", {"card": c})
    # Nothing holds for sure: the cheapest winner, keeping the high cards for later.
    c = winners[0]
    return c, ("spades.follow.cheapest", {"card": c, **why})


P_HOLD = 0.3  # a winner that is beaten less often than this "should hold"


def _order(trump: int) -> Callable[[int], tuple[bool, int]]:
    """Sort key: side cards before trumps, then by rank."""
    return lambda c: (SUIT_OF[c] == trump, RANK_OF[c])


def _is_top(k: Know, c: int) -> bool:
    s = SUIT_OF[c]
    out = fold(k.unseen & SUIT_MASKS[s]) >> (13 * s) & 0x1FFF
    return RANK_OF[c] > out.bit_length() - 1


def _lead(k: Know, sd: Sides, aim: str, why: dict[str, Any], legal: list[int]) -> tuple[int, Message]:
    trump = k.trump
    opps = [s for s in k.others() if s not in sd.mine]
    trumps_out = count(k.unseen & SUIT_MASKS[trump]) if trump >= 0 else 0
    opp_trumps = any(k.can_hold(s, trump) for s in opps) if trump >= 0 else False

    if aim in (LOSE, LOW):
        c = min(legal, key=lambda c: (_p_lead_wins(k, sd, c), SUIT_OF[c] == trump, RANK_OF[c]))
        return c, ("spades.lead.lose", {"card": c, **why})

    if sd.partner_nil:
        # Lead high so the nil bidder can play under.
        tops = [c for c in legal if _is_top(k, c) and SUIT_OF[c] != trump]
        if tops:
            c = max(tops, key=lambda c: (count(k.hand & SUIT_MASKS[SUIT_OF[c]]), RANK_OF[c]))
            return c, ("spades.lead.nil_top", {"card": c})
        c = max(legal, key=lambda c: (SUIT_OF[c] != trump, RANK_OF[c]))
        return c, ("spades.lead.nil_high", {"card": c})

    side_tops = [c for c in legal if SUIT_OF[c] != trump and _is_top(k, c) and not _ruff_risk(k, opps, SUIT_OF[c])]
    my_trumps = [c for c in legal if SUIT_OF[c] == trump]
    # Draw trump: with the top trump, or a long trump suit, when side winners need protecting.
    if my_trumps and trumps_out and opp_trumps:
        top_trump = max(my_trumps, key=RANK_OF.__getitem__)
        holding = count(k.hand & SUIT_MASKS[trump])
        side_winners = [c for c in cards_of(k.hand) if SUIT_OF[c] != trump and _is_top(k, c)]
        if _is_top(k, top_trump) and (holding >= trumps_out or side_winners):
            return top_trump, ("spades.lead.top_trump", {"card": top_trump, **why})
        if sd.need > 0 and side_winners and (holding >= 5 or (holding >= 4 and holding >= trumps_out)):
            c = min(my_trumps, key=RANK_OF.__getitem__)
            return c, ("spades.lead.low_trump", {"card": c})
    if side_tops:
        c = min(side_tops, key=lambda c: (count(k.hand & SUIT_MASKS[SUIT_OF[c]]), -RANK_OF[c]))
        return c, ("spades.lead.cash", {"card": c, "suit": SUIT_OF[c], **why})
    partner = sd.partner
    if partner is not None and trump >= 0 and k.can_hold(partner, trump):
        for c in sorted(legal, key=RANK_OF.__getitem__):
            s = SUIT_OF[c]
            if s != trump and (k.voids[partner] >> s) & 1:
                return c, ("spades.lead.partner_void", {"card": c, "suit": s})
    if my_trumps and len(my_trumps) == len(legal):
        c = (
            max(my_trumps, key=RANK_OF.__getitem__)
            if _is_top(k, max(my_trumps, key=RANK_OF.__getitem__))
            else min(my_trumps, key=RANK_OF.__getitem__)
        )
        return c, ("spades.lead.only_trumps", {"card": c})
    # Lead low from a long side suit, keeping guarded honors.
    side = [c for c in legal if SUIT_OF[c] != trump] or legal

    def key(c: int) -> tuple[float, int]:
        s = SUIT_OF[c]
        held = cards_of(k.hand & SUIT_MASKS[s])
        guarded_king = any(RANK_OF[x] == KING for x in held) and len(held) <= 3
        return (-(len(held)) + (3 if guarded_king else 0), RANK_OF[c])

    c = min(side, key=key)
    return c, ("spades.lead.low", {"card": c, "suit": SUIT_OF[c], **why})


def _ruff_risk(k: Know, opps: list[int], suit: int) -> bool:
    trump = k.trump
    if trump < 0:
        return False
    return any(not k.can_hold(s, suit) and k.can_hold(s, trump) for s in opps)


def _p_lead_wins(k: Know, sd: Sides, c: int) -> float:
    """A rough chance that leading ``c`` wins the trick."""
    s, r = SUIT_OF[c], RANK_OF[c]
    trump = k.trump
    out = k.unseen & SUIT_MASKS[s]
    out_n = count(out)
    out_ranks = fold(out) >> (13 * s) & 0x1FFF
    lower = count(out_ranks & ((1 << r) - 1))
    higher = count(out_ranks >> (r + 1))
    followers = [o for o in k.others() if k.can_hold(o, s)]
    if not out_n or not followers:
        p = 1.0
    elif lower == 0:
        p = 0.0
    elif higher == 0:
        p = 1.0
    else:
        per = max(1.0, out_n / len(followers))
        p = (1.0 - (higher / out_n) ** per) ** len(followers)
    if s != trump and trump >= 0:
        for o in k.others():
            if not k.can_hold(o, s) and k.can_hold(o, trump):
                p *= 0.4
    return p + r * 0.001


# ---------------------------------------------------------------- easy


def easy_bid(k: Know) -> tuple[int, Message]:
    if LOOK in k.legal:
        return LOOK, ("spades.easy.look", {})
    trump = k.trump if k.trump >= 0 else 3
    hand = k.hand
    n = sum(1 for c in cards_of(hand) if RANK_OF[c] == ACE or (SUIT_OF[c] == trump and RANK_OF[c] >= QUEEN))
    n += max(0, count(hand & SUIT_MASKS[trump]) - 3)
    n = max(1, n)
    if getattr(k.rules, "auction", False):
        for m in range(n, 0, -1):
            if auction_bid(m, trump) in k.legal:
                return auction_bid(m, trump), ("spades.easy.bid", {"bid": m})
        return min(k.legal), ("spades.easy.lowest", {})
    n = _closest_bid(k.legal, n)
    return bid(n), ("spades.easy.bid", {"bid": n})


def easy_draw(k: Know) -> tuple[int, Message]:
    c = k.draw_card
    if c is not None and (SUIT_OF[c] == (k.trump if k.trump >= 0 else 3) or RANK_OF[c] >= QUEEN):
        return KEEP, ("spades.easy.keep", {"card": c})
    return DISCARD, ("spades.easy.discard", {})


def easy_play(k: Know) -> tuple[int, Message]:
    """Win with the lowest card that wins while the bid is short, else play low."""
    legal = k.legal_cards()
    trump = k.trump
    me = k.seat
    b = k.bids[me]
    need = (b or 0) - k.tricks_won[me]
    if not k.trick:
        c = max(legal, key=RANK_OF.__getitem__) if need > 0 else min(legal, key=RANK_OF.__getitem__)
        return c, ("spades.easy.lead", {"card": c})
    _, best = k.trick_winner()
    winners = sorted((c for c in legal if k.beats(c, best)), key=_order(trump))
    if need > 0 and winners:
        return winners[0], ("spades.easy.win", {"card": winners[0]})
    c = min(legal, key=_order(trump))
    return c, ("spades.easy.low", {"card": c})
