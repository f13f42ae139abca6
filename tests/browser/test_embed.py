"""Embedding in a blog: examples/blog.html on one origin, the game on another.

The game is served by build/serve.py (a fresh port: a fresh origin, empty
storage); the sample post by a plain static server on another port, as a
blog host would serve it (no COEP of its own), with the example's game URL
pointed at the game's port. The post's own CSP stays on, so the snippet is
checked under a strict host policy too.

What a reader of the post must get (issue 44): a still picture of a table
with a Play button and nothing of the runtime before the tap; after it a
working table in a box whose size never changed (the post's cumulative
layout shift stays 0 through a whole hand and with a dialog open); the
second game of the post served its runtime by the browser's cache; on a
phone the table and the hand inside the frame and the frame inside the
screen; where the browser refuses the frame storage, one calm line.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
from collections import Counter
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from conftest import ROOT, logged
from playwright.sync_api import Frame, Page, expect
from table_helpers import card_names, default_bid, playable, step, wait_turn

EXAMPLE_GAME_URL = "http://127.0.0.1:8000"  # what examples/blog.html embeds (build/play.sh)
READY_TIMEOUT_MS = 90_000  # a cold start on a busy machine
# The first game of a post costs the reader this much of the game's site
# before the tap, at most (issue 44); the second nothing more.
POSTER_BUDGET = 50_000

# Runs in the host page before its scripts: keeps every message it receives
# (with the index of the snippet's frame that sent it, -1: none of them),
# and every layout shift of the post.
RECORD_HOST = """
if (window === window.top) {
  window.__messages = [];
  window.__shifts = [];
  const frames = () => [...document.querySelectorAll(".baza-embed")].map(
    (box) => box.tagName === "IFRAME" ? box : box.shadowRoot && box.shadowRoot.querySelector("iframe"));
  addEventListener("message", (event) => {
    let data;
    try { data = JSON.parse(JSON.stringify(event.data)); } catch { data = String(event.data); }
    const frame = frames().findIndex((f) => f && f.contentWindow === event.source);
    window.__messages.push({ origin: event.origin, frame, data });
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({ value: e.value, input: e.hadRecentInput, at: e.startTime });
    }
  }).observe({ type: "layout-shift", buffered: true });
}
"""

QUICK_GAMES = (
    ("preset=standard", "preset=standard&amp;speed=instant&amp;seed=11"),
    ("preset=partnership", "preset=partnership&amp;speed=instant&amp;seed=5"),
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


def layout_shift(page: Page) -> float:
    """The post's cumulative layout shift so far (every entry, input or not)."""
    return page.evaluate("window.__shifts.reduce((sum, e) => sum + e.value, 0)")


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


def box(page: Page, index: int):
    """The snippet's box (a <div class="baza-embed">), by its place in the post."""
    return page.locator("div.baza-embed").nth(index)


def tap(page: Page, index: int, label: str) -> Frame:
    """Tap the box's Play button; return the game's frame once it is on the table."""
    box(page, index).scroll_into_view_if_needed()
    box(page, index).get_by_role("button", name=label).click()
    iframe = box(page, index).locator("iframe.baza-embed")
    expect(iframe).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)  # baza-embed.js saw baza:ready
    frame = iframe.element_handle().content_frame()
    expect(frame.locator("html")).to_have_attribute("data-ready", "true")
    expect(frame.locator("html")).to_have_attribute("data-embed", "true")
    return frame


def press(target) -> None:
    """Press a button with the keyboard (cards overlap in a fan; Enter needs no free point)."""
    target.focus()
    target.press("Enter")


def play_hand_in(frame: Frame) -> int:
    """Pass and play (first cards, first playable) until the hand summary;
    return the number of cards played. (table_helpers.play_hand clicks with
    the page's mouse, which a frame has not.)"""
    last, played = -1, 0
    while True:
        what = wait_turn(frame, last)
        last = step(frame)
        if what in ("next", "over"):
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


def rect(page: Page, index: int) -> dict:
    """The box's place in the post (not in the window: the post scrolls) and size."""
    return box(page, index).evaluate("""(el) => { const r = el.getBoundingClientRect();
        return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; }""")


# Where the table's parts are inside the frame, and what scrolls.
FRAME_LAYOUT = """() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return {
    width: innerWidth, height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
    table: r(document.getElementById("table")),
    cards: [...document.querySelectorAll("#hand button.card")].map(r),
    note: r(document.getElementById("save-note")),
  };
}"""


def check_inside(frame: Frame) -> dict:
    """The page fills its frame: nothing wider, the document never taller
    (what follows the table scrolls inside the layout), every card of the
    hand inside the frame."""
    size = frame.evaluate(FRAME_LAYOUT)
    w, h = size["width"], size["height"]
    assert size["scrollWidth"] <= w, f"wider than its frame: {size}"
    assert size["scrollHeight"] <= h, f"taller than its frame: {size}"
    assert size["cards"], "no hand"
    outside = [c for c in size["cards"] if c[0] < -0.5 or c[1] < -0.5 or c[2] > w + 0.5 or c[3] > h + 0.5]
    assert not outside, f"cards out of the frame: {outside} in {w}x{h}"
    return size


def game_hits(site) -> list[str]:
    """The paths the game's server answered, query left out."""
    return [path.partition("?")[0] for method, path, status in site.server.hits if method == "GET"]


def test_blog_post_picture_tap_and_a_frame_that_never_moves(browser, serve, dist, blog, artifacts):
    site = serve(dist)
    game = origin(site.url)
    url = blog(site.url, edits=QUICK_GAMES)  # instant computer players, fixed deals
    page, requests, dialogs = host_page(browser)
    sizes: dict[str, int] = {}
    page.on("requestfinished", lambda r: sizes.__setitem__(r.url, r.sizes()["responseBodySize"]))
    page.goto(url + "blog.html")
    page.wait_for_load_state("networkidle")

    # Before the tap: two pictures with their Play buttons, no frame, and of
    # the game's site only the picture, once for both.
    expect(box(page, 0).get_by_role("button", name="Play Hearts")).to_be_visible()
    expect(box(page, 1).get_by_role("button", name="Play Spades")).to_be_attached()
    assert page.locator("iframe").count() == 0 and page.locator("a.baza-embed").count() == 0
    # The snippet touched nothing of the post but its own elements: no style
    # sheet, no element in the head, no global name.
    assert page.evaluate("""() => [document.head.children.length, document.styleSheets.length,
        document.adoptedStyleSheets.length, Object.keys(window).filter((k) => /baza/i.test(k))]""") == [6, 1, 0, []]
    assert game_hits(site) == ["/assets/embed-table.svg"], game_hits(site)
    before_tap = sum(size for u, size in sizes.items() if origin(u) == game)
    print(f"before the tap: {before_tap} bytes of the game's site, {sum(sizes.values())} with the post")
    assert 0 < before_tap <= POSTER_BUDGET
    first = [rect(page, i) for i in (0, 1)]
    # The column's width, and 4:3 of it (504 px) or, more, 34rem (544 px): room for the table.
    assert abs(first[0]["width"] - 672) < 1 and abs(first[0]["height"] - 544) < 1, first
    page.screenshot(path=artifacts / "embed-poster.png")

    # The tap: the game in the same box, a hand to its end, then New game.
    hearts = tap(page, 0, "Play Hearts")
    assert urlsplit(hearts.url).netloc == urlsplit(site.url).netloc
    assert parse_qs(urlsplit(hearts.url).query)["embed"] == ["1"]
    expect(hearts.locator("#title")).to_contain_text("Hearts")
    expect(hearts.locator(".brand")).to_be_hidden()  # no page chrome
    assert wait_turn(hearts) in ("pass", "play")
    check_inside(hearts)
    assert play_hand_in(hearts) == 13
    expect(hearts.locator("#summary")).to_be_visible()
    page.screenshot(path=artifacts / "embed-hand-over.png")
    hearts.locator(".topbar").get_by_role("button", name="New game").click()
    dialog = hearts.locator("#newgame")
    expect(dialog).to_be_visible()
    top, bottom, height, scroll, client = dialog.evaluate(
        """(d) => { const r = d.getBoundingClientRect();
                    return [r.top, r.bottom, innerHeight, d.scrollHeight, d.clientHeight]; }"""
    )
    assert top >= 0 and bottom <= height, "the dialog does not fit its frame"
    assert scroll > client, "the dialog is cut instead of scrolling inside the frame"  # 504 px hold no New game dialog
    dialog.evaluate("(d) => d.scrollTo(0, d.scrollHeight)")
    box(page, 0).screenshot(path=artifacts / "embed-dialog.png")
    dialog.press("Escape")
    expect(dialog).to_be_hidden()
    # Saves & stats too: inside the frame.
    hearts.locator("#saves-btn").click()
    saves = hearts.locator("#saves")
    expect(saves).to_be_visible()
    top, bottom, height = saves.evaluate(
        "(d) => { const r = d.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }"
    )
    assert top >= 0 and bottom <= height, "Saves & stats does not fit its frame"
    saves.press("Escape")
    expect(saves).to_be_hidden()
    assert [rect(page, i) for i in (0, 1)] == first, "a box moved or changed its size"
    assert layout_shift(page) == 0, page.evaluate("window.__shifts")

    # The second game: the runtime from the cache, nothing asked twice.
    runtime_before = Counter(p for p in game_hits(site) if p.startswith("/runtime/"))
    assert runtime_before, "the first game fetched no runtime"
    spades = tap(page, 1, "Play Spades")
    assert wait_turn(spades) == "bid"
    before_bid = step(spades)
    default_bid(spades)
    spades.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=before_bid)
    check_inside(spades)
    runtime = Counter(p for p in game_hits(site) if p.startswith("/runtime/"))
    # (Files the first game fetches after ready, the wasm's cold part, the
    # whole standard library, may come before or after the second tap: once.)
    assert [p for p, n in runtime.items() if n > 1] == [], f"fetched twice: {runtime}"
    print(f"runtime files: {len(runtime_before)} for the first game, {len(set(runtime) - set(runtime_before))} more"
          " after the second tap, none twice")
    assert game_hits(site).count("/assets/embed-table.svg") == 1
    assert [rect(page, i) for i in (0, 1)] == first
    assert layout_shift(page) == 0, page.evaluate("window.__shifts")

    # What reached the post: from the game's origin, one ready per frame, nothing else.
    received = messages(page)
    assert {m["origin"] for m in received} == {game}
    assert sorted(m["frame"] for m in received) == [0, 1]
    assert all(m["data"] == {"type": "baza:ready"} for m in received), received

    # Saves: each game under its own prefix, and nothing of the full page's.
    keys = hearts.evaluate("Object.keys(localStorage)")
    baza = [k for k in keys if k.startswith("baza:")]
    assert baza and all(k.startswith(("baza:embed:hearts:", "baza:embed:spades:")) for k in baza), baza

    check_requests(requests, game, origin(url))
    assert dialogs == []
    page.log.assert_no_errors()
    page.close()


def test_on_a_phone_the_table_fits_the_frame_and_the_frame_the_screen(browser, serve, dist, blog, artifacts):
    """360x640: the box is inside the screen and the whole table, every card
    of the hand with it, inside the box; the post never shifts."""
    site = serve(dist)
    url = blog(site.url, edits=QUICK_GAMES)
    page, _requests, _dialogs = host_page(browser)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(url + "blog.html")
    first = rect(page, 0)
    assert first["width"] <= 360 and first["height"] <= 640, first
    hearts = tap(page, 0, "Play Hearts")
    wait_turn(hearts)
    size = check_inside(hearts)
    assert size["table"][3] <= size["height"] + 0.5, f"the table runs out of the frame: {size}"
    box(page, 0).screenshot(path=artifacts / "embed-phone.png")
    assert rect(page, 0)["height"] == first["height"]
    assert layout_shift(page) == 0, page.evaluate("window.__shifts")

    # The narrowest column (300 px) and the widest (800 px): the game lays
    # itself out inside the box each time.
    page.set_viewport_size({"width": 332, "height": 640})
    wait_until(lambda: abs(rect(page, 0)["width"] - 300) < 1, what="a 300 px column")
    check_inside(hearts)
    box(page, 0).screenshot(path=artifacts / "embed-300.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("main").evaluate("(main) => { main.style.maxWidth = '800px'; }")
    wait_until(lambda: abs(rect(page, 0)["width"] - 800) < 1, what="an 800 px column")
    assert abs(rect(page, 0)["height"] - 600) < 1  # 4:3
    check_inside(hearts)
    box(page, 0).screenshot(path=artifacts / "embed-800.png")
    page.log.assert_no_errors()
    page.close()


def host_page(browser):
    """A tab for a host page: messages and shifts recorded, requests by frame, dialogs."""
    page = logged(browser.new_page())
    page.add_init_script(RECORD_HOST)
    requests: list[tuple[bool, str]] = []
    page.on("request", lambda r: requests.append((r.frame == page.main_frame, r.url)))
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return page, requests, dialogs


def check_requests(requests: list[tuple[bool, str]], game: str, host: str) -> None:
    """The embedded pages asked their own origin only; the host page its own
    and, for the picture, the game's."""
    frames = [u for main, u in requests if not main and not u.startswith(("data:", "blob:"))]
    assert frames, "no request from the frames"
    assert [u for u in frames if origin(u) != game] == [], "frames asked another origin"
    assert {origin(u) for main, u in requests if main} <= {host, game}
    assert [u for main, u in requests if main and origin(u) == game] == [game + "/assets/embed-table.svg"]


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
CALM_NOTES = {
    "en": ("This game will not be saved here.", "Open in its own tab"),
    "es": ("Esta partida no se guardará aquí.", "Abrir en otra pestaña"),
    "pt": ("Esta partida não será salva aqui.", "Abrir em outra aba"),
    "sv": ("Det här spelet sparas inte här.", "Öppna i egen flik"),
}


def test_embedded_on_another_site_without_storage(browser, serve, dist, blog, artifacts, tmp_path):
    """Another site embeds the game (localhost vs 127.0.0.1) in a frame
    written by hand, served with the recommended CSP: this Chromium refuses
    the frame its storage, as with third-party cookies blocked. The game
    plays, says so in one calm line in each of the four languages, with the
    link to its own tab; none of the markup in its URL becomes an element;
    the New game dialog scrolls inside the frame, which keeps its size."""
    site = serve(dist, csp=True)
    url = blog(site.url, host="localhost")
    for lang, (text, link) in CALM_NOTES.items():
        params = {**HOSTILE_PARAMS, "lang": lang} if lang == "en" else {"embed": "1", "speed": "instant", "lang": lang}
        query = "&".join(f"{k}={quote(v)}" for k, v in params.items())
        (tmp_path / "blog0" / f"hostile-{lang}.html").write_text(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>'
            '<link rel="icon" href="data:,"></head><body>'
            f'<iframe class="baza-embed" title="Baza" src="{site.url}?{query.replace("&", "&amp;")}" '
            'sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox" '
            'width="360" height="600" style="border:0"></iframe>'
            '<script src="baza-embed.js"></script></body></html>',
            encoding="utf-8",
        )
        page, requests, dialogs = host_page(browser)
        page.add_init_script(RECORD_VIOLATIONS)
        page.goto(url + f"hostile-{lang}.html")
        iframe = page.locator("iframe.baza-embed")
        expect(iframe).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)
        frame = iframe.element_handle().content_frame()
        first = iframe.bounding_box()

        # The note: one line, the top bar's colours, the sentence and the link.
        note = frame.locator("#save-note")
        expect(note).to_have_attribute("data-level", "quiet")
        expect(note.locator(".save-note-text")).to_have_text(text)
        own_tab = note.get_by_role("link", name=link)
        expect(own_tab).to_have_attribute("target", "_blank")
        href = own_tab.get_attribute("href")
        assert urlsplit(href).netloc == urlsplit(site.url).netloc
        assert not {"embed", "id", "host"} & set(parse_qs(urlsplit(href).query)), href
        assert parse_qs(urlsplit(href).query)["lang"] == [lang]
        looks = note.evaluate("""(n) => { const s = getComputedStyle(n);
            return { height: n.getBoundingClientRect().height, line: parseFloat(s.lineHeight),
                     background: s.backgroundColor, buttons: n.querySelectorAll("button").length }; }""")
        assert looks["height"] < 2 * looks["line"], f"more than one line: {looks}"
        assert looks["background"] == "rgb(10, 46, 27)" and looks["buttons"] == 0, looks  # the top bar's, no ×
        wait_turn(frame)
        check_inside(frame)
        if lang != "en":
            note.screenshot(path=artifacts / f"embed-note-{lang}.png")
            page.close()
            continue

        page.screenshot(path=artifacts / "embed-other-site.png")
        # The New game dialog: inside the frame, scrolling there; the frame keeps its size.
        frame.locator(".topbar").get_by_role("button", name="New game").click()
        expect(frame.locator("#newgame")).to_be_visible()
        top, bottom, height = frame.locator("#newgame").evaluate(
            "(d) => { const r = d.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }"
        )
        assert top >= 0 and bottom <= height, "the dialog does not fit its frame"
        frame.locator("#newgame").press("Escape")
        expect(frame.locator("#newgame")).to_be_hidden()
        assert iframe.bounding_box() == first
        assert frame.evaluate("window.__violations") == []

        # No storage at all here.
        keys = frame.evaluate("() => { try { return Object.keys(localStorage); } catch (e) { return e.name; } }")
        assert keys == "SecurityError", keys
        assert frame.locator(INJECTED).count() == 0
        assert page.locator(INJECTED).count() == 0
        assert "<" not in frame.title() and "Baza" in frame.title()
        expect(frame.locator("#title")).not_to_contain_text("<")
        assert dialogs == []
        received = messages(page)
        assert [m["data"] for m in received] == [{"type": "baza:ready"}]
        assert {m["origin"] for m in received} == {origin(site.url)}
        frames = [u for main, u in requests if not main and not u.startswith(("data:", "blob:"))]
        assert frames and [u for u in frames if origin(u) != origin(site.url)] == []
        page.log.assert_no_errors()
        page.close()
