"""Embed mode under CPython: URL parameters, storage prefixes, the origin that
postMessage addresses, the messages themselves, and what ui/ may touch of
the page that embeds it. The browser side is tests/browser/test_embed.py."""

import doctest
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from ui import embed as E
from ui import settings as S

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "<img src=x onerror=alert(1)>"


def test_docstring_examples():
    failures, tried = doctest.testmod(E)
    assert tried > 5 and failures == 0


def embed_of(query: str) -> E.Embed:
    """As ui/app.py does it: the game as the settings accepted it."""
    return E.parse(query, S.from_query(query).game)


def test_without_embed_the_page_keeps_the_usual_prefix():
    for query in ("", "?game=spades", "?embed=0", "?embed=", "?embed=no&id=x", f"?embed={HOSTILE}"):
        e = embed_of(query)
        assert not e.enabled and e.storage_prefix == "baza:", query


@pytest.mark.parametrize("flag", ["1", "true", "TRUE", "yes", "on"])
def test_embed_flag(flag):
    assert embed_of(f"?embed={flag}").enabled


def test_two_games_on_one_page_keep_apart():
    hearts = embed_of("?game=hearts&preset=standard&embed=1")
    spades = embed_of("?game=spades&preset=partnership&embed=1")
    assert hearts.storage_prefix == "baza:embed:hearts:"
    assert spades.storage_prefix == "baza:embed:spades:"
    # Neither is inside the other, nor inside the full page's keys of its own.
    assert not hearts.storage_prefix.startswith(spades.storage_prefix)
    assert not spades.storage_prefix.startswith(hearts.storage_prefix)


def test_an_embed_of_the_default_game_or_a_refused_game():
    assert embed_of("?embed=1").storage_prefix == "baza:embed:hearts:"
    assert embed_of(f"?embed=1&game={HOSTILE}").storage_prefix == "baza:embed:hearts:"
    assert E.parse("?embed=1", "no such:game").storage_prefix == "baza:embed:game:"


def test_an_id_names_the_slot():
    e = embed_of("?game=hearts&embed=1&id=post-42_a")
    assert (e.id, e.storage_prefix) == ("post-42_a", "baza:embed:post-42_a:")
    # Two Hearts games in one post, each with an id of its own.
    assert embed_of("?embed=1&id=one").storage_prefix != embed_of("?embed=1&id=two").storage_prefix


@pytest.mark.parametrize(
    "raw",
    [HOSTILE, "a:b", "a b", "x" * 41, "", "../x", "é", "a\nb", "\u202eabc", "baza:", "1;2", "%3Cb%3E"],
)
def test_a_bad_id_is_ignored(raw):
    from urllib.parse import quote

    e = embed_of(f"?game=spades&embed=1&id={quote(raw)}")
    assert e.enabled and e.id == "" and e.storage_prefix == "baza:embed:spades:"


def test_the_last_value_of_a_parameter_counts():
    assert embed_of("?embed=1&id=a&id=b").id == "b"


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://blog.example", "https://blog.example"),
        ("https://blog.example/2024/05/cards.html?x=1#top", "https://blog.example"),
        ("HTTPS://Blog.EXAMPLE:443/", "https://blog.example"),
        ("http://blog.example:80/", "http://blog.example"),
        ("http://127.0.0.1:8001/", "http://127.0.0.1:8001"),
        ("https://blog.example:8443", "https://blog.example:8443"),
        ("http://[::1]:8001/", "http://[::1]:8001"),
        ("http://xn--bcher-kva.example/", "http://xn--bcher-kva.example"),
    ],
)
def test_origin_of(url, origin):
    assert E.origin_of(url) == origin


@pytest.mark.parametrize(
    "url",
    [
        "", "null", "*", "/", "//blog.example", "blog.example", "file:///tmp/blog.html", "data:text/html,x",
        "javascript:alert(1)", "about:blank", "ftp://blog.example", "https://user:pw@blog.example",
        "https://blog.example:99999", "https://blog.example:x", "https://bücher.example", "https:///x",
        "https://bl og.example", "https://blog.example\n.evil", "https://blog_example.com", HOSTILE,
        "https://a" + "b" * 300 + ".example", "https://-blog.example",
    ],
)
def test_origin_of_refuses(url):
    assert E.origin_of(url) == ""


def test_target_is_the_parent_as_the_browser_names_it():
    e = embed_of("?embed=1")
    blog = "https://blog.example"
    assert E.target_origin(e, ancestor=blog, referrer="https://blog.example/post") == blog
    assert E.target_origin(e, ancestor="", referrer="https://blog.example/post") == blog  # Firefox
    assert E.target_origin(e, ancestor=blog, referrer="") == blog  # Referrer-Policy: no-referrer
    # ancestorOrigins is the browser's own word; it wins over the referrer.
    assert E.target_origin(e, ancestor=blog, referrer="https://other.example/") == blog


def test_nothing_is_sent_without_a_known_parent():
    e = embed_of("?embed=1")
    assert E.target_origin(e) == ""
    assert E.target_origin(e, ancestor="null", referrer="") == ""  # a sandboxed or file:// parent
    assert E.target_origin(e, ancestor="", referrer="file:///home/me/blog.html") == ""
    assert E.target_origin(embed_of("?game=hearts"), ancestor="https://blog.example") == ""  # not in embed mode


def test_the_host_parameter_is_checked_against_the_browser():
    blog = "https://blog.example"
    e = embed_of(f"?embed=1&host={blog}/")
    assert e.host == blog
    assert E.target_origin(e, ancestor=blog) == blog
    assert E.target_origin(e, referrer=blog + "/post") == blog
    # Where the browser says nothing (no referrer, no ancestorOrigins), the
    # host parameter is used: only a parent of that origin can receive it.
    assert E.target_origin(e) == blog
    # Where the browser names another parent, nothing is sent at all.
    assert E.target_origin(e, ancestor="https://evil.example") == ""
    assert E.target_origin(e, referrer="https://evil.example/") == ""


@pytest.mark.parametrize("host", ["*", "null", "javascript:alert(1)", HOSTILE, "//evil.example", "file:///x"])
def test_a_bad_host_parameter_is_ignored(host):
    from urllib.parse import quote

    e = embed_of(f"?embed=1&host={quote(host)}")
    assert e.host == ""
    assert E.target_origin(e, ancestor="https://blog.example") == "https://blog.example"
    assert E.target_origin(e) == ""


def test_reporter_sends_ready_once_and_nothing_else():
    sent = []
    r = E.Reporter(sent.append)
    r.ready()
    r.ready()
    assert sent == [{"type": "baza:ready"}]
    # The frame's size is the host's: no height, nor anything else, is ever sent.
    assert [name for name in vars(E.Reporter) if not name.startswith("_")] == ["ready"]
    sent[0]["type"] = "changed"
    r2 = E.Reporter(sent.append)
    r2.ready()
    assert sent[-1] == {"type": "baza:ready"}  # a fresh copy each time


@pytest.mark.parametrize(
    ("href", "tab"),
    [
        ("https://games.example/baza/?game=hearts&embed=1", "https://games.example/baza/?game=hearts"),
        ("https://games.example/?embed=1&id=post-42&host=https%3A%2F%2Fblog.example&preset=standard&lang=pt",
         "https://games.example/?preset=standard&lang=pt"),
        ("http://127.0.0.1:8000/index.html?embed=true#x", "http://127.0.0.1:8000/index.html"),
        ("https://games.example/?game=spades&players=3&embed=1&embed=1", "https://games.example/?game=spades&players=3"),
    ],
)
def test_own_tab_url_drops_what_only_a_frame_uses(href, tab):
    assert E.own_tab_url(href) == tab
    assert E.parse(urlsplit(E.own_tab_url(href)).query, "hearts").enabled is False


def test_ui_never_reaches_into_the_host_page():
    """Of the parent window, ui/ uses postMessage and nothing else; no top, opener or frameElement."""
    used = set()
    for path in sorted((ROOT / "ui").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in ("top", "opener", "frameElement", "frames"):
            assert not re.search(rf"\bwindow\.{name}\b", text), f"{path.name} uses window.{name}"
        used |= {(path.name, attr) for attr in re.findall(r"\bparent\.(\w+)", text)}
    assert used == {("app.py", "postMessage")}
    main = (ROOT / "ui" / "app.py").read_text(encoding="utf-8")
    assert "postMessage(to_js(message), target)" in main
    assert '"*"' not in main and "'*'" not in main


class _RefusedStorage:
    """A frame of another site where the browser refuses storage (third-party cookies blocked)."""

    origin = "https://games.example"

    @property
    def localStorage(self):  # the browser's name
        raise RuntimeError("SecurityError: Failed to read the 'localStorage' property from 'Window'.")


CALM_NOTES = {
    "en": ("This game will not be saved here.", "Open in its own tab"),
    "es": ("Esta partida no se guardará aquí.", "Abrir en otra pestaña"),
    "pt": ("Esta partida não será salva aqui.", "Abrir em outra aba"),
    "sv": ("Det här spelet sparas inte här.", "Öppna i egen flik"),
}


@pytest.mark.parametrize("lang", sorted(CALM_NOTES))
def test_a_frame_without_storage_gets_one_calm_line(lang):
    """In embed mode a refused storage is a quiet note with the link to the
    game's own tab, in the page's language; the full page keeps its warning."""
    from saves_helpers import make, until_human
    from ui_helpers import run

    from ui.i18n import set_language
    from ui.saves.dom import LocalStorage

    async def go():
        c, saves, _ = make(LocalStorage(_RefusedStorage()), prefix=embed_of("?game=hearts&embed=1").storage_prefix)
        saves.boot()
        note = saves.note()
        assert (note.text, note.own_tab) == CALM_NOTES[lang]
        assert note.level == "quiet" and note.buttons == ()
        assert (await until_human(c)).awaiting == "pass"  # it plays on, unsaved
        c.generation += 1
        c, full, _ = make(LocalStorage(_RefusedStorage()))
        full.boot()
        assert full.note().level == "problem" and full.note().own_tab == ""
        assert full.note().text != note.text
        await until_human(c)
        c.generation += 1

    set_language(lang)
    try:
        run(go())
    finally:
        set_language("en")


def test_the_snippet_builder_offers_the_games_own_choices():
    """embed.html's choices are the names ui/settings.py accepts in a link:
    each game's presets, the levels, the languages, the players each game allows."""
    from html.parser import HTMLParser

    from game.rules import PRESETS
    from ui.i18n import LANGUAGES

    options: dict[str, list[tuple[str, str]]] = {}

    class Options(HTMLParser):
        select = ""

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "select":
                self.select = a["id"]
                options[self.select] = []
            elif tag == "option" and self.select:
                options[self.select].append((a.get("value", ""), a.get("data-game", "")))

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = ""

    Options().feed((ROOT / "embed.html").read_text(encoding="utf-8"))
    assert {g: {v for v, game in options["preset"] if game == g} for g in PRESETS} == {
        g: set(PRESETS[g]) for g in PRESETS
    }
    assert all(game in PRESETS for _, game in options["preset"])
    assert [v for v, _ in options["level"] if v] == list(S.LEVELS)
    assert {v for v, _ in options["lang"] if v} == set(LANGUAGES)
    assert sorted(v for v, _ in options["game"]) == sorted(PRESETS)
    assert options["game"][0][0] == S.Settings().game  # the default game first
    for game in PRESETS:
        offered = [v for v, g in options["players"] if v and g in ("", game)]
        accepted = [v for v in map(str, range(2, 9)) if S.from_query(f"?game={game}&players={v}").players == int(v)]
        assert offered == accepted, game
    # Every link the builder can write opens the game it names.
    for game in PRESETS:
        for preset, g in options["preset"]:
            if g == game:
                s = S.from_query(f"?game={game}&preset={preset}")
                assert s.game == game and embed_of(f"?game={game}&preset={preset}&embed=1").enabled
