"""Watch mode in Chromium: a ?watch=1 link plays a whole hand with no click,
every hand can be turned face up and down, a watcher's click on South's
cards plays nothing, and New game → Watch starts a watched game that
Play South's hand turns into one's own."""

import re

from playwright.sync_api import expect
from table_helpers import check_clean, open_dialog, open_table, set_field, start_game, step, wait_turn

HAND_TIMEOUT_MS = 120_000  # a hand at the fast speed: 52 cards at 0.3 s and 13 tricks shown 0.7 s, on a busy machine


def seat(page, name):
    return page.locator("#seats .seat", has=page.locator(".seat-name", has_text=re.compile(f"^{name}")))


def test_a_watch_link_plays_a_hand_with_no_click(page, base_url, artifacts):
    open_table(page, base_url, "?watch=1&speed=fast&seed=21")
    expect(page.locator("#title")).to_contain_text("Watching · Hearts")
    expect(page.locator("#controls")).to_have_attribute("data-kind", "watch")
    expect(page.locator("#prompt")).to_have_text(re.compile("^You are watching: a computer player in every seat"))
    expect(seat(page, "South")).to_have_count(1)
    expect(seat(page, "South").locator(".level")).to_have_text("Normal")
    expect(page.locator("#seats .seat-hand")).to_have_count(0)  # face down: South's cards only

    # No click at all: the computer players pass, play 13 tricks, and the summary shows.
    summary = page.locator("#summary")
    expect(summary).to_be_visible(timeout=HAND_TIMEOUT_MS)
    expect(summary).to_contain_text("Hand 1 is over")
    rows = summary.locator("table tr th[scope=row]").all_inner_texts()
    assert rows == ["South", "West", "North", "East"]
    points = summary.locator("table tr td:nth-child(3)").all_inner_texts()
    assert sum(int(p.replace("+", "").replace("−", "-")) for p in points) == 26
    assert not re.search(r"\bYou\b", summary.inner_text())
    assert step(page) > 52

    # The next hand: every hand face up, a line a suit at each seat, then face down again.
    summary.get_by_role("button", name="Next hand").click()
    expect(summary).to_be_hidden()
    toggle = page.locator("#controls").get_by_role("button", name="Every hand face up")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    hands = page.locator("#seats .seat-hand")
    expect(hands).to_have_count(3)
    label = seat(page, "West").locator(".seat-hand").get_attribute("aria-label")
    assert label.startswith("West's hand: ")
    assert re.search(r"(Jack|Queen|King|Ace|\d+) of (clubs|diamonds|hearts|spades)", label), label
    lines = seat(page, "North").locator(".seat-hand .suit-line").all_inner_texts()
    assert 1 <= len(lines) <= 4
    assert all(re.fullmatch(r"((10|[2-9JQKA]) ?)+", text.strip()) for text in lines), lines
    shown = sum(len(text.split()) for text in lines)
    assert shown <= 13
    page.screenshot(path=str(artifacts / "watch-face-up.png"))
    toggle.click()
    expect(hands).to_have_count(0)

    # South's cards are not the watcher's to play.
    card = page.locator("#hand button.card").first
    expect(card).to_have_attribute("aria-disabled", "true")
    card.dispatch_event("click")
    expect(page.locator("#message")).to_contain_text("You are watching this game. Press Play South's hand to play.")
    check_clean(page, base_url)


def test_new_game_watch_then_take_souths_seat(page, base_url):
    open_table(page, base_url, "?game=spades&speed=fast&seed=4")
    expect(page.locator("#title")).not_to_contain_text("Watching")
    open_dialog(page)
    expect(page.locator("#newgame").get_by_label("South", exact=True)).to_have_count(0)
    set_field(page, "Watch: a computer player in every seat", True)
    set_field(page, "South", "hard")
    set_field(page, "Show every hand", True)
    start_game(page)
    expect(page.locator("#title")).to_contain_text("Watching · Spades")
    expect(seat(page, "South").locator(".level")).to_have_text("Hard")
    expect(page.locator("#seats .seat-hand")).to_have_count(3)  # face up, as chosen in the dialog
    # The computer players bid and play on their own.
    before = step(page)
    page.wait_for_function("(s) => +document.getElementById('table').dataset.step > s + 8", arg=before,
                           timeout=HAND_TIMEOUT_MS)

    # Play South's hand: the seat is the watcher's again, from where the game stands.
    page.locator("#controls").get_by_role("button", name="Play South's hand").click()
    expect(page.locator("#title")).not_to_contain_text("Watching")
    assert wait_turn(page, timeout=HAND_TIMEOUT_MS) in ("bid", "play")
    expect(seat(page, "You")).to_have_count(1)
    expect(page.locator("#seats .seat-hand")).to_have_count(0)
    check_clean(page, base_url)
