"""The store under CPython, with a dict for localStorage: bad storage of
every kind and the quarantine that keeps it aside, storage unavailable or
full, migrations, bounded size, export and import, and the language of what
the saves say (ui/saves/store.py, ui/saves/manager.py, ui/saves/data.py, ui/saves/panel.py).

Resume is in test_saves_resume.py, statistics in test_saves_statistics.py,
two tabs and links in test_saves_tabs_and_links.py."""

import dataclasses
import json

import pytest
from saves_helpers import (
    HEARTS,
    SPADES,
    Clock,
    engine_save,
    envelope,
    finished_game,
    human_move,
    make,
    play_until,
    stored,
    until_human,
)
from ui_helpers import run

from game.save import match_to_dict
from ui import settings as S
from ui.saves import store as ST
from ui.saves.data import add_result, empty_stats, export_document, read_import, settings_to_dict, trim_history
from ui.saves.store import MemoryStorage, SaveError, Store

# ----------------------------------------------------------------- bad storage


def valid_stats_doc():
    stats = add_result(empty_stats(), "hearts", {"played": 1, "won": 1, "hands": 3, "points": 20, "final": 20})
    return Store(MemoryStorage()).document("stats", stats)


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
    huge = "x" * (ST.QUARANTINE_CHARS + 10)
    store.quarantine("match", huge, "huge")
    items = store.quarantined()
    assert items[0]["raw"] == huge and items[0]["cut"] == 0  # kept whole, however long
    assert len(items) == 1  # the older ones made room for it


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


class SandboxedWindow:
    """A page framed with sandbox="allow-scripts" and no allow-same-origin:
    its origin is "null" and merely reading localStorage throws."""

    origin = "null"

    @property
    def localStorage(self):  # the browser's name
        raise RuntimeError("SecurityError: The document is sandboxed and lacks the 'allow-same-origin' flag.")


class OtherSiteWindow(SandboxedWindow):
    """Storage refused for another reason (cookies off, a third-party frame)."""

    origin = "https://games.example"


def test_a_sandboxed_frame_plays_unsaved_and_says_why():
    from ui.saves.dom import LocalStorage

    async def go():
        backend = LocalStorage(SandboxedWindow())
        c, s, _ = make(backend)
        s.boot()
        t = await until_human(c)
        assert t.awaiting == "pass" and backend.sandboxed
        assert s.note().text.startswith("The page that embeds Baza keeps this frame from storing anything")
        assert s.note().text.endswith("this game will not be saved.")
        human_move(c, t)  # it plays on, unsaved
        await until_human(c)
        c.generation += 1

        backend = LocalStorage(OtherSiteWindow())
        c, s, _ = make(backend)
        s.boot()
        assert not backend.sandboxed and s.note().text.startswith("This browser does not let Baza store anything")
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
        # The new tab's own game is dealt at once: replacing it is confirmed.
        assert s2.confirm() is not None
        s2.command("import-yes")
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


def _refused_imports():
    """Bare engine saves the engine refuses, and the English detail it gives."""
    unknown, _ = engine_save()
    unknown["colour"] = "red"
    seed, _ = engine_save()
    seed["seed"] = None
    return {
        "unknown fields": (json.dumps(unknown), "The saved match has unknown fields: colour."),
        "a bad seed": (json.dumps(seed), "The saved match's seed must be a number or text."),
        "an unreplayable action": (_card_twice(), "cannot be replayed"),
        "a check that differs": (_fourteen_cards(), "does not match the replayed match"),
    }


@pytest.mark.parametrize("lang", ["sv", "es", "pt"])
@pytest.mark.parametrize("kind", ["unknown fields", "a bad seed", "an unreplayable action", "a check that differs"])
def test_a_refused_import_explains_itself_in_the_language_of_the_page(lang, kind):
    """The engine's reason (and the refused move inside it) come from the
    catalogue: no English sentence of the engine in a Swedish refusal."""
    from game.errors import RecordError
    from game.save import match_from_json
    from game.save_messages import render_detail
    from ui import i18n

    text, english = _refused_imports()[kind]
    with pytest.raises(SaveError) as refused_en:
        read_import(text)
    assert english in str(refused_en.value)
    doc = json.loads(text)
    with pytest.raises(RecordError) as engine:
        match_from_json(json.dumps(doc["data"]["match"] if "data" in doc else doc))
    try:
        i18n.set_language(lang)
        with pytest.raises(SaveError) as refused:
            read_import(text)
        shown = str(refused.value)
        assert english not in shown and str(engine.value) not in shown
        assert i18n.save_text(engine.value.message) in shown
        key, params = engine.value.message
        assert shown.startswith(i18n.t("saves.file.game", reason="").rstrip())
        if key == "replay":  # the refused move inside, in the page's language too
            inner = params["reason"]
            assert inner[0] == "engine" and i18n.engine_text(inner[1:]) in shown
            assert render_detail(inner) not in shown
        if key == "check_differs":
            assert "hands" not in shown.split("(")[0]
    finally:
        i18n.set_language("en")
