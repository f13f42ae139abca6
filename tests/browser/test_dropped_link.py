"""A new visitor's first hand on a weak link, and through a dropped one (issue 42).

A fresh profile opens the game through bench/throttle_proxy.py at 1.6
Mbit/s and 150 ms, as a phone on a poor mobile link would; what the page
fetches after ready (the cold part of Pyodide's wasm, the rest of the
standard library, the other languages, the offline copy) is then still on
its way while the player acts as soon as the page lets them: a Hint and the
pass, a Hint, a card and Undo, then every card of the hand.

  link reset at ready  the proxy resets every connection the moment the
                       table is ready, and every one after (a tunnel; the
                       browser still believes it is online): the hand plays
                       to its summary with no fatal error, no synchronous
                       request and no main-thread task over 200 ms; the
                       hand's review, a language switch and a new game
                       still answer; then, the browser offline too, a
                       reload shows the same game
  weak link only       the same hand with the link up: no synchronous
                       request, no task over 200 ms after ready

Chromium's own offline switch cannot show this: it does not stop a download
already in flight, where the proxy's reset does. The 200 ms is the issue's
own limit, the one time asserted here.

On the build of 808b73d the first card loaded pyodide.cold.wasm with a
synchronous XMLHttpRequest (a task of seconds on the weak link, Python's
fatal error on the dropped one) and no service worker was there for the
reload. A task over 200 ms after ready fails the test: the longest seen
here is 122 ms, with the machine busy with a benchmark beside it (it used
to fail only over 400 ms, while actions took up to 300 ms).
"""

from __future__ import annotations

import re

import pytest
from conftest import logged
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from storage_helpers import SNAPSHOT, snapshot
from table_helpers import click, hand_cards, open_dialog, pass_cards, play_hand, start_game, step, wait_turn
from throttle_proxy import ThrottleProxy

PLAY = "?game=hearts&preset=standard&speed=instant&seed=11"
MBIT, RTT_MS = 1.6, 150
READY_TIMEOUT_MS = 120_000  # about 11 s on an idle machine (docs/PERFORMANCE.md), far more on a busy one
LONGEST_TASK_MS = 200  # the limit for a main-thread task after ready
FATAL = re.compile(r"fatal[ _]error", re.IGNORECASE)

# Runs in the page before its scripts: when it became ready, every long task
# (PerformanceObserver "longtask", over 50 ms), and every synchronous
# XMLHttpRequest the page opens (the glue's readSync loads a part of the wasm
# that way when a function of it is called before it has arrived).
WATCH = """(() => {
  if (window.top !== window) return;
  const watch = (window.__link = { ready: null, tasks: [], syncRequests: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) watch.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, async) {
    if (arguments.length > 2 && !async) watch.syncRequests.push([Math.round(performance.now()), String(url)]);
    return open.apply(this, arguments);
  };
  const check = () => {
    const root = document.documentElement;
    if (watch.ready === null && root && root.dataset.ready === "true") watch.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
})();"""

# What of the table must come back over a reload: the same game, as it stood.
SAME_GAME = ("phase", "awaiting", "step", "title", "hand", "trick", "seats", "sheet", "summary")


@pytest.fixture
def weak_link(serve, dist):
    """weak_link(encoding, mbit, rtt_ms) -> the build served as build/serve.py's
    --encoding says (auto: its brotli copies; none: a host that compresses
    nothing) behind a proxy at that link, 1.6 Mbit/s and 150 ms unless given."""
    proxies = []

    def start(encoding: str = "auto", mbit: float = MBIT, rtt_ms: float = RTT_MS) -> ThrottleProxy:
        site = serve(dist, encoding=encoding)
        proxies.append(ThrottleProxy(site.server.server_address[1], mbit, rtt_ms).start())
        return proxies[-1]

    yield start
    for proxy in proxies:
        proxy.stop()


def eager_hand(page) -> None:
    """Play seat 0's first hand as a player acting as soon as the page allows:
    a Hint and the pass, a Hint, the hinted card and Undo, then every card."""
    assert wait_turn(page) == "pass"
    hint = page.get_by_role("button", name="Hint", exact=True)
    hint.click()
    hinted = page.locator("#hand button.card.hinted")
    expect(hinted).to_have_count(3)
    pass_cards(page, hinted.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))"))
    assert wait_turn(page, step(page) - 1) == "play"  # after the computer players' passes (and a lead)
    before, cards = step(page), hand_cards(page).count()
    hint.click()
    expect(hinted).to_have_count(1)
    click(page, hinted)
    wait_turn(page, before)
    page.locator("#undo-btn").click()
    expect(hand_cards(page)).to_have_count(cards)
    expect(page.locator("#message")).to_contain_text("Taken back")
    play_hand(page, after=before - 1)
    expect(page.locator("#summary")).to_be_visible()


def fatal_texts(page, messages: list[str]) -> list[str]:
    """Python's fatal error wherever it showed: the console, an uncaught error, the page's text."""
    found = [text for text in messages + page.log.page_errors if FATAL.search(text)]
    body = page.evaluate("() => document.body.innerText")
    return found + [line for line in body.splitlines() if FATAL.search(line)]


def after_ready(watch: dict) -> list[float]:
    """The part after ready of every long task that ended after it, in ms."""
    ready = watch["ready"]
    return [start + duration - max(start, ready) for start, duration in watch["tasks"] if start + duration > ready]


@pytest.mark.parametrize(
    ("cut", "encoding", "link"),
    [
        (True, "auto", (MBIT, RTT_MS)),
        (False, "auto", (MBIT, RTT_MS)),
        (True, "none", (MBIT, RTT_MS)),
        (True, "auto", (10, 40)),
    ],
    ids=[
        "link-reset-at-ready",
        "weak-link-only",
        "link-reset-at-ready-host-compresses-nothing",
        "10-mbit-link-reset-at-ready",
    ],
)
def test_the_first_hand_plays_on_a_weak_link_even_when_it_drops_at_ready(fresh_browser, weak_link, cut, encoding, link):
    """On a host that compresses nothing the wasm and zips come as the
    build's xz copies (assets/packed.js): the cut must find nothing
    half-taken that a game action needs, and the offline copy complete.
    At 10 Mbit/s and 40 ms the cut comes with less of the later downloads
    in: the same must hold."""
    fresh_browser.add_init_script(WATCH)
    page = logged(fresh_browser.new_page())
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    link = weak_link(encoding, *link)
    page.goto(link.url + PLAY, wait_until="commit")
    page.wait_for_function("() => window.__link && window.__link.ready !== null", polling=20, timeout=READY_TIMEOUT_MS)
    if cut:
        link.set_state("reset")  # and down it stays
    problems = []
    try:
        eager_hand(page)
    except (AssertionError, PlaywrightError) as error:  # the page stopped answering: say what else went wrong
        problems.append(f"the first hand did not play to its summary: {str(error).splitlines()[0]}")
    watch = page.evaluate("() => window.__link")
    cold = page.evaluate("() => globalThis.bazaStart && globalThis.bazaStart.cold")
    if watch["syncRequests"]:
        problems.append(f"synchronous requests (ms, URL): {watch['syncRequests']} (bazaStart.cold: {cold!r})")
    if fatal := fatal_texts(page, messages):
        problems.append(f"fatal error: {[text.splitlines()[0][:200] for text in fatal[:4]]}")
    longest = max(after_ready(watch), default=0)
    if cut and not problems:
        problems += still_answers(page)
    if cut:
        problems += reload_offline(fresh_browser, page)
    # Each game action is a task of Python (the engine, the bots at speed
    # Instant) and the redraw, none waiting for the network: 70-150 ms on
    # this shared two-core machine in bench/first_visit.py's runs
    # (docs/PERFORMANCE.md).
    if longest > LONGEST_TASK_MS:
        problems.append(f"a main-thread task of {longest:.0f} ms after ready (limit {LONGEST_TASK_MS} ms)")
    assert not problems, "\n".join(problems)


def still_answers(page) -> list[str]:
    """With the link down since ready: the hand's review opens and closes, a
    language switch takes (its words stay English while its catalogue cannot
    arrive), and New game deals. What did not answer, if anything."""
    try:
        page.locator("#summary").get_by_role("button", name="Review hand").click()
        review = page.locator("dialog#review")
        expect(review.locator("h2")).to_have_text("Review of hand 1")
        review.get_by_role("button", name="Close").click()
        expect(review).to_be_hidden()
        page.select_option("#lang", "sv")
        expect(page.locator("html")).to_have_attribute("lang", "sv")
        page.select_option("#lang", "en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        open_dialog(page)
        start_game(page)
        wait_turn(page)
    except (AssertionError, PlaywrightError) as error:
        return [f"after the cut, the review, a switch of language or New game: {str(error).splitlines()[0]}"]
    return []


def reload_offline(browser, page) -> list[str]:
    """The link still down and the browser offline too: a reload, which only the
    service worker can answer, shows the same game. What went wrong, if anything."""
    before = snapshot(page)
    browser.set_offline(True)
    try:
        page.reload(wait_until="commit")
        after = page.wait_for_function(SNAPSHOT, polling="raf", timeout=READY_TIMEOUT_MS).json_value()
    except PlaywrightError as error:
        return [f"the reload offline did not show the game: {str(error).splitlines()[0]}"]
    changed = {k: (before[k], after[k]) for k in SAME_GAME if before[k] != after[k]}
    return [f"the reload offline showed another table: {changed}"] if changed else []
