"""Embedding in a blog: examples/blog.html on another origin, with two games.

The game is served by build/serve.py (a fresh port: a fresh origin, empty
storage); the sample post by a plain static server on another port, as a
blog host would serve it (no COEP of its own), with the example's game URL
pointed at the game's port. The post's own CSP stays on, so the snippet is
checked under a strict host policy too.

The first test plays in both games of the post (another origin, the same
site: the browser grants the frames their storage) and checks the messages
the post receives, the frames' sizes and requests, and the saves. The second
embeds the game in a page of another site (localhost against 127.0.0.1),
where this Chromium refuses storage to the frame, with markup in every URL
parameter.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
from urllib.parse import quote, urlsplit

import pytest
from conftest import ROOT, logged
from playwright.sync_api import Frame, Page, expect
from table_helpers import card_names, default_bid, playable, step, wait_turn

EXAMPLE_GAME_URL = "http://127.0.0.1:8000"  # what examples/blog.html embeds (build/play.sh)
READY_TIMEOUT_MS = 90_000  # two Pyodides start side by side in one browser

# Runs in the host page before its scripts: keeps every message it receives,
# with the index of the <iframe> that sent it (-1: not one of them).
RECORD_MESSAGES = """
if (window === window.top) {
  window.__messages = [];
  addEventListener("message", (event) => {
    const frames = [...document.querySelectorAll("iframe")];
    let data;
    try { data = JSON.parse(JSON.stringify(event.data)); } catch { data = String(event.data); }
    const frame = frames.findIndex((f) => f.contentWindow === event.source);
    window.__messages.push({ origin: event.origin, frame, data });
  });
}
"""

QUICK_GAMES = (
    ("preset=standard", "preset=standard&amp;speed=instant&amp;seed=11"),
    ("preset=partnership&amp;", "preset=partnership&amp;speed=instant&amp;seed=5&amp;"),
)
# Runs in the game's frames before their scripts: keeps every CSP violation.
RECORD_VIOLATIONS = """
if (window !== window.top) {
  window.__violations = [];
  addEventListener("securitypolicyviolation", (e) => window.__violations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`));
}
"""
INJECTED = "img[src='x'], svg[onload], script:not([src]):not([type]), b"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture
def blog(tmp_path):
    """blog(game_url, host="127.0.0.1", edits=()) -> URL of a folder with examples/ in it.

    The example's game URL becomes game_url; ``edits``: more (old, new) text
    replacements in the examples. The folder is ``tmp_path / "blogN"``, N
    counting from 0, for pages written after the server started.
    (page.route() is no help: a page fulfilled by it loads no frames here.)
    """
    servers = []

    def start(game_url: str, host: str = "127.0.0.1", edits=()) -> str:
        folder = tmp_path / f"blog{len(servers)}"
        folder.mkdir()
        for path in (ROOT / "examples").iterdir():
            text = path.read_text(encoding="utf-8").replace(EXAMPLE_GAME_URL, game_url.rstrip("/"))
            for old, new in edits:
                text = text.replace(old, new)
            (folder / path.name).write_text(text, encoding="utf-8")
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder))
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://{host}:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def messages(page: Page) -> list[dict]:
    return page.evaluate("window.__messages")


def wait_until(condition, timeout: float = 15, what: str = "condition", state=None):
    """Poll a Python condition (the blog's CSP forbids Playwright's eval-based waits there)."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}" + (f": {state}" if state else ""))
        time.sleep(0.1)


def game_frame(page: Page, index: int) -> Frame:
    iframe = page.locator("iframe.baza-embed").nth(index)
    iframe.scroll_into_view_if_needed()  # loading="lazy", and offscreen frames are not drawn
    expect(iframe).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)  # baza-embed.js saw baza:ready
    frame = iframe.element_handle().content_frame()
    expect(frame.locator("html")).to_have_attribute("data-ready", "true")
    return frame


def press(target) -> None:
    """Press a button with the keyboard (cards overlap in a fan; Enter needs no free point)."""
    target.focus()
    target.press("Enter")


def play_until_a_trick(frame: Frame) -> int:
    """Pass and play (first cards, first playable) until a trick has been won."""
    last = -1
    played = 0
    while True:
        what = wait_turn(frame, last)
        last = step(frame)
        if frame.get_attribute("#last-btn", "aria-disabled") == "false":
            return played
        if what == "pass":
            count = int(re.search(r"Choose (\d+) card", frame.locator("#prompt").inner_text()).group(1))
            for name in card_names(frame)[:count]:
                card = frame.get_by_role("button", name=name, exact=True).first
                press(card)
                expect(card).to_have_attribute("aria-pressed", "true")
            frame.locator("#controls").get_by_role("button", name=re.compile(r"^Pass \d+ cards?")).click()
        elif what == "play":
            press(playable(frame).first)
            played += 1
        else:
            raise AssertionError(f"unexpected state {what!r}")


def heights(page: Page, frame_index: int) -> list[int]:
    return [m["data"]["height"] for m in messages(page)
            if m["frame"] == frame_index and m["data"]["type"] == "baza:height"]


FRAME_SIZE = """() => ({
  width: innerWidth, height: innerHeight, body: Math.ceil(document.body.getBoundingClientRect().height),
  scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
  cards: [...document.querySelectorAll("#hand button.card")].map((c) => c.getBoundingClientRect().right),
})"""


def check_fits(page: Page, frame: Frame, index: int) -> dict:
    """The frame takes the height that the game sends, which is the game's
    height: nothing scrolls inside, nothing is wider than the column."""
    iframe = page.locator("iframe.baza-embed").nth(index)

    seen = {}

    def settled():
        seen.update(frame.evaluate(FRAME_SIZE), sent=heights(page, index)[-3:])
        sent = seen["sent"]
        return sent and sent[-1] == seen["body"] == seen["height"] and dict(seen)

    size = wait_until(settled, what=f"frame {index} to take the height of its page", state=seen)
    assert size["width"] <= iframe.bounding_box()["width"]
    assert size["scrollWidth"] <= size["width"], f"wider than its column: {size}"
    assert size["scrollHeight"] <= size["height"] + 1, f"scrolls inside its frame: {size}"
    assert all(right <= size["width"] + 0.5 for right in size["cards"]), f"cards out of the frame: {size}"
    return size


def test_blog_post_with_two_games(browser, serve, dist, blog, artifacts):
    site = serve(dist)
    game = origin(site.url)
    # The sample post as its author wrote it, with instant computer players
    # and fixed deals to keep the test short.
    url = blog(site.url, edits=QUICK_GAMES)
    page, requests, dialogs = host_page(browser)
    page.goto(url + "blog.html")
    hearts, spades = game_frame(page, 0), game_frame(page, 1)
    for frame, title in ((hearts, "Hearts"), (spades, "Spades")):
        assert urlsplit(frame.url).netloc == urlsplit(site.url).netloc
        expect(frame.locator("#title")).to_contain_text(title)
        expect(frame.locator("html")).to_have_attribute("data-embed", "true")
        expect(frame.locator(".brand")).to_be_hidden()  # no page chrome
        expect(frame.locator("#status")).to_be_hidden()
    # baza-embed.js turned the link into a frame in embed mode; the hand-written frame stayed.
    assert page.locator("a.baza-embed").count() == 0
    assert "embed=1" in hearts.url

    # A trick in the Hearts game.
    play_until_a_trick(hearts)
    expect(hearts.locator("#last-btn")).to_have_attribute("aria-disabled", "false")
    check_fits(page, hearts, 0)
    # The page grows (the score sheet opens): a new height arrives, the frame follows.
    before = heights(page, 0)[-1]
    hearts.locator(".side summary", has_text="Score sheet").click()
    wait_until(lambda: heights(page, 0)[-1] > before, what="a taller height from the Hearts frame")
    check_fits(page, hearts, 0)

    # A bid in the Spades game.
    assert wait_turn(spades) == "bid"
    before_bid = step(spades)
    default_bid(spades)
    spades.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=before_bid)
    check_fits(page, spades, 1)

    # From 800 px down to 320 px of column: no overflow, a new height each time.
    column = page.locator("main")
    page.evaluate("() => { document.querySelector('main').style.maxWidth = 'calc(800px + 2rem)'; }")
    wait_until(lambda: abs(page.locator("iframe.baza-embed").nth(0).bounding_box()["width"] - 800) < 1, what="800 px")
    page.locator("iframe.baza-embed").nth(0).scroll_into_view_if_needed()
    check_fits(page, hearts, 0)
    page.set_viewport_size({"width": 352, "height": 720})
    assert abs(column.bounding_box()["width"] - 352) < 1
    for index, frame in ((0, hearts), (1, spades)):
        iframe = page.locator("iframe.baza-embed").nth(index)
        iframe.scroll_into_view_if_needed()
        wait_until(lambda iframe=iframe: abs(iframe.bounding_box()["width"] - 320) < 1, what="320 px")
        check_fits(page, frame, index)
        iframe.screenshot(path=artifacts / f"embed-320-{index}.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("iframe.baza-embed").nth(0).scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "embed-blog.png")

    # What reached the post: from the game's origin, from its two frames,
    # ready once each, heights, and nothing else at all.
    received = messages(page)
    assert received, "no message reached the post"
    assert {m["origin"] for m in received} == {game}
    assert {m["frame"] for m in received} == {0, 1}
    for m in received:
        assert m["data"] == {"type": "baza:ready"} or (
            set(m["data"]) == {"type", "height"} and m["data"]["type"] == "baza:height"
            and isinstance(m["data"]["height"], int) and m["data"]["height"] > 0
        ), m
    for index in (0, 1):
        assert [m["data"] for m in received if m["frame"] == index].count({"type": "baza:ready"}) == 1

    # Saves: each game under its own prefix, and nothing of the full page's.
    keys = hearts.evaluate("Object.keys(localStorage)")
    assert keys == spades.evaluate("Object.keys(localStorage)")  # one origin, one storage
    baza = [k for k in keys if k.startswith("baza:")]
    by_game = {g: [k for k in baza if k.startswith(f"baza:embed:{g}:")] for g in ("hearts", "spades")}
    assert sorted(by_game["hearts"] + by_game["spades"]) == sorted(baza), f"keys outside the embeds' prefixes: {baza}"
    if storage_wired():
        assert by_game["hearts"] and by_game["spades"], f"a game left no save: {keys}"
        # Back to the post later: each game goes on where it was left.
        hands = [card_names(hearts), wait_turn(spades, before_bid) and card_names(spades)]
        page.reload()
        hearts, spades = game_frame(page, 0), game_frame(page, 1)
        for frame, hand in ((hearts, hands[0]), (spades, hands[1])):
            assert wait_turn(frame) == "play"
            assert card_names(frame) == hand

    check_requests(requests, game, origin(url))
    assert dialogs == []
    page.log.assert_no_errors()
    page.close()


def host_page(browser):
    """A tab for a host page: messages recorded, requests by frame, dialogs."""
    page = logged(browser.new_page())
    page.add_init_script(RECORD_MESSAGES)
    requests: list[tuple[bool, str]] = []
    page.on("request", lambda r: requests.append((r.frame == page.main_frame, r.url)))
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return page, requests, dialogs


def check_requests(requests: list[tuple[bool, str]], game: str, host: str) -> None:
    """The embedded pages asked their own origin only; the host page its own."""
    frames = [u for main, u in requests if not main and not u.startswith(("data:", "blob:"))]
    assert frames, "no request from the frames"
    assert [u for u in frames if origin(u) != game] == [], "frames asked another origin"
    assert {origin(u) for main, u in requests if main} == {host}


def storage_wired() -> bool:
    """Does ui/app.py hand the embed's prefix to the storage of issue 5 yet?"""
    text = (ROOT / "ui" / "app.py").read_text(encoding="utf-8")
    return any("storage_prefix" in line and "self.embed.storage_prefix" not in line for line in text.splitlines())


# Markup in every parameter the page reads, embed ones included.
HOSTILE_PARAMS = {
    "embed": "1",
    "game": "hearts",
    "speed": "instant",
    "seed": "3",
    "id": "<img src=x onerror=alert(1)>",
    "name": "<img src=x onerror=alert(2)>",
    "preset": '"><script>alert(3)</script>',
    "players": "<svg/onload=alert(4)>",
    "level": "</title><b>x",
    "target": "<b>1</b>",
}


def test_embedded_on_another_site_with_hostile_parameters(browser, serve, dist, blog, artifacts, tmp_path):
    """Another site embeds the game (localhost vs 127.0.0.1), served with the
    recommended CSP: the browser may refuse the frame its storage (this
    Chromium does, as with third-party cookies blocked); the game still
    plays, shows no markup from its URL, and answers the embedding origin
    named by host=. The New game dialog gets the room it needs."""
    site = serve(dist, csp=True)
    query = "&".join(f"{k}={quote(v)}" for k, v in HOSTILE_PARAMS.items())
    url = blog(site.url, host="localhost")
    query += "&host=" + quote(url.rstrip("/"))
    (tmp_path / "blog0" / "hostile.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>'
        '<link rel="icon" href="data:,"></head><body>'
        f'<iframe class="baza-embed" title="Baza" src="{site.url}?{query.replace("&", "&amp;")}" '
        'sandbox="allow-scripts allow-same-origin allow-forms" width="360" height="600"></iframe>'
        '<script src="baza-embed.js"></script></body></html>',
        encoding="utf-8",
    )
    page, requests, dialogs = host_page(browser)
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(url + "hostile.html")
    frame = game_frame(page, 0)
    expect(frame.locator("#title")).to_contain_text("Hearts")
    play_until_a_trick(frame)
    check_fits(page, frame, 0)
    page.screenshot(path=artifacts / "embed-other-site.png")

    # The New game dialog: the frame grows to show all of it, then shrinks back.
    before = heights(page, 0)[-1]
    frame.locator(".topbar").get_by_role("button", name="New game").click()
    expect(frame.locator("#newgame")).to_be_visible()
    wait_until(lambda: heights(page, 0)[-1] > before and frame.evaluate("innerHeight") == heights(page, 0)[-1],
               what="room for the dialog")
    top, bottom, height, scroll, client = frame.locator("#newgame").evaluate(
        """(d) => { const r = d.getBoundingClientRect();
                    return [r.top, r.bottom, innerHeight, d.scrollHeight, d.clientHeight]; }"""
    )
    assert top >= 0 and bottom <= height and scroll <= client + 1, "the dialog does not fit its frame"
    frame.locator("#newgame").press("Escape")
    expect(frame.locator("#newgame")).to_be_hidden()
    wait_until(lambda: heights(page, 0)[-1] == before, what="the frame to shrink back")
    assert frame.evaluate("window.__violations") == []

    # The refused id leaves the embed its game's prefix, if storage there is.
    keys = frame.evaluate("() => { try { return Object.keys(localStorage); } catch (e) { return e.name; } }")
    assert keys == "SecurityError" or all(k.startswith("baza:embed:hearts:") for k in keys if "baza" in k), keys

    assert frame.locator(INJECTED).count() == 0
    assert page.locator(INJECTED).count() == 0
    assert frame.title() == "Baza: Spades & Hearts"
    expect(frame.locator("#title")).not_to_contain_text("<")
    assert dialogs == []
    received = messages(page)
    assert {m["origin"] for m in received} == {origin(site.url)}
    assert [m["data"] for m in received].count({"type": "baza:ready"}) == 1
    check_requests(requests, origin(site.url), origin(url))
    page.log.assert_no_errors()
    page.close()
