"""Claim the rest, at the table: a proven claim plays the hand out at once
(every remaining trick to you), a wrong one is refused with the engine's
reason and changes nothing."""

from ui_helpers import controller, position, run

from game.actions import bid


async def to_your_lead(c, my_bid):
    await c.settle()
    m = c.match
    while m.phase == "bid":
        if m.to_act == 0:
            c.command("act", str(bid(my_bid)))
        await c.settle()
    assert m.phase == "play"
    while m.to_act != 0:
        await c.settle()
    return m


def test_a_proven_claim_plays_the_hand_out():
    async def go():
        c = controller()
        c.load_match(position("spades", "classic", ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"], dealer=3))
        m = await to_your_lead(c, 13)
        model = c.model()
        assert model.claim_available and not model.controls.choices, "Claim is a tool, not a choice"
        c.command("claim")
        assert c.model().message == "Checking your claim…"
        await c.settle()
        assert m.phase in ("hand_over", "game_over")
        assert m.records[-1]["result"]["tricks"][0] == 13
        assert c.model().message.startswith("Claim accepted: ")

    run(go())


def test_a_wrong_claim_is_refused_and_changes_nothing():
    async def go():
        c = controller()
        # A low hand: the others can win tricks.
        c.load_match(position("spades", "classic", ["2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D"], dealer=0))
        m = await to_your_lead(c, 1)
        before = list(m.actions)
        c.command("claim")
        await c.settle()
        assert m.actions == before
        assert c.model().message.startswith("Claim refused: ")

    run(go())
