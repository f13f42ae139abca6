"""An independent model of docs/RULES.md for the property tests: which cards
are in play, hand sizes and trick counts, and a re-play of a finished hand's
record (passes, tricks, scores) written from the rule book, not from the engine.

Not a test module: test_random_matches.py and test_rare_positions.py import it
by name, as they import conftest.
"""

import json
from collections import Counter

from conftest import RANKS

from game.cards import card_text, iter_cards
from game.records import replay_record
from game.rules import preset

SUITS = "CDHS"
DECK = [r + s for s in SUITS for r in RANKS]

# docs/RULES.md, "Player counts" (Spades) and "Odd numbers of cards" (Hearts, with the ruling for 7).
SPADES_REMOVED = {2: [], 3: ["2C"], 4: [], 5: ["2C", "2D"]}
HEARTS_REMOVED = {
    3: ["2D"],
    4: [],
    5: ["2D", "2C"],
    6: ["2D", "2D"],
    7: ["2D", "2D", "2C", "2C", "3D", "3D"],
    8: [],
}
SPADES_TRICKS = {2: 13, 3: 17, 4: 13, 5: 10}
PASS_OFFSET = {"left": 1, "right": -1, "across": 2}


# ----------------------------------------------------------------- expectations


def decks_of(game, players):
    return 2 if game == "hearts" and players >= 6 else 1


def cards_in_play(game, players, odd_cards="double_first"):
    """The deck as a multiset of card texts, after docs/RULES.md's removals."""
    deck = Counter({c: decks_of(game, players) for c in DECK})
    if game == "spades":
        deck.subtract(SPADES_REMOVED[players])
    elif odd_cards == "remove":
        deck.subtract(HEARTS_REMOVED[players])
    return +deck


def expected_sizes(game, players, odd_cards, dealer):
    if game == "spades" and players == 2:
        return [13, 13]  # after the draw
    total = sum(cards_in_play(game, players, odd_cards).values())
    base, extra = divmod(total, players)
    if game == "spades":
        assert extra == 0
    sizes = [base] * players
    for i in range(extra):  # double_first: the first seats from the dealer's left
        sizes[(dealer + 1 + i) % players] += 1
    return sizes


def expected_tricks(game, players, odd_cards):
    if game == "spades":
        return SPADES_TRICKS[players]
    return sum(cards_in_play(game, players, odd_cards).values()) // players


def masks_from_texts(hands_text):
    """Hand masks from card texts; a card's second appearance is the second deck's copy."""
    used = 0
    masks = []
    for hand in hands_text:
        mask = 0
        for t in hand:
            c = SUITS.index(t[1]) * 13 + RANKS.index(t[0])
            if (used | mask) >> c & 1:
                c += 52
            assert not (used | mask) >> c & 1
            mask |= 1 << c
        used |= mask
        masks.append(mask)
    return masks


def texts(mask):
    return Counter(card_text(c) for c in iter_cards(mask))


# ----------------------------------------------------------------- records, re-played by hand


def hands_after_passes(rec):
    n = len(rec["hands"])
    hands = [Counter(h) for h in rec["hands"]]
    direction = rec.get("pass_direction", "hold")
    if direction == "hold":
        assert "passes" not in rec
        return hands
    passes = [Counter(p) for p in rec["passes"]]
    for s in range(n):
        assert not passes[s] - hands[s], f"seat {s} passed cards it was not dealt"
        hands[s] = hands[s] - passes[s]
    for s in range(n):
        hands[(s + PASS_OFFSET[direction]) % n] += passes[s]
    return hands


def first_leader(rec, hands):
    """docs/RULES.md: the 2 of clubs (or lowest club in play) leads in Hearts and
    under first_lead two_of_clubs, nearest the dealer's left, dealer last."""
    n = len(hands)
    order = [(rec["dealer"] + 1 + i) % n for i in range(n)]
    if rec["game"] == "hearts" or rec["rules"].get("first_lead") == "two_of_clubs":
        clubs = [r + "C" for r in RANKS if any(h[r + "C"] for h in hands)]
        if clubs:
            return next(s for s in order if hands[s][clubs[0]]), clubs[0]
    return order[0], None


def auction_trump(rec):
    n = len(rec["hands"])
    best = None
    for i in range(n):
        s = (rec["dealer"] + 1 + i) % n
        b = rec["bids"][s]
        if isinstance(b, list) and (best is None or b[0] > best[0]):
            best = b
    return best[1] if best else "S"


def simulate_tricks(rec):
    """Re-play ``plays`` trick by trick: who plays each card (leader, then
    clockwise; a double_first seat twice in the first trick), that the seat
    holds it and follows suit when it can, and who wins. Returns the tricks
    won and the cards taken, by seat."""
    n = len(rec["hands"])
    hands = hands_after_passes(rec)
    sizes = [sum(h.values()) for h in hands]
    extra = {s for s in range(n) if sizes[s] > min(sizes)}
    trump = None
    if rec["game"] == "spades":
        trump = auction_trump(rec) if rec["rules"].get("auction") else "S"
    leader, lead_card = first_leader(rec, hands)
    plays = rec["plays"]
    tricks = [0] * n
    taken = [Counter() for _ in range(n)]
    i = 0
    number = 0
    while i < len(plays):
        seats = []
        for k in range(n):
            s = (leader + k) % n
            seats += [s, s] if number == 0 and s in extra else [s]
        cards = plays[i : i + len(seats)]
        assert len(cards) == len(seats), "the last trick is not complete"
        i += len(seats)
        if number == 0 and lead_card:
            assert cards[0] == lead_card
        led = cards[0][1]
        for j, (s, c) in enumerate(zip(seats, cards)):
            assert hands[s][c] > 0, f"seat {s} plays {c} that it does not hold"
            if j and c[1] != led:
                assert not any(hands[s][r + led] for r in RANKS), f"seat {s} does not follow {led} with {c}"
            hands[s][c] -= 1
        best = 0
        for j in range(1, len(cards)):
            c, b = cards[j], cards[best]
            if c[1] == b[1]:
                if RANKS.index(c[0]) > RANKS.index(b[0]):  # strictly: of two copies the first stands
                    best = j
            elif c[1] == trump:
                best = j
        leader = seats[best]
        tricks[leader] += 1
        taken[leader].update(cards)
        number += 1
    assert not any(+h for h in hands), "cards are left in hands"
    return tricks, taken


def hearts_points(rec, taken):
    """docs/RULES.md, Hearts: 1 a heart, 13 the queen; the moon (26, 52 with two
    decks); then the jack of diamonds, -10, for whoever took it."""
    rules = rec["rules"]
    n = len(taken)
    total = 26 * decks_of("hearts", n)
    raw = [sum(k for c, k in t.items() if c[1] == "H") + 13 * t["QS"] for t in taken]
    assert sum(raw) == total  # every point card is taken by someone
    shooter = next((s for s in range(n) if raw[s] == total), None)
    points = raw
    if shooter is not None:
        assert rec.get("moon_choice", "others_26") in ("others_26", "self_minus_26")
        if rec.get("moon_choice") == "self_minus_26":
            points = [-total if s == shooter else 0 for s in range(n)]
        else:
            points = [0 if s == shooter else total for s in range(n)]
    if rules.get("jack_of_diamonds"):
        points = [p - 10 * t["JD"] for p, t in zip(points, taken)]
    return points, shooter


def spades_result(rec, tricks):
    """docs/RULES.md, Spades scoring: the result a record must carry, and the bags after it."""
    rules = {**preset("spades", "classic").to_dict(), **rec["rules"]}
    n = len(tricks)
    partnership = rules["partnership"]
    sides = 2 if partnership else n
    side_of = (lambda s: s % 2) if partnership else (lambda s: s)
    in_hand = SPADES_TRICKS[n]
    bags_before = rec.get("bags_before", [0] * sides)
    side_points, bags_after = [], []
    for side in range(sides):
        points = bags = contract = contract_tricks = 0
        for s in range(n):
            if side_of(s) != side:
                continue
            b = rec["bids"][s]
            if b in ("nil", "blind_nil"):
                value = 100 if b == "nil" else 200
                points += value if tricks[s] == 0 else -value
                bags += tricks[s]
                points += tricks[s] * rules["overtrick_points"]
            else:
                contract += b[0] if isinstance(b, list) else b
                contract_tricks += tricks[s]
        if contract:
            if contract_tricks >= contract:
                over = contract_tricks - contract
                made = 10 * contract + over * rules["overtrick_points"]
                if contract == in_hand and rules["thirteen_double"]:
                    made *= 2
                points += made
                bags += over
            else:
                if rules["failed_contract"] == "minus_bid":
                    points -= 10 * contract
                if contract == in_hand and rules["thirteen_fail_bags"]:
                    bags += 13
        bags += bags_before[side]
        while rules["bag_limit"] and bags >= rules["bag_limit"]:
            bags -= rules["bag_limit"]
            points -= rules["bag_penalty"]
        side_points.append(points)
        bags_after.append(bags)
    result = {"tricks": tricks, "points": [side_points[side_of(s)] for s in range(n)]}
    if partnership:
        result["side_points"] = side_points
        result["bags"] = bags_after
    return result, side_points, bags_after


def check_record(m, rec, scores_before):
    game = rec["game"]
    n = m.players
    rules = m.rules
    odd = getattr(rules, "odd_cards", "double_first")
    json.loads(json.dumps(rec))  # plain JSON data
    # Each card dealt exactly once (per deck), hand sizes as docs/RULES.md says.
    dealt = Counter()
    for h in rec["hands"]:
        dealt.update(h)
    sizes = [len(h) for h in rec["hands"]]
    if game == "spades" and n == 2:
        assert sizes == [13, 13]
        assert not dealt - cards_in_play(game, n) and max(dealt.values()) == 1
    else:
        assert dealt == cards_in_play(game, n, odd)
        assert sizes == expected_sizes(game, n, odd, rec["dealer"])
    assert Counter(rec["plays"]) == dealt  # every card dealt is played once
    tricks, taken = simulate_tricks(rec)
    assert rec["result"]["tricks"] == tricks
    assert sum(tricks) == expected_tricks(game, n, odd)
    if game == "hearts":
        points, shooter = hearts_points(rec, taken)
        assert rec["result"] == {"tricks": tricks, "points": points}
        assert ("moon_choice" in rec) == (shooter is not None and rules.moon == "choose")
        # Totals: 26 (52) before the moon, shifted only by the moon and the jack.
        total = 26 * decks_of(game, n)
        jack = 10 * decks_of(game, n) if rules.jack_of_diamonds else 0
        if shooter is None:
            expected_total = total - jack
        elif rec.get("moon_choice") == "self_minus_26":
            expected_total = -total - jack
        else:
            expected_total = (n - 1) * total - jack
        assert sum(points) == expected_total
        assert list(m.scores) == [a + b for a, b in zip(scores_before, points)]
    else:
        assert rec["scores_before"] == scores_before
        result, side_points, bags_after = spades_result(rec, tricks)
        assert rec["result"] == result
        assert list(m.scores) == [a + b for a, b in zip(scores_before, side_points)]
        assert list(m.bags) == bags_after
        for b in rec["bids"]:
            assert b in ("nil", "blind_nil") or isinstance(b, (int, list))
    replayed = replay_record(json.loads(json.dumps(rec)))
    assert replayed.records[-1] == rec
    assert replayed.phase in ("hand_over", "game_over")


