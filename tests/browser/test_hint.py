"""The Hint button and hard computer players in the page.

Hint: what the normal bot would do in your seat, pointed at on the table
(the card, the three cards to pass, the bid) with its reason shown and
announced; it plays nothing, and playing the hinted card is accepted.
Hard bots think in slices: the page keeps drawing while they search.
"""

import re

from playwright.sync_api import expect
from table_helpers import check_clean, click, open_table, pass_cards, play_first_playable, step, wait_turn


def test_hint_when_passing_then_playing_then_bidding(page, base_url):
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    assert wait_turn(page) == "pass"
    hint = page.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_have_attribute("aria-disabled", "false")
    before = step(page)
    hint.click()
    message = page.locator("#message")
    expect(message).to_contain_text(re.compile(r"^Hint: Pass the "))
    hinted = page.locator("#hand button.card.hinted")
    expect(hinted).to_have_count(3)
    assert step(page) == before, "a hint passes nothing"
    names = hinted.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    pass_cards(page, names)  # the hinted cards are accepted

    assert wait_turn(page, before) == "play"
    before = step(page)
    hint.click()
    expect(message).to_contain_text("Hint: ")
    card = page.locator("#hand button.card.hinted")
    expect(card).to_have_count(1)
    expect(card).to_have_attribute("aria-disabled", "false")
    click(page, card)
    wait_turn(page, before)
    expect(page.locator("#hand button.card.hinted")).to_have_count(0)

    check_clean(page, base_url)


def test_hint_points_at_a_bid(page, base_url):
    open_table(page, base_url, "?game=spades&preset=partnership&speed=instant&seed=5")
    assert wait_turn(page) == "bid"
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator("#controls button.hinted")).to_have_count(1)
    expect(page.locator("#message")).to_contain_text(re.compile(r"^Hint: (Bid|Nil)"))
    check_clean(page, base_url)


# Counts the animation frames the page draws while each step of the table is
# shown with the computer players to act (data-awaiting empty), by step. A
# bot that thinks in slices hands the page back many times per decision; one
# that searched in one piece would hold it until its card is down (1-2 frames).
COUNT_BOT_FRAMES = """() => {
    const table = document.getElementById('table');
    const frames = window.botFrames = {};
    function frame() {
        if (!table.dataset.awaiting) frames[table.dataset.step] = (frames[table.dataset.step] || 0) + 1;
        requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
}"""

# Frames drawn during one hard decision (a search of about 0.75 s in slices of
# 15 ms) that show the page went on between slices; a search in one piece
# leaves one or two. The number of frames, not their timing, is asserted.
SLICED_FRAMES = 6


def test_hard_bots_leave_the_page_responsive(page, base_url):
    """Three hard bots (each decision searches for up to 0.75 s) think in
    slices: the page goes on drawing frames while one of them thinks, instead
    of freezing until its card is down."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=8&level=hard")
    assert wait_turn(page, timeout=60_000) == "pass"
    page.evaluate(COUNT_BOT_FRAMES)
    last = step(page)
    pass_cards(page)
    most = 0
    for _ in range(3):  # the bots' cards up to each of our first three turns
        if wait_turn(page, last, timeout=60_000) != "play":
            break
        most = max(page.evaluate("() => Object.values(window.botFrames)"), default=0)
        if most >= SLICED_FRAMES:
            break
        last = step(page)
        play_first_playable(page)
    frames = page.evaluate("() => window.botFrames")
    assert most >= SLICED_FRAMES, f"the page drew too few frames while a hard bot thought (by step): {frames}"
    check_clean(page, base_url)
