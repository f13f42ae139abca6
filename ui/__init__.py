"""Baza's browser UI.

- :mod:`ui.settings`: the New game settings and every rule option, as data.
- :mod:`ui.table_model`: the pure view model, from one seat's view of the
  match to plain data describing what to draw (every name of the model can
  be imported from it); its parts :mod:`ui.model_base` (card faces, seat
  names), :mod:`ui.score_sheet` (score sheet, hand summary) and
  :mod:`ui.dialog_model` (the New game dialog).
- :mod:`ui.controller`: owns the match, applies the human's actions through
  the engine, runs the computer players at a pace a person can follow.
- :mod:`ui.dom` and :mod:`ui.main`: the only modules that touch the page;
  they draw the model with DOM calls (never HTML from text) and turn clicks
  into commands for the controller.

All but the last two import nothing from the browser, so tests/ui runs them
under CPython.
"""
