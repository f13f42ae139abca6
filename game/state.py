"""The match: one state machine for a whole game of Spades or Hearts.

A match goes through these phases, and at each moment one seat is to act:

- ``cut``: each seat draws a card; the highest rank deals (ties draw again).
- ``deal``: the dealer deals; ``hand_over`` shows a finished hand until the
  next dealer deals again.
- ``draw``: two-player Spades only, the keep-or-discard draw from the stock.
- ``pass``: Hearts, each seat chooses its cards to pass, one at a time.
- ``bid``: Spades, one bid per seat (blind nil before looking).
- ``play``: the tricks.
- ``moon``: Hearts with ``moon: choose``, the shooter picks.
- ``game_over``.

>>> m = Match(preset("hearts", "standard"), seed=7)
>>> m.phase, m.to_act, m.legal_actions()
('cut', 0, [190])
>>> while m.phase in ("cut", "deal"):
...     m.apply(m.legal_actions()[0])
>>> m.phase, m.pass_direction
('pass', 'left')
>>> m.apply("XX")
Traceback (most recent call last):
...
game.errors.IllegalAction: 'XX' is not an action: play a card like QS, bid a number, or say nil.

Randomness comes only from the seed: a match is reproduced by its seed and
its actions.

This module keeps the state (:class:`Match`), its queries and the one
dispatch (:meth:`Match.apply`); each phase's logic is in a module of its own,
as functions of the match installed on it as methods: :mod:`game.opening`
(cut, deal, draw, pass), :mod:`game.bidding` (the Spades auction),
:mod:`game.trick_play` (the legal cards and the tricks), :mod:`game.hand_end`
(points, scores, the hand's record); the phase names are in
:mod:`game.phases`.
"""

from __future__ import annotations

import random
from typing import Any

from . import bidding, hand_end, opening, trick_play
from . import deal as dealing
from .actions import (
    CUT,
    DEAL,
    DISCARD,
    KEEP,
    MOON_OTHERS,
    MOON_SELF,
    is_card,
    parse_action,
)
from .cards import DECK_SIZE, FULL_DECK, QUEEN_SPADES_MASK, SPADES, SUIT_MASKS, trick_winner
from .errors import IllegalAction
from .explain import explain_message
from .explain import render as render_refusal
from .hand_record import hand_record
from .phases import (
    BID_PHASE,
    CUT_PHASE,
    DEAL_PHASE,
    DRAW_PHASE,
    GAME_OVER,
    HAND_OVER,
    HEARTS_ALL,
    MOON_PHASE,
    PASS_PHASE,
    PHASES,
    PLAY_PHASE,
)
from .rules import HeartsRules, Rules, SpadesRules, Switches, hearts_rules_of, preset, rule_switches, spades_rules_of
from .view import SeatView, seat_view

# Importers have long read the phase names from here.
__all__ = [
    "BID_PHASE",
    "CUT_PHASE",
    "DEAL_PHASE",
    "DRAW_PHASE",
    "GAME_OVER",
    "HAND_OVER",
    "MOON_PHASE",
    "PASS_PHASE",
    "PHASES",
    "PLAY_PHASE",
    "Match",
    "new_match",
]


class Match:
    """A whole match, from the cut for the first dealer to the game's end.

    State is plain ints and lists of ints so that :meth:`clone` is cheap.
    Hidden information (every hand, the seed) lives here; players, bots and
    the UI see a match only through :meth:`view`.
    """

    def __init__(self, rules: Rules, seed: int | float | str = 0) -> None:
        self.rules = rules
        self.game: str = rules.game
        self.players: int = rules.players
        self.seed = seed
        self.actions: list[int] = []  # every action applied, in order
        self._hand_log: list[tuple[Any, ...]] = []  # finished hands, raw: see records
        self._records: list[dict[str, Any]] = []  # the same as records, built on demand
        self.scores = [0] * rules.sides
        self.bags = [0] * rules.sides
        self.winners: list[int] = []  # winning sides, once the game is over
        self.phase = CUT_PHASE
        self.to_act: int | None = 0
        self.cut_round = 0
        self.cut_draws: list[tuple[int, int, int]] = []  # (round, seat, card)
        self.cut_pending: list[int] = list(range(self.players))
        # Rule switches read on every card, looked up once (as plain fields:
        # attribute reads are the fast path of a playout).
        self._switches = switches = rule_switches(rules)
        self._breaks_on_lead_only, self._queen_breaks, self._two_decks, self._plain_discards = switches
        hearts_mode = getattr(rules, "hearts_broken", None)
        self._lead_block = HEARTS_ALL if hearts_mode == "lead" else 0  # see _start_play for Spades
        # The cards that break hearts (or trump) when played, and when led:
        # see breaks(). Spades sets them once the trump is known (_start_play).
        if hearts_mode is None:  # Spades: any trump breaks
            self._break_any = self._break_lead = SUIT_MASKS[SPADES]
        else:
            queen = QUEEN_SPADES_MASK if self._queen_breaks else 0
            self._break_any = queen | (0 if self._breaks_on_lead_only else HEARTS_ALL)
            self._break_lead = queen | HEARTS_ALL
        self._tricks_in_hand = dealing.tricks_per_hand(rules)
        self._mask_key: tuple[int, int, int] | None = None  # see legal_actions()
        self._mask = 0
        self.dealer = 0
        self.hand_number = 0
        self.custom_deal = False  # a hand was set up by deal_hands, not by the seed
        self._reset_hand()

    def _reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.dealt = [0] * n
        self.looked = [True] * n
        self.stock: list[int] = []  # two-player Spades draw; the top card is last
        self.seen_discards = [0] * n  # draw: cards a seat saw and threw away
        self.pass_direction = "hold"
        self.pass_chosen = [0] * n
        self.bids: list[int | None] = [None] * n
        self.bid_suits: list[int | None] = [None] * n
        self.trump = SPADES if self.game == "spades" else -1
        self.leader = 0
        self.lead_card = -1  # the card the first trick must be led with, or -1
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.trick_number = 0
        self.trick_size = n
        self.extra = 0  # seats that still play a second card in the first trick
        self.broken = False  # hearts (or trump) may be led / discarded
        self.played = 0
        self._play_start = 0  # where this hand's plays begin in the action log
        self.tricks_won = [0] * n
        self.taken = [0] * n
        self.voids = [0] * n  # bit s: the seat has shown it holds no suit s
        self.last_trick: tuple[list[int], list[int], int] | None = None  # cards, seats, winner
        self.tricks_done: list[tuple[list[int], list[int], int]] = []  # this hand's, as last_trick
        self.moon_shooter: int | None = None

    # ----------------------------------------------------------------- copies

    def clone(self) -> Match:
        """An independent copy, cheap enough for bots to call thousands of times."""
        other = object.__new__(Match)
        d = other.__dict__
        for key, value in self.__dict__.items():
            d[key] = value.copy() if isinstance(value, list) else value
        return other

    def restore(self, snapshot: Match) -> None:
        """Go back to ``snapshot``, an earlier :meth:`clone` of this match (an
        undo): this object becomes that position again, so whoever holds it
        (a table, its autosave) sees the change.

        >>> from game.state import new_match
        >>> m = new_match("hearts", "classic", seed=2)
        >>> before = m.clone()
        >>> m.apply(m.legal_actions()[0])
        >>> m.restore(before)
        >>> m.actions
        []
        """
        if snapshot.rules != self.rules or snapshot.seed != self.seed:
            raise ValueError("That position belongs to another match.")
        if self.actions[: len(snapshot.actions)] != snapshot.actions:
            raise ValueError("That position is not an earlier one of this match.")
        copy = snapshot.clone()
        self.__dict__.clear()
        self.__dict__.update(copy.__dict__)

    # ----------------------------------------------------------------- queries

    @property
    def sides(self) -> int:
        return self.rules.sides

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    @property
    def tricks_in_hand(self) -> int:
        return self._tricks_in_hand

    @property
    def seat_to_act(self) -> int:
        """The seat to act, in every phase but ``game_over`` (where no seat acts)."""
        seat = self.to_act
        if seat is None:
            raise ValueError("No seat is to act: the game is over.")
        return seat

    @property
    def hearts_rules(self) -> HeartsRules:
        """The rules of a Hearts match (the phases that only Hearts has read them)."""
        return hearts_rules_of(self.rules)

    @property
    def spades_rules(self) -> SpadesRules:
        """The rules of a Spades match (the phases that only Spades has read them)."""
        return spades_rules_of(self.rules)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public: every seat sees it)."""
        return tuple(h.bit_count() for h in self.hands)

    # The rules interface: what other modules (the claim search, the
    # refusals, the table) ask of the rules, so that each rule lives here once.

    @property
    def switches(self) -> Switches:
        """The play phase's rule switches for this match's rules.

        >>> new_match("hearts", "classic", hearts_broken="discard").switches.breaks_on_lead_only
        True
        """
        return self._switches

    def trick_winner(self, cards: list[int]) -> int:
        """The index in ``cards`` (a trick, in the order played) of the card
        that takes it under this match's trump.

        >>> from game.cards import parse_card
        >>> new_match("spades").trick_winner([parse_card("AH"), parse_card("2S")])
        1
        """
        return trick_winner(cards, self.trump)

    def breaks(self, card: int, leads: bool) -> bool:
        """Whether playing ``card`` now breaks hearts (or trump, in Spades),
        ``leads`` telling whether it is the first card of its trick. Asked
        only while they are not broken yet.

        >>> from game.cards import parse_card
        >>> m = new_match("hearts", "classic", hearts_broken="discard")
        >>> m.breaks(parse_card("2H"), leads=False), m.breaks(parse_card("2H"), leads=True)
        (False, True)
        """
        bit = 1 << card
        return bool(bit & self._break_any or (leads and bit & self._break_lead))

    def legal_mask(self) -> int:
        """The cards the seat to act may play or pass now, as a mask (0 in other phases)."""
        seat = self.to_act
        if seat is None:
            return 0
        if self.phase == PLAY_PHASE:
            return self.play_mask(seat)
        if self.phase == PASS_PHASE:
            return self._dedupe(self.hands[seat] & ~self.pass_chosen[seat])
        return 0

    def legal_actions(self) -> list[int]:
        """Every action the seat to act may take now."""
        phase = self.phase
        if phase == PLAY_PHASE:
            seat = self.to_act
            assert seat is not None  # a seat acts in every phase but game_over
            mask = self.play_mask(seat)
            # Remembered for apply(), which checks the chosen card against it.
            self._mask_key = (self.hand_number, self.played, self.hands[seat])
            self._mask = mask
            out = []
            while mask:
                low = mask & -mask
                out.append(low.bit_length() - 1)
                mask ^= low
            return out
        if phase == PASS_PHASE:
            mask = self.legal_mask()
            out = []
            while mask:
                low = mask & -mask
                out.append(low.bit_length() - 1)
                mask ^= low
            return out
        if phase == BID_PHASE:
            return self._bid_actions(self.seat_to_act)
        if phase == CUT_PHASE:
            return [CUT]
        if phase in (DEAL_PHASE, HAND_OVER):
            return [DEAL]
        if phase == DRAW_PHASE:
            return [KEEP, DISCARD]
        if phase == MOON_PHASE:
            return [MOON_OTHERS, MOON_SELF]
        return []

    def is_legal(self, action: int) -> bool:
        if is_card(action):
            return bool((self.legal_mask() >> action) & 1)
        return action in self.legal_actions()

    def _dedupe(self, mask: int) -> int:
        # Two identical cards are one choice: keep the first deck's copy.
        return mask & ~((mask & FULL_DECK) << DECK_SIZE) if mask >> DECK_SIZE else mask

    # ----------------------------------------------------------------- apply

    def apply(self, action: int | str | list[object]) -> None:
        """Take ``action`` for the seat to act, or raise :class:`IllegalAction`
        with a sentence that says why; a refused action changes nothing.

        ``action`` is an action int (a card id, ``bid(7)``, ``DEAL`` ...) or a
        JSON form as text or list (``"QS"``, ``"7"``, ``"nil"``, ``[8, "H"]``).
        A plain int is always an action int, never a bid.
        """
        if type(action) is not int:
            action = self._resolve(parse_action(action))
        phase = self.phase
        if phase == PLAY_PHASE and 0 <= action < 104:
            seat = self.to_act
            assert seat is not None
            if self._mask_key == (self.hand_number, self.played, self.hands[seat]):
                mask = self._mask
            else:
                mask = self.play_mask(seat)
            if not (mask >> action) & 1:
                raise self._refusal(action)
            self.actions.append(action)
            self._play(seat, action)
            return
        if not self.is_legal(action):
            raise self._refusal(action)
        self.actions.append(action)
        if phase == CUT_PHASE:
            self._cut()
        elif phase in (DEAL_PHASE, HAND_OVER):
            self._deal()
        elif phase == DRAW_PHASE:
            self._draw(action)
        elif phase == PASS_PHASE:
            self._choose_pass(action)
        elif phase == BID_PHASE:
            self._bid(action)
        elif phase == MOON_PHASE:
            self._finish_hearts(self.moon_shooter, self_minus=action == MOON_SELF)

    def play_out_hand(self, rng: random.Random) -> None:
        """Finish the current hand with uniformly random legal actions.

        The fast path for Monte-Carlo playouts and the benchmark: the same
        legality as :meth:`legal_actions`, without building a list per card.
        Stops at the end of the hand (``hand_over`` or ``game_over``).
        """
        rand = rng.random
        play = self._play
        actions = self.actions
        while True:
            phase = self.phase
            if phase == PLAY_PHASE:
                seat = self.to_act
                assert seat is not None
                mask = self.play_mask(seat)
                for _ in range(int(rand() * mask.bit_count())):
                    mask &= mask - 1  # drop the lowest card: pick the k-th
                c = (mask & -mask).bit_length() - 1
                actions.append(c)
                play(seat, c)
            elif phase in (HAND_OVER, GAME_OVER):
                return
            elif phase == PASS_PHASE:
                mask = self.legal_mask()
                for _ in range(int(rand() * mask.bit_count())):
                    mask &= mask - 1
                c = (mask & -mask).bit_length() - 1
                actions.append(c)
                self._choose_pass(c)
            elif phase == BID_PHASE:
                legal = self._bid_actions(self.seat_to_act)
                action = legal[int(rand() * len(legal))]
                actions.append(action)
                self._bid(action)
            else:
                legal = self.legal_actions()
                self.apply(legal[int(rand() * len(legal))])

    def _resolve(self, action: int) -> int:
        """The copy of a card named by its text that the seat to act can use:
        with two decks, the first deck's copy while it is free."""
        if is_card(action) and self.to_act is not None:
            free = self.hands[self.to_act]
            if self.phase == PASS_PHASE:
                free &= ~self.pass_chosen[self.to_act]
            first = action % DECK_SIZE
            if (free >> first) & 1:
                return first
            if (free >> (first + DECK_SIZE)) & 1:
                return first + DECK_SIZE
        return action

    # ----------------------------------------------------------------- phases
    # Each phase's logic lives in its own module as functions of the match;
    # installed here as methods, they cost what a method defined in the class
    # would (the playout's hot path calls self._play and self.play_mask), and
    # the match stays one object with one dispatch (apply).

    # The opening: the cut, the deal, the draw (two-player Spades), the pass.
    _cut = opening.cut
    _deal = opening.deal_next
    deal_hands = opening.deal_hands
    _install = opening.install
    _draw = opening.draw
    pass_target = opening.pass_target
    _choose_pass = opening.choose_pass
    # The auction (Spades).
    bid_limit = bidding.bid_limit
    blind_nil_allowed = bidding.blind_nil_allowed
    _bid_actions = bidding.bid_actions
    _start_bidding = bidding.start_bidding
    _bid = bidding.take_bid
    # The tricks.
    play_mask = trick_play.play_mask
    _hearts_discards = trick_play.hearts_discards
    _start_play = trick_play.start_play
    _play = trick_play.play_card
    _end_trick = trick_play.end_trick
    # The hand's end.
    _end_hand = hand_end.end_hand
    _finish_hearts = hand_end.finish_hearts
    _finish_spades = hand_end.finish_spades
    _close_hand = hand_end.close_hand

    # ----------------------------------------------------------------- records

    @property
    def plays(self) -> list[int]:
        """The cards played so far in this hand, in order (a slice of the action log)."""
        if self.phase in (CUT_PHASE, DEAL_PHASE, DRAW_PHASE, PASS_PHASE, BID_PHASE):
            return []
        return self.actions[self._play_start : self._play_start + self.played.bit_count()]

    @property
    def records(self) -> list[dict[str, Any]]:
        """The hand-history record (docs/RULES.md format) of every finished hand. Read-only."""
        built = self._records
        while len(built) < len(self._hand_log):
            built.append(hand_record(self.rules, *self._hand_log[len(built)]))
        return built

    # ----------------------------------------------------------------- messages

    def explain(self, action: int) -> str:
        """Why ``action`` is refused now (a full sentence), or "" when it is legal."""
        return render_refusal(explain_message(self, action))

    def _refusal(self, action: int) -> IllegalAction:
        message = explain_message(self, action)
        return IllegalAction(render_refusal(message), message)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: see :class:`game.view.SeatView`."""
        return seat_view(self, seat)


def new_match(game: str, preset_name: str = "classic", *, seed: int | str = 0, **options: Any) -> Match:
    """A new match of ``game`` under a named preset with options changed by keyword.

    >>> new_match("spades", "partnership", seed=1).rules.partnership
    True
    """
    return Match(preset(game, preset_name, **options), seed=seed)
