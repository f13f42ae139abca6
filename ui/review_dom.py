"""The review of a finished hand in the page: a modal dialog drawn from
ui/review.py's steps.

It opens from the score sheet (each finished hand's number is a button,
:func:`review_button`) and from the hand's summary ("Review hand"), for
the game on the table, which after loading a game file is that file's
game. Like the other dialogs it is a ``<dialog>`` opened with
``showModal()``: the focus moves into it (onto Next), Tab stays in it,
Escape closes it, and the focus goes back to the button that opened it.
First, Back, Next and Last step through the hand, and so do the arrow
keys, Home and End; a polite live region says each step in words.

The dialog is made here, once, at the end of the page: no other module
draws into it. It reads the hand's record from the controller's match and
never anything back from the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.errors import RecordError

from .i18n import error_text, t
from .model_base import player_names
from .nodes import Dom, Node, absent, guarded
from .review import Review, ReviewCard, ReviewHand, ReviewStep, build_review, clamp_step

DIALOG_ID = "review"
STEP_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
NAV = (("first", "review.first"), ("back", "review.back"), ("next", "review.next"), ("last", "review.last"))


def attribute(node: Any, name: str) -> str:
    """An attribute of a page node as text, "" when it has none."""
    value = node.getAttribute(name)
    return "" if absent(value) else str(value)


def review_button(d: Dom, number: str) -> Node:
    """The score sheet's button for finished hand ``number`` ("3"): it shows
    the number and opens that hand's review."""
    return d.el("button", {"type": "button", "class": "review-open", "data-review": "open",
                           "data-arg": number, "data-key": f"review:{number}",
                           "aria-label": t("review.open_hand", number=number),
                           "title": t("review.open_hand", number=number)}, number)


def table_names(controller: Any, players: int) -> tuple[list[str], int]:
    """The seats' names as the table calls them, and the seat called "you"
    (-1 while watching), as ui/table_model.py's build_table has them."""
    settings = controller.settings
    names = player_names(players, settings.names)
    if settings.watch:
        names[0] = t("compass.0")
        return names, -1
    return names, 0


class ReviewPage:
    """The review dialog: opened by a click on a ``data-review="open"``
    button (``data-arg``: the hand's number) or the summary's
    ``data-cmd="review"``, for the match the controller holds."""

    def __init__(self, document: Any, controller: Any, proxy: Callable[[Any], Any]) -> None:
        self.doc = document
        self.controller = controller
        self.d = Dom(document)
        self.review: Review | None = None
        self.index = 0
        self.opener = ""  # the data-key of the button that opened the dialog: the focus goes back there
        self.dialog = self._make()
        self._keep = [proxy(self.on_click), proxy(self.on_key), proxy(self.on_close)]
        document.addEventListener("click", self._keep[0])
        self.dialog.addEventListener("keydown", self._keep[1])
        self.dialog.addEventListener("close", self._keep[2])

    def _make(self) -> Any:
        found = self.doc.getElementById(DIALOG_ID)
        if not absent(found):
            return found
        d = self.d
        dialog = d.node(d.el("dialog", {"id": DIALOG_ID, "class": "review", "aria-labelledby": "review-title"},
                             d.el("div", {"class": "review-body"},
                                  d.el("h2", {"id": "review-title"}),
                                  d.el("p", {"class": "review-where", "id": "review-where"}),
                                  d.el("div", {"class": "review-step", "id": "review-step"}),
                                  d.el("div", {"class": "choices review-nav", "role": "group",
                                               "id": "review-nav"}),
                                  d.el("p", {"class": "review-keys"}),
                                  d.el("p", {"class": "visually-hidden", "id": "review-live",
                                             "aria-live": "polite"}))))
        self.doc.body.append(dialog)
        return dialog

    def get(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    # ------------------------------------------------------------- events

    def on_click(self, event: Any) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        button = target.closest("[data-review], [data-cmd='review']")
        if absent(button):
            return
        if attribute(button, "aria-disabled") == "true":
            return
        cmd = attribute(button, "data-review") or "open"  # the summary's button: data-cmd="review"
        guarded(lambda: self.command(cmd, attribute(button, "data-arg"), attribute(button, "data-key")))

    def on_key(self, event: Any) -> None:
        """The arrow keys step back and forth, Home and End go to the ends."""
        key = str(event.key)
        if key in STEP_KEYS:
            move = self.index + STEP_KEYS[key]
        elif key == "Home":
            move = 0
        elif key == "End":
            move = len(self.review.steps) - 1 if self.review else 0
        else:
            return
        event.preventDefault()
        guarded(lambda: self.go(move))

    def on_close(self, _event: Any) -> None:
        """Closed (Escape or Close): the focus goes back to the opener."""
        self.review = None
        opener: Any = self.doc.querySelector(f'[data-key="{self.opener}"]') if self.opener else None
        if absent(opener) and self.opener.startswith("review:"):  # redrawn meanwhile: any hand's button
            opener = self.doc.querySelector(".review-open")
        if not absent(opener):
            opener.focus()

    def command(self, cmd: str, arg: str, key: str = "") -> None:
        if cmd == "open":
            self.open(arg, key)
        elif cmd == "close":
            self.close()
        elif cmd in ("first", "back", "next", "last") and self.review is not None:
            last = len(self.review.steps) - 1
            self.go({"first": 0, "back": self.index - 1, "next": self.index + 1, "last": last}[cmd])

    # ------------------------------------------------------------- open, step, close

    def open(self, which: str, opener: str = "") -> None:
        """Open the review of hand ``which`` (its number from 1, or "last")
        of the match on the table."""
        m = self.controller.match
        if m is None or not m.records:
            return
        records = m.records
        number = len(records) if which == "last" else int(which) if which.isdigit() else 0
        if not 1 <= number <= len(records):
            return
        names, you = table_names(self.controller, m.players)
        try:
            review = build_review(records[number - 1], names, number=number, you=you)
        except RecordError as e:  # never expected of the engine's own records: say why, change nothing
            self.controller._say(t("review.refused", reason=error_text(e)))
            return
        self.review, self.index, self.opener = review, 0, opener
        deck = getattr(self.controller.settings, "deck", "two")
        self.dialog.classList.toggle("deck-four", deck == "four")
        self.get("review-title").textContent = review.title
        self.dialog.querySelector(".review-keys").textContent = t("review.keys")
        nav = self.get("review-nav")
        nav.setAttribute("aria-label", review.title)
        buttons = [self.d.el("button", {"type": "button", "data-review": cmd, "data-key": f"review-{cmd}",
                                        "class": "primary" if cmd == "next" else None}, t(key))
                   for cmd, key in NAV]
        buttons.append(self.d.el("button", {"type": "button", "data-review": "close", "data-key": "review-close"},
                                 t("review.close")))
        nav.replaceChildren(self.d.fragment(buttons))
        self.get("review-live").textContent = ""
        self._draw()
        if not self.dialog.open:
            self.dialog.showModal()
        nav.querySelector('[data-review="next"]').focus()

    def go(self, index: int) -> None:
        if self.review is None:
            return
        index = clamp_step(self.review, index)
        if index == self.index:
            return
        self.index = index
        self._draw()

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()  # the close event puts the focus back

    # ------------------------------------------------------------- drawing

    def _draw(self) -> None:
        review = self.review
        assert review is not None
        step = review.steps[self.index]
        total = len(review.steps)
        where = t("review.step", number=self.index + 1, total=total)
        self.get("review-where").textContent = f"{where} · {step.title}"
        self.dialog.setAttribute("data-step", str(self.index))
        self.dialog.setAttribute("data-kind", step.kind)
        self.get("review-step").replaceChildren(self.d.fragment(self._step(step)))
        for cmd, _ in NAV:
            at_end = self.index == 0 if cmd in ("first", "back") else self.index == total - 1
            node = self.get("review-nav").querySelector(f'[data-review="{cmd}"]')
            node.setAttribute("aria-disabled", "true" if at_end else "false")
        # The live region says the step: where it is, then what happened.
        self.get("review-live").textContent = f"{where}. {step.text}"

    def _step(self, step: ReviewStep) -> list[Any]:
        d = self.d
        nodes: list[Any] = []  # the step's title is in the line above it (review-where)
        if step.trick:
            nodes.append(d.el("ul", {"class": "review-trick", "aria-label": t("review.trick_label")},
                              *[self._trick_card(c) for c in step.trick]))
        if step.lines:
            nodes.append(d.el("ul", {"class": "review-lines"}, *[d.el("li", {}, line) for line in step.lines]))
        elif step.kind == "deal":
            nodes.append(d.el("p", {"class": "review-lines"}, step.text))
        nodes.append(d.el("div", {"class": "review-hands", "role": "group", "aria-label": t("review.hands_label")},
                          *[self._hand(h) for h in step.hands]))
        return nodes

    def _mini(self, face: Any, extra: str = "") -> Node:
        return self.d.el("span", {"class": self.d.face_classes(face, f"mini {extra}".strip()), "role": "img",
                                  "aria-label": face.name}, *self.d.card_face(face))

    def _trick_card(self, c: ReviewCard) -> Node:
        d = self.d
        marks = [t("review.lead_mark")] if c.lead else []
        if c.winner:
            marks.append(t("review.took_mark"))
        return d.el("li", {"class": "last-item review-card" + (" winner" if c.winner else ""),
                           "data-seat": c.seat, "data-card": c.face.name, "data-winner": "true" if c.winner else None},
                    d.el("span", {"class": "last-seat"}, c.name),
                    self._mini(c.face),
                    d.el("span", {"class": "review-mark"}, ", ".join(marks)) if marks else None)

    def _hand(self, h: ReviewHand) -> Node:
        d = self.d
        stats = []
        if h.bid:
            stats.append(h.bid)
        stats.append(t("dom.tricks", n=h.tricks))
        if h.points:
            stats.append(t("dom.hand_points", n=h.points))
        received = {c for c in h.received}
        cards = [d.el("li", {}, self._mini(f, "received" if f.card in received else "")) for f in h.cards]
        return d.el("section", {"class": "review-seat", "data-seat": h.seat, "aria-label": h.name},
                    d.el("h4", {}, h.name, d.el("span", {"class": "review-stats"}, " · ".join(stats))),
                    d.el("ul", {"class": "review-cards", "aria-label": h.label}, *cards) if cards
                    else d.el("p", {"class": "review-empty"}, h.label))
