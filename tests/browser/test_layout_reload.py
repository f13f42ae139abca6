"""A reload at the hand's summary or at the game's end (issue 31): from the
first frame the table shows, the summary is there and the last trick is
not played again on the felt before it.

Every animation frame from the moment the page is ready is recorded (a
script that runs before the page's own), for two seconds: each must show
the summary open and no card on the table.
"""

import pytest
from conftest import CHROMIUM_ARGS, chromium_path, logged
from playwright.sync_api import Page, expect
from table_helpers import open_table, play_hand, wait_turn

RECORD_FRAMES = """
window.__frames = [];
const record = () => {
  const summary = document.getElementById('summary'), trick = document.getElementById('trick');
  if (document.documentElement.dataset.ready === 'true' && summary && trick) {
    window.__frames.push({ summary: !summary.hidden, cards: trick.querySelectorAll('li').length,
                           over: summary.dataset.gameOver || '' });
  }
  requestAnimationFrame(record);
};
requestAnimationFrame(record);
"""


@pytest.fixture
def page(playwright):
    """A tab in a browser of its own: empty storage, so the link's game starts."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
    context = browser.new_context(service_workers="block")
    yield logged(context.new_page())
    context.close()
    browser.close()


def reload_and_watch(page: Page) -> list[dict]:
    page.add_init_script(RECORD_FRAMES)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    page.wait_for_timeout(2000)
    return page.evaluate("window.__frames")


@pytest.mark.parametrize(("target", "over"), [(100, "false"), (1, "true")], ids=["summary", "game-end"])
def test_reload_shows_the_summary_from_the_first_frame(page, base_url, target, over):
    """Target 100: the first hand ends at its summary; target 1: it ends the game."""
    # speed=fast: in play, a taken trick stays on the table a moment (0.7 s).
    open_table(page, base_url, f"?game=hearts&players=4&preset=standard&speed=fast&seed=5&target={target}")
    play_hand(page)
    assert wait_turn(page) == ("over" if over == "true" else "next")
    frames = reload_and_watch(page)
    assert frames, "no frame recorded"
    wrong = [f for f in frames if not f["summary"] or f["cards"] or f["over"] != over]
    assert not wrong, f"{len(wrong)} of {len(frames)} frames: {wrong[:3]}"
    expect(page.locator("#summary button.primary")).to_be_in_viewport(ratio=1)
