"""Pyodide's wasm in two parts (build/wasm_split.py): a start downloads and runs
only the functions it calls; the rest comes after ready, works offline, and is
loaded there and then by a call that comes before it.

tests/build/test_wasm_split.py checks the parts themselves, without a browser.
"""

import hashlib
import runpy

from conftest import ROOT, SW_READY, logged, wait_ready
from table_helpers import play_first_card
from test_first_visit import PLAY, hooked, hooked_visit

cold_data = runpy.run_path(str(ROOT / "build" / "wasm_cold_data.py"))

# Decimal's C module: no start imports it, so its functions are in the cold part.
COLD_CODE = "() => globalThis.__bazaPython.runPython('import decimal; str(decimal.Decimal(1) / decimal.Decimal(7))')"
SEVENTH = "0.1428571428571428571428571429"
COLD_STATE = "() => globalThis.__bazaPython._module.bazaCold.state"
# The CJK codecs' tables come with the cold part (build/wasm_cold_data.py).
CJK_TEXT = "日本語、中文、繁體、한국어"
CJK_CODECS = ("shift_jis", "euc_jp", "gbk", "big5", "cp949")
CJK_CODE = (
    "() => globalThis.__bazaPython.runPython("
    + repr(f"[{CJK_TEXT!r}.encode(c, 'replace').hex() for c in {CJK_CODECS!r}]")
    + ").toJs()"
)
CJK_ANSWER = [CJK_TEXT.encode(c, "replace").hex() for c in CJK_CODECS]
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
COLD_FETCHED_AT = """() => performance.getEntriesByType("resource")
  .filter((entry) => entry.name.endsWith("/pyodide.cold.wasm")).map((entry) => entry.startTime)"""


def test_a_start_runs_nothing_of_the_cold_part_which_comes_after_ready_and_offline(
    fresh_browser, serve, dist, tmp_path
):
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(fresh_browser.new_page())
    page.add_init_script(READY_AT)
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        # No stub found its function missing before the background load ended.
        page.wait_for_function(LOADED_AFTER_READY, timeout=60_000)
        (fetched,) = page.evaluate(COLD_FETCHED_AT)
        assert fetched >= page.evaluate("window.__readyAt")
        assert page.evaluate(COLD_CODE) == SEVENTH
        play_first_card(page)
        page.evaluate(SW_READY)  # the service worker has its copy of the build
        fresh_browser.set_offline(True)
        page.reload()
        wait_ready(page)
        page.wait_for_function(LOADED_AFTER_READY, timeout=60_000)
        assert page.evaluate(COLD_CODE) == SEVENTH
        play_first_card(page)
        page.log.assert_no_errors()
    finally:
        fresh_browser.set_offline(False)
        page.close()


def test_a_cold_function_called_before_its_part_arrives_loads_it_there_and_then(browser, serve, dist, tmp_path):
    """The background load held back: the first call of a cold function loads the part and answers."""
    held = ("    report.cold = await cold.load();\n", "    return;\n")
    with hooked_visit(browser, serve, dist, tmp_path / "site", held) as page:
        assert page.evaluate(COLD_STATE) == "not needed"
        (folder,) = (dist / "runtime").glob("pyodide-*")
        tables = cold_data["segments"]((folder / "pyodide.cold.wasm").read_bytes())
        ranges = [[table.offset, len(table.data)] for table in tables]
        size = sum(len(table.data) for table in tables)
        assert page.evaluate(MEMORY_DIGEST, ranges) == hashlib.sha256(bytes(size)).hexdigest()
        assert page.evaluate(CJK_CODE) == CJK_ANSWER
        assert page.evaluate(COLD_STATE) == "loaded at a call"
        digest = hashlib.sha256(b"".join(table.data for table in tables)).hexdigest()
        assert page.evaluate(MEMORY_DIGEST, ranges) == digest
        assert page.evaluate(UNICODEDATA_CODE) == UNICODEDATA_ANSWER
        assert page.evaluate(COLD_CODE) == SEVENTH
        play_first_card(page)
        page.log.assert_no_errors()
