"""Four languages: every catalogue has every English key, with the same
parameters and plural forms, and the table speaks the language chosen.

Run ``python tests/ui/test_i18n.py LANG`` to list what LANG still lacks.
"""

import string
import sys

import pytest
from ui_helpers import position

from game.explain import MESSAGES as ENGINE
from game.explain import explain_message
from ui import i18n
from ui.i18n import LANGUAGES, catalogue, engine_text, pick_language, plural_form, set_language, t
from ui.table_model import build_table
from ui.table_state import UiState

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def fields(template):
    """The parameters a template uses, with their format specs."""
    return sorted((name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name is not None)


def forms(entry):
    return entry if isinstance(entry, dict) else {"other": entry}


def problems(lang):
    """What catalogue ``lang`` lacks or gets wrong, as sentences."""
    english, other = catalogue("en"), catalogue(lang)
    out = []
    for key, entry in english.items():
        if key not in other:
            out.append(f"missing {key!r}: {entry!r}")
            continue
        mine = forms(other[key])
        if isinstance(entry, dict) and set(mine) != {"one", "other"}:
            out.append(f"{key!r} needs the plural forms one and other")
            continue
        wanted = {name for form in forms(entry).values() for name, _ in fields(form)}
        for form, text in mine.items():
            if not isinstance(text, str):
                out.append(f"{key!r} ({form}) is not text")
                continue
            if not text.strip() and not key.startswith("article."):  # Swedish names cards with no article
                out.append(f"{key!r} ({form}) is empty")
                continue
            got = {name for name, _ in fields(text)}
            if not got <= wanted:
                out.append(f"{key!r} ({form}) uses parameters the English does not give: {sorted(got - wanted)}")
            if not isinstance(entry, dict) and got != wanted:
                out.append(f"{key!r} uses {sorted(got)}, English {sorted(wanted)}")
    for key in other:
        if key not in english:
            out.append(f"{key!r} is not an English key (stale?)")
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_every_catalogue_has_every_english_key_with_the_same_parameters(lang):
    found = problems(lang)
    assert not found, f"{len(found)} problems in {lang}:\n" + "\n".join(found[:40])


def test_a_missing_key_is_caught():
    """The check itself: a catalogue without a key, or with a wrong parameter, fails."""
    other = catalogue("es")
    saved = dict(other)
    try:
        key = next(iter(catalogue("en")))
        del other[key]
        other["pass.first"] = "{nombre} elige primero."
        found = problems("es")
        assert any(key in p for p in found) and any("pass.first" in p for p in found)
    finally:
        other.clear()
        other.update(saved)


def test_engine_messages_are_all_in_english_catalogue():
    assert {"engine." + k for k in ENGINE} <= set(catalogue("en"))


def test_english_engine_messages_read_as_the_engine_wrote_them():
    """The table's English of a refusal is the engine's own sentence."""
    m = position("hearts", "classic", ["2C 9C 4H 5H QS AD KD"], dealer=3)
    set_language("en")
    for card in range(52):
        message = explain_message(m, card)
        if message:
            assert engine_text(message) == m.explain(card)


def test_plural_rules_and_browser_language():
    assert [plural_form("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_form("sv", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_form("pt", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert pick_language(["es-MX", "en"]) == "es" and pick_language(["zh-CN"]) == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_speaks_each_language(lang):
    """Every sentence of a table in play comes from the catalogue: plurals,
    card names and the engine's refusals."""
    m = position("hearts", "classic", ["2C 9C 4H 5H QS AD KD"], dealer=3)
    try:
        set_language(lang)
        table = build_table(m.view(0), UiState())
        assert table.hand.label == t("hand.label_playable", n=len(table.hand.cards), playable=1)
        assert t("hand.label", n=1) != t("hand.label", n=2)
        names = [c.face.name for c in table.hand.cards]
        assert t("card.name", card=49) in names  # the queen of spades, named in this language
        refused = engine_text(explain_message(m, 49))
        assert refused and "{" not in refused
        if lang != "en":
            assert refused != m.explain(49), "the refusal is translated"
            assert t("status.your_lead") != catalogue("en")["status.your_lead"]
    finally:
        set_language("en")


def test_unknown_language_falls_back_to_english():
    set_language("xx")
    assert i18n.language() == "en"
    assert t("seat.you") == "You"


if __name__ == "__main__":
    lang = sys.argv[1] if len(sys.argv) > 1 else "es"
    try:
        catalogue(lang)
    except ModuleNotFoundError:
        print(f"no catalogue ui/lang/{lang}.py yet: every English key is missing")
        raise SystemExit(1) from None
    found = problems(lang)
    for line in found:
        print(line)
    print(f"{len(found)} problems")
