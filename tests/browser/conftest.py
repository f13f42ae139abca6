"""Fixtures for browser tests: build dist/, serve it, drive Debian's Chromium.

Playwright cannot download its own browsers here, so it launches the system
Chromium (CHROMIUM env var, else /usr/bin/chromium) through executable_path.
"""

import os
import runpy
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# The very server that `bash build/play.sh` runs (loaded by path: build/ is no package).
make_server = runpy.run_path(str(ROOT / "build" / "serve.py"))["make_server"]

# Headless and quiet: no GPU, and no background traffic (updates, sync,
# field trials) that would show up as requests to other origins.
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).is_file():
        pytest.exit(
            f"no Chromium at {path}: apt-get install chromium, or set CHROMIUM", 2
        )
    return path


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """A fresh build of the site, made once per test session."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, str(ROOT / "build" / "build.py"), "--out", str(out)],
        check=True,
    )
    return out


@pytest.fixture(scope="session")
def base_url(dist) -> str:
    """URL of dist/ served on a free port by build/serve.py's server."""
    server = make_server(dist, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        # A persistent context is the only way to pass a user data dir; a
        # fresh one per session means no cache, storage or IndexedDB carried over.
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=chromium_path(),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800},
        )
        yield context
        context.close()


@dataclass
class PageLog:
    """What a page did: console errors, uncaught errors, every request URL."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def assert_same_origin(self, origin: str) -> None:
        want = urlsplit(origin)[:2]
        foreign = [
            url
            for url in self.requests
            if urlsplit(url)[:2] != want and not url.startswith(("data:", "blob:"))
        ]
        assert not foreign, f"requests to other origins: {foreign}"

    def assert_no_errors(self) -> None:
        assert not self.page_errors, f"uncaught page errors: {self.page_errors}"
        assert not self.console_errors, f"console errors: {self.console_errors}"


@pytest.fixture
def page(browser, base_url):
    """A new tab whose activity is in page.log (a PageLog); closed after the test."""
    tab = browser.new_page()
    log = PageLog()
    tab.on(
        "console",
        lambda msg: msg.type == "error" and log.console_errors.append(msg.text),
    )
    tab.on("pageerror", lambda error: log.page_errors.append(str(error)))
    tab.on("request", lambda request: log.requests.append(request.url))
    tab.log = log
    yield tab
    tab.close()


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots and other outputs worth looking at (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
