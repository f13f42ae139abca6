"""Baza's bots head to head against an outside bot, OpenSpiel's, on duplicate deals.

    python -m venv .bench-venv && .bench-venv/bin/pip install -r bench/requirements.txt
    nice -n 10 .bench-venv/bin/python bench/vs_peer.py --game hearts --level hard --sims 1000 --deals 300
    .bench-venv/bin/python bench/vs_peer.py --game hearts --level normal --sims 200 --deals 300
    nice -n 10 .bench-venv/bin/python bench/vs_peer.py --game spades --level hard --sims 1000 --deals 300

The peer:

- Hearts: ``pyspiel.ISMCTSBot`` (information-set MCTS, C++, random rollouts,
  max-visit final policy) on OpenSpiel's ``hearts``, whose state resamples
  deals from a player's information state.
- Spades: OpenSpiel's ``spades`` implements neither ``ResampleFromInfostate``
  nor an information-state string, so ISMCTS refuses it ("not
  implemented"). The peer there is determinized MCTS: ``--worlds`` deals of
  the unseen cards consistent with the seat's view (hand sizes and voids
  shown, drawn by Baza's ``sample_hands``), on each a ``pyspiel.MCTSBot``
  (UCT, C++, random rollouts) with ``--sims / --worlds`` simulations, and the
  move with the most visits summed over the deals.

Lockstep: OpenSpiel's state is the ground truth. A Baza match runs beside it
with rules set to OpenSpiel's parameters (``RULES`` below); before every
decision the two engines must offer the same legal actions to the same seat,
and after every hand give the same points, or the run stops and prints the
deal and the actions. One known difference, checked rather than hidden:
OpenSpiel counts a nil bidder's tricks towards the partner's contract, Baza
counts them as bags (RULES.md, "Fine points"); a hand where that changes the
score must score, in OpenSpiel, exactly what that rule gives from Baza's own
bids and tricks, and is counted in ``nil_rule_differences``. The scores
reported are OpenSpiel's.

Duplicate deals: every deal is played twice, Baza in seats 0 and 2 and the
peer in 1 and 3, then the seats swapped, so that each side holds each pair
of hands once and card luck cancels. The paired difference per deal is
Baza's mean minus the peer's over both seatings (Hearts: points per seat
and hand, lower is better; Spades: the side's score per hand, higher is
better), with a normal 95% interval over the deals. Decision times are CPU
seconds of this process for decisions with more than one legal action.

Prints a progress line every ``--every`` deals, then a table, then one JSON
object (also written to ``--out``, by default ``bench/results/`` with a dated
name; rewritten at every progress line, so a stopped run keeps its deals).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.actions import bid  # noqa: E402
from game.arena import poisson_ci  # noqa: E402
from game.bots import choose  # noqa: E402
from game.cards import card_text  # noqa: E402
from game.rules import preset  # noqa: E402
from game.state import Match  # noqa: E402
from game.view import sample_hands  # noqa: E402

Z95 = 1.959964
DEALER = 3  # OpenSpiel's seat 0 passes, bids and (Spades) leads first: Baza's dealer is seat 3
PASS_DIRECTIONS = ("hold", "left", "across", "right")  # OpenSpiel's pass-direction chance outcomes 0..3

# Baza's rules set to OpenSpiel's defaults. Hearts: one hand, passing, 2 of
# clubs leads, no points on the first trick, hearts not led until broken
# (a heart or the queen of spades played breaks them), moon: 26 to the
# others. Spades: one partnership hand, nil but no blind nil, seat 0 leads,
# spades not led until broken, 10 a trick bid, 1 a bag, 10 bags -100, nil
# +-100, no bonus for 13.
RULES = {
    "hearts": preset("hearts", "standard", queen_breaks_hearts=True, hearts_broken="lead", moon="others_26"),
    "spades": preset(
        "spades", "partnership", blind_nil=False, thirteen_double=False, first_lead="left_of_dealer", mercy=0
    ),
}
# The peer's exploration constant, on the scale of its returns (Hearts: 26
# minus the points, 0..26). Against normal over the same 150 deals, ISMCTS
# at 200 simulations did best with 8 (normal ahead by 1.23 points a hand)
# among 2 (1.90) and 20 (1.78).
# Spades (returns: the side's score, about -200..+200): against normal over
# 60 deals at 1000 simulations, 2, 30 and 100 did the same within the noise
# (normal ahead by 10.2, 8.6 and 11.8 points a hand); 30 is kept.
UCT_C = {"hearts": 8.0, "spades": 30.0}
BROWSER_SAMPLES = {"hearts": 70, "spades": 100}  # the page's hard bot per decision (docs/BOTS.md)


# ----------------------------------------------------------------- actions


def to_spiel(game: str, action: int) -> int:
    """Baza's action id as OpenSpiel's."""
    if action < 52:
        if game == "hearts":  # OpenSpiel's Hearts card: rank * 4 + suit
            return (action % 13) * 4 + action // 13
        return action  # OpenSpiel's Spades card: suit * 13 + rank, as Baza's
    return 52 + (action - bid(0))  # a Spades bid


def from_spiel(game: str, action: int) -> int:
    """OpenSpiel's action id as Baza's."""
    if action < 52:
        if game == "hearts":
            return (action % 4) * 13 + action // 4
        return action
    return bid(action - 52)


def action_text(action: int) -> str:
    return card_text(action) if action < 52 else f"bid {action - bid(0)}"


# ----------------------------------------------------------------- the peer


class IsmctsPeer:
    """OpenSpiel's ISMCTS with random rollouts."""

    def __init__(self, game: Any, sims: int, uct_c: float, seed: int) -> None:
        import pyspiel

        # Held here: the C++ bot keeps only a pointer to its evaluator.
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.ISMCTSBot(
            seed, self.evaluator, uct_c, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
        )
        self.name = f"ISMCTS {sims} simulations, uct_c {uct_c}"

        self.game = game
        self.rng = random.Random(seed)

    def step(self, state: Any, view: Any, history: list[tuple[int, int]]) -> int:
        if view.phase != "pass":
            return self.bot.step(state)
        # OpenSpiel 2.0.2's ISMCTS crashes (a segmentation fault) on a Hearts
        # pass of any seat after seat 0 has passed. The passes are hidden and
        # independent, so the seat decides from the same information as seat 0
        # of a state turned round: its dealt hand, the cards it has chosen so
        # far, the others' hands dealt at random (ISMCTS resamples them anyway).
        me = view.seat
        mine = view.hand | sum(1 << a for s, a in history if s == me)
        rest = [c for c in range(52) if not mine >> c & 1]
        self.rng.shuffle(rest)
        hands = [mine] + [sum(1 << c for c in rest[13 * k : 13 * k + 13]) for k in range(3)]
        turned = deal_state(self.game, "hearts", hands, view.pass_direction)
        for s, a in history:
            if s == me:
                turned.apply_action(to_spiel("hearts", a))
        return self.bot.step(turned)


class DeterminizedMctsPeer:
    """OpenSpiel's MCTS (UCT) on ``worlds`` determinized deals, visits summed."""

    def __init__(self, game: Any, sims: int, uct_c: float, seed: int, worlds: int) -> None:
        import pyspiel

        self.pyspiel = pyspiel
        self.game = game
        self.worlds = worlds
        self.per_world = max(1, sims // worlds)
        self.uct_c = uct_c
        self.rng = random.Random(seed)
        self.name = f"determinized MCTS {worlds} x {self.per_world} simulations, uct_c {uct_c}"

    def step(self, state: Any, view: Any, history: list[tuple[int, int]]) -> int:
        pyspiel = self.pyspiel
        played = [0, 0, 0, 0]
        for seat, a in history:
            if a < 52:
                played[seat] |= 1 << a
        visits: dict[int, float] = {}
        for _ in range(self.worlds):
            hands = sample_hands(view, self.rng)
            world = deal_state(self.game, "spades", [hands[s] | played[s] for s in range(4)], None)
            for _seat, a in history:
                world.apply_action(to_spiel("spades", a))
            seed = self.rng.randrange(1 << 30)
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)  # kept alive while the bot searches
            bot = pyspiel.MCTSBot(self.game, evaluator, self.uct_c, self.per_world, 1000, False, seed, False)
            root = bot.mcts_search(world)
            for child in root.children:
                visits[child.action] = visits.get(child.action, 0) + child.explore_count
        return max(visits, key=lambda a: (visits[a], -a))


# ----------------------------------------------------------------- one game


def deal_hands(seed: str) -> list[int]:
    """Four 13-card hands (Baza masks) for a deal seed."""
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    return [sum(1 << c for c in cards[s::4]) for s in range(4)]


def deal_state(spiel_game: Any, game: str, hands: list[int], pass_direction: str | None) -> Any:
    """OpenSpiel's state after its chance actions have dealt exactly these hands."""
    st = spiel_game.new_initial_state()
    if game == "hearts":
        st.apply_action(PASS_DIRECTIONS.index(pass_direction))
    lists = [[c for c in range(52) if h >> c & 1] for h in hands]
    for k in range(52):  # OpenSpiel gives the k-th dealt card to seat k % 4
        st.apply_action(to_spiel(game, lists[k % 4][k // 4]))
    return st


class Mismatch(Exception):
    """The two engines disagree: the run stops."""


def spiel_rule_side_score(bids: list[int], tricks: list[int]) -> int:
    """A partnership's hand score under OpenSpiel's rule (the nil bidder's tricks
    count towards the side's contract), from 0 points and 0 bags."""
    contract = sum(bids)
    won = sum(tricks)
    points = sum((-100 if t else 100) for b, t in zip(bids, tricks) if b == 0)
    if won < contract:
        return points - 10 * contract
    over = won - contract
    return points + 10 * contract + over - 100 * (over // 10)


def spades_lead_difference(m: Match, legal: list[int], ours: list[int]) -> bool:
    """Whether OpenSpiel's legal actions are Baza's less the spade leads of a
    hand that holds another suit: OpenSpiel 2.0.2's ``spades`` never marks
    spades broken (``is_spades_broken_`` is set nowhere), so a spade may be
    led only from a hand of spades alone, where Baza allows it once a spade
    has been played."""
    if m.game != "spades" or m.phase != "play" or m.trick or not m.broken:
        return False
    spades = [a for a in ours if a // 13 == 3]
    return legal == [a for a in ours if a // 13 != 3] and bool(spades) and bool(legal)


def play_game(args: argparse.Namespace, spiel_game: Any, deal: int, swap: int, stats: dict[str, Any]) -> dict[str, Any]:
    """One hand of one deal, Baza in seats 0 and 2 (swap 0) or 1 and 3 (swap 1)."""
    game = args.game
    key = f"{args.seed}:{deal}"
    hands = deal_hands(key)
    pass_direction = PASS_DIRECTIONS[deal % 4] if game == "hearts" else None
    st = deal_state(spiel_game, game, hands, pass_direction)
    m = Match(RULES[game], seed=key)
    m.deal_hands(list(hands), DEALER, pass_direction)
    baza = {0, 2} if swap == 0 else {1, 3}
    rngs = {s: random.Random(f"{key}:{swap}:{s}") for s in baza}
    peer_seed = random.Random(f"{key}:{swap}:peer").randrange(1 << 30)
    if game == "hearts":
        peer: Any = IsmctsPeer(spiel_game, args.sims, args.uct_c, peer_seed)
    else:
        peer = DeterminizedMctsPeer(spiel_game, args.sims, args.uct_c, peer_seed, args.worlds)
    stats["peer_name"] = peer.name
    budget = {"samples": args.samples} if args.level == "hard" else {}
    history: list[tuple[int, int]] = []

    def fail(why: str) -> None:
        lines = [f"Mismatch, deal {deal} (seed {key!r}), Baza in seats {sorted(baza)}: {why}"]
        lines += [f"  seat {s}: " + " ".join(card_text(c) for c in range(52) if hands[s] >> c & 1) for s in range(4)]
        if pass_direction:
            lines.append(f"  pass: {pass_direction}")
        lines.append("  actions: " + " ".join(f"{s}:{action_text(a)}" for s, a in history))
        lines.append(str(st))
        raise Mismatch("\n".join(lines))

    while not st.is_terminal():
        p = st.current_player()
        if m.to_act != p:
            fail(f"OpenSpiel's seat to act is {p}, Baza's {m.to_act}")
        legal = sorted(from_spiel(game, a) for a in st.legal_actions())
        ours = sorted(m.legal_actions())
        view = m.view(p)
        if legal != ours:
            if not spades_lead_difference(m, legal, ours):
                theirs_text, ours_text = [action_text(a) for a in legal], [action_text(a) for a in ours]
                fail(f"legal actions of seat {p}: OpenSpiel {theirs_text}, Baza {ours_text}")
            stats["spades_lead_differences"] += 1
            view = dataclasses.replace(view, legal=tuple(legal), broken=False)
        side = "baza" if p in baza else "peer"
        if len(legal) == 1:
            a = legal[0]
        else:
            t0 = time.process_time()
            if side == "baza":
                a = choose(view, args.level, rngs[p], **budget)
            else:
                a = from_spiel(game, peer.step(st, view, history))
            stats["times"][side].append(time.process_time() - t0)
        if m.phase == "bid":
            stats["bids"][side].append((p, a - bid(0)))
        st.apply_action(to_spiel(game, a))
        m.apply(a)
        history.append((p, a))
    if m.phase not in ("hand_over", "game_over"):
        fail(f"OpenSpiel's hand is over, Baza's phase is {m.phase}")
    result = m.records[-1]["result"]
    returns = st.returns()
    out: dict[str, Any] = {"deal": deal, "swap": swap}
    if game == "hearts":
        spiel_points = [round(26 - r) for r in returns]
        if spiel_points != result["points"]:
            fail(f"points: OpenSpiel {spiel_points}, Baza {result['points']}")
        out["baza"] = sum(spiel_points[s] for s in baza) / 2  # per seat
        out["peer"] = sum(spiel_points[s] for s in range(4) if s not in baza) / 2
        out["moon"] = [s for s in range(4) if spiel_points[s] == 0 and sum(spiel_points) == 78]
    else:
        spiel_sides = [round(returns[0]), round(returns[1])]
        bids = [m.bids[s] for s in range(4)]
        tricks = result["tricks"]
        for sd in (0, 1):
            if spiel_sides[sd] == result["side_points"][sd]:
                continue
            seats = [sd, sd + 2]
            nil_failed = any(bids[s] == 0 and tricks[s] > 0 for s in seats)
            if nil_failed and spiel_sides[sd] == spiel_rule_side_score(
                [bids[s] for s in seats], [tricks[s] for s in seats]
            ):
                stats["nil_rule_differences"] += 1
                continue
            fail(f"side {sd} scores: OpenSpiel {spiel_sides[sd]}, Baza {result['side_points'][sd]}")
        ours_side = 0 if 0 in baza else 1
        out["baza"] = spiel_sides[ours_side]
        out["peer"] = spiel_sides[1 - ours_side]
        for s in range(4):
            if bids[s] == 0:
                who = "baza" if s in baza else "peer"
                stats["nil"][who]["bid"] += 1
                stats["nil"][who]["made"] += tricks[s] == 0
        out["bids"] = bids
        out["tricks"] = tricks
    if args.show:
        print(f"deal {deal}, Baza in seats {sorted(baza)}" + (f", pass {pass_direction}" if pass_direction else ""))
        for seat in range(4):
            print(f"  seat {seat}: " + " ".join(card_text(c) for c in range(52) if hands[seat] >> c & 1))
        plays = [f"{seat}:{action_text(a)}" for seat, a in history]
        for i in range(0, len(plays), 16):
            print("   " + " ".join(plays[i : i + 16]))
        print(f"  points: {result['points']}")
    return out


# ----------------------------------------------------------------- results


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    if not xs:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, -math.inf, math.inf
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def per_100(k: int, hands: int) -> dict[str, Any]:
    """``k`` moons in ``hands`` hands of the table, per 100 hands, with the exact 95% interval."""
    lo, hi = poisson_ci(k)
    scale = 100 / hands if hands else 0.0
    return {"moons": k, "per_100_hands": round(k * scale, 2), "ci95": [round(lo * scale, 2), round(hi * scale, 2)]}


def summarize(
    args: argparse.Namespace, games: list[dict[str, Any]], stats: dict[str, Any], seconds: float
) -> dict[str, Any]:
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for g in games:
        by_deal.setdefault(g["deal"], []).append(g)
    pairs = [gs for gs in by_deal.values() if len(gs) == 2]
    diffs = [statistics.fmean(g["baza"] for g in gs) - statistics.fmean(g["peer"] for g in gs) for gs in pairs]
    per_game = [g for gs in pairs for g in gs]
    b_mean, b_lo, b_hi = mean_ci([statistics.fmean(g["baza"] for g in gs) for gs in pairs])
    p_mean, p_lo, p_hi = mean_ci([statistics.fmean(g["peer"] for g in gs) for gs in pairs])
    d_mean, d_lo, d_hi = mean_ci(diffs)

    def times(side: str) -> dict[str, Any]:
        ts = stats["times"][side]
        if not ts:
            return {}
        ts = sorted(ts)
        return {
            "mean_s": round(statistics.fmean(ts), 4),
            "p50_s": round(ts[len(ts) // 2], 4),
            "p95_s": round(ts[min(len(ts) - 1, int(0.95 * len(ts)))], 4),
            "decisions": len(ts),
        }

    unit = (
        "points per seat and hand (lower is better)"
        if args.game == "hearts"
        else "side's score per hand (higher is better)"
    )
    out: dict[str, Any] = {
        "game": args.game,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "baza_level": args.level,
        "baza_budget": {"samples": args.samples} if args.level == "hard" else None,
        "peer": stats.get("peer_name"),
        "rules": RULES[args.game].to_dict(),
        "seed": args.seed,
        "deals": len(pairs),
        "hands": len(per_game),
        "unit": unit,
        "baza": {"mean": round(b_mean, 3), "ci95": [round(b_lo, 3), round(b_hi, 3)]},
        "peer_side": {"mean": round(p_mean, 3), "ci95": [round(p_lo, 3), round(p_hi, 3)]},
        "difference_baza_minus_peer": {"mean": round(d_mean, 3), "ci95": [round(d_lo, 3), round(d_hi, 3)]},
        "seconds_per_decision": {"baza": times("baza"), "peer": times("peer")},
        "seconds": round(seconds, 1),
    }
    if args.game == "hearts":
        out["moons"] = {
            "baza": sum(1 for g in per_game for s in g["moon"] if (s % 2 == 0) == (g["swap"] == 0)),
            "peer": sum(1 for g in per_game for s in g["moon"] if (s % 2 == 0) != (g["swap"] == 0)),
        }
        # Per 100 hands of the table (each hand: two Baza seats, two peer seats).
        out["moons_per_100_hands"] = {side: per_100(k, len(per_game)) for side, k in out["moons"].items()}
    else:
        seat_hands = 2 * len(per_game)
        out["nil"] = {
            side: {
                "bid": stats["nil"][side]["bid"],
                "made": stats["nil"][side]["made"],
                "bid_rate": round(stats["nil"][side]["bid"] / seat_hands, 4) if seat_hands else 0,
                "made_rate": round(stats["nil"][side]["made"] / stats["nil"][side]["bid"], 4)
                if stats["nil"][side]["bid"]
                else None,
            }
            for side in ("baza", "peer")
        }
        out["nil_rule_differences"] = stats["nil_rule_differences"]
        out["spades_lead_differences"] = stats["spades_lead_differences"]
        out["mean_bid"] = {
            side: round(statistics.fmean(b for _, b in stats["bids"][side]), 3) if stats["bids"][side] else None
            for side in ("baza", "peer")
        }
    out["per_deal_difference"] = [round(d, 3) for d in diffs]
    out["per_deal_baza"] = [round(statistics.fmean(g["baza"] for g in gs), 3) for gs in pairs]
    out["per_deal_peer"] = [round(statistics.fmean(g["peer"] for g in gs), 3) for gs in pairs]
    if args.add:
        out = add_run(out, json.loads(Path(args.add).read_text()), args.add)
    return out


def add_run(new: dict[str, Any], old: dict[str, Any], name: str) -> dict[str, Any]:
    """``new``'s deals and an earlier run's of the same bench (other deals of
    the same seed, Baza and the peer set alike) as one result: the paired
    differences of both, the moons of both. The earlier run's decision times
    are not added (its JSON keeps them)."""
    for key in ("game", "baza_level", "baza_budget", "peer", "rules", "seed"):
        if new[key] != old[key]:
            raise SystemExit(f"--add {name}: {key} differs ({old[key]!r}, here {new[key]!r})")
    out = dict(new)
    diffs = old["per_deal_difference"] + new["per_deal_difference"]
    d_mean, d_lo, d_hi = mean_ci(diffs)
    out["difference_baza_minus_peer"] = {"mean": round(d_mean, 3), "ci95": [round(d_lo, 3), round(d_hi, 3)]}
    out["per_deal_difference"] = diffs
    out["deals"] = len(diffs)
    out["hands"] = old["hands"] + new["hands"]
    for side, key in (("baza", "per_deal_baza"), ("peer_side", "per_deal_peer")):
        if key in old:
            m, lo, hi = mean_ci(old[key] + new[key])
            out[side] = {"mean": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)]}
            out[key] = old[key] + new[key]
        else:  # an earlier run without its per-deal means: the mean over both, no interval
            mean = (old[side]["mean"] * old["deals"] + new[side]["mean"] * new["deals"]) / out["deals"]
            out[side] = {"mean": round(mean, 3), "ci95": None}
            out.pop(key, None)
    if "moons" in new:
        out["moons"] = {side: old["moons"][side] + new["moons"][side] for side in new["moons"]}
        out["moons_per_100_hands"] = {side: per_100(k, out["hands"]) for side, k in out["moons"].items()}
    out["added"] = {"file": Path(name).name, "deals": old["deals"], "seconds": old["seconds"]}
    return out


def table(r: dict[str, Any]) -> str:
    b, p, d = r["baza"], r["peer_side"], r["difference_baza_minus_peer"]
    tb, tp = r["seconds_per_decision"]["baza"], r["seconds_per_decision"]["peer"]
    lines = [
        f"{r['game']}: Baza {r['baza_level']} {r['baza_budget'] or ''} against {r['peer']}",
        f"{r['deals']} duplicate deals ({r['hands']} hands), {r['unit']}, {r['seconds']} s",
        f"{'side':6} {'mean':>9} {'95% CI':>20} {'s/decision (mean, p95)':>24}",
        f"{'Baza':6} {b['mean']:>9.3f} {str(b['ci95']):>20} {tb.get('mean_s', 0):>12} {tb.get('p95_s', 0):>10}",
        f"{'peer':6} {p['mean']:>9.3f} {str(p['ci95']):>20} {tp.get('mean_s', 0):>12} {tp.get('p95_s', 0):>10}",
        f"paired difference Baza - peer per deal: {d['mean']:+.3f} {d['ci95']}",
    ]
    if "nil" in r:
        for side in ("baza", "peer"):
            n = r["nil"][side]
            lines.append(f"nil {side}: bid {n['bid']} ({n['bid_rate']:.1%} of seat-hands), made {n['made']}")
        lines.append(f"hands where the nil scoring rule differs: {r['nil_rule_differences']}")
        lines.append(f"leads where OpenSpiel forbids Baza's spade leads: {r['spades_lead_differences']}")
    if "moons" in r:
        per = r["moons_per_100_hands"]
        lines.append(
            f"moons shot: Baza {r['moons']['baza']}, peer {r['moons']['peer']}; per 100 hands: "
            f"Baza {per['baza']['per_100_hands']} {per['baza']['ci95']}, "
            f"peer {per['peer']['per_100_hands']} {per['peer']['ci95']}"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("hearts", "spades"), default="hearts")
    parser.add_argument("--level", choices=("random", "easy", "normal", "hard"), default="hard", help="Baza's level")
    parser.add_argument(
        "--samples", type=int, default=None, help="hard's sampled deals per decision (default: the page's)"
    )
    parser.add_argument("--sims", type=int, default=1000, help="the peer's simulations per move")
    parser.add_argument("--worlds", type=int, default=10, help="Spades: the peer's determinized deals per move")
    parser.add_argument(
        "--uct-c", type=float, default=None, help="the peer's UCT exploration constant (default: UCT_C)"
    )
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", default="2026")
    parser.add_argument("--show", action="store_true", help="print every hand's cards and actions")
    parser.add_argument("--every", type=int, default=10, help="a progress line every this many deals")
    parser.add_argument(
        "--add",
        default=None,
        help="an earlier run's JSON (other deals: --first-deal) to report together with this one",
    )
    parser.add_argument(
        "--out", default=None, help="the JSON file (default bench/results/DATE-vs-peer-GAME-LEVEL.json)"
    )
    args = parser.parse_args()
    if args.samples is None:
        args.samples = BROWSER_SAMPLES[args.game]
    if args.uct_c is None:
        args.uct_c = UCT_C[args.game]
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install -r bench/requirements.txt", file=sys.stderr)
        return 2
    day = datetime.date.today().isoformat()
    out_path = (
        Path(args.out) if args.out else ROOT / "bench" / "results" / f"{day}-vs-peer-{args.game}-{args.level}.json"
    )
    spiel_game = pyspiel.load_game(args.game)
    stats: dict[str, Any] = {
        "times": {"baza": [], "peer": []},
        "bids": {"baza": [], "peer": []},
        "nil": {"baza": {"bid": 0, "made": 0}, "peer": {"bid": 0, "made": 0}},
        "nil_rule_differences": 0,
        "spades_lead_differences": 0,
    }
    games: list[dict[str, Any]] = []
    start = time.perf_counter()
    result: dict[str, Any] = {}
    for i, deal in enumerate(range(args.first_deal, args.first_deal + args.deals)):
        for swap in (0, 1):
            try:
                games.append(play_game(args, spiel_game, deal, swap, stats))
            except Mismatch as e:
                print(e, file=sys.stderr)
                return 1
        if (i + 1) % args.every == 0 or i + 1 == args.deals:
            result = summarize(args, games, stats, time.perf_counter() - start)
            d = result["difference_baza_minus_peer"]
            print(
                f"{i + 1} deals, {result['seconds']} s: Baza {result['baza']['mean']:.3f}, "
                f"peer {result['peer_side']['mean']:.3f}, difference {d['mean']:+.3f} {d['ci95']}",
                flush=True,
            )
            out_path.parent.mkdir(parents=True, exist_ok=True)
            out_path.write_text(json.dumps(result, indent=1) + "\n")
    print(table(result))
    print(json.dumps({k: v for k, v in result.items() if k != "per_deal_difference"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
