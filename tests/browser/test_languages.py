"""Baza in English, Spanish, Portuguese and Swedish: a trick played in each
language from a link (?lang=), the browser's own language picked when no
choice was made, the switch in the page, which is kept across a reload, and
a link's language, which wins over the saved one without losing the game.

What a player sees is checked in the language's own words: the cards'
names, the status line, the engine's refusal of a wrong card, the page's
buttons and the <html lang> attribute (for screen readers' voices).
"""

import re

import pytest
from playwright.sync_api import expect
from table_helpers import check_clean, click, open_table, playable, step, unplayable, wait_turn

# Per language: the queen of spades' name, a word of the status line when it
# is your lead, a word of the refusal of a card that does not follow suit,
# the New game button, and a word of the footer.
WORDS = {
    "en": ("Queen of spades", "play a card", "follow", "New game", "engine"),
    "es": ("Reina de picas", "carta", "seguir", "Partida nueva", "motor"),
    "pt": ("Dama de espadas", "carta", "seguir", "Nova partida", "motor"),
    "sv": ("Spader dam", "kort", "följa", "Nytt spel", "motorn"),
}


SUITS = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "es": ("tréboles", "diamantes", "corazones", "picas"),
    "pt": ("paus", "ouros", "copas", "espadas"),
    "sv": ("klöver", "ruter", "hjärter", "spader"),
}


def bid_first(page):
    numbers = page.locator('#controls .choices-number button[aria-disabled="false"][data-cmd="act"]')
    numbers.and_(page.locator(':not([data-arg="200"])')).first.click()


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_trick_in_each_language(page, base_url, lang):
    _queen, status_word, follow_word, new_game, footer_word = WORDS[lang]
    open_table(page, base_url, f"?game=spades&preset=classic&speed=instant&seed=21&lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator('.tools [data-cmd="new-game"]')).to_have_text(new_game)
    expect(page.locator("#status")).to_contain_text(re.compile(rf"^Python 3\.[0-9.]+, {footer_word}"))
    what = wait_turn(page)
    while what == "bid":
        before = step(page)
        bid_first(page)
        what = wait_turn(page, before)
    assert what == "play"
    names = page.locator("#hand button.card").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert all(name and "{" not in name for name in names)
    if lang != "en":
        assert not any(" of " in name for name in names), f"English card names in {lang}: {names}"
    suits = SUITS[lang]
    assert all(any(suit in name.lower() for suit in suits) for name in names), f"{lang}: {names}"
    expect(page.locator("#turn")).to_contain_text(status_word)
    # Seed 21: a card is on the table when you first play, and you hold cards that may not follow it.
    assert page.locator("#trick li").count() and unplayable(page).count()
    before = step(page)
    click(page, unplayable(page).first)
    message = page.locator("#message")
    expect(message).to_be_visible()
    expect(message).to_contain_text(follow_word)
    assert step(page) == before, "a refused card changes nothing"
    before = step(page)
    card = playable(page).first
    played = card.get_attribute("aria-label")
    click(page, card)
    wait_turn(page, before)
    # The screen reader heard your card, by its name in this language.
    said = page.locator("#announcer").inner_text().lower()
    assert played.lower() in said, f"{played!r} not announced in {lang}: {said[-300:]!r}"
    check_clean(page, base_url)


def test_the_loading_screen_speaks_the_language_too(page, base_url):
    """Before Python runs, the loading screen's words are in the link's language."""
    page.route("**/*.wasm", lambda route: None)  # hold the start-up: the loading screen stays
    page.goto(base_url + "?lang=sv")
    expect(page.locator("#loading-text")).to_contain_text("Dukar fram spelbordet")
    expect(page.locator("html")).to_have_attribute("lang", "sv")


def test_browser_language_then_the_switch_is_kept(page, base_url):
    """No choice made: the browser's languages decide (here Brazilian
    Portuguese first). The switch then changes every word at once, and a
    reload keeps the choice."""
    page.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['pt-BR', 'en-US']});")
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    expect(page.locator("html")).to_have_attribute("lang", "pt")
    expect(page.locator('.tools [data-cmd="new-game"]')).to_have_text("Nova partida")
    page.select_option("#lang", "sv")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.locator('.tools [data-cmd="new-game"]')).to_have_text("Nytt spel")
    names = page.locator("#hand button.card").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert names and all(any(suit in name.lower() for suit in SUITS["sv"]) for name in names), names
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.locator('.tools [data-cmd="new-game"]')).to_have_text("Nytt spel")
    check_clean(page, base_url)


def _table(page):
    """What stays the same whatever the language: the step, what the table
    waits for, and the cards in your hand (as their actions)."""
    return page.evaluate("""() => {
      const t = document.getElementById('table');
      return [t.dataset.step, t.dataset.awaiting,
              [...document.querySelectorAll('#hand button.card')].map((e) => e.dataset.arg)];
    }""")


def test_a_link_language_wins_over_the_saved_one(page, base_url):
    """A game played in Swedish, then a link with ?lang=es in the same tab:
    the page is in Spanish and the same match goes on; Spanish is kept."""
    open_table(page, base_url, "?game=spades&preset=classic&speed=instant&seed=21&lang=sv")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    what = wait_turn(page)
    while what == "bid":
        before = step(page)
        bid_first(page)
        what = wait_turn(page, before)
    before = step(page)
    click(page, playable(page).first)
    assert wait_turn(page, before) == "play"
    table = _table(page)
    assert len(table[2]) == 12, "one card played"

    open_table(page, base_url, "?lang=es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator('.tools [data-cmd="new-game"]')).to_have_text(WORDS["es"][3])
    assert wait_turn(page) == "play"
    assert _table(page) == table, "the match in progress is the same"
    names = page.locator("#hand button.card").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert all(any(suit in name.lower() for suit in SUITS["es"]) for name in names), names

    open_table(page, base_url, "?lang=nope")  # not a language: ignored, the chosen one stays
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator('.tools [data-cmd="new-game"]')).to_have_text(WORDS["es"][3])
    assert wait_turn(page) == "play"
    assert _table(page) == table
    check_clean(page, base_url)
