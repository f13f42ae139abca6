"""Undo in the page: your card goes back to your hand with the computer
players' replies undone; in strict play there is no Undo button."""

from playwright.sync_api import expect
from table_helpers import (
    check_clean,
    click,
    hand_cards,
    open_dialog,
    open_table,
    pass_cards,
    playable,
    set_field,
    start_game,
    step,
    wait_turn,
)


def test_undo_takes_your_card_back_then_strict_play_has_none(page, base_url):
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    assert wait_turn(page) == "pass"
    undo = page.locator("#undo-btn")
    expect(undo).to_have_attribute("aria-disabled", "true")  # nothing to take back yet (a pass is not undone)
    pass_cards(page)
    assert wait_turn(page, step(page) - 1) == "play"
    cards_before = hand_cards(page).count()
    step_before = step(page)
    card = playable(page).first
    name = card.get_attribute("aria-label")
    click(page, card)
    wait_turn(page, step_before)
    expect(hand_cards(page)).to_have_count(cards_before - 1)
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    expect(hand_cards(page)).to_have_count(cards_before)
    expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(page.locator("#message")).to_contain_text("Taken back")
    assert step(page) == step_before, "the bots' replies are undone too"

    open_dialog(page)
    set_field(page, "Strict play (no undo)", True)
    start_game(page)
    expect(undo).to_be_hidden()
    check_clean(page, base_url)
