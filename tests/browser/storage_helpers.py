"""Helpers for the saving tests (tests/browser/test_storage_*.py): the whole
visible table as data, a reload that keeps no time for the game to move in
between, and storage set before the page loads."""

from __future__ import annotations

import dataclasses
import json
import random

from playwright.sync_api import Page, expect
from table_helpers import READY_TIMEOUT_MS

# Everything a player sees on the table: every card's accessible name and
# state, the trick, the seats (names, bids, tricks, scores), whose turn, the
# controls, the score sheet, the summary and what is open. Returns null while
# the page is not ready.
SNAPSHOT = """() => {
  if (document.documentElement.dataset.ready !== 'true') return null;
  const t = document.getElementById('table');
  const all = (sel) => [...document.querySelectorAll(sel)];
  const text = (id) => { const e = document.getElementById(id); return e && !e.hidden ? e.innerText.trim() : ''; };
  return {
    phase: t.dataset.phase, awaiting: t.dataset.awaiting, step: t.dataset.step,
    title: text('title'),
    hand: all('#hand button.card').map((e) => [e.getAttribute('aria-label'), e.getAttribute('aria-disabled'),
      e.getAttribute('aria-pressed'), ['playable', 'selected', 'received'].filter((c) => e.classList.contains(c))]),
    faceDown: all('#hand .card.back').length,
    trick: all('#trick li').map((e) => e.getAttribute('aria-label')),
    trickLabel: text('trick'),
    seats: all('#seats .seat').map((e) => [e.getAttribute('aria-label'), e.innerText.trim(),
      e.getAttribute('aria-current')]),
    turn: text('turn'), notice: text('notice'),
    controls: all('#controls button').map((e) => [e.textContent, e.getAttribute('aria-disabled'),
      e.getAttribute('aria-pressed')]),
    prompt: text('prompt'),
    sheet: text('sheet'), summary: text('summary'), last: text('last'),
    newGameOpen: document.getElementById('newgame').open,
  };
}"""


def snapshot(page: Page) -> dict:
    return page.evaluate(SNAPSHOT)


def snapshot_when_ready(page: Page) -> dict:
    """The table in the first frame after the page is ready (before a slow
    computer player can move)."""
    return page.wait_for_function(SNAPSHOT, polling="raf", timeout=READY_TIMEOUT_MS).json_value()


def snapshot_and_reload(page: Page) -> tuple[dict, dict]:
    """The table just before a reload, and in the first frame after it."""
    before = snapshot(page)
    page.reload()
    after = snapshot_when_ready(page)
    return before, after


def wait_step_moves(page: Page, after: int) -> None:
    page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=after)


def set_storage(page: Page, base_url: str, items: dict[str, str]) -> None:
    """Put items into the origin's localStorage before the game loads (from
    another tab on a plain file of the site, whose favicon 404 is no concern
    of the page's log)."""
    tab = page.context.new_page()
    try:
        tab.goto(base_url + "files.json")
        tab.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                     "localStorage.setItem(k, v); }", items)
    finally:
        tab.close()


def storage(page: Page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def wait_ready(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)


def open_saves(page: Page):
    page.locator("#saves-btn").click()
    dialog = page.locator("#saves")
    expect(dialog).to_be_visible()
    return dialog


def stat_values(page: Page) -> dict[str, list[str]]:
    """The statistics table of the open Saves & stats dialog: label -> [Hearts, Spades]."""
    rows = page.locator("#saves table.stats tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [r.querySelector('th').textContent, "
        "[...r.querySelectorAll('td')].map((td) => td.textContent)])")
    return {label: values for label, values in rows}


def envelope(kind: str, data, version: int = 1) -> str:
    return json.dumps({"format": "baza-save", "version": version, "kind": kind, "engine": 1,
                       "saved": 1_700_000_000_000, "data": data})


def saved_position(game: str, preset_name: str, seed: int, stop, speed: str = "instant", **options):
    """The ``baza:match`` text of a match played by normal bots (every seat)
    to the first position where ``stop(match)`` holds, and the match."""
    from game.bots import choose
    from game.save import match_to_dict
    from game.state import new_match
    from ui.saves.data import settings_for_rules, settings_to_dict

    m = new_match(game, preset_name, seed=seed, **options)
    while not stop(m):
        assert m.phase != "game_over", "the position was never reached"
        if m.phase in ("cut", "deal", "hand_over"):
            m.apply(m.legal_actions()[0])
        else:
            m.apply(choose(m.view(m.to_act), "normal", random.Random(len(m.actions))))
    settings = dataclasses.replace(settings_for_rules(m.rules), speed=speed)
    data = {"match": match_to_dict(m), "settings": settings_to_dict(settings), "ui": {}, "id": f"test-{seed}",
            "link": "", "tab": "test"}
    return envelope("match", data), m
