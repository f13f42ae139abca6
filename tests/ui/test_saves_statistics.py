"""Statistics under CPython, with a dict for localStorage: a finished game
is counted once and kept in the history, nils and moons, best and worst,
abandoned games and the reset (ui/saves/manager.py, ui/saves/data.py)."""

import dataclasses
import json
import random

import pytest
from saves_helpers import HEARTS, SPADES, finish, finished_game, human_move, make, play_until, until_human
from ui_helpers import run

from game.bots import choose
from game.save import match_to_dict
from game.state import new_match
from ui.saves.data import COUNTED_IDS, add_result, empty_stats, game_result, valid_stats
from ui.saves.store import MemoryStorage, SaveError

# ----------------------------------------------------------------- statistics


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


def test_loading_a_copy_of_the_game_in_progress_is_not_abandoning_it():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        _, copy = s.export_current()
        human_move(c, c.model())  # the table goes on past the copy
        await until_human(c)
        assert s.import_text(copy)
        assert "does not count as abandoned" in s.confirm().text
        s.command("import-yes")
        assert match_to_dict(c.match)["actions"] == json.loads(copy)["match"]["actions"]  # back where the file was
        assert s.stats()["games"]["hearts"]["abandoned"] == 0
        # A bare engine save of the same game has no id: the same deal and moves tell.
        bare = json.dumps(json.loads(copy)["match"])
        human_move(c, c.model())
        await until_human(c)
        game_id = s.game_id
        assert s.import_text(bare) and "does not count as abandoned" in s.confirm().text
        s.command("import-yes")
        assert s.stats()["games"]["hearts"]["abandoned"] == 0 and s.game_id == game_id
        # Another game over it is abandoning it.
        other = json.dumps(match_to_dict(new_match("hearts", "standard", seed=99)))
        human_move(c, c.model())
        await until_human(c)
        assert s.import_text(other) and "which then counts as abandoned" in s.confirm().text
        s.command("import-yes")
        assert s.stats()["games"]["hearts"]["abandoned"] == 1
        c.generation += 1

    run(go())


def test_a_new_files_question_does_not_keep_the_last_files_refusal():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        s.command("open")
        _, good = s.export_current()
        assert not s.import_text("{not json", "bad.json")
        assert s.panel().message.startswith("bad.json was not loaded")
        assert s.note().text.startswith("bad.json was not loaded")
        assert s.import_text(good, "good.json") and s.confirm() is not None
        assert s.panel().message == ""
        assert s.note() is None or "bad.json" not in s.note().text
        s.command("confirm-no")
        assert s.panel().message == ""
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
