"""The table never tells you what your seat cannot know (issue 31).

Whole seeded hands are played at the table with the real computer players,
you (South) asking for a hint and claiming the rest at every turn and then
playing the hint's card. Every sentence the table shows you (the message
line: hints, claim answers, refusals) and every sentence said for the
screen reader is read back, and each card it names must be one your seat
knows: one you hold or held, one played, one you passed or were passed. A
card still in another hand may be named together with a seat only when you
know that seat holds it: you passed it there, or every other seat has shown
it holds none of that suit.

Counts are checked too, so that the test cannot pass by saying nothing:
refusals of claims, hints and announcements must all have been seen.
"""

import re

import pytest
from ui_helpers import no_sleep, run

from game.bots import choose, hint_message
from game.cards import DECK_SIZE, card_name, iter_cards, suit_of
from game.deal import cards_in_play
from ui import settings as S
from ui.controller import Controller
from ui.i18n import set_language

# Capitalized as the table names a card; the bots' general remarks ("the
# queen of spades is still out") name no holder and are lowercase.
NAMES = {card_name(c): c for c in range(DECK_SIZE)}
CARD_RE = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(NAMES, key=len, reverse=True)) + r")\b")

GAMES = [  # (game, preset, seeds): four-player Hearts with passing, three-player Hearts, Spades solo and partners
    ("hearts", "standard", range(1, 11)),
    ("hearts", "classic", range(11, 15)),
    ("spades", "cutthroat", range(1, 5)),
    ("spades", "partnership", range(5, 11)),
]


def face(c: int) -> int:
    return c % DECK_SIZE


class Knowledge:
    """What South may know at one moment, computed here from the match
    itself (not from the engine's view code, which the test checks)."""

    def __init__(self, m):
        self.m = m
        n = m.players
        passed = m.pass_chosen[0] if m.phase != "pass" else 0
        self.known = {face(c) for c in iter_cards(m.hands[0] | m.played | m.dealt[0] | passed)}
        self.holder: dict[int, int] = {}
        if m.pass_direction != "hold" and m.phase != "pass":
            target = m.pass_target(0)
            for c in iter_cards(passed & ~m.played):
                self.holder[face(c)] = target
        # A suit every other seat but one has shown it lacks (all cards dealt).
        unseen = cards_in_play(m.rules) & ~m.played & ~m.hands[0] & ~m.seen_discards[0]
        if unseen.bit_count() == sum(m.hands[s].bit_count() for s in range(1, n)):
            for c in iter_cards(unseen):
                able = [s for s in range(1, n) if m.hands[s] and not m.voids[s] >> suit_of(c) & 1]
                if len(able) == 1:
                    self.holder.setdefault(face(c), able[0])

    def check(self, text: str, names: list[str]) -> None:
        played = {face(c) for c in iter_cards(self.m.played)}
        for name in CARD_RE.findall(text):
            c = NAMES[name]
            assert c in self.known or c in self.holder, f"{text!r} names the {name}, which South cannot see"
            if c in self.holder and c not in played:
                seats = {s for s in range(1, len(names)) if re.search(r"\b" + re.escape(names[s]) + r"\b", text)}
                assert seats <= {self.holder[c]}, f"{text!r} says who holds the {name}, which South cannot know"


async def play_hands(game, preset, seed, hands, seen):
    set_language("en")
    s = S.set_game(S.Settings(), game) if game == "spades" else S.Settings()
    s = S.dataclasses.replace(S.set_preset(s, preset), speed="instant", seed=seed)
    c = Controller(s, choose, sleep=no_sleep, hint=hint_message)
    said = {"count": 0}

    def heard(action):
        items = c.announcer.recent()
        for number, text in items:
            if number > said["count"]:
                Knowledge(c.match).check(text, c._names())
                seen["announcements"] += 1
        said["count"] = max([said["count"], *(n for n, _ in items)])

    c.on_action.append(heard)
    c.new_game()
    m = c.match

    def shown():
        text = c.model().message
        if text:
            Knowledge(m).check(text, c._names())
        return text

    for _ in range(2000):
        if m.phase == "game_over":
            break
        await c.settle()
        if m.phase == "hand_over":
            if m.hand_number == hands:
                break
            c.command("next")
            continue
        if m.to_act != 0:
            if c.ui.hold_trick:
                c.command("continue")
            continue
        step = len(m.actions)
        c.command("hint")
        hint = shown()
        assert hint.startswith("Hint: ")
        seen["hints"] += 1
        actions = c.ui.hint[1]
        if m.phase == "play" and m.hands[0].bit_count() >= 2:
            c.command("claim")
            await c.settle()
            answer = shown()
            assert answer.startswith(("Claim refused: ", "Claim accepted: ")), answer
            seen["refused" if answer.startswith("Claim refused") else "accepted"] += 1
            if len(m.actions) != step:
                continue  # the claim held: the hand was played out
        if m.phase == "pass":
            for a in actions:
                c.command("card", str(a))
            c.command("pass")
        elif m.phase == "play":
            c.command("card", str(actions[0]))
        else:
            c.command("act", str(actions[0]))
        assert len(m.actions) > step, c.model().message
    else:
        raise AssertionError("the hands did not end")


@pytest.mark.parametrize(("game", "preset", "seeds"), GAMES, ids=[f"{g}-{p}" for g, p, _ in GAMES])
def test_no_sentence_names_a_card_or_holder_south_cannot_know(game, preset, seeds):
    seen = {"hints": 0, "refused": 0, "accepted": 0, "announcements": 0}
    for seed in seeds:
        run(play_hands(game, preset, seed, 2, seen))
    hands = 2 * len(seeds)
    assert seen["hints"] >= 10 * hands, seen
    assert seen["refused"] >= 5 * hands, seen
    assert seen["announcements"] >= 40 * hands, seen
