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
    pass_cards(page)  # returns once the pass is drawn
    shown = page.evaluate("() => Array.from(document.querySelectorAll('.card-ghost'),"
                          " (e) => getComputedStyle(e).display)")
    assert set(shown) <= {"none"}, "passed cards do not fly at instant speed"
    page.emulate_media(reduced_motion="reduce")
    page.select_option("#speed", "slow")
    expect(page.locator("#table")).to_have_attribute("data-speed", "slow")
    assert {name for name, _, _ in page.evaluate(STYLE, "#hand .card")} == {"none"}


# The deal paused as it starts: where each card of the hand begins its flight
# and where it lands, the dealer's plate, the deal's length; then the deal
# left to run again.
DEAL_START = """() => {
  const deal = document.getAnimations().filter((a) => a.animationName === 'dealt');
  if (!deal.length) return null;
  const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const cards = [...document.querySelectorAll('#hand .card')];
  deal.forEach((a) => { a.pause(); a.currentTime = 0; });
  const from = cards.map((c) => centre(c.getBoundingClientRect()));
  deal.forEach((a) => { a.currentTime = a.effect.getComputedTiming().endTime; });
  const to = cards.map((c) => centre(c.getBoundingClientRect()));
  const end = Math.max(...deal.map((a) => a.effect.getComputedTiming().endTime));
  deal.forEach((a) => { a.currentTime = 0; a.play(); });
  const dealer = document.querySelector('#seats .seat:has(.dealer)');
  return { from, to, end, dealer: dealer ? centre(dealer.getBoundingClientRect()) : null,
           you: dealer ? dealer.classList.contains('you') : null };
}"""


def test_the_deal_flies_from_the_dealer_and_holds_nothing_up(page, base_url):
    """A new hand's cards fly in from the dealer's seat, whoever deals, one
    after the other and all in within 0.7 s at normal speed; a card can be
    picked to pass while the others still arrive; nothing flies with
    reduced motion or at instant speed."""
    page.set_viewport_size({"width": 390, "height": 844})
    for seed, dealer in ((1, "West"), (7, "North"), (2, "East"), (4, "You")):
        page.goto(base_url + f"?game=hearts&preset=standard&speed=normal&seed={seed}")
        page.wait_for_function("() => document.getAnimations().some((a) => a.animationName === 'dealt')")
        deal = page.evaluate(DEAL_START)
        assert deal and deal["dealer"], f"{dealer}: no deal seen"
        assert deal["end"] <= 700, f"{dealer} deals in {deal['end']} ms"
        starts, ends = deal["from"], deal["to"]
        spread = max(x for x, _ in starts) - min(x for x, _ in starts)
        assert spread < 60, f"{dealer} deals, but the cards start {spread:.0f} px apart, not from one hand"
        start = (sum(x for x, _ in starts) / len(starts), sum(y for _, y in starts) / len(starts))
        end = (sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends))
        flight = (start[0] - end[0], start[1] - end[1])
        if deal["you"]:  # your own deal: from just above your hand, not from another seat
            assert abs(flight[0]) < 5 and -80 < flight[1] <= 0, f"you deal, the cards fly {flight}"
            continue
        toward = (deal["dealer"][0] - end[0], deal["dealer"][1] - end[1])
        dot = flight[0] * toward[0] + flight[1] * toward[1]
        cosine = dot / ((flight[0] ** 2 + flight[1] ** 2) ** 0.5 * (toward[0] ** 2 + toward[1] ** 2) ** 0.5)
        assert cosine > 0.9, f"{dealer} deals, but the cards fly from {flight} (the dealer is at {toward})"
    # Nothing waits for the deal: a card is picked while the last ones still fly.
    page.goto(base_url + "?game=hearts&preset=standard&speed=slow&seed=1")
    page.wait_for_function("() => document.getAnimations().some((a) => a.animationName === 'dealt')")
    page.wait_for_function("() => document.getElementById('table').dataset.awaiting === 'pass'")
    first = page.locator("#hand button.card").first
    first.evaluate("(c) => c.getAnimations().forEach((a) => a.finish())")  # this one has landed
    box = first.bounding_box()
    page.mouse.click(box["x"] + 8, box["y"] + box["height"] / 2)
    expect(first).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => document.getAnimations().some((a) => a.animationName === 'dealt'"
                         " && a.playState === 'running')"), "the deal was over before the pick: nothing shown"
    # Reduced motion, and instant speed: the hand is simply there.
    page.emulate_media(reduced_motion="reduce")
    page.goto(base_url + "?game=hearts&preset=standard&speed=normal&seed=1")
    page.wait_for_function("() => document.getElementById('table').dataset.awaiting === 'pass'")
    assert not page.evaluate("() => document.getAnimations().filter((a) => a.animationName === 'dealt').length")
    page.emulate_media(reduced_motion="no-preference")
    page.goto(base_url + "?game=hearts&preset=standard&speed=instant&seed=1")
    page.wait_for_function("() => document.getElementById('table').dataset.awaiting === 'pass'")
    assert not page.evaluate("() => document.getAnimations().filter((a) => a.animationName === 'dealt').length")
