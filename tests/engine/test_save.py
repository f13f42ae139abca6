"""Saved matches (game.save): a save made at any moment restores the same
match, and anything wrong in a save is refused with a RecordError that says
what is wrong, never with another exception."""

import copy
import json
import random

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from game.errors import IllegalAction, RecordError
from game.rules import preset
from game.save import match_from_json, match_to_json
from game.state import Match, new_match

SETTINGS = settings()  # the profile of conftest.py: derandomized in CI


def same(a, b):
    """Two matches that no player or bot can tell apart, hidden cards included."""
    assert (a.phase, a.to_act, a.dealer, a.hand_number) == (b.phase, b.to_act, b.dealer, b.hand_number)
    assert a.legal_actions() == b.legal_actions()
    assert a.hands == b.hands
    assert list(a.scores) == list(b.scores) and list(a.bags) == list(b.bags)
    assert a.records == b.records and a.winners == b.winners
    assert a.actions == b.actions
    for s in range(a.players):
        assert a.view(s) == b.view(s)


def played(game, name, seed, steps=None, hands=1, **options):
    m = new_match(game, name, seed=seed, **options)
    rng = random.Random(seed)
    n = 0
    while m.phase != "game_over" and len(m.records) < hands and (steps is None or n < steps):
        m.apply(rng.choice(m.legal_actions()))
        n += 1
    return m


# ---------------------------------------------------------------- round trips


CONFIGS = [
    ("spades", "partnership", {"blind_nil_behind": 0}),
    ("spades", "classic", {"players": 2}),
    ("spades", "cutthroat", {"players": 5, "auction": True}),
    ("hearts", "standard", {}),
    ("hearts", "classic", {"players": 6, "moon": "choose"}),
    ("hearts", "omnibus", {"players": 3, "odd_cards": "remove"}),
]


@pytest.mark.parametrize(("game", "name", "options"), CONFIGS)
@settings(SETTINGS, max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1))
def test_round_trip_at_every_step(game, name, options, seed):
    """Save and load after every action of a whole hand: the loaded match is
    the same, and it goes on the same way (the next action applies to both)."""
    m = new_match(game, name, seed=seed, **options)
    rng = random.Random(seed)
    while not m.records and m.phase != "game_over":
        text = match_to_json(m)
        loaded = match_from_json(text)
        same(m, loaded)
        assert match_to_json(loaded) == text  # saving again gives the same text
        action = rng.choice(m.legal_actions())
        m.apply(action)
        loaded.apply(action)
        same(m, loaded)
    same(m, match_from_json(match_to_json(m)))


def test_round_trip_of_a_finished_game():
    m = new_match("hearts", "standard", seed=4, target=15)
    rng = random.Random(4)
    while m.phase != "game_over":
        m.apply(rng.choice(m.legal_actions()))
    loaded = match_from_json(match_to_json(m))
    same(m, loaded)
    assert loaded.phase == "game_over" and loaded.winners == m.winners and loaded.legal_actions() == []


def test_round_trip_with_text_seed_and_moon_choice():
    m = new_match("hearts", "classic", seed="a text seed", moon="choose")
    rng = random.Random(0)
    while len(m.records) < 2:
        m.apply(rng.choice(m.legal_actions()))
    same(m, match_from_json(match_to_json(m)))


def test_a_save_is_plain_json_with_format_and_schema():
    m = played("spades", "partnership", 3, steps=30)
    data = json.loads(match_to_json(m))
    assert data["format"] == "baza-match" and data["schema"] == 1
    assert data["game"] == "spades" and data["rules"]["partnership"] is True
    assert data["seed"] == 3 and len(data["actions"]) == 30


def test_hand_dealt_match_cannot_be_saved():
    m = Match(preset("hearts", "classic"), seed=1)
    full = (1 << 52) - 1
    m.deal_hands([full & (0x1FFF << (13 * s)) for s in range(4)], 0, "hold")
    with pytest.raises(RecordError):
        match_to_json(m)


# ---------------------------------------------------------------- refusals


def save_dict(**changes):
    data = json.loads(match_to_json(played("hearts", "standard", 7, steps=40)))
    data.update(changes)
    return data


def refused(data, *words):
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as err:
        match_from_json(text)
    message = str(err.value)
    assert message.endswith(".") or message.endswith(")."), message
    for w in words:
        assert w in message, message
    return message


@pytest.mark.parametrize("text", ["", "{", "not json", "{'format': 'baza-match'}", "[1, 2", '{"a": }'])
def test_not_json(text):
    refused(text, "not valid JSON")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], ("JSON object",)),
        ("a string", ("JSON object",)),
        (None, ("JSON object",)),
        ({"schema": 1}, ("format",)),
        ({"format": "chess-game", "schema": 1}, ("chess-game",)),
    ],
)
def test_wrong_shape(data, words):
    refused(json.dumps(data), *words)


def test_missing_and_unknown_fields():
    for key in ("game", "rules", "seed", "actions"):
        data = save_dict()
        del data[key]
        refused(data, key)
    refused(save_dict(extra_field=1), "extra_field")
    refused(save_dict(actions="cut cut"), "actions")
    refused(save_dict(seed=1.5), "seed")
    refused(save_dict(seed=True), "seed")
    refused(save_dict(seed=None), "seed")
    refused(save_dict(check=[1, 2]), "check")


def test_unknown_option_and_bad_options():
    data = save_dict()
    data["rules"]["bogus"] = True
    refused(data, "bogus")
    data = save_dict()
    data["rules"]["no_points_first_trick"] = 1  # true is not 1
    refused(data, "no_points_first_trick")
    refused(save_dict(rules=[]), "rules")
    refused(save_dict(game="bridge"), "bridge")
    data = save_dict()
    data["rules"]["players"] = 9
    refused(data, "players")


@pytest.mark.parametrize("schema", [2, 99])
def test_newer_schema(schema):
    refused(save_dict(schema=schema), "newer version", str(schema))


@pytest.mark.parametrize("schema", [0, -1, "1", True, None, 1.0])
def test_invalid_schema(schema):
    refused(save_dict(schema=schema), "schema")


def test_check_block_with_a_card_twice_or_fourteen_cards():
    data = save_dict()
    hands = data["check"]["hands"]
    hands[1][0] = hands[0][0]  # a card in two hands
    refused(data, "hands")
    data = save_dict()
    data["check"]["hands"][2].append(data["check"]["hands"][3].pop())  # 14 and 12 cards
    refused(data, "hands")
    data = save_dict()
    data["check"]["hands"][0], data["check"]["hands"][1] = data["check"]["hands"][1], data["check"]["hands"][0]
    refused(data, "hands")


def test_check_block_other_fields():
    for key, value in [
        ("scores", [0, 0, 0, 1]),
        ("phase", "bid"),
        ("to_act", 3),
        ("hand_number", 2),
        ("dealer", 1),
        ("bags", [1, 0, 0, 0]),
    ]:
        data = save_dict()
        if data["check"][key] == value:
            continue
        data["check"][key] = value
        refused(data, key.replace("_", " "))
    data = save_dict()
    data["check"]["favourite_card"] = "QS"
    refused(data, "favourite_card")


def test_tampered_actions():
    data = save_dict()
    actions = data["actions"]
    # A card in the middle changed to one its seat does not hold (seat 2's card
    # to seat 0's): refused, with the action's number.
    seat_of = {}
    m = new_match("hearts", "standard", seed=7)
    for a in actions:
        if m.phase in ("pass", "play"):
            seat_of[len(m.actions)] = m.to_act
        m.apply(a)
    i = max(k for k in seat_of if k < len(actions))
    holder = seat_of[i]
    other = (holder + 1) % 4
    mine = new_match("hearts", "standard", seed=7)
    for a in actions[:i]:
        mine.apply(a)
    stranger = next(c for c in range(52) if mine.hands[other] >> c & 1)
    from game.cards import card_text

    tampered = dict(data, actions=actions[:i] + [card_text(stranger)] + actions[i + 1 :])
    refused(tampered, f"Saved action {i + 1}")
    # An action that is not an action at all.
    refused(dict(data, actions=actions[:5] + ["fly"] + actions[6:]), "Saved action 6")
    # A bid where a card is due, and actions past the end of the hand phase.
    refused(dict(data, actions=actions[:5] + [7] + actions[6:]), "Saved action 6")
    # Actions dropped: the replay ends somewhere else than the check says.
    refused(dict(data, actions=actions[:-1]))
    # The seed changed: other cards are dealt, so the passes are refused
    # or the check block disagrees.
    refused(dict(data, seed=8))


def test_load_without_check_block_still_replays_every_action():
    data = save_dict()
    del data["check"]
    m = match_from_json(json.dumps(data))
    same(m, match_from_json(match_to_json(played("hearts", "standard", 7, steps=40))))


# ---------------------------------------------------------------- nothing but RecordError


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.sampled_from(["QS", "2C", "cut", "deal", "nil", "look", "hearts", "spades", "baza-match", "left"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=6,
)


def paths(value, prefix=()):
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += paths(v, prefix + (i,))
    return out


BASE = json.loads(match_to_json(played("spades", "partnership", 11, steps=70, blind_nil_behind=0)))
BASE_PATHS = [p for p in paths(BASE) if p]


def loads_or_refuses(text):
    try:
        m = match_from_json(text)
    except RecordError as e:
        assert str(e), "a refusal without a message"
        return None
    return m


@settings(SETTINGS, max_examples=25 * EXAMPLES)
@given(path=st.sampled_from(BASE_PATHS), value=JSON, delete=st.booleans())
def test_damaged_save_raises_only_record_error(path, value, delete):
    data = copy.deepcopy(BASE)
    if path[0] == "game" and isinstance(value, (list, dict)):
        return  # see test_unhashable_game_is_refused
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = value
    loads_or_refuses(json.dumps(data))


@settings(SETTINGS, max_examples=25 * EXAMPLES)
@given(text=st.text(max_size=40))
def test_any_text_raises_only_record_error(text):
    loads_or_refuses(text)


@settings(SETTINGS, max_examples=10 * EXAMPLES)
@given(cut=st.integers(0, 2000))
def test_truncated_save_raises_only_record_error(cut):
    text = json.dumps(BASE)
    loads_or_refuses(text[: cut % len(text)])


@pytest.mark.parametrize("game", [[], {}, ["spades"]])
def test_unhashable_game_is_refused(game):
    """Seen failing: a list or an object as ``game`` raises TypeError
    (unhashable type) from the rules lookup instead of RecordError."""
    refused(dict(copy.deepcopy(BASE), game=game))


@pytest.mark.parametrize("action", ["\u00b2", "\u2460"])
def test_digit_like_text_action_is_refused(action):
    """Seen failing: an action text that str.isdigit() accepts but int() does
    not (a superscript two) raises ValueError from parse_action, not
    IllegalAction, so the load escapes with a plain ValueError."""
    data = copy.deepcopy(BASE)
    data["actions"][10] = action
    refused(data, "Saved action 11")
    m = new_match("spades", "classic", seed=1)
    with pytest.raises(IllegalAction):
        m.apply(action)


def test_deeply_nested_json_is_refused():
    """A damaged file can hold anything, also brackets nested deeper than
    Python's recursion limit. Seen failing: json.loads raises RecursionError
    (in Pyodide, a fatal interpreter error), which escaped match_from_json.
    The nesting is now refused before parsing."""
    refused("[" * 100_000, "JSON")


def test_a_refused_save_carries_its_reason_as_a_key_and_parameters():
    """The English text is the sentence of the key (for the command line and
    the tests); the key and parameters are for a table in another language,
    the refused move inside a saved action included."""
    from game.save_messages import MESSAGES, render

    m = new_match("hearts", "standard", seed=4)
    for _ in range(12):
        m.apply(m.legal_actions()[0])
    data = json.loads(match_to_json(m))
    data["actions"].append(data["actions"][-1])
    with pytest.raises(RecordError) as refused:
        match_from_json(json.dumps(data))
    key, params = refused.value.message
    assert key == "replay" and key in MESSAGES and render(refused.value.message) == str(refused.value)
    assert params["number"] == len(data["actions"]) and params["reason"][0] == "engine"
    data = json.loads(match_to_json(m))
    data["colour"] = "red"
    with pytest.raises(RecordError) as refused:
        match_from_json(json.dumps(data))
    assert refused.value.message == ("unknown_fields", {"fields": "colour"})
    assert str(refused.value) == "The saved match has unknown fields: colour."
