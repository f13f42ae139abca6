"""Hearts heuristics: the ``easy`` and ``normal`` players.

Every decision returns ``(action, reason)``; the reason is a message
(:mod:`.reasons`): the key of one sentence from the rule that chose the
action, and its parameters, shown by the hint button.

``normal`` in short:

- Pass: shed danger (the queen of spades without four small spades to hide
  her, the ace and king of spades without the queen, high hearts, a short
  suit to make a void), keep low cards as exits; with a moon hand, pass low
  cards instead; keep the jack of diamonds (Omnibus) and its guards.
- Lead: the card least likely to win a trick with points, counting the cards
  still out; a high card of a side suit every seat still holds, to shed it
  while no point can fall on it; small spades to smoke out the queen; never
  the ace or king of spades while the queen is out.
- Follow: duck under the winning card with the highest card that still loses;
  drop the queen of spades under the ace or king; last to a clean trick, or
  before seats that still hold its suit, win it with the highest card to
  shed it.
- Void: the queen of spades first, then the ace/king of spades while the
  queen is out, then the most dangerous heart or high card.
- Moon: watch a seat that has taken every point so far and take one heart
  from it (or give a heart to someone else); shoot when the remaining cards
  are all winners and nobody else has points; choose the moon score that
  does not hand the game to someone else.
"""

from __future__ import annotations

from ..actions import MOON_OTHERS, MOON_SELF
from ..cards import DECK_SIZE, HEARTS, SPADES, SUIT_MASKS
from ..scoring import hearts_moon_total, hearts_taken_points
from .common import RANK_OF, SUIT_OF, Know, cards_of, count, fold
from .reasons import SUIT_WORDS, Message

QUEEN, KING, ACE, JACK = 10, 11, 12, 9
QS = SPADES * 13 + QUEEN
JD = 1 * 13 + JACK
HEARTS_MASK = SUIT_MASKS[HEARTS]
QS_MASK = (1 << QS) | (1 << (QS + DECK_SIZE))
JD_MASK = (1 << JD) | (1 << (JD + DECK_SIZE))
POINT_MASK = HEARTS_MASK | QS_MASK


def card_points(c: int, jd: bool) -> int:
    s = SUIT_OF[c]
    if s == HEARTS:
        return 1
    base = c % DECK_SIZE
    if base == QS:
        return 13
    if jd and base == JD:
        return -10
    return 0


def mask_points(mask: int, jd: bool = False) -> int:
    """Points in a mask: hearts 1, queen of spades 13 (jack of diamonds -10 with ``jd``)."""
    p = hearts_taken_points(mask)  # the engine's own count (game/scoring.py)
    if jd:
        p -= 10 * count(mask & JD_MASK)
    return p


class Table:
    """What the normal player works out about the hand before each card."""

    def __init__(self, k: Know) -> None:
        self.k = k
        self.jd = bool(getattr(k.rules, "jack_of_diamonds", False))
        self.total = hearts_moon_total(k.hearts_rules)
        self.taken_pts = [mask_points(t) for t in k.taken]
        takers = [s for s in range(k.players) if self.taken_pts[s] > 0]
        self.split = len(takers) > 1
        # The runner: the one other seat holding every point taken so far. It
        # can still shoot; a threat is a runner whose points, leads or the
        # tricks left make a moon likely enough to pay a point to stop it.
        self.runner = takers[0] if len(takers) == 1 and takers[0] != k.seat else -1
        self.threat = self._threat() if self.runner >= 0 and self.points_out() else -1
        # Queen of spades: where is she?
        self.q_out = k.unseen & QS_MASK  # not seen and not in my hand
        self.q_mine = k.hand & QS_MASK
        self.shooting = False
        if not self.split and (not takers or takers[0] == k.seat):
            self.shooting = self._can_shoot()

    def points_out(self) -> int:
        """Points not yet taken: in hands, or on the table."""
        return self.total - sum(self.taken_pts)  # taken_pts count hearts and queens only

    def _threat(self) -> int:
        """The runner, when it is a moon threat; else -1."""
        k = self.k
        x = self.runner
        p = self.taken_pts[x]
        tn = k.trick_number
        if p >= self.total // 2 - 3 or (p >= 4 and tn >= 5) or (p >= 1 and tn >= 8):
            return x
        # A runner leading the top heart is running them: a player avoiding
        # points leads its low hearts, a shooter its winners.
        for seat, c in (k.trick[:1] if k.trick else []) + ([k.last_lead] if k.last_lead else []):
            if seat == x and SUIT_OF[c] == HEARTS and RANK_OF[c] >= QUEEN:
                higher = (k.hand | k.unseen) & HEARTS_MASK & ~((2 << (c % DECK_SIZE)) - 1)
                if not higher & HEARTS_MASK:
                    return x
        return -1

    def stopper(self) -> int:
        """This hand's highest heart when it can win a heart trick later (a
        jack or better, or the top heart out): the card that stops a moon; -1 if none."""
        k = self.k
        hearts = k.hand & HEARTS_MASK
        if not hearts:
            return -1
        c = max(cards_of(hearts), key=RANK_OF.__getitem__)
        if RANK_OF[c] >= JACK or _is_top(k, c):
            return c
        return -1

    def _can_shoot(self) -> bool:
        """Every card left is a winner, or nearly so with points already taken."""
        k = self.k
        if k.trick_number == 0 and not k.taken[k.seat]:
            # A moon from the first trick on needs a very strong hand.
            return self._losers() == 0 and count(k.hand & HEARTS_MASK) >= 5
        mine = self.taken_pts[k.seat]
        losers = self._losers()
        if losers == 0:
            return mine > 0 or count(k.hand & HEARTS_MASK) >= 4
        return losers == 1 and mine >= 16 and self.total == 26

    def _losers(self) -> int:
        """Cards of this hand that may lose a trick: not top cards of their suit
        (and not cashing once the others run out of the suit)."""
        k = self.k
        losers = 0
        for s in range(4):
            mine = cards_of(k.hand & SUIT_MASKS[s])
            if not mine:
                continue
            out = k.unseen & SUIT_MASKS[s]
            if k.trick and SUIT_OF[k.trick[0][1]] == s:
                out |= 0
            out_n = count(out)
            out_ranks = fold(out) >> (13 * s) & 0x1FFF
            top = out_ranks.bit_length() - 1  # highest rank out, -1 none
            mine_desc = sorted(mine, key=RANK_OF.__getitem__, reverse=True)
            tops = 0
            for c in mine_desc:
                if RANK_OF[c] > top:
                    tops += 1
                else:
                    break
            if tops >= out_n:
                continue
            losers += len(mine) - tops
        return losers


# ---------------------------------------------------------------- passing


def pass_scores(k: Know, hand: int, keep_stopper: bool = True) -> dict[int, float]:
    """How much each card of ``hand`` is worth passing (higher: pass it first);
    ``keep_stopper``: keep the heart that stops a moon (:func:`pass_stopper`)."""
    jd = bool(getattr(k.rules, "jack_of_diamonds", False))
    length = [count(hand & SUIT_MASKS[s]) for s in range(4)]
    spades = cards_of(hand & SUIT_MASKS[SPADES])
    low_spades = sum(1 for c in spades if RANK_OF[c] < QUEEN)
    has_q = bool(hand & QS_MASK)
    keep_q = has_q and low_spades >= 4
    hearts = cards_of(hand & HEARTS_MASK)
    low_hearts = sum(1 for c in hearts if RANK_OF[c] <= 5)
    scores: dict[int, float] = {}
    for c in cards_of(hand):
        s, r = SUIT_OF[c], RANK_OF[c]
        base = c % DECK_SIZE
        if base == QS:
            v = 5.0 if keep_q else 100.0
        elif s == SPADES and r > QUEEN:
            if keep_q:
                v = 25.0
            elif low_spades >= 4:
                v = 20.0 + r
            else:
                v = 80.0 + r
        elif s == SPADES:
            v = 2.0 + r * 0.5  # small spades guard against the queen
        elif s == HEARTS:
            v = 8.0 + r * 5.0
            if r >= 9 and low_hearts >= 3:
                v -= 15.0
            if r <= 3:
                v = r * 0.5
            elif r < JACK and MIDDLE_HEARTS_KEPT:
                v = 2.0 + r * 2.0  # the 6 to the 10: 10 to 18, after the high clubs and diamonds
        else:
            v = r * 3.5
            if length[s] <= 2:
                v += 22.0 if r > 2 else 12.0  # make a void
            if jd and s == 1:
                if base == JD:
                    v = -50.0
                elif r > JACK and hand & JD_MASK:
                    v -= 20.0  # keep the cards that win the jack
        if base == 0:  # the 2 of clubs leads the first trick: a free exit
            v = -1.0
        scores[c] = v
    stop = pass_stopper(hand) if keep_stopper else -1
    if stop >= 0:
        scores[stop] -= STOPPER_PASS
    return scores


# How much less a stopper is worth passing: it stays unless the hand holds
# worse cards to pass (the queen of spades, the top spades, a void to make).
# Keeping it whatever the hand cost normal about 0.3 points a hand against
# the normal before the moon defence (duplicate runs of 100 deals of 4 hands).
STOPPER_PASS = 25.0

# A heart below the jack (the 6 to the 10) is passed only when nothing
# else is worth passing: it ducks heart tricks, and passed it is one more
# heart for a seat to duck with (the queen, king and ace are still passed
# as before). Against the pass of before, the other three seats normal,
# one seat passing each way in turn, left, right and across
# (normal against normal, the hand after the pass): -0.23 [-0.30, -0.16]
# points a hand over 3,000 deals, -0.08 [-0.15, -0.02] over 3,000 others
# (docs/BOTS.md).
MIDDLE_HEARTS_KEPT = True


def pass_stopper(hand: int) -> int:
    """The heart to keep through the pass to stop a moon: the highest, a jack
    or better, with two smaller hearts to duck with until it is needed; -1 if
    the hand has none (a bare high heart wins a heart trick it cannot duck)."""
    hearts = cards_of(hand & HEARTS_MASK)
    if len(hearts) < 3:
        return -1
    c = max(hearts, key=RANK_OF.__getitem__)
    return c if RANK_OF[c] >= JACK else -1


def moon_hand(hand: int) -> bool:
    """A hand to shoot with: long top hearts, the top spades, and few small cards."""
    hearts = cards_of(hand & HEARTS_MASK)
    top_hearts = sum(1 for c in hearts if RANK_OF[c] >= 9)
    if len(hearts) < 6 or top_hearts < 3 or not any(RANK_OF[c] == ACE for c in hearts):
        return False
    spades = cards_of(hand & SUIT_MASKS[SPADES])
    if not any(RANK_OF[c] >= KING for c in spades) and not hand & QS_MASK:
        return False
    small = sum(1 for c in cards_of(hand) if RANK_OF[c] <= 6 and SUIT_OF[c] != HEARTS)
    return small <= 3


def choose_pass(k: Know) -> tuple[int, Message]:
    hand = k.hand  # still the whole dealt hand while passing
    legal = set(k.legal_cards())
    count_to_pass = getattr(k.rules, "pass_count", 3)
    if moon_hand(hand) and k.players < 6:
        order = sorted(cards_of(hand), key=lambda c: (SUIT_OF[c] == HEARTS, RANK_OF[c], c))
        chosen = order[:count_to_pass]
        for c in chosen:
            if c in legal:
                return c, ("hearts.pass.moon", {"card": c})
    scores = pass_scores(k, hand)
    order = sorted(scores, key=lambda c: (-scores[c], -RANK_OF[c], c))
    chosen = order[:count_to_pass]
    # The stopper kept: would the plain scores have passed it? Then that is
    # the reason for this pass (the hint names the moon).
    stop = pass_stopper(hand)
    plain = pass_scores(k, hand, keep_stopper=False) if stop >= 0 else scores
    plain_order = sorted(plain, key=lambda c: (-plain[c], -RANK_OF[c], c))
    kept = stop >= 0 and stop in legal and stop in plain_order[:count_to_pass] and stop not in chosen
    for c in chosen:
        if c in legal:
            if kept and c not in plain_order[:count_to_pass]:
                return c, ("hearts.pass.stopper", {"card": c, "stopper_card": stop})
            return c, pass_reason(c, hand)
    c = max(legal, key=lambda c: (scores.get(c, 0), c))
    return c, pass_reason(c, hand)


def pass_reason(c: int, hand: int) -> Message:
    """Why pass ``c`` from ``hand``: the kind of card it is."""
    s, r = SUIT_OF[c], RANK_OF[c]
    if c % DECK_SIZE == QS:
        return "hearts.pass.queen", {"card": c}
    if s == SPADES and r > QUEEN:
        return "hearts.pass.high_spade", {"card": c}
    if s == HEARTS:
        return "hearts.pass.heart", {"card": c}
    if count(hand & SUIT_MASKS[s]) <= 2:
        return "hearts.pass.void", {"card": c, "suit": s}
    return "hearts.pass.high", {"card": c}


# ---------------------------------------------------------------- playing


def choose_play(k: Know, shed: bool = True) -> tuple[int, Message]:
    """Normal's card; ``shed``: shed high cards while a suit is safe
    (:data:`SAFE_SUIT`; hard's search plays normal without it)."""
    legal = k.legal_cards()
    if len(legal) == 1:
        return legal[0], ("only.card", {"card": legal[0]})
    t = Table(k)
    if t.shooting:
        return _shoot(k, t, legal)
    if not k.trick:
        return _lead(k, t, legal, shed)
    led = k.led_suit()
    if SUIT_OF[legal[0]] == led and all(SUIT_OF[c] == led for c in legal):
        return _follow(k, t, legal, shed)
    return _discard(k, t, legal)


def _trick_points(k: Know, jd: bool) -> int:
    return sum(card_points(c, jd) for _, c in k.trick)


def _shoot(k: Know, t: Table, legal: list[int]) -> tuple[int, Message]:
    """Going for the moon: win every trick with points."""
    if not k.trick:
        winners = [c for c in legal if _is_top(k, c)]
        if winners:
            # Cash the side suits first, hearts when the others are drawn.
            c = max(winners, key=lambda c: (SUIT_OF[c] != HEARTS, RANK_OF[c]))
            return c, ("hearts.shoot.lead_top", {"card": c})
        c = max(legal, key=RANK_OF.__getitem__)
        return c, ("hearts.shoot.lead_back", {"card": c})
    _, best = k.trick_winner()
    win = [c for c in legal if k.beats(c, best)]
    if win:
        c = max(win, key=RANK_OF.__getitem__)
        return c, ("hearts.shoot.win", {"card": c})
    # Cannot win: throw the least useful card that carries no points.
    safe = [c for c in legal if not (1 << c) & POINT_MASK] or legal
    c = min(safe, key=RANK_OF.__getitem__)
    return c, ("hearts.shoot.keep", {"card": c})


def _is_top(k: Know, c: int) -> bool:
    s = SUIT_OF[c]
    out = fold(k.unseen & SUIT_MASKS[s]) >> (13 * s) & 0x1FFF
    return RANK_OF[c] >= out.bit_length() - 1 if out else True


def _follow(k: Know, t: Table, legal: list[int], shedding: bool = True) -> tuple[int, Message]:
    led = k.led_suit()
    win_seat, best = k.trick_winner()
    later = k.later_seats()
    last = not later
    pts = _trick_points(k, t.jd)
    br = RANK_OF[best]
    below = [c for c in legal if RANK_OF[c] < br]
    above = [c for c in legal if RANK_OF[c] > br]
    same = [c for c in legal if RANK_OF[c] == br]  # a second-deck copy: loses to the first
    below += same

    # Someone is shooting the moon: take a trick with points from them.
    if t.threat >= 0:
        heart_in = led == HEARTS or any((1 << c) & POINT_MASK for _, c in k.trick)
        threat_later = t.threat in later
        if above and (win_seat == t.threat or threat_later):
            plain = [c for c in above if c % DECK_SIZE != QS] or above
            # With the shooter still to play, or a point in the trick (the
            # moon ends here: shed the high card), the highest; a clean
            # trick the shooter has played to is taken only for the lead, so
            # with the cheapest winner, keeping the high cards to stop it later.
            if threat_later or heart_in:
                c = max(plain, key=RANK_OF.__getitem__)
            else:
                c = min(plain, key=RANK_OF.__getitem__)
            if heart_in or k.p_beaten(c, later) < 0.5:
                return c, ("hearts.follow.stop_moon", {"card": c, "seat": t.threat})
    if t.runner >= 0 and led == HEARTS and len(below) > 1 and (win_seat == t.runner or t.runner in later):
        stop = t.stopper()
        if t.threat >= 0 or (stop in below and RANK_OF[best] >= JACK):
            # Cannot win this heart from the shooter: keep the high hearts,
            # which win a later heart trick from it (the king under the ace
            # now is the queen's stopper gone), and duck with the lowest.
            c = min(below, key=RANK_OF.__getitem__)
            return c, ("hearts.discard.keep_hearts", {"card": c, "seat": t.runner})

    if led == SPADES and t.q_mine:
        qs = [c for c in legal if c % DECK_SIZE == QS]
        if qs and br > QUEEN:
            return qs[0], ("hearts.follow.drop_queen", {"card": qs[0], "best_card": best, "seat": win_seat})
        if qs and len(legal) > len(qs):
            below = [c for c in below if c % DECK_SIZE != QS]
            above = [c for c in above if c % DECK_SIZE != QS]

    if k.trick_number == 0 and above and getattr(k.rules, "no_points_first_trick", False):
        c = max(above, key=RANK_OF.__getitem__)
        if c % DECK_SIZE != QS:
            return c, ("hearts.follow.first_trick", {"card": c})
    if shedding and SHED_FOLLOW and below and above and not last and pts == 0 and k.trick_number and _shed_suit(t, led):
        # A clean trick of a suit the seats after still hold: take it with
        # the highest card, shed while it costs nothing (the first trick has
        # its own rule above).
        highs = [c for c in above if c % DECK_SIZE != QS]
        if highs and p_void(k, led, later) < SAFE_SUIT:
            c = max(highs, key=RANK_OF.__getitem__)
            return c, ("hearts.follow.shed", {"card": c, "suit": led})
    if below:
        if last and above and pts <= 0:
            shed = _shed_choice(k, t, above)
            if shed is not None:
                if pts < 0:
                    return shed, ("hearts.follow.jack", {"card": shed})
                return shed, ("hearts.follow.last_clean", {"card": shed})
        if pts < 0 and above:
            c = max(above, key=RANK_OF.__getitem__)
            if k.p_beaten(c, later) < 0.3:
                return c, ("hearts.follow.jack", {"card": c})
        c = max(below, key=RANK_OF.__getitem__)
        if pts > 0:
            return c, ("hearts.follow.duck_points", {"card": c, "n": pts})
        if led == SPADES and t.q_out:
            return c, ("hearts.follow.duck_queen", {"card": c})
        return c, ("hearts.follow.duck", {"card": c, "best_card": best})
    # Every card wins for now.
    cand = [c for c in above if c % DECK_SIZE != QS] or above
    if last:
        c = max(cand, key=RANK_OF.__getitem__)
        return c, ("hearts.follow.yours", {"card": c, "suit": led})
    low = min(cand, key=RANK_OF.__getitem__)
    high = max(cand, key=RANK_OF.__getitem__)
    dump_risk = any(not k.can_hold(s, led) for s in later) or (led == SPADES and t.q_out)
    if dump_risk and k.p_beaten(low, later) > 0.4:
        return low, ("hearts.follow.later", {"card": low})
    return high, ("hearts.follow.must_win", {"card": high})


# Shedding while a suit is safe (issue 46). While every seat still to play
# most likely holds a suit (the chance that one of them holds none is under
# SAFE_SUIT), nobody can throw a point on its trick: a high card of it is
# got rid of at no cost, and the low ones stay as exits for the rounds when
# voids show and a high card would take the points thrown on it. Normal
# always led its lowest card and ducked when it could; now a lead of a safe
# side suit (spades once the queen is gone) costs SHED_LEAD less for each
# lower card out, that its card would otherwise win later, and a clean trick
# of a safe suit is taken with the highest card (SHED_FOLLOW) rather than
# ducked. Against normal without it, one seat with it, every seat in turn,
# on deals of the ISMCTS bench (its rules and passes): -0.18 [-0.25, -0.11]
# points a hand over 3,000 deals for the lead alone; with the follow, -0.21
# [-0.28, -0.13] over the same deals and -0.12 [-0.20, -0.04] over 3,000
# others. Against ISMCTS at 5,000 simulations, 300 duplicate deals: normal
# 0.46 a hand ahead [-1.00, +0.08], where it was 0.10 behind (docs/BOTS.md).
SAFE_SUIT = 0.1
SHED_LEAD = 0.4
SHED_FOLLOW = True


def _shed_suit(t: Table, s: int) -> bool:
    """A suit whose tricks carry no point unless a seat is void: not hearts,
    and spades only once the queen is played."""
    return s != HEARTS and not (s == SPADES and (t.q_out or t.q_mine))


def p_void(k: Know, suit: int, seats: list[int]) -> float:
    """A rough chance that one of ``seats`` holds no card of ``suit``: 1 once
    one has shown a void; else each seat's hand drawn at random from the
    cards unseen (those it is known to hold, from the pass, count as held)."""
    out = count(k.unseen & SUIT_MASKS[suit])
    unseen = count(k.unseen)
    p_all = 1.0
    for s in seats:
        if not k.can_hold(s, suit):
            return 1.0
        if k.known[s] & SUIT_MASKS[suit]:
            continue
        miss = 1.0  # the chance that its cards miss every card of the suit out
        for i in range(min(k.hand_sizes[s], unseen)):
            miss *= max(0.0, (unseen - out - i) / (unseen - i))
        p_all *= 1.0 - miss
    return 1.0 - p_all


def _shed_choice(k: Know, t: Table, above: list[int]) -> int | None:
    cand = [c for c in above if c % DECK_SIZE != QS]
    if not cand:
        return None
    c = max(cand, key=RANK_OF.__getitem__)
    if SUIT_OF[c] == SPADES and t.q_mine:
        return None
    return c


def _danger(k: Know, t: Table, c: int) -> float:
    """How much a card hurts to keep (higher: get rid of it first)."""
    s, r = SUIT_OF[c], RANK_OF[c]
    base = c % DECK_SIZE
    if base == QS:
        return 1000.0
    if t.jd and base == JD:
        return -100.0
    out = k.unseen & SUIT_MASKS[s]
    out_ranks = fold(out) >> (13 * s) & 0x1FFF
    lower_out = count(out_ranks & ((1 << r) - 1))
    higher_out = count(out_ranks >> (r + 1))
    if s == SPADES and r > QUEEN and t.q_out:
        return 500.0 + r
    v = r * 3.0 + lower_out * 2.0 - higher_out * 1.5
    if s == HEARTS:
        v += 12.0
    mine = count(k.hand & SUIT_MASKS[s])
    if mine == 1:
        v += 4.0  # a void to come
    if not lower_out:
        v -= 10.0  # cannot win a trick of its suit unless led
    return v


def _discard(k: Know, t: Table, legal: list[int]) -> tuple[int, Message]:
    win_seat, best = k.trick_winner()
    led = k.led_suit()
    if t.threat >= 0:
        points = [c for c in legal if (1 << c) & POINT_MASK]
        if win_seat != t.threat and points and (t.threat not in k.later_seats() or not k.can_hold(t.threat, led)):
            c = max(points, key=lambda c: (c % DECK_SIZE == QS, RANK_OF[c]))
            return c, ("hearts.discard.stop_moon", {"card": c, "seat": win_seat, "threat_seat": t.threat})
        safe = [c for c in legal if not (1 << c) & POINT_MASK]
        if safe:
            c = max(safe, key=lambda c: _danger(k, t, c))
            return c, ("hearts.discard.keep_hearts", {"card": c, "seat": t.threat})
        # Only points left: the lowest heart, never the stopper or the queen.
        hearts = [c for c in legal if SUIT_OF[c] == HEARTS]
        if hearts:
            c = min(hearts, key=RANK_OF.__getitem__)
            return c, ("hearts.discard.keep_hearts", {"card": c, "seat": t.threat})
    c = max(legal, key=lambda c: (_danger(k, t, c), RANK_OF[c]))
    if t.runner >= 0 and (win_seat == t.runner or t.runner in k.later_seats()) and c == t.stopper() and len(legal) > 1:
        # While one other seat holds every point, keep the heart that can
        # stop its moon: thrown to it now, it feeds the moon. (Keeping it
        # before the first point too cost normal 0.3 points a hand against
        # itself, for one moon fewer in 1,200 hands against the moon hunter.)
        c = max((x for x in legal if x != c), key=lambda c: (_danger(k, t, c), RANK_OF[c]))
        return c, ("hearts.discard.keep_hearts", {"card": c, "seat": t.runner})
    if c % DECK_SIZE == QS:
        return c, ("hearts.discard.queen", {"card": c, "suit": led, "seat": win_seat})
    if SUIT_OF[c] == SPADES and RANK_OF[c] > QUEEN and t.q_out:
        return c, ("hearts.discard.high_spade", {"card": c})
    if SUIT_OF[c] == HEARTS:
        return c, ("hearts.discard.heart", {"card": c, "suit": led, "seat": win_seat})
    return c, ("hearts.discard.high", {"card": c, "suit": led})


def _lead(k: Know, t: Table, legal: list[int], shedding: bool = True) -> tuple[int, Message]:
    # Stop a moon: lead a top heart to take a point.
    if t.threat >= 0:
        hearts = [c for c in legal if SUIT_OF[c] == HEARTS and _is_top(k, c)]
        if hearts:
            c = max(hearts, key=RANK_OF.__getitem__)
            return c, ("hearts.lead.stop_moon", {"card": c, "seat": t.threat})
        # Or a suit the shooter has run out of, which another seat can still
        # follow: the shooter cannot win it, and a heart it throws is lost to it.
        void = [
            c
            for c in legal
            if SUIT_OF[c] != HEARTS
            and not k.can_hold(t.threat, SUIT_OF[c])
            and any(k.can_hold(o, SUIT_OF[c]) for o in k.others() if o != t.threat)
            and c % DECK_SIZE != QS
        ]
        if void:
            c = min(void, key=RANK_OF.__getitem__)
            return c, ("hearts.lead.stop_moon_void", {"card": c, "seat": t.threat, "suit": SUIT_OF[c]})
    best_c, best_v, kind = -1, 1e18, ""
    info: dict[int, tuple[int, int, int, int, int]] = {}
    voids_p: dict[int, float] = {}
    high_spades = bool(k.hand & SUIT_MASKS[SPADES] & ~((1 << (SPADES * 13 + QUEEN + 1)) - 1))
    for c in legal:
        s = SUIT_OF[c]
        si = info.get(s)
        if si is None:
            out = k.unseen & SUIT_MASKS[s]
            followers = sum(1 for o in k.others() if k.can_hold(o, s))
            si = info[s] = (
                count(out),
                fold(out) >> (13 * s) & 0x1FFF,
                followers,
                k.players - 1 - followers,
                count(k.hand & SUIT_MASKS[s]),
            )
        v, w = _lead_cost(t, c, si, high_spades)
        if shedding and SHED_LEAD and si[3] == 0 and _shed_suit(t, s):
            # Shed while the suit is safe: see SAFE_SUIT.
            lower = count(si[1] & ((1 << RANK_OF[c]) - 1))
            pv = voids_p.get(s)
            if pv is None:
                pv = voids_p[s] = p_void(k, s, k.others())
            if lower and pv < SAFE_SUIT:
                v -= SHED_LEAD * lower * (1.0 - pv) - pv * 6.0  # a seat void throws about 6 points
                w = "shed"
        if v < best_v - 1e-9 or (abs(v - best_v) <= 1e-9 and RANK_OF[c] < RANK_OF[best_c]):
            best_c, best_v, kind = c, v, w
    return best_c, _lead_reason(best_c, kind)


def _lead_cost(t: Table, c: int, si: tuple[int, int, int, int, int], high_spades: bool) -> tuple[float, str]:
    """How bad leading ``c`` is (lower is better), from its suit's counts."""
    s, r = SUIT_OF[c], RANK_OF[c]
    out_n, out_ranks, followers, voids, mine_s = si
    lower = count(out_ranks & ((1 << r) - 1))
    higher = count(out_ranks >> r)  # an equal second-deck copy beats a lead
    if not followers or not out_n:
        p_win = 1.0
    elif lower == 0:
        p_win = 0.0
    elif higher:
        per = max(1.0, out_n / followers)
        p_win = (1.0 - (higher / out_n) ** per) ** followers * 0.85  # a follower may still choose to win
    else:
        p_win = 1.0
    # What a won trick would cost.
    cost = voids * 4.0
    if s == HEARTS:
        cost += 1 + followers * 0.9
    bonus = 0.0
    smoke = s == SPADES and r < QUEEN and bool(t.q_out) and not high_spades
    if s == SPADES and t.q_out:
        if r > QUEEN:
            cost += 13.0 * (0.8 if lower else 0.3)
            p_win = max(p_win, 0.7)
        elif smoke:
            bonus = -0.8  # smoke out the queen: her holder must follow
    if c % DECK_SIZE == QS:
        cost += 13.0
        p_win = max(p_win, 0.2 if higher else 1.0)
    if t.jd and s == 1 and r > JACK and t.k.unseen & JD_MASK:
        cost -= 4.0
    v = p_win * (cost + 2.0) - (0.3 if lower == 0 else 0.0) + bonus + r * 0.02
    if mine_s <= 2:
        v -= 0.05
    if smoke:
        return v, "smoke"
    if s == SPADES and r > QUEEN and t.q_out:
        return v, "risky"
    if p_win < 0.05:
        return v, "lowest"
    return v, "heart" if s == HEARTS else "safe"


def _lead_reason(c: int, kind: str) -> Message:
    if kind == "lowest":
        return "hearts.lead.lowest." + SUIT_WORDS[SUIT_OF[c]], {"card": c}
    if kind == "shed":
        return "hearts.lead.shed", {"card": c, "suit": SUIT_OF[c]}
    return "hearts.lead." + kind, {"card": c}  # smoke, risky, heart, safe


# ---------------------------------------------------------------- moon choice


def choose_moon(k: Know) -> tuple[int, Message]:
    """Under ``moon: choose``: +26 to the others, or -26 to yourself."""
    total = hearts_moon_total(k.hearts_rules)
    target = k.rules.target
    me = k.seat
    scores = list(k.scores)
    others_plus = [v + (0 if s == me else total) for s, v in enumerate(scores)]
    self_minus = [v - (total if s == me else 0) for s, v in enumerate(scores)]
    if max(others_plus) >= target:
        low = min(others_plus)
        if others_plus[me] == low and others_plus.count(low) == 1:
            return MOON_OTHERS, ("hearts.moon.others_win", {"total": total})
        return MOON_SELF, ("hearts.moon.self_behind", {"total": total})
    if max(self_minus) >= target:
        return MOON_SELF, ("hearts.moon.self", {"total": total})
    best_other = min(v for s, v in enumerate(scores) if s != me)
    if scores[me] < best_other:
        return MOON_OTHERS, ("hearts.moon.others_lead", {"total": total})
    return MOON_SELF, ("hearts.moon.self_behind_keep", {"total": total})


# ---------------------------------------------------------------- easy


def easy_pass(k: Know) -> tuple[int, Message]:
    legal = k.legal_cards()
    c = max(legal, key=lambda c: (c % DECK_SIZE == QS, RANK_OF[c], SUIT_OF[c] == HEARTS))
    return c, ("hearts.easy.pass", {"card": c})


def easy_play(k: Know) -> tuple[int, Message]:
    """Simple rules with no counting: duck if possible, dump the highest on a void."""
    legal = k.legal_cards()
    if not k.trick:
        c = min(legal, key=lambda c: (RANK_OF[c], SUIT_OF[c] == HEARTS))
        return c, ("hearts.easy.lead", {"card": c})
    led = k.led_suit()
    _, best = k.trick_winner()
    if SUIT_OF[legal[0]] == led:
        below = [c for c in legal if RANK_OF[c] < RANK_OF[best]]
        if below:
            c = max(below, key=RANK_OF.__getitem__)
            return c, ("hearts.easy.duck", {"card": c})
        c = min(legal, key=RANK_OF.__getitem__)
        return c, ("hearts.easy.nothing_lower", {"card": c})
    c = max(legal, key=lambda c: (c % DECK_SIZE == QS, SUIT_OF[c] == HEARTS, RANK_OF[c]))
    return c, ("hearts.easy.discard", {"card": c})


def easy_moon(k: Know) -> tuple[int, Message]:
    return MOON_OTHERS, ("hearts.easy.moon", {})
