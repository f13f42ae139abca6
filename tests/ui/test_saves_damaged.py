"""Saves keep every byte they promise (docs/STORAGE.md, "Bad data" and
"Export and import"): a file over the limit is refused before it is read,
an unreadable save is kept aside whole however long, damaged entries of the
kept-aside list and damaged games of the finished games' list are kept and
said, not dropped or taken without a word; and the Saves & stats dialog
right after the first hand's summary says that hand is over."""

import asyncio
import json

from saves_helpers import HEARTS, finished_game, make, play_until, stored
from ui_helpers import run

from ui.saves import store as ST
from ui.saves.data import IMPORT_MAX_BYTES
from ui.saves.dom import SavesPage
from ui.saves.store import MemoryStorage, Store

# ----------------------------------------------------------------- a file too large


class Element:
    def __init__(self):
        self.value = "C:\\fakepath\\big.json"

    def addEventListener(self, *args):  # the DOM's name
        pass


class Document(Element):
    def getElementById(self, _id):  # the DOM's name
        return Element()


class PickedFile:
    """A File whose reads are counted: ``size`` in bytes, as the browser says."""

    def __init__(self, size, text="{}"):
        self.size, self.name, self._text, self.reads = size, "big.json", text, 0

    async def text(self):
        self.reads += 1
        return self._text


class FileInput(Element):
    def __init__(self, file):
        super().__init__()
        self.files = type("FileList", (), {"length": 1, "item": lambda _self, i: file})()


def page_for(saves):
    page = SavesPage(Document(), Element(), saves, lambda f: f, lambda *a, **k: None)
    saves.on_change = lambda: None  # nothing to draw into: the note and panel are read from saves
    return page


def test_a_file_over_2_mb_is_refused_before_a_byte_of_it_is_read():
    async def go():
        c, s, _ = make()
        s.boot()
        page = page_for(s)
        for size in (IMPORT_MAX_BYTES + 1, 3_000_000, 7_999_999):  # 3 and 8 MB: read in full before
            big = PickedFile(size)
            page.pick(FileInput(big))
            await asyncio.sleep(0)
            assert big.reads == 0, size
            assert s.note().text == "big.json was not loaded: it is too large for a Baza game.", size
        small = PickedFile(IMPORT_MAX_BYTES, text="not a game")
        page.pick(FileInput(small))
        for _ in range(3):
            await asyncio.sleep(0)
        assert small.reads == 1  # at the limit it is read, and judged by what it holds
        assert s.note().text.startswith("big.json was not loaded: The file is not valid JSON")
        c.generation += 1

    run(go())


# ----------------------------------------------------------------- kept whole


def test_an_unreadable_save_longer_than_the_kept_aside_limit_is_kept_whole():
    raw = "{" + "x" * (ST.QUARANTINE_CHARS + 50_000)  # not JSON, 250,001 characters

    async def go():
        backend = MemoryStorage({"baza:match": raw})
        c, s, _ = make(backend)
        s.boot()
        assert "What could not be read is kept" in s.note().text
        assert s.command("export-q", "0")[1] == raw  # every character of it
        assert "baza:match" in backend.items and backend.items["baza:match"] != raw  # its key holds the new game
        s.command("open")
        (entry,) = s.panel().quarantine
        assert "kept cut" not in entry.detail
        c.generation += 1

    run(go())


# ----------------------------------------------------------------- the kept-aside list


def test_damaged_entries_of_the_kept_aside_list_are_kept_as_found_and_said():
    good = {"kind": "settings", "key": "baza:settings", "reason": "bad", "at": 5, "raw": "{oops", "cut": 0}
    damaged = [42, {"raw": 5, "reason": "r", "kind": "match"}, {"kind": "match", "reason": "no text"}]
    doc = Store(MemoryStorage()).document("quarantine", {"items": [good, *damaged]})

    async def go():
        backend = MemoryStorage({"baza:quarantine": doc})
        c, s, _ = make(backend)
        s.boot()
        note = s.note()
        assert note.level == "problem"
        assert ("3 entries of the unreadable saves kept aside were damaged: they are kept as they were found, "
                "in Saves & stats.") in note.text
        items = Store(backend).quarantined()
        assert items[0] == good
        assert [json.loads(i["raw"]) for i in items[1:]] == damaged  # each one as it was found
        assert {i["reason"] for i in items[1:]} == {
            "This entry of the list of unreadable saves was damaged; it is kept as it was found."}
        assert stored(backend, "quarantine")["data"]["items"] == items  # written back in form
        assert s.command("export-q", "2")[1] == json.dumps(damaged[1], separators=(",", ":"))
        c.generation += 1
        c2, s2, _ = make(backend)
        s2.boot()
        assert s2.note() is None  # said once
        c2.generation += 1

    run(go())


# ----------------------------------------------------------------- the finished games


def with_history(backend, games):
    backend.items["baza:history"] = Store(MemoryStorage()).document("history", {"games": games})


def test_damaged_games_of_the_finished_games_list_are_kept_aside_and_said():
    _, s0, backend = finished_game()
    (good,) = stored(backend, "history")["data"]["games"]
    damaged = ["junk", {**good, "id": 5}, {**good, "id": "other", "at": "tomorrow"},
               {**good, "id": "third", "at": float("inf")}]
    with_history(backend, [good, *damaged])

    async def go():
        c, s, _ = make(backend)
        s.boot()
        text = s.note().text
        assert "4 finished games of the saved list could not be read." in text
        assert "What could not be read is kept" in text
        assert [g["id"] for g in s.history()] == [good["id"]]
        assert [g["id"] for g in stored(backend, "history")["data"]["games"]] == [good["id"]]
        kept = Store(backend).quarantined()
        assert [k["kind"] for k in kept] == ["history"] * 4
        assert sorted(k["reason"] for k in kept) == [
            f"Finished game {n} of the saved list is not in the expected form." for n in (2, 3, 4, 5)]
        assert [json.loads(k["raw"]) for k in reversed(kept)] == damaged  # each one whole
        c.generation += 1

    run(go())


def test_a_finished_game_that_no_longer_replays_goes_aside_when_downloaded():
    _, _, backend = finished_game()
    (good,) = stored(backend, "history")["data"]["games"]
    broken = {**good, "match": {**good["match"], "actions": good["match"]["actions"][:5] + ["QS", "QS"]}}
    with_history(backend, [broken])

    async def go():
        c, s, _ = make(backend)
        s.boot()
        assert s.note() is None  # in form: its moves are replayed when it is downloaded
        s.command("open")
        assert s.command("export-h", "0") is None
        message = s.panel().message
        assert message.startswith("That game cannot be read any more: ")
        assert message.endswith("It is now kept aside with the unreadable saves, for download.")
        assert s.history() == []
        (kept,) = Store(backend).quarantined()
        assert kept["kind"] == "history" and json.loads(kept["raw"]) == broken
        assert len(s.panel().quarantine) == 1
        c.generation += 1

    run(go())


# ----------------------------------------------------------------- after the first hand


def test_right_after_the_first_hand_the_dialog_says_that_hand_is_finished():
    async def go():
        c, s, _ = make(settings=HEARTS)
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "next")  # the first hand's summary
        assert len(c.match.records) == 1
        s.command("open")
        panel = s.panel()
        assert panel.current == "Hearts, 4 players, hand 1 finished, game in progress"
        hands = next(line for line in panel.stats if line.label.startswith("Hands played"))
        assert hands.label == "Hands played (finished games)" and hands.values == ("0", "0")
        c.command("next")
        await play_until(c, lambda c, t: t.awaiting == "play")
        assert s.panel().current == "Hearts, 4 players, hand 2, in progress"
        c.generation += 1

    run(go())
