"""What one seat may know, and deals of the unseen cards consistent with it.

The UI and every bot see a match only through :class:`SeatView`: their own
cards, the cards played, bids, the passes they made and received, scores.
Other seats' cards and the match's seed stay inside the engine.

>>> from game.state import new_match
>>> m = new_match("hearts", "standard", seed=11)
>>> for _ in range(5):
...     m.apply(m.legal_actions()[0])
>>> v = m.view(2)
>>> v.phase, popcount(v.hand), v.hand_sizes
('pass', 13, (13, 13, 13, 13))
>>> hands = sample_hands(v, random.Random(1))
>>> hands[2] == v.hand and sum(popcount(h) for h in hands)
52
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import iter_cards, popcount, suit_of
from .deal import cards_in_play
from .rules import PASS_OFFSETS, Rules

if TYPE_CHECKING:
    from .state import Match


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know at one moment. Cards are ints, sets of cards masks."""

    seat: int
    game: str
    rules: Rules
    players: int
    phase: str
    to_act: int | None
    dealer: int
    hand_number: int
    hand: int  # this seat's cards (0 while a blind-nil seat has not looked)
    looked: bool
    hand_sizes: tuple[int, ...]
    legal: tuple[int, ...]  # this seat's legal actions, when it is to act
    cut: tuple[tuple[int, int, int], ...]  # (round, seat, card) of every cut draw
    draw_card: int | None  # two-player Spades: the stock's top card, seen by the seat to act
    seen_discards: int  # two-player Spades: the cards this seat saw and threw away
    stock_size: int  # two-player Spades: cards left in the stock
    pass_direction: str
    pass_target: int | None
    passed: int  # the cards this seat chose to pass
    passes_ready: tuple[bool, ...]  # which seats have chosen all their passes (seen face down)
    received: int  # the cards passed to it (once the passes are exchanged)
    bids: tuple[int | None, ...]  # tricks, 0 nil, -1 blind nil, None not yet
    bid_suits: tuple[int | None, ...]  # Auction Spades: each bid's trump suit
    trump: int  # the trump suit, -1 in Hearts
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in the order played
    trick_number: int
    last_trick: tuple[tuple[tuple[int, int], ...], int] | None  # ((seat, card)...), winner
    # This hand's finished tricks in order, each as last_trick: who played
    # which card, as every player at a real table has seen.
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    tricks_won: tuple[int, ...]
    taken: tuple[int, ...]  # the cards each seat has won in tricks this hand
    played: int  # every card played this hand
    voids: tuple[int, ...]  # bit s set: that seat has shown it holds no suit s
    broken: bool  # hearts (or trump) are broken
    scores: tuple[int, ...]  # by side
    bags: tuple[int, ...]  # by side (Spades)
    winners: tuple[int, ...]  # winning sides, once the game is over
    moon_shooter: int | None
    records: tuple[dict[str, Any], ...]  # finished hands; others' hands and passes are None
    _public: Match = field(repr=False, compare=False)

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat


# Every attribute of a Match, by what a seat may see of it. A view copies
# only what these lists name, so a field that is in none of them stays in
# the engine: tests/engine/test_views.py fails on any Match field not
# listed here, and a new one is placed before any bot or table can read it.
PUBLIC_FIELDS = frozenset({
    "rules", "game", "players", "scores", "bags", "winners", "phase", "to_act", "cut_round", "cut_draws",
    "cut_pending", "dealer", "hand_number", "custom_deal", "looked", "pass_direction", "bids", "bid_suits",
    "trump", "leader", "lead_card", "trick", "trick_seats", "trick_number", "trick_size", "extra", "broken",
    "played", "tricks_won", "taken", "voids", "last_trick", "tricks_done", "moon_shooter", "_play_start",
    # the rule switches, derived from the rules
    "_breaks_on_lead_only", "_queen_breaks", "_two_decks", "_plain_discards", "_lead_block", "_tricks_in_hand",
    "_break_any", "_break_lead", "_switches",
})  # fmt: skip
OWN_FIELDS = frozenset({"hands", "pass_chosen", "seen_discards"})  # per seat: only the viewer's entry
# What no seat sees, and what stands in its place in a view's match: future
# deals come from the seed; the stock is unseen (determinize() fills it); the
# action log holds every seat's passes; the dealt hands are the hands before
# the pass; the remembered mask is the acting seat's legal cards. Finished
# hands are kept redacted (see _redact).
HIDDEN_FIELDS: dict[str, Callable[[Match], Any]] = {
    "seed": lambda m: "hidden",
    "stock": lambda m: [],
    "actions": lambda m: [],
    "dealt": lambda m: [0] * m.players,
    "_mask_key": lambda m: None,
    "_mask": lambda m: 0,
}
REDACTED_FIELDS = frozenset({"_hand_log", "_records"})


def _seat_match(m: Match, seat: int) -> Match:
    """The match as ``seat`` may know it: built from the fields above, never
    a copy of the whole match with its secrets blanked."""
    public = object.__new__(type(m))
    d = public.__dict__
    for name in PUBLIC_FIELDS:
        value = m.__dict__[name]
        d[name] = value.copy() if isinstance(value, list) else value
    for name in OWN_FIELDS:
        d[name] = [v if s == seat else 0 for s, v in enumerate(m.__dict__[name])]
    if not m.looked[seat]:
        d["hands"][seat] = 0  # a blind nil bidder has not seen its cards yet
    for name, stand_in in HIDDEN_FIELDS.items():
        d[name] = stand_in(m)
    # Finished hands: only this seat's own dealt cards and passes stay.
    d["_hand_log"] = [
        (
            dealer,
            [h if s == seat else 0 for s, h in enumerate(dealt)],
            direction,
            [p if s == seat else 0 for s, p in enumerate(passes)],
            *rest,
        )
        for dealer, dealt, direction, passes, *rest in m._hand_log
    ]
    d["_records"] = [_redact(r, seat) for r in m.records]
    return public


def seat_view(m: Match, seat: int) -> SeatView:
    """The view of ``seat``; see :meth:`game.state.Match.view`."""
    public = _seat_match(m, seat)
    known = public.hands[seat]
    passes_done = m.phase != "pass"
    received = 0
    if m.pass_direction != "hold" and passes_done:
        giver = next(s for s in range(m.players) if m.pass_target(s) == seat)
        received = m.pass_chosen[giver]
    draw_card = m.stock[-1] if m.phase == "draw" and m.to_act == seat and m.stock else None
    trick = tuple(zip(m.trick_seats, m.trick))
    tricks = tuple((tuple(zip(seats, cards)), winner) for cards, seats, winner in m.tricks_done)
    last = None
    if m.last_trick is not None:
        cards, seats, winner = m.last_trick
        last = (tuple(zip(seats, cards)), winner)
    return SeatView(
        seat=seat,
        game=m.game,
        rules=m.rules,
        players=m.players,
        phase=m.phase,
        to_act=m.to_act,
        dealer=m.dealer,
        hand_number=m.hand_number,
        hand=known,
        looked=m.looked[seat],
        hand_sizes=tuple(popcount(h) for h in m.hands),
        legal=tuple(m.legal_actions()) if m.to_act == seat else (),
        cut=tuple(m.cut_draws),
        draw_card=draw_card,
        seen_discards=m.seen_discards[seat],
        pass_direction=m.pass_direction,
        pass_target=m.pass_target(seat) if m.pass_direction != "hold" else None,
        passed=m.pass_chosen[seat],
        passes_ready=tuple(
            m.pass_direction != "hold" and popcount(p) == m.hearts_rules.pass_count
            for p in m.pass_chosen
        ),
        received=received,
        bids=tuple(m.bids),
        bid_suits=tuple(m.bid_suits),
        trump=m.trump,
        leader=m.leader,
        trick=trick,
        trick_number=m.trick_number,
        last_trick=last,
        tricks=tricks,
        tricks_won=tuple(m.tricks_won),
        taken=tuple(m.taken),
        played=m.played,
        voids=tuple(m.voids),
        broken=m.broken,
        scores=tuple(m.scores),
        bags=tuple(m.bags),
        winners=tuple(m.winners),
        moon_shooter=m.moon_shooter,
        records=tuple(public._records),
        stock_size=len(m.stock),
        _public=public,
    )


def _redact(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """A finished hand's record as ``seat`` knows it: every card played, the
    bids and the result, but of the hands only its own and of the passes only
    the ones it made and received (None for the others)."""
    out = dict(record)
    n = len(record["hands"])
    out["hands"] = [h if s == seat else None for s, h in enumerate(record["hands"])]
    if "passes" in record:
        giver = (seat - PASS_OFFSETS[record["pass_direction"]]) % n
        out["passes"] = [p if s in (seat, giver) else None for s, p in enumerate(record["passes"])]
    return out


# ---------------------------------------------------------------- sampling


def _known_holdings(v: SeatView) -> list[int]:
    """Cards known to be in each other seat's hand: the ones this seat passed it."""
    known = [0] * v.players
    if v.pass_target is not None and v.phase != "pass":
        known[v.pass_target] = v.passed & ~v.played
    lead = v._public.lead_card
    if v.phase == "play" and lead >= 0 and v.to_act is not None and v.to_act != v.seat:
        known[v.to_act] |= 1 << lead  # everyone sees who must lead the 2 of clubs
    return known


def can_offer_claim(position: Match | SeatView, seat: int) -> bool:
    """Whether to show ``seat`` a "Claim the rest" button now: its turn in the
    play phase with at least two cards in its hand, so at least two tricks
    to go (the current one counts); with one card left there is nothing to
    save by claiming. ``position`` is the match or the seat's own view.

    This looks at public facts only, never at the other hands, so the button
    gives nothing away and costs nothing to redraw; the proof
    (:func:`game.claim.prove_claim`) runs only when the player claims.

    >>> from game.state import new_match
    >>> m = new_match("hearts", "standard", seed=7)
    >>> while m.phase != "play":
    ...     m.apply(m.legal_actions()[0])
    >>> can_offer_claim(m, m.to_act), can_offer_claim(m.view(m.to_act), m.to_act), can_offer_claim(m, 3 - m.to_act)
    (True, True, False)
    """
    return position.phase == "play" and position.to_act == seat and position.hand_sizes[seat] >= 2


def known_holder(v: SeatView, card: int) -> int | None:
    """The seat that ``v.seat`` knows to hold ``card`` now, or None when it
    cannot know (the card is played, or could be in more than one hand).

    A seat knows its own cards, the cards it passed (until they are played),
    who must lead the 2 of clubs, and the holder of a card of a suit that
    every other seat but one has shown it is void in (when no card is left
    out of the hands, as the two-player draw leaves some).

    >>> from game.state import new_match
    >>> m = new_match("hearts", "standard", seed=7)
    >>> while m.phase != "play":
    ...     m.apply(m.legal_actions()[0])
    >>> v = m.view(0)
    >>> passed = next(iter_cards(v.passed))
    >>> known_holder(v, passed) == v.pass_target, known_holder(v, next(iter_cards(v.hand)))
    (True, 0)
    """
    bit = 1 << card
    if v.looked and v.hand & bit:
        return v.seat
    if v.played & bit:
        return None
    for s, held in enumerate(_known_holdings(v)):
        if held & bit:
            return s
    unseen = cards_in_play(v.rules) & ~v.played & ~v.seen_discards & ~(v.hand if v.looked else 0)
    if v.draw_card is not None:
        unseen &= ~(1 << v.draw_card)
    others = [s for s in range(v.players) if s != v.seat]
    if not v.looked or popcount(unseen) != sum(v.hand_sizes[s] for s in others):
        return None  # some unseen cards are in no hand
    suit = suit_of(card)
    able = [s for s in others if v.hand_sizes[s] and not v.voids[s] >> suit & 1]
    return able[0] if len(able) == 1 else None


def sample_hands(v: SeatView, rng: random.Random) -> list[int]:
    """One deal of the unseen cards consistent with what ``v.seat`` knows:
    hand sizes, voids shown, cards it passed. Its own hand is kept as is.

    Every unseen card goes to a seat that has not shown a void in its suit;
    in two-player Spades the cards left over are the unused ones.
    """
    n = v.players
    me = v.seat
    known = _known_holdings(v)
    need = [v.hand_sizes[s] - popcount(known[s]) for s in range(n)]
    pool = cards_in_play(v.rules) & ~v.played & ~v.seen_discards
    if v.draw_card is not None:
        pool &= ~(1 << v.draw_card)  # on top of the stock, in no hand
    for s in range(n):
        pool &= ~known[s]
    if v.looked:
        pool &= ~v.hand
        need[me] = 0
    cards = list(iter_cards(pool))
    spare = len(cards) - sum(need)  # unused cards (two-player Spades), or 0
    allowed = [~v.voids[s] & 15 for s in range(n)]
    for _ in range(200):
        hands = _greedy(cards, need, allowed, spare, rng)
        if hands is not None:
            break
    else:
        hands = _by_flow(cards, need, allowed, spare, rng)
    for s in range(n):
        hands[s] |= known[s]
    if v.looked:
        hands[me] = v.hand
    return hands


def _greedy(cards: list[int], need: list[int], allowed: list[int], spare: int, rng: random.Random) -> list[int] | None:
    n = len(need)
    left = need.copy()
    spare_left = spare
    hands = [0] * n
    order = cards.copy()
    rng.shuffle(order)
    # Cards of the suits fewest seats may hold go first.
    order.sort(key=lambda c: sum(1 for s in range(n) if allowed[s] >> suit_of(c) & 1))
    for c in order:
        suit = suit_of(c)
        seats = [s for s in range(n) if left[s] and allowed[s] >> suit & 1]
        weights = [left[s] for s in seats]
        if spare_left:
            seats.append(-1)
            weights.append(spare_left)
        if not seats:
            return None
        s = rng.choices(seats, weights)[0]
        if s < 0:
            spare_left -= 1
        else:
            left[s] -= 1
            hands[s] |= 1 << c
    return hands


def _by_flow(cards: list[int], need: list[int], allowed: list[int], spare: int, rng: random.Random) -> list[int]:
    """An exact assignment when random tries keep failing: how many cards of each
    suit each seat gets, by augmenting paths on a tiny suit-to-seat network."""
    n = len(need)
    by_suit: list[list[int]] = [[c for c in cards if suit_of(c) == s] for s in range(4)]
    cap_seat = need + [spare]  # the last "seat" is the unused pile
    ok = [allowed[s] for s in range(n)] + [15]
    flow = [[0] * (n + 1) for _ in range(4)]
    supply = [len(b) for b in by_suit]

    def augment(suit: int, seen: set[int]) -> bool:
        for s in range(n + 1):
            if not ok[s] >> suit & 1 or s in seen:
                continue
            seen.add(s)
            if sum(flow[x][s] for x in range(4)) < cap_seat[s]:
                flow[suit][s] += 1
                return True
            for other in range(4):
                if flow[other][s] and augment(other, seen):
                    flow[other][s] -= 1
                    flow[suit][s] += 1
                    return True
        return False

    for suit in range(4):
        for _ in range(supply[suit]):
            if not augment(suit, set()):
                raise ValueError("No deal is consistent with this view.")
    hands = [0] * n
    for suit in range(4):
        pile = by_suit[suit].copy()
        rng.shuffle(pile)
        for s in range(n):
            for _ in range(flow[suit][s]):
                hands[s] |= 1 << pile.pop()
    return hands


def determinize(v: SeatView, rng: random.Random) -> Match:
    """A full match consistent with the view, for Monte-Carlo search: the public
    state with the hidden hands filled in by :func:`sample_hands`."""
    m = v._public.clone()
    hands = sample_hands(v, rng)
    m.hands = hands
    if v.stock_size:
        # Two-player draw: the stock is made of cards in no hand, with the
        # top card known to the seat that is looking at it.
        rest = cards_in_play(v.rules) & ~v.played & ~v.seen_discards
        for h in hands:
            rest &= ~h
        if v.draw_card is not None:
            rest &= ~(1 << v.draw_card)
        unseen = list(iter_cards(rest))
        rng.shuffle(unseen)
        m.stock = unseen[: v.stock_size - (v.draw_card is not None)]
        if v.draw_card is not None:
            m.stock.append(v.draw_card)
    m.seed = f"sample:{rng.random()}"
    if m.phase == "pass":
        # Seats that already chose their passes: choose for them at random.
        for s in range(m.players):
            if s != v.seat and _has_chosen(m, s):
                cards = list(iter_cards(hands[s]))
                m.pass_chosen[s] = sum(1 << c for c in rng.sample(cards, m.hearts_rules.pass_count))
    return m


def _has_chosen(m: Match, seat: int) -> bool:
    start = (m.dealer + 1) % m.players
    order = [(start + i) % m.players for i in range(m.players)]
    return order.index(seat) < order.index(m.seat_to_act)


__all__ = ["SeatView", "seat_view", "can_offer_claim", "known_holder", "sample_hands", "determinize"]
