"""The screen reader's sentences (ui/announce.py): every card played, who
takes each trick, every bid, the end of each hand and of the game, whose
turn it is, and nothing a seat may not know."""

import random
import re

import pytest
from ui_helpers import controller, position, run

from game.actions import BLIND_NIL_BID, LOOK, MOON_SELF, NIL_BID, auction_bid, bid
from game.cards import card_name
from game.scoring import hearts_card_points
from game.state import new_match
from ui import settings as S
from ui.announce import KEEP_LAST, Announcer, describe, your_turn_text
from ui.table_model import build_table, seat_names
from ui.table_state import UiState

NAMES = seat_names(4)
PLAY = re.compile(r"^(You play|([\w-]+) plays) the (.+)\.$")
TAKE = re.compile(r"^(You take|([\w-]+) takes) the trick(, (−?\d+) points?)?\.$")


def follow(m, choose, human=0):
    """Play ``m`` with ``choose(m)`` for every seat until the hand ends; the
    sentences of each action, and the engine's (seat, action) log."""
    said, log = [], []
    names = seat_names(m.players)
    before = m.view(human)
    while m.phase not in ("hand_over", "game_over"):
        seat, action = m.to_act, choose(m)
        m.apply(action)
        after = m.view(human)
        texts = describe(before, action, after, names, human)
        said.extend(texts)
        log.append((seat, action, before.phase, texts))
        before = after
    return said, log


@pytest.mark.parametrize(("game", "preset_name", "players", "seed"), [
    ("hearts", "standard", 4, 1), ("hearts", "omnibus", 6, 2), ("spades", "partnership", 4, 3),
    ("spades", "classic", 3, 4), ("spades", "classic", 2, 5),
])
def test_every_card_played_and_every_trick_is_said(game, preset_name, players, seed):
    rng = random.Random(seed)
    m = new_match(game, preset_name, seed=seed, players=players)
    names = seat_names(players)
    said, log = follow(m, lambda m: rng.choice(m.legal_actions()))
    plays = [(seat, action) for seat, action, phase, _ in log if phase == "play"]
    heard = [PLAY.match(t) for t in said if PLAY.match(t)]
    assert [(0 if h.group(1) == "You play" else names.index(h.group(2)), h.group(3)) for h in heard] == [
        (seat, card_name(card)) for seat, card in plays
    ]
    takes = [TAKE.match(t) for t in said if TAKE.match(t)]
    winners = [0 if t.group(1) == "You take" else names.index(t.group(2)) for t in takes]
    assert [winners.count(s) for s in range(players)] == list(m.view(0).tricks_won)
    if game == "hearts":
        points = sum(int(t.group(4).replace("−", "-")) for t in takes if t.group(4))
        raw = sum(hearts_card_points(m.hearts_rules, taken) for taken in m.view(0).taken)
        assert points == raw
    # The trick's winner follows its last card, and the end of the hand comes last.
    assert any(t.startswith(f"Hand {m.hand_number} is over.") for t in said[-3:])


def test_other_seats_passes_are_never_said():
    """Hearts: the cards the others pass are private; you hear only what you received."""
    rng = random.Random(7)
    m = new_match("hearts", "standard", seed=7)
    said, log = follow(m, lambda m: rng.choice(m.legal_actions()))
    passing = [texts for seat, _, phase, texts in log if phase == "pass"]
    flat = [t for texts in passing for t in texts]
    others = " ".join(t for t in flat if "received" not in t)
    assert not any(f"the {card_name(c)}" in others for c in range(52)), flat
    exchange = [t for t in flat if t.startswith("The cards are passed.")]
    assert len(exchange) == 1 and exchange[0].endswith("from East.")  # hand 1 passes left


def test_your_turn_is_said_once_per_turn():
    run(_your_turn())


async def _your_turn():
    c = controller()
    c.load_match(position("hearts", "standard", ["2C 9C 4H 5H QS AD KD"], dealer=3))
    await c.settle()
    texts = [t for _, t in c.announcer.recent()]
    assert texts[0] == "Game restored: Hearts, hand 1."
    assert texts[-1] == "Your lead, trick 1 of 13."
    c.command("card", str(next(a for a in c.match.legal_actions())))
    await c.settle()
    texts = [t for _, t in c.announcer.recent()]
    assert "You play the 2 of clubs." in texts
    assert texts.count("Your turn: play a card.") + texts.count("Your lead, trick 2 of 13.") == 1
    assert texts[-1] in ("Your turn: play a card.", "Your lead, trick 2 of 13.")


def test_the_controller_says_a_new_game_and_keeps_the_last_sentences():
    run(_new_game())


async def _new_game():
    c = controller(S.Settings(speed="instant", seed=3, game="spades", preset="partnership",
                              options=S.preset_options("spades", "partnership"), target=500))
    c.new_game()
    await c.settle()
    t = c.model()
    texts = [text for _, text in t.announcements]
    assert texts[0] == "New game of Spades: 4 players, to 500 points."
    assert texts[-1] == "Your turn to bid."
    assert all(re.fullmatch(r"\w+ bids (nil|blind nil|\d+)\.", x) for x in texts if " bid" in x and "turn" not in x)
    for _ in range(KEEP_LAST + 5):
        c.announcer.say("filler")
    numbers = [n for n, _ in c.model().announcements]
    assert len(numbers) == KEEP_LAST and numbers == sorted(numbers) and numbers[-1] == c.announcer.count


def test_bids_are_said_in_words():
    m = position("spades", "cutthroat", [], dealer=3, blind_nil_behind=0)
    a = Announcer()
    a.start(m.view(0), [])
    assert your_turn_text(m.view(0), 0, NAMES) == "Your turn: bid blind nil, or look at your cards."
    for action in (LOOK, NIL_BID, LOOK, bid(4), BLIND_NIL_BID):  # you look and bid nil, West 4, North blind nil
        m.apply(action)
        a.follow(action, m.view(0), NAMES, 0)
    assert [t for _, t in a.recent()] == ["Your turn to bid.", "You bid nil.", "West bids 4.", "North bids blind nil."]


def test_auction_bids_name_the_suit():
    m = position("spades", "classic", [], dealer=3, auction=True)
    before = m.view(0)
    action = auction_bid(7, 2)
    m.apply(action)
    assert describe(before, action, m.view(0), NAMES, 0)[0] == "You bid 7 hearts."


def test_the_moon_and_the_end_of_the_hand():
    m = position("hearts", "classic", ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"], dealer=3, moon="choose")
    said, _ = follow(m, lambda m: MOON_SELF if m.phase == "moon" else m.legal_actions()[0])
    assert "You shot the moon!" in said
    assert "You take the trick, 14 points." in said or any(t.startswith("You take the trick") for t in said)
    assert "You take −26 for the moon." in said
    over = next(t for t in said if t.startswith("Hand 1 is over."))
    assert over.startswith("Hand 1 is over. You: -26 points, total -26; 13 hearts, the Queen of spades.")
    assert "West: 0 points, total 0." in over


def test_game_over_names_the_winner():
    m = new_match("hearts", "standard", seed=11, target=1)
    rng = random.Random(1)
    said, _ = follow(m, lambda m: rng.choice(m.legal_actions()))
    assert m.phase == "game_over"
    end = said[-1]
    t = build_table(m.view(0), UiState())
    assert end == f"The game is over. {t.summary.notes[0]}"


def test_the_deal_says_the_dealer_and_the_pass():
    m = new_match("hearts", "standard", seed=11)
    a = Announcer()
    a.start(m.view(0), [])
    while m.phase in ("cut", "deal"):
        action = m.legal_actions()[0]
        m.apply(action)
        a.follow(action, m.view(0), NAMES, 0)
    texts = [t for _, t in a.recent()]
    dealer = "You deal" if m.dealer == 0 else f"{NAMES[m.dealer]} deals"
    assert f"Hand 1. {dealer}. Pass 3 cards left." in texts
    assert any(t.endswith("the highest card and deals.") or t.endswith("the highest card and deal.") for t in texts)


def test_four_colour_deck_setting():
    s = S.from_query("?deck=four")
    assert s.deck == "four" and S.from_query("?deck=rainbow").deck == "two"
    run(_deck())


async def _deck():
    c = controller()
    c.new_game()
    assert c.model().deck == "two" and dict(c.model().decks).keys() == {"two", "four"}
    c.command("deck", "four")
    assert c.model().deck == "four" and c.settings.deck == "four"
    c.command("deck", "plaid")
    assert c.model().deck == "four"
    c.command("again")
    assert c.model().deck == "four", "a new game keeps the card colours"
