"""The card room of issue 43, in the view model: the draw for the first
dealer over the empty middle of the felt, the page's title on your turn, Claim as a tool, the
first-visit guide, the seats' wording (points this hand, partners, the
team's score), the game's end (ranking, record) and the leader's two cards
of a first trick with three players in Hearts."""

import dataclasses

from ui_helpers import controller, position, run

from game.state import new_match
from ui import settings as S
from ui.i18n import set_language, t
from ui.table_model import build_table, page_title
from ui.table_state import UiState


def dealt(game, preset_name, seed=4, **options):
    m = new_match(game, preset_name, seed=seed, **options)
    while m.phase in ("cut", "deal"):
        m.apply(m.legal_actions()[0])
    return m


def test_spades_shows_the_first_dealers_draw_over_the_empty_trick_and_hearts_none():
    m = dealt("spades", "classic")
    table = build_table(m.view(0), UiState())
    corner = table.first_dealer
    assert table.phase == "bid" and table.trick.label == corner, "said where the trick will lie"
    names = ["You", "West", "North", "East"]
    assert corner.startswith(f"{names[m.dealer]} deals first") or corner.startswith("You deal first")
    assert "highest card" in corner
    assert build_table(dealt("hearts", "standard").view(0), UiState()).first_dealer == ""
    # Only through the first hand.
    m.hand_number = 2
    assert build_table(m.view(0), UiState()).first_dealer == ""


def test_the_title_says_when_it_is_your_turn():
    m = dealt("hearts", "standard")
    while m.to_act != 0:
        m.apply(m.legal_actions()[0])
    assert build_table(m.view(0), UiState()).page_title == "Your turn · Baza"
    assert page_title("", False) == page_title("play", True) == "Baza: Spades & Hearts"
    set_language("sv")
    try:
        assert build_table(m.view(0), UiState()).page_title == "Din tur · Baza"
    finally:
        set_language("en")


def test_claim_is_a_tool_never_a_choice_beside_the_cards():
    m = position("spades", "classic", ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"], dealer=3)
    for _ in range(4):
        m.apply(m.legal_actions()[0])
    while m.phase == "play" and m.to_act != 0:
        m.apply(m.legal_actions()[0])
    offered = build_table(m.view(0), UiState(claims=True))
    assert offered.claim_available and all(c.cmd != "claim" for c in offered.controls.choices)
    assert not build_table(m.view(0), UiState(claims=False)).claim_available


def test_first_visit_guide_three_lines_until_put_away_for_good():
    async def go():
        seen = []
        c = controller(S.set_game(S.Settings(speed="instant", seed=3), "spades"))
        c.on_guide_seen = seen.append
        c.new_game()
        guide = c.model().guide
        assert len(guide) == 3 and guide[0] == t("guide.spades.1")
        c.command("guide-close", "spades")
        assert c.model().guide == () and seen == ["spades"]
        c.command("guide-close", "spades")
        c.command("guide-close", "poker")
        assert seen == ["spades"], "said once, and only for a game"
        c.new_game()
        assert c.model().guide == (), "never shown again"
        c.generation += 1

    run(go())


def test_seat_plates_say_points_this_hand_and_show_partners_and_team_scores():
    m = dealt("spades", "partnership")
    seats = build_table(m.view(0), UiState()).seats
    assert [s.partner for s in seats] == [False, False, True, False]
    assert all(s.team_score for s in seats)
    cutthroat = build_table(dealt("spades", "classic").view(0), UiState()).seats
    assert not any(s.partner or s.team_score for s in cutthroat)
    assert t("dom.hand_points", n=22) == "22 points this hand"
    assert t("dom.hand_points", n=1) == "1 point this hand"


def test_the_games_end_ranks_everyone_and_gives_your_record():
    async def go():
        c = controller(S.Settings(speed="instant", seed=5, game="hearts", preset="standard", target=20))
        c.record = lambda game: (3, 7, 12) if game == "hearts" else None
        c.new_game()
        while c.match.phase != "game_over":
            await c.settle()
            model = c.model()
            if c.match.phase == "hand_over":
                c.command("next")
            elif model.awaiting == "pass":
                for card in [h.action for h in model.hand.cards[:3]]:
                    c.command("card", str(card))
                c.command("pass")
            elif model.awaiting == "play":
                c.command("card", str(next(h.action for h in model.hand.cards if h.playable)))
            elif model.awaiting:
                c.command(model.controls.choices[0].cmd, model.controls.choices[0].arg)
        summary = c.model().summary
        assert summary is not None and summary.game_over
        assert summary.record == "3 wins in 7 games, best score 12"
        assert len(summary.ranking) == 4 and summary.ranking[0].startswith("1. ")
        scores = [int(line.rsplit(", ", 1)[1]) for line in summary.ranking]
        assert scores == sorted(scores), "Hearts: the lowest score first"
        assert [f"{line.place}" for line in summary.lines] == [r.split(". ", 1)[0] for r in summary.ranking]
        assert [int(line.total) for line in summary.lines] == scores, "the table's rows in the order of the places"
        assert summary.won == (0 in c.match.winners)
        assert [b.cmd for b in summary.buttons][0] == "again"
        rules = c.match.rules
        c.command("again")
        assert c.match.rules == rules and c.match.phase not in ("cut", "deal", "game_over"), \
            "Play again keeps the rules and deals at once"
        c.generation += 1

    run(go())


def test_three_player_hearts_leaders_two_cards_lie_at_its_own_seat():
    """With three players the seat with a card more plays two in the first
    trick: both lie at that seat's place, none in your slot."""
    for seed in range(1, 30):
        m = new_match("hearts", "standard", seed=seed, players=3)
        while m.phase in ("cut", "deal", "pass"):
            m.apply(m.legal_actions()[0])
        leader = m.to_act
        m.apply(m.legal_actions()[0])
        if leader == 0 or m.to_act != leader:
            continue
        m.apply(m.legal_actions()[0])
        trick = build_table(m.view(0), UiState()).trick
        spots = {c.seat: (c.x, c.y) for c in trick.cards}
        you_x, you_y = 50.0, 80.0
        for card in trick.cards:
            assert card.seat == leader
            d_own = abs(card.x - spots[leader][0]) + abs(card.y - spots[leader][1])
            d_you = abs(card.x - you_x) + abs(card.y - you_y)
            assert d_own < d_you / 3, f"seed {seed}: {card.face.name} drawn toward your slot"
        return
    raise AssertionError("no deal found where a computer player leads twice")


def test_ui_state_carries_the_guides_and_the_record():
    ui = dataclasses.replace(UiState(), guides_seen=frozenset({"hearts"}), record=(1, 2, None))
    assert ui.guides_seen == {"hearts"} and ui.record == (1, 2, None)
