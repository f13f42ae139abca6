"""Export and import under the recommended CSP: download the match with its
hand histories, load it into a fresh browser storage (another origin) and
go on with the same match; a refused file changes nothing and says why; a
file over 2 MB is refused before the page reads a byte of it."""

import json

from conftest import logged
from playwright.sync_api import expect
from storage_helpers import open_saves, saved_position, set_storage, snapshot, wait_step_moves
from table_helpers import check_clean, open_table, play_first_playable, step, wait_turn


def test_export_then_import_continues_the_same_match(browser, serve, dist, tmp_path):
    first, second = serve(dist, csp=True), serve(dist, csp=True)  # two origins: two storages
    a = logged(browser.new_page())
    b = logged(browser.new_page())
    try:
        # The second hand, a card on the table and our turn (the first hand is in the file's history).
        raw, m = saved_position("spades", "partnership", 5, stop=lambda m: m.hand_number == 2
                                and m.phase == "play" and len(m.trick) == 1 and m.to_act == 0)
        set_storage(a, first.url, {"baza:match": raw})
        a.goto(first.url)
        assert wait_turn(a) == "play"
        before = snapshot(a)

        dialog = open_saves(a)
        with a.expect_download() as download:
            dialog.get_by_role("button", name="Download this game").click()
        name = download.value.suggested_filename
        assert name.startswith("baza-spades-") and name.endswith("-hand2.json")
        path = tmp_path / name
        download.value.save_as(path)
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["format"] == "baza-export" and len(doc["records"]) == 1
        assert set(doc["records"][0]) >= {"game", "rules", "dealer", "hands", "bids", "plays", "result"}
        dialog.get_by_role("button", name="Close").click()

        # A fresh storage: a new Hearts game, then the file.
        open_table(b, second.url, "?speed=instant")
        wait_turn(b)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(dict(doc, records=doc["records"][:0])), encoding="utf-8")
        table = snapshot(b)
        dialog = open_saves(b)
        b.locator("#import-file").set_input_files(bad)
        expect(b.locator("#save-note")).to_contain_text("bad.json was not loaded: The file has 0 hand histories")
        expect(dialog.locator("#saves-message")).to_contain_text("was not loaded")
        assert snapshot(b) == table  # nothing changed

        b.locator("#import-file").set_input_files(path)
        confirm = b.locator("#confirm")
        expect(confirm).to_contain_text("It replaces the game in progress")
        confirm.get_by_role("button", name="Load it").click()
        expect(b.locator("#save-note")).to_contain_text("Loaded: Spades")
        b.wait_for_function("(s) => document.getElementById('table').dataset.step === s", arg=before["step"])
        after = snapshot(b)
        assert {k: v for k, v in after.items() if k != "title"} == {k: v for k, v in before.items() if k != "title"}

        # The same card on both tables: the computer players answer alike.
        for tab in (a, b):
            last = step(tab)
            play_first_playable(tab)
            wait_step_moves(tab, last)
            wait_turn(tab, last)
        assert snapshot(a) == snapshot(b)
        stored = b.evaluate("() => JSON.parse(localStorage.getItem('baza:match')).data.id")
        assert stored == doc["id"]
        check_clean(a, first.url)
        check_clean(b, second.url)
    finally:
        a.close()
        b.close()


# Every way a page can read a picked file, counted before the page's scripts run.
COUNT_READS = """(() => {
  window.__fileReads = 0;
  for (const name of ["text", "arrayBuffer", "stream", "bytes", "slice"]) {
    const own = Blob.prototype[name];
    if (own) Blob.prototype[name] = function (...args) { window.__fileReads++; return own.apply(this, args); };
  }
  for (const name of ["readAsText", "readAsArrayBuffer", "readAsDataURL", "readAsBinaryString"]) {
    const own = FileReader.prototype[name];
    FileReader.prototype[name] = function (...args) { window.__fileReads++; return own.apply(this, args); };
  }
})();"""


def test_a_file_over_2_mb_is_refused_unread(page, base_url):
    page.add_init_script(COUNT_READS)
    open_table(page, base_url, "?speed=instant")
    wait_turn(page)
    table = snapshot(page)
    open_saves(page)
    page.evaluate("window.__fileReads = 0")  # the start's own reads (a stored memory snapshot is a Blob) aside
    # 3 MB of spaces: under the old check (4 bytes a character, 8 MB) it was read whole, then refused.
    page.locator("#import-file").set_input_files(
        {"name": "big.json", "mimeType": "application/json", "buffer": b" " * 3_000_000})
    expect(page.locator("#save-note")).to_contain_text("big.json was not loaded: it is too large for a Baza game.")
    assert page.evaluate("window.__fileReads") == 0
    assert snapshot(page) == table  # nothing changed
    check_clean(page, base_url)
