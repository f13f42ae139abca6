"""The player of bench/first_visit.py: acts as soon as the page allows, up to its second card.

Not a bench of its own: bench/first_visit.py runs it from ready, in a page
whose init script records every click and every change of the table's
step (window.__firstVisit), and takes its marks.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))  # the table tests' helpers
from table_helpers import VISIBLE_POINT


def step_after(page, before: int, timeout: float) -> float:
    """When (the page's ms) the table's step first went past ``before`` after the last click."""
    page.wait_for_function(
        "(s) => Number(document.getElementById('table').dataset.step) > s", arg=before, timeout=timeout
    )
    return page.evaluate(
        """(s) => { const b = window.__firstVisit, click = b.clicks[b.clicks.length - 1];
            return b.steps.find(([t, n]) => t > click && n > s)[0]; }""",
        before,
    )


def count_is(page, selector: str, count: int, timeout: float) -> None:
    """Wait, looking at every frame, until ``count`` elements match ``selector``.

    Not Playwright's expect(), which looks again after 100, 250, 500 and
    1,000 ms: the player would see the hint up to a second after the page
    showed it, and the figure would count that second.
    """
    page.wait_for_function(
        "([s, n]) => document.querySelectorAll(s).length === n", arg=[selector, count], polling="raf", timeout=timeout
    )


# The point where a click lands on the first element of a selector that is
# there, not animating, and not covered (tests/browser/table_helpers.py's
# VISIBLE_POINT, as its click finds it), or null: polled at every frame by tap().
TAP_POINT = f"""(selector) => {{
  const point = {VISIBLE_POINT};
  for (const el of document.querySelectorAll(selector)) {{
    const at = point(el);
    if (at) return at;
  }}
  return null;
}}"""


def tap(page, selector: str, timeout: float) -> None:
    """Click the first element of ``selector`` that can be clicked, as soon as there is one.

    One look per frame in the page, then the mouse: not Playwright's
    locator clicks, whose checks (the element stable over two frames, the
    role looked up in the accessibility tree, expect()'s retries) took
    150-350 ms an action on the test machine, time the page had already
    given the player.
    """
    point = page.wait_for_function(TAP_POINT, arg=selector, polling="raf", timeout=timeout).json_value()
    page.mouse.click(*point)


AWAITING = "(w) => document.getElementById('table').dataset.awaiting === w"
STEP = "() => Number(document.getElementById('table').dataset.step)"
PLAYABLE = '#hand button.card[aria-disabled="false"]'
# The table waits for the player's card again, after step s.
TURN_AFTER = """(s) => { const t = document.getElementById('table');
  return t.dataset.awaiting === 'play' && Number(t.dataset.step) > s; }"""


def eager_player(page, timeout: float, marks: dict[str, float]) -> None:
    """Play seat 0 as a player who acts as soon as the page allows, up to its second card.

    A Hint and the pass (the three hinted cards, then Pass), a Hint, the
    hinted card and Undo, then cards: the first trick's card again and the
    second trick's. Notes in ``marks`` when each was on the table, in the
    page's ms, as it goes (a player stuck halfway keeps those it reached):
    pass, first_card, undo (the card back in the hand), first_card_again,
    second_card (the player's card of the second trick: the figure).
    """
    page.wait_for_function(AWAITING, arg="pass", polling="raf", timeout=timeout)
    tap(page, "#hint-btn", timeout)
    count_is(page, "#hand button.card.hinted", 3, timeout)
    for picked in range(1, 4):  # each seen picked before the next (a second click would put it back)
        tap(page, '#hand button.card.hinted:not([aria-pressed="true"])', timeout)
        count_is(page, '#hand button.card.hinted[aria-pressed="true"]', picked, timeout)
    before = page.evaluate(STEP)
    tap(page, '#controls button[data-cmd="pass"][aria-disabled="false"]', timeout)
    marks["pass"] = step_after(page, before, timeout)
    page.wait_for_function(AWAITING, arg="play", polling="raf", timeout=timeout)
    before, cards = page.evaluate(STEP), page.locator("#hand button.card").count()
    tap(page, "#hint-btn", timeout)
    count_is(page, "#hand button.card.hinted", 1, timeout)
    tap(page, "#hand button.card.hinted", timeout)
    marks["first_card"] = step_after(page, before, timeout)
    page.wait_for_function(TURN_AFTER, arg=before, polling="raf", timeout=timeout)
    tap(page, '#undo-btn[aria-disabled="false"]', timeout)
    count_is(page, "#hand button.card", cards, timeout)
    marks["undo"] = page.evaluate("() => performance.now()")
    page.wait_for_function(AWAITING, arg="play", polling="raf", timeout=timeout)
    before = page.evaluate(STEP)
    tap(page, PLAYABLE, timeout)
    marks["first_card_again"] = step_after(page, before, timeout)
    page.wait_for_function(TURN_AFTER, arg=before, polling="raf", timeout=timeout)
    before = page.evaluate(STEP)
    tap(page, PLAYABLE, timeout)
    marks["second_card"] = step_after(page, before, timeout)
