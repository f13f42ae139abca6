"""The score sheet beside the table, drawn from ui/score_sheet.py's model.

Up to five Hearts seats or two Spades sides it is a row per hand and a
column per side and field, the fields' headings abbreviated (in full on
hover and for screen readers); with more it is turned: a row per side, so
that every seat shows, and a column per hand.
"""

from __future__ import annotations

from typing import Any

from .i18n import t as msg
from .nodes import Dom
from .review_dom import review_button
from .score_sheet import ScoreSheet, SheetRow


def heading(d: Dom, full: str, short: str, attrs: dict[str, Any]) -> Any:
    """A column's heading: its short form shown, the full one on hover
    and for screen readers."""
    if not short or short == full:
        return d.el("th", attrs, full)
    return d.el("th", {**attrs, "title": full}, d.el("span", {"aria-hidden": "true"}, short),
                d.el("span", {"class": "visually-hidden"}, full))


def hand_label(d: Dom, row: SheetRow) -> list[Any]:
    """A hand's number; the hand in play says so in a word (not "1…",
    which reads as a cut word). A finished hand's number opens its review."""
    if not row.current:
        return [review_button(d, row.label)]
    return [row.label, d.el("span", {"class": "now"}, msg("dom.now"))]


def sheet_table(d: Dom, s: ScoreSheet) -> Any:
    """The sheet's <table>: by hands, or turned (see the module's text)."""
    if s.turned:
        return turned_sheet(d, s)
    head1 = d.el("tr", {}, d.el("th", {"scope": "col", "rowspan": "2"}, msg("dom.sheet_hand")))
    head2 = d.el("tr", {})
    shorts = s.short_fields or s.fields
    for name in s.sides:
        head1.append(d.el("th", {"scope": "colgroup", "colspan": str(len(s.fields)), "class": "side-name"},
                          name))
        for f, short in zip(s.fields, shorts, strict=True):
            head2.append(heading(d, f, short, {"scope": "col"}))
    body = d.el("tbody", {})
    for row in s.rows:
        tr = d.el("tr", {"class": "current" if row.current else None},
                  d.el("th", {"scope": "row"}, *hand_label(d, row)))
        for cells in row.cells:
            for i, text in enumerate(cells):
                tr.append(d.el("td", {"class": "first" if i == 0 else None}, text))
        body.append(tr)
    foot = d.el("tr", {}, d.el("th", {"scope": "row"}, msg("sheet.total")))
    for total in s.totals:
        foot.append(d.el("td", {"colspan": str(len(s.fields)), "class": "first"}, total))
    return d.el("table", {"class": "sheet"},
                d.el("caption", {"class": "visually-hidden"}, msg("dom.sheet")),
                d.el("thead", {}, head1, head2), body, d.el("tfoot", {}, foot))


def turned_sheet(d: Dom, s: ScoreSheet) -> Any:
    """Many seats: a row per side (its name in full), a column per hand
    (its points), the hand in play (Spades: bid and tricks won; Hearts:
    points so far), and the total. The names and totals stay in view if
    the hands' columns scroll."""
    spades = len(s.fields) == 5
    shorts = s.short_fields or s.fields
    who = msg("dom.side") if any("&" in name for name in s.sides) else msg("dom.player")
    head = d.el("tr", {}, d.el("th", {"scope": "col"}, who))
    for row in s.rows:
        if not row.current:
            head.append(d.el("th", {"scope": "col", "title": f"{msg('dom.sheet_hand')} {row.label}"},
                             review_button(d, row.label)))
        elif spades:
            for i in (0, 1):
                head.append(heading(d, f"{s.fields[i]} ({msg('dom.sheet_hand')} {row.label})", shorts[i],
                                    {"scope": "col", "class": "current"}))
        else:
            head.append(d.el("th", {"scope": "col", "class": "current"}, *hand_label(d, row)))
    head.append(heading(d, s.fields[3 if spades else 1], shorts[3 if spades else 1],
                        {"scope": "col", "class": "total"}))
    body = d.el("tbody", {})
    for side, name in enumerate(s.sides):
        tr = d.el("tr", {}, d.el("th", {"scope": "row"}, name))
        for row in s.rows:
            cells = row.cells[side]
            if not row.current:
                tr.append(d.el("td", {}, cells[2 if spades else 0]))
            else:
                for i in ((0, 1) if spades else (0,)):
                    tr.append(d.el("td", {"class": "current"}, cells[i]))
        tr.append(d.el("td", {"class": "total"}, s.totals[side]))
        body.append(tr)
    return d.el("table", {"class": "sheet turned"}, d.el("caption", {"class": "visually-hidden"}, msg("dom.sheet")),
                d.el("thead", {}, head), body)
