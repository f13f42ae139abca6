"""Baza's browser UI.

- :mod:`ui.settings`: the New game settings and every rule option, as data.
- :mod:`ui.table_model`: the pure view model, from one seat's view of the
  match to plain data describing what to draw (the seats, the trick, the
  hand); its parts :mod:`ui.table_state` (the screen's state beside the
  match), :mod:`ui.table_layout` (the felt's geometry),
  :mod:`ui.controls_model` (what the table asks and tells the player),
  :mod:`ui.model_base` (card faces, seat names), :mod:`ui.score_sheet`
  (score sheet, hand summary) and :mod:`ui.dialog_model` (the New game
  dialog).
- :mod:`ui.controller`: owns the match, applies the human's actions through
  the engine, runs the computer players at a pace a person can follow.
- :mod:`ui.dom`, :mod:`ui.saves.dom` and :mod:`ui.app`: the modules that
  touch the page; they draw the model with DOM calls (never HTML from
  text) and turn clicks into commands for the controller. They are handed
  the page by :mod:`ui.main`, the script PyScript runs, the only module
  that imports PyScript.

Nothing imports the browser itself, so tests/ui runs every module but
:mod:`ui.main` under CPython.
"""
