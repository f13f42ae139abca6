"""A hand of Hearts played through clicks on the card buttons: the pass, the
cards received, every trick, a refused card and its reason, the summary."""

import re

from playwright.sync_api import expect
from table_helpers import (
    card_names,
    check_clean,
    click,
    hand_cards,
    open_table,
    pass_cards,
    play_first_playable,
    playable,
    step,
    summary_points,
    trick_names,
    unplayable,
    wait_turn,
)

# The engine's own sentences for a refused card in Hearts (game/explain.py).
REASONS = re.compile(
    r"^(You must follow (clubs|diamonds|hearts|spades): you hold the .+\."
    r"|Hearts are not broken yet: lead another suit\."
    r"|The first trick must be led with the .+\."
    r"|No points on the first trick: .+"
    r"|You may not discard a heart .+)$"
)


def table_snapshot(page):
    """What a refused click must not change: the hand, the trick, whose turn."""
    return (
        card_names(page),
        trick_names(page),
        page.get_attribute("#table", "data-step"),
        page.locator("#turn").inner_text(),
        page.locator("#sheet").inner_text(),
    )


def test_hearts_hand_by_clicks(page, base_url, artifacts):
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=11")
    expect(page.locator("#title")).to_contain_text("Hearts · Standard · 4 players")
    expect(page.locator("#seats .seat")).to_have_count(4)

    # Hand 1 passes left, to West; every card of the hand is a button named by the card.
    assert wait_turn(page) == "pass"
    expect(page.locator("#prompt")).to_have_text(re.compile(r"Choose 3 cards to pass left, to West\."))
    names = card_names(page)
    assert len(names) == 13
    assert all(re.fullmatch(r"(\d+|Jack|Queen|King|Ace) of (clubs|diamonds|hearts|spades)", n) for n in names)
    suits = [n.split(" of ")[1] for n in names]
    assert suits == sorted(suits, key=lambda s: ["diamonds", "clubs", "hearts", "spades"].index(s)), "sorted by suit"

    # A card picked by mistake can be put back before passing.
    first = page.get_by_role("button", name=names[0], exact=True)
    click(page, first)
    expect(first).to_have_attribute("aria-pressed", "true")
    click(page, first)
    expect(first).to_have_attribute("aria-pressed", "false")

    passed = pass_cards(page, names[-3:])  # the three highest: spades or hearts
    # The cards received are shown: named in the notice and marked in the hand.
    wait_turn(page)
    expect(page.locator("#notice")).to_contain_text(re.compile(r"You received the .+ from East\."))
    received = page.locator("#hand button.card.received")
    expect(received).to_have_count(3)
    for name in received.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))"):
        assert name in page.locator("#notice").inner_text()
    hand_after = card_names(page)
    assert not set(passed) & set(hand_after) - set(
        received.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    )

    refused = []

    def check_refusal():
        """Once, on a turn with a card we may not play: the click changes
        nothing, and the engine's reason is shown."""
        if refused or unplayable(page).count() == 0:
            return
        before = table_snapshot(page)
        bad = unplayable(page).first
        click(page, bad)
        message = page.locator("#message")
        expect(message).to_be_visible()
        text = message.locator("span").inner_text()
        assert REASONS.match(text), text
        assert table_snapshot(page) == before
        refused.append(text)

    played = 0
    last = -1
    while True:
        what = wait_turn(page, last)
        last = step(page)
        if what == "next":
            break
        assert what == "play", what
        if played == 4:
            page.screenshot(path=artifacts / "table-hearts-desktop.png")
        check_refusal()
        name = play_first_playable(page)
        played += 1
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(
            hand_after.count(name) - 1 if name in hand_after else 0
        )
        if name in hand_after:
            hand_after.remove(name)

    assert played == 13
    assert refused, "no turn had a card the rules refuse"
    assert hand_cards(page).count() == 0

    # The summary: every player's points; 26 in all, or a moon (78 = 3 x 26).
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text("Hand 1 is over")
    points = summary_points(page)
    assert set(points) == {"You", "West", "North", "East"}
    assert sum(points.values()) in (26, 78)
    # The score sheet has the hand, with totals equal to the points.
    rows = page.locator("#sheet tbody tr")
    expect(rows).to_have_count(1)
    page.screenshot(path=artifacts / "table-hearts-summary.png")

    # The last trick can be looked at again.
    click(page, summary.get_by_role("button", name="Next hand"))
    wait_turn(page, last)
    expect(summary).to_be_hidden()
    expect(page.locator("#sheet tbody tr").first).to_contain_text(str(points["You"]))
    check_clean(page, base_url)


def test_last_trick_and_phone_layout(page, base_url, artifacts):
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    assert wait_turn(page) == "pass"
    page.screenshot(path=artifacts / "table-phone-pass.png", full_page=True)
    pass_cards(page)
    # Play two tricks, then look at the last one.
    # The first card by keyboard: Tab to it, Enter plays it, focus stays in the hand.
    assert wait_turn(page) == "play"
    last = step(page)
    card = playable(page).first
    name = card.get_attribute("aria-label")
    card.focus()
    page.keyboard.press("Enter")
    wait_turn(page, last)
    assert name not in card_names(page)
    assert page.evaluate("() => document.activeElement.closest('#hand') !== null")
    last = step(page)
    play_first_playable(page)
    wait_turn(page, last)
    last_button = page.locator(".topbar").get_by_role("button", name="Last trick")
    expect(last_button).to_have_attribute("aria-disabled", "false")
    last_button.click()
    panel = page.locator("#last")
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_contain_text(re.compile(r"Last trick, won by (you|West|North|East)"))
    expect(panel.locator("li")).to_have_count(4)
    page.screenshot(path=artifacts / "table-phone-last-trick.png", full_page=True)
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()

    # Nothing wider than the phone; every card legible and clickable.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    sizes = hand_cards(page).evaluate_all(
        "(els) => els.map((e) => parseFloat(getComputedStyle(e.querySelector('.corner')).fontSize))"
    )
    assert sizes and min(sizes) >= 11, sizes
    for i in range(hand_cards(page).count()):
        box = hand_cards(page).nth(i).bounding_box()
        assert box["x"] >= -1 and box["x"] + box["width"] <= 361, box
    page.screenshot(path=artifacts / "table-phone.png", full_page=True)
    check_clean(page, base_url)


# Marks every element of the seats, the controls and the score sheet, or
# counts the marked ones still there and the elements there in all.
MARK_KEPT = """(mark) => {
  const all = [...document.querySelectorAll('#seats *, #controls *, #sheet *')];
  if (mark) { for (const el of all) el.bazaKept = true; return all.length; }
  return [all.filter((el) => el.bazaKept).length, all.length];
}"""


def test_a_redraw_keeps_the_table_s_elements_and_changes_what_changed(page, base_url):
    """The seats, the controls and the score sheet are changed in place
    from one action to the next (assets/nodes.js, morph), not made anew:
    a card played by each seat changes their counts and the turn line, and
    most elements stay the very same nodes, as the table shows them."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=11")
    wait_turn(page)
    before = step(page)
    pass_cards(page)
    wait_turn(page, before)  # your lead may come with the exchange, in the same step
    marked = page.evaluate(MARK_KEPT, True)
    seats = page.locator("#seats").inner_text()
    before = step(page)
    play_first_playable(page)
    wait_turn(page, before)
    kept, total = page.evaluate(MARK_KEPT, False)
    assert page.locator("#seats").inner_text() != seats, "the seats show the trick's plays"
    assert marked > 50 and kept >= total * 0.8, (marked, kept, total)
    check_clean(page, base_url)
