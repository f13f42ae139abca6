"""The page boots: loading indicator first, then Python ready, all offline."""

from playwright.sync_api import expect

READY_TIMEOUT_MS = 60_000  # Pyodide's first start in a cold profile takes seconds

# Runs before any page script: remembers what the player saw at first paint
# and every progress message PyScript sent.
RECORD_STARTUP = """
window.__progress = [];
addEventListener("py:progress", (event) => window.__progress.push(event.detail));
addEventListener("DOMContentLoaded", () => {
  const loading = document.getElementById("loading");
  window.__loadingAtStart = !!loading && getComputedStyle(loading).display !== "none"
    && document.documentElement.dataset.ready !== "true";
});
"""


def test_page_boots_offline(page, base_url, artifacts):
    page.add_init_script(RECORD_STARTUP)
    page.goto(base_url)

    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)

    assert page.evaluate("window.__loadingAtStart"), "the loading indicator was not shown first"
    assert page.evaluate("window.__progress.length") > 0, "PyScript reported no progress"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Python 3.")
    page.screenshot(path=artifacts / "boot.png", full_page=True)

    assert any("/runtime/pyodide-" in url and url.endswith("/pyodide.asm.wasm") for url in page.log.requests)
    page.log.assert_same_origin(base_url)
    page.log.assert_no_errors()
