"""Watch mode under CPython: a computer player in every seat, the hands face
up or down as the watcher likes, the table saying it is watched, no click of
the watcher's playing for South, and nothing of it in the statistics
(ui/settings.py, ui/controller.py, ui/table_model.py, ui/saves/)."""

import dataclasses
import re

from saves_helpers import HEARTS, SPADES, finish, make, until_human
from ui_helpers import controller, run

from game.bots import choose
from game.cards import popcount
from ui import settings as S
from ui.i18n import set_language
from ui.i18n import t as say
from ui.saves.data import settings_from_dict, settings_to_dict
from ui.saves.store import MemoryStorage

YOU = re.compile(r"\b(You|Your|you|your)\b")


def texts(t):
    """Every sentence the table shows, but the watch bar's own (which says "you are watching")."""
    out = [t.title, t.status, t.notice, t.message, t.trick.label, t.hand.label]
    out += [x for s in t.seats for x in (s.name, s.status, s.level)]
    if t.summary is not None:
        out += [t.summary.title, *t.summary.notes, *(line.name for line in t.summary.lines)]
    if t.last_trick is not None:
        out.append(t.last_trick.label)
    return out


def watching(**changes):
    return dataclasses.replace(HEARTS, watch=True, **changes)


def test_a_link_asks_for_watch_mode():
    s = S.from_query("?watch=1&speed=fast&seed=5&faceup=1&level=hard")
    assert (s.watch, s.face_up, s.speed, s.seed) == (True, True, "fast", 5)
    assert s.level0 == "hard" and s.levels == ("hard",) * 3
    plain = S.from_query("?speed=fast")
    assert not plain.watch and not plain.face_up
    assert not S.from_query("?watch=0").watch


def test_every_seat_plays_a_whole_hand_with_no_click():
    async def go():
        seats = []

        def bot(view, level, rng):
            seats.append((view.seat, level))
            return choose(view, level, rng)

        c = controller(watching(level0="hard"), choose=bot)
        c.new_game()
        t = await until_human(c)  # the bot loop runs until nobody is left to act
        assert c.match.phase == "hand_over" and t.awaiting == "next" and t.summary is not None
        assert {seat for seat, _ in seats} == {0, 1, 2, 3}
        assert {level for seat, level in seats if seat == 0} == {"hard"}
        assert len(c.match.records) == 1
        assert t.title.startswith("Watching · Hearts")
        assert t.controls.kind == "watch" and "does not count" in t.controls.prompt
        assert [s.name for s in t.seats] == ["South", "West", "North", "East"]
        assert t.seats[0].level == "Hard"
        assert [line.name for line in t.summary.lines][0] == "South"
        for text in texts(t):
            assert not YOU.search(text), text

    run(go())


def test_no_sentence_calls_a_computer_player_you_during_the_hand():
    async def go():
        c = controller(watching())
        seen = []
        c.on_change = lambda: seen.append(c.model())
        c.new_game()
        await until_human(c)
        assert len(seen) > 50
        for t in seen:
            for text in texts(t):
                assert not YOU.search(text), text
            assert not any(card.playable for card in t.hand.cards)
            assert not t.hint_available and not t.undo_available
        said = [text for _, text in c.announcer.recent()]
        assert said and not any(text.startswith(("You ", "Your ")) for text in said)

    run(go())


def dealt_watched_game():
    """A watched game whose bots play their first legal action, cut and dealt."""
    c = controller(watching(), choose=lambda view, level, rng: view.legal[0])
    c.new_game()
    m = c.match
    while m.phase in ("cut", "deal"):
        m.apply(m.legal_actions()[0])
    return c, m


def test_a_watchers_clicks_play_nothing_for_south():
    async def go():
        c, m = dealt_watched_game()
        before = list(m.actions)
        south = next(card for card in range(52) if m.hands[0] >> card & 1)
        for cmd, arg in (("card", str(south)), ("pass", ""), ("hint", ""), ("undo", "")):
            c.command(cmd, arg)
            assert c.model().message == "You are watching this game. Press Play South's hand to play."
        assert m.actions == before
        c.generation += 1

    run(go())


def test_face_up_shows_the_other_hands_and_face_down_hides_them():
    async def go():
        c, m = dealt_watched_game()
        t = c.model()
        assert all(s.open_hand == () for s in t.seats)
        toggle = t.controls.choices[0]
        assert (toggle.cmd, toggle.pressed) == ("watch-face-up", False)
        c.command("watch-face-up")
        t = c.model()
        assert t.controls.choices[0].pressed is True
        assert t.seats[0].open_hand == ()  # South's hand is the one at the bottom
        for seat in t.seats[1:]:
            ranks = sum(len(r.split()) for _, r in seat.open_hand)
            assert ranks == popcount(m.hands[seat.seat]) == 13
            assert seat.open_hand_label.startswith(f"{seat.name}'s hand: ")
        west = t.seats[1]
        spades = [r for suit, r in west.open_hand if suit == "S"]
        expected = [c_ % 13 for c_ in range(39, 52) if m.hands[1] >> c_ & 1]
        assert spades == ([" ".join(S_RANK[r] for r in sorted(expected, reverse=True))] if expected else [])
        c.command("watch-face-up")
        assert all(s.open_hand == () for s in c.model().seats)
        c.generation += 1

    run(go())


S_RANK = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def test_play_souths_hand_takes_the_seat_back():
    async def go():
        c = controller(watching(speed="instant"))
        c.new_game()
        c.command("watch-take")
        t = await until_human(c)
        assert not c.settings.watch and c.watched
        assert t.awaiting in ("pass", "play") and c.match.to_act == 0
        assert t.controls.kind != "watch" and not t.title.startswith("Watching")
        assert t.seats[0].name == "You"
        c.command("card", str(next(h.action for h in t.hand.cards if h.playable)))
        assert c.model().message == ""
        c.generation += 1

    run(go())


def test_the_dialog_offers_watching_and_souths_level():
    async def go():
        c = controller()
        c.new_game()
        c.command("new-game")
        names = [f.key for f in c.dialog().bots]
        assert names[0] == "watch" and "level0" not in names
        c.set_option("watch", "true")
        fields = {f.key: f for f in c.dialog().bots}
        assert fields["watch"].value == "true" and fields["level0"].label == "South"
        c.set_option("level0", "hard")
        c.set_option("face_up", "true")
        c.command("dialog-start")
        assert c.settings.watch and c.settings.level0 == "hard" and c.settings.face_up
        assert c.model().title.startswith("Watching")
        c.generation += 1

    run(go())


def test_watch_settings_are_saved_and_read_back():
    s = watching(level0="easy", face_up=True)
    again = settings_from_dict(settings_to_dict(s))
    assert (again.watch, again.level0, again.face_up) == (True, "easy", True)
    assert not settings_from_dict(settings_to_dict(HEARTS)).watch


def test_a_watched_game_counts_in_no_statistics():
    async def go():
        c, s, backend = make(settings=dataclasses.replace(watching(), target=30))
        s.boot()
        await finish_watching(c)
        assert c.match.phase == "game_over"
        stats = s.stats()["games"]["hearts"]
        assert stats["played"] == 0 and stats["hands"] == 0 and s.history() == []
        t = c.model()
        assert not any(YOU.search(note) for note in t.summary.notes)
        # Watch again, leave it mid-game for a game of one's own: nothing counted as abandoned.
        c.command("again")
        await until_watcher(c, lambda m: m.hand_number >= 2)
        c.new_game(dataclasses.replace(c.settings, watch=False, seed=3))
        await until_human(c)
        assert s.stats()["games"]["hearts"]["abandoned"] == 0
        c.generation += 1

    run(go())


def test_a_game_taken_over_from_watching_is_not_counted_even_after_a_reload():
    async def go():
        backend = MemoryStorage()
        c, s, _ = make(backend, settings=dataclasses.replace(watching(), target=30))
        s.boot()
        await until_watcher(c, lambda m: m.hand_number >= 2)
        c.command("watch-take")
        await until_human(c)
        c2, s2, _ = make(MemoryStorage(dict(backend.items)))
        s2.boot()
        assert c2.watched and not c2.settings.watch
        await finish(c2)
        assert s2.stats()["games"]["hearts"]["played"] == 0
        c.generation += 1

    run(go())


def test_spades_partners_are_never_you_when_watched():
    async def go():
        c = controller(dataclasses.replace(SPADES, watch=True, target=100), choose=choose)
        c.new_game()
        await finish_watching(c)
        t = c.model()
        assert t.summary is not None and t.summary.game_over
        for text in texts(t):
            assert not YOU.search(text), text
        assert t.summary.notes[0] in (f"{side} win." for side in ("South & North", "West & East"))

    run(go())


def test_every_language_says_it_is_watched():
    async def go():
        for lang, word in (("es", "Mirando"), ("pt", "Assistindo"), ("sv", "Du tittar")):
            set_language(lang)
            c = controller(watching())
            c.new_game()
            assert c.model().title.startswith(word)
            assert c.model().controls.prompt == say("watch.prompt") != ""
            c.generation += 1

    try:
        run(go())
    finally:
        set_language("en")


async def until_watcher(c, stop, limit=500):
    """Let the computer players play on, pressing Next hand, until ``stop(match)``."""
    for _ in range(limit):
        await c.settle()
        if stop(c.match):
            return
        if c.match.phase == "hand_over":
            c.command("next")
    raise AssertionError("never reached")


async def finish_watching(c):
    await until_watcher(c, lambda m: m.phase == "game_over")


def test_a_watch_link_over_a_saved_game_offers_to_watch_instead():
    async def go():
        backend = MemoryStorage()
        c, s, _ = make(backend)
        s.boot()
        await until_human(c)
        own = c.match
        c2, s2, _ = make(MemoryStorage(dict(backend.items)), query="?watch=1")
        s2.boot()
        assert c2.match.seed == own.seed and not c2.settings.watch  # the game in progress comes back first
        note = s2.note()
        assert note is not None and [b.cmd for b in note.buttons] == ["link-game"]
        s2.command("link-game")
        assert c2.settings.watch and c2.model().title.startswith("Watching")
        # The player's own game, left for watching, is abandoned as by any new game.
        assert s2.stats()["games"]["hearts"]["abandoned"] == 1
        c.generation += 1
        c2.generation += 1

    run(go())
