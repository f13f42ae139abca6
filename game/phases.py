"""The match's phase names, in one place below every phase module.

The phase modules (:mod:`game.opening`, :mod:`game.bidding`,
:mod:`game.trick_play`, :mod:`game.hand_end`) and :mod:`game.state` all
name phases; keeping the names here lets them do so without importing
:mod:`game.state`, which imports them (no import circle).

>>> PLAY_PHASE in PHASES
True
"""

from __future__ import annotations

from .cards import HEARTS, SUIT_MASKS

CUT_PHASE, DEAL_PHASE, DRAW_PHASE, PASS_PHASE, BID_PHASE = "cut", "deal", "draw", "pass", "bid"
PLAY_PHASE, MOON_PHASE, HAND_OVER, GAME_OVER = "play", "moon", "hand_over", "game_over"
PHASES = (CUT_PHASE, DEAL_PHASE, DRAW_PHASE, PASS_PHASE, BID_PHASE, PLAY_PHASE, MOON_PHASE, HAND_OVER, GAME_OVER)

HEARTS_ALL = SUIT_MASKS[HEARTS]
