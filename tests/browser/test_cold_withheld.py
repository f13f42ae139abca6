"""A first visit whose later downloads never arrive plays on: every game action runs on what a start downloads.

After ready the page fetches the rest of Pyodide's wasm (its cold part,
build/runtime/wasm_split.py) and the whole standard library in the background. On
a weak or dropped link they may come late or never. A game action that
needed them would have to wait for them on the main thread (a frozen
page) or fail inside Python (a fatal error). So the start's parts must hold
everything a player can reach: here both background loads are refused
(the files never arrive), and a player goes through a
whole hand of Hearts with Hint, Undo and Claim, the last trick, the
review, Saves & stats with an export and an import, a language switch,
and a game of Spades against hard computer players. Nothing may load the
cold part, import from the later standard library, or fail.

The list of the wasm's functions a start keeps (build/runtime/wasm-hot-functions.json)
is recorded from the whole browser suite: bench/wasm_calls.py --suite.
"""

from __future__ import annotations

import json
import re

from conftest import logged, wait_ready
from playwright.sync_api import expect
from storage_helpers import open_saves
from table_helpers import (
    open_dialog,
    pass_cards,
    play_first_playable,
    play_hand,
    set_field,
    start_game,
    step,
    wait_turn,
)
from test_first_visit import hooked

# The loader's two background loads fail, again and again, like a link that dropped at ready.
REFUSED = re.compile(r".*/(pyodide\.cold\.wasm|python_stdlib\.zip)(\.xz|\.gz)?(\?.*)?$")  # or their copies
STATE = """() => ({cold: globalThis.__bazaPython._module.bazaCold?.state,
                  fallbackImports: globalThis.bazaStart.fallbackImports})"""


def hint(page) -> None:
    before = page.locator("#message").inner_text()
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator("#message")).not_to_have_text(before)


def test_a_whole_visit_plays_with_the_later_downloads_withheld(browser, serve, dist, tmp_path):
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(browser.new_page())
    refused: list[str] = []

    def refuse(route) -> None:
        refused.append(route.request.url)  # by the background loads: they try again, and wait
        route.abort("connectionreset")

    page.route(REFUSED, refuse)
    try:
        page.goto(site.url + "?speed=instant&seed=7")
        wait_ready(page)
        # Hearts: a hint and the pass; a hint, a card and Undo; then the hand to its end.
        assert wait_turn(page) == "pass"
        hint(page)
        pass_cards(page)
        assert wait_turn(page, step(page) - 1) == "play"
        hint(page)
        before = step(page)
        play_first_playable(page)
        page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=before)
        page.locator('[data-cmd="undo"]').first.click()
        claim = page.locator('[data-cmd="claim"]')
        if claim.count():
            claim.first.click()  # refused this early, with its reason: the claim's search ran
        play_hand(page, after=step(page) - 1)
        # The last trick, and the hand's review, step by step.
        page.locator("#last-btn").click()
        page.locator("#last-btn").click()
        page.locator("#summary").get_by_role("button", name="Review hand").click()
        review = page.locator("dialog#review")
        expect(review).to_be_visible()
        for _ in range(6):
            review.locator('[data-review="next"]').click()
        review.locator('[data-review="last"]').click()
        review.get_by_role("button", name="Close").click()
        # Saves & stats: the game exported as a file, and loaded back.
        dialog = open_saves(page)
        with page.expect_download() as download:
            dialog.get_by_role("button", name="Download this game").click()
        saved = tmp_path / "game.json"
        download.value.save_as(saved)
        assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "baza-export"
        page.locator("#import-file").set_input_files(saved)
        page.locator("#confirm").get_by_role("button", name="Load it").click()
        expect(page.locator("#save-note")).to_contain_text("Loaded")
        expect(dialog).to_be_hidden()  # loading a game closes Saves & stats
        # Another language and back (a catalogue that never arrived: the page plays on in English).
        page.select_option("#lang", "es")
        page.select_option("#lang", "en")
        # Spades against hard computer players, partnership, a whole hand.
        open_dialog(page)
        set_field(page, "Game", "spades")
        for seat in ("West", "North", "East"):
            set_field(page, seat, "hard")
        start_game(page)
        play_hand(page, after=step(page) - 1)
        page.evaluate("() => globalThis.__bazaPython.runPython('import gc; gc.collect()')")

        state = page.evaluate(STATE)
        assert state == {"cold": "not needed", "fallbackImports": []}, state
        assert refused  # the background loads did try
        assert not page.log.page_errors
        # The refused downloads are the only errors: nothing fatal, nothing of Python.
        assert all("ERR_CONNECTION_RESET" in text for text in page.log.console_errors), page.log.console_errors
        errors = page.locator(".py-error")
        assert errors.count() == 0, errors.all_inner_texts()
    finally:
        page.close()
