"""Serve dist/ on 127.0.0.1 with the standard library only.

    python3 build/serve.py [--port 8000] [--dir dist] [--csp] [--quiet] [--encoding auto|gzip|gzip-nozip|none]

It sends what docs/HOSTING.md asks of a real host: the right MIME types,
cache headers (runtime/ for good, everything else revalidated), and with
--csp the recommended Content-Security-Policy. tests/browser/conftest.py
imports make_server() to run the same server.

Compression, as hosts do it (--encoding):
  auto   the build's precompressed files: FILE.br when the request accepts
         br, else FILE.gz when it accepts gzip, else FILE itself (nginx's
         brotli_static and gzip_static, Netlify, Cloudflare Pages); a copy
         older than its file (edited after the build) is not used
  gzip   gzip made on the fly at level 6 for compressible types, whatever
         lies beside the file, the zips included
  gzip-nozip
         the same for the types ordinary hosts compress (text, JavaScript,
         CSS, JSON, wasm, SVG: GZIP_TYPES) but not application/zip, a type
         meant to be compressed already, nor any other: what a usual nginx
         gzip_types and most hosts that compress on the fly do
  none   every file as it is (a host that compresses nothing: an object
         store's bucket)
Every compressible answer says `Vary: Accept-Encoding`, so that no cache
hands a brotli body to a client that did not ask for one.
"""

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import os
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Set explicitly: http.server guesses from the OS's mime.types (or the Windows
# registry), where .mjs or .wasm may be missing or .js may be text/plain.
# Browsers refuse ES modules without a JavaScript type, and
# WebAssembly.instantiateStreaming() requires application/wasm.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".xz": "application/x-xz",  # the wasm's and zips' copies (assets/packed.js)
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".woff2": "font/woff2",
}


# The Content-Security-Policy that docs/HOSTING.md recommends, one directive
# a line; HOSTING.md says why each source is there, and tests/browser/
# test_csp.py checks that the two agree and that the game plays under it.
RECOMMENDED_CSP = [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
    "require-trusted-types-for 'script'",
    "trusted-types baza-sw baza-start",
]

# What a host compresses: text, and the wasm (its code compresses to about a
# third). Images and fonts are compressed already.
COMPRESSIBLE = {
    ".html", ".js", ".mjs", ".css", ".py", ".pyc", ".toml", ".json", ".webmanifest", ".wasm", ".zip", ".svg", ".txt",
}
# The precompressed files that build/build.py writes beside the others, by
# the Accept-Encoding token each answers.
PRECOMPRESSED = {"br": ".br", "gzip": ".gz"}
ENCODINGS = ("auto", "gzip", "gzip-nozip", "none")
# What a host that compresses by content type compresses (gzip-nozip): the
# text types and wasm, as nginx's usual gzip_types and the hosts' own lists
# have them. application/zip and application/toml are not among them.
GZIP_TYPES = {"application/json", "application/manifest+json", "application/wasm", "image/svg+xml"}


def compressed_by_type(content_type: str) -> bool:
    """Whether a host that compresses by content type gzips this one.

    >>> [compressed_by_type(t) for t in ("text/javascript; charset=utf-8", "application/wasm", "application/zip")]
    [True, True, False]
    """
    essence = content_type.partition(";")[0].strip().lower()
    return essence.startswith("text/") or essence in GZIP_TYPES


def accepted(header: str) -> set[str]:
    """The content codings an Accept-Encoding header accepts (q=0 refuses one).

    >>> sorted(accepted("gzip, deflate, br, zstd"))
    ['br', 'deflate', 'gzip', 'zstd']
    >>> sorted(accepted("br;q=0, gzip;q=0.5"))
    ['gzip']
    """
    tokens = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            refused = float(q) == 0
        except ValueError:
            refused = False
        if name.strip() and not refused:
            tokens.add(name.strip().lower())
    return tokens


# A file under runtime/ never changes (its folder name holds the version and
# a hash), and a URL with ?v=<hash> names one content: both may be cached for
# good. Everything else must be revalidated (index.html, sw.js, files.json).
IMMUTABLE = "public, max-age=31536000, immutable"


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self):
        path, _, query = self.path.partition("?")
        versioned = path.lstrip("/").startswith("runtime/") or "v=" in query.split("&")[0]
        self.send_header("Cache-Control", IMMUTABLE if versioned else "no-cache")
        # Cross-origin isolation lets PyScript workers use SharedArrayBuffer
        # later.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        # A frame sandboxed without allow-same-origin has the opaque origin
        # "null": to it every file here is cross-origin. Its module scripts
        # and fetches then need CORS, which `*` grants as GitHub Pages and
        # Cloudflare Pages do (public files, no credentials); its style
        # sheets and classic scripts, loaded under the COEP above, need
        # this CORP. A blog page that itself sends COEP needs it too.
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        if self.server.csp:
            self.send_header("Content-Security-Policy", "; ".join(RECOMMENDED_CSP))
        super().end_headers()

    def send_head(self):
        # Drop conditional headers so every answer is a full 200: a test may
        # swap the served folder for another build with older file times.
        for name in ("If-Modified-Since", "If-None-Match"):
            del self.headers[name]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.partition("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")  # as SimpleHTTPRequestHandler serves a folder
        suffix = os.path.splitext(path)[1]
        if self.server.encoding == "none" or suffix not in COMPRESSIBLE or not os.path.isfile(path):
            return super().send_head()
        if self.server.encoding == "gzip-nozip" and not compressed_by_type(self.guess_type(path)):
            return super().send_head()  # as such a host sends a type it does not compress: no Vary either
        tokens = accepted(self.headers.get("Accept-Encoding", ""))
        if self.server.encoding in ("gzip", "gzip-nozip"):
            if "gzip" not in tokens:
                return self.plain(path)
            return self.answer(path, self.server.gzipped(path), "gzip")
        for token, extension in PRECOMPRESSED.items():
            # A copy older than its file is stale (the file was edited after the build): not served.
            if token in tokens and os.path.isfile(path + extension) and not self.stale(path, path + extension):
                with open(path + extension, "rb") as file:
                    return self.answer(path, file.read(), token)
        return self.plain(path)

    @staticmethod
    def stale(path: str, copy: str) -> bool:
        return os.path.getmtime(copy) < os.path.getmtime(path)

    def plain(self, path: str):
        """The file as it is, saying that another request might get it compressed."""
        with open(path, "rb") as file:
            return self.answer(path, file.read(), None)

    def answer(self, path: str, body: bytes, encoding: str | None):
        """A 200 with body: the file at path, in the content coding named (or none)."""
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(path))))
        self.end_headers()
        return io.BytesIO(body)

    def log_request(self, code="-", size="-"):
        self.server.hits.append((self.command, self.path, int(code) if str(code).isdigit() else code))
        super().log_request(code, size)

    def log_message(self, format, *args):
        if not self.server.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """The threading server, with what Handler reads of it (make_server sets each)."""

    quiet: bool
    hits: list[tuple[str, str, int]]
    csp: bool
    encoding: str
    gzipped: Callable[[str], bytes]


def make_server(
    directory: Path, port: int = 8000, quiet: bool = False, csp: bool = False, encoding: str = "auto"
) -> Server:
    """A threading HTTP server for directory on 127.0.0.1 (port 0 = any free one).

    directory may be a symbolic link: it is followed on every request, so
    pointing it at another build serves that build from the same origin.
    csp=True sends RECOMMENDED_CSP with every answer. encoding is one of
    ENCODINGS (the module's docstring says what each does). server.hits
    lists every request answered, as (method, path, status).
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}, not {encoding!r}")
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    server.quiet = quiet
    server.hits = []
    server.csp = csp
    server.encoding = encoding
    made: dict[tuple[str, float, int], bytes] = {}

    def gzipped(path: str) -> bytes:
        """path gzipped at level 6, kept as a host's front end keeps it (a 9 MB
        wasm takes about half a second to compress)."""
        key = (path, os.path.getmtime(path), os.path.getsize(path))
        if key not in made:
            with open(path, "rb") as file:
                made[key] = gzip.compress(file.read(), compresslevel=6, mtime=0)
        return made[key]

    server.gzipped = gzipped
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve dist/ on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="default 8000; 0 = any free port")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="default dist/")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    parser.add_argument(
        "--csp",
        action="store_true",
        help="send the Content-Security-Policy that docs/HOSTING.md recommends",
    )
    parser.add_argument(
        "--encoding",
        choices=ENCODINGS,
        default="auto",
        help="auto: the build's .br/.gz files as the request accepts them (default); "
        "gzip: gzip on the fly; gzip-nozip: gzip on the fly for text and wasm but not zips; none: no compression",
    )
    args = parser.parse_args()
    if not (args.dir / "index.html").is_file():
        parser.exit(1, f"serve: {args.dir}/index.html not found; run build/build.py first\n")
    try:
        server = make_server(args.dir, args.port, args.quiet, args.csp, args.encoding)
    except OSError as error:  # most often: the port is taken
        parser.exit(1, f"serve: cannot listen on port {args.port}: {error}\n")
    with server:
        print(
            f"Baza is at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)",
            flush=True,
        )
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
