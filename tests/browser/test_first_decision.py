"""The first decision comes without ceremony (issue 43): from the moment the
page is ready, and from Start game, the first card to pass or the first bid
can be chosen without waiting for a draw for the dealer or a slow deal.

A watcher installed before the page's own scripts notes, in the page's
clock, when <html data-ready> turns true, each phase the table shows, each
step of the match the table draws while the passes or bids go round, and
when the first enabled pass card or bid button appears. The test asserts
only that nothing came first: no cut for the dealer, and no pass or bid
of a computer player drawn on its own (each after its pause) before yours;
the seed makes you the dealer, so that the three others pass or bid
before you. The figures depend on the machine; it prints them and writes them to
test-artifacts/first-decision.json, and docs/PERFORMANCE.md quotes them:

    .venv/bin/python -m pytest tests/browser/test_first_decision.py -q -s -p no:cacheprovider
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from table_helpers import check_clean, open_dialog, open_table, start_game

# Notes the moments in window.__firstDecision (performance.now(), ms).
WATCH = """(() => {
  const notes = { ready: null, phases: [], cut: false, decision: null, waits: [] };
  window.__firstDecision = notes;
  const look = () => {
    const html = document.documentElement;
    if (notes.ready === null && html.dataset.ready === 'true') notes.ready = performance.now();
    const table = document.getElementById('table');
    if (!table) return;
    const phase = table.dataset.phase;
    if (phase && notes.phases[notes.phases.length - 1] !== phase) notes.phases.push(phase);
    const trick = document.getElementById('trick');
    if (phase === 'cut' || (trick && trick.dataset.kind === 'cut')) notes.cut = true;
    if (notes.decision === null && notes.ready !== null) {
      const pass = document.querySelector('#hand[data-mode="pass"] button.card[aria-disabled="false"]');
      const bid = document.querySelector('#controls [data-cmd="act"][aria-disabled="false"]');
      if (pass || bid) notes.decision = performance.now();
      // A step of the passes or bids drawn before yours could be made: a wait.
      else if ((phase === 'bid' || phase === 'pass') && !notes.waits.includes(table.dataset.step)) {
        notes.waits.push(table.dataset.step);
      }
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('DOMContentLoaded', look);
})();"""

RESET = """() => { const n = window.__firstDecision;
  n.ready = performance.now(); n.phases = []; n.cut = false; n.decision = null; n.waits = []; }"""


def decided(page) -> dict:
    page.wait_for_function("() => window.__firstDecision && window.__firstDecision.decision !== null",
                           timeout=30_000)
    return page.evaluate("() => window.__firstDecision")


@pytest.mark.parametrize("game", ["hearts", "spades"])
def test_no_ceremony_before_the_first_decision(page, base_url, artifacts, game):
    page.add_init_script(WATCH)
    open_table(page, base_url, f"?game={game}&seed=4&speed=normal")  # you deal: the three others go first
    first = decided(page)
    assert not first["cut"] and "cut" not in first["phases"], f"a cut was shown first: {first['phases']}"
    assert len(first["waits"]) <= 1, f"the others' passes or bids were drawn one by one first: steps {first['waits']}"
    # Start game from the New game dialog: the same again.
    dialog = open_dialog(page)
    expect(dialog).to_be_visible()
    page.evaluate(RESET)
    start_game(page)
    again = decided(page)
    assert not again["cut"] and "cut" not in again["phases"], f"a cut after Start game: {again['phases']}"
    assert len(again["waits"]) <= 1, f"after Start game, passes or bids drawn one by one first: {again['waits']}"
    figures = {"first visit, ms": round(first["decision"] - first["ready"]),
               "after Start game, ms": round(again["decision"] - again["ready"])}
    print(game, figures)
    out = artifacts / "first-decision.json"
    known = json.loads(out.read_text()) if out.exists() else {}
    known[game] = figures
    out.write_text(json.dumps(known, indent=1))
    check_clean(page, base_url)


def test_play_again_keeps_the_rules_and_deals_at_once(page, base_url):
    """Play again at the game's end: one tap, the same rules, the hand dealt."""
    page.add_init_script(WATCH)
    open_table(page, base_url, "?game=hearts&players=3&seed=4&speed=instant&target=1")
    page.wait_for_function("() => document.getElementById('table').dataset.awaiting === 'pass'")
    title = page.locator("#title").inner_text()
    for i in range(3):
        page.locator("#hand button.card").nth(i).click()
    page.locator("#controls [data-cmd=pass]").click()
    while page.get_attribute("#table", "data-awaiting") != "over":
        page.wait_for_function("() => ['play', 'next', 'over', 'moon'].includes("
                               "document.getElementById('table').dataset.awaiting)")
        what = page.get_attribute("#table", "data-awaiting")
        if what == "play":
            page.locator("#hand button.card[aria-disabled=false]").first.click()
        elif what in ("next", "moon"):
            page.locator("#summary .primary, #controls .primary").first.click()
        page.wait_for_timeout(50)
    summary = page.locator("#summary")
    # The final ranking: the scores' rows in the order of the places.
    expect(summary.locator("tr:has(td) th").first).to_have_attribute("data-place", "1")
    expect(summary.locator(".summary-record")).to_contain_text(re.compile(r"in \d+ games?"))
    page.evaluate(RESET)
    summary.get_by_role("button", name="Play again").click()
    again = decided(page)
    assert not again["cut"]
    assert page.locator("#title").inner_text() == title, "the same rules"
    check_clean(page, base_url)
