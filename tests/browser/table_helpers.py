"""Helpers for the table tests (tests/browser/test_table_*.py).

The page marks what it waits for on <main id="table">: ``data-awaiting``
(play, pass, bid, draw, moon, next, over, or empty while the computer
players act) and ``data-step`` (actions applied so far). A test waits for
the step to move past the one it saw before clicking, so it never acts on a
table that has not been redrawn yet.

Cards in a fanned hand overlap: :func:`click` clicks a point of the element
that is really on top there, as a person would, with the mouse.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

READY_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000

# A point of the element that the element itself would receive a click on;
# none while the element moves (a card rising as it becomes playable): the
# point is found here and clicked a round trip later, when it may be past.
VISIBLE_POINT = """(el) => {
  if (el.getAnimations().some((a) => a.playState === "running")) return null;
  const r = el.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    for (let fx = 0.05; fx < 1; fx += 0.05) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('button, [data-cmd]') === el) return [x, y];
    }
  }
  return null;
}"""


def open_table(page: Page, base_url: str, query: str = "") -> None:
    page.goto(base_url + query)
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)


def step(page: Page) -> int:
    return int(page.get_attribute("#table", "data-step") or 0)


def awaiting(page: Page) -> str:
    return page.get_attribute("#table", "data-awaiting") or ""


def wait_turn(page: Page, after: int = -1, timeout: int = TURN_TIMEOUT_MS) -> str:
    """Wait until the table waits for the human (after step ``after``); return what for."""
    try:
        # The answer is read in the same moment as the condition: a second read
        # could see the table already moved on (a restored match catching up).
        found = page.wait_for_function(
            """(after) => {
                const t = document.getElementById('table');
                return t.dataset.awaiting && Number(t.dataset.step) > after ? t.dataset.awaiting : false;
            }""",
            arg=after,
            timeout=timeout,
        )
    except PlaywrightTimeout:
        state = page.evaluate(
            """() => { const t = document.getElementById('table');
                return [t.dataset.phase, t.dataset.awaiting, t.dataset.step,
                        document.getElementById('turn').textContent,
                        document.getElementById('message').textContent]; }"""
        )
        raise AssertionError(f"the table did not turn to us after step {after}: {state}") from None
    return str(found.json_value())


def click(page: Page, target: Locator) -> None:
    """Click ``target`` with the mouse where it is visible (cards overlap)."""
    target.scroll_into_view_if_needed()
    for _ in range(20):
        point = target.evaluate(VISIBLE_POINT)
        if point:
            page.mouse.click(*point)
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"no visible point to click on {target}")


def hand_cards(page: Page) -> Locator:
    return page.locator("#hand button.card")


def card_names(page: Page) -> list[str]:
    return hand_cards(page).evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")


def playable(page: Page) -> Locator:
    return page.locator('#hand button.card[aria-disabled="false"]')


def unplayable(page: Page) -> Locator:
    return page.locator('#hand button.card[aria-disabled="true"]')


def trick_names(page: Page) -> list[str]:
    return page.locator("#trick li").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")


def pass_cards(page: Page, names: list[str] | None = None) -> list[str]:
    """Choose cards to pass (the first ones, or ``names``) and pass them.

    Returns [] when the table has moved past your pass meanwhile (a restored
    match catching up), so that a caller waiting for its turn looks again."""
    page.wait_for_function(
        """() => /Choose \\d+ card/.test((document.getElementById('prompt') || {}).textContent || '')
                 || document.getElementById('table').dataset.awaiting !== 'pass'""",
        timeout=TURN_TIMEOUT_MS,
    )
    if awaiting(page) != "pass":
        return []
    prompt = page.locator("#prompt").inner_text()
    count = int(re.search(r"Choose (\d+) card", prompt).group(1))
    names = names or card_names(page)[:count]
    for name in names:
        card = page.get_by_role("button", name=name, exact=True).first
        click(page, card)
        expect(card).to_have_attribute("aria-pressed", "true")
    before = step(page)
    page.locator("#controls").get_by_role("button", name=re.compile(r"^Pass \d+ cards?")).click()
    page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=before)
    return names


def play_first_playable(page: Page) -> str:
    card = playable(page).first
    name = card.get_attribute("aria-label")
    click(page, card)
    return name


def play_first_card(page: Page) -> str:
    """From a new hand: pass or bid as asked, then play our first card, and
    see it leave the hand. Returns its name."""
    last = -1
    while (what := wait_turn(page, last)) != "play":
        last = step(page)
        if what == "pass":
            pass_cards(page)
        elif what == "bid":
            default_bid(page)
        else:
            raise AssertionError(f"unexpected state {what!r} before the first card")
    card = play_first_playable(page)
    expect(page.get_by_role("button", name=card, exact=True)).to_have_count(0)
    return card


def play_hand(page: Page, on_turn=None, bid=None, after: int = -1) -> int:
    """Play until the hand summary: the first playable card each turn.

    ``on_turn(page)`` runs at each of our turns before the card is played;
    ``bid(page)`` answers a bid (default: the lowest enabled number);
    ``after``: the step the table stood at before the hand began.
    Returns the number of cards we played.
    """
    played = 0
    last = after
    while True:
        what = wait_turn(page, last)
        last = step(page)
        if what in ("next", "over"):
            return played
        if what == "play":
            if on_turn:
                on_turn(page)
            play_first_playable(page)
            played += 1
        elif what == "pass":
            pass_cards(page)
        elif what == "bid":
            (bid or default_bid)(page)
        elif what == "draw":
            page.locator("#controls").get_by_role("button", name="Keep it").click()
        elif what == "moon":
            page.locator("#controls button.primary").click()
        else:
            raise AssertionError(f"unexpected state {what!r}")


def default_bid(page: Page) -> None:
    controls = page.locator("#controls")
    blind = controls.get_by_role("button", name="Look at my cards")
    if blind.count():
        blind.click()
        page.wait_for_function("() => !document.querySelector('#controls [data-cmd=act][data-arg=\"198\"]')")
    numbers = controls.locator('.choices-number button[aria-disabled="false"][data-cmd="act"]')
    numbers.and_(page.locator(':not([data-arg="200"])')).first.click()  # the lowest number, not nil


def summary_points(page: Page) -> dict[str, int]:
    """The 'Points' column of the hand summary, by player or side."""
    rows = page.locator("#summary table tr").evaluate_all(
        """(rows) => rows.filter((r) => r.querySelector('td')).map((r) =>
            [r.querySelector('th').textContent, r.querySelectorAll('td')[1].textContent])"""
    )
    return {name: int(points.replace("−", "-").replace("+", "")) for name, points in rows}


def open_dialog(page: Page) -> Locator:
    page.locator(".topbar").get_by_role("button", name="New game").click()
    dialog = page.locator("#newgame")
    expect(dialog).to_be_visible()
    return dialog


def set_field(page: Page, label: str, value: str | bool) -> None:
    """Set a New game dialog field by its label (each change redraws the
    dialog): a choice among big buttons (the game, the preset, the players)
    by its button, any other field after unfolding More options if need be."""
    dialog = page.locator("#newgame")
    tiles = dialog.get_by_role("radiogroup", name=label, exact=True)
    if tiles.count():
        tiles.locator("label.tile", has=page.locator(f'input[value="{value}"]')).click()
        chosen = dialog.get_by_role("radiogroup", name=label, exact=True).locator(f'input[value="{value}"]')
        expect(chosen).to_be_checked()
        return
    more = dialog.get_by_role("button", name=re.compile("^More options"))
    if more.get_attribute("aria-expanded") == "false":
        more.click()
        expect(more).to_have_attribute("aria-expanded", "true")
    options = page.locator("#newgame-more")
    field = options.get_by_label(label, exact=True)
    if isinstance(value, bool):
        field.set_checked(value)
        expect(options.get_by_label(label, exact=True)).to_be_checked(checked=value)
    elif field.evaluate("(e) => e.tagName") == "SELECT":
        field.select_option(value)
        expect(options.get_by_label(label, exact=True)).to_have_value(value)
    else:
        field.fill(value)
        field.press("Tab")  # a number field reports its change on leaving it
        expect(options.get_by_label(label, exact=True)).to_have_value(value)


def start_game(page: Page) -> None:
    """Press Start game and wait until the new match is on the table."""
    before = page.get_attribute("#table", "data-match")
    page.locator("#newgame").get_by_role("button", name="Start game").click()
    expect(page.locator("#newgame")).to_be_hidden()
    page.wait_for_function("(m) => document.getElementById('table').dataset.match !== m", arg=before)


def rules_panel(page: Page) -> dict[str, str]:
    items = page.locator("#rules").evaluate(
        """(dl) => { const out = {}; const dts = dl.querySelectorAll('dt');
            dts.forEach((dt) => { out[dt.textContent] = dt.nextElementSibling.textContent; }); return out; }"""
    )
    return items


def check_clean(page: Page, base_url: str) -> None:
    """No console errors, no uncaught errors (Python's included), no other origin."""
    page.log.assert_same_origin(base_url)
    page.log.assert_no_errors()
    errors = page.locator(".py-error")  # PyScript shows uncaught Python errors on the page
    assert errors.count() == 0, errors.all_inner_texts()
