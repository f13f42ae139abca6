"""Spades through clicks: the bid picker with the partnership limit, a whole
hand to the summary, and two-player Spades (the draw) set up in the dialog."""

import re

from playwright.sync_api import expect
from table_helpers import (
    card_names,
    check_clean,
    click,
    hand_cards,
    open_dialog,
    open_table,
    play_hand,
    rules_panel,
    set_field,
    start_game,
    step,
    summary_points,
    wait_turn,
)


def bid_button(page, label):
    return page.locator("#controls .choices-number").get_by_role("button", name=label, exact=True)


def test_spades_partnership_hand_by_clicks(page, base_url, artifacts):
    # Seed 1: West deals, so North bids first, then East, then you.
    open_table(page, base_url, "?game=spades&preset=partnership&speed=instant&seed=1")
    expect(page.locator("#title")).to_contain_text("Spades · Partnership · 4 players")
    assert wait_turn(page) == "bid"
    expect(page.locator("#seats [data-seat='0'] .seat-team")).to_have_text("You & North")
    assert len(card_names(page)) == 13
    assert hand_cards(page).evaluate_all("(els) => els.every((e) => e.getAttribute('aria-disabled') === 'true')")

    north = page.locator("#seats [data-seat='2'] .stat-bid").inner_text()
    assert re.fullmatch(r"Bid \d+|Nil|Blind nil", north), north
    expect(bid_button(page, "Nil")).to_have_attribute("aria-disabled", "false")
    for n in range(1, 14):
        expect(bid_button(page, str(n))).to_be_visible()
    if north.startswith("Bid "):
        partner = int(north.split()[1])
        for n in range(1, 14):
            expect(bid_button(page, str(n))).to_have_attribute("aria-disabled", "true" if n > 13 - partner else "false")
        before = step(page)
        click(page, bid_button(page, "13"))  # a real click on an aria-disabled button
        expect(page.locator("#message")).to_contain_text(
            "You and your partner may bid at most 13 together: "
            f"your partner bid {partner}, so bid at most {13 - partner}."
        )
        assert step(page) == before and page.locator("#controls .choices-number").count() == 1
    page.screenshot(path=artifacts / "table-spades-bidding.png")

    bid_button(page, "3").click()
    expect(page.locator("#seats [data-seat='0'] .stat-bid")).to_have_text("Bid 3")

    played = play_hand(page)
    assert played == 13
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    points = summary_points(page)
    assert set(points) == {"You & North", "West & East"}
    # The score sheet: bids, tricks (13 in all), points, totals and bags.
    row = page.locator("#sheet tbody tr").first.locator("td").all_inner_texts()
    assert len(row) == 10
    assert int(row[1]) + int(row[6]) == 13
    assert int(row[2]) == points["You & North"] and int(row[7]) == points["West & East"]
    if north.startswith("Bid "):
        assert row[0] == str(3 + int(north.split()[1]))
    page.screenshot(path=artifacts / "table-spades-summary.png")
    check_clean(page, base_url)


def test_two_player_spades_from_the_dialog(page, base_url, artifacts):
    open_table(page, base_url, "?speed=instant&seed=2")
    open_dialog(page)
    set_field(page, "Game", "spades")
    set_field(page, "Preset", "classic")
    set_field(page, "Players", "2")
    expect(page.locator("#newgame-more").get_by_label("Partnership", exact=True)).to_be_disabled()
    set_field(page, "Speed of play", "instant")
    start_game(page)

    expect(page.locator("#seats .seat")).to_have_count(2)
    assert rules_panel(page)["Players"] == "2"
    # The draw: keep or discard the top card of the stock, until 13 each.
    draws = 0
    last = -1
    kept = None
    while True:
        what = wait_turn(page, last)
        last = step(page)
        if kept:
            assert kept in card_names(page), "a kept card joins the hand"
            kept = None
        if what != "draw":
            break
        prompt = page.locator("#prompt").inner_text()
        shown = page.locator("#controls .draw-card").get_attribute("aria-label")
        assert f"Top of the stock: the {shown}." in prompt
        if draws % 2 == 0:
            kept = shown
        name = "Keep it" if draws % 2 == 0 else "Discard it, take the next"
        page.locator("#controls").get_by_role("button", name=name).click()
        draws += 1
    assert draws == 13 and what == "bid"
    assert len(card_names(page)) == 13
    page.screenshot(path=artifacts / "table-spades-two-players.png")
    bid_button(page, "2").click()
    expect(page.locator("#seats [data-seat='0'] .stat-bid")).to_have_text("Bid 2")
    assert play_hand(page, after=step(page) - 1) == 13
    expect(page.locator("#summary")).to_be_visible()
    assert set(summary_points(page)) == {"You", "North"}
    row = page.locator("#sheet tbody tr").first.locator("td").all_inner_texts()
    assert int(row[1]) + int(row[6]) == 13
    click(page, page.locator("#summary").get_by_role("button", name="Next hand"))
    check_clean(page, base_url)
