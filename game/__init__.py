"""Baza's rules engine: Spades and Hearts as one state machine, in pure Python.

>>> import random
>>> m = new_match("spades", "partnership", seed=42)
>>> rng = random.Random(0)
>>> while m.phase != "hand_over":
...     m.apply(rng.choice(m.legal_actions()))
>>> sum(m.records[-1]["result"]["tricks"])
13

No module of this package imports the browser; it runs the same in CPython
and in Pyodide.
"""

from .actions import action_to_json, auction_bid, bid, parse_action
from .cards import card_name, card_text, cards_text, iter_cards, parse_card, popcount
from .errors import BazaError, IllegalAction, RecordError, RulesError
from .rules import PRESETS, HeartsRules, Rules, SpadesRules, preset, rules_from_dict
from .state import PHASES, Match, new_match
from .view import SeatView, determinize, sample_hands

__all__ = [
    "PHASES",
    "PRESETS",
    "BazaError",
    "HeartsRules",
    "IllegalAction",
    "Match",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "SpadesRules",
    "action_to_json",
    "auction_bid",
    "bid",
    "card_name",
    "card_text",
    "cards_text",
    "determinize",
    "iter_cards",
    "new_match",
    "parse_action",
    "parse_card",
    "popcount",
    "preset",
    "rules_from_dict",
    "sample_hands",
]
