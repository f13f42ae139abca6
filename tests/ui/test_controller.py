"""The controller: the human's clicks go through the engine, bots fill the
other seats, a refused action changes nothing and says why."""

import asyncio
import random

from ui_helpers import controller, first_legal, no_sleep, position, run

from game.actions import BLIND_NIL_BID, bid
from game.cards import parse_card
from ui import settings as S
from ui.controller import Controller


async def until_human(c):
    await c.settle()
    return c.model()


def test_refused_card_changes_nothing_and_says_why():
    async def go():
        c = controller()
        c.load_match(position("hearts", "standard", ["2C 9C 4H 5H QS AD KD"], dealer=3))
        t = await until_human(c)
        assert t.awaiting == "play"
        before = (list(c.match.actions), c.match.hands.copy())
        c.command("card", str(parse_card("QS")))
        t = c.model()
        assert t.message == "The first trick must be led with the 2 of clubs."
        assert t.message == c.match.explain(parse_card("QS"))
        assert (list(c.match.actions), c.match.hands) == before
        c.command("card", str(parse_card("2C")))
        t = await until_human(c)
        assert t.message == ""
        assert parse_card("2C") in c.match.actions

    run(go())


def test_follow_suit_reason():
    async def go():
        c = controller()
        # You lead the 2 of clubs, win nothing; later you must follow suit.
        c.load_match(position("hearts", "classic", ["2C 3D 4D 5D 6H"], dealer=3))
        await c.settle()
        c.command("card", str(parse_card("2C")))
        await c.settle()
        m = c.match
        while m.phase == "play" and (m.to_act != 0 or not m.trick):
            await c.settle()
            if m.to_act == 0:
                c.command("card", str(m.legal_actions()[0]))
        refused = [card for card in range(52) if m.hands[0] >> card & 1 and not m.is_legal(card)]
        if refused:
            c.command("card", str(refused[0]))
            assert c.model().message.startswith(("You must follow", "Hearts are not broken"))

    run(go())


def test_not_your_turn():
    async def go():
        blocker = asyncio.Event()

        async def slow(seconds):
            await blocker.wait()

        c = Controller(S.Settings(seed=3), first_legal, sleep=slow)
        c.load_match(position("hearts", "classic", ["", "2C"], dealer=0))  # West leads the 2 of clubs
        await asyncio.sleep(0)
        m = c.match
        assert m.to_act != 0
        card = next(x for x in range(52) if m.hands[0] >> x & 1)
        c.command("card", str(card))
        assert c.model().message.startswith("Wait: it is ")
        assert c.model().message.endswith("'s turn to play.")
        blocker.set()
        await c.settle()

    run(go())


def test_passing_three_cards():
    async def go():
        c = controller()
        c.load_match(position("hearts", "classic", [], dealer=3, pass_direction="left"))
        t = await until_human(c)
        assert t.awaiting == "pass"
        cards = [h.face.card for h in t.hand.cards]
        for x in cards[:4]:
            c.command("card", str(x))
        t = c.model()
        assert sum(h.selected for h in t.hand.cards) == 3
        assert t.message.startswith("You have chosen 3 cards already")
        c.command("card", str(cards[0]))  # put one back
        c.command("pass")
        assert c.model().message.startswith("Choose 3 cards to pass")
        c.command("card", str(cards[3]))
        c.command("pass")
        t = await until_human(c)
        assert c.match.phase == "play"
        assert [h.face.card for h in t.hand.cards if h.received]
        given = set(cards[1:4])
        assert not given & {h.face.card for h in t.hand.cards}
        assert all(c.match.hands[1] >> x & 1 or x in c.match.plays for x in given)

    run(go())


def play_game(settings, rng, limit=4000):
    """Play a whole game through commands, a random legal choice each time."""

    async def go():
        c = controller(settings)
        c.new_game()
        for _ in range(limit):
            t = await until_human(c)
            what = t.awaiting
            if what == "over":
                return c
            if what == "next":
                c.command("next")
            elif what == "pass":
                cards = [h.face.card for h in t.hand.cards]
                for x in rng.sample(cards, c.match.rules.pass_count):
                    c.command("card", str(x))
                c.command("pass")
            elif what == "play":
                c.command("card", str(rng.choice([h.action for h in t.hand.cards if h.playable])))
            elif what in ("bid", "draw", "moon"):
                choice = rng.choice([ch for ch in t.controls.choices if ch.enabled])
                c.command(choice.cmd, choice.arg)
                if choice.cmd == "auction-n":
                    suits = [ch for ch in c.model().controls.choices if ch.group == "suit" and ch.enabled]
                    c.command("act", rng.choice(suits).arg)
            else:
                raise AssertionError(f"stuck: {t.phase} {t.status}")
        raise AssertionError("the game did not end")

    return run(go())


GAMES = [
    ("hearts", "standard", 4, 40, {}),
    ("hearts", "classic", 3, 40, {"moon": "choose"}),
    ("hearts", "omnibus", 8, 60, {}),
    ("spades", "partnership", 4, 150, {"mercy": -200}),
    ("spades", "classic", 2, 100, {"mercy": -200}),
    ("spades", "cutthroat", 5, 100, {"mercy": -100, "blind_nil_behind": 0}),
    ("spades", "classic", 3, 100, {"auction": True, "mercy": -100}),
]


def test_whole_games_through_commands():
    for game, preset_name, players, target, options in GAMES:
        s = S.set_game(S.Settings(), game) if game == "spades" else S.Settings()
        s = S.set_option(S.set_preset(s, preset_name), "players", str(players))
        for name, value in options.items():
            s = S.set_option(s, name, str(value).lower() if isinstance(value, bool) else str(value))
        s = S.dataclasses.replace(s, target=target, speed="instant", seed=players)
        c = play_game(s, random.Random(players))
        t = c.model()
        assert t.summary is not None and t.summary.game_over, (game, preset_name)
        assert c.match.winners and c.bot_errors == []
        assert [int(x.split()[0]) for x in t.sheet.totals] == c.match.scores


def test_bot_that_fails_never_stops_the_table():
    def broken(view, level, rng):
        raise RuntimeError("boom")

    async def go():
        c = controller(choose=broken)
        c.new_game()
        await c.settle()
        assert c.match.to_act == 0 or c.match.phase in ("hand_over",)
        assert c.bot_errors and "boom" in c.bot_errors[0]

    run(go())


def test_blind_nil_bidder_sees_the_cards_after_the_bid():
    async def go():
        c = controller()
        c.load_match(position("spades", "cutthroat", [], dealer=3, blind_nil_behind=0))
        t = await until_human(c)
        assert t.controls.kind == "blind" and t.hand.face_down == 13
        c.command("act", str(BLIND_NIL_BID))
        t = await until_human(c)
        assert c.match.bids[0] == -1
        assert len(t.hand.cards) == 13 and t.seats[0].bid == "Blind nil"

    run(go())


def test_refused_bid_says_why():
    async def go():
        c = controller()
        c.load_match(position("spades", "partnership", [], dealer=1))
        await c.settle()
        m = c.match
        partner = m.bids[2]
        assert partner is not None and m.to_act == 0
        if partner > 0:
            c.command("act", str(bid(14 - partner)))
            assert c.model().message.startswith("You and your partner may bid at most 13 together")
            assert m.bids[0] is None

    run(go())


def test_new_game_dialog_starts_what_it_shows():
    async def go():
        c = controller()
        c.new_game()
        await c.settle()
        assert c.dialog() is None
        c.command("new-game")
        d = c.dialog()
        assert d is not None and d.game.value == "hearts" and d.can_cancel
        c.set_option("game", "spades")
        c.set_option("preset", "classic")
        c.set_option("players", "2")
        c.set_option("target", "150")
        c.set_option("level1", "easy")
        c.set_option("speed", "instant")
        c.set_option("target", "many")
        assert "whole number" in c.dialog().error
        c.set_option("target", "150")
        c.command("dialog-start")
        assert c.dialog() is None
        await c.settle()
        rules = c.match.rules
        assert (rules.game, rules.players, rules.target) == ("spades", 2, 150)
        assert c.settings.levels == ("easy",)
        assert c.model().phase == "draw"

    run(go())


def test_next_hand_and_again():
    async def go():
        c = controller()
        c.load_match(position("hearts", "classic", ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"], dealer=3))
        t = await until_human(c)
        while t.awaiting == "play":
            c.command("card", str([h.action for h in t.hand.cards if h.playable][0]))
            t = await until_human(c)
        assert t.awaiting == "next" and t.summary.title == "Hand 1 is over"
        c.command("next")
        t = await until_human(c)
        assert c.match.hand_number == 2 and t.summary is None
        generation = c.generation
        c.command("again")
        await c.settle()
        assert c.generation == generation + 1 and c.match.hand_number <= 1
        assert c.match.seed != 7, "a new game gets a new deal"

    run(go())


def test_speed_and_last_trick_toggle():
    async def go():
        c = controller()
        c.new_game()
        await c.settle()
        c.command("speed", "slow")
        assert c.settings.speed == "slow" and c.model().speed == "slow"
        c.command("speed", "warp")
        assert c.settings.speed == "slow"
        c.command("last-trick")
        assert c.ui.show_last
        c.command("no-such-command", "x")  # ignored

    run(go())


def test_pace_between_bot_actions():
    """Each bot action waits about the speed's pause, never twice the same."""
    pauses = []

    async def record(seconds):
        pauses.append(seconds)
        await asyncio.sleep(0)

    async def go():
        c = Controller(S.Settings(seed=1, speed="normal"), first_legal, sleep=record)
        c.load_match(position("hearts", "classic", ["", "2C"], dealer=0))
        await c.settle()
        speed = S.SPEEDS["normal"]
        plays = [p for p in pauses if p != speed.trick_ms / 1000]
        assert plays and all(0.2 < p < 1.2 for p in plays), plays
        assert len(set(plays)) > len(plays) // 2, f"the bots' pauses vary: {plays}"

    run(go())


def test_pause_shorter_for_a_forced_card_longer_for_a_hard_choice():
    """A computer player plays a forced card sooner than it chooses among
    many, and a hard player takes longer over a choice than a normal one."""
    import random

    from ui.bot_turns import bot_pause

    def mean(**kw):
        rng = random.Random(5)
        return sum(bot_pause(750, rng=rng, **kw) for _ in range(200)) / 200

    forced = mean(phase="play", choices=1, level="normal")
    choice = mean(phase="play", choices=8, level="normal")
    hard = mean(phase="play", choices=8, level="hard")
    assert forced < 0.6 * choice < choice < hard
    assert mean(phase="bid", choices=13, level="hard") < 300, "bids go round quickly to your own"


def test_no_ceremony_before_the_first_decision():
    """At Normal speed the draw for the first dealer and the deal are made
    without a pause: the only pause is a computer player's, before its pass."""
    pauses = []

    async def record(seconds):
        pauses.append(seconds)
        await asyncio.sleep(0)

    async def go():
        c = Controller(S.Settings(seed=3, speed="normal"), first_legal, sleep=record)
        c.new_game()
        for _ in range(20):
            await asyncio.sleep(0)
            if c.match.phase not in ("cut", "deal"):
                break
        assert c.match.phase == "pass"
        # At most the first computer player's short pause before its pass.
        assert sum(pauses) < 0.3, f"no ceremony before the pass: {pauses}"
        c.generation += 1

    run(go())
    assert no_sleep is not None


def test_new_game_while_a_bot_waits():
    """A new game started while the last one's bot loop sleeps gets a loop of its own."""
    gate = asyncio.Event()

    async def gated(seconds):
        if seconds:
            await gate.wait()
        await asyncio.sleep(0)

    async def go():
        c = Controller(S.Settings(seed=2, speed="normal"), first_legal, sleep=gated)
        c.new_game()
        await asyncio.sleep(0.01)
        assert c.match.phase not in ("cut", "deal")  # the first loop sleeps before a bot's pass
        first = c.match
        c.settings = S.dataclasses.replace(c.settings, speed="instant")
        c.new_game()
        for _ in range(100):
            await asyncio.sleep(0)
        assert c.match is not first and c.match.phase != "cut", "the new match is not stuck behind the old loop"
        gate.set()
        await c.settle()

    run(go())
