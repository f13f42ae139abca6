"""The New game settings: every docs/RULES.md option is offered, presets and
player counts fit together, and the engine accepts what the dialog starts."""

import asyncio
import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_helpers import first_legal, position, run

from game.errors import RulesError
from game.rules import PRESETS, HeartsRules, SpadesRules, preset
from ui import settings as S
from ui.controller import Controller
from ui.table_model import build_dialog


@pytest.mark.parametrize("cls", [SpadesRules, HeartsRules])
def test_every_option_of_the_rules_is_in_the_dialog(cls):
    game = cls.game
    options = {f.name for f in dataclasses.fields(cls)} - {"players", "target"}
    assert set(S.OPTION_SPECS[game]) == options
    dialog = build_dialog(S.set_game(S.Settings(), game) if game == "spades" else S.Settings())
    shown = {f.key for _, fields in dialog.groups for f in fields}
    assert shown == options
    assert all(f.help for _, fields in dialog.groups for f in fields), "every option has its one-line explanation"


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_every_preset_starts_the_engine_preset(game):
    s = S.set_game(S.Settings(), game) if game == "spades" else S.Settings()
    for name in PRESETS[game]:
        chosen = S.set_preset(s, name)
        assert S.rules_for(chosen) == preset(game, name)


@pytest.mark.parametrize("game", ["spades", "hearts"])
def test_every_player_count_gives_valid_rules(game):
    s = S.set_game(S.Settings(), game) if game == "spades" else S.Settings()
    for name in PRESETS[game]:
        for n in S.PLAYER_COUNTS[game]:
            chosen = S.set_option(S.set_preset(s, name), "players", str(n))
            rules = S.rules_for(chosen)
            assert rules.players == n
            assert len(chosen.levels) == n - 1


def test_partnership_needs_four_players():
    s = S.set_game(S.Settings(), "spades")
    assert s.options["partnership"]
    three = S.set_option(s, "players", "3")
    assert not three.options["partnership"]
    dialog = build_dialog(three)
    partnership = next(f for _, fs in dialog.groups for f in fs if f.key == "partnership")
    assert not partnership.enabled and "Needs 4 players" in partnership.help
    again = S.set_option(three, "partnership", "true")
    assert again.players == 4 and S.rules_for(again).partnership


def test_options_reach_the_engine():
    s = S.set_option(S.set_preset(S.Settings(), "classic"), "no_points_first_trick", "true")
    s = S.set_option(s, "players", "3")
    s = S.set_option(s, "odd_cards", "double_first")
    s = S.set_option(s, "moon", "choose")
    s = S.set_option(s, "pass_cycle", "left,right")
    s = S.set_option(s, "target", "50")
    rules = S.rules_for(s)
    assert (rules.players, rules.no_points_first_trick, rules.odd_cards, rules.moon, rules.target) == (
        3, True, "double_first", "choose", 50)
    assert rules.pass_cycle == ("left", "right")


def test_passing_across_is_dropped_for_other_counts():
    s = S.set_option(S.Settings(), "pass_cycle", "left,across,right,hold")
    assert S.rules_for(s).pass_cycle == ("left", "across", "right", "hold")
    five = S.set_option(s, "players", "5")
    assert S.rules_for(five).pass_cycle == ("left", "right", "hold")


def test_refused_values_say_why():
    s = S.Settings()
    with pytest.raises(RulesError, match="whole number"):
        S.set_option(s, "target", "lots")
    with pytest.raises(RulesError, match="3 to 8 players"):
        S.set_option(s, "players", "2")
    too_many = S.set_option(s, "pass_count", "13")
    assert "pass_count" in S.check(too_many)
    dialog = build_dialog(too_many)
    assert not dialog.can_start and dialog.error == "Cards to pass must be from 0 to 12."
    six = S.set_option(S.set_option(s, "players", "6"), "pass_count", "16")  # two decks: hands of 17
    assert build_dialog(six).error == ""


def test_levels_and_speed():
    s = S.set_option(S.Settings(), "level2", "hard")
    assert s.levels == ("normal", "hard", "normal")
    assert S.set_option(s, "level9", "hard") == s  # no such seat: ignored
    assert S.set_option(s, "level1", "genius") == s
    assert S.set_option(s, "speed", "instant").speed == "instant"


def waits_in_one_hand(speed):
    """The pauses (seconds) the table makes while the computer players play
    one hand of Hearts without a pass, you (South) playing your first legal card."""
    waits = []

    async def sleep(seconds):
        if seconds:
            waits.append(seconds)
        await asyncio.sleep(0)

    async def go():
        c = Controller(S.Settings(speed=speed, seed=3), first_legal, sleep=sleep)
        c.load_match(position("hearts", "classic", [], dealer=0))
        m = c.match
        while m.phase == "play":
            await c.settle()
            if m.to_act == 0:
                c.command("card", str(m.legal_actions()[0]))
            elif c.ui.hold_trick:
                c.command("continue")
        assert m.phase == "hand_over"

    run(go())
    return waits


def test_each_speed_paces_the_computer_players():
    # 39 cards of the computer players and 13 tricks left on the table.
    instant, fast, normal, slow = (waits_in_one_hand(name) for name in ("instant", "fast", "normal", "slow"))
    assert instant == [], "Instant never waits"
    assert len(fast) == len(normal) == len(slow) >= 39
    assert sum(fast) < sum(normal) < sum(slow)
    assert 5 < sum(normal) < 60, "a hand at normal speed is paced for a person to follow, not dragged out"
    # Every single pause grows with the speed setting, not only the sum.
    assert all(f < n < s for f, n, s in zip(fast, normal, slow))


def test_url_parameters():
    s = S.from_query("?game=spades&preset=cutthroat&players=3&target=150&speed=fast&level=easy&seed=42")
    assert (s.game, s.preset, s.players, s.target, s.speed, s.levels, s.seed) == (
        "spades", "cutthroat", 3, 150, "fast", ("easy", "easy"), 42)
    # Anything unknown or refused is left out; the table still opens.
    bad = S.from_query("?game=poker&players=99&target=x&speed=warp&seed=-1")
    assert bad == S.Settings()


def test_a_hostile_seed_in_a_link_still_opens_a_table():
    """A seed of thousands of digits (Python refuses to convert more than
    4300) or of other digits than 0-9 is ignored, as any refused parameter."""
    for seed in ("9" * 5000, "9" * 31, "\u00b2", "\u0663\u0664", "4\u20082", "0x1f", "1e9"):
        assert S.from_query("?game=hearts&seed=" + seed).seed is None, seed[:10]
    assert S.from_query("?seed=" + "9" * 30).seed == int("9" * 30)
    assert S.from_query("?seed=007").seed == 7


@settings(derandomize=True, max_examples=300, database=None)  # the same 300 links in every run
@given(st.text(max_size=300))
def test_any_link_opens_a_table(query):
    """Whatever follows the ? in a link, the settings come out valid."""
    assert S.check(S.from_query(query)) == ""
    assert S.check(S.from_query("?seed=" + query.replace("&", "&seed="))) == ""


def test_a_link_names_a_language_only_if_baza_speaks_it():
    """?lang= picks the table's language (the last one given wins); anything
    else is quietly ignored, and the settings made from the link agree."""
    for query, lang in (("?game=spades&lang=sv", "sv"), ("?lang=pt&lang=es", "es"), ("", ""), ("?lang=", ""),
                        ("?lang=xx", ""), ("?lang=SV", ""), ("?lang=en-US", ""), ("?lang=sv%00", ""),
                        ("?lang=%3Cscript%3E", ""), ("?lang=" + "s" * 10_000, "")):
        assert S.query_preferences(query).get("lang", "") == lang == S.from_query(query).lang, query[:20]


def test_another_game_in_the_dialog_keeps_the_tables_own_choices():
    """Picking Spades instead of Hearts in New game resets the rules, not the
    card colours, language, sounds, strict play, the trick's pace or the names."""
    mine = dataclasses.replace(S.Settings(), deck="four", lang="sv", sound=True, strict=True, trick_clear="click",
                               names=("Ana", "", "Bo"), speed="fast")
    spades = S.set_game(mine, "spades")
    assert (spades.preset, spades.players, spades.target) == ("partnership", 4, 500)
    assert spades.options == S.preset_options("spades", "partnership")
    kept = ("deck", "lang", "sound", "strict", "trick_clear", "names", "speed")
    assert [getattr(spades, k) for k in kept] == [getattr(mine, k) for k in kept]
    assert S.set_game(S.set_option(mine, "players", "6"), "spades").names == ("Ana", "", "Bo")
