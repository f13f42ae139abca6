"""A first visit: served as hosts serve it, with its progress shown, and
what comes after ready (the other languages, the rest of the standard
library) arriving without holding the table.

No timing is asserted: bench/first_visit.py measures the first visit over
emulated links, and docs/PERFORMANCE.md has its figures.
"""

import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import SW_READY, file_list, logged, wait_ready
from playwright.sync_api import expect
from table_helpers import play_first_card
from test_snapshot import HOOK, STORED_MS
from throttle_proxy import ThrottleProxy

PLAY = "?game=hearts&preset=standard&speed=instant&seed=11"
LATER_DONE = "() => ['done', 'not needed'].includes(globalThis.bazaStart?.later)"
# A module no start imports (not in the start zip), from the whole standard library.
IMPORT_LATER = "() => globalThis.__bazaPython.runPython('import difflib; difflib.__file__')"
TRY_IMPORT_LATER = (
    "() => globalThis.__bazaPython.runPython("
    "'try:\\n    import difflib\\n    r = \"imported\"\\nexcept ImportError as e:\\n    r = type(e).__name__\\nr')"
)
STDLIB_URL = re.compile(r".*/python_stdlib\.zip(\.xz|\.gz)?$")  # or its copy (assets/packed.js)
# The wasm's rest has arrived (or the wasm is whole): a test may run Python of its own.
COLD_IN = "() => !globalThis.__bazaPython?._module?.bazaCold || !!globalThis.__bazaPython._module.bazaCold.instance"


def hooked(dist: Path, dest: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the build whose loader hands the test its Python (test_snapshot.HOOK), with more edits.

    The service worker's list of the build's files is made to match, or it
    would refuse to install (it checks each file's size and SHA-256).
    """
    # Not the precompressed copies, which would be the unedited files', but
    # the xz and gzip copies of the wasm and zips that the page asks for
    # where the host sends them uncompressed (assets/packed.js).
    stale = shutil.ignore_patterns("*.br", "*.gz")
    shutil.copytree(dist, dest, ignore=lambda at, names: set(stale(at, names)) - {
        name for name in names if name.endswith((".wasm.gz", ".zip.gz"))})
    (loader,) = (dest / "runtime").glob("start-*/loader.mjs")
    text = loader.read_text(encoding="utf-8")
    for old, new in (HOOK, *edits):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    loader.write_text(text, encoding="utf-8")
    data = loader.read_bytes()
    worker = dest / "sw.js"
    line = re.compile(r"^const BUILD = (.*);$", re.M)
    build = json.loads(line.search(worker.read_text(encoding="utf-8")).group(1))
    url = loader.relative_to(dest).as_posix()
    (entry,) = [file for file in build["files"] if file[0] == url]
    entry[1:] = [len(data), hashlib.sha256(data).hexdigest()]
    worker.write_text(line.sub(lambda _: f"const BUILD = {json.dumps(build)};", worker.read_text()), encoding="utf-8")
    return dest


@contextmanager
def hooked_visit(browser, serve, dist: Path, dest: Path, *edits: tuple[str, str]) -> Iterator:
    """A page on a hooked copy of the build (``hooked``), open at the table once it is ready; closed after."""
    site = serve(hooked(dist, dest, *edits))
    page = logged(browser.new_page())
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        yield page
    finally:
        page.close()


# Every wasm and zip of the build as the page gets it through
# assets/packed.js, with its SHA-256: {url: [bytes, sha256]}.
PACKED_AS_RECEIVED = """async (urls) => {
  const out = {};
  for (const url of urls) {
    const response = await self.bazaPacked.fetchPacked(fetch, url, { cache: "no-store" });
    const data = await response.arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
    out[url] = [data.byteLength, Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")];
  }
  return out;
}"""


# How each kind of host sends the wasm and the game's zip: (encoding, the
# wasm's coding, the zip's coding). Where the coding is not brotli, the
# page takes the build's FILE.xz instead. The start zip's FILE.xz is taken
# from every host (the head preloads it).
HOSTS = [
    ("auto", "br", "br"),  # the build's own brotli copies: nothing to undo
    ("gzip", "gzip", "gzip"),  # everything gzipped on the fly: the copies, smaller
    ("gzip-nozip", "gzip", None),  # text and wasm gzipped, zips as they are
    ("none", None, None),  # nothing compressed
]


@pytest.mark.parametrize(("encoding", "wasm", "zipped"), HOSTS)
def test_the_table_plays_with_compressed_bytes_from_any_host(browser, serve, dist, encoding, wasm, zipped):
    """Whatever the host compresses, the wasm and the zips travel as small as
    brotli makes them: where the host sends one as it is or gzipped, its
    answer is cut off once its headers are in and the build's FILE.xz comes
    instead, decoded in the page to exactly the build's file
    (assets/packed.js). The start zip comes as its FILE.xz from every host,
    and is never asked for itself."""
    site = serve(dist, encoding=encoding)
    page = logged(browser.new_page())
    codings = {}  # URL -> (Content-Encoding, Vary)

    def seen(response) -> None:
        codings[response.url.split("?")[0]] = (response.headers.get("content-encoding"), response.headers.get("vary"))

    page.on("response", seen)
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        play_first_card(page)
        (wasm_url,) = [url for url in codings if url.endswith("/pyodide.asm.wasm")]
        assert codings[wasm_url] == (wasm, "Accept-Encoding" if wasm else None)
        (zip_url,) = [url for url in codings if url.endswith("/game.zip")]
        assert codings[zip_url][0] == zipped
        assert not [url for url in codings if url.endswith("/python_stdlib_pyc.zip")]
        # The copies asked for: the start zip's, and those of the kinds the host did not send
        # with brotli, and only those; xz, but gzip for the files fetched while the player
        # plays (decoded off the main thread).
        copied = {url.rsplit("/", 1)[1] for url in codings if url.endswith((".xz", ".gz"))}
        copied_kinds = {kind for kind, coding in ((".wasm", wasm), (".zip", zipped)) if coding != "br"}
        start = {"game.zip", "pyodide.asm.wasm"}
        expected = {"python_stdlib_pyc.zip.xz"} | {name + ".xz" for name in start if name.endswith(tuple(copied_kinds))}
        assert expected <= copied, copied
        others = copied - {"python_stdlib_pyc.zip.xz"}
        assert all(name.removesuffix(".xz").removesuffix(".gz").endswith(tuple(copied_kinds)) for name in others)
        later = {"pyodide.cold.wasm.gz", "python_stdlib.zip.gz"}
        assert {name for name in copied if name.endswith(".gz")} <= later, copied
        assert page.evaluate("globalThis.bazaStart.stdlib") == "precompiled"  # the zip's size and SHA-256 held
        # Every wasm and zip decompresses to exactly the build's file.
        packed = [f for f in file_list(dist)["files"] if re.search(r"^runtime/.*\.(wasm|zip)$", f["url"])]
        received = page.evaluate(PACKED_AS_RECEIVED, [site.url + f["url"] for f in packed])
        assert received == {site.url + f["url"]: [f["bytes"], f["sha256"]] for f in packed}
        page.log.assert_same_origin(site.url)
        page.log.assert_no_errors()
    finally:
        page.close()


# Every value the loading screen's bar shows, in order, with the time.
RECORD_BAR = """
window.__bar = [];
const watch = setInterval(() => {
  const bar = document.getElementById("loading-bar");
  const value = bar && bar.getAttribute("aria-valuenow");
  if (value !== null && value !== undefined && window.__bar.at(-1) !== value) window.__bar.push(value);
  if (document.documentElement?.dataset.ready === "true") clearInterval(watch); // no element yet in the first ticks
}, 5);
new MutationObserver(() => {
  const bar = document.getElementById("loading-bar");
  const value = bar && bar.getAttribute("aria-valuenow");
  if (value !== null && window.__bar.at(-1) !== value) window.__bar.push(value);
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
"""
# (childList: the bar's value as the parser inserts it, before a progress
# event can move it; with the big files preloaded by the head, a warm cache
# can count a fifth of them before the 5 ms poll first finds the bar.)


def test_the_loading_screen_shows_the_share_of_bytes_up_to_100(browser, serve, dist):
    site = serve(dist)
    page = logged(browser.new_page())
    try:
        page.add_init_script(RECORD_BAR)
        page.goto(site.url + PLAY + "&lang=pt")
        wait_ready(page)
        values = [int(v) for v in page.evaluate("window.__bar")]
        assert values[0] == 0 and values[-1] == 100, values
        assert values == sorted(values) and len(values) >= 3, values  # it moved, never back
        bar = page.locator("#loading-bar")
        assert bar.get_attribute("role") == "progressbar"
        assert bar.get_attribute("aria-label") == "Baixando o jogo"  # the player's language
        assert re.fullmatch(r"100\s?%", bar.get_attribute("aria-valuetext")), bar.get_attribute("aria-valuetext")
        page.log.assert_no_errors()
    finally:
        page.close()


def test_a_failed_download_names_the_file_and_offers_to_try_again(browser, serve, dist):
    site = serve(dist)
    page = logged(browser.new_page())
    failing = "**/pyodide.asm.wasm*"
    page.route(failing, lambda route: route.abort("connectionfailed"))
    try:
        page.goto(site.url + PLAY + "&lang=es")
        expect(page.locator("html")).to_have_attribute("data-failed", "true", timeout=60_000)
        expect(page.locator("#loading-text")).to_contain_text("pyodide.asm.wasm")
        expect(page.locator("#loading-text")).to_contain_text("no pudo descargar")
        retry = page.get_by_role("button", name="Reintentar")
        expect(retry).to_be_visible()
        expect(page.locator("#loading-bar")).to_be_hidden()
        page.unroute(failing)
        retry.click()  # loads the page again: now the file arrives
        wait_ready(page)
        expect(page.get_by_role("button", name="Partida nueva")).to_be_visible()
    finally:
        page.close()


def test_the_players_language_comes_with_the_start_and_the_others_after_ready(browser, serve, dist):
    site = serve(dist)
    page = logged(browser.new_page())
    try:
        page.goto(site.url + PLAY + "&lang=sv")
        wait_ready(page)
        before = [url.split("?")[0].rsplit("/", 1)[-1] for url in page.log.requests]
        assert "lang-sv.zip" in before and "python_stdlib_pyc.zip.xz" in before  # the start zip as its copy
        expect(page.get_by_role("button", name="Nytt spel")).to_be_visible()
        page.wait_for_function(LATER_DONE, timeout=60_000)
        after = [url.split("?")[0].rsplit("/", 1)[-1] for url in page.log.requests]
        assert {"lang-es.zip", "lang-pt.zip", "python_stdlib.zip"} <= set(after)
        assert after.count("lang-sv.zip") == 1  # not again
        page.select_option("#lang", "es")
        expect(page.get_by_role("button", name="Partida nueva")).to_be_visible()
        started = page.evaluate("globalThis.bazaStart")
        assert (started["language"], started["fallbackImports"]) == ("sv", [])
        page.log.assert_no_errors()
    finally:
        page.close()


def test_a_module_first_imported_after_ready_imports_online_and_offline(fresh_browser, serve, dist, tmp_path):
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(fresh_browser.new_page())
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        page.wait_for_function(LATER_DONE, timeout=60_000)
        assert page.evaluate(IMPORT_LATER) == "/lib/python_stdlib.zip/difflib.py"
        assert page.evaluate("globalThis.bazaStart.fallbackImports") == []  # nothing was missing at start
        page.evaluate(SW_READY)  # the service worker has its copy of the build
        fresh_browser.set_offline(True)
        page.reload()
        wait_ready(page)
        page.wait_for_function(LATER_DONE, timeout=60_000)
        assert page.evaluate(IMPORT_LATER) == "/lib/python_stdlib.zip/difflib.py"
        play_first_card(page)
    finally:
        fresh_browser.set_offline(False)
        page.close()


def test_a_module_of_the_later_standard_library_fails_at_once_before_it_arrives_then_imports(
    browser, serve, dist, tmp_path
):
    """The later download held back: after ready an import that needs the whole zip fails at once
    (a synchronous download would freeze the page for as long as the link takes); once it is in, it imports."""
    site = serve(hooked(dist, tmp_path / "site"))
    page = logged(browser.new_page())
    held = []
    page.route(STDLIB_URL, lambda route: held.append(route))  # answered below, when the test lets it
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        page.wait_for_function(COLD_IN, timeout=60_000)  # the test's own Python may need the wasm's rest
        assert page.evaluate("globalThis.bazaStart.later") != "done"
        # Every request for the zip is held: a synchronous one would never return.
        assert page.evaluate(TRY_IMPORT_LATER) == "ModuleNotFoundError"
        assert page.evaluate("globalThis.bazaStart.fallbackImports") == ["difflib"]
        # A module that is nowhere (another platform's) is looked up without a download.
        assert page.evaluate("() => globalThis.__bazaPython.runPython('import importlib.util; "
                             "importlib.util.find_spec(\"_winapi\") is None')")
        play_first_card(page)
        assert len(held) == 1
        page.unroute(STDLIB_URL)  # the held download goes on
        page.wait_for_function(LATER_DONE, timeout=60_000)
        assert page.evaluate(IMPORT_LATER) == "/lib/python_stdlib.zip/difflib.py"
        page.log.assert_no_errors()
    finally:
        page.close()


def test_a_damaged_language_file_leaves_the_table_in_english_and_working(browser, serve, dist):
    site = serve(dist)
    page = logged(browser.new_page())
    damaged = "**/lang-sv.zip*"
    page.route(damaged, lambda route: route.fulfill(status=200, body=b"PK\x03\x04 not a catalogue"))
    try:
        page.goto(site.url + PLAY + "&lang=sv")
        wait_ready(page)
        expect(page.get_by_role("button", name="New game")).to_be_visible()  # English, not a broken page
        started = page.evaluate("globalThis.bazaStart")
        assert started["language"].startswith("en (sv: "), started["language"]
        play_first_card(page)  # the game goes on
        page.unroute(damaged)
    finally:
        page.close()


def test_a_first_visit_compiles_no_method_of_a_data_class_or_a_named_tuple(browser, serve, dist, tmp_path):
    """The build's bytecode for them (build/start_code.py) covers every one a
    start makes: Python's compiler, slow on a first visit's cold
    interpreter, is left to the texts the build could not foresee."""
    with hooked_visit(browser, serve, dist, tmp_path / "site") as page:
        page.wait_for_function(COLD_IN, timeout=60_000)  # toJs() and the test's Python may need the wasm's rest
        missed = page.evaluate(
            "() => globalThis.__bazaPython.runPython('import _baza_start_code as s; "
            "[text.split(\"(\")[0] for mode, text in s.MISSED]').toJs()"
        )
        assert missed == []
        play_first_card(page)


# The wasm's first and last byte, and when the game's zip was asked for and
# its first byte came, on the page's clock.
ORDER = """() => {
  const entry = (end) => performance.getEntriesByType("resource").find((e) => e.name.split("?")[0].endsWith(end));
  const wasm = entry("/pyodide.asm.wasm"), game = entry("/game.zip");
  return [wasm?.responseStart, wasm?.responseEnd, game?.startTime, game?.responseStart];
}"""


def test_the_game_s_zip_follows_the_wasm_s_last_bytes_on_the_link(fresh_browser, serve, dist):
    """The start zip and the wasm have the link to themselves; the game's
    zip is asked for as the wasm's last bytes come, so that its first bytes
    follow them with no idle round trip between (asked for at the wasm's
    last byte, they came one or two round trips later), and the game's
    modules travel while Python starts (assets/loading.js, lastBytes;
    build/pyodide-loader.mjs, gameZip). 4 Mbit/s and 100 ms through the
    throttling proxy."""
    site = serve(dist)
    proxy = ThrottleProxy(site.server.server_address[1], 4.0, 100.0).start()
    page = logged(fresh_browser.new_page())
    try:
        page.goto(proxy.url + PLAY, wait_until="commit")
        wait_ready(page)
        wasm_first, wasm_last, game_asked, game_first = page.evaluate(ORDER)
        assert None not in (wasm_first, wasm_last, game_asked, game_first)
        assert game_asked >= wasm_first + 0.8 * (wasm_last - wasm_first), (wasm_first, wasm_last, game_asked)
        assert game_first < wasm_last + 100, (wasm_last, game_asked, game_first)  # less than a round trip lost
        assert page.evaluate("globalThis.bazaStart.game") == "precompiled"
        play_first_card(page)
    finally:
        page.close()
        proxy.stop()


# When and by whom (a <link> or a fetch()) the big files and the loading
# script were asked for, on the page's clock.
ASKED = """() => {
  const entry = (end) => performance.getEntriesByType("resource").find((e) => e.name.split("?")[0].endsWith(end));
  return ["/pyodide.asm.wasm", "/python_stdlib_pyc.zip.xz", "/pyodide.asm.mjs", "/assets/loading.js"]
    .map((end) => [entry(end)?.startTime ?? null, entry(end)?.initiatorType ?? null]);
}"""


def test_a_first_visit_asks_for_the_big_files_from_the_head_and_a_return_visit_does_not(fresh_browser, serve, dist):
    """The wasm is asked for by the head's first script on a first visit
    (assets/packed.js, data-early), the start zip's copy and Pyodide's glue
    are preloaded by the head's first lines (build/build.py,
    add_start_files): none waits for PyScript or the loader. The service
    worker keeps the page without those preloads (build/sw.js), and the
    script asks for nothing on a return visit: it restores from the
    snapshot, and its wasm is the glue's own fetch, which the HTTP cache
    answers with V8's compiled code."""
    site = serve(dist)
    page = logged(fresh_browser.new_page())
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        *big, _ = page.evaluate(ASKED)
        assert [by for _, by in big] == ["fetch", "link", "other"], big  # (a module preload says "other")
        loader = page.evaluate("performance.getEntriesByName('baza:loader')[0].startTime")
        assert max(when for when, _ in big[:2]) < loader, (big, loader)  # before the loader ran
        assert page.locator("link[data-first-visit]").count() == 3  # the zip's copy, its decoder, the glue
        page.evaluate(SW_READY)
        page.wait_for_function("() => globalThis.bazaStart.made === 'stored'", timeout=STORED_MS)

        page.goto(site.url + PLAY)
        wait_ready(page)
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        assert page.evaluate("globalThis.bazaStart.snapshot") == "restored"
        assert page.locator("link[data-first-visit]").count() == 0
        (_, wasm_by), *_ = page.evaluate(ASKED)
        assert wasm_by == "fetch"
        play_first_card(page)
        page.log.assert_no_errors()
    finally:
        page.close()


# The page's own requests in the order Chromium made them: [path, priority].
PRIORITY_WORDS = ("VeryLow", "Low", "Medium", "High", "VeryHigh")


def test_a_first_visit_s_big_files_go_before_the_small_ones_on_the_link(fresh_browser, serve, dist):
    """The head's first requests are the start zip's copy, its decoder and
    assets/packed.js, and Chromium gives the zip and the script's fetch of
    the wasm a higher priority than the preloads of PyScript's chunks,
    Pyodide's module, pyscript.toml and ui/main.py (build/build.py,
    add_preloads): over HTTP/1.1 those small files had taken every
    connection and the big ones waited for one while the link stood idle
    (bench/first_visit.py showed the wasm's last byte about 70 ms later at
    10 Mbit/s)."""
    site = serve(dist)
    page = logged(fresh_browser.new_page())
    cdp = fresh_browser.new_cdp_session(page)
    asked: list[tuple[str, str]] = []
    cdp.on(
        "Network.requestWillBeSent",
        lambda e: asked.append((e["request"]["url"].split("?")[0], e["request"]["initialPriority"])),
    )
    cdp.send("Network.enable")
    try:
        page.goto(site.url + PLAY)
        wait_ready(page)
        mine = [(url.removeprefix(site.url.split("?")[0]), rank) for url, rank in asked if url.startswith(site.url)]
        assert mine[0][0] in ("", "index.html"), mine[:3]  # the page itself
        zip_copy, decoder, script = (path.rsplit("/", 1)[-1] for path, _ in mine[1:4])
        assert (zip_copy, script) == ("python_stdlib_pyc.zip.xz", "packed.js"), mine[:4]
        assert re.fullmatch(r"unxz-\w+\.wasm", decoder), mine[:4]
        priority = {path: PRIORITY_WORDS.index(rank) for path, rank in mine}
        big = [p for p in priority if p.endswith(("/pyodide.asm.wasm", "/python_stdlib_pyc.zip.xz"))]
        small = [p for p in priority if re.search(r"/pyscript-[^/]+/(core|error|toml)-|/pyodide\.mjs$", p)]
        small += [p for p in priority if p in ("pyscript.toml", "ui/main.py")]
        assert len(big) == 2 and len(small) == 6, (big, small)
        assert min(priority[p] for p in big) > max(priority[p] for p in small), mine
        play_first_card(page)
    finally:
        cdp.detach()
        page.close()
