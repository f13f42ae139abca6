"""Deals and helpers shared by the Spades rule tests (test_spades_*.py).

Not a test module: the tests import it by name, as they import conftest.
"""

from conftest import bid_all, play_out, start, suit

from game.rules import preset
from game.scoring import spades_side_score
from game.state import Match

# Seat 0 holds every spade, seat 1 every heart, seat 2 every diamond, seat 3
# every club: whatever anyone plays, seat 0 wins all 13 tricks (spades trump).
ALL_SPADES = [suit("S"), suit("H"), suit("D"), suit("C")]

# A mixed deal, dealer 3 (seat 0 leads). Seat 1 is void in clubs; seat 2's
# lowest club is the 7.
MIXED = [
    "2C 3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 2S 3S",
    "5D 6D 7D 8D 9D 5H 6H 7H 8H 9H 5S 6S 7S",
    "7C 8C 9C TC TD JD QD TH JH QH 4S 8S 9S",
    "JC QC KC AC KD AD KH AH TS JS QS KS AS",
]

# Seats 1 and 2 are both void in clubs; seat 3 holds the top clubs. Dealer 3.
TWO_VOIDS = [
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 2H 3H 2S 3S",
    "5D 6D 7D 8D 9D 4H 5H 6H 7H 8H 4S 5S 6S",
    "TD JD QD KD AD 9H TH JH QH 7S 8S 9S TS",
    "8C 9C TC JC QC KC AC KH AH JS QS KS AS",
]


def classic(**options):
    return Match(preset("spades", "classic", **options), seed=1)


def score(rules, bids, tricks, bags_before=0, tricks_in_hand=13):
    return spades_side_score(rules, bids, tricks, bags_before, tricks_in_hand)


def through_cut_and_deal(m):
    while m.phase in ("cut", "deal"):
        m.apply(m.legal_actions()[0])
    return m


def all_spades_hand(m, bids, dealer=3):
    """Seat 0 wins all 13 tricks; returns the hand's record."""
    start(m, ALL_SPADES, dealer)
    bid_all(m, bids)
    play_out(m)
    return m.records[-1]
