"""The message catalogues of ui/i18n.py, one module a language: en (the
reference), es, pt, sv. Each defines ``MESSAGES``: key -> template, or
key -> {"one": ..., "other": ...} for words that change with ``n``."""
