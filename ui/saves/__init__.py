"""Nothing lost: the game in progress, the settings, the statistics and the
finished games kept in the browser's ``localStorage`` (docs/STORAGE.md).

- :mod:`ui.saves.store`: the keys, the envelope around each document, its
  versions and migrations, the limits, and what is kept aside when a key
  cannot be read; over any :class:`~ui.saves.store.Storage`
  (``localStorage`` in the page, a dict in the tests).
- :mod:`ui.saves.data`: the JSON documents themselves, as pure functions:
  settings, a match position with its screen state, statistics, the
  finished games kept, the file a player downloads and loads back.
- :mod:`ui.saves.manager`: :class:`~ui.saves.manager.Saves`, what the
  controller and the page talk to: autosave, resume, two tabs, the
  commands of the note and the dialog; with its two parts
  :mod:`ui.saves.results` (the statistics and the finished games kept) and
  :mod:`ui.saves.files` (export and import of files).
- :mod:`ui.saves.panel`: what the page draws for saves, as frozen data: the
  note under the top bar, the Saves & stats dialog, a confirmation.
- :mod:`ui.saves.dom`: the page side: ``localStorage``, other tabs'
  ``storage`` events, downloads, picked files, and drawing the panel.

Every module but :mod:`ui.saves.dom` is pure Python and runs under CPython
in tests/ui; none imports PyScript.
"""
