"""A reload at any moment shows the identical table (every card's name and
state, the trick, seats, scores, whose turn, what is open), and the game
goes on from there: mid-cut, choosing passes, mid-trick, on the hand
summary, mid-bidding, on the game-over screen."""

import re

from playwright.sync_api import expect
from storage_helpers import (
    open_saves,
    saved_position,
    set_storage,
    snapshot,
    snapshot_and_reload,
    snapshot_when_ready,
    stat_values,
)
from table_helpers import (
    check_clean,
    click,
    hand_cards,
    open_table,
    play_first_playable,
    play_hand,
    step,
    wait_turn,
)


def same(before, after, moment):
    assert before is not None and after is not None
    diff = {k: (before[k], after.get(k)) for k in before if before[k] != after.get(k)}
    assert not diff, f"{moment}: the table changed over the reload: {diff}"


def test_reload_mid_cut(page, base_url):
    # Slow: each computer player's cut waits 0.7 s, time to reload between two.
    open_table(page, base_url, "?game=hearts&speed=slow&seed=31")
    page.wait_for_function("() => document.querySelectorAll('#trick li').length >= 1 "
                           "&& document.getElementById('table').dataset.phase === 'cut'")
    before = snapshot(page)
    page.reload()
    after = snapshot_when_ready(page)
    same(before, after, "mid-cut")
    assert before["phase"] == "cut" and before["trick"]
    # The cut goes on from there.
    page.wait_for_function("(s) => Number(document.getElementById('table').dataset.step) > s",
                           arg=int(after["step"]))
    check_clean(page, base_url)


def test_reload_during_a_hand_of_hearts(page, base_url):
    open_table(page, base_url, "?game=hearts&preset=standard&speed=instant&seed=21&target=40")

    # Choosing passes, two cards picked.
    assert wait_turn(page) == "pass"
    names = [hand_cards(page).nth(i).get_attribute("aria-label") for i in (0, 4)]
    for name in names:
        click(page, page.get_by_role("button", name=name, exact=True))
        expect(page.get_by_role("button", name=name, exact=True)).to_have_attribute("aria-pressed", "true")
    before, after = snapshot_and_reload(page)
    same(before, after, "choosing passes")
    assert [c[0] for c in after["hand"] if c[2] == "true"] == names

    # The pass itself: one more card, then Pass.
    third = hand_cards(page).nth(8).get_attribute("aria-label")
    click(page, page.get_by_role("button", name=third, exact=True))
    last = step(page)
    page.locator("#controls").get_by_role("button", name=re.compile(r"^Pass 3 cards")).click()

    # Mid-trick: our turn with cards on the table.
    while True:
        what = wait_turn(page, last)
        last = step(page)
        assert what == "play"
        if page.locator("#trick li").count():
            break
        play_first_playable(page)
    before, after = snapshot_and_reload(page)
    same(before, after, "mid-trick")
    assert after["trick"] and after["awaiting"] == "play"

    # The hand summary.
    play_hand(page, after=step(page) - 1)
    before, after = snapshot_and_reload(page)
    same(before, after, "hand summary")
    assert after["awaiting"] == "next" and "Hand 1 is over" in after["summary"]
    page.locator("#summary").get_by_role("button", name="Next hand").click()
    assert wait_turn(page, int(after["step"])) in ("pass", "play")
    check_clean(page, base_url)


def test_reload_mid_bidding(page, base_url):
    # Seed 1: East deals, so two computer players bid before us.
    open_table(page, base_url, "?game=spades&preset=partnership&speed=instant&seed=1")
    assert wait_turn(page) == "bid"
    before, after = snapshot_and_reload(page)
    same(before, after, "mid-bidding")
    assert sum("Bid " in s[1] or "Nil" in s[1] for s in after["seats"]) == 2
    page.locator('#controls .choices-number button[aria-disabled="false"]').first.click()
    assert wait_turn(page, int(after["step"])) == "play"
    check_clean(page, base_url)


def test_reload_on_game_over(page, base_url):
    # The last trick of a game to 10: our card ends it.
    raw, m = saved_position("spades", "partnership", 3, target=10,
                            stop=lambda m: m.phase == "play" and m.trick_number == 12 and m.to_act == 0)
    set_storage(page, base_url, {"baza:match": raw})
    page.goto(base_url)
    assert wait_turn(page) == "play"
    play_first_playable(page)
    assert wait_turn(page, len(m.actions)) == "over"
    before, after = snapshot_and_reload(page)
    same(before, after, "game over")
    assert after["summary"].startswith("Game over after 1 hand")

    # Counted once, reload or not.
    open_saves(page)
    values = stat_values(page)
    assert values["Games played"] == ["0", "1"] and values["Hands played (finished games)"] == ["0", "1"]
    expect(page.locator("#saves")).to_contain_text("Spades, 4 players: you ")
    page.locator("#saves").get_by_role("button", name="Close").click()
    expect(page.locator("#saves")).to_be_hidden()
    check_clean(page, base_url)
