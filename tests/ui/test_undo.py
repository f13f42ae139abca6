"""Undo: take back your last card or bid against the computer players.

It goes back to the position before your action (the bots' replies are
undone too), works again after a reload, is limited to the hand in
progress, and is absent in strict play.
"""

import dataclasses

from ui_helpers import no_sleep, run

from game.bots import choose
from game.state import Match
from ui import settings as S
from ui.controller import Controller


def bots(view, level, rng):
    return choose(view, "normal", rng)


def spades(**changes):
    s = dataclasses.replace(S.set_game(S.Settings(), "spades"), speed="instant", seed=11, **changes)
    return Controller(s, bots, sleep=no_sleep)


async def to_play(c):
    """Bid the first number offered, then stop at your first card."""
    await c.settle()
    m = c.match
    while m.phase == "bid" and m.to_act == 0:
        c.command("act", str(next(a for a in m.legal_actions() if a > 200)))
        await c.settle()
    assert m.phase == "play" and m.to_act == 0


def test_undo_takes_back_your_card_and_the_replies():
    async def go():
        c = spades()
        c.new_game()
        await to_play(c)
        m = c.match
        before = (list(m.actions), list(m.hands), list(m.trick))
        assert c.model().undo_available, "your bid can be taken back"
        card = m.legal_actions()[0]
        c.command("card", str(card))
        await c.settle()
        assert len(m.actions) > len(before[0]) + 1, "the bots answered"
        assert c.model().undo_available
        c.command("undo")
        await c.settle()
        assert c.match is m, "the same match object: the autosave follows it"
        assert (list(m.actions), list(m.hands), list(m.trick)) == before
        assert m.to_act == 0 and c.model().awaiting == "play"
        assert c.model().message == "Taken back: it is your turn again."
        # The same card again: the bots answer as they did (their randomness comes from the match).
        c.command("card", str(card))
        await c.settle()

    run(go())


def test_undo_takes_back_a_bid_and_is_kept_to_the_hand():
    async def go():
        c = spades()
        c.new_game()
        await c.settle()
        m = c.match
        assert m.phase == "bid" and m.to_act == 0
        start = list(m.actions)
        c.command("act", str(next(a for a in m.legal_actions() if a > 200)))
        await c.settle()
        c.command("undo")
        await c.settle()
        assert m.actions == start and m.phase == "bid" and m.bids[0] is None
        c.command("undo")
        assert c.model().message == "Nothing to take back in this hand."
        assert m.actions == start

    run(go())


def test_undo_after_a_reload_and_never_in_strict_play():
    async def go():
        c = spades()
        c.new_game()
        await to_play(c)
        m = c.match
        c.command("card", str(m.legal_actions()[0]))
        await c.settle()
        played = list(m.actions)
        # A reload: the same actions replayed into a new match on a new table.
        again = Match(m.rules, seed=m.seed)
        for a in played:
            again.apply(a)
        c2 = spades()
        c2.load_match(again)
        await c2.settle()
        assert c2.model().undo_available
        c2.command("undo")
        await c2.settle()
        assert len(again.actions) < len(played) and again.to_act == 0

        strict = spades(strict=True)
        strict.new_game()
        await to_play(strict)
        strict.command("card", str(strict.match.legal_actions()[0]))
        await strict.settle()
        count = len(strict.match.actions)
        t = strict.model()
        assert not t.undo_available and t.strict
        strict.command("undo")
        assert len(strict.match.actions) == count
        assert strict.model().message == "Strict play: no undo in this game."

    run(go())


def test_restore_refuses_a_position_of_another_match():
    a = Match(S.rules_for(S.Settings()), seed=1)
    b = Match(S.rules_for(S.Settings()), seed=2)
    snapshot = b.clone()
    try:
        a.restore(snapshot)
    except ValueError as error:
        assert "another match" in str(error)
    else:
        raise AssertionError("restore took another match's position")
