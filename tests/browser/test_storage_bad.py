"""Bad storage, set before the page loads: the page works, a short note
(role="status") says what happened, the unreadable save is kept aside and
offered for download, and valid statistics and settings survive."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from storage_helpers import envelope, open_saves, set_storage, stat_values, storage, wait_ready
from table_helpers import check_clean, play_first_playable, wait_turn

from game.save import match_to_dict
from game.state import new_match

STATS = envelope("stats", {"games": {"hearts": {"played": 3, "won": 2, "hands": 12, "points": 61, "best": 18,
                                                "worst": 77}, "spades": {"played": 1, "nils_bid": 2,
                                                                         "nils_made": 1, "hands": 5}},
                           "counted": []})
# Saved settings: Hearts at instant speed, every bot easy, a name that looks like markup.
NAME = "Ana <b>&amp;</b>"
SETTINGS = envelope("settings", {"game": "hearts", "preset": "classic", "players": 4, "target": 100,
                                 "options": {}, "levels": ["easy", "easy", "easy"], "speed": "instant",
                                 "names": ["", NAME, "", ""]})


def engine_save():
    """A Hearts match in its first trick, 3 cards down and our turn, as the engine saves it."""
    m = new_match("hearts", "classic", seed=1)
    while m.phase != "play" or len(m.trick) < 3 or m.to_act != 0:
        m.apply(m.legal_actions()[0])
    return match_to_dict(m), m


def refused(change):
    d, _ = engine_save()
    change(d)
    return envelope("match", {"match": d})


BAD = {
    "not JSON": '{"format": "baza-save", "version": 1, "kind": "ma',
    "JSON of the wrong shape": json.dumps([{"match": 1}, 2, 3]),
    "a card twice": refused(lambda d: d["actions"].append(d["actions"][-1])),
    "14 cards in a hand": refused(lambda d: d["check"]["hands"][1].append("2C")),
    "an unknown option": refused(lambda d: d["rules"].update(jokers=True)),
    "a newer version": envelope("match", {"match": engine_save()[0]}, version=2),
}


@pytest.mark.parametrize("kind", list(BAD))
def test_bad_saved_game(page, base_url, kind):
    raw = BAD[kind]
    set_storage(page, base_url, {"baza:match": raw, "baza:stats": STATS, "baza:settings": SETTINGS})
    page.goto(base_url)
    wait_ready(page)
    note = page.locator("#save-note")
    expect(note).to_have_attribute("role", "status")
    expect(note).to_contain_text("Your saved game could not be read, so a new game has started.")
    # A working table: a new game with the saved settings, which takes a move.
    assert wait_turn(page) == "pass"
    expect(page.locator("#seats .level").first).to_have_text("Easy")
    west = page.locator("#seats .seat-name").nth(1)
    expect(west).to_contain_text(NAME)  # the saved name, as text
    assert west.locator("b").count() == 0
    # The bad save is kept aside, word for word; the statistics are untouched.
    saved = storage(page)
    assert json.loads(saved["baza:quarantine"])["data"]["items"][0]["raw"] == raw
    assert saved["baza:stats"] == STATS
    assert json.loads(saved["baza:match"])["data"]["match"]["actions"]  # the new game is saved
    if kind == "not JSON":  # once: the note's Download button and the dialog
        with page.expect_download() as download:
            note.get_by_role("button", name="Download it").click()
        assert download.value.suggested_filename.startswith("baza-unreadable-match-")
        assert Path(download.value.path()).read_text(encoding="utf-8") == raw
        dialog = open_saves(page)
        expect(dialog).to_contain_text("Unreadable saved game")
        expect(dialog).to_contain_text("not valid JSON")
        values = stat_values(page)
        assert values["Games played"] == ["3", "1"] and values["Average points per hand"] == ["5.1", "0.0"]
        assert values["Nils bid / made"][1] == "2 / 1"
        dialog.get_by_role("button", name="Close").click()
    note.get_by_role("button", name="Dismiss").click()
    expect(note).to_be_empty()
    check_clean(page, base_url)


def test_old_version_is_migrated(page, base_url):
    """Version 0: the bare engine save, with no envelope. It is resumed."""
    d, m = engine_save()
    set_storage(page, base_url, {"baza:match": json.dumps(d), "baza:stats": STATS})
    page.goto(base_url + "?speed=instant")
    wait_ready(page)
    expect(page.locator("#save-note")).to_contain_text("came from an older version of Baza and was updated")
    assert wait_turn(page) == "play"
    assert page.locator("#trick li").count() == 3  # the saved trick
    assert page.get_attribute("#table", "data-step") == str(len(m.actions))
    saved = storage(page)
    doc = json.loads(saved["baza:match"])
    assert doc["version"] == 1 and doc["data"]["match"]["actions"] == d["actions"]
    assert "baza:quarantine" not in saved and saved["baza:stats"] == STATS
    play_first_playable(page)
    check_clean(page, base_url)


QUOTA = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (String(key).endsWith(':match')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return setItem.call(this, key, value);
};
"""

BLOCKED = """
Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied.",
                                  'SecurityError'); },
});
"""


def test_storage_full(page, base_url):
    set_storage(page, base_url, {"baza:stats": STATS})
    page.add_init_script(QUOTA)
    page.goto(base_url + "?speed=instant")
    wait_ready(page)
    expect(page.locator("#save-note")).to_contain_text("Storage is full: the game goes on, but is not being saved.")
    assert wait_turn(page) == "pass"
    assert storage(page)["baza:stats"] == STATS
    dialog = open_saves(page)
    expect(dialog).to_contain_text("Storage is full")
    assert stat_values(page)["Games won"] == ["2", "0"]
    check_clean(page, base_url)


def test_storage_blocked(page, base_url):
    page.add_init_script(BLOCKED)
    page.goto(base_url + "?speed=instant")
    wait_ready(page)
    expect(page.locator("#save-note")).to_contain_text("does not let Baza store anything here")
    assert wait_turn(page) == "pass"
    dialog = open_saves(page)
    expect(dialog).to_contain_text("Games are not saved")
    check_clean(page, base_url)
