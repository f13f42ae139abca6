"""Positions for the bot tests: deal chosen cards, fill the rest, play to a moment.

    m = hearts(["QS 2S AC", "", "", ""], voids={0: "C"}, ...)

Each seat gets the cards named for it; the rest of the deck is dealt out
round the table (lowest cards first, skipping suits a seat must be void in),
so a test names only the cards that matter.
"""

from __future__ import annotations

import os
import random
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from game.bots import choose, choose_with_reason, hint  # noqa: E402
from game.cards import DECK_SIZE, card_text, parse_card  # noqa: E402
from game.deal import cards_in_play, hand_sizes  # noqa: E402
from game.rules import preset  # noqa: E402
from game.state import Match  # noqa: E402

SUITS = "CDHS"


def fill_hands(rules, named, dealer, voids=None):
    """Hand masks: ``named`` card texts per seat, the rest dealt to fill each
    seat to its size, never into a suit listed in ``voids[seat]``."""
    n = rules.players
    voids = voids or {}
    sizes = hand_sizes(rules, dealer)
    hands = [0] * n
    used = 0
    for seat, text in enumerate(named):
        for word in text.split():
            c = parse_card(word)
            if used >> c & 1:
                c += DECK_SIZE
            assert not used >> c & 1, f"{word} named twice"
            hands[seat] |= 1 << c
            used |= 1 << c
    pool = [c for c in range(2 * DECK_SIZE) if cards_in_play(rules) >> c & 1 and not used >> c & 1]
    if rules.game == "spades" and n == 2:
        sizes = [13, 13]
    for c in pool:
        suit = SUITS[(c % DECK_SIZE) // 13]
        # The seat with the most room left that may hold this suit.
        options = [s for s in range(n) if bin(hands[s]).count("1") < sizes[s] and suit not in voids.get(s, "")]
        if not options:
            if rules.game == "spades" and n == 2:
                continue  # out of play in two-player Spades
            raise AssertionError(f"no seat can take {card_text(c)}")
        s = max(options, key=lambda s: (sizes[s] - bin(hands[s]).count("1"), -s))
        hands[s] |= 1 << c
    for s in range(n):
        assert bin(hands[s]).count("1") == sizes[s], f"seat {s} has the wrong number of cards"
    return hands


def hearts(named, dealer=3, pass_direction="hold", voids=None, plays="", preset_name="standard", **options):
    m = Match(preset("hearts", preset_name, **options), seed="test")
    m.deal_hands(fill_hands(m.rules, named, dealer, voids), dealer, pass_direction)
    play(m, plays)
    return m


def spades(
    named, dealer=3, bids=(), voids=None, plays="", preset_name="partnership", scores=None, bags=None, **options
):
    m = Match(preset("spades", preset_name, **options), seed="test")
    if scores is not None:
        m.scores = list(scores)
    if bags is not None:
        m.bags = list(bags)
    m.deal_hands(fill_hands(m.rules, named, dealer, voids), dealer)
    for b in bids:
        if m.phase == "bid" and not m.looked[m.to_act] and b != "blind_nil":
            m.apply("look")
        m.apply(b)
    play(m, plays)
    return m


def play(m, text):
    for word in text.split():
        m.apply(word)


def normal(m):
    """The normal bot's action for the seat to act, in JSON form (card text, bid...)."""
    from game.actions import action_to_json

    return action_to_json(choose(m.view(m.to_act), "normal", random.Random(0)))


def reason(m):
    return hint(m.view(m.to_act))[1]


def level(m, name, **search):
    from game.actions import action_to_json

    return action_to_json(choose(m.view(m.to_act), name, random.Random(0), **search))


__all__ = ["choose_with_reason", "fill_hands", "hearts", "level", "normal", "play", "reason", "spades"]
