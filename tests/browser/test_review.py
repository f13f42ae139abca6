"""The review of a finished hand in the page (ui/review_dom.py): a hand is
played through clicks while the table's Last trick panel is read at every
turn (each trick's cards and who took it, as the table showed them); then
the review, opened from the hand's summary and from the score sheet, is
stepped through with the keyboard and must show the very same tricks, every
hand face up at the deal, and close with Escape, the focus going back."""

import json
import re

from playwright.sync_api import Page, expect
from table_helpers import check_clean, open_table, play_hand

WON = re.compile(r"^Last trick, won by (you|.+)$")


def read_last_trick(page: Page) -> tuple[list[tuple[str, str]], str]:
    """Open the table's Last trick, read its (seat, card) pairs and winner, close it."""
    button = page.locator("#last-btn")
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()
    panel = page.locator("#last")
    expect(panel).to_be_visible()
    # On top, where it opens (at the hand's end, over the summary), and not under anything.
    assert panel.evaluate("""(el) => { const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }""")
    cards = panel.locator(".last-item").evaluate_all(
        "(els) => els.map((e) => [e.querySelector('.last-seat').textContent,"
        " e.querySelector('[role=img]').getAttribute('aria-label')])")
    winner = WON.match(panel.locator("h2").inner_text()).group(1)
    button.click()
    expect(panel).to_be_hidden()
    return [tuple(c) for c in cards], "You" if winner == "you" else winner


def play_and_record(page: Page) -> dict[int, tuple[list[tuple[str, str]], str]]:
    """Play a hand; every trick as the Last trick panel showed it, by number.
    We play a card in every trick, so at each of our turns but the first the
    last trick is the one before, and at the hand's end it is the last one."""
    seen: list[tuple[list[tuple[str, str]], str]] = []

    def on_turn(page: Page) -> None:
        if page.get_attribute("#last-btn", "aria-disabled") == "false":
            seen.append(read_last_trick(page))

    play_hand(page, on_turn=on_turn)
    # The hand is over: the Last trick control still shows the hand's last trick.
    seen.append(read_last_trick(page))
    expect(page.locator("#summary")).to_be_visible()  # still there once it is closed
    return {k + 1: trick for k, trick in enumerate(seen)}


def review_trick(page: Page) -> tuple[list[tuple[str, str]], str]:
    dialog = page.locator("dialog#review")
    cards = dialog.locator(".review-trick .review-card").evaluate_all(
        "(els) => els.map((e) => [e.querySelector('.last-seat').textContent, e.dataset.card])")
    winners = dialog.locator(".review-trick .review-card[data-winner] .last-seat").all_inner_texts()
    assert len(set(winners)) == 1, winners
    return [tuple(c) for c in cards], winners[0]


def step_to_trick(page: Page, number: int) -> None:
    expect(page.locator("#review-where")).to_contain_text(f"Trick {number} of ")


def check_review(page: Page, tricks: dict[int, tuple[list[tuple[str, str]], str]], game: str) -> None:
    """Step through the open review by keys: the deal, the pass or bids, every trick, and back."""
    dialog = page.locator("dialog#review")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Review of hand 1")
    expect(page.locator("#review-nav button.primary")).to_be_focused()  # Next
    # Step 0: the deal, every hand face up.
    expect(dialog).to_have_attribute("data-kind", "deal")
    seats = dialog.locator(".review-seat")
    expect(seats).to_have_count(4)
    for i in range(4):
        expect(seats.nth(i).locator(".review-cards .card")).to_have_count(13)
    names = dialog.locator(".review-seat .card").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert len(set(names)) == 52
    expect(page.locator("#review-live")).to_contain_text("Every hand face up")
    expect(dialog.locator('[data-review="back"]')).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("ArrowRight")
    expect(dialog).to_have_attribute("data-kind", "pass" if game == "hearts" else "bids")
    lines = dialog.locator(".review-lines li").all_inner_texts()
    assert len(lines) == 4
    if game == "hearts":
        assert all(re.match(r"^(You pass|\w+ passes) the .+ to \w+\.$", line) for line in lines), lines
    else:
        assert all(re.match(r"^(You bid|\w+ bids) \w", line) for line in lines), lines
    for number in sorted(tricks):
        page.keyboard.press("ArrowRight")
        step_to_trick(page, number)
        cards, winner = review_trick(page)
        assert (cards, winner) == tricks[number], f"trick {number}"
        live = page.locator("#review-live").inner_text()
        assert ("You take the trick" if winner == "You" else f"{winner} takes the trick") in live
        # The hands shrink: one card a seat per trick.
        counts = seats.evaluate_all("(els) => els.map((e) => e.querySelectorAll('.card').length)")
        assert counts == [13 - number] * 4
    page.keyboard.press("ArrowRight")
    expect(dialog).to_have_attribute("data-kind", "result")
    expect(dialog.locator('[data-review="next"]')).to_have_attribute("aria-disabled", "true")
    # Back to the last trick, then Home to the deal.
    page.keyboard.press("ArrowLeft")
    step_to_trick(page, max(tricks))
    assert review_trick(page) == tricks[max(tricks)]
    page.keyboard.press("Home")
    expect(dialog).to_have_attribute("data-kind", "deal")
    page.keyboard.press("End")
    expect(dialog).to_have_attribute("data-kind", "result")


def test_review_from_the_summary_and_the_score_sheet(page, base_url, artifacts):
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=21")
    tricks = play_and_record(page)
    assert sorted(tricks) == list(range(1, 14))

    review = page.locator("#summary").get_by_role("button", name="Review hand")
    review.click()
    check_review(page, tricks, "hearts")
    page.keyboard.press("Escape")
    expect(page.locator("dialog#review")).to_be_hidden()
    expect(review).to_be_focused()

    # The score sheet's hand number opens the same review.
    opener = page.locator("#sheet").get_by_role("button", name="Review hand 1")
    opener.click()
    dialog = page.locator("dialog#review")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-kind", "deal")
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    step_to_trick(page, 13)
    assert review_trick(page) == tricks[13]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    step_to_trick(page, 1)
    dialog.screenshot(path=str(artifacts / "review-trick.png"))
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    page.screenshot(path=str(artifacts / "review-closed.png"))
    check_clean(page, base_url)


def test_review_of_a_spades_hand_shows_the_bids(page, base_url):
    open_table(page, base_url, "?game=spades&preset=partnership&speed=instant&seed=22")
    tricks = play_and_record(page)
    page.locator("#summary").get_by_role("button", name="Review hand").click()
    check_review(page, tricks, "spades")
    page.keyboard.press("Escape")
    expect(page.locator("dialog#review")).to_be_hidden()
    check_clean(page, base_url)


def test_review_of_a_loaded_game_files_hand(page, base_url, tmp_path):
    """A game file loaded from Saves & stats puts its game on the table, and
    the score sheet opens the review of any of its hands: here its second,
    whose tricks the engine played in the file's game."""
    import random

    from storage_helpers import open_saves  # also puts the engine on the path

    from game.bots import choose
    from game.cards import card_name
    from game.state import new_match
    from ui.saves.data import export_document, settings_for_rules

    m = new_match("spades", "partnership", seed=23)
    rng = random.Random(23)
    tricks = []
    while len(m.records) < 2:
        if m.phase in ("cut", "deal", "hand_over"):
            m.apply(m.legal_actions()[0])
            continue
        before, pairs, seat = m.trick_number, list(zip(m.trick_seats, m.trick)), m.to_act
        action = choose(m.view(seat), "normal", rng)
        m.apply(action)
        if m.hand_number == 2 and m.trick_number > before:
            tricks.append((pairs + [(seat, action)], m.last_trick[2]))
    names = ["You", "West", "North", "East"]
    file = tmp_path / "two-hands.json"
    file.write_text(json.dumps(export_document(m, settings_for_rules(m.rules), {}, "review-file", 1_700_000_000_000)),
                    encoding="utf-8")

    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=24")
    open_saves(page)
    page.locator("#import-file").set_input_files(file)
    page.locator("#confirm").get_by_role("button", name="Load it").click()
    expect(page.locator("#save-note")).to_contain_text("Loaded: Spades")
    opener = page.locator("#sheet").get_by_role("button", name="Review hand 2")
    opener.click()
    dialog = page.locator("dialog#review")
    expect(dialog.locator("h2")).to_have_text("Review of hand 2")
    page.keyboard.press("ArrowRight")
    expect(dialog).to_have_attribute("data-kind", "bids")
    for number, (pairs, winner) in enumerate(tricks, start=1):
        page.keyboard.press("ArrowRight")
        step_to_trick(page, number)
        assert review_trick(page) == ([(names[s], card_name(c)) for s, c in pairs], names[winner]), f"trick {number}"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    check_clean(page, base_url)
