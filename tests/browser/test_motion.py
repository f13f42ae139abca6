"""Cards that move: a played card comes in from its player's side, a taken
trick gathers toward its winner (when the trick leaves after a pause), the
cards of a new hand are dealt in one after the other; nothing moves at
"instant" speed or when the system asks for reduced motion."""

from playwright.sync_api import Error, expect
from table_helpers import awaiting, open_table, pass_cards, play_first_playable, wait_turn

STYLE = """(sel) => Array.from(document.querySelectorAll(sel)).map((e) => {
  const s = getComputedStyle(e);
  return [s.animationName, s.getPropertyValue('--fx').trim(), s.getPropertyValue('--fy').trim()];
})"""


def trick_styles(page):
    return page.evaluate(STYLE, "#trick .card.played")


def play_if_asked(page, until: str) -> None:
    """Wait for ``until`` (a CSS selector) to be on the page, playing your
    first playable card whenever the table waits for it meanwhile."""
    ready = f"() => document.querySelector({until!r}) || document.getElementById('table').dataset.awaiting === 'play'"
    while not page.locator(until).count():
        page.wait_for_function(ready, timeout=60_000)
        if awaiting(page) != "play" or page.locator(until).count():
            continue
        try:
            play_first_playable(page)
        except Error:  # the hand was redrawn under the click (a card passed to you arrived): look again
            continue
        page.wait_for_function("() => document.getElementById('table').dataset.awaiting !== 'play'",
                               timeout=60_000)


def test_cards_move_at_slow_speed(page, base_url):
    # Slow: bots pause 1.3 s, a taken trick stays 2.2 s: time to look at each step.
    open_table(page, base_url, "?game=hearts&preset=classic&speed=slow&seed=3")
    page.wait_for_selector("#hand .card", timeout=60_000)
    hand = page.evaluate(STYLE, "#hand .card")
    assert hand and {name for name, _, _ in hand} == {"dealt"}, "the hand is dealt in"
    assert wait_turn(page, timeout=60_000) == "pass"
    passed = pass_cards(page)
    # When the exchange is made, the three cards fly toward their receiver (copies of them).
    page.wait_for_function("() => document.querySelectorAll('.card-ghost').length >= 3", timeout=60_000)
    ghosts = page.evaluate("""() => Array.from(document.querySelectorAll('.card-ghost')).map((e) => [
        e.getAttribute('aria-label'), getComputedStyle(e).animationName, e.style.getPropertyValue('--gx')])""")
    assert sorted(name for name, _, _ in ghosts) == sorted(passed)
    assert {kind for _, kind, _ in ghosts} == {"passing"} and all(gx != "0%" for _, _, gx in ghosts), ghosts
    play_if_asked(page, "#trick .card.played")  # you may hold the 2 of clubs
    styles = trick_styles(page)
    assert styles[0][0] == "arrive"
    assert (styles[0][1], styles[0][2]) != ("0%", "0%"), "it comes from its player's side"
    # A card keeps its node while the trick grows: its arrival is not replayed.
    first = page.locator("#trick .card.played").first
    first.evaluate("(e) => { e.dataset.probe = 'same'; }")
    page.wait_for_function("() => document.querySelectorAll('#trick .card.played').length >= 2", timeout=60_000)
    assert page.locator("#trick .card.played[data-probe='same']").count() == 1
    play_if_asked(page, "#trick[data-kind='taken']")
    names = {name for name, _, _ in trick_styles(page)}
    assert names == {"gather"}, names


def test_nothing_moves_at_instant_speed_or_with_reduced_motion(page, base_url):
    open_table(page, base_url, "?game=hearts&preset=classic&speed=instant&seed=3")
    assert wait_turn(page) == "pass"
    assert {name for name, _, _ in page.evaluate(STYLE, "#hand .card")} == {"none"}
    pass_cards(page)
    page.wait_for_function("() => document.querySelectorAll('.card-ghost').length >= 3", timeout=30_000)
    shown = page.evaluate("() => Array.from(document.querySelectorAll('.card-ghost'),"
                          " (e) => getComputedStyle(e).display)")
    assert set(shown) == {"none"}, "passed cards do not fly at instant speed"
    page.emulate_media(reduced_motion="reduce")
    page.select_option("#speed", "slow")
    expect(page.locator("#table")).to_have_attribute("data-speed", "slow")
    assert {name for name, _, _ in page.evaluate(STYLE, "#hand .card")} == {"none"}
