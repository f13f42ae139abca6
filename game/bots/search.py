"""The ``hard`` level: determinized Monte-Carlo search (PIMC).

For a card to play, the searcher deals the unseen cards many times in ways
consistent with its view (:func:`game.view.determinize`: hand sizes, voids
shown, the cards it passed), and in every such deal tries each candidate
card, then lets the ``normal`` heuristics play the hand out for every seat,
each seat deciding from its own hand and the public table only. The card with
the best average result wins; the ``normal`` choice breaks ties.

All candidates are tried on the same sampled deals (common random numbers),
so the comparison between cards is much less noisy than the deals are.
Cards that are equivalent (adjacent in rank, with nothing left between them
in other hands) are tried once.

The budget is a time limit (``ms``) and/or a number of sampled deals
(``samples``); whichever ends first stops the search, and at least one
sample is always searched. A searched move replaces the ``normal`` one only
when it beats it on the same deals by more than :data:`Z_SWITCH` standard
errors, so a small budget never makes the bot worse than ``normal`` by noise.

Spades bids are searched the same way (the normal bid, one more, one less,
nil for a weak hand), each sample played out from the bidding on. A Hearts
pass can be searched card by card (:data:`PASS_SEARCH`, off: it did not pay):
each of the cards ``normal`` most wants to pass, completed to a whole pass
by ``normal``'s order, is played out from the exchange, the other seats
passing as ``normal`` would from their sampled hands. The draw, blind nil
and the moon choice use the ``normal`` rules.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable
from typing import Any

from ..actions import LOOK, NIL_BID, bid, bid_value
from ..cards import DECK_SIZE, HEARTS, popcount
from ..trick_play import start_play
from ..view import determinize
from . import hearts_bot, moon_hunter, reading, spades_bot
from .common import RANK_OF, SUIT_OF, Know, cards_of
from .reasons import Message, render

Policy = Callable[[Know], tuple[int, Message]]  # a seat's card from its knowledge, with the reason

DEFAULT_MS = 750.0  # per decision, wall clock; the issue allows at most 1 s
DEFAULT_SAMPLES = 400  # an upper bound on sampled deals when only ms is given
Z_SWITCH = 1.0  # standard errors by which a searched move must beat the normal one
# Normal's answers to a moon threat (one seat has every point so far) are
# kept, not searched: the sampled deals give the shooter a random hand, not
# the long hearts its play shows, so they rate a moon far less likely than it
# is, and the search would shed the high heart that stops it (against
# OpenSpiel's ISMCTS, the peer shot 16 moons in 600 hands against hard).
MOON_DEFENCE = frozenset(
    {
        "hearts.follow.stop_moon",
        "hearts.discard.stop_moon",
        "hearts.discard.keep_hearts",
        "hearts.lead.stop_moon",
        "hearts.lead.stop_moon_void",
        "hearts.pass.stopper",
    }
)

# A runner (the one other seat with every point so far) that holds the queen
# of spades and fewer than this many points in all, before the eighth trick,
# is searched rather than met with normal's moon defence: the queen alone is
# most often a seat that could not duck her, not a shooter, and the defence
# (winning tricks from it, keeping hearts back) costs points when nobody
# shoots. 0: never (normal's defence always stands). With 16 against 0, 70
# sampled deals, bench/read_plays.py: -0.09 [-0.18, +0.00] points a hand
# with three normal (80 deals), -0.17 [-0.31, -0.02] with the moon hunter
# and two normal (40 deals), the hunter's moons 4 and 4 (docs/BOTS.md).
MOON_SEARCH_BELOW = 16

# Hard's search plays normal without its shedding while a suit is safe
# (hearts_bot.SAFE_SUIT), for its own card before the search and for every
# seat of its playouts: hard was measured against ISMCTS with the normal
# before the shedding, and with the shedding in its playouts it was not
# measured there (against three normal, 20 sampled deals, it was level
# within the noise after 70 deals). True: the playouts shed as normal does.
SHED_IN_SEARCH = False

# While the seat itself could still shoot the moon (nobody else has a point,
# few losers: :func:`.moon_hunter.hunting`), the search also tries the moon:
# the hunter's card, then the hunter's play for this seat to the end of the
# playout (the others defending as normal does), as one more candidate. The
# playouts of the other candidates play normal for it, which shoots only a
# moon that cannot fail, so they never see what a run of winners is worth.
# Off: against the same search without it (70 sampled deals, three normal,
# 80 duplicate deals of bench/read_plays.py) -0.05 [-0.12, +0.02] points a
# hand, 3 deals played differently, all three better; but against ISMCTS at
# 5,000 simulations (300 deals) hard with it led by 1.12 a hand where it led
# by 1.39 without, +0.27 [-0.40, +0.93] on the same deals, shooting 15 moons
# rather than 10: the moon's value is judged against normal's defence,
# which a searching peer may well outdo (docs/BOTS.md).
MOON_PLAN = False
PLAN = -1  # the key of the moon candidate among the card candidates


def queen_only_runner(k: Know) -> bool:
    """Whether the moon threat normal answers is a seat that has taken the
    queen of spades and little else before the eighth trick (see
    :data:`MOON_SEARCH_BELOW`)."""
    if not MOON_SEARCH_BELOW or k.game != "hearts" or k.phase != "play" or k.trick_number >= 8:
        return False
    t = hearts_bot.Table(k)
    if t.runner < 0 or not k.taken[t.runner] & hearts_bot.QS_MASK:
        return False
    # A runner that leads hearts (now or in the last trick) is running them:
    # the moon's surest sign, which normal's defence answers.
    leads = (k.trick[:1] if k.trick else []) + ([k.last_lead] if k.last_lead else [])
    if any(seat == t.runner and SUIT_OF[c] == HEARTS for seat, c in leads):
        return False
    return t.taken_pts[t.runner] < MOON_SEARCH_BELOW


class Search:
    """One hard decision, cut into small steps (one playout each) so that a
    page can hand control back to the browser between them::

        s = Search(view, rng)
        while not s.step():
            await asyncio.sleep(0)   # in the browser; a plain loop elsewhere
        action, reason = s.result()
    """

    def __init__(
        self,
        view: Any,
        rng: random.Random,
        ms: float | None = None,
        samples: int | None = None,
        cpu_ms: float | None = None,
    ) -> None:
        from . import decide_message

        self.view = view
        self.rng = rng
        k = self.k = Know.from_view(view)
        if k.game == "hearts" and k.phase == "play" and not SHED_IN_SEARCH:
            self.base, self.base_why = hearts_bot.choose_play(k, shed=False)
        else:
            self.base, self.base_why = decide_message(k, "normal", rng)
        self.cands = [self.base]
        self.plan_card = -1  # the hunter's card, when the moon is a candidate
        if self.base_why[0] in MOON_DEFENCE and not queen_only_runner(k):
            pass  # normal's moon defence stands: see MOON_DEFENCE
        elif k.phase == "play" and len(k.legal) > 1:
            self.cands = candidates(k)
            if self.base not in self.cands:
                # The normal choice stands for its whole group of equivalent cards.
                for i, c in enumerate(self.cands):
                    if _adjacent(c, self.base, k.played | k.hand):
                        self.cands[i] = self.base
                        break
            if k.game == "hearts" and MOON_PLAN and moon_hunter.hunting(k):
                self.plan_card = moon_hunter.hunt_play(k)[0]
                self.cands.append(PLAN)
        elif k.phase == "pass" and k.game == "hearts" and PASS_SEARCH and len(k.legal) > 1:
            self.cands = pass_candidates(k, self.base)
        elif k.phase == "bid" and k.game == "spades" and not getattr(k.rules, "auction", False) and LOOK not in k.legal:
            self.cands = bid_candidates(k, self.base)
        # The budget: wall-clock ms, or CPU ms of this process (for benchmarks
        # on a busy machine), or a number of sampled deals.
        self.clock = time.perf_counter
        if cpu_ms is not None:
            self.clock, ms = time.process_time, cpu_ms
        elif ms is None and samples is None:
            ms = DEFAULT_MS
        self.max_samples = samples if samples is not None else DEFAULT_SAMPLES
        # Hearts cards: candidates clearly worse than the best are dropped as
        # the samples come in (PRUNE), and the playouts they would have taken
        # go to the others, so a budget of samples becomes one of playouts.
        self.active = list(self.cands)  # the candidates still tried on each new deal
        self._prune = PRUNE and k.game == "hearts" and k.phase == "play" and len(self.cands) > 2
        self.max_playouts: int | None = None
        if self._prune and samples is not None:
            self.max_playouts = samples * len(self.cands)
            self.max_samples = max(samples, DEFAULT_SAMPLES)
        self.playouts = 0
        self.start = self.clock()
        self.deadline = None if ms is None else self.start + ms / 1000.0
        self.values: dict[int, list[float]] = {c: [] for c in self.cands}
        self.weights: list[float] = []  # one per sampled deal: how well it fits the bids
        self._played_by = played_by_seat(view)
        self._bidders = _bid_readers(k) if k.game == "spades" and READ_BIDS else []
        hearts_play = k.game == "hearts" and k.phase == "play" and len(self.cands) > 1
        self._plays = reading.recent_plays(view) if hearts_play and READ_PLAYS else []
        self._no_queen = reading.queen_events(view) if hearts_play and READ_EVENTS else 0
        self.samples = 0
        # A pass: each candidate's whole pass (the card, the cards chosen
        # before, normal's choices after), and per sampled deal the other
        # seats' passes.
        self._passes = {c: complete_pass(k, k.passed | 1 << c) for c in self.cands} if k.phase == "pass" else {}
        self._other_passes: list[int] = []
        self._world: Any = None
        self._next = 0  # the candidate to try next on the current world
        self.finished = len(self.cands) == 1

    def step(self) -> bool:
        """Run one playout; True once the budget is spent (then call :meth:`result`)."""
        if self.finished:
            return True
        if self._world is None:
            self._world = determinize(self.view, self.rng)
            self._next = 0
            self.weights.append(self._weight(self._world))
            if self._passes:
                self._other_passes = others_passes(self._world, self.k.seat)
        c = self.active[self._next]
        m = self._world.clone()
        if self._passes:
            mine = self._passes[c]
            exchange(m, [mine if s == self.k.seat else p for s, p in enumerate(self._other_passes)])
            self.values[c].append(playout_value(m, self.k.seat, mine))
        elif c == PLAN:
            m.apply(self.plan_card)
            self.values[c].append(playout_value(m, self.k.seat, self.k.passed, moon_hunter.hunt_play))
        else:
            m.apply(c)
            self.values[c].append(playout_value(m, self.k.seat, self.k.passed))
        self._next += 1
        self.playouts += 1
        now = self.clock() if self.deadline is not None else 0.0
        if self._next == len(self.active):
            self._world = None
            self.samples += 1
            if self._prune and self.samples >= PRUNE_AFTER and self.samples % PRUNE_EVERY == 0:
                self._drop_worse()
            if self.samples >= self.max_samples or len(self.active) == 1:
                self.finished = True
            elif self.max_playouts is not None and self.playouts + len(self.active) > self.max_playouts:
                self.finished = True  # the next sample would overrun the playouts
            elif self.deadline is not None and now + (now - self.start) / self.samples > self.deadline:
                self.finished = True  # the next sample would not end in time
        elif self.deadline is not None and now > self.deadline:
            self.finished = True  # a slow moment: drop the unfinished sample
        return self.finished

    def _drop_worse(self) -> None:
        """Stop trying the candidates that the best beats by more than
        PRUNE_Z standard errors on the deals so far (never normal's card)."""
        n = self.samples
        w = self.weights[:n]
        total = sum(w) or 1.0
        means = {c: sum(x * y for x, y in zip(self.values[c][:n], w)) / total for c in self.active}
        best = max(self.active, key=lambda c: (means[c], c == self.base))
        top = self.values[best][:n]
        self.active = [
            c for c in self.active if c in (best, self.base) or not _clearly_better(top, self.values[c][:n], w, PRUNE_Z)
        ]

    def _weight(self, world: Any) -> float:
        """How likely the other seats' bids (Spades) or recent plays (Hearts)
        are with the cards this deal gives them."""
        if self._no_queen:
            return reading.events_likelihood(world, self._no_queen)
        if self._plays:
            return reading.play_likelihood(world, self.view, self._plays)
        if not self._bidders:
            return 1.0
        w = 1.0
        for seat, b in self._bidders:
            hand = world.hands[seat] | self._played_by[seat]
            w *= bid_likelihood(hand, b, world.trump, world.players)
        return w

    def result(self) -> tuple[int, str]:
        """The chosen action and its reason (the normal one until a sample is done)."""
        action, message = self.result_message()
        return action, render(message)

    def result_message(self) -> tuple[int, Message]:
        """:meth:`result` with the reason as a message ``(key, params)`` (:mod:`.reasons`)."""
        base = self.base
        n = self.samples
        if len(self.cands) == 1 or not n:
            return base, self.base_why
        w = self.weights[:n]
        total = sum(w) or 1.0
        means = {c: sum(x * y for x, y in zip(self.values[c][:n], w)) / total for c in self.active}
        best = max(self.active, key=lambda c: (means[c], c == base))
        if best != base and not _clearly_better(self.values[best][:n], self.values[base][:n], w):
            best = base
        if best == PLAN:
            k = self.k
            return moon_hunter.hunt_play(k)
        if best == base:
            key, params = self.base_why
            return best, ("search.agrees", {**params, "base_why": key, "samples": n})
        hearts = self.k.game == "hearts"
        if self._passes:
            # The searched pass gives the reason of its kind of card (the
            # queen, a high spade, a heart, a void to make).
            return best, hearts_bot.pass_reason(best, self.k.hand)
        sign = -1 if hearts else 1
        return best, _switch(best, base, n, sign * means[best], sign * means[base], hearts)


def search_choice(
    view: Any, rng: random.Random, ms: float | None = None, samples: int | None = None, cpu_ms: float | None = None
) -> tuple[int, str]:
    """The hard bot's action for ``view`` and a one-line reason, searched to the end of the budget."""
    s = Search(view, rng, ms=ms, samples=samples, cpu_ms=cpu_ms)
    while not s.step():
        pass
    return s.result()


def _switch(best: int, base: int, n: int, mean: float, base_mean: float, hearts: bool) -> Message:
    """Why the search plays ``best`` rather than the normal ``base``."""
    params: dict[str, Any] = {"samples": n, "mean": mean, "base_mean": base_mean}
    if best < 104 and base < 104:
        return ("search.hearts" if hearts else "search.spades"), {**params, "card": best, "base_card": base}
    b, v = bid_value(best), bid_value(base)
    if b > 0 and v == 0:
        return "search.bid_not_nil", {**params, "bid": b}
    if b == 0 and v > 0:
        return "search.nil", {**params, "base_bid": v}
    return "search.bid", {**params, "bid": b, "base_bid": v}  # blind nil is never searched


def bid_candidates(k: Know, base: int) -> list[int]:
    """The normal bid, one more and one less, and nil when the hand is weak."""
    legal = set(k.legal)
    b = bid_value(base)
    out = [base]
    if b > 0:
        for v in (b - 1, b + 1):
            if v >= 1 and bid(v) in legal:
                out.append(bid(v))
        if NIL_BID in legal and b <= 3:
            partner = k.partner()
            pbid = k.bids[partner] if partner is not None else None
            if pbid is None or pbid > 0:
                out.append(NIL_BID)
    elif b == 0:
        for v in (1, 2):
            if bid(v) in legal:
                out.append(bid(v))
    return out


# Search the Hearts pass rather than take normal's; the candidates are the
# PASS_WIDTH cards normal most wants to pass. Off: against the same search
# with normal's pass (70 sampled deals, three normal, 70 duplicate deals of
# bench/read_plays.py) it took -0.16 [-0.83, +0.50] points a hand, no gain
# shown, for 350 whole-hand playouts a card passed; docs/BOTS.md.
PASS_SEARCH = False
PASS_WIDTH = 5

# Drop a Hearts card candidate once the best one beats it by more than
# PRUNE_Z standard errors, looked at every PRUNE_EVERY sampled deals from the
# PRUNE_AFTER-th on; the deals left go to the candidates still in the race
# (with a budget of samples, the same number of playouts in all). Off: the
# closer race between normal's card and the best lets more switches through,
# and against the same search without it (70 sampled deals, three normal) it
# took +0.29 [-0.48, +1.05] points a hand more over 20 duplicate deals (15
# played differently), no gain shown (the run stopped there for time).
PRUNE = False
PRUNE_AFTER = 12
PRUNE_EVERY = 4
PRUNE_Z = 2.0


def pass_candidates(k: Know, base: int) -> list[int]:
    """Normal's card to pass and the next ones in its order, PASS_WIDTH in all."""
    scores = hearts_bot.pass_scores(k, k.hand)
    legal = [c for c in k.legal_cards() if c in scores]
    order = sorted(legal, key=lambda c: (-scores[c], -RANK_OF[c], c))
    stop = hearts_bot.pass_stopper(k.hand)  # kept for the moon: see MOON_DEFENCE
    out = [base] + [c for c in order if c not in (base, stop)]
    return out[:PASS_WIDTH]


def complete_pass(k: Know, chosen: int) -> int:
    """``k.seat``'s whole pass: ``chosen``, then normal's choices up to the count."""
    need = getattr(k.rules, "pass_count", 3)
    if popcount(chosen) >= need:
        return chosen
    legal = list(k.legal)
    k = copy.copy(k)
    while popcount(chosen) < need:
        k.legal = [a for a in legal if not chosen >> a & 1]
        chosen |= 1 << hearts_bot.choose_pass(k)[0]
    return chosen


def others_passes(world: Any, me: int) -> list[int]:
    """Each other seat's pass in a sampled deal as normal chooses it (0 for ``me``)."""
    out = [0] * world.players
    for s in range(world.players):
        if s != me:
            k = Know.from_match(world, s)
            k.legal = cards_of(world.hands[s])
            out[s] = complete_pass(k, 0)
    return out


def exchange(m: Any, passes: list[int]) -> None:
    """The passes change hands in ``m`` and the play starts."""
    kept = [h & ~p for h, p in zip(m.hands, passes)]
    for s, p in enumerate(passes):
        kept[m.pass_target(s)] |= p
    m.hands = kept
    m.pass_chosen = list(passes)
    start_play(m)


def _clearly_better(a: list[float], b: list[float], w: list[float] | None = None, z: float | None = None) -> bool:
    """Whether ``a`` beats ``b`` on the same sampled deals (weighted ``w``)
    by more than ``z`` standard errors (default :data:`Z_SWITCH`)."""
    n = len(a)
    w = w or [1.0] * n
    total = sum(w)
    if total <= 0:
        return False
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(d * x for d, x in zip(diffs, w)) / total
    if mean <= 0:
        return False
    n_eff = total * total / sum(x * x for x in w)
    if n_eff < 2:
        return n == 1  # a single deal (a tiny budget): take it; one heavy deal among many: not enough
    var = sum(x * (d - mean) ** 2 for d, x in zip(diffs, w)) / total * n_eff / (n_eff - 1)
    return mean > (Z_SWITCH if z is None else z) * math.sqrt(var / n_eff)


# Weight sampled deals by how well they explain the other seats' bids. Off:
# measured against the same search without it (hard against hard, 16 deals a
# decision, 50 duplicate hands) it scored -6.7 +- 8.6 a hand, no gain; the
# view tells who played which card only in the first two tricks (docs/BOTS.md).
READ_BIDS = False
# Weight sampled Hearts deals by how likely they make the other seats'
# plays in the last two tricks under the normal policy (:mod:`.reading`).
# Off: it places the unseen cards better (0.478 -> 0.523 in the right hand)
# but, at 20 sampled deals against three normal, scored +0.44 [-0.05, +0.92]
# points a hand worse than uniform deals over 60 duplicate deals (the
# weights leave 39% of the samples effective; bench/read_plays.py).
READ_PLAYS = False
# Weight them by the events of those two tricks that place the queen of
# spades (a seat that did not drop her under the ace or king, or discarded
# another card): :func:`.reading.queen_events`. Off: the events are rare in
# two tricks (3 of 40 duplicate deals played differently) and those cost:
# +0.09 [-0.07, +0.25] points a hand against uniform deals, 70 sampled
# deals, three normal (bench/read_plays.py --a search.READ_EVENTS=True).
READ_EVENTS = False
BID_SPREAD = 1.3  # tricks: how far a bid strays from the hand's count


def _bid_readers(k: Know) -> list[tuple[int, int]]:
    """(seat, bid) of the other seats whose bids say something about their cards."""
    if getattr(k.rules, "auction", False):
        return []
    return [(s, b) for s in k.others() if (b := k.bids[s]) is not None and b >= 0]


def bid_likelihood(hand: int, b: int, trump: int, players: int) -> float:
    """A relative likelihood that a seat holding ``hand`` bids ``b`` (0 = nil)."""
    if b == 0:
        danger = spades_bot.nil_danger(hand, trump)
        return math.exp(-0.5 * (danger / 0.9) ** 2)
    a, off, _ = spades_bot.TRICKS_FIT.get(players, (0.9, 0.7, 1.05))
    expected = a * spades_bot.estimate(hand, trump, players) + off - 0.5
    return math.exp(-0.5 * ((expected - b) / BID_SPREAD) ** 2)


def played_by_seat(v: Any) -> list[int]:
    """The cards each seat has played this hand (the view's tricks and the
    trick on the table)."""
    out = [0] * v.players
    for trick, _ in v.tricks:
        for seat, c in trick:
            out[seat] |= 1 << c
    for seat, c in v.trick:
        out[seat] |= 1 << c
    return out


def candidates(k: Know) -> list[int]:
    """The legal cards, one per group of equivalent cards (the lowest)."""
    legal = k.legal_cards()
    out: list[int] = []
    gone = k.played | k.hand  # cards nobody else can hold
    for c in sorted(legal, key=lambda c: (SUIT_OF[c], RANK_OF[c], c)):
        if out and _adjacent(out[-1], c, gone):
            continue
        out.append(c)
    return out


def _adjacent(a: int, b: int, gone: int) -> bool:
    """Same suit, and every rank between them is in the hand or played (one deck)."""
    if SUIT_OF[a] != SUIT_OF[b] or a >= DECK_SIZE or b >= DECK_SIZE:
        return False
    lo, hi = sorted((a, b))
    between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    return between & ~gone == 0


def playout(m: Any, root: int, root_passed: int, root_play: Policy | None = None) -> None:
    """Play the hand to its end with the normal heuristics for every seat
    (``root_play`` for ``root``'s cards, when given)."""
    choose_h = hearts_bot.choose_play
    choose_s = spades_bot.choose_play
    hearts = m.game == "hearts"
    while m.phase == "bid":
        k = Know.from_match(m, m.to_act)
        m.apply(spades_bot.choose_bid(k)[0])
    while m.phase == "play":
        seat = m.to_act
        mask = m.legal_mask()
        if not mask & (mask - 1):
            # One legal card (a forced follow, the last trick): no need to
            # build the seat's knowledge, the most costly step of a playout.
            m.apply(mask.bit_length() - 1)
            continue
        k = Know.from_match(m, seat, root_passed if seat == root else 0)
        legal = k.legal
        if len(legal) == 1:
            a = legal[0]
        elif root_play is not None and seat == root:
            a = root_play(k)[0]
        elif hearts:
            a = choose_h(k, SHED_IN_SEARCH)[0]
        else:
            a = choose_s(k)[0]
        m.apply(a)
    if m.phase == "moon":
        k = Know.from_match(m, m.to_act)
        m.apply(hearts_bot.choose_moon(k)[0])


def playout_value(m: Any, seat: int, passed: int, root_play: Policy | None = None) -> float:
    """Play out and score the hand from ``seat``'s side (higher is better).

    Hearts: minus the seat's points. Spades: the side's points minus the mean
    of the other sides', where a bag costs its share of the bag penalty
    rather than the whole penalty when the limit happens to fall.
    """
    before = list(m.scores)
    bags_before = list(m.bags)
    playout(m, seat, passed, root_play)
    rules = m.rules
    mine: int = rules.side_of(seat)
    value = [float(a - b) for a, b in zip(m.scores, before)]
    if m.game == "hearts":
        return -value[mine]
    if rules.bag_limit:
        per_bag = rules.bag_penalty / rules.bag_limit
        for side in range(len(value)):
            new = _new_bags(m, rules, side)
            crossed = (bags_before[side] + new) // rules.bag_limit
            value[side] += crossed * rules.bag_penalty - new * per_bag
    others = [v for s, v in enumerate(value) if s != mine]
    return value[mine] - sum(others) / len(others)


def _new_bags(m: Any, rules: Any, side: int) -> int:
    """Bags the side took this hand (overtricks and nil tricks)."""
    seats = [s for s in range(m.players) if rules.side_of(s) == side]
    contract = 0
    won = 0
    bags = 0
    for s in seats:
        b = m.bids[s]
        if b is None:
            continue
        if b <= 0:
            bags += m.tricks_won[s]
        else:
            contract += b
            won += m.tricks_won[s]
    if contract and won > contract:
        bags += won - contract
    return bags


__all__ = [
    "DEFAULT_MS",
    "DEFAULT_SAMPLES",
    "Search",
    "Z_SWITCH",
    "bid_candidates",
    "candidates",
    "playout",
    "playout_value",
    "search_choice",
]
