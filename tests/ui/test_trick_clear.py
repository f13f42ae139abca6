"""A finished trick leaves the table after a pause (the usual), or waits
for a click on Next trick (the trick_clear setting): the computer players
do nothing until then, and the hand's summary waits for it too."""

import dataclasses

from ui_helpers import no_sleep, run

from game.bots import choose
from ui import settings as S
from ui.controller import Controller


def bots(view, level, rng):
    return choose(view, "normal", rng)


def test_next_trick_waits_for_the_click():
    async def go():
        s = dataclasses.replace(S.Settings(), speed="instant", seed=4, trick_clear="click")
        c = Controller(s, bots, sleep=no_sleep)
        c.new_game()
        m = c.match
        clicks = 0
        while m.phase != "hand_over" or c.model().awaiting == "continue":
            await c.settle()
            t = c.model()
            if t.awaiting == "continue":
                steps = len(m.actions)
                await c.settle()
                assert len(m.actions) == steps, "nothing moves while the trick waits for the click"
                assert t.trick.kind == "taken" and t.summary is None
                assert [ch.cmd for ch in t.controls.choices] == ["continue"]
                c.command("continue")
                clicks += 1
            elif t.awaiting == "pass":
                for card in m.legal_actions()[:3]:
                    c.command("card", str(card))
                c.command("pass")
            elif t.awaiting == "play":
                c.command("card", str(m.legal_actions()[0]))
            elif t.awaiting == "moon":
                c.command("act", str(m.legal_actions()[0]))
        assert c.model().summary is not None and c.model().awaiting == "next"
        # Every trick after which you do not lead waited for a click, and the last one.
        won_last = m.last_trick[2] == 0
        assert clicks == (13 - m.tricks_won[0]) + (1 if won_last else 0)

    run(go())


def test_the_usual_pause_needs_no_click():
    async def go():
        s = dataclasses.replace(S.Settings(), speed="instant", seed=4)
        c = Controller(s, bots, sleep=no_sleep)
        c.new_game()
        m = c.match
        while m.phase != "hand_over":
            await c.settle()
            t = c.model()
            assert t.awaiting != "continue"
            if t.awaiting == "pass":
                for card in m.legal_actions()[:3]:
                    c.command("card", str(card))
                c.command("pass")
            elif t.awaiting in ("play", "moon"):
                c.command("card" if t.awaiting == "play" else "act", str(m.legal_actions()[0]))

    run(go())
