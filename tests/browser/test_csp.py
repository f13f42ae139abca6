"""The game runs under the Content-Security-Policy that docs/HOSTING.md recommends.

build/serve.py --csp sends RECOMMENDED_CSP; the page must boot, register its
service worker and boot again from its cache without a single violation.
"""


import pytest
from conftest import ROOT, SW_READY, build_from, copy_sources, logged, wait_ready
from playwright.sync_api import expect
from serve import RECOMMENDED_CSP
from table_helpers import check_clean, play_hand

# Runs before any page script: keeps every CSP violation the page reports.
RECORD_VIOLATIONS = """
window.__violations = [];
addEventListener("securitypolicyviolation", (e) => window.__violations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`));
"""

# Every parameter the table reads, with markup in it; speed=instant is real.
HOSTILE = (
    '?game=<img src=x onerror=alert(1)>&preset="><script>alert(2)</script>'
    "&players=<svg/onload=alert(3)>&target=1e9&level=</title><b>x&seed=1<b>&speed=instant"
)
INJECTED = "img[src='x'], svg[onload], script:not([src]):not([type])"

# Proof that the policy is in force, so that a quiet page means something.
# (Playwright's own evaluate() may eval, so the probes use what CSP governs
# whoever calls it: loading a script, and the HTML sinks of Trusted Types.)
TRY_SCRIPT = """async () => {
  try { await import("data:text/javascript,export default 1"); return "ran"; }
  catch (e) { return e.name; }
}"""
# The page's node builder (assets/nodes.js) under the policy: markup in a
# text stays text, "svg:" makes SVG, "--" names set custom properties.
MADE = """() => {
  const [seat, pip] = bazaNodes.list(JSON.stringify([
    ["h2", {"class": "seat-name", "--x": "25%"}, "<img src=x onerror=alert(5)>"],
    ["svg:svg", {"class": "pip"}, ["svg:use", {"href": "#suit-S"}]],
  ]));
  document.body.append(seat, pip);
  const made = [seat.textContent, seat.childElementCount, seat.style.getPropertyValue("--x"),
                pip.namespaceURI, pip.firstChild.namespaceURI];
  seat.remove();
  pip.remove();
  return made;
}"""
TRY_HTML = """() => {
  try { document.body.insertAdjacentHTML("beforeend", "<img src=x>"); return "ran"; }
  catch (e) { return e.name; }
}"""


@pytest.mark.parametrize("delivery", ["header", "meta", "header-nothing-compressed"])
def test_boots_under_the_recommended_csp(delivery, fresh_browser, serve, dist, tmp_path, artifacts):
    """The policy as a header (serve.py --csp), or in index.html (build.py --csp-meta);
    and as a header from a host that compresses nothing, where the page and the
    service worker compile the xz copies' decoder (assets/packed.js)."""
    if delivery == "meta":
        build_from(copy_sources(tmp_path / "src"), tmp_path / "dist", "--csp-meta")
        site = serve(tmp_path / "dist")
    else:
        site = serve(dist, csp=True, encoding="none" if delivery.endswith("nothing-compressed") else "auto")
    page = logged(fresh_browser.new_page())
    page.add_init_script(RECORD_VIOLATIONS)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    response = page.goto(site.url)
    if delivery.startswith("header"):
        assert response.headers["content-security-policy"] == "; ".join(RECOMMENDED_CSP)
    else:
        assert "content-security-policy" not in response.headers
        meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
        assert "trusted-types baza-sw" in meta.get_attribute("content")
    wait_ready(page)
    assert page.evaluate("window.__violations") == []
    if delivery.endswith("nothing-compressed"):  # the copies were taken, and decoded under the policy
        assert any(url.endswith("/pyodide.asm.wasm.xz") for url in page.log.requests), page.log.requests
    # The service worker registers and fills its cache under the policy too,
    # and the page boots again from that cache (with the same policy), this
    # time with markup in every URL parameter: refused, or shown as text.
    page.evaluate(SW_READY)
    page.goto(site.url + HOSTILE)
    wait_ready(page)
    assert page.locator(INJECTED).count() == 0
    assert page.title() in ("Baza: Spades & Hearts", "Your turn · Baza")  # the page's own words, nothing of the link
    expect(page.locator("#title")).not_to_contain_text("<")
    # The game plays: a hand to its end.
    play_hand(page)
    expect(page.locator("#summary")).to_be_visible()
    page.screenshot(path=artifacts / f"csp-{delivery}.png", full_page=True)
    assert page.evaluate("window.__violations") == []
    assert dialogs == []
    assert page.locator(INJECTED).count() == 0
    check_clean(page, site.url)

    svg = "http://www.w3.org/2000/svg"
    assert page.evaluate(MADE) == ["<img src=x onerror=alert(5)>", 0, "25%", svg, svg]
    assert page.evaluate("window.__violations") == [] and dialogs == []

    assert page.evaluate(TRY_SCRIPT) == "TypeError"  # scripts from the site's own files only
    assert page.evaluate(TRY_HTML) == "TypeError"  # Trusted Types: no HTML from strings
    assert len(page.evaluate("window.__violations")) == 2


def test_docs_recommend_the_served_csp():
    """docs/HOSTING.md gives the very policy serve.py sends, and explains every directive."""
    docs = (ROOT / "docs" / "HOSTING.md").read_text(encoding="utf-8")
    assert "; ".join(RECOMMENDED_CSP) in docs
    for directive in RECOMMENDED_CSP:
        assert f"| `{directive}` |" in docs, f"HOSTING.md does not explain {directive}"
