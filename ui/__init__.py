"""Baza's browser UI.

Only ui/main.py touches the page (through PyScript). Every other module here
should be a pure view model, a function of engine state that returns plain
data, so that tests/ui can run it under CPython without a browser.
"""
