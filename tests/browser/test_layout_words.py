"""Words around the table in the player's language: the notice of a new
version (assets/sw-register.js) speaks the table's language, not English,
and changes language with the table while it is on screen.

Two builds from one copy of the sources, the second with one file changed,
are served in turn from the same origin, as in test_update.py; the player
plays in Swedish.
"""

from conftest import build_from, copy_sources, logged, wait_ready
from playwright.sync_api import expect

from ui.i18n import catalogue

MARK = '\ndocument.documentElement.dataset.build = "second";\n'


def test_update_notice_in_the_table_language(fresh_browser, serve, tmp_path, artifacts):
    src = copy_sources(tmp_path / "src")
    build_from(src, tmp_path / "first")
    with (src / "assets" / "sw-register.js").open("a", encoding="utf-8") as file:
        file.write(MARK)
    build_from(src, tmp_path / "second")
    words = catalogue("sv")

    site = serve(tmp_path / "first")
    page = logged(fresh_browser.new_page())
    page.goto(site.url + "?lang=sv")
    wait_ready(page)
    page.evaluate("() => navigator.serviceWorker.ready")
    site.swap(tmp_path / "second")
    page.reload()
    wait_ready(page)
    notice = page.locator("#update-notice")
    expect(notice).to_be_visible(timeout=60_000)
    expect(notice).to_have_attribute("lang", "sv")
    expect(notice).to_contain_text(words["page.update_ready"])
    assert "new version" not in notice.inner_text()
    expect(notice.get_by_role("button", name=words["page.update_reload"], exact=True)).to_be_visible()
    later = notice.get_by_role("button", name=words["page.update_later"], exact=True)
    expect(later).to_be_visible()
    page.screenshot(path=artifacts / "update-notice-sv.png")
    # The language switched while the notice is up: the notice follows.
    page.select_option("#lang", "es")
    expect(notice).to_have_attribute("lang", "es")
    expect(notice).to_contain_text(catalogue("es")["page.update_ready"])
    later = notice.get_by_role("button", name=catalogue("es")["page.update_later"], exact=True)
    later.click()
    expect(notice).to_have_count(0)
    page.log.assert_no_errors()
