"""The player of bench/first_visit.py: acts as soon as the page allows, up to its second card.

Not a bench of its own: bench/first_visit.py adds ``PAGE_PLAYER`` to the
page as an init script, beside its own (window.__firstVisit, which records
every click and every change of the table's step), and reads the player's
marks with ``marks_of``.

The player lives in the page and looks at every frame (requestAnimationFrame)
for what it can click next; the moment there is one, it clicks it
(``element.click()``, which the page's click listener on the document takes
as a mouse's). An earlier player drove the browser from Python, with a look
and a mouse click per action through the DevTools protocol: on this
two-core machine those round trips cost it 50-150 ms an action, nine
actions a visit, time the page had already given the player; it also
waited for a card's 0.12 s lift to end before tapping it, which a finger
does not.

A click "can be made" when an element of the selector is in the document
and one point of it (a grid of points over it) reaches it through
``document.elementFromPoint``: not covered, not off the screen.
"""

from __future__ import annotations

import json

# What the player does (seat 0, Hearts at speed Instant), in order:
# a Hint and the pass (the three hinted cards, then Pass), a Hint, the
# hinted card and Undo, then cards: the first trick's card again and the
# second trick's. The marks, in the page's ms, as it goes (a player stuck
# halfway keeps those it reached):
#   pass              the table's step past the Pass click
#   first_card        the step past the hinted card's click
#   undo              the card back in the hand (the frame it was seen)
#   first_card_again  the step past the card played again
#   second_card       the step past the player's card of the second trick:
#                     THE figure
MARKS = ("pass", "first_card", "undo", "first_card_again", "second_card")

PAGE_PLAYER = """((timeoutMs) => {
  if (window.top !== window) return;
  const player = (window.__eagerPlayer = { marks: {}, error: null, done: false });
  const bench = () => window.__firstVisit;
  const table = () => document.getElementById("table");
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const until = async (test, what) => {
    const end = performance.now() + timeoutMs;
    for (;;) {
      const found = test();
      if (found) return found;
      if (performance.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
      await frame();
    }
  };
  const reachable = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      for (let fx = 0.05; fx < 1; fx += 0.05) {
        const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
        if (hit && hit.closest("button, [data-cmd]") === el) return true;
      }
    }
    return false;
  };
  const tap = async (selector) => {
    const el = await until(() => [...document.querySelectorAll(selector)].find(reachable), selector);
    const at = performance.now();
    el.click();
    return at;
  };
  const count = (selector, n) => until(() => document.querySelectorAll(selector).length === n, `${n} x ${selector}`);
  const awaiting = (what, after = -1) =>
    until(() => { const t = table(); return t && t.dataset.awaiting === what && Number(t.dataset.step) > after; },
          `the table awaiting ${what}`);
  const step = () => Number(table().dataset.step);
  // When the table's step first went past `before` after a click made at `at`.
  const stepAfter = (at, before) =>
    until(() => { const s = bench().steps.find(([t, n]) => t >= at && n > before); return s && s[0]; },
          "the next step");
  const PLAYABLE = '#hand button.card[aria-disabled="false"]';
  const play = async () => {
    await until(() => bench() && bench().ready !== null, "ready");
    await awaiting("pass");
    await tap("#hint-btn");
    await count("#hand button.card.hinted", 3);
    for (let picked = 1; picked <= 3; picked++) {  // each seen picked before the next (a second click undoes it)
      await tap('#hand button.card.hinted:not([aria-pressed="true"])');
      await count('#hand button.card.hinted[aria-pressed="true"]', picked);
    }
    let before = step();
    player.marks.pass = await stepAfter(await tap('#controls button[data-cmd="pass"][aria-disabled="false"]'), before);
    await awaiting("play");
    before = step();
    const cards = document.querySelectorAll("#hand button.card").length;
    await tap("#hint-btn");
    await count("#hand button.card.hinted", 1);
    player.marks.first_card = await stepAfter(await tap("#hand button.card.hinted"), before);
    await awaiting("play", before);
    await tap('#undo-btn[aria-disabled="false"]');
    await count("#hand button.card", cards);
    player.marks.undo = performance.now();
    await awaiting("play");
    before = step();
    player.marks.first_card_again = await stepAfter(await tap(PLAYABLE), before);
    await awaiting("play", before);
    before = step();
    player.marks.second_card = await stepAfter(await tap(PLAYABLE), before);
  };
  play().catch((error) => { player.error = String(error && error.message || error); })
        .finally(() => { player.done = true; });
})"""


def page_player(timeout_ms: float) -> str:
    """The init script of a player who gives up after ``timeout_ms`` on any one wait.

    >>> page_player(5000).endswith(")(5000)")
    True
    """
    return f"{PAGE_PLAYER}({json.dumps(timeout_ms)})"


def marks_of(page, timeout_ms: float) -> tuple[dict[str, float], str | None]:
    """Wait for the player to finish (or give up) and return its marks and its error, if any."""
    page.wait_for_function("() => window.__eagerPlayer && window.__eagerPlayer.done", timeout=timeout_ms, polling=100)
    player = page.evaluate("window.__eagerPlayer")
    return {name: player["marks"][name] for name in MARKS if name in player["marks"]}, player["error"]
