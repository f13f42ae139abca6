"""The table's one renderer of the engine's messages (ui/i18n.py,
message_text): in English it says word for word what the engine says, seats
by the table's names; in another language every kind is translated, the
refusal a save wraps too."""


from game import messages
from game.errors import RecordError
from game.save import match_from_json, match_to_json
from game.state import new_match
from ui.i18n import message_text, set_language

NAMES = ["You", "West", "North", "East"]


def refused_save():
    m = new_match("hearts", "standard", seed=2)
    m.apply("cut")
    try:
        match_from_json(match_to_json(m).replace('"actions":["cut"', '"actions":["cut","QS"'))
    except RecordError as error:
        return error.message
    raise AssertionError("the damaged save was read")


SAMPLES = [
    ("engine", ("follow", {"suit": 2, "card": 30})),
    ("engine", ("wrong_time.bid", {"doing": "card"})),
    ("claim", ("can_win", {"seat": 1, "card": 50})),
    ("claim", ("not_certain", {})),
    ("claim", ("cannot_beat", {"card": 25})),
]


def test_in_english_the_engines_own_words():
    set_language("en")
    for kind, message in SAMPLES:
        assert message_text(kind, message, NAMES) == messages.render(kind, message, NAMES)
    save = refused_save()
    assert message_text("save", save) == messages.render("save", save)
    bot = ("hearts.discard.heart", {"card": 36, "suit": 0, "seat": 2})
    assert message_text("bot", bot, NAMES) == "Discard the Queen of hearts: void in clubs, give the points to North."


def test_in_another_language_every_kind_is_translated():
    try:
        for lang in ("es", "pt", "sv"):
            set_language(lang)
            for kind, message in SAMPLES:
                text = message_text(kind, message, NAMES)
                assert text and text != messages.render(kind, message, NAMES), (lang, kind, message)
            save = refused_save()
            wrapped = messages.render_detail(save[1]["reason"])
            assert wrapped not in message_text("save", save), lang  # the inner refusal is translated too
    finally:
        set_language("en")


def test_a_broken_translation_falls_back_to_the_english():
    set_language("en")
    # A key no catalogue has (a newer engine, an older page): the English given.
    assert message_text("claim", ("no_such_key", {"card": 50}), NAMES, "the fallback") == "the fallback"
    # A sentence missing one of its parameters: the same.
    assert message_text("claim", ("can_win", {"card": 50}), NAMES, "the fallback") == "the fallback"
    assert message_text("bot", "Plain text from a bot.") == "Plain text from a bot."
