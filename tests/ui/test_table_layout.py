"""What issue 28 asked of the table's words and of the data its layout is
drawn from, under CPython: the title of Spades without partners, the score
sheet's hand in play ("1 now", not "1…") and its turned form for many
seats, each seat's place on the felt and the trick cards' room."""

import itertools
import re

import pytest

from game.state import Match
from ui import settings as S
from ui.i18n import LANGUAGES, catalogue, set_language
from ui.nodes import Dom
from ui.sheet_dom import sheet_table
from ui.table_layout import SIDE_W, fan_offsets, ring_anchors, ring_spots, seat_slot, trick_card_width, trick_spots
from ui.table_model import build_table
from ui.table_state import UiState


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def table_of(query: str):
    """The table of a link's game at its first turn."""
    s = S.from_query(query)
    m = Match(S.rules_for(s), seed=1)
    while m.phase not in ("pass", "bid", "draw", "play"):  # the cut for the dealer, the deal
        m.apply(m.legal_actions()[0])
    return build_table(m.view(0), UiState(settings=s))


def texts(spec) -> list[str]:
    """Every text in a node description, in document order."""
    if isinstance(spec, str):
        return [spec]
    if isinstance(spec, list):
        return [x for child in spec[2:] for x in texts(child)]
    return []


def nodes(spec, tag: str) -> list[list]:
    """Every description of a ``tag`` element inside ``spec``."""
    if not isinstance(spec, list):
        return []
    found = [spec] if spec[0] == tag else []
    return found + [n for child in spec[2:] for n in nodes(child, tag)]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_spades_without_partners_is_not_titled_partnership(players, lang):
    """A link to Spades for 2, 3 or 5 (the default preset is Partnership)
    is titled Cutthroat: with no partner there is no partnership."""
    set_language(lang)
    words = catalogue(lang)
    title = table_of(f"?game=spades&players={players}").title
    assert words["preset.spades.cutthroat"] in title, title
    assert words["preset.spades.partnership"] not in title, title
    assert table_of("?game=spades&players=4").title.count(words["preset.spades.partnership"]) == 1


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_hand_in_play_reads_now_not_a_cut_word(lang):
    """The score sheet's row of the hand in play: its number and the word
    for "now" in the table's language; no "…" in the hand's column."""
    set_language(lang)
    for query in ("?game=hearts&players=4", "?game=spades&players=4"):
        sheet = table_of(query).sheet
        table = sheet_table(Dom(None), sheet)
        current = [tr for tr in nodes(table, "tr") if tr[1].get("class") == "current"]
        assert len(current) == 1, query
        head = nodes(current[0], "th")[0]
        assert texts(head) == ["1", catalogue(lang)["dom.now"]], (query, head)
        assert not any("…" in x for th in nodes(table, "th") for x in texts(th)), query


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_the_score_sheet_names_every_seat(players):
    """Up to five Hearts seats, a column per seat; more are turned, a row per
    seat, each named in full. Short headings keep their full word on hover
    and for screen readers."""
    t = table_of(f"?game=hearts&players={players}")
    table = sheet_table(Dom(None), t.sheet)
    names = [s.name for s in t.seats]
    assert t.sheet.turned == (players > 5)
    if t.sheet.turned:
        rows = [texts(th) for th in nodes(table, "th") if th[1].get("scope") == "row"]
        assert rows == [[n] for n in names]
    else:
        heads = [texts(th) for th in nodes(table, "th") if th[1].get("class") == "side-name"]
        assert heads == [[n] for n in names]
    shorts = [th for th in nodes(table, "th") if "title" in th[1]]
    for th in shorts:  # "Tot.": shown short, read in full
        hidden = [n for n in nodes(th, "span") if n[1].get("class") == "visually-hidden"]
        assert texts(hidden[0]) == [th[1]["title"]]
    assert any(th[1]["title"] == "Total" for th in shorts)


@pytest.mark.parametrize("players", range(2, 9))
def test_seats_sit_around_the_felt_in_order(players):
    """Yours at the bottom, the others clockwise from your left: up the left
    side, across the top (at most three), down the right side (at most two
    each side)."""
    slots = [seat_slot(360 * s / players) for s in range(players)]
    assert slots[0] == "you" and slots.count("you") == 1
    order = {"you": 0, "left": 1, "top": 2, "right": 3}
    assert [order[x] for x in slots] == sorted(order[x] for x in slots)
    assert slots.count("top") <= 3 and slots.count("left") <= 2 and slots.count("right") <= 2


def card_width(expr: str, width: float, height: float) -> float:
    """The width in px that a trick_card_width() expression gives in a trick
    area of ``width`` x ``height`` px, --small-w (the screen's cap) aside."""
    def value(term: str) -> float:
        m = re.fullmatch(r"([\d.]+)cq([wh])", term.strip())
        assert m, term
        return float(m.group(1)) / 100 * (width if m.group(2) == "w" else height)
    inner = expr.removeprefix("min(var(--small-w), ").removesuffix(")")
    bounds = []
    for term in re.findall(r"max\([^)]*\)|[\d.]+cq[wh]", inner):
        if term.startswith("max("):
            bounds.append(max(value(x) for x in term[4:-1].split(",")))
        else:
            bounds.append(value(term))
    return min(bounds)


@pytest.mark.parametrize("wide", [False, True], ids=["upright", "wide"])
@pytest.mark.parametrize("players", range(2, 9))
def test_trick_cards_have_a_spot_each_at_the_computed_width(players, wide):
    """Every seat's card has its own spot in the trick area, and the width
    the table gives them (the smallest of its bounds, in an area of any
    shape tried) keeps any two apart and all inside the area, in the
    ring's upright and wide forms (from five players)."""
    spots = trick_spots(players, wide=wide)
    assert len(set(spots)) == players
    t = table_of(f"?game={'spades' if players <= 5 else 'hearts'}&players={players}")
    expr = t.trick.size2 if wide and players >= 5 else t.trick.size
    for width, height in ((300, 200), (600, 250), (250, 300), (900, 400)):
        card_w = card_width(expr, width, height)
        card_h = card_w * 1.4
        anchors = ring_anchors(players, wide=wide)
        boxes = [(x / 100 * width, y / 100 * height + a * card_h) for (x, y), a in zip(spots, anchors, strict=True)]
        for x, y in boxes:
            assert card_w / 2 <= x + 0.01 and x <= width - card_w / 2 + 0.01
            assert card_h / 2 <= y + 0.01 and y <= height - card_h / 2 + 0.01
        for (x1, y1), (x2, y2) in itertools.combinations(boxes, 2):
            assert abs(x1 - x2) >= card_w - 0.01 or abs(y1 - y2) >= card_h - 0.01, (players, width, height)


@pytest.mark.parametrize("players", range(5, 9))
def test_a_ring_card_lies_on_its_seats_side(players):
    """From five players each card lies in the ring on its seat's side.
    Upright: a top seat's in the first row, yours in the middle of the
    last, a side seat's past the side seats' column (at most a fifth of
    the felt), on its own side, below the first row. Wide: yours in the
    middle of the second row, from seven players the two seats beside
    yours low past the side column, every other seat's across the top,
    in the order of the seats from the left."""
    slots = [seat_slot(360 * s / players, players) for s in range(players)]
    for seat, ((x, y), slot) in enumerate(zip(ring_spots(players), slots, strict=True)):
        if slot == "you":
            assert (x, y) == (50.0, 100.0), seat
        elif slot == "top":
            assert y == 0.0, seat
        else:
            assert (x < 50) == (slot == "left"), seat
            assert SIDE_W < x < 100 - SIDE_W and y > 0.0, seat
    wide = ring_spots(players, wide=True)
    assert wide[0] == (50.0, 100.0)
    low = {1, players - 1} if players >= 7 else set()
    for seat in low:
        assert SIDE_W < wide[seat][0] < 100 - SIDE_W and wide[seat][1] == 100.0, seat
    top = [wide[s] for s in range(1, players) if s not in low]
    assert all(y == 0.0 for _, y in top) and [x for x, _ in top] == sorted(x for x, _ in top)


@pytest.mark.parametrize("wide", [False, True], ids=["upright", "wide"])
def test_hearts_for_seven_fans_second_cards_where_there_is_room(wide):
    """Hearts for seven deals two decks: fifteen cards to six seats, so in
    the first trick six seats play two. At the width the table gives
    (which counts the second cards), every card, first or second, stays
    inside the trick area and apart from any other seat's cards, in areas
    of any shape; and in a 360x640 phone's area (339 x 208 px, measured in
    English, three rows) the cards are 44 px wide or more: fanned up from
    the last row, a side seat's second card left 39 px."""
    t = table_of("?game=hearts&players=7")
    expr = t.trick.size2 if wide else t.trick.size
    assert expr == trick_card_width(7, wide=wide, fans=True)
    spots = trick_spots(7, wide=wide)
    anchors = ring_anchors(7, wide=wide)
    fans = fan_offsets(7, wide=wide)
    for width, height in ((339, 208), (339, 180), (748, 520), (820, 150), (300, 300)):
        card_w = card_width(expr, width, height)
        card_h = card_w * 1.4
        boxes = []
        for seat, ((x, y), a, (ox, oy)) in enumerate(zip(spots, anchors, fans, strict=True)):
            at = (x / 100 * width, y / 100 * height + a * card_h)
            boxes += [(seat, at), (seat, (at[0] + ox * card_w, at[1] + oy * card_h))]
        for _, (x, y) in boxes:
            assert card_w / 2 <= x + 0.01 <= width - card_w / 2 + 0.02, (width, height)
            assert card_h / 2 <= y + 0.01 <= height - card_h / 2 + 0.02, (width, height)
        for (s1, (x1, y1)), (s2, (x2, y2)) in itertools.combinations(boxes, 2):
            if s1 != s2:
                assert abs(x1 - x2) >= card_w - 0.01 or abs(y1 - y2) >= card_h - 0.01, (s1, s2, width, height)
    if not wide:
        assert card_width(expr, 339, 208) >= 44
