"""The New game dialog: every option of RULES.md, grouped and explained, and
games it starts that the engine then plays by those options."""

import re

import pytest
from playwright.sync_api import expect
from table_helpers import (
    card_names,
    check_clean,
    click,
    open_dialog,
    open_table,
    pass_cards,
    playable,
    rules_panel,
    set_field,
    start_game,
    step,
    unplayable,
    wait_turn,
)

SPADES_OPTIONS = [
    "Partnership",
    "Nil",
    "Blind nil",
    "Blind nil only when behind by",
    "Auction Spades",
    "First lead",
    "Failed contract",
    "Points per overtrick",
    "13 for 13 scores double",
    "Failed 13 adds 13 bags",
    "Bag limit",
    "Bag penalty",
    "Mercy score",
]
HEARTS_OPTIONS = [
    "Uneven deal",
    "Cards to pass",
    "Pass directions",
    "Hearts broken",
    "No points on the first trick",
    "Queen breaks hearts",
    "Shooting the moon",
    "Jack of diamonds -10",
]


def test_dialog_offers_every_option_grouped_and_explained(page, base_url, artifacts):
    open_table(page, base_url, "?speed=instant")
    dialog = open_dialog(page)
    more = dialog.locator("#newgame-more")  # More options, folded at first
    expect(more).to_be_hidden()
    for label in ["Game", "Preset", "Players"]:
        expect(dialog.get_by_role("radiogroup", name=label, exact=True)).to_be_visible()
    for label in ["Target score", *HEARTS_OPTIONS, "Speed of play"]:
        field = more.get_by_label(label, exact=True)
        expect(field).to_have_count(1)
    for name in ["West", "North", "East"]:
        expect(more.get_by_label(name, exact=True)).to_have_value("normal")
    legends = dialog.locator("legend").all_text_contents()
    assert legends == ["Game", "Preset", "Players", "Deal", "Passing", "Play", "Scoring", "Computer players", "Names"]
    for label, usual in [("Your name", "You"), ("Name for West", "West")]:
        expect(more.get_by_label(label, exact=True)).to_have_attribute("placeholder", usual)
    page.screenshot(path=artifacts / "dialog-hearts.png", full_page=True)

    set_field(page, "Game", "spades")
    for label in SPADES_OPTIONS:
        field = more.get_by_label(label, exact=True)
        expect(field).to_have_count(1)
        help_id = field.get_attribute("aria-describedby")
        assert help_id and page.locator(f"#{help_id}").inner_text().strip(), label
    assert dialog.locator("legend").all_text_contents() == [
        "Game",
        "Preset",
        "Players",
        "Sides",
        "Bidding",
        "Play",
        "Scoring",
        "Bags",
        "End of the game",
        "Computer players",
        "Names",
    ]
    # A preset sets the options; the partnership preset is 2 against 2 with nil.
    expect(more.get_by_label("Partnership", exact=True)).to_be_checked()
    set_field(page, "Preset", "classic")
    expect(more.get_by_label("Partnership", exact=True)).not_to_be_checked()
    expect(more.get_by_label("Nil", exact=True)).not_to_be_checked()
    # A value the engine refuses keeps the game from starting, with the reason.
    set_field(page, "Bag limit", "-3")
    expect(dialog.locator(".dialog-error")).to_have_text("Bag limit must be from 0 to 100.")
    expect(dialog.get_by_role("button", name="Start game")).to_have_attribute("aria-disabled", "true")
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=artifacts / "dialog-phone.png")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert rules_panel(page)["Players"] == "4"  # the game in play did not change
    check_clean(page, base_url)


def test_three_player_hearts_double_first_no_points_first_trick(page, base_url, artifacts):
    open_table(page, base_url, "?speed=instant&seed=4")
    open_dialog(page)
    set_field(page, "Preset", "classic")
    set_field(page, "Players", "3")
    set_field(page, "Uneven deal", "double_first")
    set_field(page, "No points on the first trick", True)
    set_field(page, "Target score", "60")
    start_game(page)

    rules = rules_panel(page)
    assert rules["Players"] == "3" and rules["Target score"] == "60"
    assert rules["No points on the first trick"] == "on"
    assert rules["Uneven deal"].startswith("Deal all")
    expect(page.locator("#title")).to_contain_text("Hearts · Classic · 3 players · to 60")
    expect(page.locator("#seats .seat")).to_have_count(3)

    # 52 cards for 3 players: 17 each and one more for the dealer's left.
    assert wait_turn(page) == "pass"
    mine = len(card_names(page))
    others = page.locator("#seats .seat-cards").all_inner_texts()
    sizes = sorted([mine] + [int(t.split()[0]) for t in others])
    assert sizes == [17, 17, 18], sizes
    expect(page.locator("#prompt")).to_have_text(re.compile(r"Choose 3 cards to pass left, to North-west\."))
    pass_cards(page)

    # The first trick: no heart and no Queen of spades while there is a choice.
    last = -1
    refused = []
    while page.locator("#last-btn").get_attribute("aria-disabled") == "true":
        what = wait_turn(page, last)
        last = step(page)
        if page.locator("#last-btn").get_attribute("aria-disabled") == "false":
            break
        assert what == "play"
        bad = [
            n
            for n in unplayable(page).evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
            if n.endswith("hearts") or n == "Queen of spades"
        ]
        if bad and not refused:  # refused: by following clubs, or by the rule itself
            click(page, page.get_by_role("button", name=bad[0], exact=True))
            expect(page.locator("#message")).to_contain_text(
                re.compile("No points on the first trick|You must follow clubs|first trick must be led")
            )
            refused.append(bad[0])
        click(page, playable(page).first)
    page.locator("#last-btn").click()
    expect(page.locator("#last .card")).to_have_count(4)  # drawn in the next animation frame
    first_trick = page.locator("#last li").evaluate_all("(els) => els.map((e) => e.textContent)")
    names = page.locator("#last .card").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert len(names) == 4, first_trick  # three players, and one of them plays twice
    assert not [n for n in names if n.endswith("hearts") or n == "Queen of spades"], names
    assert names[0] == "2 of clubs"
    page.screenshot(path=artifacts / "table-hearts-three-players.png")
    check_clean(page, base_url)


# What a player sees cut in the open New game dialog: a word that runs past
# its box or the dialog's edge, or a select's choice wider than the select
# (the browser cuts it there: "Standard: Classic plus no points or…").
CUT = """() => {
  const dialog = document.getElementById('newgame');
  const edge = dialog.getBoundingClientRect();
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const out = [];
  const ink = document.createElement('canvas').getContext('2d');
  for (const e of dialog.querySelectorAll('*')) {
    if (!shown(e)) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const r = e.getBoundingClientRect();
    if (own && e.tagName !== 'OPTION') {
      if (getComputedStyle(e).display !== 'inline' && e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'SELECT') {
        out.push(`"${e.textContent.trim().slice(0, 40)}" cut (${e.scrollWidth} > ${e.clientWidth})`);
      }
      if (r.left < edge.left - 1 || r.right > edge.right + 1) {
        out.push(`"${e.textContent.trim().slice(0, 40)}" past the edge`);
      }
    }
    if (e.tagName === 'SELECT') {
      const cs = getComputedStyle(e);
      ink.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      // The room for a choice's words: the select's inside less its arrow.
      const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      for (const o of e.options) {
        const w = ink.measureText(o.textContent).width;
        if (w > room) out.push(`${e.id}: "${o.textContent}" cut (${Math.round(w)} > ${Math.round(room)} px)`);
      }
    }
  }
  return out;
}"""

# The big buttons in view and whole: each tile at least 44 px each way.
TILES = """() => [...document.querySelectorAll('#newgame .tile')].map((t) => {
  const r = t.getBoundingClientRect();
  return [t.textContent.trim().slice(0, 30), Math.round(r.width), Math.round(r.height)];
})"""


@pytest.mark.parametrize("lang", ["en", "es", "pt", "sv"])
def test_new_game_is_a_few_big_buttons_with_nothing_cut_on_a_phone(page, base_url, artifacts, lang):
    """New game on a phone: the game, its preset and the players as big
    buttons, every other option folded under More options; no word of it
    cut, in any language, upright or sideways; the buttons start the game
    they show."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_table(page, base_url, f"?speed=instant&lang={lang}")
    page.locator(".topbar [data-cmd=new-game]").click()
    dialog = page.locator("#newgame")
    expect(dialog).to_be_visible()
    more = dialog.locator("[data-cmd=dialog-more]")
    problems: list[str] = []
    for game, presets, counts in (("hearts", 3, 6), ("spades", 4, 4)):
        dialog.locator(f"label.tile:has(input[value={game}])").click()
        expect(dialog.locator(".tiles-preset .tile")).to_have_count(presets)
        expect(dialog.locator(".tiles-players .tile")).to_have_count(counts)
        expect(more).to_have_attribute("aria-expanded", "false")
        # Folded: no rule's field shows until asked for.
        shown = dialog.locator(".more .field").evaluate_all("(fs) => fs.filter((f) => f.getClientRects().length)")
        assert not shown
        for size in ((360, 640), (844, 390)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            small = [t for t in page.evaluate(TILES) if t[1] < 44 or t[2] < 44]
            problems += [f"{game} {size}: tile {t[0]!r} is {t[1]} x {t[2]} px" for t in small]
            problems += [f"{game} {size}: {p}" for p in page.evaluate(CUT)]
        page.set_viewport_size({"width": 360, "height": 640})
        page.screenshot(path=artifacts / f"dialog-phone-{game}-{lang}.png")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    expect(dialog.locator(".more .field").first).to_be_visible()
    for size in ((360, 640), (844, 390)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        problems += [f"More options {size}: {p}" for p in page.evaluate(CUT)]
    assert not problems, "\n".join(problems)
    if lang == "en":  # the buttons start the game they show
        set_field(page, "Preset", "cutthroat")
        set_field(page, "Players", "3")
        start_game(page)
        expect(page.locator("#title")).to_contain_text("Spades · Cutthroat · 3 players")
        expect(page.locator("#seats .seat")).to_have_count(3)
    check_clean(page, base_url)
