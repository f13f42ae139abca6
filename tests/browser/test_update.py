"""A new build reaches a returning player as a whole: notice first, then reload.

Two builds from one copy of the sources, the second with one file changed,
are served in turn from the same origin (with the recommended CSP, so the
notice is checked under it too).
"""

from conftest import SW_READY, build_from, copy_sources, logged, wait_ready
from playwright.sync_api import expect

MARK = '\ndocument.documentElement.dataset.build = "second";\n'


def test_new_build_shows_notice_then_runs(fresh_browser, serve, tmp_path, artifacts):
    src = copy_sources(tmp_path / "src")
    first = build_from(src, tmp_path / "first")
    with (src / "assets" / "sw-register.js").open("a", encoding="utf-8") as file:
        file.write(MARK)
    second = build_from(src, tmp_path / "second")
    before = {f["path"]: f["sha256"] for f in first["files"]}
    after = {f["path"]: f["sha256"] for f in second["files"]}
    changed = {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}
    # The changed file, and the page that refers to it by its new ?v= URL.
    assert changed == {"assets/sw-register.js", "index.html"}

    site = serve(tmp_path / "first", csp=True)
    page = logged(fresh_browser.new_page())
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate(SW_READY)["names"] == [f"baza-{first['version']}"]

    # The next visit, online, after the host got the new build.
    site.swap(tmp_path / "second")
    page.reload()
    wait_ready(page)
    notice = page.locator("#update-notice")
    expect(notice).to_be_visible(timeout=60_000)
    expect(notice).to_contain_text("new version of Baza")
    expect(notice).to_have_attribute("role", "status")
    page.screenshot(path=artifacts / "update-notice.png")
    # Meanwhile the page runs the first build, all of it.
    assert page.evaluate("document.documentElement.dataset.build") is None

    # "Later" hides the notice; it comes back on the next visit.
    notice.get_by_role("button", name="Later").click()
    expect(notice).to_have_count(0)
    page.reload()
    wait_ready(page)
    expect(notice).to_be_visible(timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.build") is None

    with page.expect_navigation():
        notice.get_by_role("button", name="Reload").click()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-build", "second")
    expect(notice).to_have_count(0)
    caches = page.evaluate(SW_READY)
    assert caches == {"names": [f"baza-{second['version']}"], "counts": [second["count"]]}
    page.log.assert_no_errors()
