"""Two tabs of the game in one browser, played in turn: the tab that did not
make the last move hears of it (the storage event), shows the newer state
instead of overwriting it, and says so."""

from conftest import logged
from playwright.sync_api import expect
from storage_helpers import snapshot
from table_helpers import check_clean, open_table, pass_cards, play_first_playable, step, wait_turn

QUERY = "?game=hearts&preset=standard&speed=instant&seed=41"


def same_table(a, b):
    page_a, page_b = snapshot(a), snapshot(b)
    keys = ("step", "phase", "hand", "trick", "seats", "sheet", "awaiting")
    return {k: page_a[k] for k in keys} == {k: page_b[k] for k in keys}


def wait_same(a, b):
    a.wait_for_function("(s) => document.getElementById('table').dataset.step === s",
                        arg=b.get_attribute("#table", "data-step"))
    assert same_table(a, b)


def test_two_tabs_take_turns(page, browser, base_url):
    open_table(page, base_url, QUERY)
    assert wait_turn(page) == "pass"
    other = logged(browser.new_page())
    try:
        open_table(other, base_url, QUERY)  # the same game, resumed
        assert wait_turn(other) == "pass"
        assert same_table(page, other)

        # The first tab passes; the other one shows it.
        last = step(page)
        pass_cards(page)
        assert wait_turn(page, last) == "play"
        expect(other.locator("#save-note")).to_contain_text("This game went on in another tab")
        wait_same(other, page)

        # Now the other tab plays a card; the first one follows.
        last = step(other)
        play_first_playable(other)
        wait_turn(other, last)
        expect(page.locator("#save-note")).to_contain_text("This game went on in another tab")
        wait_same(page, other)

        # And back: the first tab plays, from the position it was shown.
        last = step(page)
        play_first_playable(page)
        wait_turn(page, last)
        wait_same(other, page)
        check_clean(other, base_url)
    finally:
        other.close()
    check_clean(page, base_url)
