"""Pyodide's wasm in two parts (build/runtime/wasm_split.py): a start downloads and runs
only the functions it calls; the rest comes in the background once the start's
own downloads are in, works offline, and a call that needs it before it has
arrived never waits for the network: the page finishes the download and
starts again on the saved game.

tests/build/test_wasm_split.py checks the parts themselves, without a browser.
"""

import hashlib
import re

import pytest
from conftest import SW_READY, logged, wait_ready
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from runtime import wasm_cold_data as cold_data
from table_helpers import play_first_card
from test_first_visit import LATER_DONE, PLAY, hooked

# Decimal's C module: no start imports it, so its functions are in the cold part.
COLD_CODE = "() => globalThis.__bazaPython.runPython('import decimal; str(decimal.Decimal(1) / decimal.Decimal(7))')"
SEVENTH = "0.1428571428571428571428571429"
COLD_STATE = "() => globalThis.__bazaPython._module.bazaCold.state"
# The CJK codecs' tables come with the cold part (build/runtime/wasm_cold_data.py).
CJK_TEXT = "日本語、中文、繁體、한국어"
CJK_CODECS = ("shift_jis", "euc_jp", "gbk", "big5", "cp949")
CJK_CODE = (
    "() => globalThis.__bazaPython.runPython("
    + repr(f"[{CJK_TEXT!r}.encode(c, 'replace').hex() for c in {CJK_CODECS!r}]")
    + ").toJs()"
)
CJK_ANSWER = [CJK_TEXT.encode(c, "replace").hex() for c in CJK_CODECS]
# The C functions' docstrings that moved with the rest are read in full once it is in.
DOCSTRING_CODE = (
    "() => globalThis.__bazaPython.runPython("
    "\"import inspect; [len.__doc__, str(inspect.signature(len)), str(inspect.signature(divmod))]\""
    ").toJs()"
)
DOCSTRING_ANSWER = ["Return the number of items in a container.", "(obj, /)", "(x, y, /)"]
# ... and so do unicodedata's.
UNICODEDATA_CODE = (
    "() => globalThis.__bazaPython.runPython("
    "\"import unicodedata as u; [u.name('\\u2660'), u.lookup('BLACK HEART SUIT'), u.normalize('NFKD', '\\u00bd')]\""
    ").toJs()"
)
UNICODEDATA_ANSWER = ["BLACK SPADE SUIT", "\u2665", "1\u20442"]
# The SHA-256 of the page's memory at the given [address, size] ranges, one after the other.
MEMORY_DIGEST = """async (ranges) => {
  const heap = globalThis.__bazaPython._module.HEAPU8;
  const bytes = new Uint8Array(ranges.reduce((total, [, size]) => total + size, 0));
  let at = 0;
  for (const [start, size] of ranges) { bytes.set(heap.subarray(start, start + size), at); at += size; }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}"""
LOADED_AFTER_READY = "() => globalThis.bazaStart?.cold === 'loaded after ready'"
# When <html data-ready> turned true, on the page's clock.
READY_AT = """
new MutationObserver((_, observer) => {
  if (document.documentElement?.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
# The wasm's parts, or their copies (a hooked copy of the build has no
# brotli copies: the page takes the xz ones, assets/packed.js).
COLD_FETCHED_AT = """() => performance.getEntriesByType("resource")
  .filter((entry) => /\\/pyodide\\.cold\\.wasm(\\.xz|\\.gz)?$/.test(entry.name)).map((entry) => entry.startTime)"""
HOT_ARRIVED_AT = """() => performance.getEntriesByType("resource")
  .filter((entry) => /\\/pyodide\\.asm\\.wasm(\\.xz)?$/.test(entry.name)).map((entry) => entry.responseEnd)"""
SW_HAS_COLD = """async () => {
  for (const name of await caches.keys())
    for (const request of await (await caches.open(name)).keys())
      if (request.url.endsWith("/pyodide.cold.wasm")) return true;
  return false;
}"""
COLD_URL = re.compile(r".*/pyodide\.cold\.wasm(\.xz|\.gz)?$")  # or its copy (assets/packed.js)
TABLE = "() => [document.getElementById('table').dataset.match, document.getElementById('table').dataset.step]"


def test_a_start_runs_nothing_of_the_cold_part_which_comes_after_ready_and_offline(
    fresh_browser, serve, dist, tmp_path
):
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(fresh_browser.new_page())
    page.add_init_script(READY_AT)
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        # No stub found its function missing before the background load ended,
        # which began once the start's own wasm was in.
        page.wait_for_function(LOADED_AFTER_READY, timeout=60_000)
        page.wait_for_function(LATER_DONE, timeout=60_000)  # decimal's module is in the later standard library
        (fetched,) = page.evaluate(COLD_FETCHED_AT)
        assert fetched >= min(page.evaluate(HOT_ARRIVED_AT))
        assert page.evaluate(COLD_CODE) == SEVENTH
        play_first_card(page)
        page.evaluate(SW_READY)  # the service worker has its copy of the build
        page.wait_for_function(SW_HAS_COLD, timeout=60_000)  # the rest too, once the page had it
        fresh_browser.set_offline(True)
        page.reload()
        wait_ready(page)
        page.wait_for_function(LOADED_AFTER_READY, timeout=60_000)
        page.wait_for_function(LATER_DONE, timeout=60_000)
        assert page.evaluate(COLD_CODE) == SEVENTH
        play_first_card(page)
        page.log.assert_no_errors()
    finally:
        fresh_browser.set_offline(False)
        page.close()


def test_the_moved_tables_are_zero_until_the_rest_arrives_then_npm_s(browser, serve, dist, tmp_path):
    """The background load held back: the cold part's tables are not in memory; once it arrives they are."""
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(browser.new_page())
    held = []
    page.route(COLD_URL, lambda route: held.append(route))  # answered below, when the test lets it
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        assert page.evaluate(COLD_STATE) == "not needed"
        (folder,) = (dist / "runtime").glob("pyodide-*")
        tables = cold_data.segments((folder / "pyodide.cold.wasm").read_bytes())
        ranges = [[table.offset, len(table.data)] for table in tables]
        size = sum(len(table.data) for table in tables)
        assert page.evaluate(MEMORY_DIGEST, ranges) == hashlib.sha256(bytes(size)).hexdigest()
        play_first_card(page)  # the game's own actions need nothing of it
        assert page.evaluate(COLD_STATE) == "not needed"
        held[0].continue_()
        page.wait_for_function(LOADED_AFTER_READY, timeout=60_000)
        digest = hashlib.sha256(b"".join(table.data for table in tables)).hexdigest()
        assert page.evaluate(MEMORY_DIGEST, ranges) == digest
        assert page.evaluate(CJK_CODE) == CJK_ANSWER
        assert page.evaluate(UNICODEDATA_CODE) == UNICODEDATA_ANSWER
        assert page.evaluate(DOCSTRING_CODE) == DOCSTRING_ANSWER
        page.wait_for_function(LATER_DONE, timeout=60_000)
        assert page.evaluate(COLD_CODE) == SEVENTH
        page.log.assert_no_errors()
    finally:
        page.close()


def test_a_call_that_needs_the_rest_before_it_arrives_waits_for_it_and_the_game_goes_on(browser, serve, dist, tmp_path):
    """After ready nothing waits for the network: a call that needs the rest is refused, the page says
    how far the download is, and starts again on the saved game once it has arrived."""
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(browser.new_page())
    held = []
    page.route(COLD_URL, lambda route: held.append(route))
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        play_first_card(page)
        page.wait_for_function(LATER_DONE, timeout=60_000)  # decimal's Python module has arrived, its C part not
        table = page.evaluate(TABLE)
        # Every request for the part is held: a synchronous one would never return.
        with pytest.raises(PlaywrightError, match="has not arrived yet"):
            page.evaluate(COLD_CODE)
        assert len(held) == 1  # the background load's alone
        notice = page.locator("#later-notice")
        expect(notice).to_contain_text("Finishing the download (0%)")
        expect(notice).to_have_attribute("data-state", "missed")
        with page.expect_navigation(timeout=60_000):
            page.unroute(COLD_URL)  # the held request goes on, and so will the restarted page's
        wait_ready(page)
        assert page.evaluate(TABLE) == table  # the same game, at the same step
        assert page.evaluate("() => globalThis.bazaStart.cold") == "loaded after ready"
        page.wait_for_function(LATER_DONE, timeout=60_000)
        assert page.evaluate(COLD_CODE) == SEVENTH
        expect(page.locator("#later-notice")).to_have_count(0)
    finally:
        page.close()
