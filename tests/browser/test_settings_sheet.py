"""The score sheet, the rules, card colours, language and sounds on a phone
(issue 43): behind a clear button of the top bar, in a sheet, instead of
below the hand where nothing says they exist.

At each phone size (upright and sideways) and a tablet held upright, the
button is in the first screen and big enough to tap, the page is one screen
(nothing of the panel waits below the table), and the sheet it opens shows
every one of those controls inside the window, the score sheet whole; it
closes with Escape, with its Close button and with a tap beside it, the
focus back on the button; what is changed in it reaches the table. On a
desktop there is no button: the panel stands beside the table.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from table_helpers import check_clean, open_table, wait_turn

SIZES = [(360, 640), (390, 844), (844, 390), (740, 360), (768, 1024)]

# What the sheet must show, each inside the window once scrolled to: the
# score sheet whole (no column cut or scrolled away), every side named.
SHOWN = """(sheet) => {
  const out = [];
  const inWindow = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.left >= -0.5 && r.right <= innerWidth + 0.5; };
  const wanted = ['#sheet', '#rules', '#deck', '#lang', '#sound', 'label[for="sound"]', '#about-summary'];
  for (const sel of wanted) {
    const e = sheet.querySelector(sel);
    if (!e) { out.push(`${sel}: not in the sheet`); continue; }
    if (!e.closest('details:not([open])') && !inWindow(e)) out.push(`${sel}: outside the window`);
  }
  const scroller = sheet.querySelector('#sheet .sheet-scroll');
  if (!scroller) out.push('no score sheet');
  else {
    if (scroller.scrollWidth > scroller.clientWidth + 1) {
      out.push(`the score sheet scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    }
    const r = scroller.getBoundingClientRect();
    for (const th of sheet.querySelectorAll('#sheet th.side-name, #sheet tbody th[scope="row"]')) {
      const t = th.getBoundingClientRect();
      if (t.left < r.left - 0.5 || t.right > r.right + 0.5) out.push(`the score sheet cuts "${th.textContent}"`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("query", ["game=spades&players=4", "game=hearts&players=6"])
def test_the_side_panel_is_a_sheet_behind_a_button_on_phones(page, base_url, artifacts, query):
    open_table(page, base_url, f"?{query}&speed=instant&seed=3")
    wait_turn(page)
    name = query.replace("game=", "").replace("&players=", "")
    button = page.locator(".topbar").get_by_role("button", name="Scores and settings", exact=True)
    sheet = page.get_by_role("dialog", name="Scores and settings")
    problems: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        where = f"{name} {width}x{height}"
        expect(button).to_be_in_viewport(ratio=1)
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, f"{where}: the button is {box}"
        # One screen: nothing of the panel waits below the table.
        scrolled = page.evaluate("() => document.scrollingElement.scrollHeight - innerHeight")
        if scrolled > 1:
            problems.append(f"{where}: the page goes on {scrolled} px below the window")
        button.click()
        expect(sheet).to_be_visible()
        expect(button).to_have_attribute("aria-expanded", "true")
        sheet.evaluate("(e) => Promise.all(e.getAnimations().map((a) => a.finished))")  # slid in
        edges = sheet.evaluate("(e) => ['left', 'right', 'top', 'bottom'].map((k) => e.getBoundingClientRect()[k])")
        if edges[0] < -0.5 or edges[1] > width + 0.5 or edges[2] < -0.5 or edges[3] > height + 0.5:
            problems.append(f"{where}: the sheet lies outside the window: {edges}")
        problems += [f"{where}: {p}" for p in sheet.evaluate(SHOWN)]
        page.screenshot(path=artifacts / f"settings-sheet-{name}-{width}x{height}.png")
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
        expect(button).to_be_focused()
        expect(button).to_have_attribute("aria-expanded", "false")
    assert not problems, "\n".join(problems)

    # What is changed in the sheet reaches the table: the language.
    page.set_viewport_size({"width": 360, "height": 640})
    button.click()
    sheet.locator("#lang").select_option("es")
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    sheet = page.locator("#side-sheet")  # named in Spanish now
    expect(sheet.locator("#side-sheet-title")).to_have_text("Puntuación y ajustes")
    expect(page.locator(".topbar [data-cmd=new-game]")).to_have_text("Partida nueva")
    sheet.get_by_role("button", name="Cerrar", exact=True).click()
    expect(sheet).to_be_hidden()
    # A tap beside the sheet closes it too.
    page.locator("#menu-btn").click()
    expect(sheet).to_be_visible()
    page.mouse.click(3, 320)
    expect(sheet).to_be_hidden()

    # A desktop: no button, the panel beside the table.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#menu-btn")).to_be_hidden()
    expect(page.locator(".layout > .side #sheet")).to_be_visible()
    check_clean(page, base_url)
