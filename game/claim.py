"""Claiming the rest of the hand: the engine proves a claim with every hand in view.

A claim by a seat says that its side (the seat, or in partnership Spades the
seat and its partner) takes every remaining trick of the hand, whatever the
other seats play, its side playing as the engine chooses. The proof is an
AND-OR search over the remaining plays (:mod:`game.claim_search`, which also
says what keeps it fast); this module asks it and words its answer.

Speed (CPython 3.11, 500 random deals of each game at the first card and
500 random positions later in the hand): the median claim is decided in
under a millisecond. Hearts (3, 4 and 6 players) and Spades without
partners: 99 claims in 100 within 0.15 s, the slowest found 0.2 s.
Partnership Spades is the hard case: 99 in 100 within about half a second
(up to a second on a loaded machine); the slowest found take three to five
seconds (about 100,000 positions searched), wrong claims whose lost trick
lies nine or ten tricks ahead.
:class:`ClaimCheck` runs a proof in slices so that a page stays responsive.

>>> from game.state import Match
>>> from game.rules import preset
>>> from game.cards import parse_mask
>>> m = Match(preset("spades", "classic"), seed=0)
>>> m.deal_hands([parse_mask("AS KS QS"), parse_mask("2H 3H 4H"),
...               parse_mask("5H 6H 7H"), parse_mask("8H 9H TH")], dealer=3)
>>> for b in ("3", "1", "1", "1"):
...     m.apply(b)
>>> c = prove_claim(m, 0)
>>> c.ok, c.reason
(True, 'You take every remaining trick: your spades are the highest left.')
>>> len(c.line)
12
>>> prove_claim(m.clone(), 1).reason
'It is not your turn: claim when it is.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import messages
from .cards import trick_winner
from .claim_search import Prover
from .view import can_offer_claim, known_holder

if TYPE_CHECKING:
    from .claim_search import Memo
    from .messages import Message
    from .state import Match
    from .view import SeatView

# can_offer_claim lives in game.view, with what a seat sees, so that the
# table can ask it on every redraw without importing the claim search.
__all__ = ["Claim", "ClaimCheck", "accepts_claim", "can_offer_claim", "claim_strategy", "prove_claim", "render",
           "seat_names", "told_refutation"]

# The English sentences, by key: the "claim" kind of game.messages (the
# table shows them in the player's language from the same keys, "claim.r.").
MESSAGES = messages.register("claim", {
    "not_playing": "You can claim only while the cards are being played.",
    "not_your_turn": "It is not your turn: claim when it is.",
    "takes_this_trick": "{seat} takes this trick with the {card}.",
    "can_win": "{seat} can still win a trick with the {card}.",
    "cannot_beat": "You cannot take this trick: nothing you may play beats the {card}.",
    "not_certain": "The rest is not certain from what you can see: another player may still win a trick.",
    "all_highest_suit": "You take every remaining trick: your {suit} are the highest left.",
    "all_highest": "You take every remaining trick: your cards are the highest left.",
    "all": "You take every remaining trick, whatever the others play.",
    "side_highest_suit": "Your side takes every remaining trick: your {suit} are the highest left.",
    "side_highest": "Your side takes every remaining trick: your cards are the highest left.",
    "side_all": "Your side takes every remaining trick, whatever the others play.",
})
COMPASS = ("South", "South-west", "West", "North-west", "North", "North-east", "East", "South-east")


@dataclass(frozen=True)
class Claim:
    """The engine's answer to a claim.

    ``ok``: the claiming side takes every remaining trick whatever the others
    play. ``reason``: one sentence for the player (``message``: the same as a
    key and parameters). ``line``: when ``ok``, the
    actions (cards) that play the hand out from here, the claiming side
    following the proof and the others playing their lowest legal card;
    empty otherwise.
    """

    ok: bool
    reason: str
    line: tuple[int, ...] = ()
    # The reason as (key of MESSAGES, parameters), for a table that speaks
    # another language: "seat" is a seat number, "card" a card id, "suit" a suit.
    message: Message = field(default=("", {}), compare=False)


def seat_names(players: int) -> list[str]:
    """The compass name of each seat, seat 0 at the bottom (South), as the table shows them.

    >>> seat_names(4)
    ['South', 'West', 'North', 'East']
    """
    return [COMPASS[round(8 * s / players) % 8] for s in range(players)]


def prove_claim(match: Match, seat: int, names: Sequence[str] | None = None) -> Claim:
    """Prove or refute a claim of every remaining trick by ``seat``'s side.

    ``names`` are the seats' names for the reason (default: compass names);
    the claimer is addressed as "you". ``match`` is not changed.
    """
    if match.phase != "play":
        return _claim(False, ("not_playing", {}))
    if match.to_act != seat:
        return _claim(False, ("not_your_turn", {}))
    prover = Prover(match, seat)
    return _answer(match, seat, names, prover, prover.prove())


def _answer(match: Match, seat: int, names: Sequence[str] | None, prover: Prover, ok: bool) -> Claim:
    if not ok:
        return _claim(False, told_refutation(match, seat, prover.refutation()), names or seat_names(match.players))
    return _claim(True, prover.praise(), line=_line(match, seat, prover.memo))


def told_refutation(match: Match, seat: int, found: Message) -> Message:
    """The refusal that ``seat`` may be told, from the search's refutation
    ``found`` (which sees every hand): only what the seat's own view holds.

    The trick on the table is lost when none of the claimer's legal cards
    beats the other side's best card there and no partner plays after it; a
    card that can still win a trick is named with its holder only when the
    view shows who holds it (a card the claimer passed, a suit every other
    seat has shown it is void in). Otherwise the refusal says only that the
    rest is not certain, so repeated claims cannot map the other hands.

    >>> from game.state import Match
    >>> from game.rules import preset
    >>> from game.cards import parse_mask
    >>> m = Match(preset("spades", "classic"), seed=0)
    >>> m.deal_hands([parse_mask("KS QS AH"), parse_mask("AS 2H 3H"),
    ...               parse_mask("4H 5H 6H"), parse_mask("7H 8H 9H")], dealer=3)
    >>> for b in ("1", "1", "1", "1"):
    ...     m.apply(b)
    >>> told_refutation(m, 0, ("can_win", {"seat": 1, "card": 51}))
    ('not_certain', {})
    """
    view = match.view(seat)
    lost = _lost_trick(match, view)
    if lost is not None:
        return "cannot_beat", {"card": lost}
    key, params = found
    if key == "can_win" and known_holder(view, params["card"]) == params["seat"]:
        return found
    return "not_certain", {}


def _lost_trick(match: Match, view: SeatView) -> int | None:
    """The other side's card that takes the trick on the table whatever the
    claimer plays, when the claimer's view alone shows it; else None."""
    seat = view.seat
    if not view.trick or match.extra:
        return None
    cards = [c for _, c in view.trick]
    best_seat, best = view.trick[trick_winner(cards, view.trump)]
    if view.side_of(best_seat) == view.side_of(seat):
        return None
    after = match.trick_size - len(cards) - 1  # seats still to play after the claimer
    if any(view.side_of((seat + i) % view.players) == view.side_of(seat) for i in range(1, after + 1)):
        return None  # a partner still plays: what it holds is not the claimer's to know
    if any(trick_winner([*cards, c], view.trump) == len(cards) for c in view.legal):
        return None
    return best


def _claim(ok: bool, message: Message, names: Sequence[str] = (), line: tuple[int, ...] = ()) -> Claim:
    return Claim(ok, render(message, names), line, message)


def render(message: Message, names: Sequence[str] = ()) -> str:
    """The English sentence of a claim's message, seats named by ``names``.

    >>> render(("can_win", {"seat": 1, "card": 50}), ["You", "West", "North", "East"])
    'West can still win a trick with the King of spades.'
    """
    return messages.render("claim", message, names or None)


class ClaimCheck:
    """A claim's proof in small steps, for a page that must stay responsive:
    call ``step()`` until it returns True, then read ``result()``. Each step
    searches for about ``seconds``; what it proved is kept for the next.

    >>> from game.state import new_match
    >>> m = new_match("spades", "partnership", seed=3)
    >>> while m.phase != "play":
    ...     m.apply(m.legal_actions()[-1])
    >>> check = ClaimCheck(m, m.to_act, seconds=0.001)
    >>> while not check.step():
    ...     pass
    >>> check.result() == prove_claim(m, m.to_act)
    True
    """

    def __init__(self, match: Match, seat: int, names: Sequence[str] | None = None, seconds: float = 0.03) -> None:
        self.match = match.clone()
        self.seat = seat
        self.names = names
        self.seconds = seconds
        self._claim: Claim | None = None
        self._prover: Prover | None = None
        if self.match.phase != "play" or self.match.to_act != seat:
            self._claim = prove_claim(self.match, seat)
        else:
            self._prover = Prover(self.match, seat)

    def step(self) -> bool:
        """Search for a while; True once the answer is known."""
        prover = self._prover
        if self._claim is not None or prover is None:
            return True
        ok = prover.prove(self.seconds)
        if ok is None:
            return False
        self._claim = _answer(self.match, self.seat, self.names, prover, ok)
        return True

    def result(self) -> Claim:
        """The answer (runs the remaining steps at once if needed)."""
        while not self.step():
            pass
        assert self._claim is not None
        return self._claim


def accepts_claim(match: Match, claimer: int) -> bool:
    """Whether the bots accept ``claimer``'s claim of the rest: exactly when the
    engine proves it, so they accept a correct claim and refuse a wrong one
    (the sentence that says why is :func:`prove_claim`'s ``reason``)."""
    return prove_claim(match, claimer).ok


def claim_strategy(match: Match, seat: int, memo: Memo | None = None) -> int | None:
    """The card the claiming side (``seat``'s side) plays now under the proof,
    when one of its seats is to act and the claim still holds; else None."""
    if match.phase != "play" or match.to_act is None:
        return None
    prover = Prover(match, seat, memo)
    if not prover.ours[match.to_act] or not prover.prove():
        return None
    return prover.choose()


def _line(match: Match, seat: int, memo: Memo) -> tuple[int, ...]:
    """Play the hand out on a copy: the claiming side by the proof, the others
    by their lowest legal card (the proof covers every card they might play)."""
    m = match.clone()
    line = []
    side = m.side_of(seat)
    while m.phase == "play":
        if m.side_of(m.seat_to_act) == side:
            action = claim_strategy(m, seat, memo)
            assert action is not None, "a proven claim has a card to play"
        else:
            action = m.legal_actions()[0]
        m.apply(action)
        line.append(action)
    return tuple(line)
