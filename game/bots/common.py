"""What a bot knows at a decision, and the card arithmetic every bot shares.

A bot reads one seat's knowledge as a :class:`Know`: built from a
:class:`game.view.SeatView` (the live game) or, inside a Monte-Carlo
playout, from a determinized match for the seat to act, reading only what
that seat's view would show (its own hand and the public table).

Cards are the engine's ints (``suit * 13 + rank``, the second deck 52 up);
sets of cards are masks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import DECK_SIZE, FULL_DECK, SUIT_MASKS
from ..deal import cards_in_play
from ..rules import HeartsRules, Rules, SpadesRules, hearts_rules_of, spades_rules_of

if TYPE_CHECKING:
    from ..state import Match
    from ..view import SeatView

SUIT_OF = tuple((c % DECK_SIZE) // 13 for c in range(2 * DECK_SIZE))
RANK_OF = tuple(c % 13 for c in range(2 * DECK_SIZE))
SUIT_ONLY = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))  # one deck
_IN_PLAY: dict[int, tuple[Rules, int]] = {}
_OTHERS = {n: [[(seat + i) % n for i in range(1, n)] for seat in range(n)] for n in range(2, 9)}


def in_play(rules: Rules) -> int:
    """The cards of the rule set's deck, cached per rule set object."""
    hit = _IN_PLAY.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = _IN_PLAY[id(rules)] = (rules, cards_in_play(rules))
    return hit[1]


def fold(mask: int) -> int:
    """A one-deck mask of the ranks present (both copies of a card fold onto one)."""
    return (mask | (mask >> DECK_SIZE)) & FULL_DECK if mask >> DECK_SIZE else mask


def cards_of(mask: int) -> list[int]:
    """Cards of a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


count = int.bit_count  # cards in a mask


class Know:
    """One seat's knowledge at a decision (see the module docstring).

    Both constructors fill the same fields with the same values for the
    same position (tests/bots/test_know.py): a sequence may be a list in
    one and a tuple in the other.
    """

    seat: int
    game: str
    rules: Rules
    players: int
    phase: str
    hand: int  # 0 while a blind-nil seat has not looked
    legal: list[int]  # this seat's legal actions, when it is to act
    trick: list[tuple[int, int]]  # (seat, card) in the order played
    trick_number: int
    played: int
    voids: Sequence[int]  # bit s set: the seat has shown it holds no suit s
    taken: Sequence[int]
    tricks_won: Sequence[int]
    bids: Sequence[int | None]
    bid_suits: Sequence[int | None]
    scores: Sequence[int]  # by side
    bags: Sequence[int]  # by side
    dealer: int
    hand_number: int
    pass_direction: str
    pass_target: int | None
    passed: int  # the cards this seat passed (0 when unknown: see from_match)
    broken: bool
    trump: int  # -1 in Hearts
    hand_sizes: Sequence[int]
    looked: bool
    draw_card: int | None  # two-player Spades: the stock's top, seen by the seat to act
    seen_discards: int  # two-player Spades: the cards this seat saw and threw away
    unseen: int  # the cards in play this seat has not seen
    known: list[int]  # per seat, the cards this seat knows it holds (ones it passed)
    last_lead: tuple[int, int] | None  # (seat, card) that led the last trick

    __slots__ = (
        "seat",
        "game",
        "rules",
        "players",
        "phase",
        "hand",
        "legal",
        "trick",
        "trick_number",
        "played",
        "voids",
        "taken",
        "tricks_won",
        "bids",
        "bid_suits",
        "scores",
        "bags",
        "dealer",
        "hand_number",
        "pass_direction",
        "pass_target",
        "passed",
        "broken",
        "trump",
        "hand_sizes",
        "looked",
        "draw_card",
        "seen_discards",
        "unseen",
        "known",
        "last_lead",
    )

    @classmethod
    def from_view(cls, v: SeatView) -> Know:
        k = object.__new__(cls)
        k.seat = v.seat
        k.game = v.game
        k.rules = v.rules
        k.players = v.players
        k.phase = v.phase
        k.hand = v.hand
        k.legal = list(v.legal)
        k.trick = list(v.trick)
        k.trick_number = v.trick_number
        k.played = v.played
        k.voids = v.voids
        k.taken = v.taken
        k.tricks_won = v.tricks_won
        k.bids = v.bids
        k.bid_suits = v.bid_suits
        k.scores = v.scores
        k.bags = v.bags
        k.dealer = v.dealer
        k.hand_number = v.hand_number
        k.pass_direction = v.pass_direction
        k.pass_target = v.pass_target
        k.passed = v.passed
        k.broken = v.broken
        k.trump = v.trump
        k.hand_sizes = v.hand_sizes
        k.looked = v.looked
        k.draw_card = v.draw_card
        k.seen_discards = v.seen_discards
        k.last_lead = v.last_trick[0][0] if v.last_trick else None
        k._finish()
        return k

    @classmethod
    def from_match(cls, m: Match, seat: int, passed: int | None = None) -> Know:
        """The knowledge of ``seat`` in a (determinized) match: its own hand and
        the public table only. ``passed`` is what the seat passed (by default
        what the match holds: a determinized match holds only the viewer's)."""
        k = object.__new__(cls)
        k.seat = seat
        k.game = m.game
        k.rules = m.rules
        k.players = m.players
        k.phase = m.phase
        k.hand = m.hands[seat] if m.looked[seat] else 0
        if m.to_act != seat:
            k.legal = []
        elif m.phase == "play":
            k.legal = cards_of(m.legal_mask())
        else:
            k.legal = m.legal_actions()
        k.trick = list(zip(m.trick_seats, m.trick))
        k.trick_number = m.trick_number
        k.played = m.played
        k.voids = m.voids
        k.taken = m.taken
        k.tricks_won = m.tricks_won
        k.bids = m.bids
        k.bid_suits = m.bid_suits
        k.scores = m.scores
        k.bags = m.bags
        k.dealer = m.dealer
        k.hand_number = m.hand_number
        k.pass_direction = m.pass_direction
        k.pass_target = m.pass_target(seat) if m.pass_direction != "hold" else None
        k.passed = m.pass_chosen[seat] if passed is None else passed
        k.broken = m.broken
        k.trump = m.trump
        k.hand_sizes = [h.bit_count() for h in m.hands]
        k.looked = m.looked[seat]
        k.draw_card = m.stock[-1] if m.phase == "draw" and m.to_act == seat and m.stock else None
        k.seen_discards = m.seen_discards[seat]
        k.last_lead = (m.last_trick[1][0], m.last_trick[0][0]) if m.last_trick else None
        k._finish()
        return k

    def _finish(self) -> None:
        self.unseen = in_play(self.rules) & ~self.played & ~self.hand & ~self.seen_discards
        # Cards this seat passed and knows where they are (until played).
        known = [0] * self.players
        if self.pass_target is not None and self.phase != "pass" and self.passed:
            known[self.pass_target] = self.passed & ~self.played
        self.known = known

    @property
    def spades_rules(self) -> SpadesRules:
        """The rules of a Spades game (what only a Spades bot reads)."""
        return spades_rules_of(self.rules)

    @property
    def hearts_rules(self) -> HeartsRules:
        """The rules of a Hearts game (what only a Hearts bot reads)."""
        return hearts_rules_of(self.rules)

    # ------------------------------------------------------------ the trick

    @property
    def n(self) -> int:
        return self.players

    def led_suit(self) -> int:
        return SUIT_OF[self.trick[0][1]] if self.trick else -1

    def trick_winner(self) -> tuple[int, int]:
        """(seat, card) winning the current trick so far; (-1, -1) when it is empty."""
        if not self.trick:
            return -1, -1
        trump = self.trump
        seat, best = self.trick[0]
        bs = SUIT_OF[best]
        br = RANK_OF[best]
        for s, c in self.trick[1:]:
            cs = SUIT_OF[c]
            if cs == bs:
                if RANK_OF[c] > br:
                    seat, best, br = s, c, RANK_OF[c]
            elif cs == trump:
                seat, best, bs, br = s, c, cs, RANK_OF[c]
        return seat, best

    def beats(self, c: int, best: int) -> bool:
        """Whether card ``c`` played now would beat the trick's winning card ``best``."""
        if best < 0:
            return True
        cs, bs = SUIT_OF[c], SUIT_OF[best]
        if cs == bs:
            return RANK_OF[c] > RANK_OF[best]
        return cs == self.trump

    def later_seats(self) -> list[int]:
        """Seats still to play in this trick after this seat (not counting a
        second card of its own in a ``double_first`` first trick)."""
        n = self.players
        leader = self.trick[0][0] if self.trick else self.seat
        out = []
        s = (self.seat + 1) % n
        while s != leader:
            out.append(s)
            s = (s + 1) % n
        return out

    def others(self) -> list[int]:
        """The other seats, clockwise from this seat's left."""
        return _OTHERS[self.players][self.seat]

    def can_hold(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may still hold a card of ``suit`` (no void shown, cards left)."""
        if self.known[seat] & SUIT_MASKS[suit]:
            return True
        return not (self.voids[seat] >> suit) & 1 and self.hand_sizes[seat] > 0 and bool(self.unseen & SUIT_MASKS[suit])

    def p_beaten(self, c: int, seats: list[int]) -> float:
        """A rough chance that one of ``seats`` (still to play) beats card ``c``
        once it wins the trick: a higher card of its suit, or a trump on a void."""
        if not seats:
            return 0.0
        suit = SUIT_OF[c]
        trump = self.trump
        higher = 0
        for h in cards_of(self.unseen & SUIT_MASKS[suit]):
            if RANK_OF[h] > RANK_OF[c]:
                higher += 1
        share = self._share(seats, suit)
        p_keep = (1.0 - share) ** higher if higher else 1.0
        if trump >= 0 and suit != trump:
            for s in seats:
                if not self.can_hold(s, suit) and self.can_hold(s, trump):
                    p_keep *= 0.35
                elif self.can_hold(s, trump) and self.hand_sizes[s] and self._suit_left(suit) <= 2:
                    p_keep *= 0.8
        return 1.0 - p_keep

    def _suit_left(self, suit: int) -> int:
        return count(self.unseen & SUIT_MASKS[suit])

    def _share(self, seats: list[int], suit: int) -> float:
        """The share of the unseen cards of ``suit`` that ``seats`` hold, roughly."""
        mine = 0
        total = 0
        for s in self.others():
            if (self.voids[s] >> suit) & 1:
                continue
            size = self.hand_sizes[s]
            total += size
            if s in seats:
                mine += size
        if total <= 0:
            return 0.0
        if self.game == "spades" and self.players == 2:
            # Half of the unseen cards are out of play.
            return 0.5 * mine / total
        return mine / total

    # ------------------------------------------------------------ bits

    def legal_cards(self) -> list[int]:
        return [a for a in self.legal if a < 104]

    def partner(self) -> int | None:
        if self.game == "spades" and getattr(self.rules, "partnership", False):
            return (self.seat + 2) % 4
        return None

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def tricks_left(self) -> int:
        """Tricks still to be played in this hand, the current one included
        (counted on this seat's cards, while it has not played to the trick)."""
        return count(self.hand)
