"""The saved form of a match: JSON with a schema version.

A save holds the rule set, the seed and every action; loading replays them
through the rules, so a save made at any moment restores the identical
match, and nothing illegal can be loaded. A ``check`` block (hands, scores,
phase) is compared after the replay, so a save edited by hand or damaged in
storage is refused with a message that names what differs.

>>> from game.state import new_match
>>> m = new_match("spades", "partnership", seed=9)
>>> for _ in range(20):
...     m.apply(m.legal_actions()[-1])
>>> m2 = match_from_json(match_to_json(m))
>>> m2.view(1) == m.view(1), m2.hands == m.hands
(True, True)
>>> match_from_json('{"schema": 1}')
Traceback (most recent call last):
...
game.errors.RecordError: The saved match has no 'format' field: it is not a Baza save.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import action_to_json, parse_action
from .cards import cards_text
from .errors import BazaError
from .rules import rules_from_dict
from .save_messages import detail, refusal
from .state import Match

FORMAT = "baza-match"
SCHEMA = 1


def match_to_dict(m: Match) -> dict[str, Any]:
    """The saved form of a match, as plain JSON data."""
    if m.custom_deal:
        raise refusal("custom_deal")
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "game": m.game,
        "rules": m.rules.to_dict(),
        "seed": m.seed,
        "actions": [action_to_json(a) for a in m.actions],
        "check": _check(m),
    }


def _check(m: Match) -> dict[str, Any]:
    return {
        "phase": m.phase,
        "to_act": m.to_act,
        "hand_number": m.hand_number,
        "dealer": m.dealer,
        "hands": [cards_text(h) for h in m.hands],
        "scores": m.scores,
        "bags": m.bags,
    }


def match_to_json(m: Match) -> str:
    return json.dumps(match_to_dict(m), separators=(",", ":"))


MAX_DEPTH = 32  # far deeper than any save or record; see load_json


def load_json(text: object, what: str = "The saved match") -> Any:
    """``json.loads`` that refuses hostile input with a :class:`RecordError`.

    Deeply nested brackets are refused before parsing: CPython raises
    RecursionError on them, and Pyodide's interpreter can crash outright.

    >>> load_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    game.errors.RecordError: The saved match is not valid: its JSON is nested more than 32 deep.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise refusal("not_text", what=what)
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise refusal("not_utf8", what=what) from None
    depth = 0
    in_string = escaped = False
    opens = text.count("[") + text.count("{")
    for ch in text if opens > MAX_DEPTH else "":  # fewer brackets than that cannot nest too deep
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise refusal("too_deep", what=what, depth=MAX_DEPTH)
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise refusal("bad_json", what=what, detail=str(e)) from None


def match_from_json(text: str) -> Match:
    """A match from its saved JSON text; :class:`RecordError` when it is not valid JSON."""
    return match_from_dict(load_json(text))


def match_from_dict(data: object) -> Match:
    """A match from its saved form, after checking every part of it."""
    if not isinstance(data, dict):
        raise refusal("not_object")
    if "format" not in data:
        raise refusal("no_format")
    if data["format"] != FORMAT:
        raise refusal("other_format", found=repr(data["format"]))
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise refusal("no_schema")
    if schema > SCHEMA:
        raise refusal("newer", schema=schema, reads=SCHEMA)
    for key in ("game", "rules", "seed", "actions"):
        if key not in data:
            raise refusal("missing", field=repr(key))
    extra = set(data) - {"format", "schema", "game", "rules", "seed", "actions", "check"}
    if extra:
        raise refusal("unknown_fields", fields=", ".join(sorted(extra)))
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise refusal("seed")
    try:
        rules = rules_from_dict(data["game"], data["rules"])
    except BazaError as e:
        raise refusal("rules", reason=detail(e)) from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise refusal("actions_list")
    m = Match(rules, seed=seed)
    for i, value in enumerate(actions):
        try:
            m.apply(parse_action(value) if not isinstance(value, str) else value)
        except BazaError as e:
            raise refusal("replay", number=i + 1, action=json.dumps(value), reason=detail(e)) from None
    check = data.get("check")
    if check is not None:
        if not isinstance(check, dict):
            raise refusal("check_object")
        actual = _check(m)
        for key, value in check.items():
            if key not in actual:
                raise refusal("check_unknown", field=repr(key))
            if value != actual[key]:
                raise refusal(
                    "check_differs",
                    field=key.replace("_", " "),
                    saved=json.dumps(value)[:80],
                    replayed=json.dumps(actual[key])[:80],
                )
    return m
