"""Positions uniformly random play rarely reaches, each built on purpose: a
deal where seat 0 must shoot the moon (whatever is drawn for the others), a
card held twice with two decks, and the look offered beside blind nil.

The checks come from match_checks.py and rules_model.py, as in
test_random_matches.py.
"""

import random
from collections import Counter

from conftest import EXAMPLES, RANKS
from hypothesis import given, settings
from hypothesis import strategies as st
from match_checks import check_state, public_snapshot
from rules_model import cards_in_play, check_record, expected_tricks, masks_from_texts

from game.cards import card_text
from game.errors import IllegalAction
from game.rules import PRESETS, preset
from game.state import Match

SETTINGS = settings(max_examples=EXAMPLES)  # the profile of conftest.py: derandomized in CI


@SETTINGS
@given(
    name=st.sampled_from(sorted(PRESETS["hearts"])),
    deal_seed=st.integers(0, 2**32 - 1),
    policy=st.integers(0, 2**32 - 1),
    choice=st.sampled_from(["others_26", "self_minus_26"]),
    six=st.booleans(),
)
def test_moon_deal_always_shoots(name, deal_seed, policy, choice, six):
    """Seat 0 holds clubs that win every trick, whatever the others hold and
    play, so it takes every point card: a moon, worth 26 (52 with two decks),
    and the jack of diamonds still counts -10 for whoever took it (seat 0)."""
    if six:
        # Six players, two decks, remove (both 2 of diamonds out): 17 cards each.
        # Seat 0: both copies of 7C..AC and one AS; every other club is lower,
        # and the second AS, played later, ranks lower than the first.
        rules = preset("hearts", name, players=6, odd_cards="remove", moon="choose", pass_count=0)
        mine = [r + "C" for r in "789TJQKA"] * 2 + ["AS"]
    else:
        rules = preset("hearts", name, moon="choose", pass_count=0)
        mine = [r + "C" for r in RANKS]
    n = rules.players
    rest = list((cards_in_play("hearts", n, rules.odd_cards) - Counter(mine)).elements())
    random.Random(deal_seed).shuffle(rest)
    size = len(mine)
    hands_text = [mine] + [rest[i * size : (i + 1) * size] for i in range(n - 1)]
    rng = random.Random(policy)
    plays = []
    m = Match(rules, seed="moon")
    m.deal_hands(masks_from_texts(hands_text), n - 1, "hold")
    while m.phase == "play":
        check_state(m)
        a = rng.choice(m.legal_actions())
        plays.append(card_text(a))
        m.apply(a)
    assert m.phase == "moon" and m.to_act == 0 and m.moon_shooter == 0
    assert sorted(m.legal_actions()) == [194, 195]
    m.apply(choice)
    total = 26 * rules.decks
    jack = 10 * rules.decks if rules.jack_of_diamonds else 0
    expected = [-total - jack] + [0] * (n - 1) if choice == "self_minus_26" else [-jack] + [total] * (n - 1)
    rec = m.records[-1]
    assert rec["result"]["points"] == expected
    assert rec["result"]["tricks"] == [expected_tricks("hearts", n, rules.odd_cards)] + [0] * (n - 1)
    assert rec["moon_choice"] == choice and rec["plays"] == plays
    check_record(m, rec, [0] * n)


def test_second_copy_of_a_card_names_the_same_choice():
    """Two decks: holding both copies of a card is one choice, and the legal
    actions list one id for it (docs/RULES.md). The other id must then
    either name the same choice (the state after it equals the state after
    the listed id) or be refused with a sentence that says why (docs/RULES.md: a
    refused action gets a full sentence); seen failing once: refused with an
    empty message."""
    for phase in ("pass", "play"):
        m = Match(preset("hearts", "classic", players=6, pass_count=3 if phase == "pass" else 0), seed="copies")
        rng = random.Random(3)
        doubled = []
        for _ in range(300):
            if m.phase == phase:
                hand = m.hands[m.to_act]
                legal = m.legal_actions()
                doubled = [c for c in range(52) if hand >> c & 1 and hand >> (c + 52) & 1 and c in legal]
                if doubled:
                    break
            m.apply(rng.choice(m.legal_actions()))
        assert doubled, f"no seat may {phase} a card it holds twice"
        first, second = doubled[0], doubled[0] + 52
        assert second not in m.legal_actions()
        listed = m.clone()
        listed.apply(first)
        other = m.clone()
        before = public_snapshot(other)
        try:
            other.apply(second)
        except IllegalAction as err:
            assert public_snapshot(other) == before
            assert str(err).endswith(".") and len(str(err)) > 10, f"empty refusal: {str(err)!r}"
        else:
            assert public_snapshot(other) == public_snapshot(listed)
            assert [other.view(s) for s in range(6)] == [listed.view(s) for s in range(6)]


def test_explain_is_empty_for_a_legal_look():
    """explain() gives "" for a legal action. A seat offered blind nil may
    look at its cards; seen failing: explain(LOOK) says "You have already
    looked at your cards." while LOOK is legal."""
    m = Match(preset("spades", "partnership", blind_nil_behind=0), seed="look")
    while m.phase != "bid":
        m.apply(m.legal_actions()[0])
    assert m.legal_actions() == [199, 198]  # blind nil, or look
    assert m.explain(199) == ""
    assert m.explain(198) == ""
