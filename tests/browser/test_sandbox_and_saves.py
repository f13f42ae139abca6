"""A strict sandbox around the game, and three things the saves promise.

A blog platform may frame the game with ``sandbox="allow-scripts"`` and no
``allow-same-origin``: the frame's origin is then "null" and every file of
the game another origin's. Served by build/serve.py (CORS and CORP headers,
as GitHub Pages and Cloudflare Pages send them) the game plays there,
unsaved, under the recommended CSP; on a host without CORS headers the
loading screen says at once, in the player's language, what is wrong, with
a link that opens the game in its own tab.

Then: a tab that missed another tab's move says so when it drops its own
player's click; a new file's question does not keep the last file's refusal
on screen; loading a copy of the game in progress does not count it as
abandoned.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import fresh_server, logged
from playwright.sync_api import Frame, expect
from serve import Handler
from storage_helpers import open_saves, saved_position, snapshot, stat_values, storage
from table_helpers import (
    READY_TIMEOUT_MS,
    card_names,
    check_clean,
    open_dialog,
    open_table,
    pass_cards,
    play_first_playable,
    playable,
    start_game,
    step,
    wait_turn,
)

GAME = "game=hearts&preset=standard&speed=instant&seed=11"
# What a sandboxed frame's download failure may add to the console: the
# files refused, each once (a host without CORS headers).
REFUSED = re.compile(r"blocked by CORS policy|Failed to load resource")
# Runs in the game's frame before its scripts: keeps every CSP violation.
RECORD_VIOLATIONS = """
if (window !== window.top) {
  window.__violations = [];
  addEventListener("securitypolicyviolation", (e) => window.__violations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`));
}
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


class NoCorsHandler(Handler):
    """build/serve.py's answers without the headers a cross-origin reader
    needs (CORS, CORP) and without cross-origin isolation: a host that
    sends none of them, as many do."""

    DROPPED = frozenset({"access-control-allow-origin", "cross-origin-resource-policy",
                         "cross-origin-embedder-policy", "cross-origin-opener-policy"})

    def send_header(self, keyword, value):
        if keyword.lower() not in self.DROPPED:
            super().send_header(keyword, value)


@pytest.fixture
def host(tmp_path):
    """host(html) -> the URL of a page of another origin holding ``html``."""
    folder = tmp_path / "host"
    folder.mkdir()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    pages = []

    def page(html: str) -> str:
        name = f"post{len(pages)}.html"
        pages.append(name)
        # No favicon request: its 404 would be the only console error.
        (folder / name).write_text(f'<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">{html}',
                                   encoding="utf-8")
        return f"http://127.0.0.1:{server.server_address[1]}/{name}"

    yield page
    server.shutdown()
    server.server_close()


def sandboxed_frame(game_url: str) -> str:
    return (f'<iframe sandbox="allow-scripts" src="{game_url}" title="Baza" width="800" height="640" '
            'style="border:0"></iframe>')


def the_frame(tab) -> Frame:
    tab.wait_for_function("() => document.querySelector('iframe')")
    frame = tab.locator("iframe").element_handle().content_frame()
    assert frame is not None
    return frame


def press(target) -> None:
    """Press a button with the keyboard (a frame's cards overlap in a fan)."""
    target.focus()
    target.press("Enter")


def test_a_frame_sandboxed_without_its_origin_plays_unsaved(browser, serve, dist, host):
    site = serve(dist, csp=True)  # build/serve.py with the recommended CSP
    tab = logged(browser.new_page())
    tab.add_init_script(RECORD_VIOLATIONS)
    try:
        tab.goto(host(sandboxed_frame(f"{site.url}?{GAME}&embed=1")))
        frame = the_frame(tab)
        expect(frame.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)
        assert frame.evaluate("() => self.origin") == "null"
        expect(frame.locator("#save-note")).to_have_text(re.compile(
            r"^The page that embeds Baza keeps this frame from storing anything \(its sandbox leaves out "
            r"allow-same-origin\): this game will not be saved\."))

        # It plays: the pass, then a card of the first trick.
        assert wait_turn(frame) == "pass"
        count = int(re.search(r"Choose (\d+) card", frame.locator("#prompt").inner_text()).group(1))
        for name in card_names(frame)[:count]:
            card = frame.get_by_role("button", name=name, exact=True).first
            press(card)
            expect(card).to_have_attribute("aria-pressed", "true")
        before = step(frame)
        frame.locator("#controls").get_by_role("button", name=re.compile(r"^Pass \d+ cards?")).click()
        assert wait_turn(frame, before) == "play"
        hand = len(card_names(frame))
        before = step(frame)
        press(playable(frame).first)
        wait_turn(frame, before)
        assert len(card_names(frame)) == hand - 1
        # The New game dialog needs no allow-forms: a new game starts.
        open_dialog(frame)
        start_game(frame)
        assert wait_turn(frame) == "pass"

        # Unsaved indeed: nothing reached the game's own storage, and nothing failed.
        own = browser.new_page()
        try:
            own.goto(site.url + "files.json")
            assert storage(own) == {}
        finally:
            own.close()
        assert frame.evaluate("() => window.__violations") == []
        tab.log.assert_no_errors()
        # Every file the frame asked for came (the favicon is the storage check's tab's).
        assert [hit for hit in site.server.hits if hit[2] != 200 and hit[1] != "/favicon.ico"] == []
    finally:
        tab.close()


def test_a_sandboxed_frame_on_a_host_without_cors_says_so_at_once(browser, dist, host):
    server = fresh_server(dist)
    server.RequestHandlerClass = functools.partial(NoCorsHandler, directory=str(dist))
    server.handle_error = lambda request, address: None  # the browser drops the big files it refuses mid-way
    threading.Thread(target=server.serve_forever, daemon=True).start()
    game_url = f"http://127.0.0.1:{server.server_address[1]}/?{GAME}&lang=sv&embed=1&id=post-1"
    tab = logged(browser.new_page())
    try:
        tab.goto(host(sandboxed_frame(game_url)))
        frame = the_frame(tab)
        expect(frame.locator("html")).to_have_attribute("data-sandboxed", "true", timeout=5_000)
        # In the player's language (the link's ?lang=sv), styled, and at once: the loading screen
        # reports only its first failure, and that first report was this sentence (its mark),
        # not a download's own error with the sandbox found out later.
        text = frame.locator("#loading-text")
        expect(text).to_have_text("Baza kan inte ladda sina filer i den här ramen: sidan som bäddar in den "
                                  "utelämnar allow-same-origin.")
        assert frame.evaluate("() => performance.getEntriesByName('baza:sandbox-refused').length") == 1
        link = frame.get_by_role("link", name="Öppna spelet i en ny flik")
        expect(link).to_be_visible()
        assert link.get_attribute("target") == "_blank"
        assert frame.locator("#loading").evaluate("(e) => getComputedStyle(e).display") != "none"
        own = link.get_attribute("href")
        assert urlsplit(own).netloc == urlsplit(game_url).netloc
        query = parse_qs(urlsplit(own).query)
        assert query["lang"] == ["sv"] and query["seed"] == ["11"] and not {"embed", "id"} & set(query)
        expect(frame.get_by_role("button", name="Försök igen")).to_be_visible()
        assert all(REFUSED.search(line) for line in tab.log.console_errors), tab.log.console_errors
        assert not tab.log.page_errors

        # The link's address, in a tab of its own (same-origin there: no CORS needed), plays.
        alone = logged(browser.new_page())
        try:
            open_table(alone, own)
            assert wait_turn(alone) == "pass"
            expect(alone.locator("#title")).to_contain_text("Hjärter")
            alone.log.assert_no_errors()
        finally:
            alone.close()
    finally:
        tab.close()
        server.shutdown()
        server.server_close()


def test_a_sandboxed_frame_whose_host_sends_cors_names_another_failure_as_it_is(browser, serve, dist, host):
    """A download that fails for another reason (here: the connection) in
    such a frame is named as anywhere else, once the host has shown it
    answers the frame: no word of allow-same-origin."""
    site = serve(dist)
    tab = logged(browser.new_page())
    failing = "**/pyodide.asm.wasm*"
    tab.route(failing, lambda route: route.abort("connectionfailed"))
    try:
        tab.goto(host(sandboxed_frame(f"{site.url}?{GAME}&embed=1&lang=es")))
        frame = the_frame(tab)
        expect(frame.locator("html")).to_have_attribute("data-failed", "true", timeout=READY_TIMEOUT_MS)
        expect(frame.locator("#loading-text")).to_contain_text("no pudo descargar pyodide.asm.wasm")
        expect(frame.locator("#loading-open")).to_have_count(0)
        assert frame.locator("html").get_attribute("data-sandboxed") is None
        expect(frame.get_by_role("button", name="Reintentar")).to_be_visible()
    finally:
        tab.close()


# ---------------------------------------------------------------- the saves

QUERY = "?game=hearts&preset=standard&speed=instant&seed=41"

# Runs before the page's scripts: while window.__deaf is true, the page hears
# nothing of other tabs' writes, as a tab whose storage event has not arrived.
DEAF = """
window.__deaf = false;
addEventListener("storage", (event) => { if (window.__deaf) event.stopImmediatePropagation(); }, true);
"""


def test_a_tab_that_missed_a_move_says_why_it_dropped_the_click(page, browser, base_url):
    page.add_init_script(DEAF)
    open_table(page, base_url, QUERY)
    assert wait_turn(page) == "pass"
    other = logged(browser.new_page())
    try:
        open_table(other, base_url, QUERY)  # the same game, resumed
        last = step(page)
        pass_cards(page)
        assert wait_turn(page, last) == "play"
        other.wait_for_function("(s) => document.getElementById('table').dataset.step === s",
                                arg=page.get_attribute("#table", "data-step"))
        assert wait_turn(other) == "play"

        # The first tab stops hearing the other, whose player plays a card there.
        page.evaluate("() => { window.__deaf = true; }")
        last = step(other)
        played = play_first_playable(other)
        wait_turn(other, last)
        theirs = snapshot(other)
        assert step(page) < int(theirs["step"])  # the first tab still shows the old position

        # Here the player clicks that very card: the click is dropped for the
        # other tab's game, and the note says why the table jumped.
        expect(page.get_by_role("button", name=played, exact=True)).to_be_visible()
        play_first_playable(page)
        expect(page.locator("#save-note")).to_contain_text("This game went on in another tab")
        page.wait_for_function("(s) => document.getElementById('table').dataset.step === s", arg=theirs["step"])
        assert snapshot(page)["trick"] == theirs["trick"] and snapshot(page)["hand"] == theirs["hand"]
        assert snapshot(other)["step"] == theirs["step"]  # the other tab's game was not overwritten
        check_clean(other, base_url)
    finally:
        other.close()
    check_clean(page, base_url)


def export_game(page, path) -> dict:
    """Download the game on the table into ``path``; return the file's document."""
    dialog = open_saves(page)
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download this game").click()
    download.value.save_as(path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_new_files_question_does_not_keep_the_last_files_refusal(page, base_url, tmp_path):
    open_table(page, base_url, QUERY)
    pass_cards(page)
    assert wait_turn(page) == "play"
    doc = export_game(page, tmp_path / "copy.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(doc, records=[{"game": "hearts"}])), encoding="utf-8")
    page.locator("#import-file").set_input_files(bad)
    refusal = "bad.json was not loaded"
    expect(page.locator("#saves-message")).to_contain_text(refusal)
    expect(page.locator("#save-note")).to_contain_text(refusal)

    page.locator("#import-file").set_input_files(tmp_path / "copy.json")
    confirm = page.locator("#confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("It is the game in progress")
    expect(page.locator("#saves-message")).not_to_contain_text(refusal)
    expect(page.locator("#save-note")).not_to_contain_text(refusal)
    confirm.get_by_role("button", name="Load it").click()
    expect(page.locator("#save-note")).to_contain_text("Loaded: Hearts")
    check_clean(page, base_url)


def test_loading_a_copy_of_the_game_in_progress_does_not_abandon_it(page, base_url, tmp_path):
    open_table(page, base_url, QUERY)
    pass_cards(page)
    assert wait_turn(page) == "play"
    doc = export_game(page, tmp_path / "copy.json")
    page.locator("#saves").get_by_role("button", name="Close").click()
    last = step(page)
    play_first_playable(page)  # the game goes on past the copy
    wait_turn(page, last)

    open_saves(page)
    page.locator("#import-file").set_input_files(tmp_path / "copy.json")
    page.locator("#confirm").get_by_role("button", name="Load it").click()
    expect(page.locator("#save-note")).to_contain_text("Loaded: Hearts")
    page.wait_for_function("(n) => Number(document.getElementById('table').dataset.step) >= n",
                           arg=len(doc["match"]["actions"]))
    open_saves(page)
    assert stat_values(page)["Games abandoned"] == ["0", "0"]

    # Another game over it, though, is abandoning it.
    raw, _ = saved_position("hearts", "standard", 5, stop=lambda m: m.phase == "play" and m.to_act == 0)
    other = tmp_path / "other.json"
    other.write_text(raw, encoding="utf-8")
    page.locator("#import-file").set_input_files(other)
    confirm = page.locator("#confirm")
    expect(confirm).to_contain_text("which then counts as abandoned")
    confirm.get_by_role("button", name="Load it").click()
    expect(page.locator("#save-note")).to_contain_text("Loaded: Hearts")
    open_saves(page)
    assert stat_values(page)["Games abandoned"] == ["1", "0"]
    check_clean(page, base_url)
