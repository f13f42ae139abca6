"""The table at every player count, in two languages, at seven screen sizes.

Hearts for 3, 4, 5, 6, 7 and 8 players and Spades for 2, 3, 4 and 5, each at
360x640, 390x844, 768x1024, 1280x800 and 1920x1080, and on phones held
sideways at 844x390 and 740x360, in English and in the
language whose table words are longest, in four moments of a hand: the
pass or the bids, the middle of a trick, a whole trick (the first one you
take, which stays on the table until you lead), and the hand's summary. Every cell
asserts, from the boxes of the page's elements (not from pixels):

- the page is no wider than the window and the whole table (top bar, felt,
  turn line, choices, hand) lies in the first screen, every card of the
  hand inside the window;
- no two cards of the trick overlap (the design allows none, but for two
  cards of one seat, fanned), every card shows its rank and suit, none
  lies outside the felt or under a seat, and no two seats overlap;
- every card of the hand is at least 44 px wide and shows a part 44 px
  tall that a tap reaches (checked with ``elementFromPoint``), its rank
  and suit in it: 44 px wide where the hand has room for that, else (a
  phone's one overlapping row of 13 cards across the width, or seventeen
  cards in two rows) at least 24 px (WCAG 2.2's least target, 2.5.8) and
  as wide as its rank and suit;
  thirteen cards lie in one row on every phone, and no hand takes more
  than two rows;
- the trick's cards are at least 44 px wide, at every player count and
  size, and each lies nearer its own player's seat than any other seat
  does, at every player count (from five players each also names its
  player, in words of 14 px or more); from three players the seats
  and the trick spread over the felt (their bounding box covers at least
  two thirds of it: seats around its edge, not a strip); no text on the
  table is under 14 px;
- no text is clipped: no element with text holds more than it shows
  (scrollWidth against clientWidth), and none runs past the window's edge;
- the score sheet shows every seat (or side), whole, without scrolling;
- the "?" of the rules is in sight, and every other seat shows its hand
  face down with its count in words of 14 px or more; while the table
  waits for you the page's title says it is your turn;
- the summary lies in the window, its title, scores and button in view.

To stay fast (the browser suite runs on two cores), each game is one page:
opened once with a link (``?game=...&players=...&seed=...&speed=instant``),
driven to each moment by its own buttons, the language switched with the
page's own select and the window resized in place for each size. The
problems of a whole game are gathered and reported together. Screenshots of
every cell go to test-artifacts/layout-matrix/ (JPEG) for a person to look
at.
"""

from __future__ import annotations

import sys

import pytest
from conftest import CHROMIUM_ARGS, ROOT, chromium_path, logged
from playwright.sync_api import Page
from table_helpers import check_clean, open_table

sys.path.insert(0, str(ROOT))
from ui.i18n import LANGUAGES, catalogue

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 800), (1920, 1080), (844, 390), (740, 360)]
GAMES = [("hearts", 3), ("hearts", 4), ("hearts", 5), ("hearts", 6), ("hearts", 7), ("hearts", 8),
         ("spades", 2), ("spades", 3), ("spades", 4), ("spades", 5)]
TAP = 44  # CSS px: the part of a card a finger must be able to reach
NARROW = 24  # CSS px: the least strip of a card in an overlapping row (where 44 px steps do not fit)
TRICK_MIN = 44  # CSS px: the least width of a trick's card, with any number of players
SMALLEST_TEXT = 14  # CSS px: the least size of the table's words
# What the table shows in words: the catalogue keys of the page, the seats,
# the trick, the choices and the score sheet.
TABLE_WORDS = ("page.", "dom.", "seat.", "trick.", "pass.", "bid.", "sheet.", "compass.", "level.", "title")


def words_length(lang: str) -> int:
    def size(v) -> int:
        return len(v) if isinstance(v, str) else sum(size(x) for x in v.values()) if isinstance(v, dict) else 0
    return sum(size(v) for k, v in catalogue(lang).items() if k.startswith(TABLE_WORDS))


LONGEST = max((lang for lang in LANGUAGES if lang != "en"), key=words_length)
LANGS = ["en", LONGEST]

# The table's answer to whatever it waits for, in any language: pass the
# first cards, bid the lowest number, play the first playable card, else
# press the primary button (keep a drawn card, shoot the moon, continue).
ACT = """async (what) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  if (what === 'pass') {
    for (let i = 0; i < 60; i++) {
      const go = document.querySelector('#controls [data-cmd="pass"]');
      if (go && go.getAttribute('aria-disabled') === 'false') { go.click(); return; }
      const card = document.querySelector('#hand button.card[aria-pressed="false"]');
      if (card) card.click();
      await sleep(25);
    }
    throw new Error('could not pass');
  }
  const c = document.getElementById('controls');
  if (what === 'bid') {
    const n = c.querySelector('.choices-number [data-cmd="act"][aria-disabled="false"]:not([data-arg="200"])');
    (n || c.querySelector('button.primary')).click();
  } else if (what === 'play') {
    document.querySelector('#hand button.card[aria-disabled="false"]').click();
  } else {
    c.querySelector('button.primary').click();
  }
}"""

TURN = """(after) => { const t = document.getElementById('table');
  return t.dataset.awaiting && Number(t.dataset.step) > after ? t.dataset.awaiting : false; }"""

# Resolves when nothing moves: two frames after the last finite animation.
SETTLED = """() => Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null)))
  .then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))"""

# Every fact the cell asserts, measured in one call; returns the problems found.
CHECK = """([tap, narrow, phase, expected, trickMin, smallest, players]) => {
  const out = [];
  if (document.activeElement && document.activeElement.closest('#hand')) document.activeElement.blur();
  const W = innerWidth, H = innerHeight;
  const rect = (e) => e.getBoundingClientRect();
  const name = (e) => (e.getAttribute('aria-label') || e.textContent || e.className)
    .trim().replace(/\\s+/g, ' ').slice(0, 40);
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && Number(getComputedStyle(e).opacity) > 0.05;
  const all = (sel) => [...document.querySelectorAll(sel)].filter(shown);
  const over = (a, b, slack = 1) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
  const inside = (a, b, slack = 1) => a.left >= b.left - slack && a.top >= b.top - slack
    && a.right <= b.right + slack && a.bottom <= b.bottom + slack;
  const screen = { left: 0, top: 0, right: W, bottom: H };
  const s = document.scrollingElement;
  if (s.scrollWidth > W + 1) out.push(`the page is ${s.scrollWidth} px wide`);
  if (scrollY !== 0) out.push(`the page scrolled to ${scrollY}`);
  for (const sel of ['.topbar', '#table', '#felt', '#hand']) {
    const e = document.querySelector(sel);
    if (!inside(rect(e), screen)) out.push(`${sel} is not all in the first screen: ${JSON.stringify(rect(e))}`);
  }
  const felt = rect(document.getElementById('felt'));
  const seats = all('#seats .seat');
  const played = all('#trick li');
  const hand = all('#hand .card');
  // The rules a tap away on every screen: the "?" of the top bar in sight.
  const help = document.querySelector('.tools .help-q');
  if (!help || !shown(help) || !inside(rect(help), screen)) out.push('no "?" for the rules in sight');
  // Every other seat's hand face down, its count readable (14 px or more) on its plate.
  for (const seat of seats) {
    const count = seat.querySelector('.backs-count');
    if (!count) continue;
    if (!shown(count) || !inside(rect(count), rect(seat), 12) || !/^\\d+$/.test(count.textContent)) {
      out.push(`seat ${name(seat)}: the count of its hand not in sight`);
    } else if (parseFloat(getComputedStyle(count).fontSize) < smallest - 0.05) {
      out.push(`seat ${name(seat)}: its hand's count in ${getComputedStyle(count).fontSize} type`);
    }
  }
  if (!['summary', 'taken'].includes(phase) && seats.filter((seat) => !seat.classList.contains('you'))
      .some((seat) => !seat.querySelector('.backs-count'))) out.push("a seat's hand not shown face down");
  if (phase === 'taken' && played.length < players) out.push(`${played.length} cards of the whole trick in sight`);
  seats.forEach((a, i) => {
    if (!inside(rect(a), felt)) out.push(`seat ${name(a)} outside the felt`);
    seats.slice(i + 1).forEach((b) => {
      if (over(rect(a), rect(b))) out.push(`seats ${name(a)} and ${name(b)} overlap`);
    });
  });
  played.forEach((a, i) => {
    if (!inside(rect(a), felt)) out.push(`trick card ${name(a)} outside the felt`);
    played.slice(i + 1).forEach((b) => {
      // Two cards of one seat (a seat that plays twice in a trick) lie
      // fanned, one over the other; any other two lie apart.
      const same = name(a).split(':')[0] === name(b).split(':')[0];
      if (!same && over(rect(a), rect(b))) out.push(`trick cards ${name(a)} and ${name(b)} overlap`);
    });
    // Its rank and suit (its top left corner) in sight: the points of the
    // corner reach this card (a fanned pair's lower card shows its corner).
    const ra = rect(a);
    const covered = [[0.12, 0.1], [0.25, 0.1], [0.12, 0.3], [0.25, 0.3]].filter(([fx, fy]) => {
      const e = document.elementFromPoint(ra.left + fx * ra.width, ra.top + fy * ra.height);
      return !e || e.closest('li') !== a;
    });
    if (covered.length) out.push(`trick card ${name(a)}: its rank and suit covered (${covered.length} of 4 points)`);
    for (const seat of seats) if (over(rect(a), rect(seat))) out.push(`seat ${name(seat)} covers ${name(a)}`);
    const label = document.querySelector('.trick-label');
    if (label && shown(label) && label.textContent && over(rect(a), rect(label))) {
      out.push(`the trick's label covers ${name(a)}`);
    }
  });
  for (const card of hand) {
    const r = rect(card);
    if (!inside(r, screen)) out.push(`hand card ${name(card)} outside the window: ${Math.round(r.bottom)}`);
    for (const seat of seats) if (over(r, rect(seat))) out.push(`seat ${name(seat)} covers ${name(card)}`);
  }
  // A tap target of tap x tap px on each card of the hand, at its top left
  // (where its rank and suit are): a grid of points over it (inset a few px
  // from the box's corner: a fanned card is turned by a few degrees) all
  // reach that card. Measured without keyboard focus, which lifts a card
  // over its neighbour (a finger's tap does not; see baza.css).
  // A hand that two rows of 44 px steps cannot hold in the window
  // (seventeen cards on a phone) may show narrower parts, still as wide as
  // its rank and suit and at least `narrow` px: a wider part would take a
  // third row.
  const buttons = all('#hand button.card');
  const handBox = document.getElementById('hand');
  const hs = getComputedStyle(handBox);
  const room = handBox.clientWidth - parseFloat(hs.paddingLeft) - parseFloat(hs.paddingRight);
  const cardW = buttons.length ? buttons[0].offsetWidth : 0;
  const rows = new Set(buttons.map((b) => b.offsetTop)).size;
  // One row: each card's part is as wide as the step from it to the next
  // (44 px where the row is that loose); two rows: 44 px where two rows of
  // 44 px steps would fit the window.
  const lefts = buttons.map((b) => b.offsetLeft);
  const step = buttons.length > 1 ? (Math.max(...lefts) - Math.min(...lefts)) / (buttons.length - 1) : tap;
  const fits = rows === 1 ? step >= tap + 2 : Math.floor((room - cardW) / tap) + 1 >= Math.ceil(buttons.length / 2);
  if (rows === 1 && buttons.length > 1 && step < narrow) out.push(`the hand's cards show ${step.toFixed(1)} px each`);
  if (rows > 2) out.push(`the hand lies in ${rows} rows`);
  if (rows > 1 && buttons.length <= 13) out.push(`${buttons.length} cards lie in ${rows} rows`);
  for (const card of buttons) {
    const r = rect(card);
    if (r.width < tap - 0.5 || r.height < tap - 0.5) {
      out.push(`hand card ${name(card)} is ${r.width} x ${r.height}`);
      continue;
    }
    const corner = rect(card.querySelector('.corner'));
    const wide = fits ? tap : Math.max(narrow, corner.right - r.left + 2);
    // Its rank and suit in sight: every point of the corner reaches this card.
    const hidden = [[0.1, 0.1], [0.9, 0.1], [0.5, 0.5], [0.1, 0.9], [0.9, 0.9]].filter(([fx, fy]) => {
      const e = document.elementFromPoint(corner.left + fx * corner.width, corner.top + fy * corner.height);
      return !e || e.closest('button') !== card;
    });
    if (hidden.length) out.push(`hand card ${name(card)}: its rank and suit covered (${hidden.length} of 5 points)`);
    const x0 = r.left + 5, y0 = r.top + 6, x1 = r.left + wide - 1, y1 = r.top + tap;
    const points = [];
    for (const fx of [0, 0.5, 1]) for (const fy of [0, 0.5, 1]) points.push([x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)]);
    const missed = points.filter(([x, y]) => {
      const e = document.elementFromPoint(x, y);
      return !e || e.closest('button') !== card;
    });
    if (missed.length) {
      const [x, y] = missed[0];
      const hit = document.elementFromPoint(x, y);
      out.push(`hand card ${name(card)}: no ${Math.round(wide)} x ${tap} px part to tap `
               + `(${missed.length} of 9 points covered, `
               + `at ${Math.round(x)}, ${Math.round(y)} by ${hit ? name(hit.closest('button') || hit) : 'nothing'})`);
    }
  }
  // The trick's cards: wide enough, and each beside its own player.
  const gap = (r, e) => {
    const b = rect(e);
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    return Math.hypot(Math.max(b.left - cx, 0, cx - b.right), Math.max(b.top - cy, 0, cy - b.bottom));
  };
  for (const card of played) {
    const r = rect(card);
    if (r.width < trickMin - 0.5) out.push(`trick card ${name(card)} is ${Math.round(r.width)} px wide`);
    const who = (card.getAttribute('aria-label') || '').split(':')[0];
    const own = seats.find((seat) => seat.getAttribute('aria-label') === who);
    if (!own) { out.push(`trick card ${name(card)}: no seat of ${who}`); continue; }
    const nearer = seats.filter((seat) => seat !== own && gap(r, seat) < gap(r, own) - 1);
    const first = played.find((c) => (c.getAttribute('aria-label') || '').split(':')[0] === who) === card;
    if (nearer.length && first) {
      out.push(`trick card ${name(card)} lies nearer ${name(nearer[0])} than its player's seat`);
    }
    // Five players or more: the card says whose it is, in words of 14 px or more.
    if (players >= 5) {
      const caption = getComputedStyle(card, '::after');
      const words = caption.content.replace(/^"|"$/g, '');
      const known = [card.dataset.who, card.dataset.tag];
      if (caption.display === 'none' || !known.includes(words) || !words) {
        out.push(`trick card ${name(card)} does not name its player (${caption.content})`);
      } else if (parseFloat(caption.fontSize) < smallest - 0.05) {
        out.push(`trick card ${name(card)} names its player in ${caption.fontSize} type`);
      }
    }
  }
  // The felt used: seats and cards spread over it, not a strip.
  const parts = [...seats, ...played].map(rect);
  if (parts.length && players >= 3) {
    const box = { left: Math.min(...parts.map((p) => p.left)), top: Math.min(...parts.map((p) => p.top)),
                  right: Math.max(...parts.map((p) => p.right)), bottom: Math.max(...parts.map((p) => p.bottom)) };
    const used = (box.right - box.left) * (box.bottom - box.top) / (felt.width * felt.height);
    if (used < 2 / 3) out.push(`the seats and cards cover ${Math.round(used * 100)} % of the felt`);
  }
  // No small print on the table: every word of the felt, the turn line,
  // the choices and the hand at 14 px or more (the cards' ranks are drawn
  // by their size).
  for (const root of ['#felt', '.panel']) {
    for (const e of document.querySelector(root).querySelectorAll('*')) {
      if (!shown(e) || e.closest('.visually-hidden, svg, .card')) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      const box = rect(e);
      if (!own || (box.width <= 1 && box.height <= 1)) continue;
      const size = parseFloat(getComputedStyle(e).fontSize);
      if (size < smallest - 0.05) out.push(`text of ${size.toFixed(1)} px: "${name(e)}"`);
    }
  }
  // No text clipped: an element with text of its own shows all of it.
  const roots = ['.topbar', '#table', '.side'];
  for (const root of roots) {
    for (const e of document.querySelector(root).querySelectorAll('*')) {
      if (!shown(e) || e.closest('.visually-hidden, svg')) continue;
      const box = rect(e);
      if (box.width <= 1 && box.height <= 1) continue;  // hidden the visually-hidden way (the phone's short labels)
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const cs = getComputedStyle(e);
      const r = rect(e);
      if (cs.display !== 'inline' && e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'SELECT') {
        out.push(`text cut: ${e.tagName.toLowerCase()} "${name(e)}" (${e.scrollWidth} > ${e.clientWidth})`);
      }
      if (root !== '.side' && (r.right > W + 1 || r.left < -1)) out.push(`text past the window's edge: "${name(e)}"`);
    }
  }
  // The score sheet: every side's name shown whole, nothing to scroll sideways.
  const scroller = document.querySelector('#sheet .sheet-scroll');
  if (scroller) {
    if (scroller.scrollWidth > scroller.clientWidth + 1) {
      out.push(`the score sheet scrolls: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    }
    const sides = document.querySelectorAll('#sheet th.side-name, #sheet tbody th[scope="row"]');
    const turned = !!document.querySelector('#sheet .sheet.turned');
    const count = turned ? sides.length : document.querySelectorAll('#sheet th.side-name').length;
    if (count !== expected) out.push(`the score sheet shows ${count} of ${expected} sides`);
    for (const th of sides) if (!inside(rect(th), rect(scroller))) out.push(`the score sheet cuts "${name(th)}"`);
  }
  if (phase === 'summary') {
    const summary = document.getElementById('summary');
    if (!shown(summary)) out.push('no summary');
    else {
      const parts = [summary, ...['h2', 'table', 'button.primary'].map((sel) => summary.querySelector(sel))];
      for (const e of parts) {
        if (!e || !inside(rect(e), screen)) out.push(`the summary's ${e ? e.tagName.toLowerCase() : 'part'} is hidden`);
      }
      const table = summary.querySelector('.sheet-scroll');
      if (table && table.scrollHeight > table.clientHeight + 1) out.push("the summary's scores scroll");
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def chromium(playwright):
    browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def wait_turn(page: Page, after: int) -> str:
    return str(page.wait_for_function(TURN, arg=after, timeout=60_000).json_value())


def step(page: Page) -> int:
    return int(page.get_attribute("#table", "data-step") or 0)


def drive(page: Page, until, last: int = -1) -> int:
    """Answer the table until ``until(what)`` holds for what it waits for;
    return the step it stands at."""
    while True:
        what = wait_turn(page, last)
        if until(what):
            return step(page)
        last = step(page)
        page.evaluate(ACT, what)


def set_language(page: Page, lang: str) -> None:
    """Switch with the page's own select; wait until the table is redrawn in it."""
    if page.evaluate("() => document.documentElement.lang") == lang:
        return
    sheet = not page.locator("#lang").is_visible()  # on a phone, in the sheet behind the top bar's three lines
    if sheet:
        page.locator("#menu-btn").click()
    page.select_option("#lang", lang)
    page.wait_for_function(
        "(l) => document.documentElement.lang === l && document.getElementById('lang').value === l", arg=lang
    )
    page.wait_for_function(
        "(word) => document.querySelector('.tools [data-cmd=\"new-game\"]').textContent === word",
        arg=catalogue(lang)["page.new_game"],
    )
    if sheet:
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('side-sheet').open")


def check_cell(page: Page, cell: tuple[str, int, str], lang: str, size: tuple[int, int], artifacts) -> list[str]:
    """The problems of one cell: ``cell`` is (game's name, its sides, phase)."""
    name, sides, phase = cell
    page.set_viewport_size({"width": size[0], "height": size[1]})
    # Without the keyboard focus, which lifts a card of the hand (a
    # transition, waited for): a finger's tap does not.
    page.evaluate("() => { const e = document.activeElement; if (e && e.closest('#hand')) e.blur(); }")
    page.evaluate(SETTLED)
    players = int(page.get_attribute("#table", "data-players") or 0)
    problems = page.evaluate(CHECK, [TAP, NARROW, phase, sides, TRICK_MIN, SMALLEST_TEXT, players])
    folder = artifacts / "layout-matrix"
    folder.mkdir(exist_ok=True)
    page.screenshot(path=folder / f"{name}-{lang}-{phase}-{size[0]}x{size[1]}.jpg", type="jpeg", quality=70)
    where = f"{name}, {lang}, {phase}, {size[0]}x{size[1]}"
    return [f"{where}: {p}" for p in problems]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}{n}" for g, n in GAMES])
def test_table_fits(chromium, base_url, artifacts, game, players):
    context = chromium.new_context(service_workers="block", device_scale_factor=1,
                                   viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    page = logged(context.new_page())
    name = f"{game}{players}"
    problems: list[str] = []
    try:
        open_table(page, base_url, f"?game={game}&players={players}&seed=5&speed=instant&lang=en")
        sides = players if game == "hearts" or players != 4 else 2  # Spades for four: two partnerships
        # The pass or the bids (two-player Spades draws its hand first; a
        # Hearts hand that holds its cards has no pass).
        last = drive(page, lambda what: what in ("pass", "bid", "play"))
        phase = page.get_attribute("#table", "data-awaiting")
        # A player in another tab is told: the page's title says it is their turn.
        assert page.title() == catalogue("en")["page.title_turn"], page.title()
        for lang in LANGS:
            set_language(page, lang)
            for size in SIZES:
                problems += check_cell(page, (name, sides, phase), lang, size, artifacts)
        # The middle of a trick: a card or more on the table, waiting for ours.
        last = drive(page, lambda what: what == "play", last - 1)
        for _ in range(players + 1):
            if page.locator("#trick li").count():
                break
            page.evaluate(ACT, "play")
            last = drive(page, lambda what: what == "play", last)
        assert page.locator("#trick li").count(), f"{name}: no trick with cards on the table"
        for lang in LANGS[::-1]:
            set_language(page, lang)
            for size in SIZES:
                problems += check_cell(page, (name, sides, "trick"), lang, size, artifacts)
        # A whole trick: the first one we take stays on the table until we
        # lead (in a later hand if we take none in this one).
        def taken(what: str) -> bool:
            return what in ("next", "over") or (what == "play" and page.get_attribute("#trick", "data-kind") == "taken")

        last = drive(page, taken, last - 1)
        while page.get_attribute("#table", "data-awaiting") == "next":
            page.locator("#summary button.primary").click()
            last = drive(page, taken, last)
        assert page.get_attribute("#trick", "data-kind") == "taken", f"{name}: we took no trick"
        assert page.locator("#trick li").count() >= players, f"{name}: a trick of fewer cards than players"
        for lang in LANGS:
            set_language(page, lang)
            for size in SIZES:
                problems += check_cell(page, (name, sides, "taken"), lang, size, artifacts)
        # The hand's summary.
        drive(page, lambda what: what in ("next", "over"), last - 1)
        for lang in LANGS:
            set_language(page, lang)
            for size in SIZES:
                problems += check_cell(page, (name, sides, "summary"), lang, size, artifacts)
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
        check_clean(page, base_url)
    finally:
        context.close()
