"""Autosave and resume under CPython, with a dict for localStorage: a reload
at every moment of a match shows the same table and goes on the same, what
is saved and under which keys, and the player names that are kept
(ui/saves/manager.py, ui/saves/store.py)."""

import asyncio
import dataclasses

import pytest
from saves_helpers import HEARTS, SPADES, Clock, human_move, make, play_until, stored, until_human
from ui_helpers import run

from game.bots import choose
from game.save import match_to_dict
from ui import settings as S
from ui.controller import Controller
from ui.saves import store as ST
from ui.saves.manager import Saves
from ui.saves.store import MemoryStorage, Store

# ----------------------------------------------------------------- resume


MOMENTS = {
    "choosing passes": (HEARTS, lambda c, t: t.awaiting == "pass"),
    "mid-trick": (HEARTS, lambda c, t: t.awaiting == "play" and len(c.match.trick) == 2),
    "hand summary": (HEARTS, lambda c, t: t.awaiting == "next"),
    "mid-bidding": (SPADES, lambda c, t: t.awaiting == "bid" and any(b is not None for b in c.match.bids)),
    "second hand": (SPADES, lambda c, t: c.match.hand_number == 2 and t.awaiting == "play"),
}


def same_table(a, b):
    """Two table models drawn alike (the page's match counter, the screen
    reader's news and the sounds already played aside)."""
    def norm(t):
        t = dataclasses.replace(t, match_id=0)
        return dataclasses.replace(t, announcements=(), sounds=()) if hasattr(t, "announcements") else t

    return norm(a) == norm(b)


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_resume_at_every_moment_shows_the_same_table_and_goes_on_the_same(moment):
    settings, stop = MOMENTS[moment]

    async def go():
        # One page plays on without a reload ...
        c1, s1, store1 = make(settings=settings)
        s1.boot()
        t = await play_until(c1, stop)
        if moment == "choosing passes":
            c1.command("card", str(t.hand.cards[0].face.card))
        before = c1.model()
        # ... the other reloads here: a new controller from the same storage.
        c2, s2, _ = make(MemoryStorage(dict(store1.items)), settings=S.Settings())
        s2.boot()
        assert same_table(c2.model(), before)
        assert s2.note() is None
        # Both go on with the same decisions of ours: the bots do the same too.
        for c in (c1, c2):
            for _ in range(40):
                t = await until_human(c)
                if t.awaiting == "over":
                    break
                human_move(c, t)
        await c1.settle()
        await c2.settle()
        assert c1.match.actions == c2.match.actions

    run(go())


def test_resume_mid_cut():
    async def go():
        never = asyncio.Event()

        async def wait_forever(seconds):
            await never.wait()

        slow = dataclasses.replace(HEARTS, speed="slow")
        c1 = Controller(slow, choose, sleep=wait_forever)
        s1 = Saves(Store(MemoryStorage(), clock=Clock()), c1)
        s1.boot()
        await asyncio.sleep(0)
        for _ in range(2):  # two seats have cut; the bot loop sleeps before the third
            c1.match.apply(190)
            c1.on_change()
        before = c1.model()
        assert before.phase == "cut" and len(before.trick.cards) == 2
        c2 = Controller(S.Settings(), choose, sleep=wait_forever)
        s2 = Saves(Store(MemoryStorage(dict(s1.store.backend.items))), c2)
        s2.boot()
        assert same_table(c2.model(), before)
        assert c2.settings.speed == "slow"
        c1.generation += 1
        c2.generation += 1
        never.set()

    run(go())


def test_selected_pass_cards_last_trick_and_dialog_come_back():
    async def go():
        c, s, backend = make()
        s.boot()
        t = await play_until(c, lambda c, t: t.awaiting == "pass")
        cards = [h.face.card for h in t.hand.cards][:2]
        for x in cards:
            c.command("card", str(x))
        c.command("new-game")
        c.set_option("target", "50")
        c2, s2, _ = make(MemoryStorage(dict(backend.items)))
        s2.boot()
        assert c2.ui.selected == frozenset(cards)
        assert c2.draft is not None and c2.draft.target == 50
        c2.command("dialog-cancel")
        c2.command("card", str(cards[0]))
        c3, s3, _ = make(MemoryStorage(dict(s2.store.backend.items)))
        s3.boot()
        assert c3.ui.selected == frozenset(cards[1:]) and c3.draft is None

    run(go())


def test_every_action_is_saved_with_the_engine_schema():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        doc = stored(backend, "match")
        assert doc["format"] == "baza-save" and doc["version"] == ST.VERSION and doc["engine"] == 1
        assert doc["data"]["match"] == match_to_dict(c.match)
        n = len(c.match.actions)
        human_move(c, c.model())
        assert len(stored(backend, "match")["data"]["match"]["actions"]) == n + 1
        assert set(backend.items) <= {"baza:" + k for k in ST.KINDS}
        assert stored(backend, "settings")["data"]["levels"] == ["easy", "normal", "easy"]

    run(go())


def test_keys_stay_under_the_prefix_and_other_keys_are_untouched():
    async def go():
        backend = MemoryStorage({"blog:theme": "dark", "baza:embed:hearts:match": "{}"})
        c, s, _ = make(backend, prefix="baza:embed:spades:", settings=SPADES)
        s.boot()
        await until_human(c)
        assert backend.items["blog:theme"] == "dark"
        assert backend.items["baza:embed:hearts:match"] == "{}"
        ours = [k for k in backend.items if k.startswith("baza:embed:spades:")]
        assert ours and set(ours) <= {"baza:embed:spades:" + k for k in ST.KINDS}
        assert not [k for k in backend.items if k.startswith("baza:") and k.count(":") == 1]

    run(go())


# ----------------------------------------------------------------- names


def test_names_are_cleaned():
    from ui.settings import clean_name

    assert clean_name("  Ana\n\x00 <b>Maria</b>  ") == "Ana <b>Maria</b>"
    assert len(clean_name("x" * 100)) == 20
    assert clean_name(5) == ""


def test_player_names_persist_and_show_as_text():
    async def go():
        c, s, backend = make()
        s.boot()
        await until_human(c)
        c.command("new-game")
        assert [f.label for f in c.dialog().names] == ["Your name", "Name for West", "Name for North", "Name for East"]
        c.set_option("name0", "  Ana\n")
        c.set_option("name2", "<b>Bob</b> & co, a very long name indeed")
        c.command("dialog-start")
        t = await until_human(c)
        assert [seat.name for seat in t.seats] == ["Ana", "West", "<b>Bob</b> & co, a v", "East"]
        assert stored(backend, "settings")["data"]["names"] == ["Ana", "", "<b>Bob</b> & co, a v", ""]
        c2, s2, _ = make(MemoryStorage(dict(backend.items)))
        s2.boot()
        assert [seat.name for seat in c2.model().seats] == ["Ana", "West", "<b>Bob</b> & co, a v", "East"]
        c2.command("new-game")
        assert c2.dialog().names[0].value == "Ana"
        c.generation += 1
        c2.generation += 1

    run(go())
