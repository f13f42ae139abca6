"""The engine's sentences (issue 30): one message type, one registry, one
renderer (game/messages.py) for the refusals of actions, the bots' reasons,
the claims' answers and the refusals of saves."""

import random

import pytest

from game import messages
from game.bots import hint_message
from game.bots import reasons as bot_reasons
from game.claim import prove_claim
from game.errors import IllegalAction, RecordError
from game.explain import explain_message
from game.explain import render as explain_render
from game.save import match_from_json, match_to_json
from game.save_messages import render as save_render
from game.state import new_match


def test_four_kinds_in_one_registry():
    import game.claim
    import game.explain
    import game.save_messages

    tables = {"engine": game.explain.MESSAGES, "bot": bot_reasons.MESSAGES, "claim": game.claim.MESSAGES,
              "save": game.save_messages.MESSAGES}
    assert set(messages.KINDS) == set(tables)
    assert all(messages.KINDS[kind] is table for kind, table in tables.items())
    with pytest.raises(ValueError, match="registered already"):
        messages.register("engine", dict(game.explain.MESSAGES))


def played_messages():
    """Real messages of every kind from a few matches: refused cards, hints, claims."""
    out = {"engine": [], "bot": [], "claim": []}
    for game, preset, seed in (("hearts", "standard", 3), ("spades", "partnership", 6), ("spades", "classic", 5)):
        m = new_match(game, preset, seed=seed)
        rng = random.Random(seed)
        while m.phase != "hand_over":
            if m.to_act is not None and m.phase in ("pass", "bid", "play"):
                legal = set(m.legal_actions())
                wrong = next((c for c in range(52) if c not in legal), None)
                if wrong is not None:
                    out["engine"].append(explain_message(m, wrong))
                if len(m.actions) % 3 == 0:  # a bot's decision costs time: every third step
                    out["bot"].append(hint_message(m.view(m.to_act))[1])
                if m.phase == "play":
                    out["claim"].append(prove_claim(m, m.to_act).message)
            m.apply(rng.choice(m.legal_actions()))
    return out


def test_every_kind_renders_through_the_one_renderer():
    names = ["South", "West", "North", "East"]
    found = played_messages()
    assert all(len(found[kind]) >= 25 for kind in found), {k: len(v) for k, v in found.items()}
    for message in found["engine"]:
        assert explain_render(message) == messages.render("engine", message)
    for message in found["bot"]:
        assert bot_reasons.render(message) == messages.render("bot", message)
    for message in found["claim"]:
        assert messages.render("claim", message, names)
    keys = {kind: {message[0] for message in found[kind]} for kind in found}
    assert len(keys["engine"]) >= 3 and len(keys["bot"]) >= 10 and len(keys["claim"]) >= 2, keys


def test_a_refused_save_wraps_the_engines_refusal_in_its_sentence():
    m = new_match("hearts", "standard", seed=2)
    for _ in range(5):
        m.apply(m.legal_actions()[0])
    text = match_to_json(m).replace('"actions":["cut",', '"actions":["cut","QS",')  # a card during the cut
    try:
        match_from_json(text)
    except RecordError as error:
        key, params = error.message
        assert str(error) == save_render(error.message) == messages.render("save", error.message)
        assert params["reason"][0] == "engine"
        assert str(error).endswith(messages.render_detail(params["reason"]))
    else:
        raise AssertionError("the damaged save was read")


def test_a_refused_action_carries_its_message():
    m = new_match("spades", "classic", seed=1)
    with pytest.raises(IllegalAction) as refused:
        m.apply("QS")
    assert str(refused.value) == messages.render("engine", refused.value.message)
    assert str(refused.value) == "It is time to cut for the first dealer, not to play a card."
