"""Embed mode: the game inside another site's page (a blog post's <iframe>).

Pure Python (no browser import), tested under CPython: tests/ui/test_embed.py.
ui/app.py reads the URL and the browser's facts, and does what this says.

With ``embed=1`` in its URL the page drops its chrome and lays itself out
inside the frame's fixed size (assets/embed.css), keeps its saves under a
storage prefix of its own, and tells the page that embeds it one thing
through ``postMessage``: that it is ready, once. The frame's size is the
host's to choose and never changes, so no height is ever sent. Nothing is
read from the host: its origin is learnt from what the browser says about
the frame (``location.ancestorOrigins``, ``document.referrer``), never from
the host's page.

>>> e = parse("?game=hearts&preset=standard&embed=1", "hearts")
>>> e.enabled, e.storage_prefix
(True, 'baza:embed:hearts:')
>>> parse("?embed=1&id=post-42", "spades").storage_prefix
'baza:embed:post-42:'
>>> parse("?game=hearts", "hearts").storage_prefix
'baza:'
>>> target_origin(e, ancestor="https://blog.example", referrer="https://blog.example/2024/cards/")
'https://blog.example'
>>> own_tab_url("https://games.example/baza/?game=hearts&embed=1&id=post-42&lang=sv")
'https://games.example/baza/?game=hearts&lang=sv'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit, urlunsplit

DEFAULT_PREFIX = "baza:"  # the storage prefix of the page on its own
EMBED_PREFIX = "baza:embed:"  # + the embed's id or game + ":"

# An embed's id (the ``id`` parameter): letters, digits, "-" and "_", so that
# a storage key never holds anything odd. Anything else is ignored.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")
# A host name as browsers serialise it in an origin: ASCII (punycode for
# international names), or an IPv6 address in brackets.
HOSTNAME = re.compile(r"[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\]")
DEFAULT_PORTS = {"http": 80, "https": 443}

READY_MESSAGE = {"type": "baza:ready"}
# What only a frame uses: left out of the address of the game's own tab.
FRAME_PARAMS = ("embed", "id", "host")


@dataclass(frozen=True)
class Embed:
    """What the URL asks of embed mode, already checked.

    ``id``: the ``id`` parameter if it is a valid id, else "".
    ``host``: the origin of the ``host`` parameter if it is one, else "".
    ``storage_prefix``: where this page keeps its saves.
    """

    enabled: bool = False
    id: str = ""
    host: str = ""
    storage_prefix: str = DEFAULT_PREFIX


def _flag(value: str) -> bool:
    return value.strip().lower() in ("1", "true", "yes", "on")


def parse(query: str, game: str) -> Embed:
    """Embed settings from the page's URL query (``embed``, ``id``, ``host``).

    ``game`` is the game the URL chose, as ui/settings.py accepted it; it
    names the storage slot of an embed without an ``id``, so a Spades and a
    Hearts embed on one page keep apart. Two embeds of the same game on one
    page need an ``id`` each. Refused values are ignored, as with every
    other parameter: a bad link still opens a working table.
    """
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    if not _flag(params.get("embed", "")):
        return Embed()
    raw_id = params.get("id", "")
    embed_id = raw_id if ID_PATTERN.fullmatch(raw_id) else ""
    slot = embed_id or (game if ID_PATTERN.fullmatch(game) else "game")
    return Embed(
        enabled=True,
        id=embed_id,
        host=origin_of(params.get("host", "")),
        storage_prefix=f"{EMBED_PREFIX}{slot}:",
    )


def origin_of(url: str) -> str:
    """The origin of an http(s) URL, as browsers write it; "" for anything else.

    >>> origin_of("HTTPS://Blog.Example:443/post?x=1")
    'https://blog.example'
    >>> origin_of("http://127.0.0.1:8001/"), origin_of("javascript:alert(1)"), origin_of("null")
    ('http://127.0.0.1:8001', '', '')
    """
    if not isinstance(url, str) or len(url) > 2048 or any(c in url for c in "\\\t\n\r "):
        return ""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # a port that is no number, a broken IPv6 address
        return ""
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or parts.username is not None or parts.password is not None:
        return ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    if not HOSTNAME.fullmatch(host):
        return ""
    if port is not None and port != DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}:{port}"
    return f"{scheme}://{host}"


def target_origin(embed: Embed, ancestor: str = "", referrer: str = "") -> str:
    """The origin to address ``postMessage`` to, or "" to send nothing.

    ``ancestor``: the parent's origin from ``location.ancestorOrigins[0]``
    (Chromium, Safari; the browser's own word, "" where unknown).
    ``referrer``: ``document.referrer``, which for a frame is the page that
    embeds it (its origin at least, under the default referrer policy).

    The browser delivers a message only if the parent's origin is the target
    origin, so a wrong target loses the message, and leaks nothing. The
    ``host`` parameter is for hosts that send no referrer (``Referrer-Policy:
    no-referrer``) in a browser without ``ancestorOrigins`` (Firefox); when
    the browser does say who embeds the page and it is someone else, nothing
    is sent. An opaque parent ("null": a sandboxed page without
    allow-same-origin, a file opened from disk) gets nothing: the only target
    that would reach it is "*".
    """
    if not embed.enabled:
        return ""
    known = origin_of(ancestor) or origin_of(referrer)
    if embed.host:
        return embed.host if not known or known == embed.host else ""
    return known


def own_tab_url(href: str) -> str:
    """The address of this game in a tab of its own: ``href`` (the frame's
    ``location.href``) without the parameters only a frame uses, so the tab
    opens the full page with the same game, rules and language (and the
    full page's saves). assets/loading.js words the same link in JavaScript.

    >>> own_tab_url("http://127.0.0.1:8000/?embed=1")
    'http://127.0.0.1:8000/'
    """
    parts = urlsplit(href)
    kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in FRAME_PARAMS]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), ""))


class Reporter:
    """Sends ``baza:ready`` to the host, once, when the table is drawn.

    ``post(message)`` sends one message (ui/app.py: ``window.parent.
    postMessage(message, target_origin)``); there is nothing else it can do.
    """

    def __init__(self, post: Callable[[dict[str, Any]], None]) -> None:
        self.post = post
        self.is_ready = False

    def ready(self) -> None:
        if not self.is_ready:
            self.is_ready = True
            self.post(dict(READY_MESSAGE))
