"""Embed mode: the game inside another site's page (a blog post's <iframe>).

Pure Python (no browser import), tested under CPython: tests/ui/test_embed.py.
ui/app.py reads the URL and the browser's facts, and does what this says.

With ``embed=1`` in its URL the page drops its chrome (assets/embed.css),
keeps its saves under a storage prefix of its own, and tells the page that
embeds it two things through ``postMessage``: that it is ready, once, and
its height whenever that changes. Nothing else ever goes to the host, and
nothing is read from it: the host's origin is learnt from what the browser
says about the frame (``location.ancestorOrigins``, ``document.referrer``),
never from the host's page.

>>> e = parse("?game=hearts&preset=standard&embed=1", "hearts")
>>> e.enabled, e.storage_prefix
(True, 'baza:embed:hearts:')
>>> parse("?embed=1&id=post-42", "spades").storage_prefix
'baza:embed:post-42:'
>>> parse("?game=hearts", "hearts").storage_prefix
'baza:'
>>> target_origin(e, ancestor="https://blog.example", referrer="https://blog.example/2024/cards/")
'https://blog.example'
>>> height_message(612.4)
{'type': 'baza:height', 'height': 613}
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

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
MAX_HEIGHT = 20_000  # px; a taller page is cut (the host clamps again anyway)


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


def height_message(height: float) -> dict[str, Any]:
    """The one message the page sends as it grows and shrinks."""
    if not isinstance(height, (int, float)) or not math.isfinite(height):
        height = 0
    return {"type": "baza:height", "height": max(0, min(MAX_HEIGHT, math.ceil(height)))}


class Reporter:
    """Sends ``baza:ready`` once and ``baza:height`` when the height changes.

    ``post(message)`` sends one message (ui/app.py: ``window.parent.
    postMessage(message, target_origin)``); there is nothing else it can do.
    """

    def __init__(self, post: Callable[[dict[str, Any]], None]) -> None:
        self.post = post
        self.is_ready = False
        self.height: int | None = None

    def ready(self) -> None:
        if not self.is_ready:
            self.is_ready = True
            self.post(dict(READY_MESSAGE))

    def report(self, height: float) -> None:
        message = height_message(height)
        if message["height"] != self.height:
            self.height = message["height"]
            self.post(message)
