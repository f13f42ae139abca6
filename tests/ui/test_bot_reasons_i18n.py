"""The bots' reasons in the catalogues: every key of game/bots/reasons.py is a
"bot." key of the English catalogue, and the table's English (ui.i18n.t, card
names with their article from the catalogue) is the bots' own English, word
for word, over many positions of both games. A number with a fraction in a
reason ("the hand counts about 3.7 tricks") takes the decimal sign of the
table's language: a point in English, a comma in Spanish, Portuguese and
Swedish.
"""

import random
import re
import string

import pytest
from ui_helpers import first_legal, no_sleep, run

from game.bots import decide_message, hint, hint_message
from game.bots.common import Know
from game.bots.reasons import MESSAGES, inner_params, render
from game.state import new_match
from ui import settings as S
from ui.controller import Controller
from ui.i18n import catalogue, set_language, t

GAMES = [
    ("hearts", "standard", {}),
    ("hearts", "classic", {"players": 3}),
    ("hearts", "omnibus", {}),
    ("hearts", "classic", {"players": 6}),
    ("spades", "partnership", {}),
    ("spades", "classic", {}),
    ("spades", "cutthroat", {}),
    ("spades", "lenient", {}),
    ("spades", "partnership", {"auction": True}),
    ("spades", "classic", {"players": 2}),
]


def said(message):
    """A reason as the table says it (ui/player_aids.py, the Hint button)."""
    key, params = message
    shown = dict(params)
    for name, value in params.items():
        if name.endswith("why"):
            shown[name] = said((value, inner_params(params, name)))
        elif name.endswith("seat"):
            shown[name] = f"seat {value}"  # the table gives the seat's name; the bots' English says "seat 2"
    return t("bot." + key, **shown)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_every_bot_key_is_in_the_english_catalogue():
    english = catalogue("en")
    for key, text in MESSAGES.items():
        assert "bot." + key in english, key
        assert isinstance(english["bot." + key], dict) == isinstance(text, dict), key


def sample(name):
    if name.endswith("why"):
        return "spades.why.need"
    if name.endswith("card"):
        return 49
    if name.endswith("suit"):
        return 2
    if name in ("risk", "tricks", "mean", "base_mean"):
        return 2.25
    return 3


@pytest.mark.parametrize("n", [1, 2])
def test_every_template_says_the_same_in_the_catalogue(n):
    for key, text in MESSAGES.items():
        names = {
            name
            for form in (text.values() if isinstance(text, dict) else [text])
            for _, name, _, _ in string.Formatter().parse(form)
            if name
        }
        params = {name: sample(name) for name in names}
        params["n"] = n
        assert said((key, params)) == render((key, params)), key


@pytest.mark.parametrize(("game", "preset", "options"), GAMES)
def test_the_table_says_every_hint_as_the_bot_does(game, preset, options):
    keys = set()
    for seed in range(3):
        m = new_match(game, preset, seed=seed, **options)
        rng = random.Random(seed)
        level = ("normal", "easy", "normal")[seed]
        while m.phase != "game_over" and len(m.records) < 2:
            seat = m.to_act
            view = m.view(seat)
            if m.phase in ("pass", "bid", "play", "draw", "moon"):
                action, message = hint_message(view)
                assert (action, render(message)) == hint(view)
                assert said(message) == hint(view)[1]
                keys.add(message[0])
            action, message = decide_message(Know.from_view(view), level, rng)
            assert said(message) == render(message)
            keys.add(message[0])
            m.apply(action)
    assert len(keys) >= 6, keys


DECIMAL_SIGN = {"en": ".", "es": ",", "pt": ",", "sv": ","}


@pytest.mark.parametrize(("lang", "sign"), DECIMAL_SIGN.items())
def test_a_bid_hint_writes_its_fraction_with_the_languages_decimal_sign(lang, sign):
    """The Hint button at a Spades bid: "about 3.7 tricks" in English, "3,7"
    in the others; the bid itself, a whole number, stays as it is."""

    async def go():
        set_language(lang)
        s = S.dataclasses.replace(S.set_game(S.Settings(), "spades"), speed="instant", seed=5)
        c = Controller(s, first_legal, sleep=no_sleep, hint=hint_message)
        c.new_game()
        await c.settle()
        assert c.match.phase == "bid" and c.match.to_act == 0
        key, params = hint_message(c.match.view(0))[1]
        assert key.startswith("spades.bid") and params["tricks"] % 1, "a reason with a fraction of a trick"
        c.command("hint")
        message = c.model().message
        assert re.search(r"\b3" + re.escape(sign) + r"7\b", message), message
        assert not re.search(r"\d[.,]\d", message.replace("3" + sign + "7", "")), message
        assert re.search(r"\b3\b", message.replace("3" + sign + "7", "")), f"the bid of 3: {message}"

    run(go())


@pytest.mark.parametrize(("lang", "sign"), DECIMAL_SIGN.items())
def test_search_reasons_write_fractions_and_negative_numbers_in_the_language(lang, sign):
    set_language(lang)
    message = (
        "search.hearts",
        {"card": 49, "samples": 120, "mean": -2.5, "base_card": 12, "base_mean": -3.75},
    )
    text = said(message)
    assert f"-2{sign}5" in text and f"-3{sign}8" in text, text
    assert "120" in text, text
    if lang == "en":
        assert text == render(message)
