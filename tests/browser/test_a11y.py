"""Everyone can play: the axe-core audit in every phase of the table, a
whole game by keyboard alone, the screen reader's live region, the
four-colour deck and reduced motion.

axe-core comes from npm (package.json's devDependencies) and is put into
the page by Playwright in these tests only: the page never loads it, and
the build leaves it out. The tests use the server without a CSP (base_url),
which would refuse the injected script.
"""

import re
from pathlib import Path

from playwright.sync_api import expect
from table_helpers import (
    check_clean,
    open_dialog,
    open_table,
    pass_cards,
    play_hand,
    step,
    wait_turn,
)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}

# Every rule of axe-core (WCAG 2.0 to 2.2 A and AA, and best practices);
# a test fails on any violation of serious or critical impact.
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + n.failureSummary.replace(/\\s+/g, " ")),
  }));
}"""


def audit(page, phase: str) -> None:
    """Run axe-core on the page as it stands; fail on serious or critical violations."""
    assert AXE.is_file(), "axe-core is missing: run npm ci"
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate(RUN_AXE)
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    report = "\n".join(f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in bad)
    assert not bad, f"axe-core, {phase}:\n{report}"


# axe-core cannot measure text over a gradient (the felt), so this does:
# every visible text on the table, on its backgrounds composited down to the
# felt's lightest colour; AA asks 4.5:1, or 3:1 for large text.
LOW_CONTRAST = """() => {
  const rgba = (s) => {
    const m = s.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.trim().slice(i, i + 2), 16)).concat([1]);
  const over = (top, bottom) => top.slice(0, 3).map((v, i) => v * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const felt = hex(getComputedStyle(document.documentElement).getPropertyValue("--felt"));
  const page = rgba(getComputedStyle(document.documentElement).backgroundColor);
  const bad = [];
  for (const el of document.querySelectorAll("#table *, .topbar *, .side *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    if (el.closest(".card, .visually-hidden, [aria-disabled=true], option")) continue;
    const layers = [];
    let base = page, opacity = 1;
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      opacity *= Number(cs.opacity);
      if (cs.backgroundImage !== "none" && e.id === "felt") { base = felt; break; }
      const c = rgba(cs.backgroundColor);
      if (c[3] >= 1) { base = c; break; }
      if (c[3] > 0) layers.push(c);
    }
    let bg = base;
    for (const layer of layers.reverse()) bg = over(layer, bg);
    const cs = getComputedStyle(el);
    const fg = rgba(cs.color);
    const colour = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const size = parseFloat(cs.fontSize), large = size >= 24 || (Number(cs.fontWeight) >= 700 && size >= 18.66);
    const r = ratio(colour, bg);
    const what = `${el.className || el.tagName} "${el.textContent.trim().slice(0, 30)}"`;
    if (r < (large ? 3 : 4.5)) bad.push(`${what}: ${r.toFixed(2)}`);
  }
  return bad;
}"""


def check_contrast(page, phase: str) -> None:
    bad = page.evaluate(LOW_CONTRAST)
    assert not bad, f"text below AA contrast, {phase}: {bad}"


# Every suit colour on a card, and on a card dimmed as unplayable
# (brightness 0.72, which axe-core cannot see through): [plain, dimmed] ratios.
CARD_CONTRAST = """() => {
  const rgb = (s) => s.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const out = {};
  for (const suit of ['C', 'D', 'H', 'S']) {
    const card = document.querySelector('#hand .card.suit-' + suit);
    if (!card) continue;
    const style = getComputedStyle(card);
    const fg = rgb(style.color), bg = rgb(style.backgroundColor);
    const dim = (c) => c.map((v) => v * 0.72);  // the unplayable cards' brightness(0.72)
    out[suit] = [ratio(fg, bg), ratio(dim(fg), dim(bg))];
  }
  return out;
}"""


def check_card_contrast(page, deck: str) -> None:
    ratios = page.evaluate(CARD_CONTRAST)
    assert len(ratios) >= 3
    for suit, (plain, dimmed) in ratios.items():
        assert plain >= 4.5 and dimmed >= 4.5, (deck, suit, plain, dimmed)


# The focus ring of the focused element against the surface around it (the
# first opaque background among its ancestors): AA asks 3:1 (WCAG 1.4.11).
FOCUS_RING = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const el = document.activeElement, cs = getComputedStyle(el);
  let surface = rgb(getComputedStyle(document.documentElement).backgroundColor);
  for (let e = el.parentElement; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] === 1) { surface = c; break; }
  }
  const [x, y] = [lum(rgb(cs.outlineColor)), lum(surface)].sort((p, q) => q - p);
  return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), ratio: (x + 0.05) / (y + 0.05),
           what: el.textContent.trim().slice(0, 30) || el.getAttribute("aria-label") };
}"""


def check_focus_ring(page) -> None:
    ring = page.evaluate(FOCUS_RING)
    assert ring["style"] != "none" and ring["width"] >= 2 and ring["ratio"] >= 3, ring


def announced(page) -> list[str]:
    """The sentences of the live region, oldest first."""
    return page.locator("#announcer p").all_inner_texts()


def focused(page, selector: str = "") -> bool:
    return page.evaluate("(s) => !!document.activeElement && !!document.activeElement.closest(s)", selector)


def focused_card(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
        return { card: e.matches('#hand button.card'), name: e.getAttribute('aria-label'),
                 playable: e.getAttribute('aria-disabled') === 'false', tabindex: e.getAttribute('tabindex'),
                 outline: getComputedStyle(e).outlineStyle }; }""")


def test_axe_in_every_phase_of_hearts(page, base_url):
    """The New game dialog, the pass, the play, the last trick, the hand summary."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=11")
    assert wait_turn(page) == "pass"
    audit(page, "Hearts pass")

    dialog = open_dialog(page)
    audit(page, "New game dialog")
    page.keyboard.press("Tab")
    check_focus_ring(page)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()

    pass_cards(page)
    assert wait_turn(page, step(page) - 1) == "play"
    audit(page, "Hearts play, the cards received")
    check_contrast(page, "Hearts play, the cards received")
    before = step(page)
    page.locator("#hand button.card[aria-disabled='false']").first.click()
    wait_turn(page, before)
    page.locator("#last-btn").click()
    expect(page.locator("#last")).to_be_visible()
    audit(page, "the last trick")
    check_contrast(page, "the last trick")
    page.locator("#last").get_by_role("button", name="Close").click()

    assert play_hand(page, after=step(page) - 1) > 0
    expect(page.locator("#summary")).to_be_visible()
    audit(page, "hand summary")
    check_contrast(page, "hand summary")
    check_clean(page, base_url)


def test_keyboard_alone_plays_a_game_to_its_end(page, base_url):
    """Pass, every trick and Play again with the keyboard only: the arrow
    keys move between the cards (one card in the tab order), Space picks a
    card to pass, Enter plays; the focus is always visible; then the game
    over summary passes the audit in the four-colour deck."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=11&target=1&deck=four")
    assert wait_turn(page) == "pass"
    # The table waits for you: the focus is in your hand, on one card in the tab order.
    expect(page.locator("#hand button.card[tabindex='0']")).to_have_count(1)
    assert focused(page, "#hand"), "the focus starts in the hand"
    page.keyboard.press("End")
    page.keyboard.press("Home")
    first = focused_card(page)
    assert first["card"] and first["tabindex"] == "0" and first["outline"] != "none"
    check_focus_ring(page)
    page.keyboard.press("ArrowRight")
    second = focused_card(page)
    assert second["name"] != first["name"] and second["tabindex"] == "0"
    assert page.locator("#hand button.card[tabindex='0']").count() == 1

    # A hand: three cards picked with Space (each a pressed toggle), then
    # Shift+Tab to Pass and Enter; every trick: Home, the arrow keys to a
    # playable card, Enter. A hand where nobody reaches the target (a moon
    # shot leaves the others at 0) ends with Next hand, Enter on its summary.
    what, last, hands = "pass", -1, 0
    while what != "over":
        if what == "pass":
            page.keyboard.press("Home")
            for _ in range(3):
                page.keyboard.press("Space")
                page.keyboard.press("ArrowRight")
            expect(page.locator("#hand button.card[aria-pressed='true']")).to_have_count(3)
            for _ in range(4):
                page.keyboard.press("Shift+Tab")
                if page.evaluate("() => document.activeElement.textContent").startswith("Pass "):
                    break
            last = step(page)
            page.keyboard.press("Enter")
            what = wait_turn(page, last)
            last = step(page)
        played = 0
        while what == "play":
            assert focused(page, "#hand"), "the focus stays in the hand between turns"
            page.keyboard.press("Home")
            for _ in range(14):
                if focused_card(page)["playable"]:
                    break
                page.keyboard.press("ArrowRight")
            card = focused_card(page)
            assert card["playable"] and card["outline"] != "none", card
            page.keyboard.press("Enter")
            played += 1
            page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=last)
            what = wait_turn(page, last)
            last = step(page)
        assert played == 13 and what in ("next", "over"), (played, what)
        hands += 1
        if what == "next":
            expect(page.locator("#summary .primary")).to_be_focused()
            page.keyboard.press("Enter")
            what = wait_turn(page, last)
            last = step(page)
    assert hands >= 1

    # Game over: the summary's Play again has the focus.
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary .primary")).to_be_focused()
    check_focus_ring(page)
    expect(page.locator("#table")).to_have_class(re.compile(r"\bdeck-four\b"))
    audit(page, "game over, four-colour deck")
    check_contrast(page, "game over, four-colour deck")
    assert any(text.startswith("The game is over.") for text in announced(page))

    match = page.get_attribute("#table", "data-match")
    page.keyboard.press("Enter")
    page.wait_for_function("(m) => document.getElementById('table').dataset.match !== m", arg=match)
    assert wait_turn(page, -1) == "pass"
    expect(page.locator("#hand button.card[tabindex='0']")).to_be_focused()
    check_clean(page, base_url)


def test_a_press_across_a_redraw_is_not_lost(page, base_url):
    """A key held down while the hand is redrawn (here: a card picked by a
    click elsewhere in between) still picks its card when released: the
    cards that stay keep their buttons, so no press goes to a node that was
    thrown away."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=11")
    assert wait_turn(page) == "pass"
    cards = page.locator("#hand button.card")
    first, second = cards.nth(0), cards.nth(1)
    second.focus()
    kept = second.evaluate_handle("(node) => node")
    page.keyboard.down("Space")
    first.dispatch_event("click")  # the hand is redrawn with the first card picked
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.up("Space")
    expect(second).to_have_attribute("aria-pressed", "true")
    assert kept.evaluate("(node) => node.isConnected"), "the held button is still the one on the page"
    expect(page.locator("#hand button.card[aria-pressed='true']")).to_have_count(2)


def test_spades_on_a_phone_bids_by_keyboard_and_announces_the_game(page, base_url):
    """A phone: the bid audited and made by keyboard; the live region says
    every bid, every card played (who and which) and who takes the trick."""
    page.set_viewport_size(PHONE)
    open_table(page, base_url, "?game=spades&preset=partnership&speed=instant&seed=5")
    assert wait_turn(page) == "bid"
    audit(page, "Spades bidding on a phone")
    check_contrast(page, "Spades bidding on a phone")
    expect(page.locator("#announcer")).to_have_attribute("aria-live", "polite")
    texts = announced(page)
    assert texts[0] == "New game of Spades: 4 players, to 500 points."
    assert texts[-1] == "Your turn to bid."

    # The focus waits on the first bid; Tab goes on to the next ones, Enter bids.
    expect(page.locator("#controls button[aria-disabled='false']").first).to_be_focused()
    while page.evaluate("() => document.activeElement.textContent") != "2":
        page.keyboard.press("Tab")
    before = step(page)
    page.keyboard.press("Enter")
    assert wait_turn(page, before) == "play"
    audit(page, "Spades play on a phone")
    check_contrast(page, "Spades play on a phone")
    bids = [t for t in announced(page) if re.fullmatch(r"\w+ bids? (nil|blind nil|\d+)\.", t)]
    assert len(bids) == 4 and "You bid 2." in bids, bids

    # One trick: the sentences name each card of it, in order, and its winner.
    page.keyboard.press("Home")
    while page.evaluate("() => document.activeElement.getAttribute('aria-disabled')") != "false":
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("() => [...document.querySelectorAll('#announcer p')].some("
                           "(p) => / takes? the trick\\.$/.test(p.textContent))")
    page.locator("#last-btn").click()
    expect(page.locator("#last")).to_be_visible()
    cards = page.locator("#last .last-item").evaluate_all(
        "(items) => items.map((i) => [i.querySelector('.last-seat').textContent,"
        " i.querySelector('.card').getAttribute('aria-label')])")
    winner = page.locator("#last h2").inner_text().removeprefix("Last trick, won by ")
    texts = announced(page)
    end = next(i for i, t in enumerate(texts) if re.search(r" takes? the trick\.$", t))
    plays = [t for t in texts[:end] if re.match(r"\w+ plays? the ", t)][-len(cards):]
    assert len(cards) == 4 and plays == [
        f"{who} {'play' if who == 'You' else 'plays'} the {name}." for who, name in cards
    ], texts
    assert texts[end] == ("You take the trick." if winner == "you" else f"{winner} takes the trick.")
    check_clean(page, base_url)


def test_four_colour_deck_and_reduced_motion(page, base_url):
    """The Card colours setting recolours clubs and diamonds, every suit
    with AA contrast in both decks; with reduced motion asked for, cards
    neither slide in nor lift slowly."""
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base_url, "?game=hearts&speed=instant&seed=3")
    wait_turn(page)
    colour = """(suit) => getComputedStyle(document.querySelector('#hand .card.suit-' + suit)).color"""
    assert page.evaluate(colour, "C") == "rgb(21, 21, 21)"
    assert page.evaluate(colour, "D") == "rgb(192, 20, 44)"
    check_card_contrast(page, "two colours")
    page.get_by_label("Card colours").select_option("four")
    expect(page.locator("#table")).to_have_class(re.compile(r"\bdeck-four\b"))
    assert page.evaluate(colour, "C") == "rgb(0, 112, 60)"
    assert page.evaluate(colour, "D") == "rgb(0, 80, 181)"
    assert page.evaluate(colour, "H") == "rgb(192, 20, 44)"
    check_card_contrast(page, "four colours")
    audit(page, "four-colour deck")

    motion = page.evaluate("""() => { const c = document.querySelector('#hand .card');
        return getComputedStyle(c).transitionDuration; }""")
    assert set(motion.replace(" ", "").split(",")) == {"0s"}, motion
    pass_cards(page)
    wait_turn(page, step(page) - 1)
    page.wait_for_selector("#trick .card.played", timeout=30_000)
    assert page.evaluate("() => getComputedStyle(document.querySelector('#trick .card.played')).animationName") \
        == "none"
    check_clean(page, base_url)


def test_the_hand_has_the_focus_once_the_table_is_ready(page, base_url):
    """The table is not rendered under the loading screen (assets/baza.css),
    where nothing can take the focus: still, once the table is up, the
    keyboard starts in the hand without a Tab."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    assert wait_turn(page) == "pass"
    expect(page.locator("#hand button.card[tabindex='0']")).to_be_focused()
    page.keyboard.press("Enter")  # the focused card is chosen for the pass
    expect(page.locator("#hand button.card[aria-pressed='true']")).to_have_count(1)
    check_clean(page, base_url)


def test_a_dialog_reopened_by_a_saved_game_has_the_focus_once_ready(page, base_url):
    """The New game dialog left open comes back open after a reload; it was
    opened under the loading screen, where it could not take the focus, so
    it takes it once the page is shown, and Escape still closes it."""
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=5")
    dialog = open_dialog(page)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    expect(dialog).to_be_visible()
    assert page.evaluate("() => document.getElementById('newgame').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    check_clean(page, base_url)


def test_axe_on_a_phone_s_sheet_and_new_game_s_more_options(page, base_url):
    """The phone's sheet of scores and settings, and New game with its big
    buttons and More options unfolded: axe-clean, the focus ring seen on a
    big button."""
    page.set_viewport_size(PHONE)
    open_table(page, base_url, "?game=spades&preset=partnership&speed=instant&seed=5")
    wait_turn(page)
    page.locator("#menu-btn").click()
    expect(page.locator("#side-sheet")).to_be_visible()
    audit(page, "the phone's sheet of scores and settings")
    page.keyboard.press("Escape")
    expect(page.locator("#side-sheet")).to_be_hidden()
    expect(page.locator("#menu-btn")).to_be_focused()
    dialog = open_dialog(page)
    audit(page, "New game's big buttons")
    dialog.locator("[data-cmd=dialog-more]").click()
    expect(dialog.locator("#newgame-more")).to_be_visible()
    audit(page, "New game's More options")
    dialog.locator("#opt-game-spades").focus()
    page.keyboard.press("ArrowLeft")  # a radio group: the arrows choose
    expect(dialog.locator("#opt-game-hearts")).to_be_checked()
    check_focus_ring(page)
