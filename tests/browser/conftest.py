"""Fixtures for browser tests: build dist/, serve it, drive Debian's Chromium.

Playwright cannot download its own browsers here, so it launches the system
Chromium (CHROMIUM env var, else /usr/bin/chromium) through executable_path.
"""

import os
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from build_helpers import ROOT, build_from, built_site, copy_sources, file_list  # noqa: F401 (for the tests; built_site: the dist fixture)
from playwright.sync_api import expect, sync_playwright
from serve import make_server  # the very server that `bash build/play.sh` runs

ARTIFACTS = ROOT / "test-artifacts"

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


READY_TIMEOUT_MS = 60_000  # Pyodide's first start in a cold profile takes seconds

# Resolves once the service worker of the page is active and its cache holds
# the whole build (the files that come after ready join it as the page's own
# downloads of them end: build/sw.js), or 60 s have passed; returns the
# names of the caches and their numbers of entries.
SW_READY = """async () => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    sleep(60000).then(() => { throw new Error("no active service worker after 60 s"); }),
  ]);
  while (registration.active.state !== "activated") await sleep(50);
  // The build's files, as the worker's own script lists them (BUILD, written by build/build.py).
  const script = await (await fetch(registration.active.scriptURL)).text();
  const whole = JSON.parse(/^const BUILD = (.*);$/m.exec(script)[1]).files.length;
  const counted = async () => {
    const names = await caches.keys();
    const counts = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
    return { names, counts };
  };
  for (let waited = 0; waited < 60000; waited += 100) {
    const found = await counted();
    if (found.counts.length === 1 && found.counts[0] >= whole) return found;
    await sleep(100);
  }
  return counted();
}"""


def wait_ready(page) -> None:
    """Wait until the game marks the page ready (<html data-ready="true">)."""
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT_MS)


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).is_file():
        pytest.exit(f"no Chromium at {path}: apt-get install chromium, or set CHROMIUM", 2)
    return path


# Every port a server of this session has had. The shared browser keeps each
# origin's storage for the whole session, IndexedDB's memory snapshot with
# it: a new server on a port used before would inherit that origin's
# snapshot of the same build, and start from it instead of its own files.
USED_PORTS: set[int] = set()


def fresh_server(root: Path, **options):
    """build/serve.py's server for ``root`` on a port no server of this session had."""
    refused = []
    try:
        while True:
            server = make_server(root, port=0, quiet=True, **options)
            port = server.server_address[1]
            if port not in USED_PORTS:
                USED_PORTS.add(port)
                return server
            refused.append(server)  # held open meanwhile, so that the system picks another port
    finally:
        for server in refused:
            server.server_close()


@pytest.fixture(scope="session")
def base_url(dist) -> str:
    """URL of dist/ served on a free port by build/serve.py's server."""
    server = fresh_server(dist)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright():
    """The one Playwright driver of the session (the sync API cannot nest)."""
    with sync_playwright() as driver:
        yield driver


def launch(playwright, profile: str, service_workers: str):
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800},
        service_workers=service_workers,
    )


@pytest.fixture(scope="session")
def browser(playwright):
    """The shared browser of the session, with service workers blocked.

    A persistent context is the only way to pass a user data dir; a fresh
    one per session means no cache, storage or IndexedDB carried over.
    Without a service worker every test sees the files its server sends;
    the offline and update tests use fresh_browser instead.
    """
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile, service_workers="block")
        yield context
        context.close()


@pytest.fixture
def fresh_browser(playwright):
    """A browser with a profile of its own and service workers allowed."""
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile, service_workers="allow")
        yield context
        context.close()


class Site:
    """A build served on a port of its own, through a symlink that swap() moves."""

    def __init__(self, tmp: Path, dist: Path, csp: bool, encoding: str = "auto"):
        tmp.mkdir()
        self.link = tmp / "site"
        self.link.symlink_to(dist, target_is_directory=True)
        self.server = fresh_server(self.link, csp=csp, encoding=encoding)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def swap(self, dist: Path) -> None:
        """Serve another build from the same origin (an atomic rename)."""
        new = self.link.with_name("site.new")
        new.symlink_to(dist, target_is_directory=True)
        new.replace(self.link)

    def stop(self) -> None:
        """The network is gone: nothing answers on the port any more."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def serve(tmp_path):
    """serve(dist, csp=False, encoding="auto") -> Site: a build on a fresh port (a new origin).

    encoding: how build/serve.py compresses (auto: the build's .br/.gz files).
    """
    sites = []

    def start(dist: Path, csp: bool = False, encoding: str = "auto") -> Site:
        site = Site(tmp_path / f"site{len(sites)}", dist, csp, encoding)
        sites.append(site)
        return site

    yield start
    for site in sites:
        site.stop()


@dataclass
class PageLog:
    """What a page did: console errors, uncaught errors, every request URL."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def assert_same_origin(self, origin: str) -> None:
        want = urlsplit(origin)[:2]
        foreign = [url for url in self.requests if urlsplit(url)[:2] != want and not url.startswith(("data:", "blob:"))]
        assert not foreign, f"requests to other origins: {foreign}"

    def assert_no_errors(self) -> None:
        assert not self.page_errors, f"uncaught page errors: {self.page_errors}"
        assert not self.console_errors, f"console errors: {self.console_errors}"


def logged(tab):
    """Record a tab's console errors, uncaught errors and requests in tab.log."""
    log = PageLog()
    tab.on(
        "console",
        lambda msg: msg.type == "error" and log.console_errors.append(msg.text),
    )
    tab.on("pageerror", lambda error: log.page_errors.append(str(error)))
    tab.on("request", lambda request: log.requests.append(request.url))
    tab.log = log
    return tab


@pytest.fixture
def page(browser, base_url):
    """A new tab whose activity is in page.log (a PageLog); closed after the test."""
    tab = logged(browser.new_page())
    yield tab
    tab.close()
    forget_storage(browser, base_url)


def forget_storage(context, origin: str) -> None:
    """Clear the origin's localStorage: the game resumes a saved match, and
    the tests of the shared browser must each start from a new one."""
    tab = context.new_page()
    try:
        tab.goto(origin + "files.json")
        tab.evaluate("() => localStorage.clear()")
    finally:
        tab.close()


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots and other outputs worth looking at (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
