"""How the page's click and change handlers read the element a player used
(ui/dom.py's clicked, attribute, field_value), with stand-ins for DOM nodes:
a click on a button's icon acts for the button, a click elsewhere (or on a
node that is not an element) does nothing, and a checkbox reads as
"true" / "false"."""


from ui.dom import attribute, clicked, field_value


class Node:
    """An element: its attributes, its parent, and closest() over both."""

    def __init__(self, parent=None, **attrs):
        self.parent, self.attrs = parent, attrs

    def getAttribute(self, name):  # the DOM's name
        return self.attrs.get(name)

    def closest(self, selector):
        name = selector.strip("[]")
        node = self
        while node is not None and name not in node.attrs:
            node = node.parent
        return node


class Event:
    def __init__(self, target):
        self.target = target


def test_a_click_on_a_buttons_inside_acts_for_the_button():
    button = Node(**{"data-cmd": "card", "data-arg": "QS"})
    icon = Node(parent=Node(parent=button))
    assert clicked(Event(icon), "[data-cmd]") is button
    assert (attribute(button, "data-cmd"), attribute(button, "data-arg")) == ("card", "QS")


def test_a_click_elsewhere_or_on_a_text_node_does_nothing():
    assert clicked(Event(Node(parent=Node())), "[data-cmd]") is None
    assert clicked(Event(object()), "[data-cmd]") is None  # no closest(): a text node
    assert clicked(Event(None), "[data-cmd]") is None


def test_a_missing_attribute_reads_as_empty():
    assert attribute(Node(**{"data-cmd": "undo"}), "data-arg") == ""


class Field:
    def __init__(self, type_, value="", checked=False):
        self.type, self.value, self.checked = type_, value, checked


def test_a_checkbox_reads_as_true_or_false_and_other_fields_as_their_value():
    assert field_value(Field("checkbox", checked=True)) == "true"
    assert field_value(Field("checkbox", value="on")) == "false"
    assert field_value(Field("select-one", value="hard")) == "hard"
    assert field_value(Field("number", value=250)) == "250"
