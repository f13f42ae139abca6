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
"""

from __future__ import annotations

import random
from typing import Any

from . import deal as dealing
from .actions import (
    BLIND_NIL_BID,
    CUT,
    DEAL,
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
    is_card,
    parse_action,
)
from .cards import (
    DECK_SIZE,
    FULL_DECK,
    HEARTS,
    HEARTS_POINT_MASK,
    JACK_DIAMONDS_MASK,
    QUEEN_SPADES_MASK,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    popcount,
    rank_of,
    trick_winner,
)
from .errors import IllegalAction
from .explain import explain_message
from .explain import render as render_refusal
from .hand_record import hand_record
from .rules import PASS_OFFSETS, HeartsRules, Rules, SpadesRules, Switches, preset, rule_switches
from .scoring import (
    hearts_base_points,
    hearts_game_over,
    hearts_moon_self,
    spades_game_over,
    spades_side_score,
)
from .view import SeatView, seat_view

CUT_PHASE, DEAL_PHASE, DRAW_PHASE, PASS_PHASE, BID_PHASE = "cut", "deal", "draw", "pass", "bid"
PLAY_PHASE, MOON_PHASE, HAND_OVER, GAME_OVER = "play", "moon", "hand_over", "game_over"
PHASES = (CUT_PHASE, DEAL_PHASE, DRAW_PHASE, PASS_PHASE, BID_PHASE, PLAY_PHASE, MOON_PHASE, HAND_OVER, GAME_OVER)

HEARTS_ALL = SUIT_MASKS[HEARTS]


class Match:
    """A whole match, from the cut for the first dealer to the game's end.

    State is plain ints and lists of ints so that :meth:`clone` is cheap.
    Hidden information (every hand, the seed) lives here; players, bots and
    the UI see a match only through :meth:`view`.
    """

    def __init__(self, rules: Rules, seed: int | str = 0) -> None:
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
        if self.phase == PLAY_PHASE:
            return self.play_mask(self.to_act)  # type: ignore[arg-type]
        if self.phase == PASS_PHASE:
            return self._dedupe(self.hands[self.to_act] & ~self.pass_chosen[self.to_act])  # type: ignore[index]
        return 0

    def legal_actions(self) -> list[int]:
        """Every action the seat to act may take now."""
        phase = self.phase
        if phase == PLAY_PHASE:
            seat: int = self.to_act  # type: ignore[assignment]
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
            return self._bid_actions(self.to_act)  # type: ignore[arg-type]
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

    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play to the trick on the table now, as a mask
        (of two identical cards, only the first deck's copy). The seat need not
        be the one to act: the claim search asks it of every seat in turn."""
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            legal = hand & SUIT_MASKS[SUIT_OF[trick[0]]]  # follow suit
            if not legal:
                legal = hand if self._plain_discards else self._hearts_discards(hand)
        elif self.lead_card >= 0:
            return 1 << self.lead_card
        elif self.broken:
            legal = hand
        else:
            # Hearts (or trump) may not be led until broken, unless nothing else is held.
            legal = hand & ~self._lead_block or hand
        if self._two_decks:
            legal &= ~((legal & FULL_DECK) << DECK_SIZE)  # two identical cards are one choice
        return legal

    def _hearts_discards(self, hand: int) -> int:
        """The cards a Hearts player void in the led suit may discard."""
        rules: HeartsRules = self.rules  # type: ignore[assignment]
        legal = hand
        if self.trick_number == 0 and rules.no_points_first_trick:
            legal = legal & ~HEARTS_POINT_MASK or legal
        if rules.hearts_broken == "discard" and not self.broken:
            legal = legal & ~HEARTS_ALL or legal
        return legal

    def bid_limit(self, seat: int) -> int:
        """The highest number of tricks this seat may bid now (Spades): every
        trick of the hand, less what the partner's bid leaves.

        >>> m = new_match("spades", "partnership")
        >>> m.bid_limit(0)
        13
        """
        rules: SpadesRules = self.rules  # type: ignore[assignment]
        tricks = self.tricks_in_hand
        if not rules.partnership:
            return tricks
        partner_bid = self.bids[(seat + 2) % 4]
        if partner_bid is None:
            # Leave the partner a legal bid: at least 1 when nil is not allowed.
            return tricks if rules.nil else tricks - 1
        return tricks - max(partner_bid, 0)

    def blind_nil_allowed(self, seat: int) -> bool:
        """Whether this seat may bid blind nil in this hand (rule and score)."""
        rules = self.rules
        if not isinstance(rules, SpadesRules) or not rules.blind_nil or self.players == 2:
            return False
        if rules.blind_nil_behind == 0:
            return True
        side = self.side_of(seat)
        best_other = max(v for s, v in enumerate(self.scores) if s != side)
        return best_other - self.scores[side] >= rules.blind_nil_behind

    def _bid_actions(self, seat: int) -> list[int]:
        if not self.looked[seat]:
            return [BLIND_NIL_BID, LOOK]
        rules: SpadesRules = self.rules  # type: ignore[assignment]
        out = [NIL_BID] if rules.nil else []
        top = self.bid_limit(seat)
        if rules.auction:
            out += [auction_bid(n, s) for n in range(1, top + 1) for s in range(4)]
        else:
            out += range(bid(1), bid(top) + 1)
        return out

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
            seat = self.to_act  # type: ignore[assignment]
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
                seat: int = self.to_act  # type: ignore[assignment]
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
                legal = self._bid_actions(self.to_act)  # type: ignore[arg-type]
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

    def _cut(self) -> None:
        in_round = [d for d in self.cut_draws if d[0] == self.cut_round]
        deck = list(range(DECK_SIZE))
        random.Random(f"{self.seed}:cut:{self.cut_round}").shuffle(deck)
        seat = self.cut_pending[len(in_round)]
        in_round.append((self.cut_round, seat, deck[len(in_round)]))
        self.cut_draws.append(in_round[-1])
        if len(in_round) < len(self.cut_pending):
            self.to_act = self.cut_pending[len(in_round)]
            return
        best = max(rank_of(c) for _, _, c in in_round)
        top = [s for _, s, c in in_round if rank_of(c) == best]
        if len(top) > 1:  # a tie for the highest card: those seats draw again
            self.cut_round += 1
            self.cut_pending = top
            self.to_act = top[0]
            return
        self.dealer = top[0]
        self.phase = DEAL_PHASE
        self.to_act = self.dealer

    def _deal(self) -> None:
        if self.phase == HAND_OVER:
            self.dealer = (self.dealer + 1) % self.players
        self.hand_number += 1
        self._reset_hand()
        n = self.players
        rng = random.Random(f"{self.seed}:hand:{self.hand_number}")
        if self.game == "spades" and n == 2:
            self.stock = dealing.shuffled_deck(self.rules, rng)
            self.phase = DRAW_PHASE
            self.to_act = (self.dealer + 1) % 2
            return
        self._install(dealing.deal(self.rules, self.dealer, rng), None)

    def deal_hands(self, hands: list[int], dealer: int, pass_direction: str | None = None) -> None:
        """Start a hand with these exact cards instead of a shuffled deal, for
        replaying records and setting up positions. In two-player Spades the
        hands are those after the draw. Such a match cannot be saved."""
        self.dealer = dealer
        self.hand_number += 1
        self._reset_hand()
        self.custom_deal = True
        self._install(list(hands), pass_direction)

    def _install(self, hands: list[int], pass_direction: str | None) -> None:
        """Give out the dealt hands and move on to passing, bidding or play."""
        self.hands = hands
        self.dealt = hands.copy()
        if self.game == "spades":
            self._start_bidding()
            return
        rules: HeartsRules = self.rules  # type: ignore[assignment]
        if pass_direction is None:
            cycle = rules.pass_cycle
            pass_direction = cycle[(self.hand_number - 1) % len(cycle)] if rules.pass_count else "hold"
        self.pass_direction = pass_direction
        if pass_direction == "hold":
            self._start_play()
        else:
            self.phase = PASS_PHASE
            self.to_act = (self.dealer + 1) % self.players

    def _draw(self, action: int) -> None:
        seat: int = self.to_act  # type: ignore[assignment]
        top = self.stock.pop()
        if action == KEEP:
            self.hands[seat] |= 1 << top
            self.stock.pop()  # thrown away unseen
        else:
            self.seen_discards[seat] |= 1 << top
            self.hands[seat] |= 1 << self.stock.pop()
        self.to_act = 1 - seat
        if not self.stock:
            self.dealt = self.hands.copy()
            self._start_bidding()

    def pass_target(self, seat: int) -> int:
        """The seat that receives this seat's passed cards in this hand."""
        return (seat + PASS_OFFSETS[self.pass_direction]) % self.players

    def _choose_pass(self, c: int) -> None:
        seat: int = self.to_act  # type: ignore[assignment]
        self.pass_chosen[seat] |= 1 << c
        if popcount(self.pass_chosen[seat]) < self.rules.pass_count:  # type: ignore[union-attr]
            return
        n = self.players
        nxt = (seat + 1) % n
        if nxt != (self.dealer + 1) % n:
            self.to_act = nxt
            return
        kept = [self.hands[s] & ~self.pass_chosen[s] for s in range(n)]
        for s in range(n):
            kept[self.pass_target(s)] |= self.pass_chosen[s]
        self.hands = kept
        self._start_play()

    def _start_bidding(self) -> None:
        self.phase = BID_PHASE
        if self.rules.blind_nil:  # type: ignore[union-attr]
            self.looked = [not self.blind_nil_allowed(s) for s in range(self.players)]
        self.to_act = (self.dealer + 1) % self.players

    def _bid(self, action: int) -> None:
        seat: int = self.to_act  # type: ignore[assignment]
        if action == LOOK:
            self.looked[seat] = True
            return
        self.bids[seat] = bid_value(action)
        self.bid_suits[seat] = auction_suit(action)
        self.looked[seat] = True  # a blind nil bidder picks up its cards once it has bid
        nxt = (seat + 1) % self.players
        if nxt != (self.dealer + 1) % self.players:
            self.to_act = nxt
            return
        if self.rules.auction:  # type: ignore[union-attr]
            best = None
            for i in range(self.players):
                s = (self.dealer + 1 + i) % self.players
                b = self.bids[s]
                if self.bid_suits[s] is not None and (best is None or b > self.bids[best]):  # type: ignore[operator]
                    best = s
            if best is not None:
                self.trump = self.bid_suits[best]  # type: ignore[assignment]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY_PHASE
        self._play_start = len(self.actions)
        if self.game == "spades":
            self._lead_block = self._break_any = self._break_lead = SUIT_MASKS[self.trump]  # any trump breaks
        n = self.players
        self.leader = (self.dealer + 1) % n
        sizes = [popcount(h) for h in self.hands]
        low = min(sizes)
        self.extra = sum(1 << s for s in range(n) if sizes[s] > low)
        self.trick_size = n + popcount(self.extra)
        two_clubs = self.game == "hearts" or self.rules.first_lead == "two_of_clubs"  # type: ignore[union-attr]
        if two_clubs:
            holder = dealing.lowest_club_holder(self.hands, self.dealer)
            if holder is not None:
                self.leader, self.lead_card = holder
        self.to_act = self.leader

    def _play(self, seat: int, c: int) -> None:
        bit = 1 << c
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        suit = SUIT_OF[c]
        if trick:
            led = SUIT_OF[trick[0]]
            if suit != led:
                self.voids[seat] |= 1 << led
        trick.append(c)
        self.trick_seats.append(seat)
        self.lead_card = -1
        # breaks(), inline: this runs for every card of every playout.
        if not self.broken and (bit & self._break_any or (bit & self._break_lead and len(trick) == 1)):
            self.broken = True
        if len(trick) < self.trick_size:
            if self.extra and self.extra >> seat & 1 and self.trick_number == 0:
                self.extra ^= 1 << seat  # its second card comes straight after
            else:
                self.to_act = (seat + 1) % self.players
            return
        self._end_trick()

    def _end_trick(self) -> None:
        trick = self.trick
        winner = self.trick_seats[trick_winner(trick, self.trump)]
        self.tricks_won[winner] += 1
        won = 0
        for c in trick:
            won |= 1 << c
        self.taken[winner] |= won
        self.last_trick = (trick, self.trick_seats, winner)  # never changed again: no copy
        self.trick = []
        self.trick_seats = []
        self.trick_number += 1
        self.trick_size = self.players
        self.leader = self.to_act = winner
        if not any(self.hands):
            self._end_hand()

    # ----------------------------------------------------------------- scoring

    def _end_hand(self) -> None:
        if self.game == "spades":
            self._finish_spades()
            return
        raw = [popcount(t & HEARTS_ALL) + 13 * popcount(t & QUEEN_SPADES_MASK) for t in self.taken]
        _, shooter = hearts_base_points(self.rules, raw)  # type: ignore[arg-type]
        if shooter is not None and self.rules.moon == "choose":  # type: ignore[union-attr]
            self.moon_shooter = shooter
            self.phase = MOON_PHASE
            self.to_act = shooter
            return
        self._finish_hearts(shooter, self_minus=False)

    def _finish_hearts(self, shooter: int | None, self_minus: bool) -> None:
        rules: HeartsRules = self.rules  # type: ignore[assignment]
        raw = [popcount(t & HEARTS_ALL) + 13 * popcount(t & QUEEN_SPADES_MASK) for t in self.taken]
        points, _ = hearts_base_points(rules, raw)
        if shooter is not None and self_minus:
            points = hearts_moon_self(rules, self.players, shooter)
        if rules.jack_of_diamonds:
            points = [p - 10 * popcount(t & JACK_DIAMONDS_MASK) for p, t in zip(points, self.taken)]
        extra = {}
        if shooter is not None and rules.moon == "choose":
            extra["moon_choice"] = "self_minus_26" if self_minus else "others_26"
        result = {"tricks": self.tricks_won.copy(), "points": points}
        for s in range(self.players):
            self.scores[s] += points[s]
        over, winners = hearts_game_over(self.scores, rules.target)
        self._close_hand(result, extra, over, winners)

    def _finish_spades(self) -> None:
        rules: SpadesRules = self.rules  # type: ignore[assignment]
        extra = {"scores_before": self.scores.copy(), "bags_before": self.bags.copy()}
        side_points = []
        for side in range(self.sides):
            seats = [s for s in range(self.players) if self.side_of(s) == side]
            score = spades_side_score(
                rules,
                [self.bids[s] for s in seats],  # type: ignore[misc]
                [self.tricks_won[s] for s in seats],
                self.bags[side],
                self.tricks_in_hand,
            )
            side_points.append(score.points)
            self.scores[side] += score.points
            self.bags[side] = score.bags
        result: dict[str, Any] = {
            "tricks": self.tricks_won.copy(),
            "points": [side_points[self.side_of(s)] for s in range(self.players)],
        }
        if rules.partnership:
            result["side_points"] = side_points
            result["bags"] = self.bags.copy()
        over, winners = spades_game_over(self.scores, rules.target, rules.mercy)
        self._close_hand(result, extra, over, winners)

    def _close_hand(self, result: dict[str, Any], extra: dict[str, Any], over: bool, winners: list[int]) -> None:
        # The record's text form is built only when someone reads it.
        self._hand_log.append(
            (
                self.dealer,
                self.dealt,
                self.pass_direction,
                self.pass_chosen,
                self.bids,
                self.bid_suits,
                self.plays,
                result,
                extra,
            )
        )
        if over:
            self.phase = GAME_OVER
            self.to_act = None
            self.winners = winners
        else:
            self.phase = HAND_OVER
            self.to_act = (self.dealer + 1) % self.players

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
