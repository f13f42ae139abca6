"""Sounds are optional and off by default: no tone is made until the player
ticks Sounds; then cards, tricks and turns are heard (Web Audio tones,
counted here by wrapping the page's AudioContext), and the choice is kept
across a reload."""

from playwright.sync_api import expect
from table_helpers import check_clean, open_table, pass_cards, play_first_playable, step, wait_turn

COUNT_TONES = """(() => {
  window.__tones = 0;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() { window.__tones += 1; return super.createOscillator(); }
  };
})();"""


def tones(page) -> int:
    return page.evaluate("() => window.__tones")


def test_sounds_off_by_default_then_on_and_kept(page, base_url):
    page.add_init_script(COUNT_TONES)
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    sound = page.locator("#sound")
    expect(sound).not_to_be_checked()
    assert wait_turn(page) == "pass"
    pass_cards(page)
    before = step(page)
    assert wait_turn(page, before - 1) == "play"
    play_first_playable(page)
    wait_turn(page, step(page))
    assert tones(page) == 0, "no sound unless the player asks for it"

    sound.check()
    before = step(page)
    play_first_playable(page)
    wait_turn(page, before)
    page.wait_for_function("() => window.__tones > 0")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("#sound")).to_be_checked()
    check_clean(page, base_url)
