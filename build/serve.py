"""Serve dist/ on 127.0.0.1 with the standard library only.

    python3 build/serve.py [--port 8000] [--dir dist]

tests/browser/conftest.py imports make_server() to run the same server.
"""

import argparse
import functools
import http.server
from pathlib import Path
from typing import ClassVar

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
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".woff2": "font/woff2",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self):
        # no-store: after a rebuild the browser must never mix cached old
        # chunks or .py files with new ones (and never answer from a stale
        # 304). Cross-origin isolation lets PyScript workers use
        # SharedArrayBuffer later; every file here is same-origin anyway.
        self.send_header("Cache-Control", "no-store")
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def send_head(self):
        # Drop conditional headers so every answer is a full 200.
        for name in ("If-Modified-Since", "If-None-Match"):
            del self.headers[name]
        return super().send_head()

    def log_message(self, format, *args):
        if not self.server.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 8000, quiet: bool = False):
    """A threading HTTP server for directory on 127.0.0.1 (port 0 = any free one)."""
    handler = functools.partial(Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.quiet = quiet
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve dist/ on 127.0.0.1.")
    parser.add_argument(
        "--port", type=int, default=8000, help="default 8000; 0 = any free port"
    )
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="default dist/")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args()
    if not (args.dir / "index.html").is_file():
        parser.exit(
            1, f"serve: {args.dir}/index.html not found; run build/build.py first\n"
        )
    try:
        server = make_server(args.dir, args.port, args.quiet)
    except OSError as error:  # most often: the port is taken
        parser.exit(1, f"serve: cannot listen on port {args.port}: {error}\n")
    with server:
        print(
            f"Baza is at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)",
            flush=True,
        )
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
