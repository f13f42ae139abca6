"""build/serve.py answers as a real host does: the right encoding for each
request, Vary: Accept-Encoding, and the file itself when nothing fits
(no browser needed)."""

import gzip
import os
import threading
import urllib.request

import pytest
from conftest import fresh_server

BODY = b"const table = 'Baza';\n" * 200
WASM = b"\0asm\1\0\0\0" + b"\x20\x00\x41\x01\x6a" * 400
ZIP = b"PK\3\4" + b"print('stored, not deflated')\n" * 300


@pytest.fixture
def site(tmp_path):
    """A folder with one script and its precompressed copies (stand-ins the
    tests can tell apart from the file), and one image without copies."""
    (tmp_path / "app.js").write_bytes(BODY)
    (tmp_path / "app.js.br").write_bytes(b"brotli copy")
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(BODY, mtime=0))
    (tmp_path / "icon.png").write_bytes(b"\x89PNG not compressible")
    (tmp_path / "code.wasm").write_bytes(WASM)
    (tmp_path / "start.zip").write_bytes(ZIP)  # stored entries: compressible, as the build's zips are
    (tmp_path / "start.zip.gz").write_bytes(gzip.compress(ZIP, mtime=0))
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>Baza</title>" * 50)
    return tmp_path


def get(server, path: str, accept: str | None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{server.server_address[1]}{path}")
    if accept is not None:
        request.add_header("Accept-Encoding", accept)
    with urllib.request.urlopen(request) as response:
        return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()


@pytest.fixture
def serving(site):
    servers = []

    def start(encoding: str):
        server = fresh_server(site, encoding=encoding)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("accept", "coding", "body"),
    [
        ("gzip, deflate, br, zstd", "br", b"brotli copy"),
        ("gzip, deflate", "gzip", gzip.compress(BODY, mtime=0)),
        ("br;q=0, gzip", "gzip", gzip.compress(BODY, mtime=0)),
        ("identity", None, BODY),
        (None, None, BODY),
    ],
)
def test_auto_serves_the_precompressed_copy_the_request_accepts(serving, accept, coding, body):
    status, headers, data = get(serving("auto"), "/app.js", accept)
    assert (status, headers.get("content-encoding"), data) == (200, coding, body)
    assert headers["vary"] == "Accept-Encoding"
    assert headers["content-type"].startswith("text/javascript")
    assert int(headers["content-length"]) == len(data)


def test_gzip_compresses_on_the_fly_and_ignores_the_copies(serving):
    server = serving("gzip")
    status, headers, data = get(server, "/app.js", "gzip, deflate, br")
    assert (status, headers["content-encoding"], headers["vary"]) == (200, "gzip", "Accept-Encoding")
    assert gzip.decompress(data) == BODY
    _, headers, data = get(server, "/app.js", "br")  # no gzip accepted: the file itself
    assert ("content-encoding" not in headers, data) == (True, BODY)
    _, headers, data = get(server, "/", "gzip")  # a folder's index.html too
    assert headers["content-encoding"] == "gzip" and gzip.decompress(data).startswith(b"<!doctype html>")


def test_none_and_incompressible_files_go_as_they_are(serving, site):
    _, headers, data = get(serving("none"), "/app.js", "gzip, deflate, br")
    assert ("content-encoding" not in headers, data) == (True, BODY)
    _, headers, data = get(serving("auto"), "/icon.png", "gzip, deflate, br")
    assert ("content-encoding" not in headers, data) == (True, (site / "icon.png").read_bytes())


def test_a_copy_older_than_its_file_is_not_served(serving, site):
    stat = (site / "app.js").stat()
    os.utime(site / "app.js.br", (stat.st_atime, stat.st_mtime - 10))  # the file was edited after the build
    _, headers, data = get(serving("auto"), "/app.js", "br, gzip")
    assert (headers.get("content-encoding"), gzip.decompress(data)) == ("gzip", BODY)


def test_an_unknown_encoding_mode_is_refused(site):
    with pytest.raises(ValueError, match="encoding must be one of"):
        fresh_server(site, encoding="zstd")


def test_gzip_nozip_compresses_text_and_wasm_but_sends_zips_as_they_are(serving):
    """As an ordinary host compresses by content type: application/zip is not
    among its types, whatever the zip holds and whatever lies beside it."""
    server = serving("gzip-nozip")
    for path, source, kind in (("/app.js", BODY, "text/javascript"), ("/code.wasm", WASM, "application/wasm")):
        status, headers, data = get(server, path, "gzip, deflate, br, zstd")
        assert (status, headers["content-encoding"], headers["vary"]) == (200, "gzip", "Accept-Encoding"), path
        assert headers["content-type"].startswith(kind) and gzip.decompress(data) == source
    _, headers, data = get(server, "/", "gzip")  # the page itself too
    assert headers["content-encoding"] == "gzip" and gzip.decompress(data).startswith(b"<!doctype html>")
    status, headers, data = get(server, "/start.zip", "gzip, deflate, br, zstd")
    assert (status, headers["content-type"], data) == (200, "application/zip", ZIP)
    assert "content-encoding" not in headers and "vary" not in headers
    # Where the zips are compressed: gzip on the fly, and auto's precompressed copy.
    _, headers, data = get(serving("gzip"), "/start.zip", "gzip, br")
    assert (headers["content-encoding"], gzip.decompress(data)) == ("gzip", ZIP)
    _, headers, data = get(serving("auto"), "/start.zip", "gzip")
    assert (headers["content-encoding"], gzip.decompress(data)) == ("gzip", ZIP)
