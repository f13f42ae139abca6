"""The search that proves or refutes a claim of the rest (see :mod:`game.claim`).

The proof is an AND-OR search over the remaining plays, through the match's
own rule for legal cards: at a seat of the claiming side one good card is
enough, at any other seat every legal card must still lose every trick. What
keeps it fast:

- one card stands for each run of equivalent cards in a hand (adjacent in
  rank with no live card of another seat between);
- a seat that cannot take the trick plays the lowest of its cards of a suit
  (keeping the higher one is never worse for it);
- a memo on the position; in Spades positions that differ only by which of
  equivalent cards went earlier share an entry;
- the search looks one trick ahead, then two, and so on, so that a claim
  that loses a trick soon is refuted without searching the whole hand;
- quick tests between tricks: another seat holds the highest trump; some
  other seat's trumps cannot each meet a higher trump of the claiming side;
  a lone claimer's low card must meet a higher card kept for it; or every
  card of the leader is the highest left of its suit (and trumps can be
  drawn first), which settles the claim at once.

:class:`Prover` answers with a key of :data:`game.claim.MESSAGES` and its
parameters; :mod:`game.claim` turns them into the claim's sentence.

>>> from game.state import Match
>>> from game.rules import preset
>>> from game.cards import parse_mask
>>> m = Match(preset("spades", "classic"), seed=0)
>>> m.deal_hands([parse_mask("KS QS JS"), parse_mask("AS KH QH"),
...               parse_mask("AD KD QD"), parse_mask("AC KC QC")], dealer=3)
>>> for b in ("3", "1", "1", "1"):
...     m.apply(b)
>>> p = Prover(m, 0)
>>> p.prove(), p.refutation()
(False, ('can_win', {'seat': 1, 'card': 51}))
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import TYPE_CHECKING, overload

from .cards import (
    DECK_SIZE,
    FULL_DECK,
    QUEEN_SPADES_MASK,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .messages import Message
    from .state import Match

# Positions searched: a position's key (Prover._key) -> the depth it was
# proven to, or -1 when refuted.
Memo = dict[tuple[object, ...], int]

FULL = 1 << 30  # a search depth beyond any hand: to the end


@lru_cache(maxsize=8)
def _strength(trump: int) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """For each led suit, each card's strength in the trick (trumps above the
    led suit above the rest, by rank within each); and an order for leads."""
    power = [
        tuple(RANK_OF[c] + (32 if SUIT_OF[c] == trump else 16 if SUIT_OF[c] == led else 0) for c in range(104))
        for led in range(4)
    ]
    return power, tuple(RANK_OF[c] + (16 if SUIT_OF[c] == trump else 0) for c in range(104))


class _OutOfTime(Exception):
    """A time-limited ``Prover.prove`` used its time."""


def _squeeze(live: int, hand: int) -> int:
    """The bits of ``hand`` at the places of ``live``'s bits, packed from bit 0."""
    out = 0
    i = 0
    while live:
        low = live & -live
        if hand & low:
            out |= 1 << i
        i += 1
        live ^= low
    return out


def _tricks_left(m: Match) -> int:
    """The tricks left in the hand, the current one included."""
    return max(h.bit_count() for h in m.hands)


def _cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _fold(mask: int) -> int:
    """Both decks folded onto the first: which card faces are present."""
    return (mask | (mask >> DECK_SIZE)) & FULL_DECK


class Prover:
    """The AND-OR search for ``seat``'s side, on a private copy of the match
    whose play state (hands, trick, lead card, broken, trick number, seat to
    act) it changes and restores. Every rule comes from the match's rules
    interface: the legal cards (``Match.play_mask``), the trick's winner
    (``Match.trick_winner``), the breaking of hearts or trump
    (``Match.breaks``) and the rule switches (``Match.switches``); only the
    bookkeeping of a trick (who plays next, a trick's end) is the search's
    own, to take a card back. ``memo`` may be shared by provers of the same
    claim from later positions of the same hand.
    """

    def __init__(self, match: Match, seat: int, memo: Memo | None = None) -> None:
        w = match.clone()  # lists copied: the search changes them in place
        self.w = w
        self.n = w.players
        side = w.side_of(seat)
        self.seat = seat
        self.ours = tuple(w.side_of(s) == side for s in range(self.n))
        self.trump = w.trump
        self.trump_mask = SUIT_MASKS[w.trump] if w.trump >= 0 else 0
        self.hearts = w.game == "hearts"
        self.power, self.lead_order = _strength(w.trump)
        self.memo: Memo = {} if memo is None else memo
        self.groups: dict[tuple[int, int, int], list[int]] = {}
        self.solo = sum(self.ours) == 1
        self.switches = w.switches
        self.winner = w.trick_winner  # the index of the card that takes a trick
        self.compact = not self.hearts and not self.switches.two_decks  # see _key
        self.squeeze: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.history: dict[int, int] = {}  # card -> how often it refuted the claim (move ordering)
        self.depth = 1  # prove(): the next depth to search (kept when out of time)
        self.failed_at = FULL  # the depth at which prove() found the claim wrong
        self.deadline: float | None = None  # prove(seconds): stop searching at this time
        self.settled = 0  # positions settled in this call of prove()
        self._start = (list(w.hands), list(w.trick), list(w.trick_seats), w.to_act, w.broken, w.lead_card, w.extra,
                       w.trick_number, w.trick_size)  # fmt: skip

    def _restore(self) -> None:
        """Put the position back as it was at the start (after an interrupted search)."""
        w = self.w
        start = self._start
        w.hands[:] = start[0]
        w.trick, w.trick_seats = list(start[1]), list(start[2])
        w.to_act, w.broken, w.lead_card, w.extra, w.trick_number, w.trick_size = start[3:]

    # ------------------------------------------------------------ the search

    @overload
    def prove(self) -> bool: ...
    @overload
    def prove(self, seconds: float) -> bool | None: ...

    def prove(self, seconds: float | None = None) -> bool | None:
        """Whether the claiming side takes every remaining trick from here.

        The search looks one trick ahead, then two, and so on to the end of
        the hand: most wrong claims lose a trick soon, and a short search
        finds that without exploring the whole hand.

        With ``seconds``, stop after searching about that long and return
        None; the next call goes on from there (what was proven is kept)."""
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.settled = 0
        try:
            while self.depth <= _tricks_left(self.w):
                if not self.win(self.depth):
                    self.failed_at = self.depth
                    return False
                self.depth += 1
        except _OutOfTime:
            self._restore()
            return None
        finally:
            self.deadline = None
        return True

    def win(self, depth: int = FULL) -> bool:
        """Whether the claiming side takes each of the next ``depth`` tricks
        (the current one counts) whatever the others play.

        The memo keeps, for each position, -1 when the others can take a
        trick from it (true at every depth), else the largest depth proven."""
        key = self._key()
        known = self.memo.get(key, 0)
        if known < 0:
            return False
        if known >= depth:
            return True
        # A step stops on time, but only once it has settled some position,
        # so that every step makes progress.
        if self.deadline is not None and self.settled and time.perf_counter() > self.deadline:
            raise _OutOfTime
        value = self._search(depth)
        self.memo[key] = depth if value else -1
        self.settled += 1
        return value

    def _key(self) -> tuple[object, ...]:
        """The position as a memo key. Between tricks, with one deck and no
        card that counts apart from its rank (Spades), only the order of the
        cards still live matters, not their ranks: each suit's live cards
        are renumbered from 0 upwards, so positions that differ only by which
        of two equivalent cards went earlier share one entry."""
        w = self.w
        hands = w.hands
        rest = (tuple(w.trick_seats), w.to_act, w.broken, w.lead_card, w.extra, w.trick_number == 0)
        if not self.compact or w.trick:
            # Within a trick the plain key: positions that repeat in another
            # order are mostly between tricks, and this one is cheaper.
            return (tuple(hands), tuple(w.trick), *rest)
        live = 0
        for h in hands:
            live |= h
        squeeze = self.squeeze
        parts = []
        for shift in (0, 13, 26, 39):
            k = (live >> shift) & 0x1FFF, *[(h >> shift) & 0x1FFF for h in hands]
            v = squeeze.get(k)
            if v is None:
                v = squeeze[k] = tuple(_squeeze(k[0], h) for h in k[1:])
            parts.append(v)
        return ("between tricks", *parts, *rest)

    def _search(self, depth: int) -> bool:
        w = self.w
        seat = w.to_act
        assert seat is not None  # the play phase: a seat acts
        if not w.trick:
            if not any(w.hands):
                return True
            if self._top_trump_against() or self._short_of_trumps() or self._solo_must_lose():
                return False
            if self.ours[seat] and self._sure_winners(seat) is not None:
                return True
        ours = self.ours[seat]
        cards = self._candidates(seat)
        if not ours and len(cards) > 2:
            # The replies that refuted the claim elsewhere are tried first.
            history = self.history
            cards.sort(key=lambda c: -history.get(c, 0))
        for c in cards:
            if self._try(seat, c, depth) == ours:
                if not ours:
                    self.history[c] = self.history.get(c, 0) + depth
                return ours
        return not ours

    def _try(self, seat: int, c: int, depth: int = FULL) -> bool:
        """Play ``c`` for ``seat``, search on, and take it back."""
        w = self.w
        n = self.n
        bit = 1 << c
        hands = w.hands
        trick = w.trick
        lead_card, broken, extra, to_act = w.lead_card, w.broken, w.extra, w.to_act
        hands[seat] ^= bit
        trick.append(c)
        w.trick_seats.append(seat)
        w.lead_card = -1
        if not broken and w.breaks(c, len(trick) == 1):
            w.broken = True
        if len(trick) < w.trick_size:
            if extra and extra >> seat & 1 and w.trick_number == 0:
                w.extra = extra ^ (1 << seat)
            else:
                w.to_act = (seat + 1) % n
            result = self.win(depth)
        else:
            winner = w.trick_seats[self.winner(trick)]
            if not self.ours[winner]:
                result = False
            elif depth == 1:
                result = True  # the horizon of this search
            else:
                seats, size = w.trick_seats, w.trick_size
                w.trick, w.trick_seats = [], []
                w.trick_number += 1
                w.trick_size = n
                w.to_act = winner
                result = self.win(depth - 1)
                w.trick_number -= 1
                w.trick, w.trick_seats, w.trick_size = trick, seats, size
        trick.pop()
        w.trick_seats.pop()
        hands[seat] ^= bit
        w.lead_card, w.broken, w.extra, w.to_act = lead_card, broken, extra, to_act
        return result

    def choose(self) -> int | None:
        """A card for the claiming side's seat to act that keeps every trick, or None."""
        w = self.w
        seat = w.seat_to_act
        if not w.trick:
            sure = self._sure_winners(seat)
            if sure is not None:
                return sure
        depth = _tricks_left(w)
        for c in self._candidates(seat):
            if self._try(seat, c, depth):
                return c
        return None

    # ------------------------------------------------------------ candidates

    def _candidates(self, seat: int) -> list[int]:
        """One card of each group of equivalent legal cards, likeliest first
        (for the claiming side the cards that keep the trick, for the others
        the cards that take it)."""
        w = self.w
        legal = w.play_mask(seat)
        hand = w.hands[seat]
        live = 0
        for h in w.hands:
            live |= h
        for c in w.trick:
            live |= 1 << c
        cards: list[int] = []
        groups = self.groups
        for s in range(4):
            sm = SUIT_MASKS[s]
            lg = legal & sm
            if lg:
                key = (lg, hand & sm, live & sm)
                reps = groups.get(key)
                if reps is None:
                    reps = groups[key] = self._suit_groups(s, lg, hand & sm, live & sm)
                cards.extend(reps)
        if len(cards) < 2:
            return cards
        trick = w.trick
        if not trick:
            # Leads: trumps and high cards first.
            cards.sort(key=self.lead_order.__getitem__, reverse=True)
            return cards
        b = self.winner(trick)
        led = SUIT_OF[trick[0]]
        power = self.power[led].__getitem__  # a card beats the trick's best exactly when its power is higher
        top = power(trick[b])

        if not w.extra:
            # Of the cards of one suit that cannot take the trick, playing the
            # lowest is never worse for the seat: keeping a higher card of the
            # same suit instead of a lower one can only help its side later,
            # and neither card changes who takes this trick. (In Hearts the
            # Queen of spades is kept apart: it breaks hearts and scores.) For
            # the claiming side with a partner, a higher card could change
            # which of the two takes a later trick and leads next, so only
            # cards with none of the partner's cards between them count as one.
            between = 0
            if self.ours[seat] and not self.solo:
                for s, h in enumerate(w.hands):
                    if s != seat and self.ours[s]:
                        between |= _fold(h)
            last = [-1] * 5
            kept = []
            for c in cards:  # each suit's cards come lowest first
                if power(c) > top:
                    kept.append(c)
                    continue
                k = 4 if self.hearts and (1 << c) & QUEEN_SPADES_MASK else SUIT_OF[c]
                prev = last[k]
                face = c % DECK_SIZE
                if prev < 0 or between >> prev & ((2 << (face - prev)) - 1):
                    last[k] = face
                    kept.append(c)
            cards = kept
        if self.ours[seat]:
            if self.ours[w.trick_seats[b]]:
                cards.sort(key=power)  # the side holds the trick: play low
            else:
                cards.sort(key=lambda c: (power(c) <= top, power(c)))  # the cheapest card that takes it
        else:
            taking = sorted((c for c in cards if power(c) > top), key=power, reverse=True)
            ducking = sorted((c for c in cards if power(c) <= top), key=power)
            later = self._later_ours(seat)
            if not later:
                return taking + ducking  # nobody of the claiming side plays after it
            for c in taking:
                if not any(self._can_beat(r, c, led) for r in later):
                    return [c]  # takes the trick for sure: nothing else to try
            # The claiming side can still overtake: keep the high cards first.
            cards = ducking + taking
        return cards

    def _later_ours(self, seat: int) -> list[int]:
        """The claiming side's seats still to play in this trick after ``seat``."""
        w = self.w
        after = w.trick_size - len(w.trick) - 1
        if w.extra:  # a seat that plays twice: take every seat of the side
            return [r for r in range(self.n) if self.ours[r]] if after else []
        return [r for r in ((seat + i) % self.n for i in range(1, after + 1)) if self.ours[r]]

    def _can_beat(self, r: int, c: int, led: int) -> bool:
        """Whether seat ``r`` may hold a card that beats ``c`` in a trick led in ``led``."""
        hand = self.w.hands[r]
        follow = hand & SUIT_MASKS[led]
        if follow:
            return SUIT_OF[c] == led and _fold(follow).bit_length() - 1 > c % DECK_SIZE
        trumps = hand & self.trump_mask
        if not trumps:
            return False
        return SUIT_OF[c] != self.trump or _fold(trumps).bit_length() - 1 > c % DECK_SIZE

    def _suit_groups(self, s: int, legal: int, hand: int, live: int) -> list[int]:
        """One legal card of each run of ``hand``'s cards in suit ``s`` with no
        live card of another seat (or in the trick) between them: such cards
        win and lose the same tricks. Two-deck copies held elsewhere split a
        run; in Hearts the Queen of spades stands alone (it scores and breaks)."""
        out = []
        in_run = False
        lone_queen = self.hearts
        for r in range(13):
            b = (1 << (13 * s + r)) | (1 << (13 * s + r + DECK_SIZE))
            if not live & b:
                continue
            own = hand & b
            mine = legal & b
            if live & ~hand & b or (lone_queen and b & QUEEN_SPADES_MASK):
                in_run = False
                if mine:
                    out.append((mine & -mine).bit_length() - 1)
                continue
            if not in_run and own and mine:
                out.append((mine & -mine).bit_length() - 1)
                in_run = True
        return out

    # ------------------------------------------------------------ quick tests

    def _top_trump_against(self) -> bool:
        """Between tricks: an other side's seat holds every live copy of the
        highest trump left, so it must take a trick when it plays one."""
        if not self.trump_mask:
            return False
        w = self.w
        top = 0
        for h in w.hands:
            top |= _fold(h & self.trump_mask)
        if not top:
            return False
        face = 1 << (top.bit_length() - 1)
        copies = face | (face << DECK_SIZE)
        return all(self.ours[s] is False or not (h & copies) for s, h in enumerate(w.hands))

    def _short_of_trumps(self) -> bool:
        """Between tricks: some other seat's trumps cannot each meet a higher
        trump of the claiming side. Each such trump falls in a different
        trick, and the claiming side takes that trick only with a higher
        trump in it, so the side needs a distinct higher trump for each."""
        w = self.w
        if not self.trump_mask or w.extra:
            return False
        ours = 0
        for s, h in enumerate(w.hands):
            if self.ours[s]:
                ours |= h & self.trump_mask
        ranks = sorted((RANK_OF[c] for c in _cards(ours)), reverse=True)
        for s, h in enumerate(w.hands):
            theirs = h & self.trump_mask
            if self.ours[s] or not theirs:
                continue
            # Greedy matching, their highest trump against our highest.
            mine = iter(ranks)
            for r in sorted((RANK_OF[c] for c in _cards(theirs)), reverse=True):
                if next((m for m in mine if m > r), None) is None:
                    return True
        return False

    def _solo_must_lose(self) -> bool:
        """Between tricks, a claimer without a partner leads every one of its
        cards. If another seat holds a card of a suit above the claimer's
        lowest card of it, and at least as many cards of that suit, it keeps
        that card until the low one is led and takes the trick. (Only where
        discards are free: a seat never has to throw the high card away.)"""
        w = self.w
        if not self.solo or w.extra or w.lead_card >= 0:
            return False
        rule = self.switches
        if not (rule.plain_discards or (w.trick_number > 0 and (rule.breaks_on_lead_only is not True or w.broken))):
            return False
        mine = w.hands[self.seat]
        for sm in SUIT_MASKS:
            low = _fold(mine & sm)
            if not low:
                continue
            low &= -low
            count = (mine & sm).bit_count()
            for s, h in enumerate(w.hands):
                theirs = h & sm
                if s != self.seat and theirs.bit_count() >= count and _fold(theirs) >= low << 1:
                    return True
        return False

    def _sure_winners(self, seat: int) -> int | None:
        """At the claiming side's lead: when every card of the leader is the
        highest left in its suit (ties go to the leader, who plays first) and
        nobody else can trump, or the leader can draw every other trump first,
        the card to lead now; else None."""
        w = self.w
        if w.lead_card >= 0 or w.extra:
            return None
        hand = w.hands[seat]
        others = 0
        longest = 0
        for s, h in enumerate(w.hands):
            if s != seat:
                others |= h
                longest = max(longest, (h & self.trump_mask).bit_count())
        for sm in SUIT_MASKS:
            mine = _fold(hand & sm)
            theirs = _fold(others & sm)
            if mine and theirs and (mine & -mine) < 1 << (theirs.bit_length() - 1):
                return None
        legal = w.play_mask(seat)
        if longest:
            trumps = hand & self.trump_mask
            if trumps.bit_count() < longest or not legal & trumps:
                return None
            legal &= trumps
        top = _fold(legal)
        face = 1 << (top.bit_length() - 1)
        return (face if legal & face else face << DECK_SIZE).bit_length() - 1

    # ------------------------------------------------------------ sentences

    def praise(self) -> Message:
        """The message for a proven claim."""
        w = self.w
        seat = w.seat_to_act
        prefix = "all_" if self.solo else "side_"
        if not w.trick and seat == self.seat and self._sure_winners(seat) is not None:
            hand = w.hands[seat]
            suits = [s for s in range(4) if hand & SUIT_MASKS[s]]
            if len(suits) == 1:
                return prefix + "highest_suit", {"suit": suits[0]}
            return prefix + "highest", {}
        return ("all" if self.solo else "side_all"), {}

    def refutation(self) -> Message:
        """The message for a refused claim: follow the search's best line for
        the claiming side against a reply that wins a trick, and name the seat
        and card that take it."""
        w = self.w
        saved = (list(w.hands), list(w.trick), list(w.trick_seats), w.to_act, w.broken, w.lead_card, w.extra,
                 w.trick_number, w.trick_size)  # fmt: skip
        on_table = len(w.trick)
        depth = self.failed_at
        try:
            while True:
                seat = w.seat_to_act
                cands = self._candidates(seat)
                if self.ours[seat]:
                    c = cands[0]
                else:
                    # The reply that refuted the claim within the depth searched,
                    # or (after a quick test refuted it) one found by searching on.
                    found = next((c for c in cands if not self._try(seat, c, depth)), None)
                    if found is None:
                        depth = FULL
                        found = next(c for c in cands if not self._try(seat, c, depth))
                    c = found
                self._advance(seat, c)
                if not w.trick:
                    cards, seats = self.last
                    b = self.winner(cards)
                    if not self.ours[seats[b]]:
                        key = "takes_this_trick" if b < on_table else "can_win"
                        return key, {"seat": seats[b], "card": cards[b]}
                    on_table = 0
                    depth -= 1
        finally:
            w.hands, w.trick, w.trick_seats = saved[0], saved[1], saved[2]
            w.to_act, w.broken, w.lead_card, w.extra, w.trick_number, w.trick_size = saved[3:]

    def _advance(self, seat: int, c: int) -> None:
        """Play ``c`` for good (the refutation's walk), like ``Match._play``."""
        w = self.w
        bit = 1 << c
        w.hands[seat] ^= bit
        w.trick.append(c)
        w.trick_seats.append(seat)
        w.lead_card = -1
        if not w.broken and w.breaks(c, len(w.trick) == 1):
            w.broken = True
        if len(w.trick) < w.trick_size:
            if w.extra and w.extra >> seat & 1 and w.trick_number == 0:
                w.extra ^= 1 << seat
            else:
                w.to_act = (seat + 1) % self.n
            return
        self.last = (w.trick, w.trick_seats)
        w.to_act = w.trick_seats[self.winner(w.trick)]
        w.trick, w.trick_seats = [], []
        w.trick_number += 1
        w.trick_size = self.n
