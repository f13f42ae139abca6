"""Saves under CPython, with a dict for localStorage: autosave and resume at
every moment, bad storage of every kind, migrations, quota, bounded size,
statistics, export and import, two tabs (ui/storage.py, ui/saves.py,
ui/saves_data.py, ui/saves_view.py)."""

import asyncio
import dataclasses
import json
import random

import pytest
from ui_helpers import no_sleep, run

from game.bots import choose
from game.save import match_to_dict
from game.state import new_match
from ui import settings as S
from ui import storage as ST
from ui.controller import Controller
from ui.saves import Saves
from ui.saves_data import (
    COUNTED_IDS,
    add_result,
    empty_stats,
    export_document,
    game_result,
    read_import,
    settings_from_dict,
    settings_to_dict,
    trim_history,
    valid_stats,
)
from ui.storage import MemoryStorage, SaveError, Store

HEARTS = S.Settings(speed="instant", seed=7, levels=("easy", "normal", "easy"))
SPADES = dataclasses.replace(S.set_game(S.Settings(speed="instant"), "spades"), seed=11,
                             levels=("easy", "normal", "easy"))


class Clock:
    def __init__(self):
        self.t = 1_700_000_000_000

    def __call__(self):
        self.t += 1000
        return self.t


def make(backend=None, query="", prefix="baza:", settings=None, tab=None):
    """A controller with real bots (easy ones use their randomness) and its Saves."""
    backend = backend if backend is not None else MemoryStorage()
    c = Controller(settings or HEARTS, choose, sleep=no_sleep)
    saves = Saves(Store(backend, prefix, clock=Clock()), c, query=query, tab=tab)
    return c, saves, backend


async def until_human(c):
    await c.settle()
    return c.model()


def human_move(c, t):
    """One deterministic decision of ours, from the match's state alone."""
    rng = random.Random(len(c.match.actions))
    what = t.awaiting
    if what == "next":
        c.command("next")
    elif what == "pass":
        if not c.ui.selected:
            for h in rng.sample([h.face.card for h in t.hand.cards], c.match.rules.pass_count):
                c.command("card", str(h))
        c.command("pass")
    elif what == "play":
        c.command("card", str(rng.choice([h.action for h in t.hand.cards if h.playable])))
    elif what in ("bid", "draw", "moon"):
        choices = [ch for ch in t.controls.choices if ch.enabled and ch.cmd == "act"]
        ch = rng.choice(choices)
        c.command(ch.cmd, ch.arg)
    else:
        raise AssertionError(f"stuck: {t.phase} {t.status}")


async def play_until(c, stop, limit=3000):
    for _ in range(limit):
        t = await until_human(c)
        if stop(c, t):
            return t
        if t.awaiting == "over":
            raise AssertionError("the game ended first")
        human_move(c, t)
    raise AssertionError("never reached")


async def finish(c, limit=5000):
    for _ in range(limit):
        t = await until_human(c)
        if t.awaiting == "over":
            return t
        human_move(c, t)
    raise AssertionError("the game did not end")


def stored(backend, kind, prefix="baza:"):
    return json.loads(backend.items[prefix + kind])


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


def test_settings_persist_and_a_link_starts_from_them():
    async def go():
        c, s, backend = make()
        s.boot()
        c.command("new-game")
        for name, value in (("game", "spades"), ("players", "3"), ("level1", "hard"), ("speed", "fast")):
            c.set_option(name, value)
        c.command("dialog-start")
        await asyncio.sleep(0)
        saved = settings_from_dict(stored(backend, "settings")["data"])
        assert (saved.game, saved.players, saved.levels[0], saved.speed) == ("spades", 3, "hard", "fast")
        backend.remove("baza:match")
        c2, s2, _ = make(MemoryStorage(dict(backend.items)), query="?target=200")
        s2.boot()
        assert (c2.settings.game, c2.settings.players, c2.match.rules.target) == ("spades", 3, 200)
        c2.generation += 1

    run(go())


def test_a_link_to_another_game_keeps_the_game_in_progress():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        actions = list(c.match.actions)
        c2, s2, _ = make(MemoryStorage(dict(backend.items)), query="?game=spades")
        s2.boot()
        assert c2.match.actions == actions and c2.match.game == "hearts"
        note = s2.note()
        assert "link" in note.text and [b.cmd for b in note.buttons] == ["link-game"]
        s2.command("link-game")
        assert c2.match.game == "spades"
        c2.generation += 1

    run(go())


# ----------------------------------------------------------------- bad storage


def valid_stats_doc():
    stats = add_result(empty_stats(), "hearts", {"played": 1, "won": 1, "hands": 3, "points": 20, "final": 20})
    return Store(MemoryStorage()).document("stats", stats)


def engine_save(**changes):
    m = new_match("hearts", "standard", seed=5)
    while m.phase != "play" or len(m.trick) < 3:
        m.apply(m.legal_actions()[0])
    d = match_to_dict(m)
    d.update(changes)
    return d, m


def envelope(data, version=ST.VERSION):
    return json.dumps({"format": "baza-save", "version": version, "kind": "match", "engine": 1,
                       "saved": 1, "data": data})


def _card_twice():
    d, m = engine_save()
    d["actions"] = d["actions"] + [d["actions"][-1]]
    return envelope({"match": d})


def _fourteen_cards():
    d, m = engine_save()
    d["check"] = dict(d["check"], hands=[h + ["2C"] if i == 1 else h for i, h in enumerate(d["check"]["hands"])])
    return envelope({"match": d})


def _unknown_option():
    d, m = engine_save()
    d["rules"] = dict(d["rules"], jokers=True)
    return envelope({"match": d})


BAD_MATCHES = {
    "not JSON": ("{\"format\": \"baza-save\", ", "not valid JSON"),
    "binary junk": ("\x00\x01\ufffd", "not valid JSON"),
    "deep JSON": ("[" * 5000 + "]" * 5000, "nested more than"),
    "JSON of the wrong shape": ("[1, 2, 3]", "not Baza data"),
    "someone else's data": (json.dumps({"theme": "dark"}), "not Baza data"),
    "envelope of another kind": (json.dumps({"format": "baza-save", "version": 1, "kind": "stats", "data": {}}),
                                 "'stats' data"),
    "no match inside": (envelope({"settings": {}}), "holds no match"),
    "a card twice": (_card_twice(), "cannot be replayed"),
    "14 cards in a hand": (_fourteen_cards(), "hands does not match"),
    "an unknown option": (_unknown_option(), "jokers"),
    "a newer version": (envelope({"match": engine_save()[0]}, version=ST.VERSION + 1), "newer version of Baza"),
    "a newer engine schema": (envelope({"match": engine_save(schema=2)[0]}), "newer version of the game"),
    "a bad version number": (envelope({"match": engine_save()[0]}, version="1"), "no valid version"),
}


@pytest.mark.parametrize("kind", list(BAD_MATCHES))
def test_a_bad_saved_game_is_kept_aside_and_a_new_game_starts(kind):
    raw, reason = BAD_MATCHES[kind]

    async def go():
        good_stats = valid_stats_doc()
        good_settings = Store(MemoryStorage()).document("settings", settings_to_dict(SPADES))
        backend = MemoryStorage({"baza:match": raw, "baza:stats": good_stats, "baza:settings": good_settings})
        c, s, _ = make(backend)
        s.boot()
        t = await until_human(c)
        assert t is not None and c.match.game == "spades"  # a working table with the saved settings
        note = s.note()
        assert note.text.startswith("Your saved game could not be read, so a new game has started.")
        assert [b.cmd for b in note.buttons] == ["export-q"]
        kept = Store(backend).quarantined()
        assert kept[0]["raw"] == raw and kept[0]["kind"] == "match" and reason in kept[0]["reason"]
        assert s.command("export-q", "0")[1] == raw
        assert backend.items["baza:stats"] == good_stats  # the statistics survive
        assert s.stats()["games"]["hearts"]["won"] == 1
        assert stored(backend, "match")["data"]["match"]["seed"] == c.match.seed  # the new game is saved
        c.generation += 1

    run(go())


def test_bad_settings_and_statistics_are_kept_aside_separately():
    async def go():
        good_match = dict(MemoryStorage().items)
        c0, s0, b0 = make()
        s0.boot()
        await play_until(c0, lambda c, t: t.awaiting == "play")
        good_match = b0.items["baza:match"]
        bad_settings = Store(MemoryStorage()).document("settings", dict(settings_to_dict(HEARTS), players=99))
        backend = MemoryStorage({"baza:match": good_match, "baza:settings": bad_settings,
                                 "baza:stats": "not json"})
        c, s, _ = make(backend)
        s.boot()
        assert c.match.actions == c0.match.actions  # the game is resumed all the same
        text = s.note().text
        assert "settings could not be read" in text and "statistics could not be read" in text
        kinds = sorted(q["kind"] for q in Store(backend).quarantined())
        assert kinds == ["settings", "stats"]
        c.generation += 1

    run(go())


def test_an_unreadable_quarantine_is_itself_kept():
    backend = MemoryStorage({"baza:quarantine": "garbage", "baza:match": "also garbage"})
    store = Store(backend)
    store.quarantine("match", "also garbage", "bad")
    items = store.quarantined()
    assert [i["kind"] for i in items] == ["match", "quarantine"]
    assert items[1]["raw"] == "garbage"


def test_quarantine_is_bounded():
    store = Store(MemoryStorage(), clock=Clock())
    for i in range(8):
        store.quarantine("match", f"bad {i}", "reason")
    items = store.quarantined()
    assert len(items) == ST.QUARANTINE_ITEMS and items[0]["raw"] == "bad 7"
    store.quarantine("match", "x" * (ST.QUARANTINE_CHARS + 10), "huge")
    items = store.quarantined()
    assert items[0]["cut"] == 10 and len(items) == 1


def test_storage_unavailable_still_plays():
    async def go():
        c, s, backend = make(MemoryStorage(unavailable=True))
        s.boot()
        t = await until_human(c)
        assert t.awaiting == "pass"
        assert "will not be saved" in s.note().text
        human_move(c, t)  # no exception on the next action
        await until_human(c)
        assert s.panel() is None
        s.command("open")
        assert s.panel().saving.startswith("Games are not saved")
        c.generation += 1

    run(go())


def test_storage_that_breaks_while_playing():
    async def go():
        c, s, backend = make()
        s.boot()
        t = await until_human(c)
        backend.unavailable = True
        human_move(c, t)
        await until_human(c)
        assert s.note().text == "Storage stopped working: this game will not be saved."
        c.generation += 1

    run(go())


def test_quota_exceeded_while_saving():
    async def go():
        backend = MemoryStorage()
        c, s, _ = make(backend)
        s.boot()
        t = await until_human(c)
        backend.quota = backend.used() + 5  # the next, longer save does not fit
        human_move(c, t)
        t = await until_human(c)
        assert s.note().text.startswith("Storage is full: the game goes on")
        assert s.full
        human_move(c, t)  # still no exception, and the note is not repeated
        await until_human(c)
        backend.quota = None
        human_move(c, c.model())
        await until_human(c)
        assert s.note().text == "There is room again: the game is saved."
        assert stored(backend, "match")["data"]["match"]["actions"] == [
            a if isinstance(a, str) else a for a in match_to_dict(c.match)["actions"]]
        c.generation += 1

    run(go())


def test_quota_makes_room_by_trimming_finished_games_only():
    store = Store(MemoryStorage(), clock=Clock())
    games = [{"id": str(i), "game": "hearts", "match": {"x": "y" * 1000}} for i in range(8)]
    store.save("history", {"games": games})
    store.quarantine("match", "q" * 3000, "bad")
    store.backend.quota = store.backend.used() + 500
    store.save("match", {"big": "z" * 1500})  # fits only once old games go
    assert len(store.load("history").data["games"]) == 4 and store.trimmed == 4
    assert store.quarantined()[0]["raw"] == "q" * 3000  # never dropped to make room
    with pytest.raises(ST.StorageFull):
        store.save("match", {"big": "z" * 30000})
    assert store.quarantined()[0]["raw"] == "q" * 3000 and len(store.load("history").data["games"]) == 2


def test_the_note_says_when_finished_games_made_room():
    async def go():
        c, s, backend = make()
        s.boot()
        t = await until_human(c)
        s.store.save("history", {"games": [{"id": str(i), "game": "hearts", "match": {"x": "y" * 500}}
                                            for i in range(4)]})
        backend.quota = backend.used() + 5
        human_move(c, t)
        await until_human(c)
        assert s.note().text == "Storage was full: the 2 oldest finished games were removed to make room."
        c.generation += 1

    run(go())


def test_a_bad_save_that_does_not_fit_aside_stays_in_place():
    raw = "x" * 2000
    backend = MemoryStorage({"baza:match": raw}, quota=2100)
    store = Store(backend)
    with pytest.raises(ST.StorageFull):
        store.quarantine("match", raw, "bad")
    assert backend.items["baza:match"] == raw


# ----------------------------------------------------------------- versions


def test_migration_0_to_1_bare_engine_save():
    """Version 0: the match key held the engine's save with no envelope."""

    async def go():
        d, m = engine_save()
        backend = MemoryStorage({"baza:match": json.dumps(d)})
        c, s, _ = make(backend)
        s.boot()
        assert c.match.actions == m.actions and c.match.hands == m.hands
        assert c.settings.game == "hearts" and c.settings.preset == "standard"
        assert "older version of Baza and was updated" in s.note().text
        doc = stored(backend, "match")
        assert doc["version"] == ST.VERSION and doc["data"]["match"]["actions"] == d["actions"]
        assert Store(backend).quarantined() == []
        c.generation += 1

    run(go())


def test_migration_0_to_1_refused_for_other_kinds():
    d, _ = engine_save()
    loaded = Store(MemoryStorage({"baza:settings": json.dumps(d)})).load("settings")
    assert loaded.problem == "The saved settings are a bare saved game, not settings data."


def test_migrations_chain_one_version_at_a_time():
    steps = {
        0: ST.MIGRATIONS[0],
        1: lambda kind, doc: {**doc, "version": 2, "data": {**doc["data"], "two": True}},
        2: lambda kind, doc: {**doc, "version": 3, "data": {**doc["data"], "three": True}},
    }
    d, _ = engine_save()
    data, first, _ = ST.parse("match", json.dumps(d), steps, target=3)
    assert first == 0 and data["two"] and data["three"] and data["match"] == d
    with pytest.raises(SaveError, match="cannot update"):
        ST.parse("match", json.dumps(d), {0: ST.MIGRATIONS[0]}, target=3)
    with pytest.raises(SaveError, match="newer version"):
        ST.parse("match", envelope({}, version=4), steps, target=3)


# ----------------------------------------------------------------- statistics


def finished_game(settings=HEARTS):
    async def go():
        c, s, backend = make(settings=dataclasses.replace(settings, target=30 if settings.game == "hearts" else 100))
        s.boot()
        await finish(c)
        return c, s, backend

    return run(go())


def test_a_finished_game_is_counted_once_and_kept():
    run(_counted_once())


async def _counted_once():
    c, s, backend = make(settings=dataclasses.replace(HEARTS, target=30))
    s.boot()
    await finish(c)
    stats = s.stats()["games"]["hearts"]
    result = game_result(c.match)
    assert stats["played"] == 1 and stats["won"] == result["won"]
    assert stats["hands"] == len(c.match.records) and stats["points"] == sum(
        r["result"]["points"][0] for r in c.match.records)
    assert stats["best"] == stats["worst"] == c.match.scores[0]
    # A reload on the game-over screen counts nothing again.
    c2, s2, _ = make(MemoryStorage(dict(backend.items)))
    s2.boot()
    assert c2.model().awaiting == "over"
    assert s2.stats()["games"]["hearts"] == stats
    history = s2.history()
    assert len(history) == 1 and history[0]["id"] == s.game_id
    name, text = s2.command("export-h", "0")
    assert json.loads(text)["records"] == c.match.records and name.endswith("-finished.json")
    # Play again: a new game; the statistics are the same until it ends.
    c2.command("again")
    assert s2.stats()["games"]["hearts"]["played"] == 1
    c2.generation += 1


def test_spades_statistics_count_nils():
    c, s, backend = finished_game(SPADES)
    stats = s.stats()["games"]["spades"]
    nils = sum(r["bids"][0] in ("nil", "blind_nil") for r in c.match.records)
    assert stats["nils_bid"] == nils and stats["hands"] == len(c.match.records)
    assert stats["played"] == 1


def test_moons_and_best_worst():
    stats = empty_stats()
    for final in (40, 12, 77):
        stats = add_result(stats, "hearts", {"played": 1, "hands": 2, "points": 5, "moons": 1, "final": final})
        stats = add_result(stats, "spades", {"played": 1, "hands": 2, "points": 5, "final": final})
    assert (stats["games"]["hearts"]["best"], stats["games"]["hearts"]["worst"]) == (12, 77)
    assert (stats["games"]["spades"]["best"], stats["games"]["spades"]["worst"]) == (77, 12)
    assert stats["games"]["hearts"]["moons"] == 3
    assert valid_stats(json.loads(json.dumps(stats))) == stats
    with pytest.raises(SaveError):
        valid_stats({"games": {"hearts": {"played": 1, "won": 2}}})
    with pytest.raises(SaveError):
        valid_stats({"games": {"hearts": {"played": "1"}}})


def test_a_moon_is_counted():
    # Seed 11 with normal bots in every seat: a moon in the first hand.
    m = new_match("hearts", "classic", seed=11)
    rng = random.Random(11)
    while m.phase not in ("hand_over", "game_over"):
        m.apply(choose(m.view(m.to_act), "normal", rng) if m.phase not in ("cut", "deal") else m.legal_actions()[0])
    points = m.records[-1]["result"]["points"]
    shooter = points.index(0)
    assert sorted(points) == [0, 26, 26, 26]
    assert game_result(m, human=shooter)["moons"] == 1
    assert game_result(m, human=(shooter + 1) % 4)["moons"] == 0


def test_abandoned_games_and_reset_asks_first():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        c.command("again")  # a new game over one in progress
        await until_human(c)
        assert s.stats()["games"]["hearts"]["abandoned"] == 1
        s.command("open")
        s.command("reset")
        confirm = s.confirm()
        assert confirm.title == "Reset the statistics?" and confirm.yes.cmd == "reset-yes"
        s.command("confirm-no")
        assert s.confirm() is None and s.stats()["games"]["hearts"]["abandoned"] == 1
        s.command("reset")
        s.command("reset-yes")
        assert s.stats()["games"] == empty_stats()["games"]
        assert s.panel().message == "The statistics are back to zero."
        c.generation += 1

    run(go())


def test_two_tabs_do_not_count_one_game_twice():
    async def go():
        c, s, backend = make(settings=dataclasses.replace(HEARTS, target=30))
        s.boot()
        await finish(c)
        c2, s2, _ = make(backend)
        s2.boot()
        s2._finish(c2.match)
        assert s2.stats()["games"]["hearts"]["played"] == 1
        assert len(s2.stats()["counted"]) == 1 <= COUNTED_IDS

    run(go())


# ----------------------------------------------------------------- bounded size


def test_history_is_trimmed_to_its_limits():
    entry = {"id": "x", "game": "hearts", "match": {"actions": ["QS"] * 500}}
    games = [dict(entry, id=str(i)) for i in range(30)]
    kept = trim_history(games)
    assert len(kept) == ST.HISTORY_GAMES and kept[0]["id"] == "0"
    big = [dict(entry, id=str(i), match={"actions": ["QS"] * 20000}) for i in range(5)]
    kept = trim_history(big)
    assert sum(len(ST.dumps(g)) for g in kept) <= ST.HISTORY_CHARS or len(kept) == 1


def test_storage_figures():
    """What a whole game costs in storage (docs/STORAGE.md quotes these)."""
    c, s, backend = finished_game(dataclasses.replace(HEARTS, target=100))
    match_chars = len(backend.items["baza:match"])
    history_chars = len(backend.items["baza:history"])
    hands = len(c.match.records)
    assert match_chars < 3000 * hands, (match_chars, hands)
    assert history_chars < 3000 * hands + 1000
    assert sum(backend.used() for _ in [0]) < 20_000 + 3000 * hands


# ----------------------------------------------------------------- export, import


def test_export_then_import_continues_the_same_match():
    async def go():
        c, s, backend = make(settings=SPADES)
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play" and len(c.match.trick) == 1)
        name, text = s.command("export")
        doc = json.loads(text)
        assert doc["format"] == "baza-export" and doc["records"] == c.match.records
        assert name.startswith("baza-spades-") and name.endswith("-hand1.json")
        c2, s2, backend2 = make(MemoryStorage())
        s2.boot()
        assert c2.match.game == "hearts"
        s2.import_text(text, "game.json")
        assert c2.match.actions == c.match.actions and c2.settings.levels == SPADES.levels
        assert s2.note().text.startswith("Loaded: Spades")
        assert stored(backend2, "match")["data"]["id"] == s.game_id
        for cc in (c, c2):
            for _ in range(30):
                human_move(cc, await until_human(cc))
        await c.settle()
        await c2.settle()
        assert c.match.actions == c2.match.actions

    run(go())


def test_import_over_a_game_in_progress_asks_first():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        actions = list(c.match.actions)
        d, m = engine_save()
        s.import_text(json.dumps(d))
        assert s.confirm().yes.cmd == "import-yes" and c.match.actions == actions
        s.command("confirm-no")
        assert c.match.actions == actions
        s.import_text(json.dumps(d))
        s.command("import-yes")
        assert c.match.actions == m.actions
        assert s.stats()["games"]["hearts"]["abandoned"] == 1
        c.generation += 1

    run(go())


def tampered_exports():
    c, s, backend = finished_game()
    name, text = s.command("export")
    doc = json.loads(text)
    out = {}
    out["records changed"] = dict(doc, records=doc["records"][:-1] + [dict(doc["records"][-1], dealer=2)])
    out["a record missing"] = dict(doc, records=doc["records"][:-1])
    out["a card twice"] = dict(doc, match=dict(doc["match"], actions=doc["match"]["actions"] + ["QS"]))
    out["newer"] = dict(doc, version=9)
    out["not a game"] = {"format": "something"}
    return {k: json.dumps(v) for k, v in out.items()} | {"not JSON": "{", "too deep": "[" * 100 + "]" * 100}


@pytest.mark.parametrize("kind", ["records changed", "a record missing", "a card twice", "newer", "not a game",
                                  "not JSON", "too deep"])
def test_a_refused_import_changes_nothing_and_says_why(kind):
    text = tampered_exports()[kind]

    async def go():
        c, s, backend = make()
        s.boot()
        await until_human(c)
        before = (list(c.match.actions), dict(backend.items))
        assert not s.import_text(text, "bad.json")
        assert (list(c.match.actions), dict(backend.items)) == before
        assert s.note().text.startswith("bad.json was not loaded: ")
        c.generation += 1

    run(go())


def test_import_reads_a_bare_engine_save_and_a_match_key():
    d, m = engine_save()
    assert read_import(json.dumps(d)).match.actions == m.actions
    assert read_import(envelope({"match": d})).match.actions == m.actions
    with pytest.raises(SaveError, match="newer version"):
        read_import(json.dumps(dict(d, schema=5)))


def test_export_document_round_trip():
    d, m = engine_save()
    doc = export_document(m, S.Settings(), {}, "abc", 0)
    pos = read_import(json.dumps(doc))
    assert pos.game_id == "abc" and pos.match.actions == m.actions and not pos.counted


# ----------------------------------------------------------------- two tabs


def test_two_tabs_take_turns():
    async def go():
        backend = MemoryStorage()
        a, sa, _ = make(backend, tab="a")
        sa.boot()
        t = await play_until(a, lambda c, t: t.awaiting == "play")
        b, sb, _ = make(backend, tab="b")
        sb.boot()  # the second tab opens on the same game
        await until_human(b)
        assert b.match.actions == a.match.actions
        human_move(a, t)  # a plays; b hears of it through the storage event
        await until_human(a)
        sb.external(backend.items["baza:match"])
        await until_human(b)
        assert b.match.actions[: len(a.match.actions)] == a.match.actions
        assert sb.note().text.startswith("This game went on in another tab")
        # b plays now; a notices
        human_move(b, b.model())
        await until_human(b)
        sa.external(backend.items["baza:match"])
        await until_human(a)
        assert a.match.actions == b.match.actions
        assert sa.note().text.startswith("This game went on in another tab")
        a.generation += 1
        b.generation += 1

    run(go())


def test_a_game_from_another_tab_or_a_file_keeps_this_tabs_language():
    """The other tab switched to Swedish and played on: this tab shows its
    game, in its own language still; so does a file saved in Swedish."""
    from ui import i18n

    async def go():
        backend = MemoryStorage()
        a, sa, _ = make(backend, tab="a", settings=dataclasses.replace(HEARTS, lang="en"))
        sa.boot()
        await until_human(a)
        b, sb, _ = make(backend, tab="b")
        sb.boot()
        await until_human(b)
        b.command("lang", "sv")
        b.command("again")
        await until_human(b)
        assert json.loads(backend.items["baza:match"])["data"]["settings"]["lang"] == "sv"
        sa.external(backend.items["baza:match"])
        assert a.match.actions == b.match.actions and a.settings.lang == "en"
        assert sa.import_text(sa.export_current()[1]) and a.settings.lang == "en"
        a.generation += 1
        b.generation += 1

    try:
        run(go())
    finally:
        i18n.set_language("en")


def test_a_tab_that_missed_the_event_does_not_overwrite_a_newer_game():
    async def go():
        backend = MemoryStorage()
        a, sa, _ = make(backend, tab="a")
        sa.boot()
        t = await play_until(a, lambda c, t: t.awaiting == "play" and sum(h.playable for h in t.hand.cards) > 1)
        b, sb, _ = make(backend, tab="b")
        sb.boot()
        tb = await until_human(b)
        human_move(a, t)
        await until_human(a)
        newer = backend.items["baza:match"]
        played = a.match.plays[len(b.match.plays)]
        other = next(h.action for h in tb.hand.cards if h.playable and h.action != played)
        b.command("card", str(other))  # b has not heard of a's move: its own must not overwrite it
        assert a.match.actions[: len(b.match.actions)] == b.match.actions
        assert json.loads(newer)["data"]["match"]["actions"] == json.loads(backend.items["baza:match"])[
            "data"]["match"]["actions"][: len(json.loads(newer)["data"]["match"]["actions"])]
        assert sb.note().text.startswith("This game went on in another tab")
        a.generation += 1
        b.generation += 1

    run(go())


def test_a_new_game_in_another_tab_is_shown():
    async def go():
        backend = MemoryStorage()
        a, sa, _ = make(backend, tab="a")
        sa.boot()
        await until_human(a)
        b, sb, _ = make(backend, tab="b")
        sb.boot()
        await until_human(b)
        a.command("again")
        await until_human(a)
        sb.external(backend.items["baza:match"])
        assert b.match.seed == a.match.seed and b.match.actions == a.match.actions
        assert sb.note().text == "Another tab started a new game: this tab shows it now."
        assert sb.stats()["games"]["hearts"]["abandoned"] == 1  # by a, not again by b
        a.generation += 1
        b.generation += 1

    run(go())


def test_bot_moves_from_another_tab_are_taken_quietly():
    async def go():
        backend = MemoryStorage()
        a, sa, _ = make(backend, tab="a")
        sa.boot()
        await until_human(a)
        b, sb, _ = make(backend, tab="b")
        sb.boot()
        await until_human(b)
        early = sb.match_data()
        # an earlier position of the same game is ignored
        sb.external(Store(MemoryStorage()).document("match", dict(early, match=dict(
            early["match"], actions=early["match"]["actions"][:3]))))
        assert sb.note() is None and len(b.match.actions) == len(a.match.actions)
        a.generation += 1
        b.generation += 1

    run(go())


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


# ----------------------------------------------------------------- languages


def test_a_plural_subject_takes_a_plural_verb():
    raw = json.dumps({"format": "baza-save", "version": ST.VERSION + 1, "kind": "settings", "data": {}})
    with pytest.raises(SaveError) as refused:
        ST.parse("settings", raw)
    assert str(refused.value) == (f"The saved settings come from a newer version of Baza "
                                  f"(data version {ST.VERSION + 1}; this one reads {ST.VERSION}).")


def test_the_saves_speak_the_language_of_the_page(monkeypatch):
    """Every sentence of the saves (notes, refusals, the panel, confirmations)
    comes from the catalogue: with each saves.* text marked, nothing is left unmarked."""
    from ui import i18n

    marked = dict(i18n.catalogue("sv"))
    for key, entry in i18n.catalogue("en").items():
        if key.startswith("saves."):
            marked[key] = ({form: f"«{text}»" for form, text in entry.items()} if isinstance(entry, dict)
                           else f"«{entry}»")
    monkeypatch.setitem(i18n._catalogues, "sv", marked)

    def is_marked(text):
        return text.startswith("«") and text.endswith("»")

    async def go():
        backend = MemoryStorage({"baza:match": "{bad", "baza:stats": "nope"})
        c, s, _ = make(backend)
        s.boot()
        await until_human(c)
        note = s.note()
        assert note.text.count("«") == 3 and all(is_marked(b.label) for b in note.buttons)
        s.command("open")
        p = s.panel()
        assert all(is_marked(x) for x in (p.saving, p.current, *(line.label for line in p.stats)))
        assert all(is_marked(e.text) and is_marked(e.detail) for e in p.quarantine)
        assert all(is_marked(b.label) for e in p.quarantine for b in e.buttons)
        s.command("reset")
        confirm = s.confirm()
        assert all(is_marked(x) for x in (confirm.title, confirm.text, confirm.yes.label, confirm.no_label))
        s.command("confirm-no")
        assert not s.import_text("[" * 100 + "]" * 100, "bad.json")
        assert is_marked(s.note().text) and "bad.json" in s.note().text
        c.generation += 1

    try:
        i18n.set_language("sv")
        run(go())
    finally:
        i18n.set_language("en")


def test_a_links_speed_and_card_colours_apply_to_a_resumed_game():
    """Saved at normal speed with two-colour cards, then opened with
    ?speed=fast&deck=four: the same match goes on, fast, in four colours,
    and both are kept; values Baza does not know change nothing."""
    backend = MemoryStorage()
    slow = dataclasses.replace(HEARTS, speed="normal", deck="two")

    async def go():
        c, s, _ = make(backend, settings=slow)
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play" and len(c.match.trick) == 1)
        actions = list(c.match.actions)
        c.generation += 1
        for query, speed, deck in (("?speed=fast&deck=four", "fast", "four"), ("", "fast", "four"),
                                   ("?speed=warp&deck=" + "x" * 5000, "fast", "four"), ("?deck=two", "fast", "two")):
            c, s, _ = make(backend, query=query, settings=S.from_query(query, slow))
            s.boot()
            assert (c.settings.speed, c.settings.deck) == (speed, deck), query[:20]
            assert c.match.actions[: len(actions)] == actions and s.note() is None, query[:20]
            assert stored(backend, "settings")["data"]["speed"] == speed
            assert stored(backend, "match")["data"]["settings"]["deck"] == deck
            c.generation += 1

    run(go())


def test_a_link_language_wins_over_the_saved_one_and_keeps_the_game():
    """A game saved in Swedish, then a link with ?lang=es: the table speaks
    Spanish, the same match goes on, and Spanish is kept (like the switch).
    A ?lang= Baza does not speak changes nothing and says nothing."""
    from ui import i18n

    backend = MemoryStorage()

    def visit(query):
        """What the page does on each visit (ui/main.py App): settings from the link, boot, language."""
        c, s, _ = make(backend, query=query, settings=S.from_query(query, HEARTS))
        i18n.set_language(c.settings.lang or "en")
        s.boot()
        i18n.set_language(c.settings.lang or "en")
        return c, s

    def saved_lang(kind):
        data = stored(backend, kind)["data"]
        return (data if kind == "settings" else data["settings"])["lang"]

    async def go():
        c, s = visit("?lang=sv")
        await play_until(c, lambda c, t: t.awaiting == "play" and len(c.match.trick) == 1)
        actions = list(c.match.actions)
        c.generation += 1
        visits = [("?lang=es", "es"), ("", "es"), ("?lang=xx", "es"), ("?lang=" + "e" * 5000, "es"),
                  ("?lang=%00%ff%3Cb%3E", "es"), ("?lang=", "es"), ("?lang=pt&lang=en", "en")]
        for query, lang in visits:
            c, s = visit(query)
            await until_human(c)
            assert (i18n.language(), c.settings.lang) == (lang, lang), query[:20]
            assert c.model().status == i18n.catalogue(lang)["status.your_play"], "the table speaks it"
            assert c.match.actions == actions, "the match in progress is the same"
            assert s.note() is None, query[:20]
            assert saved_lang("settings") == saved_lang("match") == lang, "the link's language is kept"
            c.generation += 1

    try:
        run(go())
    finally:
        i18n.set_language("en")
