"""The Hint button and bots that think in slices.

Hint: the normal bot's choice for your seat, pointed at on the table (the
card, every card to pass, the bid button) with its reason as the message;
gone as soon as anything is played; the page injects game.bots.hint_message
and says the reason from its key in the player's language, in English the
very sentence game.bots.hint gives. Thinking: a hard bot gives the page
back between slices of its search, and a bot still thinking when the match
moves on (a new game) never plays into the new one.
"""

import asyncio
import random
import re

from ui_helpers import first_legal, no_sleep, position, run

from game.bots import choose, hint, hint_message, think
from ui import settings as S
from ui.controller import Controller
from ui.i18n import set_language


def hint_controller(settings=None, **kwargs):
    s = settings or S.Settings(speed="instant", seed=7)
    return Controller(s, first_legal, sleep=no_sleep, hint=hint_message, **kwargs)


def test_hint_in_play_marks_the_normal_choice_only_until_something_moves():
    async def go():
        c = hint_controller()
        c.load_match(position("hearts", "classic", ["3C 9C QS 2H 5H AD KD"], dealer=0))
        await c.settle()
        m = c.match
        assert m.phase == "play" and m.to_act == 0
        t = c.model()
        assert t.hint_available and not any(card.hinted for card in t.hand.cards)
        before = list(m.actions)
        c.command("hint")
        assert m.actions == before, "a hint plays nothing"
        t = c.model()
        expected, why = hint(m.view(0))
        marked = [card.action for card in t.hand.cards if card.hinted]
        assert marked == [expected]
        assert t.message == "Hint: " + why
        assert all(card.playable for card in t.hand.cards if card.hinted)
        c.command("card", str(expected))
        await c.settle()
        t = c.model()
        assert not any(card.hinted for card in t.hand.cards), "the hint is gone once the card is played"

    run(go())


def test_hint_when_passing_marks_every_card_the_bot_would_pass():
    async def go():
        c = hint_controller(S.Settings(speed="instant", seed=5))
        c.new_game()
        await c.settle()
        m = c.match
        assert m.phase == "pass" and m.to_act == 0
        c.command("hint")
        t = c.model()
        marked = {card.action for card in t.hand.cards if card.hinted}
        assert len(marked) == 3
        # The same cards as the normal bot passes, one by one, from this position.
        trial = m.clone()
        wanted = set()
        for _ in range(3):
            a, _why = hint(trial.view(0))
            trial.apply(a)
            wanted.add(a)
        assert marked == wanted
        assert t.message.startswith("Hint: Pass the ")
        assert m.pass_chosen[0] == 0, "nothing is passed for you"

    run(go())


def test_the_first_frame_of_a_hand_answers_your_hint_and_pass():
    """The computer players' passes and bids before yours are made with the
    deal, before the table is first drawn: a Hint or a Pass asked for in the
    first frame (before the bots' loop has run at all) is answered, not met
    with "West is passing"."""

    async def go():
        for game, seed in (("hearts", 1), ("hearts", 4), ("spades", 1), ("spades", 4)):
            settings = S.dataclasses.replace(S.set_game(S.Settings(), game), speed="instant", seed=seed)
            c = Controller(settings, choose, sleep=no_sleep, hint=hint_message, think=think)
            c.new_game()  # no await: the bots' loop has not run
            m = c.match
            assert m.to_act == 0 and m.phase in ("pass", "bid"), (game, seed, m.phase, m.to_act)
            assert len(m.actions) > 5, "the seeds put computer players before you: theirs are made"
            c.command("hint")
            t = c.model()
            assert t.message.startswith("Hint: "), t.message
            if game == "hearts":
                for card in [card for card in t.hand.cards if card.hinted]:
                    c.command("card", str(card.action))
                c.command("pass")
                assert m.pass_chosen[0] or m.phase != "pass", "your pass is made in the first frame"
            await c.settle()
        # A hard player before you still thinks in the loop, in slices: its pass is not made at once.
        settings = S.dataclasses.replace(S.Settings(), speed="instant", seed=11, levels=("hard",))
        c = Controller(settings, choose, sleep=no_sleep, hint=hint_message, think=think)
        c.new_game()
        m = c.match
        assert m.phase == "pass" and m.to_act != 0 and not m.pass_chosen[m.to_act]
        c.generation += 1  # the loop of this match stops where it stands

    run(go())


def test_a_computer_player_failing_before_your_pass_does_not_stop_the_deal():
    """A computer player whose thought breaks over a pass made before yours
    (with the deal, before the table is drawn) passes as the loop would
    have it: its first legal choice, the failure logged, and the table
    waits for your pass; the deal is not lost to the error."""

    class Broken:
        def __init__(self, view):
            self.view = view

        def step(self):
            raise RuntimeError("broken search")

        def result(self):  # pragma: no cover - never reached
            return self.view.legal[0], ""

    async def go():
        settings = S.dataclasses.replace(S.Settings(), speed="instant", seed=4)
        c = Controller(settings, choose, sleep=no_sleep, hint=hint_message,
                       think=lambda view, level, rng: Broken(view))
        c.new_game()  # no await: the passes before yours are made with the deal
        m = c.match
        assert m.phase == "pass" and m.to_act == 0, (m.phase, m.to_act)
        assert {error[:13] for error in c.bot_errors} == {"bot at seat 1", "bot at seat 2", "bot at seat 3"}
        assert all("broken search" in error for error in c.bot_errors), c.bot_errors
        c.generation += 1  # the loop of this match stops where it stands

    run(go())


def test_hint_for_a_bid_marks_the_button():
    async def go():
        c = hint_controller(S.dataclasses.replace(S.set_game(S.Settings(), "spades"), speed="instant", seed=5))
        c.new_game()
        await c.settle()
        m = c.match
        assert m.phase == "bid" and m.to_act == 0
        c.command("hint")
        t = c.model()
        expected, _why = hint(m.view(0))
        marked = [ch for ch in t.controls.choices if ch.hinted]
        assert [int(ch.arg) for ch in marked] == [expected]
        assert not any(card.hinted for card in t.hand.cards)

    run(go())


def test_hint_says_the_english_reason_of_every_decision_in_english():
    """Spades too, whose reasons carry a part of the sentence (the aim of the
    trick, "{why}"): the table's English is game.bots.hint's, word for word."""

    async def go():
        set_language("en")
        seen = set()
        for preset, seed in (("partnership", 3), ("cutthroat", 4), ("classic", 5)):
            s = S.dataclasses.replace(S.set_game(S.Settings(), "spades"), preset=preset, speed="instant", seed=seed)
            c = hint_controller(s)
            c.new_game()
            await c.settle()
            m = c.match
            for _ in range(60):
                if m.phase in ("game_over", "hand_over") or m.records or m.to_act != 0:
                    break
                before = len(m.actions)
                c.command("hint")
                action, why = hint(m.view(0))
                # The same words, the seats by the table's names ("West", not "seat 1").
                names = c._names()
                why = re.sub(r"\b[Ss]eat (\d)", lambda mo, names=names: names[int(mo.group(1))], why)
                assert c.model().message == "Hint: " + why
                seen.add(hint_message(m.view(0))[1][0])
                c.command("card" if m.phase == "play" else "act", str(action))
                await c.settle()
                assert len(m.actions) > before, (m.phase, c.model().message)
        assert any(key.startswith("spades.follow") for key in seen), seen
        assert len(seen) >= 8, seen

    run(go())


def test_a_hint_function_giving_english_text_still_works():
    async def go():
        def english(view):
            return hint(view)

        c = Controller(S.Settings(speed="instant", seed=7), first_legal, sleep=no_sleep, hint=english)
        c.load_match(position("hearts", "classic", ["3C 9C QS 2H 5H AD KD"], dealer=0))
        await c.settle()
        c.command("hint")
        assert c.model().message == "Hint: " + hint(c.match.view(0))[1]

    run(go())


def test_hint_out_of_turn_says_wait_and_no_hint_without_the_function():
    async def go():
        gate = asyncio.Event()

        async def held(seconds):
            await gate.wait()

        c = Controller(S.Settings(seed=3), first_legal, sleep=held, hint=hint_message)
        c.load_match(position("hearts", "classic", ["", "2C"], dealer=0))  # West leads
        await asyncio.sleep(0)
        assert not c.model().hint_available
        c.command("hint")
        assert c.model().message.startswith("Wait: it is West's turn")
        gate.set()
        await c.settle()
        plain = Controller(S.Settings(speed="instant", seed=3), first_legal, sleep=no_sleep)
        plain.load_match(position("hearts", "classic", ["2C 3C"], dealer=3))
        await plain.settle()
        assert not plain.model().hint_available
        plain.command("hint")
        assert plain.model().message == ""

    run(go())


class WatchedThink:
    """The real ``game.bots.think`` (hard: a Search), watched: counts the
    search steps and notes any step that ran while the page was still owed a
    turn (a step that did not finish the search, and no yield since)."""

    def __init__(self):
        self.steps = 0
        self.owed = False
        self.overruns = 0

    def page_turn(self):
        self.owed = False

    def __call__(self, view, level, rng):
        inner = think(view, level, rng, samples=6)
        outer = self

        class Watched:
            def step(self):
                if outer.owed:
                    outer.overruns += 1
                outer.steps += 1
                done = inner.step()
                outer.owed = not done
                return done

            def result(self):
                return inner.result()

        return Watched()


def test_hard_bots_think_in_slices_and_the_page_gets_turns():
    async def go():
        watched = WatchedThink()

        async def sleep(seconds):
            watched.page_turn()
            await asyncio.sleep(0)

        # No time left in any slice: every step that does not finish the
        # search must be followed by a turn for the page.
        import ui.bot_turns as bot_turns

        old = bot_turns.SLICE_S
        bot_turns.SLICE_S = -1.0
        try:
            s = S.Settings(game="hearts", preset="standard", speed="instant", seed=10, levels=("hard",))
            c = Controller(s, choose, sleep=sleep, think=watched)
            c.new_game()
            m = c.match
            await c.settle()
            while m.phase == "pass" and m.to_act == 0:
                c.command("card", str(m.legal_actions()[len(c.ui.selected)]))
                if len(c.ui.selected) == 3:
                    c.command("pass")
                await c.settle()
        finally:
            bot_turns.SLICE_S = old
        assert m.phase == "play" and m.to_act == 0
        assert watched.steps > 20, "the hard bots searched"
        assert watched.overruns == 0
        assert not c.bot_errors

    run(go())


def test_a_long_search_never_holds_the_page_for_a_long_task():
    """A bot that searches for 0.6 s, each step of its search taking 4 ms
    (on a clock the test moves): the page gets a turn at least every 50 ms
    of searching, the limit of a long task, and the bot plays once done."""
    clock = {"now": 0.0}
    turns = []

    class FakeTime:
        @staticmethod
        def perf_counter():
            return clock["now"]

    class Search:
        def __init__(self, view):
            self.view = view
            self.steps = 0

        def step(self):
            clock["now"] += 0.004
            self.steps += 1
            return self.steps >= 150

        def result(self):
            return self.view.legal[0], "first"

    async def sleep(seconds):
        turns.append(clock["now"])
        await asyncio.sleep(0)

    import ui.bot_turns as bot_turns

    async def go():
        c = Controller(S.Settings(speed="instant", seed=3), first_legal, sleep=sleep,
                       think=lambda view, level, rng: Search(view))
        c.load_match(position("hearts", "classic", ["", "2C"], dealer=0))  # West leads, after a search
        await c.settle()
        return c

    real_time = bot_turns.time
    bot_turns.time = FakeTime
    try:
        c = run(go())
    finally:
        bot_turns.time = real_time
    assert c.match.plays[:1] == [0], "West led the 2 of clubs once its search ended"
    thinking = [b - a for a, b in zip([0.0, *turns], turns)]
    assert len(turns) >= 12, turns  # 0.6 s of search in turns of at most 50 ms
    assert max(thinking) <= 0.05, thinking


def test_a_bot_thinking_when_a_new_game_starts_plays_nothing_into_it():
    async def go():
        gate = asyncio.Event()
        started = asyncio.Event()

        class Slow:
            """Three steps of search, then the first legal card."""

            def __init__(self, view):
                self.view = view
                self.steps = 0

            def step(self):
                started.set()
                self.steps += 1
                return self.steps >= 3

            def result(self):
                return self.view.legal[0], "first"

        async def sleep(seconds):  # the page's turn in the middle of the search lasts until the gate opens
            if started.is_set():
                await gate.wait()
            await asyncio.sleep(0)

        import ui.bot_turns as bot_turns

        old = bot_turns.SLICE_S
        bot_turns.SLICE_S = -1.0
        try:
            s = S.Settings(speed="instant", seed=3)
            c = Controller(s, first_legal, sleep=sleep, think=lambda view, level, rng: Slow(view))
            c.load_match(position("hearts", "classic", ["", "2C"], dealer=0))  # West leads and thinks
            await started.wait()
            old_match = c.match
            c.think = lambda view, level, rng: think(view, "normal", random.Random(1))
            c.new_game(S.Settings(speed="instant", seed=4))
            gate.set()
            await c.settle()
            for _ in range(50):  # time enough for the old loop to end its search
                await asyncio.sleep(0)
        finally:
            bot_turns.SLICE_S = old
        assert old_match.actions == [], "the old match got no card from the bot that was thinking"
        assert c.match is not old_match
        assert not c.bot_errors and c.model().message == "", "nothing went wrong in the new game"

    run(go())


def test_a_pass_pressed_before_your_turn_is_made_when_it_comes():
    """At Slow speed the computer players before you pause over their
    passes while your cards are open to choose: a Pass pressed then is not
    lost, it is made the moment your turn comes."""

    async def go():
        settings = S.dataclasses.replace(S.Settings(), speed="slow", seed=1)
        c = Controller(settings, choose, sleep=no_sleep, hint=hint_message, think=think)
        c.new_game()
        m = c.match
        while m.phase in ("cut", "deal"):
            await asyncio.sleep(0)
        assert m.phase == "pass" and m.to_act != 0, "seed 1: a computer player passes first"
        picked = [card.action for card in c.model().hand.cards][:3]
        for card in picked:
            c.command("card", str(card))
        c.command("pass")
        assert not m.pass_chosen[0], "not yet: another seat is still choosing"
        await c.settle()
        assert m.phase == "play", "every pass made, yours the moment its turn came"

    run(go())
