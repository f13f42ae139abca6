"""Offline play and installability: the service worker and the web app manifest.

The test runs in a browser profile of its own (fresh_browser) against a
server of its own (serve), so no service worker outlives it.
"""

import json
import re

from conftest import SW_READY, file_list, logged, wait_ready
from playwright.sync_api import expect
from table_helpers import check_clean, play_first_card, play_hand

LATER = ("/pyodide.cold.wasm", "/python_stdlib.zip")  # what the page fetches while the player plays

# A quick hand: Hearts, computer players at full speed, a fixed deal.
PLAY = "?game=hearts&preset=standard&speed=instant&seed=11"


def assert_installable(browser, page):
    """Chromium finds nothing missing for an install: manifest, icons, service worker."""
    cdp = browser.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = json.loads(manifest["data"])
    assert parsed["name"] == "Baza: Spades & Hearts"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in parsed["icons"]}
    assert any(icon.get("purpose") == "maskable" for icon in parsed["icons"])
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    cdp.detach()


def test_first_visit_precaches_then_plays_offline(fresh_browser, serve, dist, artifacts):
    site = serve(dist)
    build = file_list(dist)
    page = logged(fresh_browser.new_page())
    page.goto(site.url + PLAY)
    wait_ready(page)

    # First visit: the whole build lands in one versioned cache.
    caches = page.evaluate(SW_READY)
    assert caches == {"names": [f"baza-{build['version']}"], "counts": [build["count"]]}
    # What the build leaves out (source maps, unused PyScript chunks) is
    # never asked for, and what it ships of the runtime is all used.
    urls = {f["url"] for f in build["files"]}
    # The start zip comes as its xz copy from every host (assets/packed.js, copyFirst), decoded
    # with the copies' decoder: that copy counts as the zip.
    (start_zip,) = [url for url in urls if url.endswith("/python_stdlib_pyc.zip")]
    as_file = {start_zip + ".xz": start_zip}
    asked = {as_file.get(url, url) for url in (url.removeprefix(site.url) for url in page.log.requests)}
    assert asked - urls - {PLAY, "sw.js"} == set(), "requested but not in the build"
    # (Not Pyodide's lock file: the loader hands Pyodide its own; the file is
    # there for a plain loadPyodide() of the folder.)
    runtime = {url for url in urls if url.startswith("runtime/") and not url.endswith("/pyodide-lock.json")}
    assert runtime - asked == set(), "PyScript or Pyodide files in the build that the page never loads"
    assert not [url for url in asked if url.endswith("/pyodide-lock.json")]  # never downloaded
    # Each file crossed the network once: the service worker took the
    # runtime from the HTTP cache, where the page had just put it.
    fetched = [path.lstrip("/") for method, path, status in site.server.hits if method == "GET"]
    fetched = [as_file.get(path, path) for path in fetched]
    twice = {url for url in runtime if fetched.count(url) != 1}
    assert not twice, f"runtime files not downloaded exactly once: {twice}"
    assert_installable(fresh_browser, page)
    page.log.assert_no_errors()

    # The network is gone: the server stops and the browser is offline.
    site.stop()
    fresh_browser.set_offline(True)
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    wait_ready(page)
    expect(page.locator("#title")).to_contain_text("Hearts")

    assert len(responses) > 10, "the reload made (almost) no requests"
    not_from_cache = [r.url for r in responses if not r.from_service_worker]
    assert not not_from_cache, f"answered by the network while offline: {not_from_cache}"

    # A hand is played to its end by clicks, still offline.
    play_hand(page)
    expect(page.locator("#summary")).to_be_visible()
    page.screenshot(path=artifacts / "offline.png", full_page=True)
    check_clean(page, site.url)


def test_a_host_that_compresses_nothing_sends_the_xz_copies_and_they_play_offline(fresh_browser, serve, dist):
    """A host that compresses nothing (an object store's bucket): the wasm
    and the zips cross the link once, as the build's FILE.xz, their plain
    answers cut off at the headers (assets/packed.js). The service worker
    keeps them decompressed, checked against the build (build/sw.js); a
    return visit online takes the wasm's copy from the HTTP cache, never
    the 4.8 MB plain wasm; offline the game plays on."""
    site = serve(dist, encoding="none")
    build = file_list(dist)
    page = logged(fresh_browser.new_page())
    page.goto(site.url + PLAY)
    wait_ready(page)
    caches = page.evaluate(SW_READY)
    assert caches == {"names": [f"baza-{build['version']}"], "counts": [build["count"]]}  # each one checked whole
    page.wait_for_function("() => ['done', 'not needed'].includes(globalThis.bazaStart?.later)", timeout=60_000)

    def gets() -> list[str]:
        return [path.lstrip("/").split("?")[0] for method, path, _ in site.server.hits if method == "GET"]

    urls = [f["url"] for f in build["files"]]
    # The wasm and zips of the runtime folders, not the decoder (runtime/unxz-<hash>.wasm).
    packed = [url for url in urls if re.match(r"runtime/.*/.*\.(wasm|zip)$", url)]
    first = gets()
    # xz, or gzip for the files the page fetches while the player plays (decoded off its main thread).
    copied = {url for url in packed if first.count(url + ".xz") + first.count(url + ".gz") == 1}
    assert copied == set(packed), f"not fetched once as a copy: {set(packed) - copied}"
    assert {url for url in packed if url + ".gz" in first} <= {url for url in packed if url.endswith(LATER)}

    # A return visit, online: nothing plain is downloaded again.
    page.goto(site.url + PLAY)
    wait_ready(page)
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    again = gets()[len(first) :]
    assert not [url for url in again if url.endswith((".wasm", ".zip", ".xz", ".gz"))], again
    play_first_card(page)
    page.log.assert_no_errors()

    # Offline: the worker's copies.
    site.stop()
    fresh_browser.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator("#title")).to_contain_text("Hearts")
    play_first_card(page)
    page.log.assert_no_errors()
