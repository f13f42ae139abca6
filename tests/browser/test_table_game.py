"""A whole game against the computer players, set up in the New game dialog
(a low target, instant speed), played by clicks to the game-over screen."""

import re

from playwright.sync_api import expect
from table_helpers import (
    check_clean,
    open_dialog,
    open_table,
    play_hand,
    set_field,
    start_game,
    step,
    summary_points,
)


def test_hearts_game_to_the_end(page, base_url, artifacts):
    open_table(page, base_url, "?seed=8")
    open_dialog(page)
    set_field(page, "Preset", "standard")
    set_field(page, "Target score", "30")
    set_field(page, "West", "easy")
    set_field(page, "Speed of play", "instant")
    start_game(page)
    expect(page.locator("#speed")).to_have_value("instant")
    expect(page.locator("#seats [data-seat='1'] .level")).to_have_text("Easy")

    hands = 0
    summary = page.locator("#summary")
    before = -1
    while True:
        play_hand(page, after=before)
        hands += 1
        expect(summary).to_be_visible()
        if page.get_attribute("#table", "data-awaiting") == "over":
            break
        assert hands < 20, "the game does not end"
        before = step(page)
        summary.get_by_role("button", name="Next hand").click()

    expect(summary.locator("h2")).to_have_text(re.compile(rf"Game over after {hands} hands?"))
    note = summary.locator(".summary-note").first.inner_text()
    totals = {
        name: int(total)
        for name, total in page.locator("#summary table tr").evaluate_all(
            """(rows) => rows.filter((r) => r.querySelector('td')).map((r) =>
            [r.querySelector('th').textContent, r.querySelectorAll('td')[2].textContent])"""
        )
    }
    assert max(totals.values()) >= 30
    low = min(totals.values())
    winners = [name for name, total in totals.items() if total == low]
    assert len(winners) == 1
    assert note == ("You win!" if winners == ["You"] else f"{winners[0]} wins.")
    assert sum(summary_points(page).values()) in (26, 78)
    rows = page.locator("#sheet tbody tr")
    expect(rows).to_have_count(hands)
    page.screenshot(path=artifacts / "table-game-over.png")

    summary.get_by_role("button", name="New game…").click()
    expect(page.locator("#newgame")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#newgame")).to_be_hidden()
    summary.get_by_role("button", name="Play again").click()
    expect(summary).to_be_hidden()
    check_clean(page, base_url)
