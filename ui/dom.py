"""The thin DOM layer: draws a TableModel into the page, region by region.

New nodes are described in Python and made by the page in one call per
redraw (ui/nodes.py, assets/nodes.js): a string is always a text node, no
HTML is ever built from text, so a name or message is always shown as
text. Nothing here decides anything about the game: it draws the model
field by field, and turns clicks into ``(cmd, arg)`` pairs for the
controller (the ``data-cmd`` / ``data-arg`` of the button clicked). It never
reads game state back from the page.

Each region of the page is redrawn only when its part of the model changed,
and keyboard focus is put back on the element with the same ``data-key``.

:class:`TableView` is one object built from three modules:

- this one: the table's regions (seats, trick, hand, controls, message,
  score sheet, summary), the live region, the focus and the hand's keys,
  and the drawing helpers the other two use;
- ui/dialog_dom.py (:class:`~ui.dialog_dom.DialogsDom`): the modal
  dialogs, New game and the rules page;
- ui/shell_dom.py (:class:`~ui.shell_dom.ShellDom`): index.html's own words
  around the table in the table's language, and its language, deck and
  speed switches.
"""

from __future__ import annotations

from typing import Any

from .dialog_dom import DialogsDom
from .i18n import t as msg
from .nodes import Dom, absent
from .sheet_dom import sheet_table
from .shell_dom import ShellDom
from .table_model import (
    Choice,
    Controls,
    Hand,
    LastTrick,
    ScoreSheet,
    SeatModel,
    Summary,
    TableModel,
    TrickModel,
)


def attribute(node: Any, name: str) -> str:
    """An attribute of a page node as text, "" when it has none."""
    value = node.getAttribute(name)
    return "" if absent(value) else str(value)


def clicked(event: Any, selector: str) -> Any:
    """The element matching ``selector`` that a click event reached (the
    target or one of its ancestors), or None: the page's click handlers
    listen on the document and act on their own buttons only."""
    target = event.target
    if absent(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if absent(found) else found


def field_value(field: Any) -> str:
    """What a form field holds, as the controller takes it: "true" or
    "false" for a checkbox, else its value."""
    if field.type == "checkbox":
        return "true" if field.checked else "false"
    return str(field.value)


class TableView(DialogsDom, ShellDom):
    """Draws the table into the page shell of index.html (see the module's text for its parts)."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.d = Dom(document)
        self.prev: dict[str, Any] = {}
        self.said = 0  # the number of the last sentence put in the live region
        self.hand_key = ""  # the hand's card in the tab order (roving tabindex)
        self.sounds: Any = None  # ui/sound.py's Sounds, given by the page
        self._passing: set[str] = set()  # keys of the cards picked to pass (see _send_off)
        self._pass_to: tuple[float, float] = (0.0, 0.0)
        # Under the loading screen the table is not rendered (assets/baza.css):
        # nothing there can take the focus, and asking costs a style pass.
        self.shown = False
        # Modal dialogs a saved game reopens under the loading screen, by id:
        # they open once the page is shown (ui/dialog_dom.py _open_modal).
        self._opening: dict[str, Any] = {}
        self._rendering = False  # in render(): a focus waits for the redraw's end (_focus_on)
        self._trick_label = ""  # the trick's label as drawn
        self._focus: Any = None

    def get(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    # ------------------------------------------------------------- helpers

    def _region(self, name: str, value: Any, draw: Any) -> bool:
        """Redraw region ``name`` when ``value`` changed. True if redrawn."""
        if name in self.prev and self.prev[name] == value:
            return False
        self.prev[name] = value
        draw(value)
        return True

    def _replace(self, node: Any, children: list[Any], keep: bool = False) -> None:
        """Replace node's children with new ones (descriptions, ui/nodes.py),
        keeping focus on the same data-key. ``keep``: the nodes that stay are
        kept and changed in place (a region of the table redrawn at every
        action: making its elements anew cost their style, layout and text
        shaping each time); not for a region with form fields, whose state
        the browser keeps apart from their attributes."""
        active = self.doc.activeElement
        key = None
        if not absent(active) and node.contains(active):
            key = active.getAttribute("data-key")
            key = None if absent(key) else str(key)
        if keep:
            self.d.morph(node, children)
        else:
            node.replaceChildren(self.d.fragment(children))
        if key:
            # The same control again, or (a card just played) the next one that can be used.
            again = node.querySelector(f'[data-key="{key}"]')
            if absent(again):
                again = node.querySelector('button[aria-disabled="false"]')
            if absent(again):
                again = node.querySelector("button")
            if not absent(again) and not again.isSameNode(active):  # kept in place, it has the focus still
                self._focus_on(again)

    def _focus_on(self, node: Any) -> None:
        """Move the focus to ``node``; during a redraw, once it has changed
        everything (a focus lays out the page: given in the middle of the
        redraw, the page was laid out twice in the frame)."""
        if self._rendering:
            self._focus = node
        else:
            node.focus()

    def button(self, c: Choice, cls: str = "") -> Any:
        classes = " ".join(x for x in (cls, "primary" if c.primary else "", "hinted" if c.hinted else "") if x)
        attrs = {
            "type": "button",
            "class": classes or None,
            "data-cmd": c.cmd,
            "data-arg": c.arg,
            "data-key": f"{c.cmd}:{c.arg}",
            "aria-disabled": "false" if c.enabled else "true",
        }
        if c.pressed is not None:
            attrs["aria-pressed"] = "true" if c.pressed else "false"
        return self.d.el("button", attrs, c.label)

    # ------------------------------------------------------------- table

    def render(self, t: TableModel) -> None:
        """Draw ``t``: only the regions that changed, every read of the page
        (where passed cards stand, the focus) before its changes, and a focus
        to move moved once they are made (_focus_on)."""
        self._rendering, self._focus = True, None
        try:
            self._render(t)
        finally:
            self._rendering = False
        if self._focus is not None:
            self._focus.focus()
            self._focus = None
        if self._region("awaiting", (t.match_id, t.awaiting), lambda v: None):
            self._focus_turn(t.awaiting)

    def _render(self, t: TableModel) -> None:
        if self.prev.get("lang") != t.lang:
            self.prev = {"lang": t.lang}  # another language: every region is drawn again
            self._chrome(t.lang, t.langs)
        self._focus_staying_card(t.hand)
        leaving = self._passing.difference(c.key for c in t.hand.cards) if self._passing else set()
        if leaving:  # the exchange is made: the cards passed fly to their receiver
            self._passing = set()
            if t.speed != "instant":  # where nothing moves (assets/baza.css)
                self._send_off(leaving, self._pass_to)
        self.d.update(self.get("table"), {
            "data-phase": t.phase, "data-awaiting": t.awaiting, "data-game": t.game,
            "data-players": len(t.seats), "data-step": t.step, "data-match": t.match_id,
            "data-speed": t.speed, "data-clear": t.trick_clear,
            "class": "table deck-four" if t.deck == "four" else "table"})
        if t.page_title and str(self.doc.title) != t.page_title:
            self.doc.title = t.page_title  # "Your turn · Baza": a player in another tab sees it
        self._region("title", t.title, lambda v: self._replace(self.get("title"), [self.d.el("span", {}, v)], True))
        self._region("guide", (t.guide, t.game), self._guide)
        self._region("claim", t.claim_available, self._claim)
        self._region("seats", t.seats, self._seats)
        self._region("trick", t.trick, self._trick)
        self._region("last", t.last_trick, self._last)
        self._region("status", t.status, lambda v: self._replace(self.get("turn"), [self.d.el("span", {}, v)], True))
        self._region("message", t.message, self._message)
        self._region("notice", t.notice,
                     lambda v: self._replace(self.get("notice"), [self.d.el("span", {}, v)] if v else [], True))
        self._region("controls", t.controls, self._controls)
        self._region("hand", t.hand, self._hand)
        self._region("sheet", t.sheet, self._sheet)
        self._region("rules", t.rules, self._rules)
        if self._region("summary", t.summary, self._summary) and t.summary is not None and self.shown:
            primary = self.get("summary").querySelector(".primary")
            if not absent(primary):
                self._focus_on(primary)
        last_btn = self.get("last-btn")
        last_btn.setAttribute("aria-pressed", "true" if t.last_trick is not None else "false")
        last_btn.setAttribute("aria-disabled", "false" if t.last_trick_available or t.last_trick else "true")
        hint_btn = self.get("hint-btn")
        if not absent(hint_btn):
            hint_btn.setAttribute("aria-disabled", "false" if t.hint_available else "true")
        undo_btn = self.get("undo-btn")
        if not absent(undo_btn):
            undo_btn.setAttribute("aria-disabled", "false" if t.undo_available else "true")
            undo_btn.toggleAttribute("hidden", t.strict)
        self._region("speed", (t.speed, t.speeds), self._speed)
        self._region("deck", (t.deck, t.decks), self._deck)
        self._region("help_button", t.help_button, lambda v: setattr(self.get("help-btn"), "textContent", v))
        self._region("help", t.help, self._help)
        self._announce(t.announcements)
        if self.sounds is not None:
            self.sounds.follow(t.sounds, t.sound)
        self._region("sound", t.sound, lambda on: setattr(self.get("sound"), "checked", on))

    def _seats(self, seats: tuple[SeatModel, ...]) -> None:
        groups: dict[str, list[tuple[float, Any]]] = {}
        for s in seats:
            cls = ["seat"]
            if s.is_you:
                cls.append("you")
            if s.is_turn:
                cls.append("turn")
            name = self.d.el("h2", {"class": "seat-name"}, s.name)
            if s.level:
                name.append(self.d.el("span", {"class": "level", "title": msg("dom.level_title")}, s.level))
            if s.is_dealer:
                name.append(self.d.el("span", {"class": "dealer", "title": msg("dom.dealer"),
                                               "aria-label": msg("dom.dealer").lower()}, msg("dom.dealer_mark")))
            if s.partner:
                name.append(self.d.el("span", {"class": "partner"}, msg("dom.partner")))
            stats = self.d.el("p", {"class": "seat-stats"})
            items = []
            if s.bid:
                items.append(("bid", s.bid))
            items.append(("tricks", msg("dom.tricks", n=s.tricks)))
            if s.hand_points:
                items.append(("hand", msg("dom.hand_points", n=int(s.hand_points))))
            items.append(("score", msg("dom.team_score" if s.team_score else "dom.score", score=s.score)))
            for k, text in items:
                stats.append(self.d.el("span", {"class": f"stat stat-{k}"}, text))
            node = self.d.el(
                "section",
                {"class": " ".join(cls), "data-seat": s.seat, "data-h": s.anchor.split()[0],
                 "data-v": s.anchor.split()[1], "aria-label": s.name,
                 "aria-current": "true" if s.is_turn else None, "--x": f"{s.x}%", "--y": f"{s.y}%"},
                name,
                self.d.el("p", {"class": "seat-team"}, s.team) if s.team else None,
                stats,
                self._backs(s.cards_left) if not s.is_you and s.cards_left and not s.open_hand else None,
                self.d.el("p", {"class": "seat-cards"}, msg("dom.cards", n=s.cards_left))
                if not s.is_you and s.cards_left else None,
                self.d.el("div", {"class": "seat-hand", "role": "img", "aria-label": s.open_hand_label},
                          *[self.d.el("span", {"class": f"suit-line suit-{suit}"}, self.d.suit(suit, "pip"), ranks)
                            for suit, ranks in s.open_hand]) if s.open_hand else None,
                self.d.el("p", {"class": "seat-status"}, s.status) if s.status else None,
            )
            groups.setdefault(s.slot, []).append((s.angle, node))
        # One group per side of the felt (assets/baza.css places them in the
        # felt's grid), its seats in clockwise order from your left: the
        # page lists the seats in the order of play, from yours.
        nodes = [self.d.el("div", {"class": "seat-group", "data-slot": slot},
                           *[node for _, node in sorted(groups[slot], key=lambda g: g[0])])
                 for slot in ("you", "left", "top", "right") if slot in groups]
        self._replace(self.get("seats"), nodes, keep=True)

    def _backs(self, n: int) -> Any:
        """A seat's hand face down: a small fan of card backs (up to five
        drawn, CSS) with the number of cards on it, large enough to read."""
        return self.d.el("div", {"class": "seat-backs", "aria-hidden": "true", "--k": min(n, 5)},
                         *[self.d.el("span", {"class": "back", "--j": j}) for j in range(min(n, 5))],
                         self.d.el("span", {"class": "backs-count"}, str(n)))

    def _small_card_class(self, c: Any) -> str:
        return self.d.face_classes(c.face, "played" + (" winner" if c.winner else ""))

    def _small_card(self, c: Any, key: str) -> Any:
        f = c.face
        return self.d.el("li", {"class": self._small_card_class(c), "aria-label": f"{c.seat_name}: {f.name}",
                                "data-key": key, "data-who": c.seat_name, "data-tag": c.tag,
                                "--x": f"{c.x}%", "--y": f"{c.y}%",
                                "--fx": f"{getattr(c, 'fx', 0)}%", "--fy": f"{getattr(c, 'fy', 0)}%",
                                "--ox": getattr(c, "ox", 0.0), "--oy": getattr(c, "oy", 0.0),
                                "--x2": f"{getattr(c, 'x2', 0.0)}%", "--y2": f"{getattr(c, 'y2', 0.0)}%",
                                "--ox2": getattr(c, "ox2", 0.0), "--oy2": getattr(c, "oy2", 0.0),
                                # A second card fanned left or up lies under the first (its corner out).
                                "--z": 1 if getattr(c, "under", False) else None,
                                "--z2": 1 if getattr(c, "under2", False) else None},
                         *self.d.card_face(f))

    def _trick(self, t: TrickModel) -> None:
        """The cards in the middle. A card stays the same node from the moment
        it is played until the trick leaves, so its arrival (from its
        player's side) is animated once, and a taken trick can then move
        toward its winner (assets/baza.css)."""
        root = self.get("trick")
        self.d.update(root, {"data-kind": t.kind})
        label = root.querySelector(".trick-label")
        cards = root.querySelector(".trick-cards")
        if absent(label) or absent(cards):
            # The list of cards inside the area that is the size container
            # (assets/baza.css: the cards' width is worked out once, on the list).
            label, area = self.d.nodes([self.d.el("p", {"class": "trick-label"}),
                                        self.d.el("div", {"class": "trick-area"},
                                                  self.d.el("ul", {"class": "trick-cards"}))])
            root.replaceChildren(label, area)
            cards = area.firstElementChild
            self._trick_label = ""
        if t.label != self._trick_label:  # the same text set again would be laid out again
            label.textContent = self._trick_label = t.label
        sizes = {"--trick-w": t.size, "--trick-w2": t.size2}
        self.d.update(cards, {"aria-label": t.label or msg("dom.on_table"), "--tx": f"{t.tx}%", "--ty": f"{t.ty}%",
                              **{name: size for name, size in sizes.items() if size}})
        kept = {}
        for node in cards.querySelectorAll("li"):
            kept[str(node.getAttribute("data-key"))] = node
        nodes: list[Any] = []
        new: dict[int, Any] = {}  # place in nodes: the description of a card just played
        for c in t.cards:
            key = f"{'k' if t.kind == 'cut' else 't'}{c.seat}:{c.face.card}"
            node = kept.pop(key, None)
            if node is None:
                new[len(nodes)] = self._small_card(c, key)
            else:
                self.d.update(node, {"class": self._small_card_class(c), "aria-label": f"{c.seat_name}: {c.face.name}"})
            nodes.append(node)
        self._reconcile(cards, self._made(nodes, new))

    def _last(self, last: LastTrick | None) -> None:
        root = self.get("last")
        if last is None:
            root.setAttribute("hidden", "")
            self._replace(root, [])
            return
        root.removeAttribute("hidden")
        cards = []
        for c in last.cards:
            f = c.face
            cards.append(self.d.el("li", {"class": "last-item" + (" winner" if c.winner else "")},
                                   self.d.el("span", {"class": "last-seat"}, c.seat_name),
                                   self.d.el("span", {"class": self.d.face_classes(f, "mini"), "role": "img",
                                                      "aria-label": f.name}, *self.d.card_face(f))))
        self._replace(root, [
            self.d.el("h2", {}, last.label),
            self.d.el("ul", {"class": "last-cards"}, *cards),
            self.button(Choice("last-trick", "", msg("dom.close"))),
        ])

    def _claim(self, available: bool) -> None:
        """Claim the rest: a tool after Undo, there only while a claim can be
        made (never a hint of whether it would hold: the engine checks it)."""
        old = self.get("claim-btn")
        if not absent(old):
            old.remove()
        undo = self.get("undo-btn")
        if available and not absent(undo):
            undo.after(self.d.node(self.d.el("button", {
                "type": "button", "id": "claim-btn", "data-cmd": "claim", "data-key": "claim",
                "title": msg("page.claim_title")}, msg("claim.button"))))

    def _guide(self, value: tuple[tuple[str, ...], str]) -> None:
        """The first-visit guide of the game on the table: three lines and a
        button that puts it away for good (ui/app.py remembers it)."""
        lines, game = value
        root = self.get("guide")
        if absent(root):
            return
        if not lines:
            root.setAttribute("hidden", "")
            self._replace(root, [])
            return
        root.removeAttribute("hidden")
        self._replace(root, [
            self.d.el("h2", {"id": "guide-title"}, msg("guide.title")),
            self.d.el("ol", {}, *[self.d.el("li", {}, line) for line in lines]),
            self.d.el("button", {"type": "button", "data-cmd": "guide-close", "data-arg": game,
                                 "data-key": "guide-close"}, msg("guide.close")),
        ])

    def _message(self, text: str) -> None:
        root = self.get("message")
        if not text:
            root.setAttribute("hidden", "")
            self._replace(root, [])
            return
        root.removeAttribute("hidden")
        self._replace(root, [self.d.el("span", {}, text),
                             self.d.el("button", {"type": "button", "class": "dismiss", "data-cmd": "dismiss",
                                                  "aria-label": msg("dom.dismiss")}, "×")])

    def _controls(self, c: Controls) -> None:
        root = self.get("controls")
        root.setAttribute("data-kind", c.kind)
        nodes = []
        if c.prompt:
            nodes.append(self.d.el("p", {"class": "prompt", "id": "prompt"}, c.prompt))
        if c.card is not None:
            f = c.card
            nodes.append(self.d.el("span", {"class": self.d.face_classes(f, "draw-card"), "role": "img",
                                            "aria-label": f.name}, *self.d.card_face(f)))
        groups: dict[str, list[Any]] = {}
        for choice in c.choices:
            groups.setdefault(choice.group, []).append(self.button(choice))
        for group, buttons in groups.items():
            label = msg({"number": "dom.group_tricks", "suit": "dom.group_trump"}.get(group, "dom.group_choices"))
            nodes.append(self.d.el("div", {"class": f"choices choices-{group or 'main'}", "role": "group",
                                           "aria-label": label}, *buttons))
        self._replace(root, nodes, keep=True)

    def _hand(self, h: Hand) -> None:
        """Your hand: its cards in a box-less wrapper (.hand-cards: assets/baza.css
        reads the hand's width there once), changed in place (assets/nodes.js
        morph). A card that stays keeps its button: a click or a key press that
        straddles a redraw (its press on one node, its release on a new one)
        would otherwise be lost, and the cards would slide in again."""
        root = self.get("hand")
        n = len(h.cards) + h.face_down
        # The dealer's side: a card dealt in comes from there (assets/baza.css).
        self.d.update(root, {"aria-label": h.label, "data-mode": h.mode, "--n": max(n, 1),
                             "--deal-x": h.deal_from[0], "--deal-y": h.deal_from[1]})
        cards = root.firstElementChild
        if absent(cards) or cards.getAttribute("class") != "hand-cards":
            cards = self.d.node(self.d.el("div", {"class": "hand-cards"}))
            root.replaceChildren(cards)
        tab = self._tab_stop(h, cards)
        dim = h.mode == "play" and any(c.playable for c in h.cards)  # the cards that cannot be played, dimmed
        nodes: list[Any] = []
        for i, c in enumerate(h.cards):
            f = c.face
            extra = " ".join(x for x in ("playable" if c.playable else "dim" if dim else "",
                                         "selected" if c.selected else "", "received" if c.received else "",
                                         "hinted" if c.hinted else "") if x)
            nodes.append(self.d.el("button", {
                "type": "button",
                "class": self.d.face_classes(f, extra),
                "data-cmd": "card",
                "data-arg": c.action if h.mode == "play" else f.card,
                "data-key": c.key,
                "aria-label": f.name,
                "aria-disabled": "false" if c.playable else "true",
                "aria-pressed": ("true" if c.selected else "false") if h.mode == "pass" else None,
                "data-new": msg("dom.new") if c.received else None,
                "tabindex": "0" if c.key == tab else "-1",  # one card in the tab order (roving tabindex)
                "--i": i,
            }, *self.d.card_face(f)))
        for i in range(h.face_down):
            nodes.append(self.d.el("span", {"class": "card back", "aria-hidden": "true", "--i": len(h.cards) + i}))
        if h.face_down:
            nodes.append(self.d.el("span", {"class": "visually-hidden"}, h.label))
        if h.mode == "pass":  # the cards picked to pass, and where they will go
            self._passing = {c.key for c in h.cards if c.selected}
            self._pass_to = h.pass_to
        self._replace(cards, nodes, keep=True)
        self.hand_key = tab

    def _focus_staying_card(self, h: Hand) -> None:
        """The focused card leaves the hand (it was played): the focus moves
        to the card that takes its place in the tab order (_tab_stop) before
        the redraw changes anything. Taken out with the focus on it, the card
        made the browser lay out the page in the middle of the redraw."""
        cards = self.get("hand").firstElementChild
        active = self.doc.activeElement
        if absent(cards) or absent(active) or not cards.contains(active):
            return
        key = active.getAttribute("data-key")
        if absent(key) or any(c.key == str(key) for c in h.cards):
            return
        tab = self._tab_stop(h, cards)
        if tab:
            target = cards.querySelector(f'button.card[data-key="{tab}"]')
            if not absent(target):
                target.focus()

    def _tab_stop(self, h: Hand, cards: Any) -> str:
        """The key of the hand's card in the tab order: the focused one if it
        stays, else the last one that was, else the first playable one, else
        the first (the focus, if its card goes, moves to that one: _replace)."""
        keys = [c.key for c in h.cards]
        active = self.doc.activeElement
        if not absent(active) and cards.contains(active):
            key = active.getAttribute("data-key")
            if not absent(key) and str(key) in keys:
                return str(key)
        if self.hand_key in keys:
            return self.hand_key
        return next((c.key for c in h.cards if c.playable), keys[0] if keys else "")

    def _send_off(self, keys: set[str], toward: tuple[float, float]) -> None:
        """Passed cards leave toward their receiver: a copy of each flies from
        where it stood (assets/baza.css .card-ghost) and is dropped later;
        nothing moves with reduced motion (CSS). Called before the redraw
        changes anything: where the cards stand is read from the layout of the
        last frame, not from one made anew for it."""
        hand = self.get("hand")
        cards = [card for key in sorted(keys)
                 if not absent(card := hand.querySelector(f'button.card[data-key="{key}"]'))]
        boxes = [card.getBoundingClientRect() for card in cards]
        body = self.doc.body
        for old in self.doc.querySelectorAll(".card-ghost"):
            if not old.getAnimations().length:
                old.remove()
        for card, box in zip(cards, boxes):
            ghost = card.cloneNode(True)
            for name in ("data-cmd", "data-arg", "data-key", "tabindex", "aria-pressed"):
                ghost.removeAttribute(name)
            ghost.setAttribute("aria-hidden", "true")
            ghost.setAttribute("class", str(card.getAttribute("class")) + " card-ghost")
            style = ghost.style
            style.setProperty("left", f"{box.left}px")
            style.setProperty("top", f"{box.top}px")
            style.setProperty("width", f"{box.width}px")
            style.setProperty("height", f"{box.height}px")
            style.setProperty("--gx", f"{toward[0]}%")
            style.setProperty("--gy", f"{toward[1]}%")
            body.append(ghost)

    def _made(self, nodes: list[Any], new: dict[int, Any]) -> list[Any]:
        """``nodes`` with the nodes of the descriptions in ``new`` (by place)
        made, all in one call."""
        for at, made in zip(new, self.d.nodes(list(new.values()))):
            nodes[at] = made
        return nodes

    def _reconcile(self, node: Any, children: list[Any]) -> None:
        """Make ``children`` the children of ``node`` moving as little as
        possible: a node that stays is never taken out (it keeps its focus,
        its pressed state and its animation). If the focused child leaves,
        the focus goes to the first usable button left."""
        active = self.doc.activeElement
        had_focus = not absent(active) and node.contains(active)
        staying = {str(c.getAttribute("data-key")) for c in children if node.contains(c)}
        current = node.childNodes
        for i in range(current.length - 1, -1, -1):
            child = current.item(i)
            key = child.getAttribute("data-key") if child.nodeType == 1 else None
            if absent(key) or str(key) not in staying:
                child.remove()
        for i, child in enumerate(children):
            here = node.childNodes.item(i)
            if absent(here) or not here.isSameNode(child):
                node.insertBefore(child, None if absent(here) else here)
        if had_focus and not node.contains(self.doc.activeElement):
            again = node.querySelector('button[aria-disabled="false"]')
            if absent(again):
                again = node.querySelector("button")
            if not absent(again):
                again.focus()

    # ------------------------------------------------------------- keyboard

    def _rove(self, root: Any, card: Any) -> None:
        """Roving tabindex: ``card`` becomes the hand's one card in the tab
        order (the arrow keys move it: on_hand_key; a redraw keeps it:
        _tab_stop). Only the tabindex that changes is written: writing the
        focused card's, even unchanged, makes the browser lay out the page."""
        cards = root.querySelectorAll("button.card")
        for i in range(cards.length):
            node = cards.item(i)
            want = "0" if node.isSameNode(card) else "-1"
            if node.getAttribute("tabindex") != want:
                node.setAttribute("tabindex", want)
        self.hand_key = str(card.getAttribute("data-key"))

    def on_hand_key(self, event: Any) -> None:
        """Arrow keys, Home and End move between the cards of the hand
        (Enter and Space press the card, as with any button)."""
        key = str(event.key)
        target = event.target
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        if absent(target) or not hasattr(target, "matches") or not target.matches("#hand button.card"):
            return
        cards = self.get("hand").querySelectorAll("button.card")
        n = cards.length
        index = next((i for i in range(n) if cards.item(i) == target), 0)
        if key == "Home":
            index = 0
        elif key == "End":
            index = n - 1
        elif key in ("ArrowLeft", "ArrowUp"):
            index = max(index - 1, 0)
        else:
            index = min(index + 1, n - 1)
        event.preventDefault()
        card = cards.item(index)
        self._rove(self.get("hand"), card)
        card.focus()

    def _sheet(self, s: ScoreSheet) -> None:
        table = sheet_table(self.d, s)
        note = self.d.el("p", {"class": "sheet-note"}, s.note) if s.note else None
        self._replace(self.get("sheet"), [self._scroller(msg("dom.sheet"), table), note], keep=True)

    def _scroller(self, label: str, table: Any) -> Any:
        """A table that may scroll sideways on a phone: a region in the tab
        order, so that the keyboard can scroll it too."""
        return self.d.el("div", {"class": "sheet-scroll", "role": "region", "aria-label": label, "tabindex": "0"},
                         table)

    def _rules(self, rules: tuple[tuple[str, str], ...]) -> None:
        items = []
        for label, value in rules:
            items.append(self.d.el("dt", {}, label))
            items.append(self.d.el("dd", {}, value))
        self._replace(self.get("rules"), items)

    def _summary(self, s: Summary | None) -> None:
        root = self.get("summary")
        if s is None:
            root.setAttribute("hidden", "")
            self._replace(root, [])
            return
        root.removeAttribute("hidden")
        root.setAttribute("data-game-over", "true" if s.game_over else "false")
        d = self.d
        who = msg("dom.side") if s.lines and "&" in s.lines[0].name else msg("dom.player")
        rows = [d.el("tr", {}, d.el("th", {"scope": "col"}, who),
                     d.el("th", {"scope": "col"}, msg("dom.this_hand")),
                     d.el("th", {"scope": "col"}, msg("dom.points")),
                     d.el("th", {"scope": "col"}, msg("sheet.total")))]
        for line in s.lines:
            rows.append(d.el("tr", {"class": "best" if line.best else None},
                             d.el("th", {"scope": "row", "data-place": line.place or None}, line.name),
                             d.el("td", {}, line.detail),
                             d.el("td", {}, line.points), d.el("td", {}, line.total)))
        root.setAttribute("data-won", "true" if s.won else "false")
        nodes = [d.el("div", {"class": "confetti", "aria-hidden": "true"},
                      *[d.el("i", {"--j": j}) for j in range(14)]) if s.won else None,
                 d.el("h2", {"id": "summary-title"}, s.title)]
        for note in s.notes:
            nodes.append(d.el("p", {"class": "summary-note"}, note))
        if s.record:
            nodes.append(d.el("p", {"class": "summary-record"}, s.record))
        nodes.append(self._scroller(msg("dom.hand_scores"), d.el("table", {"class": "summary-table"}, *rows)))
        nodes.append(d.el("div", {"class": "choices"}, *[self.button(b) for b in s.buttons]))
        self._replace(root, nodes)

    def _announce(self, items: tuple[tuple[int, str], ...]) -> None:
        """Append the sentences not said yet to the polite live region."""
        root = self.get("announcer")
        new = [text for n, text in items if n > self.said]
        if absent(root) or not new:
            return
        self.said = items[-1][0]
        root.append(self.d.fragment([self.d.el("p", {}, text) for text in new]))
        while root.childElementCount > 20:
            root.firstElementChild.remove()

    def focus_turn(self) -> None:
        """The page is shown (ready): from now on the focus follows your turn.
        Now a dialog that a saved game reopened opens (and takes the focus),
        else the focus goes where the table waits for you, if nothing has it."""
        self.shown = True
        if not self._open_waiting():
            self._focus_turn(self.prev.get("awaiting", ("", ""))[1])

    def _focus_turn(self, awaiting: str) -> None:
        """The table waits for you: if the focus was lost (the button pressed
        is gone), put it where you act, so the keyboard can go on from there."""
        if not self.shown:
            return
        active = self.doc.activeElement
        if not (absent(active) or active == self.doc.body) or not awaiting:
            return
        if not self.doc.hasFocus():
            return  # never take the focus from another window, or from the page embedding this one
        if awaiting in ("play", "pass"):
            target = self.get("hand").querySelector('button[tabindex="0"]')
        elif awaiting in ("next", "over"):
            target = self.get("summary").querySelector(".primary")
        else:
            target = self.get("controls").querySelector('button[aria-disabled="false"]')
        if not absent(target):
            target.focus()
