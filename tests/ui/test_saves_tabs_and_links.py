"""Two tabs and links under CPython, with a dict for localStorage: two tabs
on one game take turns and never overwrite a newer game; a link's rules wait
for a new game while its ?lang=, ?speed= and ?deck= apply to the game in
progress and are kept (ui/saves/manager.py)."""

import asyncio
import dataclasses
import json

from saves_helpers import HEARTS, human_move, make, play_until, stored, two_tabs, until_human
from ui_helpers import run

from ui import settings as S
from ui.saves.data import settings_from_dict
from ui.saves.store import MemoryStorage, Store

# ----------------------------------------------------------------- two tabs


def test_two_tabs_take_turns():
    async def go():
        backend, a, sa, t, b, sb, _ = await two_tabs(until=lambda c, t: t.awaiting == "play")
        assert b.match.actions == a.match.actions  # the second tab opens on the same game
        human_move(a, t)  # a plays; b hears of it through the storage event
        await until_human(a)
        sb.external(backend.items["baza:match"])
        await until_human(b)
        assert b.match.actions[: len(a.match.actions)] == a.match.actions
        assert sb.note().text.startswith("This game went on in another tab")
        # b plays now; a notices
        human_move(b, b.model())
        await until_human(b)
        sa.external(backend.items["baza:match"])
        await until_human(a)
        assert a.match.actions == b.match.actions
        assert sa.note().text.startswith("This game went on in another tab")
        a.generation += 1
        b.generation += 1

    run(go())


def test_a_game_from_another_tab_or_a_file_keeps_this_tabs_language():
    """The other tab switched to Swedish and played on: this tab shows its
    game, in its own language still; so does a file saved in Swedish."""
    from ui import i18n

    async def go():
        backend, a, sa, _, b, sb, _ = await two_tabs(settings=dataclasses.replace(HEARTS, lang="en"))
        b.command("lang", "sv")
        b.command("again")
        await until_human(b)
        assert json.loads(backend.items["baza:match"])["data"]["settings"]["lang"] == "sv"
        sa.external(backend.items["baza:match"])
        assert a.match.actions == b.match.actions and a.settings.lang == "en"
        assert sa.import_text(sa.export_current()[1]) and a.settings.lang == "en"
        a.generation += 1
        b.generation += 1

    try:
        run(go())
    finally:
        i18n.set_language("en")


def test_a_tab_that_missed_the_event_does_not_overwrite_a_newer_game():
    async def go():
        backend, a, sa, t, b, sb, tb = await two_tabs(
            until=lambda c, t: t.awaiting == "play" and sum(h.playable for h in t.hand.cards) > 1
        )
        human_move(a, t)
        await until_human(a)
        newer = backend.items["baza:match"]
        played = a.match.plays[len(b.match.plays)]
        other = next(h.action for h in tb.hand.cards if h.playable and h.action != played)
        b.command("card", str(other))  # b has not heard of a's move: its own must not overwrite it
        assert a.match.actions[: len(b.match.actions)] == b.match.actions
        assert json.loads(newer)["data"]["match"]["actions"] == json.loads(backend.items["baza:match"])[
            "data"]["match"]["actions"][: len(json.loads(newer)["data"]["match"]["actions"])]
        assert sb.note().text.startswith("This game went on in another tab")
        a.generation += 1
        b.generation += 1

    run(go())


def test_a_tab_that_missed_the_event_says_so_when_its_click_was_the_other_tabs_move():
    """b missed a's card and its player clicks the same card: b shows a's
    game, which went on past that card, and says why the table jumped."""
    async def go():
        backend, a, sa, t, b, sb, tb = await two_tabs(until=lambda c, t: t.awaiting == "play")
        human_move(a, t)
        await until_human(a)
        newer = json.loads(backend.items["baza:match"])["data"]["match"]["actions"]
        played = a.match.plays[len(b.match.plays)]
        b.command("card", str(played))  # b has not heard of a's move, and makes the same one
        assert b.match.actions == a.match.actions
        assert json.loads(backend.items["baza:match"])["data"]["match"]["actions"] == newer  # nothing overwritten
        assert sb.note() is not None and sb.note().text.startswith("This game went on in another tab")
        a.generation += 1
        b.generation += 1

    run(go())


def test_a_new_game_in_another_tab_is_shown():
    async def go():
        backend, a, sa, _, b, sb, _ = await two_tabs()
        a.command("again")
        await until_human(a)
        sb.external(backend.items["baza:match"])
        assert b.match.seed == a.match.seed and b.match.actions == a.match.actions
        assert sb.note().text == "Another tab started a new game: this tab shows it now."
        assert sb.stats()["games"]["hearts"]["abandoned"] == 1  # by a, not again by b
        a.generation += 1
        b.generation += 1

    run(go())


def test_bot_moves_from_another_tab_are_taken_quietly():
    async def go():
        _, a, sa, _, b, sb, _ = await two_tabs()
        early = sb.match_data()
        # an earlier position of the same game is ignored
        sb.external(Store(MemoryStorage()).document("match", dict(early, match=dict(
            early["match"], actions=early["match"]["actions"][:3]))))
        assert sb.note() is None and len(b.match.actions) == len(a.match.actions)
        a.generation += 1
        b.generation += 1

    run(go())


# ----------------------------------------------------------------- links


def test_settings_persist_and_a_link_starts_from_them():
    async def go():
        c, s, backend = make()
        s.boot()
        c.command("new-game")
        for name, value in (("game", "spades"), ("players", "3"), ("level1", "hard"), ("speed", "fast")):
            c.set_option(name, value)
        c.command("dialog-start")
        await asyncio.sleep(0)
        saved = settings_from_dict(stored(backend, "settings")["data"])
        assert (saved.game, saved.players, saved.levels[0], saved.speed) == ("spades", 3, "hard", "fast")
        backend.remove("baza:match")
        c2, s2, _ = make(MemoryStorage(dict(backend.items)), query="?target=200")
        s2.boot()
        assert (c2.settings.game, c2.settings.players, c2.match.rules.target) == ("spades", 3, 200)
        c2.generation += 1

    run(go())


def test_a_link_to_another_game_keeps_the_game_in_progress():
    async def go():
        c, s, backend = make()
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play")
        actions = list(c.match.actions)
        c2, s2, _ = make(MemoryStorage(dict(backend.items)), query="?game=spades")
        s2.boot()
        assert c2.match.actions == actions and c2.match.game == "hearts"
        note = s2.note()
        assert "link" in note.text and [b.cmd for b in note.buttons] == ["link-game"]
        s2.command("link-game")
        assert c2.match.game == "spades"
        c2.generation += 1

    run(go())


def test_a_links_speed_and_card_colours_apply_to_a_resumed_game():
    """Saved at normal speed with two-colour cards, then opened with
    ?speed=fast&deck=four: the same match goes on, fast, in four colours,
    and both are kept; values Baza does not know change nothing."""
    backend = MemoryStorage()
    slow = dataclasses.replace(HEARTS, speed="normal", deck="two")

    async def go():
        c, s, _ = make(backend, settings=slow)
        s.boot()
        await play_until(c, lambda c, t: t.awaiting == "play" and len(c.match.trick) == 1)
        actions = list(c.match.actions)
        c.generation += 1
        for query, speed, deck in (("?speed=fast&deck=four", "fast", "four"), ("", "fast", "four"),
                                   ("?speed=warp&deck=" + "x" * 5000, "fast", "four"), ("?deck=two", "fast", "two")):
            c, s, _ = make(backend, query=query, settings=S.from_query(query, slow))
            s.boot()
            assert (c.settings.speed, c.settings.deck) == (speed, deck), query[:20]
            assert c.match.actions[: len(actions)] == actions and s.note() is None, query[:20]
            assert stored(backend, "settings")["data"]["speed"] == speed
            assert stored(backend, "match")["data"]["settings"]["deck"] == deck
            c.generation += 1

    run(go())


def test_a_link_language_wins_over_the_saved_one_and_keeps_the_game():
    """A game saved in Swedish, then a link with ?lang=es: the table speaks
    Spanish, the same match goes on, and Spanish is kept (like the switch).
    A ?lang= Baza does not speak changes nothing and says nothing."""
    from ui import i18n

    backend = MemoryStorage()

    def visit(query):
        """What the page does on each visit (ui/app.py App): settings from the link, boot, language."""
        c, s, _ = make(backend, query=query, settings=S.from_query(query, HEARTS))
        i18n.set_language(c.settings.lang or "en")
        s.boot()
        i18n.set_language(c.settings.lang or "en")
        return c, s

    def saved_lang(kind):
        data = stored(backend, kind)["data"]
        return (data if kind == "settings" else data["settings"])["lang"]

    async def go():
        c, s = visit("?lang=sv")
        await play_until(c, lambda c, t: t.awaiting == "play" and len(c.match.trick) == 1)
        actions = list(c.match.actions)
        c.generation += 1
        visits = [("?lang=es", "es"), ("", "es"), ("?lang=xx", "es"), ("?lang=" + "e" * 5000, "es"),
                  ("?lang=%00%ff%3Cb%3E", "es"), ("?lang=", "es"), ("?lang=pt&lang=en", "en")]
        for query, lang in visits:
            c, s = visit(query)
            await until_human(c)
            assert (i18n.language(), c.settings.lang) == (lang, lang), query[:20]
            assert c.model().status == i18n.catalogue(lang)["status.your_play"], "the table speaks it"
            assert c.match.actions == actions, "the match in progress is the same"
            assert s.note() is None, query[:20]
            assert saved_lang("settings") == saved_lang("match") == lang, "the link's language is kept"
            c.generation += 1

    try:
        run(go())
    finally:
        i18n.set_language("en")
