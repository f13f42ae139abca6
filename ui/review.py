"""Review of a finished hand: its steps, one at a time, every hand face up.

Pure Python, like the rest of the view model. From one hand-history record
(docs/RULES.md, "Hand-history records": the score sheet's hands and a loaded
game file's) :func:`build_review` replays the hand through the engine, so
that who led and who took each trick are the engine's own answers, and
gives the steps a player can go through forwards and back:

- the deal, every hand face up and sorted as the table sorts it;
- Hearts: the pass, who passed which cards to whom (none on a hold hand);
  Spades: the bids, nil and blind nil as the table writes them;
- each trick: its cards in the order played, who led, who took it, the
  hands without the cards played so far, and the tricks (Hearts: the
  points) taken so far;
- the hand's result.

A record that does not replay is refused with the engine's sentence
(:class:`game.errors.RecordError`), and nothing is built.

>>> import random
>>> from game.state import new_match
>>> m = new_match("hearts", "classic", seed=4)
>>> rng = random.Random(4)
>>> while m.phase not in ("hand_over", "game_over"):
...     m.apply(rng.choice(m.legal_actions()))
>>> r = build_review(m.records[-1], seat_names(4), number=1)
>>> r.title, len(r.steps), [s.kind for s in r.steps[:3]], r.steps[-1].kind
('Review of hand 1', 16, ['deal', 'pass', 'trick'], 'result')
>>> [len(h.cards) for h in r.steps[0].hands], [len(h.cards) for h in r.steps[2].hands]
([13, 13, 13, 13], [12, 12, 12, 12])
>>> r.steps[2].text.split(": ")[0]
'Trick 1 of 13'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.records import replay_record
from game.scoring import hearts_card_points
from game.state import Match

from .announce import bid_words, said
from .i18n import list_text, t
from .model_base import CardFace, bid_text, face, seat_names, side_name, sorted_cards
from .score_sheet import record_bid

__all__ = ["ReviewHand", "ReviewCard", "ReviewStep", "Review", "build_review", "seat_names", "clamp_step"]


@dataclass(frozen=True)
class ReviewHand:
    """One seat's cards at a step, face up."""

    seat: int
    name: str
    cards: tuple[CardFace, ...]  # sorted as the table sorts a hand
    label: str  # the seat and its cards in words, for screen readers
    bid: str  # Spades: "Bid 4", "Nil", "Blind nil"; Hearts: ""
    tricks: int  # tricks taken so far
    points: str  # Hearts: points taken so far; Spades: ""
    received: tuple[int, ...] = ()  # Hearts, the pass step: the cards passed to this seat


@dataclass(frozen=True)
class ReviewCard:
    """A card of the trick shown, in the order played."""

    seat: int
    name: str  # the seat's name
    face: CardFace
    lead: bool
    winner: bool


@dataclass(frozen=True)
class ReviewStep:
    kind: str  # "deal", "pass", "bids", "trick" or "result"
    title: str  # "The deal", "Trick 3 of 13"
    text: str  # the whole step in words (the dialog's live region says it)
    lines: tuple[str, ...]  # the passes, the bids or the result, one sentence each
    hands: tuple[ReviewHand, ...]
    trick: tuple[ReviewCard, ...] = ()
    leader: int = -1  # trick steps: the seat that led
    winner: int = -1  # trick steps: the seat that took the trick
    number: int = 0  # trick steps: the trick's number, from 1


@dataclass(frozen=True)
class Review:
    title: str  # "Review of hand 3"
    game: str
    steps: tuple[ReviewStep, ...]


def clamp_step(review: Review, index: int) -> int:
    """``index`` kept within the review's steps.

    >>> clamp_step(Review("", "hearts", ()), 5), clamp_step(Review("", "hearts", (None,) * 3), -2)
    (0, 0)
    """
    return max(0, min(index, len(review.steps) - 1))


# --------------------------------------------------------------------- replay


@dataclass
class _Trick:
    pairs: list[tuple[int, int]]  # (seat, card) in the order played
    winner: int
    hands: list[int]  # every seat's cards after the trick
    tricks: list[int]  # tricks taken so far, by seat
    taken: list[int]  # cards taken so far, by seat


def _replay(record: dict[str, Any]) -> tuple[Match, list[int], list[int], list[_Trick]]:
    """The record replayed through the engine: the match at its end, the
    hands as dealt, the hands once passed (or as dealt) and every trick."""
    done = replay_record(record)  # refuses a bad record with its sentence
    m = Match(done.rules, seed="record")
    if done.game == "spades":
        m.scores = list(record.get("scores_before", [0] * done.rules.sides))
        m.bags = list(record.get("bags_before", [0] * done.rules.sides))
    dealt = list(done.dealt)
    m.deal_hands(list(dealt), done.dealer, done.pass_direction)
    played: list[int] = []
    tricks: list[_Trick] = []
    for action in done.actions:
        if m.phase == "play":
            if not played and not tricks:
                played = list(m.hands)  # the hands the tricks are played from
            seats = list(m.trick_seats) + [m.seat_to_act]
            cards = list(m.trick) + [action]
            before = m.trick_number
            m.apply(action)
            if m.trick_number > before:
                assert m.last_trick is not None
                tricks.append(_Trick(list(zip(seats, cards)), m.last_trick[2], list(m.hands), list(m.tricks_won),
                                     list(m.taken)))
        else:
            m.apply(action)
    return m, dealt, played or list(m.hands), tricks


# --------------------------------------------------------------------- steps


def _hand(seat: int, name: str, mask: int, bid: str = "", tricks: int = 0, points: str = "",
          received: int = 0) -> ReviewHand:
    cards = sorted_cards(mask)
    label = t("review.seat_hand", name=name, cards=cards) if cards else t("review.seat_empty", name=name)
    return ReviewHand(seat, name, tuple(face(c) for c in cards), label, bid, tricks, points,
                      tuple(c for c in cards if received >> c & 1))


def _bid_word(value: object) -> str:
    """A record's bid as the table's seats show it: "Bid 4", "Nil", "Blind nil"."""
    if value is None:
        return ""
    b, suit = record_bid(value)
    return t("seat.bid", bid=bid_text(b, suit)) if b > 0 else bid_text(b, None)


def _join(sentences: list[str]) -> str:
    return " ".join(s for s in sentences if s)


def build_review(record: dict[str, Any], names: list[str], *, number: int, you: int = 0) -> Review:
    """The steps of the finished hand ``record`` (hand ``number`` of its game),
    its seats called ``names``; ``you`` is the seat the sentences call "you"
    (-1: none, as in watch mode). Raises :class:`game.errors.RecordError`
    for a record that does not replay."""
    m, dealt, start, tricks = _replay(record)
    n = m.players
    spades = m.game == "spades"
    bids = [_bid_word(b) for b in record.get("bids", [None] * n)] if spades else [""] * n
    total = len(tricks)
    steps: list[ReviewStep] = []

    def hands(masks: list[int], won: list[int], taken: list[int] | None, received: list[int] | None = None,
              bid: bool = True) -> tuple[ReviewHand, ...]:
        return tuple(
            _hand(s, names[s], masks[s], bids[s] if bid else "", won[s],
                  "" if spades or taken is None else str(hearts_card_points(m.hearts_rules, taken[s])),
                  received[s] if received else 0)
            for s in range(n)
        )

    zero = [0] * n
    deal_text = [t("ann.hand", number=number), said("ann.deal", m.dealer, names, you), t("review.deal")]
    if not spades and m.pass_direction == "hold" and m.hearts_rules.pass_count:
        deal_text.append(t("notice.no_pass"))
    steps.append(ReviewStep("deal", t("review.deal_title"), _join(deal_text), (), hands(dealt, zero, zero, bid=False)))

    if not spades and m.pass_direction != "hold":
        lines = []
        received = [0] * n
        for s in range(n):
            to = m.pass_target(s)
            chosen = m.pass_chosen[s]
            received[to] |= chosen
            key = "review.passed.you" if s == you else "review.passed"
            lines.append(t(key, name=names[s], cards=sorted_cards(chosen),
                           to=t("review.to_you") if to == you else names[to]))
        title = t("review.pass_title", direction=t("pass." + m.pass_direction))
        steps.append(ReviewStep("pass", title, _join([title + ".", *lines]), tuple(lines),
                                hands(start, zero, zero, received)))
    if spades:
        order = [(m.dealer + 1 + i) % n for i in range(n)]
        raw = [record_bid(b) for b in record["bids"]]
        lines = [said("ann.bid", s, names, you, bid=bid_words(*raw[s])) for s in order]
        steps.append(ReviewStep("bids", t("review.bids_title"), _join([t("review.bids_title") + ".", *lines]),
                                tuple(lines), hands(start, zero, None)))

    for k, trick in enumerate(tricks):
        title = t("trick.number", number=k + 1, total=total)
        words = []
        for i, (seat, c) in enumerate(trick.pairs):
            words.append(said("review.lead" if i == 0 else "ann.play", seat, names, you, card=c))
        mask = 0
        for _, c in trick.pairs:
            mask |= 1 << c
        points = "" if spades else _points(hearts_card_points(m.hearts_rules, mask))
        words.append(said("ann.take", trick.winner, names, you, points=points))
        so_far = [t("review.count", name=names[s],
                    n=trick.tricks[s] if spades else hearts_card_points(m.hearts_rules, trick.taken[s]))
                  for s in range(n)]
        words.append(t("review.tricks_so_far" if spades else "review.points_so_far", counts=", ".join(so_far)))
        cards = tuple(ReviewCard(seat, names[seat], face(c), i == 0, seat == trick.winner)
                      for i, (seat, c) in enumerate(trick.pairs))
        steps.append(ReviewStep("trick", title, title + ": " + _join(words), (),
                                hands(trick.hands, trick.tricks, trick.taken), cards, trick.pairs[0][0],
                                trick.winner, k + 1))

    lines = _result_lines(m, record, names)
    title = t("review.result_title")
    last = tricks[-1] if tricks else None
    steps.append(ReviewStep("result", title, _join([title + ".", *lines]), tuple(lines),
                            hands([0] * n, last.tricks if last else zero, last.taken if last else zero)))
    return Review(t("review.title", number=number), m.game, tuple(steps))


def _points(points: int) -> str:
    return t("ann.trick_points", n=points).replace("-", "−") if points else ""


def _result_lines(m: Match, record: dict[str, Any], names: list[str]) -> list[str]:
    """The hand's result, as the record has it: by seat (Hearts, and Spades
    every seat for itself) or by side (partnership Spades)."""
    result = record["result"]
    tricks, points = result["tricks"], result["points"]
    if m.game == "hearts":
        return [t("review.result.hearts", name=names[s], tricks=tricks[s], n=points[s]) for s in range(m.players)]
    out = []
    for side in range(m.rules.sides):
        seats = [s for s in range(m.players) if m.side_of(s) == side]
        bids = list_text([bid_words(*record_bid(record["bids"][s])) for s in seats])
        out.append(t("review.result.spades", name=side_name(m, side, names), bids=bids,
                     tricks=sum(tricks[s] for s in seats), n=points[seats[0]]))
    return out


def taken_cards(step: ReviewStep) -> list[int]:
    """The cards of a trick step, in the order played (for tests and the page)."""
    return [c.face.card for c in step.trick]
