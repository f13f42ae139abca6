"""Every word the player sees, in four languages: English, Spanish,
Portuguese and Swedish (the languages the rules were written in).

The catalogues are plain dicts in ``ui/lang/<code>.py``: a key, and a
template in :meth:`str.format` syntax, or for words that change with a
number, one template per plural form (``{"one": ..., "other": ...}``,
chosen by the parameter ``n``). English is complete by definition; a test
(tests/ui/test_i18n.py) fails when another catalogue lacks a key, a form or
a parameter of the English one. A key missing at run time falls back to
English, never to an error.

Cards and suits are passed as numbers and named in the language of the
moment: a parameter whose name ends in ``card`` is a card (``{card}`` its
name, ``{card:the}`` its name with the article the sentence needs), one
ending in ``suit`` a suit, one ending in ``cards`` a list of cards
("the 2 of clubs, the 3 of clubs and the Ace of hearts"). A number with a
fraction takes the language's decimal sign (``number.decimal``): "2.5" in
English, "2,5" in Spanish, Portuguese and Swedish.

>>> set_language("en")
>>> t("hand.label", n=1), t("hand.label", n=13)
('Your hand, 1 card', 'Your hand, 13 cards')
>>> t("card.name", card=49), card_text(49, "the")
('Queen of spades', 'the Queen of spades')
>>> t("bot.spades.auction", bid=7, suit=3, tricks=6.5)
'Bid 7 in spades: the hand counts 6.5 tricks with that trump.'
>>> set_language("sv")
>>> t("card.name", card=49), t("bot.spades.auction", bid=7, suit=3, tricks=6.5)
('Spader dam', 'Bjud 7 i spader: handen är värd 6,5 stick med den trumfen.')
>>> set_language("en")

The engine speaks English (its refusals are also for the command line and
the saves); it gives each refusal a key and parameters too
(:func:`game.explain.explain_message`), which :func:`engine_text` renders
here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

LANGUAGES = {"en": "English", "es": "Español", "pt": "Português", "sv": "Svenska"}
DEFAULT = "en"
# The browser's locale for each language (dates, as Intl and toLocaleString
# take it); Portuguese as in Brazil, like its plural rule below.
LOCALES = {"en": "en", "es": "es", "pt": "pt-BR", "sv": "sv-SE"}

_catalogues: dict[str, dict[str, Any]] = {}
_language = DEFAULT


def catalogue(lang: str) -> dict[str, Any]:
    """The messages of ``lang`` (imported on first use).

    In the page, a start brings the English catalogue and the player's
    language; the others arrive a moment after the table is ready
    (build/pyodide-loader.mjs). Until one has, its language shows in
    English, and ui/app.py draws again when it arrives.
    """
    if lang not in _catalogues:
        try:
            module = importlib.import_module(f"ui.lang.{lang}")
        except ModuleNotFoundError:
            if lang == DEFAULT or lang not in LANGUAGES:
                raise
            return catalogue(DEFAULT)  # not kept: the real one is imported once it is there
        _catalogues[lang] = module.MESSAGES
    return _catalogues[lang]


def set_language(lang: str) -> None:
    global _language
    _language = lang if lang in LANGUAGES else DEFAULT


def language() -> str:
    return _language


def locale() -> str:
    """The current language as a browser locale ("sv-SE"), for the dates the
    page formats itself, so that they follow the table's language rather
    than the browser's."""
    return LOCALES[_language]


def pick_language(preferred: list[str] | tuple[str, ...]) -> str:
    """The first of the browser's languages that we speak, else English.

    >>> pick_language(["sv-SE", "en-US"]), pick_language(["pt-BR"]), pick_language(["de", "fr"])
    ('sv', 'pt', 'en')
    """
    for tag in preferred:
        base = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT


def plural_form(lang: str, n: int) -> str:
    """CLDR's plural category of ``n`` for our languages: "one" or "other".

    Portuguese (as in Brazil) says "0 carta" like "1 carta"; the others
    keep "one" for 1 alone.

    >>> [plural_form("pt", n) for n in (0, 1, 2)], [plural_form("es", n) for n in (0, 1, 2)]
    (['one', 'one', 'other'], ['other', 'one', 'other'])
    """
    n = abs(int(n))
    if lang == "pt":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def _template(lang: str, key: str, params: dict[str, Any]) -> str | None:
    entry = catalogue(lang).get(key)
    if isinstance(entry, dict):
        form = plural_form(lang, params.get("n", 0))
        return entry.get(form) or entry.get("other")
    return entry


class _Card:
    """A card as a format parameter: ``{card}`` or ``{card:the}``."""

    def __init__(self, card: int, lang: str) -> None:
        self.card = card
        self.lang = lang

    def __format__(self, spec: str) -> str:
        return card_text(self.card, spec, self.lang)


class _Suit:
    def __init__(self, suit: int, lang: str) -> None:
        self.suit = suit
        self.lang = lang

    def __format__(self, spec: str) -> str:
        text = _lookup(self.lang, f"suit.{self.suit}")
        return text[:1].upper() + text[1:] if spec == "cap" else text


class _Cards:
    def __init__(self, cards: Sequence[int], lang: str) -> None:
        self.cards = list(cards)
        self.lang = lang

    def __format__(self, spec: str) -> str:
        return list_text([card_text(c, spec or "the", self.lang) for c in self.cards], self.lang)


class _Number:
    """A number as a format parameter: formatted as usual (``{tricks:.1f}``),
    then with the language's decimal sign in place of the point."""

    def __init__(self, value: float, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec)
        sign = _lookup(self.lang, "number.decimal")
        return text.replace(".", sign) if sign != "." else text

    def __str__(self) -> str:
        return format(self, "")


def _lookup(lang: str, key: str) -> str:
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT).get(key, key)
    return text


def card_text(card: int, spec: str = "", lang: str | None = None) -> str:
    """A card's name (``spec`` "the": with its article, as in a sentence)."""
    lang = lang or _language
    rank, suit = card % 13, (card % 52) // 13
    name = _lookup(lang, "card.pattern").format(rank=_lookup(lang, f"rank.{rank}"), suit=_lookup(lang, f"suit.{suit}"))
    name = name[:1].upper() + name[1:]
    if spec == "the":
        article = _lookup(lang, f"article.{rank}")
        # The article goes before the name, which then keeps its own case
        # only where the language capitalizes rank names ("the Queen").
        return f"{article} {name if _lookup(lang, 'card.capital') == 'yes' else name[:1].lower() + name[1:]}".strip()
    return name


def list_text(items: list[str], lang: str | None = None) -> str:
    """'a, b and c' in the language's words."""
    lang = lang or _language
    if len(items) <= 1:
        return "".join(items)
    return _lookup(lang, "list.pattern").format(first=", ".join(items[:-1]), last=items[-1])


def _wrap(params: dict[str, Any], lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in params.items():
        if name.endswith("cards") and isinstance(value, (list, tuple)):
            out[name] = _Cards(value, lang)
        elif name.endswith("card") and isinstance(value, int):
            out[name] = _Card(value, lang)
        elif name.endswith("suit") and isinstance(value, int):
            out[name] = _Suit(value, lang)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = _Number(value, lang)  # an int too: "{tricks:.1f}" writes 3 as "3.0"
        else:
            out[name] = value
    return out


def t(key: str, **params: Any) -> str:
    """The message ``key`` in the current language, with ``params`` filled in."""
    lang = _language
    template = _template(lang, key, params)
    if template is None:
        lang = DEFAULT
        template = _template(DEFAULT, key, params)
        if template is None:
            raise KeyError(f"no message {key!r} in the English catalogue")
    return template.format(**_wrap(params, lang))


# Where each kind of the engine's messages (game.messages) has its
# sentences in the catalogues.
MESSAGE_KEYS = {"engine": "engine.", "bot": "bot.", "claim": "claim.r.", "save": "save."}


def message_text(kind: str, message: Any, names: list[str] | None = None, fallback: str | None = None) -> str:
    """One of the engine's messages (:mod:`game.messages`: a refusal, a bot's
    reason, a claim's answer, a refused save) in the current language, read
    by the same conventions as the engine's English: seats by ``names``
    ("...seat"), parts of the sentence ("doing", "...why"), a wrapped
    refusal ("reason"). A broken or missing translation gives ``fallback``
    (default: the engine's English); plain text is shown as it is.

    >>> set_language("es")
    >>> message_text("claim", ("can_win", {"seat": 1, "card": 50}), ["Tú", "Oeste", "Norte", "Este"])
    'Oeste todavía puede ganar una baza con el rey de picas.'
    >>> set_language("en")
    """
    if not message:
        return fallback or ""
    if isinstance(message, str):
        return message
    from game.messages import inner_params, render

    if fallback is None:  # (the bots' English says "seat {seat}" around the number)
        fallback = render(kind, message, None if kind == "bot" else names)
    key, params = message
    prefix = MESSAGE_KEYS[kind]
    shown = {}
    for name, value in params.items():
        if name.endswith("why"):
            shown[name] = message_text(kind, (value, inner_params(params, name)), names)
        elif name == "doing":
            shown[name] = t(prefix + "doing." + str(value))
        elif name == "reason":
            shown[name] = detail_text(value)
        elif name.endswith("seat") and names is not None and isinstance(value, int) and 0 <= value < len(names):
            shown[name] = names[value]
        else:
            shown[name] = value
    field = "save.check." + str(params.get("field", "")).replace(" ", "_")
    if kind == "save" and key == "check_differs" and field in catalogue(DEFAULT):  # a field of the check block
        shown["field"] = t(field)
    try:
        return t(prefix + key, **shown)
    except (KeyError, IndexError, ValueError):
        return fallback


def engine_text(message: tuple[str, dict[str, Any]] | None, fallback: str = "") -> str:
    """An engine refusal (``(key, params)`` from game.explain) in the current language.

    >>> from game.state import new_match
    >>> from game.explain import explain_message
    >>> m = new_match("hearts", "standard", seed=3)
    >>> set_language("es")
    >>> engine_text(explain_message(m, 49))
    'Es momento de cortar para elegir al primer repartidor, no de jugar una carta.'
    >>> set_language("en")
    """
    return message_text("engine", message, fallback=fallback) if message else fallback


def detail_text(value: Any) -> str:
    """A refusal wrapped in another (:data:`game.messages.Detail`) in the
    current language; plain text (a refusal with no key) as it is."""
    if isinstance(value, str):
        return value
    kind, key, params = value
    return message_text(kind, (key, params))


def save_text(message: tuple[str, dict[str, Any]] | None, fallback: str = "") -> str:
    """A refused save or record (``(key, params)`` from game.save_messages) in
    the current language, the refusals it wraps too.

    >>> from game.save import match_from_dict
    >>> from game.errors import RecordError
    >>> set_language("sv")
    >>> try:
    ...     match_from_dict({"format": "baza-match", "schema": 1, "game": "hearts", "rules": {}, "seed": None,
    ...                      "actions": []})
    ... except RecordError as e:
    ...     save_text(e.message, str(e))
    'Det sparade spelets frö måste vara ett tal eller en text.'
    >>> set_language("en")
    """
    return message_text("save", message, fallback=fallback) if message else fallback


def error_text(error: Exception) -> str:
    """An engine error in the current language: its message when it has one
    (a refused move, a refused save), else its English text."""
    from game.errors import IllegalAction, RecordError

    message = getattr(error, "message", None)
    if isinstance(error, RecordError):
        return save_text(message, str(error))
    if isinstance(error, IllegalAction):
        return engine_text(message, str(error))
    return str(error)


def option_label(spec: Any) -> str:
    """A rule option's name (``spec``: a ui.settings.OptionSpec)."""
    return t(f"opt.{spec.name}")


def option_help(spec: Any) -> str:
    return t(f"opt.{spec.name}.help")


def option_choice_label(spec: Any, value: Any) -> str:
    key = f"opt.{spec.name}.{value or 'usual'}"
    return t(key) if key in catalogue(DEFAULT) else str(value)
