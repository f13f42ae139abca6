"""Perft: golden counts of legal play sequences from fixed deals.

As in chess engines, ``perft(position, depth)`` is the number of distinct
sequences of ``depth`` legal plays from a position. The deals below were made
by a seeded shuffle once and are written out as card texts, so they never
change. Every golden number is checked three ways:

- the engine's count (``clone()`` + ``apply``) equals the number written here;
- an independent move generator written in this file from docs/RULES.md (not
  from the engine) gives the same set of legal cards at every node of the
  tree, so the numbers are not the engine's output echoed back;
- the first depths are derived by hand from the hands in comments, and
  the same reasoning is spelled out as code that reads only the card texts.

Two copies of a card (two decks) are one choice: a sequence is a list of
card texts.
"""

import random
from collections import Counter

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_model import masks_from_texts as masks  # the same reading of card texts

from game.actions import bid
from game.cards import card_text
from game.rules import preset
from game.state import Match

RANKS = "23456789TJQKA"
SUITS = "CDHS"

# ---------------------------------------------------------------- the deals

# Hearts, preset standard, 4 players, dealer 3, a hold hand (no passing).
HEARTS_4 = [
    "2C 6C 9C 5D 9D JD 3H 4H KH 2S 9S JS KS",
    "3C 5C 7C TC JC AC 2D 6D TD QD 9H JH 3S",
    "8C QC 7D KD 5H TH QH AH 4S 5S 6S 8S AS",
    "4C KC 3D 4D 8D AD 2H 6H 7H 8H 7S TS QS",
]
# Hearts, preset standard, 3 players, double_first, dealer 2: seat 0 (the
# dealer's left) has the 18th card and plays twice in the first trick.
HEARTS_3 = [
    "3C 5C TC QC AC 9D QD 4H 5H 6H 7H TH KH 6S 8S TS QS AS",
    "2C 4C 9C JC KC 2D 3D TD JD AD 2H 3H 9H 3S 4S JS KS",
    "6C 7C 8C 4D 5D 6D 7D 8D KD 8H JH QH AH 2S 5S 7S 9S",
]
# Hearts, preset classic, 6 players, two decks, double_first, dealer 5:
# seats 0 and 1 have 18 cards, the others 17.
HEARTS_6 = [
    "4C 5C 9C TC JC KC 8D 9D JD 3H 4H 6H TH QH 4S 7S TS QS",
    "2C 5C QC KC 2D 4D 5D TD QD KD AD 7H 9H JH KH 4S QS KS",
    "4C 6C QC 2D 3D 5D 8D QD KD 2H 2H AH 5S TS JS KS AS",
    "2C 3C 6C 7C TC JC 3D 5H 8H KH AH 2S 2S 6S 8S 9S AS",
    "3C 7C AC 6D 7D 7D 9D TD AD 5H 8H JH QH 3S 3S 7S 9S",
    "8C 8C 9C AC 4D 6D JD 3H 4H 6H 7H 9H TH 5S 6S 8S JS",
]
# Spades, preset classic, dealer 3: seat 0 leads (left of the dealer).
SPADES_CLASSIC = [
    "3C 5C 8C TC JC TD QD 5H 9H KH 8S 9S KS",
    "4C 6C 7C 9C 2D JD 4H 7H JH AH 2S 3S AS",
    "2C 3D 4D 7D AD 6H 8H TH QH 4S 6S JS QS",
    "QC KC AC 5D 6D 8D 9D KD 2H 3H 5S 7S TS",
]
# Spades, preset partnership (the 2 of clubs leads), dealer 3; bids 3 4 2 3.
SPADES_PARTNERSHIP = [
    "5C 9C QC 3D 5D 7D 8D 8H KH AH TS KS AS",
    "2C 8C TC KC AC 4D TD KD 7H 3S 6S 7S 9S",
    "3C 6C 7C 2D JD 5H 9H TH QH 2S 4S 5S QS",
    "4C JC 6D 9D QD AD 2H 3H 4H 6H JH 8S JS",
]

# The golden numbers: perft(1), perft(2), ... from the deal's first play.
GOLDEN = {
    "hearts_4": [1, 6, 12, 24, 204, 560, 1700],
    "hearts_3": [1, 3, 15, 60, 612, 2496],
    "hearts_6": [1, 3, 9, 54, 162, 486, 2916, 14580],
    "spades_classic": [10, 36, 84, 236, 2078, 6098],
    "spades_partnership": [1, 3, 6, 18, 166, 488, 1138, 3096],
}


def split(hands):
    return [h.split() for h in hands]


DEALS = {
    # name: (rules, dealer, hands, bids)
    "hearts_4": (preset("hearts", "standard"), 3, HEARTS_4, None),
    "hearts_3": (preset("hearts", "standard", players=3), 2, HEARTS_3, None),
    "hearts_6": (preset("hearts", "classic", players=6), 5, HEARTS_6, None),
    "spades_classic": (preset("spades", "classic"), 3, SPADES_CLASSIC, [3, 4, 2, 3]),
    "spades_partnership": (preset("spades", "partnership"), 3, SPADES_PARTNERSHIP, [3, 4, 2, 3]),
}


def start(name):
    """The engine at the deal's first play."""
    rules, dealer, hands, bids = DEALS[name]
    m = Match(rules, seed="perft")
    m.deal_hands(masks(split(hands)), dealer, "hold" if rules.game == "hearts" else None)
    if bids:
        n = rules.players
        for i in range(n):
            seat = (dealer + 1 + i) % n
            if not m.looked[seat]:
                m.apply("look")
            m.apply(bid(bids[seat]))  # in turn from the dealer's left
    assert m.phase == "play"
    return m


def perft(m, depth):
    actions = m.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = m.clone()
        child.apply(a)
        total += perft(child, depth - 1)
    return total


# ---------------------------------------------------------------- an independent move generator


class Oracle:
    """The play phase from docs/RULES.md, over card texts, knowing nothing of the engine."""

    def __init__(self, rules, dealer, hands_text):
        self.game = rules.game
        self.r = rules
        self.n = rules.players
        self.hands = [Counter(h) for h in hands_text]
        self.trick = []  # (seat, card)
        self.number = 0
        sizes = [sum(h.values()) for h in self.hands]
        self.extra = {s for s in range(self.n) if sizes[s] > min(sizes)}
        self.size = self.n + len(self.extra)
        self.hearts_played = self.heart_led = self.queen_played = self.trump_played = False
        self.trump = "S" if self.game == "spades" else None
        self.tricks = [0] * self.n
        order = [(dealer + 1 + i) % self.n for i in range(self.n)]
        self.lead_card = None
        self.to_act = order[0]  # Spades, left_of_dealer (in 2-player: the non-dealer)
        if self.game == "hearts" or rules.first_lead == "two_of_clubs":
            # The lowest club in play leads, nearest the dealer's left, dealer last.
            low = next((r + "C" for r in RANKS if any(h[r + "C"] for h in self.hands)), None)
            if low:
                self.lead_card = low
                self.to_act = next(s for s in order if self.hands[s][low])

    def copy(self):
        o = object.__new__(Oracle)
        o.__dict__.update(self.__dict__)
        o.hands = [h.copy() for h in self.hands]
        o.trick = list(self.trick)
        o.extra = set(self.extra)
        o.tricks = list(self.tricks)
        return o

    def legal(self):
        cards = {c for c, k in self.hands[self.to_act].items() if k > 0}
        if not self.trick:
            if self.number == 0 and self.lead_card:
                return {self.lead_card}
            if self.game == "spades":
                # The trump may not be led before it was played, unless the hand is all trumps.
                if not self.trump_played:
                    return {c for c in cards if c[1] != self.trump} or cards
                return cards
            if self.r.hearts_broken == "lead":
                broken = self.hearts_played or (self.r.queen_breaks_hearts and self.queen_played)
                if not broken:
                    # (only hearts and the queen: the queen must be led)
                    return {c for c in cards if c[1] != "H"} or cards
            return cards
        led = self.trick[0][1][1]
        follow = {c for c in cards if c[1] == led}
        if follow:
            return follow
        if self.game == "spades":
            return cards
        # Each rule on its own: the cards each allows, then both.
        allowed = set(cards)
        if self.number == 0 and self.r.no_points_first_trick:
            safe = {c for c in cards if c[1] != "H" and c != "QS"}
            allowed &= safe or cards
        if self.r.hearts_broken == "discard":
            broken = self.heart_led or (self.r.queen_breaks_hearts and self.queen_played)
            if not broken:
                allowed &= {c for c in cards if c[1] != "H"} or cards
        assert allowed
        return allowed

    def play(self, card):
        seat = self.to_act
        assert self.hands[seat][card] > 0
        self.hands[seat][card] -= 1
        self.trick.append((seat, card))
        if card[1] == "H":
            self.hearts_played = True
            if len(self.trick) == 1:
                self.heart_led = True
        if card == "QS":
            self.queen_played = True
        if card[1] == self.trump:
            self.trump_played = True
        if len(self.trick) < self.size:
            if self.number == 0 and seat in self.extra:
                self.extra.discard(seat)  # its second card, straight after
            else:
                self.to_act = (seat + 1) % self.n
            return
        best = 0
        for j in range(1, len(self.trick)):
            c, b = self.trick[j][1], self.trick[best][1]
            if c[1] == b[1]:
                if RANKS.index(c[0]) > RANKS.index(b[0]):  # of two copies the first stands
                    best = j
            elif c[1] == self.trump:
                best = j
        self.to_act = self.trick[best][0]
        self.tricks[self.to_act] += 1
        self.trick = []
        self.number += 1
        self.size = self.n


def oracle_perft(o, depth):
    moves = o.legal()
    if depth == 1:
        return len(moves)
    total = 0
    for c in sorted(moves):
        child = o.copy()
        child.play(c)
        total += oracle_perft(child, depth - 1)
    return total


def compare_trees(m, o, depth):
    """At every node to ``depth``: the same seat to act and the same legal cards."""
    actions = m.legal_actions()
    names = [card_text(a) for a in actions]
    assert len(set(names)) == len(names), "two copies of a card offered as two choices"
    assert m.to_act == o.to_act
    assert set(names) == o.legal(), f"after {m.plays}: engine {sorted(names)}, rules {sorted(o.legal())}"
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = m.clone()
        child.apply(a)
        other = o.copy()
        other.play(card_text(a))
        total += compare_trees(child, other, depth - 1)
    return total


def oracle_start(name):
    rules, dealer, hands, _ = DEALS[name]
    return Oracle(rules, dealer, split(hands))


# ---------------------------------------------------------------- golden counts


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_perft_golden(name):
    m = start(name)
    before = m.plays.copy(), m.hands.copy()
    counts = [perft(m, d) for d in range(1, len(GOLDEN[name]) + 1)]
    assert counts == GOLDEN[name]
    assert (m.plays, m.hands) == before  # perft works on clones only


ORACLE_DEPTH = {"hearts_4": 6, "hearts_3": 5, "hearts_6": 7, "spades_classic": 5, "spades_partnership": 6}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_perft_agrees_with_oracle(name):
    """The move generator written from docs/RULES.md finds the same legal cards as
    the engine at every node, and its own count equals the golden number."""
    depth = ORACLE_DEPTH[name]
    assert compare_trees(start(name), oracle_start(name), depth) == GOLDEN[name][depth - 1]
    assert oracle_perft(oracle_start(name), depth) == GOLDEN[name][depth - 1]


# ---------------------------------------------------------------- the first depths by hand


def clubs(hand):
    return [c for c in hand.split() if c[1] == "C"]


def higher(a, b):
    return RANKS.index(a[0]) > RANKS.index(b[0])


def test_hearts_4_by_hand():
    """Seat 0 holds the 2C and must lead it (1). Seats 1, 2, 3 must follow
    clubs: 6, 2 and 2 clubs, so 6, 12, 24. The highest club wins the first
    trick; hearts are not broken (everyone followed clubs), so the winner
    leads any of its non-hearts: seat 1 has 10 left, seats 2 and 3 have 8.
    Seat 1's AC wins 4 sequences (40); else seat 3's KC wins 10 (80); else
    seat 2's QC wins 5 (40); else 8C against seat 1's TC/JC: 2 for seat 1
    (20), 3 for seat 2 (24). 40 + 80 + 40 + 20 + 24 = 204."""
    h = HEARTS_4
    assert "2C" in h[0].split()
    assert [len(clubs(x)) for x in h[1:]] == [6, 2, 2]
    total = 0
    for a in clubs(h[1]):
        for b in clubs(h[2]):
            for c in clubs(h[3]):
                seats = {1: a, 2: b, 3: c}
                winner = max(seats, key=lambda s: RANKS.index(seats[s][0]))
                left = [x for x in h[winner].split() if x[1] != "H" and x != seats[winner]]
                total += len(left)
    assert total == 204
    assert GOLDEN["hearts_4"][:5] == [1, 6, 12, 24, 204]


def test_hearts_3_by_hand():
    """Dealer 2: seat 0 has 18 cards. Seat 1 holds the 2C and leads it (1);
    seat 2 follows with one of 6C 7C 8C (3); seat 0 plays two clubs, one
    after the other, from 3C 5C TC QC AC (5, then 4: 15, 60). Seat 0 wins
    unless both its clubs are below seat 2's (3C then 5C, or 5C then 3C:
    2 of 20 for each of seat 2's clubs). The winner leads a non-heart:
    seat 0 has 10, seat 2 has 12. 3 * (18 * 10 + 2 * 12) = 612."""
    h = HEARTS_3
    assert "2C" in h[1].split() and len(h[0].split()) == 18
    assert [len(clubs(x)) for x in h] == [5, 5, 3]
    total = 0
    for x in clubs(h[2]):
        for first in clubs(h[0]):
            for second in clubs(h[0]):
                if second == first:
                    continue
                wins0 = higher(first, x) or higher(second, x)
                winner, gone = (0, {first, second}) if wins0 else (2, {x})
                total += len([c for c in h[winner].split() if c[1] != "H" and c not in gone])
    assert total == 612
    assert GOLDEN["hearts_3"][:5] == [1, 3, 15, 60, 612]


def test_hearts_6_by_hand():
    """Dealer 5: seats 0 and 1 have 18 cards; the 2C is in seats 1 and 3, and
    seat 1 is nearer the dealer's left, so it leads it, then plays a second
    club (5C QC KC: 3). Seats 2..5 follow with their distinct clubs: 3
    (4C 6C QC), 6, 3, 3 (8C twice is one choice); seat 0 ends the trick with
    two of its 6 clubs: 6, then 5."""
    h = HEARTS_6
    assert "2C" not in h[0].split() and "2C" in h[1].split()
    distinct = [len(set(clubs(x))) for x in h]
    assert distinct == [6, 4, 3, 6, 3, 3]
    counts = [1]
    for options in (distinct[1] - 1, distinct[2], distinct[3], distinct[4], distinct[5], distinct[0], distinct[0] - 1):
        counts.append(counts[-1] * options)
    assert counts == [1, 3, 9, 54, 162, 486, 2916, 14580] == GOLDEN["hearts_6"]


def test_spades_classic_by_hand():
    """Seat 0 leads; spades are not broken, so any of its 10 non-spades (10).
    Seat 1 must follow: 4 clubs, 2 diamonds, 4 hearts; seat 0 leads 5 clubs,
    2 diamonds, 3 hearts: 5*4 + 2*2 + 3*4 = 36."""
    h = SPADES_CLASSIC
    lead = [c for c in h[0].split() if c[1] != "S"]
    assert len(lead) == 10
    follow = sum(len([x for x in h[1].split() if x[1] == c[1]]) for c in lead)
    assert follow == 36
    assert GOLDEN["spades_classic"][:2] == [10, 36]


def test_spades_partnership_by_hand():
    """Seat 1 leads the 2C (1); seats 2, 3, 0 follow with 3, 2, 3 clubs (3, 6,
    18). The highest club wins; spades are not broken, so the winner leads a
    non-spade: seat 0 has 9 left, seat 3 has 10, seat 2 has 8. Seat 0's QC
    wins 6 (54); else seat 3's JC wins 6 (60); else seat 0's 9C wins 3 (27);
    else seat 0's 5C against 3C/6C/7C: seat 2 wins 2 (16), seat 0 one (9).
    54 + 60 + 27 + 16 + 9 = 166."""
    h = SPADES_PARTNERSHIP
    total = 0
    for a in clubs(h[2]):
        for b in clubs(h[3]):
            for c in clubs(h[0]):
                seats = {2: a, 3: b, 0: c}
                winner = max(seats, key=lambda s: RANKS.index(seats[s][0]))
                total += len([x for x in h[winner].split() if x[1] != "S" and x != seats[winner]])
    assert total == 166
    assert GOLDEN["spades_partnership"][:5] == [1, 3, 6, 18, 166]


def test_two_deck_tie_decides_the_next_leader():
    """Hearts, two decks: of two identical cards the first played ranks
    higher. In HEARTS_6's first trick seats 4 and 5 both play the AC; seat 4
    played first, so it wins and leads: 10 distinct non-hearts (7D and 3S
    are held twice). Had the later AC won, seat 5 would lead from 9."""
    m = start("hearts_6")
    for c in ["2C", "KC", "QC", "6C", "AC", "AC", "KC", "JC"]:
        m.apply(c)
    assert m.to_act == 4 and m.trick_number == 1
    leads = {card_text(a) for a in m.legal_actions()}
    assert leads == {"3C", "7C", "6D", "7D", "9D", "TD", "AD", "3S", "7S", "9S"}
    assert perft(m, 1) == 10
    o = oracle_start("hearts_6")
    for c in ["2C", "KC", "QC", "6C", "AC", "AC", "KC", "JC"]:
        o.play(c)
    assert o.to_act == 4 and o.legal() == leads


# ---------------------------------------------------------------- the oracle against random games


@settings(max_examples=5 * EXAMPLES)
@given(
    game=st.sampled_from(["hearts", "spades"]),
    players=st.integers(2, 8),
    name=st.integers(0, 3),
    odd_cards=st.sampled_from(["double_first", "remove"]),
    hearts_broken=st.sampled_from(["lead", "discard", "none"]),
    flags=st.integers(0, 7),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_games_agree_with_oracle(game, players, name, odd_cards, hearts_broken, flags, seed):
    """Random legal play in any configuration: at every play, the engine's
    legal cards are the oracle's, and so are the seat to act and the tricks."""
    if game == "hearts":
        players = max(players, 3)
        rules = preset(
            "hearts",
            ["classic", "standard", "omnibus", "classic"][name],
            players=players,
            odd_cards=odd_cards,
            hearts_broken=hearts_broken,
            queen_breaks_hearts=bool(flags & 1),
            no_points_first_trick=bool(flags & 2),
        )
    else:
        players = min(players, 5)
        pname = ["classic", "lenient", "cutthroat", "partnership"][name]
        if pname == "partnership":
            players = 4
        rules = preset("spades", pname, players=players, auction=bool(flags & 1))
    rng = random.Random(seed)
    m = Match(rules, seed=f"oracle:{seed}")
    while m.phase != "play":
        m.apply(rng.choice(m.legal_actions()))
    texts = [[card_text(c) for c in range(104) if h >> c & 1] for h in m.hands]
    o = Oracle(rules, m.dealer, texts)
    if rules.game == "spades" and rules.auction:
        best = None
        for i in range(players):
            s = (m.dealer + 1 + i) % players
            b = m.bids[s]
            if m.bid_suits[s] is not None and (best is None or b > best[0]):
                best = (b, SUITS[m.bid_suits[s]])
        o.trump = best[1] if best else "S"
    while m.phase == "play":
        names = [card_text(a) for a in m.legal_actions()]
        assert m.to_act == o.to_act
        assert sorted(names) == sorted(o.legal()), f"after {[card_text(c) for c in m.plays]}"
        a = rng.choice(m.legal_actions())
        m.apply(a)
        o.play(card_text(a))
    assert m.records[-1]["result"]["tricks"] == o.tricks
