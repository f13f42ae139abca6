"""The score sheet beside the table and the summary that closes each hand.

Pure Python: built from the human's seat view (its ``records`` of finished
hands, scores and bags), like the rest of the view model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import HEARTS, JACK_DIAMONDS_MASK, QUEEN_SPADES_MASK, SUIT_MASKS, popcount
from game.deal import tricks_per_hand
from game.scoring import spades_side_score

from .model_base import SUIT_LETTER, Choice, hearts_points, side_name


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


@dataclass(frozen=True)
class SummaryLine:
    name: str
    detail: str
    points: str
    total: str
    best: bool = False


@dataclass(frozen=True)
class Summary:
    title: str
    lines: tuple[SummaryLine, ...]
    notes: tuple[str, ...]
    buttons: tuple[Choice, ...]
    game_over: bool


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
        fields = ("Bid", "Won", "Pts", "Total", "Bags")
        totals = [0] * len(sides)
        for i, rec in enumerate(v.records):
            scores = spades_hand_scores(v, rec)
            cells = []
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
            f"{v.scores[i]}" + (f" ({v.bags[i]} bags)" if v.rules.bag_limit else "") for i in range(len(sides))
        )
        note = ""
        if v.rules.bag_limit:
            note = f"Bags are overtricks: every {v.rules.bag_limit} cost {v.rules.bag_penalty}."
    else:
        fields = ("Pts", "Total")
        totals = [0] * len(sides)
        for i, rec in enumerate(v.records):
            pts = rec["result"]["points"]
            cells = []
            for s in range(len(sides)):
                totals[s] += pts[s]
                cells.append((str(pts[s]), str(totals[s])))
            rows.append(SheetRow(str(i + 1), tuple(cells)))
        if v.phase in ("pass", "play"):
            cells = tuple((str(hearts_points(v.taken[s], v.rules)), "") for s in range(len(sides)))
            rows.append(SheetRow(str(v.hand_number), cells, True))
        totals_t = tuple(str(x) for x in v.scores)
        note = f"Lowest score wins when someone reaches {v.rules.target}."
    if v.game == "spades":
        note = (note + " " if note else "") + f"Highest score wins at {v.rules.target}."
    return ScoreSheet(sides, fields, tuple(rows), totals_t, note)


# --------------------------------------------------------------------- summary


def winner_text(v: Any, ui: Any, names: list[str]) -> str:
    if not v.winners:
        return ""
    mine = v.side_of(ui.human) in v.winners
    if mine:
        return "You win!" if not (v.game == "spades" and v.rules.partnership) else "You and your partner win!"
    who = " and ".join(side_name(v, w, names) for w in v.winners)
    verb = "win" if "&" in who or len(v.winners) > 1 else "wins"
    return f"{who} {verb}."


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
                    kind = "Blind nil" if b < 0 else "Nil"
                    ok = "made" if tricks[s] == 0 else f"failed ({tricks[s]} trick{'s' if tricks[s] != 1 else ''})"
                    parts.append(f"{names[s]}: {kind} {ok}")
            contract = sum(bids[s][0] for s in seats if bids[s][0] > 0)
            if contract:
                got = sum(tricks[s] for s in seats if bids[s][0] > 0)
                parts.append(f"bid {contract}, took {got}: {'made' if got >= contract else 'set'}")
            if penalties:
                parts.append(f"bag penalty −{penalties * v.rules.bag_penalty}")
            lines.append(SummaryLine(side_name(v, side, names), "; ".join(parts), f"{points:+d}",
                                     str(v.scores[side]), side in v.winners))
    else:
        pts = rec["result"]["points"]
        for s in range(v.players):
            taken = v.taken[s]
            detail = []
            h = popcount(taken & SUIT_MASKS[HEARTS])
            if h:
                detail.append(f"{h} heart{'s' if h != 1 else ''}")
            if taken & QUEEN_SPADES_MASK:
                detail.append("the Queen of spades")
            if v.rules.jack_of_diamonds and taken & JACK_DIAMONDS_MASK:
                detail.append("the Jack of diamonds")
            lines.append(SummaryLine(names[s], ", ".join(detail) or "no points",
                                     f"{pts[s]:+d}" if pts[s] else "0", str(v.scores[s]), s in v.winners))
        total = 26 * (2 if v.players >= 6 else 1)
        for s in range(v.players):
            raw = popcount(v.taken[s] & SUIT_MASKS[HEARTS]) + 13 * popcount(v.taken[s] & QUEEN_SPADES_MASK)
            if raw == total:
                how = f" and took −{total}" if rec.get("moon_choice") == "self_minus_26" else ""
                notes.append(f"{names[s]} shot the moon{how}!")
    if over:
        title = f"Game over after {len(v.records)} hand{'s' if len(v.records) != 1 else ''}"
        notes.insert(0, winner_text(v, ui, names))
        buttons = (Choice("again", "", "Play again", True, primary=True), Choice("new-game", "", "New game…"))
    else:
        title = f"Hand {v.hand_number} is over"
        buttons = (Choice("next", "", "Next hand", True, primary=True),)
    return Summary(title, tuple(lines), tuple(notes), buttons, over)

