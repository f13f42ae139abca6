"""The Hint button and hard computer players in the page.

Hint: what the normal bot would do in your seat, pointed at on the table
(the card, the three cards to pass, the bid) with its reason shown and
announced; it plays nothing, and playing the hinted card is accepted.
Hard bots think in slices: the page keeps answering while they search, and
a hand against three of them ends.
"""

import re

from playwright.sync_api import expect
from table_helpers import check_clean, click, open_table, pass_cards, step, wait_turn


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


def test_hard_bots_leave_the_page_responsive(page, base_url):
    """Three hard bots (each decision searches for up to 0.75 s): while they
    think, the page still answers a click on Last trick within a frame or
    two, and the hand goes on to its end."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=8&level=hard")
    assert wait_turn(page, timeout=60_000) == "pass"
    pass_cards(page)
    gaps = page.evaluate("""() => new Promise((resolve) => {
        // The longest wait between two animation frames over 3 s of thinking bots.
        let last = performance.now(), worst = 0, n = 0;
        function frame(now) {
            worst = Math.max(worst, now - last); last = now; n++;
            if (n < 180) requestAnimationFrame(frame); else resolve(worst);
        }
        requestAnimationFrame(frame);
    })""")
    # Not a timing assertion on this shared machine: a search that held the
    # thread would stop frames for its whole budget (0.75 s); slices keep it
    # far below that.
    assert gaps < 600, f"frames stopped for {gaps:.0f} ms while the bots thought"
    check_clean(page, base_url)
