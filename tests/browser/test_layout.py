"""The table at phone, tablet and desktop sizes: it fits, its controls are
big enough to tap, and a phone plays by taps.

Each size opens a Hearts table (the pass, play, the hand summary) and a
Spades partnership table (bidding, play) in a browser context of that size
(the phone and the tablet with touch), and in every phase asserts:

- No scrolling is needed to play: the page is no wider than the screen, and
  the whole table (the top bar, the felt with the seats and the trick, the
  turn line, your choices and your hand) lies inside the first screen. The
  score sheet, the rules and the card colours come after the table: on a
  phone they are below it, a scroll away, as the content after a game.
- Every visible control (buttons, selects, inputs, the summaries of the
  score sheet and the rules) is at least 44 x 44 CSS px.
- The cards of your hand overlap (thirteen cards 44 px wide would not fit
  a 360 px screen in a row), so a card's tap target is the part of it that
  no other card covers, measured with ``elementFromPoint``: it must hold an
  upright rectangle 44 px tall (the size the issue asks) and 24 px wide
  (WCAG 2.2's minimum target size, 2.5.8), and the whole card is at least
  44 px each way. The cards are measured as they stand, the focused one
  too (the page puts the focus in the hand; on a touch screen the focused
  card does not rise over its neighbours).
- Nothing covers what it should not: the seat names do not overlap each
  other or a played card; the hand is below the felt and below your
  choices; the hand summary shows all of itself and its button without
  scrolling.

The phone then plays a whole hand of Hearts with taps only: three cards
picked and passed, a card that cannot be played tapped (the message why,
dismissed), every card played, the last trick opened and closed; and a
hand of seventeen cards (Hearts for three) lies in two rows, picked and
played by taps. The New game dialog, at each size, is no wider than the
screen and its controls are as big.

Screenshots of each size and phase go to test-artifacts/ (layout-*.png) to
look at; none is compared with a stored image, since fonts differ from
machine to machine.
"""

from __future__ import annotations

import re

import pytest
from conftest import CHROMIUM_ARGS, chromium_path, logged
from playwright.sync_api import Locator, Page, expect
from table_helpers import (
    check_clean,
    default_bid,
    hand_cards,
    open_table,
    pass_cards,
    play_first_playable,
    play_hand,
    playable,
    step,
    wait_turn,
)

TAP = 44  # CSS px: the smallest control
STRIP = 24  # CSS px: the narrowest visible part of an overlapped card

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}, "has_touch": False, "is_mobile": False},
}
HEARTS = "?game=hearts&preset=standard&speed=instant&seed=5"
SPADES = "?game=spades&preset=partnership&speed=instant&seed=5"

# Resolves when the cards stand still: every finite animation and transition
# (a card sliding onto the table, a card lifting) has run to its end.
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""

# Boxes of the parts of the table, in CSS px of the viewport.
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { name: (e.getAttribute('aria-label') || e.textContent).trim().replace(/\\s+/g, ' ').slice(0, 40),
             left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && getComputedStyle(e).opacity !== '0';  // a taken trick's cards fade out where its winner sits
  const all = (sel) => [...document.querySelectorAll(sel)].filter(shown).map(box);
  const one = (sel) => { const e = document.querySelector(sel); return e && shown(e) ? box(e) : null; };
  const s = document.scrollingElement;
  return {
    width: innerWidth, height: innerHeight, scrollX, scrollY,
    scrollWidth: s.scrollWidth,
    topbar: one('.topbar'), table: one('#table'), felt: one('#felt'), panel: one('.panel'),
    hand: one('#hand'), trick: one('#trick'), summary: one('#summary'), last: one('#last'),
    seatNames: all('#seats .seat-name'), played: all('#trick li'),
    cards: all('#hand button.card'), choices: all('#controls button, #controls select, #controls input'),
  };
}"""

TABLE_CONTROLS = (
    ".topbar :is(button, select, input), #table :is(button, select, input), .side :is(button, select, input, summary)"
)
DIALOG_CONTROLS = "#newgame :is(button, select, input, summary)"

# Every visible control (outside the hand) whose box is smaller than the
# minimum; a box to tick counts with its label, which ticks it too.
SMALL_CONTROLS = """([min, selector]) => {
  const out = [];
  for (const e of document.querySelectorAll(selector)) {
    if (e.closest('#hand, .visually-hidden') || !e.getClientRects().length) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    let r = e.getBoundingClientRect();
    const label = e.type === 'checkbox' || e.type === 'radio' ? document.querySelector(`label[for="${e.id}"]`) : null;
    if (label) {
      const l = label.getBoundingClientRect();
      const [left, top] = [Math.min(r.left, l.left), Math.min(r.top, l.top)];
      r = { width: Math.max(r.right, l.right) - left, height: Math.max(r.bottom, l.bottom) - top };
    }
    if (r.width < min - 0.01 || r.height < min - 0.01) {
      out.push(`${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30)}": `
               + `${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
    }
  }
  return out;
}"""

# For each card of the hand: the part of it that a tap reaches (sampled every
# pixel with elementFromPoint), and the widest upright rectangle of the given
# height inside that part, with its centre relative to the card's box.
TAP_AREAS = """(cards, height) => cards.map((card) => {
  const r = card.getBoundingClientRect();
  const x0 = Math.max(0, Math.ceil(r.left)), y0 = Math.max(0, Math.ceil(r.top));
  const x1 = Math.min(innerWidth, Math.floor(r.right)), y1 = Math.min(innerHeight, Math.floor(r.bottom));
  const cols = Math.max(0, x1 - x0), rows = Math.max(0, y1 - y0);
  // runs[c][y]: how many pixels down from row y in column c the card is hit without a break
  const hit = [];
  for (let c = 0; c < cols; c++) {
    const col = new Uint16Array(rows + 1);
    for (let y = rows - 1; y >= 0; y--) {
      const e = document.elementFromPoint(x0 + c + 0.5, y0 + y + 0.5);
      col[y] = e && e.closest('button') === card ? col[y + 1] + 1 : 0;
    }
    hit.push(col);
  }
  let best = { width: 0, x: 0, y: 0 };
  for (let y = 0; y + height <= rows; y++) {
    let run = 0;
    for (let c = 0; c < cols; c++) {
      run = hit[c][y] >= height ? run + 1 : 0;
      if (run > best.width) best = { width: run, x: x0 + c - run / 2 + 1 - r.left, y: y0 + y + height / 2 - r.top };
    }
  }
  return { name: card.getAttribute('aria-label'), cardWidth: r.width, cardHeight: r.height, ...best };
})"""


@pytest.fixture(scope="module")
def chromium(playwright):
    """A browser of this module's own: contexts with touch need a browser, not
    the shared persistent context."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(params=list(SIZES))
def sized(request, chromium):
    """(size name, a tab of that size); the context is fresh, so is its storage."""
    context = chromium.new_context(service_workers="block", device_scale_factor=1, **SIZES[request.param])
    tab = logged(context.new_page())
    yield request.param, tab
    context.close()


def overlap(a: dict, b: dict, slack: float = 0.5) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > slack
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > slack
    )


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["top"] >= outer["top"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def check_layout(page: Page, where: str) -> dict:
    """Assert the layout facts of the table as it stands; return its boxes."""
    expect(page.locator("#hand button.card").first).to_be_visible()
    page.evaluate(SETTLED)
    b = page.evaluate(BOXES)
    screen = {"left": 0, "top": 0, "right": b["width"], "bottom": b["height"]}
    assert b["scrollX"] == 0 and b["scrollY"] == 0, f"{where}: the page scrolled: {b['scrollX']}, {b['scrollY']}"
    assert b["scrollWidth"] <= b["width"], f"{where}: the page is wider than the screen: {b['scrollWidth']}"
    # The whole table in the first screen.
    parts = [b["topbar"], b["table"], b["felt"], b["hand"], b["trick"], *b["seatNames"], *b["played"]]
    parts += b["cards"] + b["choices"]
    outside = [p["name"] for p in parts if not inside(p, screen)]
    assert not outside, f"{where}: outside the screen {b['width']} x {b['height']}: {outside}; table {b['table']}"
    # Nothing on what it should not cover.
    names = b["seatNames"]
    for i, a in enumerate(names):
        for other in names[i + 1 :]:
            assert not overlap(a, other), f"{where}: seat names overlap: {a} {other}"
        for card in b["played"]:
            assert not overlap(a, card), f"{where}: a played card covers a seat name: {card} {a}"
    for card in b["cards"]:
        assert card["top"] >= b["felt"]["bottom"] - 0.5, f"{where}: a card of the hand on the felt: {card}"
        for choice in b["choices"]:
            assert not overlap(card, choice), f"{where}: a card of the hand on a choice: {card} {choice}"
    assert b["panel"]["top"] >= b["felt"]["bottom"] - 0.5, f"{where}: the turn line on the felt"
    # Controls big enough to tap.
    small = page.evaluate(SMALL_CONTROLS, [TAP, TABLE_CONTROLS])
    assert not small, f"{where}: controls under {TAP} x {TAP} px: {small}"
    areas = hand_cards(page).evaluate_all(TAP_AREAS, TAP)
    narrow = [a for a in areas if a["width"] < STRIP or a["cardWidth"] < TAP - 0.01 or a["cardHeight"] < TAP - 0.01]
    assert not narrow, f"{where}: cards without a {STRIP} x {TAP} px part to tap: {narrow}"
    return b


def check_summary(page: Page, where: str) -> None:
    """The hand summary: inside the felt and the screen, all of it shown."""
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    page.evaluate(SETTLED)
    b = page.evaluate(BOXES)
    screen = {"left": 0, "top": 0, "right": b["width"], "bottom": b["height"]}
    assert inside(b["summary"], b["felt"]) and inside(b["summary"], screen), f"{where}: {b['summary']}"
    assert summary.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1"), f"{where}: the summary scrolls"
    button = summary.locator("button.primary")
    expect(button).to_be_in_viewport(ratio=1)
    assert page.evaluate(SMALL_CONTROLS, [TAP, TABLE_CONTROLS]) == [], where


def shot(page: Page, artifacts, size: str, name: str) -> None:
    page.screenshot(path=artifacts / f"layout-{size}-{name}.png")


def tap(page: Page, target: Locator) -> None:
    """Tap the middle of the part of ``target`` (a card) that no other card covers.

    Playwright holds a button marked aria-disabled as not enabled and will not
    tap it; a card that cannot be played is tapped on the screen instead."""
    page.evaluate(SETTLED)
    area = target.evaluate(f"(card) => ({TAP_AREAS})([card], {TAP})[0]")
    assert area["width"] >= STRIP, area
    if target.get_attribute("aria-disabled") == "true":
        box = target.bounding_box()
        page.touchscreen.tap(box["x"] + area["x"], box["y"] + area["y"])
    else:
        target.tap(position={"x": area["x"], "y": area["y"]})


def test_hearts_fits_at_every_size(sized, base_url, artifacts):
    size, page = sized
    open_table(page, base_url, HEARTS)
    assert wait_turn(page) == "pass"
    check_layout(page, f"{size}, the pass")
    shot(page, artifacts, size, "hearts-pass")
    names = pass_cards(page)
    assert len(names) == 3
    assert wait_turn(page) == "play"
    check_layout(page, f"{size}, play")
    shot(page, artifacts, size, "hearts-play")
    play_hand(page, after=step(page) - 1)
    check_summary(page, f"{size}, the hand summary")
    shot(page, artifacts, size, "hearts-summary")
    check_clean(page, base_url)


def test_spades_fits_at_every_size(sized, base_url, artifacts):
    size, page = sized
    open_table(page, base_url, SPADES)
    assert wait_turn(page) == "bid"
    check_layout(page, f"{size}, bidding")
    shot(page, artifacts, size, "spades-bid")
    last = step(page)
    default_bid(page)
    while (what := wait_turn(page, last)) == "bid":
        last = step(page)
        default_bid(page)
    assert what == "play"
    check_layout(page, f"{size}, Spades play")
    shot(page, artifacts, size, "spades-play")
    # A few tricks on: cards on the table, bids and tricks on the seats.
    for _ in range(4):
        last = step(page)
        play_first_playable(page)
        assert wait_turn(page, last) == "play"
    check_layout(page, f"{size}, Spades, the fifth trick")
    shot(page, artifacts, size, "spades-trick5")
    check_clean(page, base_url)


def test_new_game_dialog_fits_at_every_size(sized, base_url, artifacts):
    """The New game dialog: no wider than the screen, its controls big enough
    (a box to tick with its label), Start game always in sight."""
    size, page = sized
    open_table(page, base_url, HEARTS)
    wait_turn(page)
    page.locator(".topbar").get_by_role("button", name="New game").click()
    dialog = page.locator("#newgame")
    expect(dialog).to_be_visible()
    b = page.evaluate(BOXES)
    assert b["scrollWidth"] <= b["width"], f"{size}: the page is wider than the screen"
    expect(dialog).to_be_in_viewport(ratio=1)
    assert dialog.evaluate("(e) => e.scrollWidth <= e.clientWidth"), f"{size}: the dialog scrolls sideways"
    expect(dialog.get_by_role("button", name="Start game")).to_be_in_viewport(ratio=1)
    small = page.evaluate(SMALL_CONTROLS, [TAP, DIALOG_CONTROLS])
    assert not small, f"{size}, New game: controls under {TAP} x {TAP} px: {small}"
    shot(page, artifacts, size, "newgame")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    check_clean(page, base_url)


def test_phone_plays_a_hand_by_taps(chromium, base_url, artifacts):
    context = chromium.new_context(service_workers="block", device_scale_factor=1, **SIZES["phone"])
    page = logged(context.new_page())
    try:
        open_table(page, base_url, HEARTS)
        assert wait_turn(page) == "pass"
        prompt = page.locator("#prompt").inner_text()
        count = int(re.search(r"Choose (\d+) card", prompt).group(1))
        for i in range(count):
            card = hand_cards(page).nth(i * 4)
            tap(page, card)
            expect(card).to_have_attribute("aria-pressed", "true")
        check_layout(page, "phone, three cards picked")
        # A card picked to pass stands out of the hand: raised over the
        # cards left in it (its top above theirs), not only ringed.
        tops = page.evaluate("""() => [...document.querySelectorAll('#hand button.card')].map(
            (c) => [c.getAttribute('aria-pressed') === 'true', c.getBoundingClientRect().top])""")
        picked = [top for chosen, top in tops if chosen]
        kept = [top for chosen, top in tops if not chosen]
        assert len(picked) == count and max(picked) < min(kept) - 4, f"picked cards not raised: {tops}"
        # A ring of focus is for the keyboard: the tapped card draws none.
        ring = page.evaluate("""() => { const e = document.activeElement;
            return e && e !== document.body ? getComputedStyle(e).outlineStyle : 'none'; }""")
        assert ring == "none", f"a tap drew a focus ring ({ring})"
        shot(page, artifacts, "phone", "hearts-picked")
        before = step(page)
        page.locator("#controls").get_by_role("button", name=re.compile(r"^Pass \d+ cards?")).tap()
        last = before
        played = 0
        told = False  # a card that cannot be played was tapped
        while (what := wait_turn(page, last)) != "next":
            last = step(page)
            if what == "moon":
                page.locator("#controls button.primary").tap()
                continue
            assert what == "play", what
            if played == 1:
                # The first trick is over: look at it.
                last_btn = page.locator(".topbar").get_by_role("button", name="Last trick")
                expect(last_btn).to_have_attribute("aria-disabled", "false")
                last_btn.tap()
                expect(page.locator("#last li")).to_have_count(4)
                assert page.evaluate(SMALL_CONTROLS, [TAP, TABLE_CONTROLS]) == []
                expect(page.locator("#last")).to_be_in_viewport(ratio=1)
                shot(page, artifacts, "phone", "hearts-last-trick")
                page.locator("#last").get_by_role("button", name="Close").tap()
                expect(page.locator("#last")).to_be_hidden()
            check_layout(page, f"phone, card {played + 1}")
            if played == 0:
                shot(page, artifacts, "phone", "hearts-play")
            wrong = page.locator('#hand button.card[aria-disabled="true"]')
            if not told and wrong.count():
                # A tap on a card that cannot be played says why, and changes nothing.
                tap(page, wrong.first)
                expect(page.locator("#message")).to_be_visible()
                check_layout(page, "phone, the message why a card cannot be played")
                shot(page, artifacts, "phone", "hearts-message")
                page.locator("#message button.dismiss").tap()
                expect(page.locator("#message")).to_be_hidden()
                assert step(page) == last
                told = True
            if played == 3:
                shot(page, artifacts, "phone", "hearts-trick4")
            card = playable(page).first
            name = card.get_attribute("aria-label")
            tap(page, card)
            page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=last)
            expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
            played += 1
        assert played == 13
        assert told, "no turn had a card that cannot be played"
        check_summary(page, "phone, the hand summary")
        shot(page, artifacts, "phone", "hearts-summary")
        check_clean(page, base_url)
    finally:
        context.close()


def test_phone_seventeen_cards_in_two_rows(chromium, base_url, artifacts):
    """Hearts for three deals seventeen cards or more: on a phone they take
    two rows, so that each card keeps a part wide enough to tap."""
    context = chromium.new_context(service_workers="block", device_scale_factor=1, **SIZES["phone"])
    page = logged(context.new_page())
    try:
        open_table(page, base_url, "?game=hearts&players=3&preset=standard&speed=instant&seed=5")
        assert wait_turn(page) == "pass"
        cards = hand_cards(page)
        assert cards.count() >= 17
        rows = cards.evaluate_all("(els) => [...new Set(els.map((e) => e.offsetTop))]")
        assert len(rows) == 2, rows
        check_layout(page, "phone, Hearts for three, the pass")
        shot(page, artifacts, "phone", "hearts3-pass")
        count = int(re.search(r"Choose (\d+) card", page.locator("#prompt").inner_text()).group(1))
        total = cards.count()
        for i in range(count):
            card = cards.nth(total - 1 - 2 * i)  # from the second row
            tap(page, card)
            expect(card).to_have_attribute("aria-pressed", "true")
        check_layout(page, "phone, Hearts for three, cards picked")
        shot(page, artifacts, "phone", "hearts3-picked")
        before = step(page)
        page.locator("#controls").get_by_role("button", name=re.compile(r"^Pass \d+ cards?")).tap()
        assert wait_turn(page, before) == "play"
        check_layout(page, "phone, Hearts for three, play")
        shot(page, artifacts, "phone", "hearts3-play")
        last = step(page)
        tap(page, playable(page).first)
        page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=last)
        check_clean(page, base_url)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["es", "pt", "sv"])
def test_phone_fits_in_every_language(chromium, base_url, artifacts, lang):
    """Longer words (Spanish "Partida nueva", Swedish "Senaste sticket"): the
    phone's first screen still holds the whole table, with nothing to scroll."""
    context = chromium.new_context(service_workers="block", device_scale_factor=1, **SIZES["phone"])
    try:
        page = logged(context.new_page())
        open_table(page, base_url, HEARTS + f"&lang={lang}")
        assert wait_turn(page) == "pass"
        check_layout(page, f"phone in {lang}, the pass")
        shot(page, artifacts, "phone", f"hearts-pass-{lang}")
        check_clean(page, base_url)
    finally:
        context.close()


def test_phone_game_end_and_dialogs_in_view(chromium, base_url, artifacts):
    """On a phone, the end of an eight-player game (the longest table of
    scores) opens in view: its title, the winner, every seat's scores and
    its buttons, with nothing to scroll; Saves & stats and How to play open
    with their title in view, no wider than the screen."""
    context = chromium.new_context(service_workers="block", device_scale_factor=1, **SIZES["phone"])
    page = logged(context.new_page())
    try:
        open_table(page, base_url, "?game=hearts&players=8&preset=standard&speed=instant&seed=5&target=10")
        last = -1
        for _ in range(5):
            play_hand(page, after=last)
            last = step(page)
            if page.get_attribute("#table", "data-awaiting") == "over":
                break
            page.locator("#summary button.primary").tap()
        summary = page.locator("#summary")
        expect(summary).to_have_attribute("data-game-over", "true")
        check_summary(page, "phone, the game's end")
        for part in ("h2", ".summary-note", "table", "button.primary"):
            expect(summary.locator(part).first).to_be_in_viewport(ratio=1)
        rows = summary.locator("tr:has(th[scope='row'])")
        expect(rows).to_have_count(8)
        for i in range(8):
            expect(rows.nth(i)).to_be_in_viewport(ratio=1)
        shot(page, artifacts, "phone", "hearts8-game-over")

        for opener, dialog, title in (("#saves-btn", "#saves", "#saves-title"), ("#help-btn", "#help", "#help-title")):
            if opener == "#help-btn":  # in the side panel: on a phone, a sheet behind the top bar's three lines
                page.locator("#menu-btn").tap()
                page.locator(".side summary", has_text="Rules of this game").tap()
            page.locator(opener).tap()
            box = page.locator(dialog)
            expect(box).to_be_visible()
            expect(box.locator(title)).to_be_in_viewport(ratio=1)
            edges = box.evaluate("(e) => [e.getBoundingClientRect().left, e.getBoundingClientRect().right, innerWidth]")
            assert edges[0] >= -0.5 and edges[1] <= edges[2] + 0.5, f"{dialog}: {edges}"
            assert page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
            shot(page, artifacts, "phone", f"dialog-{dialog[1:]}")
            page.keyboard.press("Escape")
            expect(box).to_be_hidden()
        page.keyboard.press("Escape")  # the side panel's sheet
        expect(page.locator("#side-sheet")).to_be_hidden()
        check_clean(page, base_url)
    finally:
        context.close()
