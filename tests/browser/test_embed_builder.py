"""embed.html, the snippet builder: an author's choices become a snippet
that, pasted into a blank page of another origin, shows the picture and,
on a tap, plays the game chosen.

The builder is served with the recommended CSP (Trusted Types included), as
the game's own pages are; the blank page by a plain static server.
"""

from __future__ import annotations

import functools
import http.server
import threading
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

from conftest import logged
from playwright.sync_api import expect
from table_helpers import default_bid, step, wait_turn

READY_TIMEOUT_MS = 90_000


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


class Tags(HTMLParser):
    """Every start tag of a snippet, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def tags(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = Tags()
    parser.feed(html)
    return parser.tags


def test_the_builders_snippet_pasted_into_a_blank_page_plays(browser, serve, dist, tmp_path, artifacts):
    site = serve(dist, csp=True)
    page = logged(browser.new_page())
    violations: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and violations.append(m.text))
    page.goto(site.url + "embed.html")

    # The author's choices: Spades, cutthroat, three players, easy, Spanish, 16:9.
    page.get_by_label("Game", exact=True).select_option("spades")
    page.get_by_label("Rules", exact=True).select_option(label="Cutthroat")
    page.get_by_label("Players", exact=True).select_option("3")
    page.get_by_label("Computer players", exact=True).select_option("easy")
    page.get_by_label("Language", exact=True).select_option("es")
    page.get_by_label("Size", exact=True).select_option("16/9")
    snippet = page.locator("#snippet").input_value()
    frame_only = page.locator("#iframe").input_value()

    (link, link_attrs), (script, script_attrs) = tags(snippet)
    assert (link, script) == ("a", "script")
    href = urlsplit(link_attrs["href"])
    assert f"{href.scheme}://{href.netloc}/" == site.url
    assert parse_qs(href.query) == {
        "game": ["spades"], "preset": ["cutthroat"], "players": ["3"], "level": ["easy"], "lang": ["es"],
    }
    assert link_attrs["class"] == "baza-embed" and link_attrs["data-ratio"] == "16/9"
    assert "aspect-ratio: 16 / 9" in link_attrs["style"] or "aspect-ratio:16/9" in link_attrs["style"]
    assert "defer" in script_attrs and script_attrs["src"] == site.url + "baza-embed.js"
    assert snippet.count("Jugar a Picas") == 1  # the button's words, in the game's language
    ((tag, iframe),) = tags(frame_only)
    assert tag == "iframe" and parse_qs(urlsplit(iframe["src"]).query)["embed"] == ["1"]
    assert iframe["loading"] == "lazy" and "allow-same-origin" in iframe["sandbox"]

    # Start "by itself": the same snippet, with data-start="near".
    page.get_by_label("Start", exact=True).select_option("near")
    near = page.locator("#snippet").input_value()
    assert tags(near)[0][1]["data-start"] == "near"
    page.get_by_label("Start", exact=True).select_option("tap")
    assert page.locator("#snippet").input_value() == snippet

    # The live preview is the snippet itself: the picture and its button.
    expect(page.locator("#preview div.baza-embed").get_by_role("button", name="Jugar a Picas")).to_be_visible()
    page.screenshot(path=artifacts / "embed-builder.png", full_page=True)
    assert violations == []
    page.log.assert_no_errors()
    page.close()

    # Pasted into a blank page of another origin.
    folder = tmp_path / "post"
    folder.mkdir()
    (folder / "post.html").write_text(
        '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mi entrada</title>'
        '<link rel="icon" href="data:,"></head><body><p>Una partida:</p>\n' + snippet + "\n</body></html>",
        encoding="utf-8",
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        post = logged(browser.new_page())
        post.goto(f"http://127.0.0.1:{server.server_address[1]}/post.html")
        play = post.get_by_role("button", name="Jugar a Picas")
        expect(play).to_be_visible()
        assert post.locator("iframe").count() == 0
        box = post.locator("div.baza-embed").bounding_box()
        # 800 px wide (the most), 16:9 of it or, if that is less, 34rem (544 px): room for the table.
        assert abs(box["width"] - 800) < 1 and abs(box["height"] - max(800 * 9 / 16, 544)) < 1, box
        play.click()
        iframe = post.locator("iframe.baza-embed")
        expect(iframe).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)
        frame = iframe.element_handle().content_frame()
        expect(frame.locator("#title")).to_contain_text("Picas")
        assert frame.locator("#seats .seat").count() == 3
        assert wait_turn(frame) == "bid"
        before = step(frame)
        default_bid(frame)
        frame.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s", arg=before)
        assert post.locator("div.baza-embed").bounding_box() == box
        post.screenshot(path=artifacts / "embed-builder-pasted.png")
        post.log.assert_no_errors()
        post.close()

        # data-start="near": no picture, the frame at once, loaded when the
        # post is scrolled near it (below a tall paragraph here: not yet).
        (folder / "near.html").write_text(
            '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Otra entrada</title>'
            '<link rel="icon" href="data:,"></head><body><p style="height:6000px">Más abajo:</p>\n'
            + near + "\n</body></html>",
            encoding="utf-8",
        )
        hits = len(site.server.hits)
        post = logged(browser.new_page())
        post.goto(f"http://127.0.0.1:{server.server_address[1]}/near.html")
        iframe = post.locator("div.baza-embed iframe.baza-embed")
        expect(iframe).to_have_attribute("loading", "lazy")
        assert post.locator("div.baza-embed img").count() == 0
        post.wait_for_timeout(500)
        # Of the game's site only the snippet's script, which the post includes.
        assert [h[1] for h in site.server.hits[hits:]] == ["/baza-embed.js"], "the frame loaded far from the reader"
        iframe.scroll_into_view_if_needed()
        expect(iframe).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)
        post.log.assert_no_errors()
        post.close()
    finally:
        server.shutdown()
        server.server_close()
