"""The message catalogues of ui/i18n.py, one module a language: en (the
reference), es, pt, sv. Each defines ``MESSAGES``: key -> template, or
key -> {"one": ..., "other": ...} for words that change with ``n``.

English derives the words of game/ and of the rule options from those
modules' own English; each other language writes them out in a module of
its own beside the table's words (es_game.py beside es.py), which the
table's module adds to its catalogue. The build ships a language's two
modules as one file (lang-XX.zip), fetched only for the player's language."""
