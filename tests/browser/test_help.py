"""The rules page of each game: how to play, for players, with the options
of the match on the table, in the language of the table."""

from playwright.sync_api import expect
from table_helpers import check_clean, open_table, wait_turn

from ui.i18n import catalogue


def test_rules_page_shows_the_game_and_its_options(page, base_url):
    open_table(page, base_url, "?game=hearts&preset=omnibus&speed=instant&seed=5")
    wait_turn(page)
    button = page.locator("#help-btn")
    expect(button).to_have_text("How to play Hearts")
    page.locator(".side details").nth(1).locator("summary").click()
    button.click()
    dialog = page.get_by_role("dialog", name="How to play Hearts")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Queen of spades 13")
    options = dialog.locator("dl.rules")
    expect(options).to_contain_text("Jack of diamonds -10")
    names = options.locator("dt").all_inner_texts()
    values = options.locator("dd").all_inner_texts()
    assert dict(zip(names, values))["Jack of diamonds -10"] == "on"
    assert dict(zip(names, values))["Players"] == "4"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    button.click()  # Escape told the table: one click opens it again
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    # In Spanish, and for Spades: the same page in the table's language.
    es = catalogue("es")
    page.select_option("#lang", "es")
    expect(button).to_have_text(es["help.open"].format(game=es["game.hearts"]))
    button.click()
    expect(page.locator("#help-title")).to_have_text(es["help.hearts.title"])
    expect(page.locator("#help")).to_contain_text(es["opt.jack_of_diamonds"])
    check_clean(page, base_url)
