"""The score sheet beside the table and the summary that closes each hand.

Pure Python: built from the human's seat view (its ``records`` of finished
hands, scores and bags), like the rest of the view model.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.cards import HEARTS, JACK_DIAMONDS, JACK_DIAMONDS_MASK, QUEEN_SPADES, QUEEN_SPADES_MASK, SUIT_MASKS, popcount
from game.deal import tricks_per_hand
from game.scoring import hearts_card_points, spades_side_score

from .i18n import card_text, list_text, t
from .model_base import SUIT_LETTER, Choice, side_name


@dataclass(frozen=True)
class SheetRow:
    label: str  # hand number
    cells: tuple[tuple[str, ...], ...]  # per side: one text per field
    current: bool = False


@dataclass(frozen=True)
class ScoreSheet:
    sides: tuple[str, ...]
    fields: tuple[str, ...]  # ("Bid", "Won", "Pts", "Total", "Bags") or ("Pts", "Total")
    rows: tuple[SheetRow, ...]
    totals: tuple[str, ...]
    note: str
    short_fields: tuple[str, ...] = ()  # the fields' headings, abbreviated (the full ones for hover and screen readers)
    turned: bool = False  # many seats: drawn a row per side, a column per hand


@dataclass(frozen=True)
class SummaryLine:
    name: str
    detail: str
    points: str
    total: str
    best: bool = False
    place: int = 0  # the game's end: the side's place in the final ranking (drawn before its name)


@dataclass(frozen=True)
class Summary:
    title: str
    lines: tuple[SummaryLine, ...]
    notes: tuple[str, ...]
    buttons: tuple[Choice, ...]
    game_over: bool
    ranking: tuple[str, ...] = ()  # the game's end: "1. You, 42", best first (the lines are in this order too)
    record: str = ""  # the game's end: your statistics with this game ("3 wins in 7 games, best score 12")
    won: bool = False  # the game's end, and you (or your side) won it: a short celebration


def record_bid(value: Any) -> tuple[int, int | None]:
    """A record's bid entry as (tricks, suit): nil 0, blind nil -1."""
    if value == "nil":
        return 0, None
    if value == "blind_nil":
        return -1, None
    if isinstance(value, list):
        return int(value[0]), SUIT_LETTER.index(value[1])
    return int(value), None


def side_bid_text(bids: list[tuple[int, int | None]]) -> str:
    numeric = sum(b for b, _ in bids if b > 0)
    parts = [str(numeric)] if numeric or not bids or all(b > 0 for b, _ in bids) else []
    parts += ["BN" if b == -1 else "N" for b, _ in bids if b <= 0]
    return "+".join(parts) or "—"


def spades_hand_scores(v: Any, record: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    """Per side: (points, bags after, tricks, penalties) of a finished hand."""
    rules = v.rules
    tricks_in = tricks_per_hand(rules)
    bids = [record_bid(b)[0] for b in record["bids"]]
    tricks = record["result"]["tricks"]
    out = []
    for side in range(rules.sides):
        seats = [s for s in range(v.players) if v.side_of(s) == side]
        score = spades_side_score(rules, [bids[s] for s in seats], [tricks[s] for s in seats],
                                  record.get("bags_before", [0] * rules.sides)[side], tricks_in)
        out.append((score.points, score.bags, sum(tricks[s] for s in seats), score.penalties))
    return out


def build_sheet(v: Any, ui: Any, names: list[str]) -> ScoreSheet:
    sides = tuple(side_name(v, side, names) for side in range(v.rules.sides))
    rows = []
    if v.game == "spades":
        keys: tuple[str, ...] = ("bid", "won", "pts", "total", "bags")
        totals = [0] * len(sides)
        for i, rec in enumerate(v.records):
            scores = spades_hand_scores(v, rec)
            cells: list[tuple[str, ...]] = []
            for side in range(len(sides)):
                seats = [s for s in range(v.players) if v.side_of(s) == side]
                bids = [record_bid(rec["bids"][s]) for s in seats]
                points, bags, won, _ = scores[side]
                totals[side] = rec.get("scores_before", totals)[side] + points
                cells.append((side_bid_text(bids), str(won), f"{points:+d}", str(totals[side]), str(bags)))
            rows.append(SheetRow(str(i + 1), tuple(cells)))
        if v.phase in ("bid", "play", "draw"):
            cells = []
            for side in range(len(sides)):
                seats = [s for s in range(v.players) if v.side_of(s) == side]
                bids = [(v.bids[s], v.bid_suits[s]) for s in seats]
                bid_t = side_bid_text(bids) if all(b is not None for b, _ in bids) else "…"
                cells.append((bid_t, str(sum(v.tricks_won[s] for s in seats)), "", "", ""))
            rows.append(SheetRow(str(v.hand_number), tuple(cells), True))
        totals_t = tuple(
            t("sheet.total_bags", score=v.scores[i], n=v.bags[i]) if v.rules.bag_limit else str(v.scores[i])
            for i in range(len(sides))
        )
        note = ""
        if v.rules.bag_limit:
            note = t("sheet.bags_note", limit=v.rules.bag_limit, penalty=v.rules.bag_penalty)
    else:
        keys = ("pts", "total")
        totals = [0] * len(sides)
        for i, rec in enumerate(v.records):
            pts = rec["result"]["points"]
            cells = []
            for s in range(len(sides)):
                totals[s] += pts[s]
                cells.append((str(pts[s]), str(totals[s])))
            rows.append(SheetRow(str(i + 1), tuple(cells)))
        if v.phase in ("pass", "play"):
            current = tuple((str(hearts_card_points(v.rules, v.taken[s])), "") for s in range(len(sides)))
            rows.append(SheetRow(str(v.hand_number), current, True))
        totals_t = tuple(str(x) for x in v.scores)
        note = t("sheet.lowest_wins", target=v.rules.target)
    if v.game == "spades":
        note = (note + " " if note else "") + t("sheet.highest_wins", target=v.rules.target)
    fields = tuple(t(f"sheet.{k}") for k in keys)
    short = tuple(t(f"sheet.{k}_short") for k in keys)
    # A column per side and field fits up to five Hearts seats or two Spades
    # sides beside the table; more are turned, so that every seat shows.
    turned = len(sides) * len(fields) > 10
    return ScoreSheet(sides, fields, tuple(rows), totals_t, note, short, turned)


# --------------------------------------------------------------------- summary


def winner_text(v: Any, ui: Any, names: list[str]) -> str:
    if not v.winners:
        return ""
    mine = ui.human >= 0 and v.side_of(ui.human) in v.winners  # -1: a watcher, no one is "you"
    if mine:
        return t("win.you") if not (v.game == "spades" and v.rules.partnership) else t("win.you_partner")
    sides = [side_name(v, w, names) for w in v.winners]
    plural = len(sides) > 1 or any("&" in side for side in sides)
    return t("win.many" if plural else "win.one", name=list_text(sides))


def build_summary(v: Any, ui: Any, names: list[str]) -> Summary | None:
    if v.phase not in ("hand_over", "game_over") or not v.records:
        return None
    rec = v.records[-1]
    over = v.phase == "game_over"
    lines = []
    notes = []
    n_sides = v.rules.sides
    if v.game == "spades":
        scores = spades_hand_scores(v, rec)
        bids = [record_bid(b) for b in rec["bids"]]
        tricks = rec["result"]["tricks"]
        for side in range(n_sides):
            seats = [s for s in range(v.players) if v.side_of(s) == side]
            points, bags, won, penalties = scores[side]
            parts = []
            for s in seats:
                b = bids[s][0]
                if b <= 0:
                    kind = t("bid.blind_nil_text") if b < 0 else t("bid.nil_text")
                    ok = t("sheet.nil_made") if tricks[s] == 0 else t("sheet.nil_failed", n=tricks[s])
                    parts.append(t("sheet.nil", name=names[s], kind=kind, result=ok))
            contract = sum(bids[s][0] for s in seats if bids[s][0] > 0)
            if contract:
                got = sum(tricks[s] for s in seats if bids[s][0] > 0)
                parts.append(t("sheet.contract_made" if got >= contract else "sheet.contract_set",
                               bid=contract, took=got))
            if penalties:
                parts.append(t("sheet.bag_penalty", points=penalties * v.rules.bag_penalty))
            lines.append(SummaryLine(side_name(v, side, names), "; ".join(parts), f"{points:+d}",
                                     str(v.scores[side]), side in v.winners))
    else:
        pts = rec["result"]["points"]
        for s in range(v.players):
            taken = v.taken[s]
            detail = []
            h = popcount(taken & SUIT_MASKS[HEARTS])
            if h:
                detail.append(t("sheet.hearts", n=h))
            if taken & QUEEN_SPADES_MASK:
                detail.append(card_text(QUEEN_SPADES, "the"))
            if v.rules.jack_of_diamonds and taken & JACK_DIAMONDS_MASK:
                detail.append(card_text(JACK_DIAMONDS, "the"))
            lines.append(SummaryLine(names[s], ", ".join(detail) or t("sheet.no_points"),
                                     f"{pts[s]:+d}" if pts[s] else "0", str(v.scores[s]), s in v.winners))
        total = 26 * (2 if v.players >= 6 else 1)
        for s in range(v.players):
            raw = popcount(v.taken[s] & SUIT_MASKS[HEARTS]) + 13 * popcount(v.taken[s] & QUEEN_SPADES_MASK)
            if raw == total:
                took = rec.get("moon_choice") == "self_minus_26"
                notes.append(t("sheet.moon_took" if took else "sheet.moon", name=names[s], total=total))
    if over:
        title = t("summary.game_over", n=len(v.records))
        notes.insert(0, winner_text(v, ui, names))
        buttons = (Choice("again", "", t("summary.again"), True, primary=True),
                   Choice("new-game", "", t("summary.new_game")))
        won = ui.human >= 0 and v.side_of(ui.human) in v.winners
        # The final ranking: the table's rows in the order of the places, each named with its place.
        ranked = [replace(lines[side], place=place) for place, side in places(v)]
        return Summary(title, tuple(ranked), tuple(notes), buttons, over, ranking(v, names),
                       record_text(getattr(ui, "record", None)), won)
    title = t("summary.hand_over", number=v.hand_number)
    buttons = (Choice("next", "", t("summary.next"), True, primary=True),
               Choice("review", "last", t("review.summary")))  # ui/review_dom.py opens it
    return Summary(title, tuple(lines), tuple(notes), buttons, over)


def places(v: Any) -> list[tuple[int, int]]:
    """(place, side), best first: Hearts' lowest score first, Spades'
    highest; sides with the same score share a place."""
    low_wins = v.game == "hearts"
    order = sorted(range(v.rules.sides), key=lambda side: v.scores[side] if low_wins else -v.scores[side])
    out = []
    place = 0
    for i, side in enumerate(order):
        if i == 0 or v.scores[side] != v.scores[order[i - 1]]:
            place = i + 1
        out.append((place, side))
    return out


def ranking(v: Any, names: list[str]) -> tuple[str, ...]:
    """The final ranking, best first: "1. You, 42" (Hearts: the lowest score
    first; Spades: the highest); sides with the same score share a place.

    >>> from types import SimpleNamespace as NS
    >>> v = NS(game="hearts", players=3, rules=NS(sides=3), scores=[40, 12, 40], side_of=lambda s: s)
    >>> ranking(v, ["You", "West", "East"])
    ('1. West, 12', '2. You, 40', '2. East, 40')
    """
    return tuple(t("end.rank", place=place, name=side_name(v, side, names), score=v.scores[side])
                 for place, side in places(v))


def record_text(record: tuple[int, int, int | None] | None) -> str:
    """Your statistics of this game after the one just ended, from (wins,
    games, best score): "3 wins in 7 games, best score 12"; "" unknown."""
    if not record or record[1] <= 0:
        return ""
    wins, games, best = record
    text = t("end.record", n=games, wins=t("end.wins", n=wins))
    return text if best is None else t("end.record_best", record=text, best=best)

