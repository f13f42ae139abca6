"""The start zip without ipaddress, hmac and html.entities (build/runtime/python-edits/).

urllib.parse imports ipaddress only to check a bracketed host, secrets
imports hmac only for compare_digest, and html its named references only
for unescape (PyScript calls escape): none is called at a start, so the
start zip leaves them to the whole standard library mounted after ready.
What the game calls works from the start zip alone, and what needs them
works once the whole zip is there, with the very same results.
"""

import zipfile

from build_helpers import built_site, run_on_start_zip, start_zip_modules  # noqa: F401 (the dist fixture)

LATER = {"ipaddress", "hmac"}

# Pyodide started from the start zip as the page's loader starts it: the
# game's calls first (a seed, a tab id, a query, a URL), then the stock zip
# put on the path as the loader mounts it after ready, and the calls that
# need ipaddress and hmac.
CHECK = """
import json, sys
import secrets
from urllib.parse import parse_qs, urlsplit
game = {
    "seed": 0 <= secrets.randbits(31) < 2**31,
    "tab": len(secrets.token_hex(6)),
    "query": parse_qs("game=hearts&seat=2"),
    "host": urlsplit("https://example.org:8443/baza/?embed=1").hostname,
}
at_start = sorted(m for m in %(later)s if m in sys.modules)
sys.path.append("/lib/python_stdlib.zip")
def refused(url):
    try:
        urlsplit(url)
    except ValueError as error:
        return str(error)
later = {
    "ipv6": urlsplit("http://[::1]:8000/x").hostname,
    "ipv4 in brackets": refused("http://[127.0.0.1]/"),
    "not an address": refused("http://[nohost]/") is not None,
    "same": secrets.compare_digest("abc", "abc"),
    "differ": secrets.compare_digest(b"abc", b"abd"),
}
json.dumps({"game": game, "at_start": at_start, "later": later,
            "imported": sorted(m for m in %(later)s if m in sys.modules)})
"""


def test_the_start_leaves_ipaddress_and_hmac_for_later_and_they_still_work(dist, tmp_path):
    tops = start_zip_modules(dist)
    assert not tops & LATER and {"secrets", "urllib"} <= tops
    assert run_on_start_zip(dist, tmp_path, CHECK % {"later": sorted(LATER)}) == {
        "game": {"seed": True, "tab": 12, "query": {"game": ["hearts"], "seat": ["2"]}, "host": "example.org"},
        "at_start": [],
        "later": {
            "ipv6": "::1",
            "ipv4 in brackets": "An IPv4 address cannot be in brackets",
            "not an address": True,
            "same": True,
            "differ": False,
        },
        "imported": ["hmac", "ipaddress"],
    }


# PyScript's display() escapes with html.escape at start; a page that reads
# named references (unescape) gets them once the whole zip is mounted.
HTML = """
import json, sys
import html
at_start = {"escaped": html.escape("<b>Hearts & Spades</b>"), "entities": "html.entities" in sys.modules}
sys.path.append("/lib/python_stdlib.zip")
unescaped = html.unescape("&amp; &eacute; &notin; &#9824; &nosuch;")
later = {"unescaped": unescaped, "entities": "html.entities" in sys.modules}
json.dumps({"at_start": at_start, "later": later})
"""


def test_the_start_leaves_html_entities_for_later_and_unescape_still_works(dist, tmp_path):
    (start,) = dist.glob("runtime/start-*/python_stdlib_pyc.zip")
    names = set(zipfile.ZipFile(start).namelist())
    assert "html/__init__.pyc" in names and "html/entities.pyc" not in names
    assert run_on_start_zip(dist, tmp_path, HTML) == {
        "at_start": {"escaped": "&lt;b&gt;Hearts &amp; Spades&lt;/b&gt;", "entities": False},
        "later": {"unescaped": "& \u00e9 \u2209 \u2660 &nosuch;", "entities": True},
    }
