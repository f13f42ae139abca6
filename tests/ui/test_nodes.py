"""ui/nodes.py: the table's nodes described in Python and made by the page
in one call (assets/nodes.js), with a stand-in for the page's builder.
What reaches the page is text, never markup, whatever a name holds; many
new nodes cost one call; a page without the builder says so."""

import doctest
import json

import pytest

import ui.nodes
from ui import settings as S
from ui.dialog_model import build_dialog
from ui.dom import TableView
from ui.model_base import face
from ui.nodes import Dom


class Builder:
    """assets/nodes.js's bazaNodes: records each call, makes a stand-in node per description."""

    def __init__(self):
        self.calls = []

    def list(self, text):
        self.calls.append(("list", text))
        return [("node", spec) for spec in json.loads(text)]

    def fragment(self, text):
        self.calls.append(("fragment", text))
        return ("fragment", json.loads(text))


class Window:
    def __init__(self, builder):
        self.bazaNodes = builder


class Document:
    def __init__(self, builder=None):
        self.defaultView = Window(builder) if builder is not None else None


def test_a_name_with_markup_reaches_the_page_as_text():
    builder = Builder()
    d = Dom(Document(builder))
    name = '<img src=x onerror="alert(1)">'
    fragment = d.fragment([d.el("h2", {"class": "seat-name"}, name)])
    assert fragment == ("fragment", [["h2", {"class": "seat-name"}, name]])
    # Text in the JSON, and plain ASCII on its way (a lone surrogate from a damaged save included).
    text = builder.calls[0][1]
    assert json.loads(text)[0][2] == name
    d.fragment([d.el("span", {}, "bad \ud800 name")])
    assert builder.calls[1][1].isascii()


def test_attributes_and_children_as_the_page_gets_them():
    d = Dom(None)
    spec = d.el("button", {"aria-pressed": None, "hidden": False, "disabled": True, "data-arg": 7, "--i": 3},
                None, "Q", 10)
    assert spec == ["button", {"disabled": "", "data-arg": "7", "--i": "3"}, "Q", "10"]
    with pytest.raises(TypeError):
        d.el("p", {}, object())  # a page node or anything else is not a description


def test_a_whole_hand_of_new_cards_is_one_call_in_order():
    builder = Builder()
    d = Dom(Document(builder))
    faces = [face(c) for c in range(47, 52)]  # five spades
    made = d.nodes([d.el("button", {"class": d.face_classes(f), "data-key": f.card}, *d.card_face(f)) for f in faces])
    assert len(builder.calls) == 1
    assert [node[1][1]["data-key"] for node in made] == [str(f.card) for f in faces]
    assert {node[1][1]["class"] for node in made} == {"card black suit-S"}
    corners = [child for child in made[0][1][2:] if child[0] == "span"]
    assert [c[2][1]["data-rank"] for c in corners] == [faces[0].rank] * 2
    assert d.nodes([]) == [] and len(builder.calls) == 1  # nothing to make: no call


def test_a_page_without_the_builder_says_what_is_missing():
    d = Dom(Document())
    with pytest.raises(RuntimeError, match="assets/nodes.js"):
        d.fragment([d.el("p", {}, "hello")])


def test_the_examples_of_the_docstring():
    failures, tried = doctest.testmod(ui.nodes)
    assert tried >= 3 and failures == 0


def test_only_descriptions_become_elements():
    """A list from anywhere else (a saved game, say) is refused, never drawn as an element."""
    d = Dom(Document(Builder()))
    with pytest.raises(TypeError):
        d.el("p", {}, ["img", {"src": "x", "onerror": "alert(1)"}])
    with pytest.raises(TypeError):
        d.fragment([["script", {}, "alert(1)"]])
    with pytest.raises(TypeError):
        d.nodes([d.el("p"), None])


class Element:
    """An element of the page shell: what TableView reads and sets on it."""

    def __init__(self):
        self.value, self.children = None, None

    def contains(self, other):
        return False

    def replaceChildren(self, *nodes):  # the DOM's name
        self.children = nodes

    def showModal(self):  # the DOM's name
        self.open = True


class Shell(Document):
    def __init__(self, builder):
        super().__init__(builder)
        self.activeElement = None
        self.elements = {}

    def getElementById(self, element_id):  # the DOM's name
        return self.elements.setdefault(element_id, Element())


def test_a_saved_choice_that_the_dialog_does_not_list_shows_as_none_picked():
    """The New game dialog with a pass cycle of a saved game's own: no option
    shows as picked (the browser would show the first one, and picking it
    would change nothing); a listed value is picked by its option alone."""
    shell = Shell(Builder())
    view = TableView(shell)
    draft = S.Settings()
    own = S.Settings(options={**draft.options, "pass_cycle": "right,left"})
    view._dialog(build_dialog(own))
    assert shell.elements["opt-pass_cycle"].value == "right,left"  # matches no option: none picked
    assert "opt-game" not in shell.elements  # listed: its option says it, nothing set through the page
    sent = json.loads(shell.defaultView.bazaNodes.calls[-1][1])
    picked = [node for node in _all(sent) if node[0] == "input" and "checked" in node[1]]
    assert [o[1].get("value") for o in picked if o[1].get("value") in ("hearts", "spades")] == ["hearts"]


def _all(specs):
    for spec in specs:
        if isinstance(spec, list):
            yield spec
            yield from _all(spec[2:])
