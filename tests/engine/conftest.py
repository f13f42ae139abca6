"""Small helpers for the rule tests: positions from card texts, bids, play.

Rule tests import these with ``from conftest import ...``; pytest loads this
file before it collects the test modules next to it.
"""

import os
import sys

from hypothesis import HealthCheck, settings

from game.actions import bid
from game.cards import DECK_SIZE, cards_text, iter_cards, parse_card
from game.deal import cards_in_play

RANKS = "23456789TJQKA"

# ---------------------------------------------------------------- property tests
#
# One Hypothesis profile for every property test of the engine. "ci" (the
# default) and "pyodide" are derandomized: each run tries the same examples,
# so a failure in CI shows again on any machine, and a run's time is known.
# "pyodide" tries fewer (the engine runs several times slower there). "long"
# draws new examples each run, many more of them: for a deeper search by hand,
#     BAZA_PROFILE=long .venv/bin/python -m pytest tests/engine
# BAZA_EXAMPLES=n sets the base count of any profile. A test asks for
# ``k * EXAMPLES`` examples, k by how cheap one example is.
_BASE = {"ci": 10, "pyodide": 3, "long": 200}
_COMMON = {
    "deadline": None,  # examples can run slowly inside Pyodide
    "database": None,  # nothing written to the working tree
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
settings.register_profile("ci", derandomize=True, **_COMMON)
settings.register_profile("pyodide", derandomize=True, **_COMMON)
settings.register_profile("long", derandomize=False, **_COMMON)
PROFILE = os.environ.get("BAZA_PROFILE") or ("pyodide" if sys.platform == "emscripten" else "ci")
if PROFILE not in _BASE:
    raise ValueError(f"BAZA_PROFILE={PROFILE!r}: use one of {', '.join(_BASE)}")
settings.load_profile(PROFILE)
EXAMPLES = int(os.environ.get("BAZA_EXAMPLES", _BASE[PROFILE]))


def suit(letter, ranks=RANKS):
    """Card texts of one suit, e.g. suit("S", "AKQ") -> "AS KS QS"."""
    return " ".join(r + letter for r in ranks)


def hands(*texts):
    """Hand masks, one string of card texts per seat. A card named a second
    time is the second deck's copy."""
    used = 0
    out = []
    for text in texts:
        mask = 0
        for word in text.split():
            c = parse_card(word)
            if (used | mask) >> c & 1:
                c += DECK_SIZE
            assert not (used | mask) >> c & 1, f"{word} named three times"
            mask |= 1 << c
        used |= mask
        out.append(mask)
    return out


def rest_of_deck(rules, *texts):
    """Card texts of the cards in play that none of ``texts`` names, lowest id first."""
    used = 0
    for mask in hands(" ".join(texts)):
        used |= mask
    return [cards_text(1 << c)[0] for c in iter_cards(cards_in_play(rules) & ~used)]


def round_robin(rules, dealer):
    """A deal of the unshuffled deck, one card at a time from the dealer's left."""
    n = rules.players
    out = [0] * n
    for i, c in enumerate(iter_cards(cards_in_play(rules))):
        out[(dealer + 1 + i) % n] |= 1 << c
    return out


def start(m, texts, dealer, pass_direction="hold"):
    """Deal these hands (Hearts: with this pass direction) and return the match."""
    m.deal_hands(hands(*texts), dealer, pass_direction if m.game == "hearts" else None)
    return m


def bid_all(m, bids):
    """Bid in turn from the dealer's left (a number, "nil", "blind_nil" or an
    auction [n, suit]); a seat that has not looked looks first unless it bids
    blind nil."""
    for b in bids:
        if isinstance(b, int):
            b = bid(b)  # a plain int given to apply() is an action int
        seat = m.to_act
        if not m.looked[seat] and b != "blind_nil":
            m.apply("look")
        m.apply(b)


def play(m, text):
    """Play these card texts in order, each by the seat to act."""
    for word in text.split():
        m.apply(word)


def play_out(m):
    """Finish the hand with the first legal card each time."""
    while m.phase == "play":
        m.apply(m.legal_actions()[0])


def legal(m):
    """The seat to act's legal cards as a set of texts."""
    return set(cards_text(m.legal_mask()))


def held(m, seat):
    return set(cards_text(m.hands[seat]))
