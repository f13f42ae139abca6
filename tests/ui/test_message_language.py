"""A sentence on the table (a refusal, a hint, a claim's answer) is said
again in the new language when the player switches it: never left in the
old one (issue 31)."""

import pytest
from test_claim_table import to_your_lead
from test_hint_and_thinking import hint_controller
from ui_helpers import controller, position, run

from game.cards import parse_card
from ui.i18n import set_language, t


@pytest.fixture(autouse=True)
def english_after():
    """The catalogue is the module's: every test leaves it English."""
    yield
    set_language("en")


def switch(c, lang):
    c.command("lang", lang)
    return c.model().message


def test_a_refusal_follows_the_language_and_back():
    async def go():
        c = controller()
        c.load_match(position("hearts", "standard", ["2C 9C 4H 5H QS AD KD"], dealer=3))
        await c.settle()
        c.command("card", str(parse_card("QS")))
        english = c.model().message
        assert english == "The first trick must be led with the 2 of clubs."
        swedish = switch(c, "sv")
        assert swedish and swedish != english and "2" in swedish
        assert switch(c, "es") not in (english, swedish)
        assert switch(c, "en") == english

    run(go())


def test_not_your_turn_and_a_cleared_message_stay_as_they_are():
    async def go():
        c = controller()
        c.load_match(position("hearts", "standard", ["2C 9C 4H 5H QS AD KD"], dealer=3))
        await c.settle()
        c.command("card", str(parse_card("2C")))  # played: the message is cleared
        await c.settle()
        assert c.model().message == ""
        assert switch(c, "pt") == ""  # nothing comes back
        c.command("dismiss")
        assert switch(c, "en") == ""

    run(go())


def test_a_hint_and_a_claim_refusal_follow_the_language():
    async def go():
        c = hint_controller()
        c.load_match(position("hearts", "standard", ["2C 9C 4H 5H QS AD KD"], dealer=3))
        await c.settle()
        c.command("hint")
        english = c.model().message
        assert english.startswith(t("msg.hint", reason="")[:4])
        spanish = switch(c, "es")
        assert spanish != english and spanish.startswith(t("msg.hint", reason="").strip()[:4])
        set_language("en")

        c = controller()
        c.load_match(position("spades", "classic", ["2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D"], dealer=0))
        await to_your_lead(c, 1)
        c.command("claim")
        await c.settle()
        refused = c.model().message
        assert refused.startswith("Claim refused: ")
        swedish = switch(c, "sv")
        assert swedish.split(":")[0] == t("claim.refused", reason="").split(":")[0]
        assert swedish != refused

    run(go())
