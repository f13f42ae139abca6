"""Seat views (game.view): each seat sees exactly what it may know.

Its own cards (once it has looked), its own passes and what it received, the
cards played, bids, scores; never another seat's cards, passes, the stock or
the seed. Sampling (sample_hands, determinize) works from a view only, so
two matches that differ only in what a seat cannot see give that seat the
same view and the same samples.
"""

import random

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import BLIND_NIL_BID, DISCARD, KEEP, LOOK, bid
from game.cards import SUIT_MASKS, card_text, parse_mask, popcount
from game.rules import preset
from game.state import Match, new_match
from game.view import determinize, sample_hands

SETTINGS = settings()  # the profile of conftest.py: derandomized in CI

# What every seat sees alike, and what is its own.
PUBLIC = str.split(
    "phase to_act dealer hand_number hand_sizes cut pass_direction bids bid_suits trump leader trick "
    "trick_number last_trick tricks tricks_won taken played voids broken scores bags winners moon_shooter"
)

DECK = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def to(m, phase):
    while m.phase != phase:
        m.apply(m.legal_actions()[0])
    return m


def hands_from(texts):
    return [parse_mask(t) for t in texts]


# ---------------------------------------------------------------- what a view shows


def test_own_hand_and_nothing_else_during_passing():
    m = to(new_match("hearts", "standard", seed=5), "pass")
    assert m.pass_direction == "left"
    seat = m.to_act
    first_choice = m.legal_actions()[0]
    m.apply(first_choice)
    for s in range(4):
        v = m.view(s)
        assert v.hand == m.hands[s] and popcount(v.hand) == 13
        assert v.hand_sizes == (13, 13, 13, 13)
        assert v.legal == (tuple(m.legal_actions()) if s == m.to_act else ())
        assert v.passed == (1 << first_choice if s == seat else 0)
        assert v.received == 0  # nothing changes hands before every seat has chosen
        assert v.pass_target == (s + 1) % 4
        pub = v._public
        assert [pub.hands[o] for o in range(4) if o != s] == [0, 0, 0]
        assert [pub.pass_chosen[o] for o in range(4) if o != s] == [0, 0, 0]
        assert pub.seed == "hidden" and pub.stock == [] and not any(pub.dealt)


@pytest.mark.parametrize(("hand", "direction", "offset"), [(1, "left", 1), (2, "across", 2), (3, "right", -1)])
def test_received_cards_after_the_exchange(hand, direction, offset):
    m = new_match("hearts", "classic", seed=8)
    rng = random.Random(hand)
    while m.hand_number < hand or m.phase != "pass":
        m.apply(rng.choice(m.legal_actions()))
    assert m.pass_direction == direction
    dealt = list(m.hands)
    chosen = [0] * 4
    while m.phase == "pass":
        s = m.to_act
        a = rng.choice(m.legal_actions())
        chosen[s] |= 1 << a
        m.apply(a)
    for s in range(4):
        v = m.view(s)
        giver = (s - offset) % 4
        assert v.pass_target == (s + offset) % 4
        assert v.passed == chosen[s]
        assert v.received == chosen[giver]
        assert v.hand == (dealt[s] & ~chosen[s]) | chosen[giver]


def test_public_fields_are_the_same_for_every_seat():
    m = new_match("spades", "partnership", seed=12, blind_nil_behind=0)
    rng = random.Random(12)
    while len(m.records) < 2:
        views = [m.view(s) for s in range(4)]
        for name in PUBLIC:
            assert len({repr(getattr(v, name)) for v in views}) == 1, name
        m.apply(rng.choice(m.legal_actions()))


def test_voids_and_tricks_are_shown_to_all():
    m = Match(preset("hearts", "classic"), seed=0)
    suits = [" ".join(r + s for r in "23456789TJQKA") for s in "CDHS"]
    m.deal_hands(hands_from(suits), 3, "hold")  # seat 0 has every club
    for c in ("2C", "2D", "2H", "2S"):
        m.apply(c)
    for s in range(4):
        v = m.view(s)
        assert v.voids == (0, 1, 1, 1)  # seats 1..3 showed they hold no club
        assert v.last_trick == (((0, 0), (1, 13), (2, 26), (3, 39)), 0)
        assert v.tricks_won == (1, 0, 0, 0) and v.to_act == 0
        assert v.taken[0] == parse_mask("2C 2D 2H 2S")
        assert v.played == parse_mask("2C 2D 2H 2S") and v.broken


@pytest.mark.parametrize(
    ("game", "name", "players"), [("hearts", "standard", 4), ("hearts", "standard", 3), ("spades", "partnership", 4)]
)
def test_every_seat_sees_who_played_which_card_all_hand(game, name, players):
    # The view's tricks are the hand's finished tricks in order, each as
    # last_trick shows it (a 3-player Hearts first trick holds a fourth card,
    # the extra one of the seat dealt 18): who played which card, as at a table.
    m = Match(preset(game, name, players=players), seed=3)
    rng = random.Random(3)
    while m.phase != "hand_over":
        if m.phase == "play" and not m.trick:
            v = m.view(m.to_act)
            assert len(v.tricks) == m.trick_number
            assert [c for trick, _ in v.tricks for _, c in trick] == m.plays
            assert not v.tricks or v.tricks[-1] == v.last_trick
            assert all(m.view(s).tricks == v.tricks for s in range(players))
        m.apply(rng.choice(m.legal_actions()))
    assert len(m.view(0).tricks) == m.trick_number
    m.apply(m.legal_actions()[0])  # the next deal starts with no trick
    assert m.view(0).tricks == ()


def test_blind_nil_seat_sees_no_cards_until_it_looks():
    m = to(new_match("spades", "partnership", seed=3, blind_nil_behind=0), "bid")
    s = m.to_act
    v = m.view(s)
    assert not v.looked and v.hand == 0 and v.hand_sizes[s] == 13
    assert v.legal == (BLIND_NIL_BID, LOOK)
    assert m.view((s + 1) % 4).hand == m.hands[(s + 1) % 4] or not m.view((s + 1) % 4).looked
    hands = sample_hands(v, random.Random(0))  # its own cards are unknown to it too
    assert [popcount(h) for h in hands] == [13] * 4
    m.apply(LOOK)
    v = m.view(s)
    assert v.looked and v.hand == m.hands[s]
    assert BLIND_NIL_BID not in v.legal and bid(1) in v.legal


def test_two_player_draw_card_is_seen_only_by_the_drawer():
    m = to(new_match("spades", "classic", seed=6, players=2), "draw")
    seen = [0, 0]
    while m.phase == "draw":
        s = m.to_act
        v, other = m.view(s), m.view(1 - s)
        assert v.draw_card is not None and other.draw_card is None
        assert not (v.hand >> v.draw_card) & 1 and not (other.hand >> v.draw_card) & 1
        assert v.seen_discards == seen[s] and other.seen_discards == seen[1 - s]
        assert other._public.seen_discards[s] == 0 and other._public.stock == []
        action = KEEP if random.Random(popcount(v.hand)).random() < 0.5 else DISCARD
        top = v.draw_card
        m.apply(action)
        if action == KEEP:
            assert m.view(s).hand >> top & 1
        else:
            seen[s] |= 1 << top
            assert m.view(s).seen_discards >> top & 1
    assert [popcount(m.view(s).hand) for s in range(2)] == [13, 13]


def test_finished_hand_records_show_only_what_the_seat_saw():
    m = new_match("hearts", "standard", seed=21)
    rng = random.Random(21)
    while not m.records:
        m.apply(rng.choice(m.legal_actions()))
    full = m.records[-1]
    assert full["pass_direction"] == "left"
    for s in range(4):
        rec = m.view(s).records[-1]
        assert rec["plays"] == full["plays"] and rec["result"] == full["result"]
        assert [h is not None for h in rec["hands"]] == [o == s for o in range(4)]
        assert rec["hands"][s] == full["hands"][s]
        giver = (s - 1) % 4
        assert [p is not None for p in rec["passes"]] == [o in (s, giver) for o in range(4)]
        assert rec["passes"][giver] == full["passes"][giver]


def test_public_match_records_are_redacted_too():
    """The view's public match (what bots and determinize() work from) must not
    hold more than the view: seen failing, its ``records`` are the full
    records, with every seat's dealt hand and passes."""
    m = new_match("hearts", "standard", seed=21)
    rng = random.Random(21)
    while not m.records:
        m.apply(rng.choice(m.legal_actions()))
    for s in range(4):
        v = m.view(s)
        assert list(v._public.records) == list(v.records)


# ---------------------------------------------------------------- nothing hidden anywhere in a view


def reachable(value, out, depth=0):
    if depth > 8 or isinstance(value, bool):
        return
    if isinstance(value, (int, str)):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            reachable(v, out, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            reachable(v, out, depth + 1)


@pytest.mark.parametrize(
    ("game", "name", "options"),
    [("hearts", "standard", {}), ("spades", "partnership", {}), ("hearts", "classic", {"players": 6})],
)
def test_public_match_holds_no_hidden_cards(game, name, options):
    """Every attribute of the view's public match, private caches included:
    no other seat's hand (as a mask) and no seat's secret pass. Seen failing:
    ``_mask`` keeps the legal cards of the seat to act, often its whole hand."""
    m = new_match(game, name, seed="scan", **options)
    rng = random.Random(1)
    while not m.records:
        for s in range(m.players):
            v = m.view(s)
            secret = []
            for o in range(m.players):
                masks = [m.hands[o]] + ([m.pass_chosen[o]] if m.phase == "pass" else [])
                # (Masks of a card or two, or of low cards only, are small numbers that
                # card ids and scores may equal by chance; cards this seat passed it knows.)
                secret += [x for x in masks if o != s and popcount(x) >= 2 and x >= 1 << 20 and x & ~v.passed]
            places = [(f"view.{f}", getattr(v, f)) for f in v.__dataclass_fields__ if f not in ("_public", "records")]
            places += [
                (f"view._public.{k}", x) for k, x in v._public.__dict__.items() if k not in ("_hand_log", "_records")
            ]
            for where, x in places:
                values = set()
                reachable(x, values)
                assert not any(mask in values for mask in secret), f"seat {s}: {where} holds another seat's cards"
                assert "scan" not in values, f"seat {s}: {where} holds the seed"
        m.apply(rng.choice(m.legal_actions()))


def test_views_do_not_depend_on_hidden_cards():
    """Two deals that differ only in the cards seat 0 cannot see: seat 0's
    view is the same, and so are its samples."""
    rng = random.Random(5)
    mine = sorted(rng.sample(DECK, 13))
    rest = [c for c in DECK if c not in mine]
    a, b = rest[:], rest[:]
    random.Random(1).shuffle(a)
    random.Random(2).shuffle(b)
    deals = [[" ".join(mine)] + [" ".join(x[i * 13 : (i + 1) * 13]) for i in range(3)] for x in (a, b)]
    matches = []
    for d in deals:
        m = Match(preset("spades", "classic"), seed=0)
        m.deal_hands(hands_from(d), 3)
        for n in (3, 4, 2, 1):  # bids from the dealer's left: seats 0, 1, 2, 3
            m.apply(bid(n))
        matches.append(m)
    assert matches[0].hands[1:] != matches[1].hands[1:]
    v0, v1 = matches[0].view(0), matches[1].view(0)
    assert v0 == v1
    for k in range(5):
        assert sample_hands(v0, random.Random(k)) == sample_hands(v1, random.Random(k))
        d0, d1 = determinize(v0, random.Random(k)), determinize(v1, random.Random(k))
        assert d0.hands == d1.hands and d0.legal_actions() == d1.legal_actions()


# ---------------------------------------------------------------- sampling


def check_sample(m, v, hands):
    n = m.players
    if v.looked:
        assert hands[v.seat] == v.hand
    assert [popcount(h) for h in hands] == list(v.hand_sizes)
    union = 0
    for s in range(n):
        assert not union & hands[s]
        union |= hands[s]
        for suit in range(4):
            if v.voids[s] >> suit & 1:
                assert not hands[s] & SUIT_MASKS[suit]
    assert not union & v.played and not union & v.seen_discards
    real = 0
    for h in m.hands:
        real |= h
    if not (m.game == "spades" and n == 2):
        assert union == real  # the unseen cards, each exactly once
    if v.pass_target is not None and m.phase != "pass":
        assert v.passed & ~v.played & ~hands[v.pass_target] == 0


CONFIGS = [
    ("hearts", "standard", {}),
    ("hearts", "classic", {"players": 7}),
    ("hearts", "omnibus", {"players": 3, "odd_cards": "remove"}),
    ("spades", "partnership", {"blind_nil_behind": 0}),
    ("spades", "classic", {"players": 2}),
    ("spades", "cutthroat", {"players": 5}),
]


@pytest.mark.parametrize(("game", "name", "options"), CONFIGS)
@settings(SETTINGS, max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1))
def test_samples_agree_with_what_the_seat_knows(game, name, options, seed):
    m = new_match(game, name, seed=seed, **options)
    rng = random.Random(seed)
    while not m.records:
        if m.phase in ("draw", "pass", "bid", "play") and rng.random() < 0.3:
            s = rng.randrange(m.players)
            v = m.view(s)
            check_sample(m, v, sample_hands(v, random.Random(rng.random())))
        m.apply(rng.choice(m.legal_actions()))


@pytest.mark.parametrize(
    ("game", "name", "options"), [c for c in CONFIGS if not (c[0] == "spades" and c[2].get("players") == 2)]
)
@settings(SETTINGS, max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1))
def test_determinized_match_plays_out(game, name, options, seed):
    """determinize() gives a match a bot can play to the end of the hand:
    every card played is in its player's hand, and the seat's own legal
    actions are those of the real match."""
    m = new_match(game, name, seed=seed, **options)
    rng = random.Random(seed)
    while not m.records:
        if m.phase in ("pass", "bid", "play") and rng.random() < 0.15:
            s = m.to_act
            d = determinize(m.view(s), random.Random(rng.random()))
            assert d.legal_actions() == m.legal_actions()
            while d.phase in ("pass", "bid", "play"):
                a = rng.choice(d.legal_actions())
                if d.phase == "play":
                    assert d.hands[d.to_act] >> a & 1, f"{card_text(a)} played by a seat that does not hold it"
                d.apply(a)
        m.apply(rng.choice(m.legal_actions()))


def test_forced_first_lead_is_known_to_every_seat():
    """When the first trick must be led with the 2 of clubs, every seat sees
    who is to lead it, so every sampled deal must give that seat the 2 of
    clubs. Seen failing: sample_hands deals it anywhere, and a determinized
    match then plays a card its player does not hold."""
    for seed in range(6):
        m = to(new_match("hearts", "standard", seed=seed, pass_count=0), "play")
        leader = m.to_act
        assert m.legal_actions() == [0]  # the 2 of clubs
        for s in range(4):
            if s == leader:
                continue
            v = m.view(s)
            for k in range(4):
                hands = sample_hands(v, random.Random(k))
                assert hands[leader] & 1, f"sample gives the 2 of clubs to another seat than {leader}"
            d = determinize(v, random.Random(seed))
            assert d.hands[leader] & 1


def test_determinize_in_the_two_player_draw():
    """Two-player Spades: a bot in the draw phase determinizes and tries each
    choice. Seen failing: the public match has an empty stock, so KEEP and
    DISCARD raise IndexError (pop from empty list)."""
    m = to(new_match("spades", "classic", seed=6, players=2), "draw")
    d = determinize(m.view(m.to_act), random.Random(0))
    assert d.legal_actions() == [KEEP, DISCARD]
    for a in (KEEP, DISCARD):
        c = d.clone()
        c.apply(a)
        assert sum(popcount(h) for h in c.hands) == sum(popcount(h) for h in m.hands) + 1


# ---------------------------------------------------------------- how a view is built


# Every field of a seat's view, written out here: a field added to SeatView
# must be added to this list too, after checking that the seat may know it.
SEAT_VIEW_FIELDS = set(
    PUBLIC
    + str.split(
        "seat game rules players hand looked legal draw_card seen_discards stock_size pass_target passed "
        "passes_ready received records _public"
    )
)


def positions():
    """Matches in every phase, of both games, with a finished hand behind."""
    out = []
    for game, name, options in (("hearts", "standard", {}), ("spades", "partnership", {}),
                                ("spades", "classic", {"players": 2}), ("hearts", "classic", {"moon": "choose"})):
        m = new_match(game, name, seed=4, **options)
        rng = random.Random(4)
        seen = set()
        while m.hand_number < 3 and m.phase != "game_over":
            if m.phase not in seen or rng.random() < 0.02:
                seen.add(m.phase)
                out.append(m.clone())
            m.apply(rng.choice(m.legal_actions()))
    return out


def test_a_seat_view_holds_no_field_beyond_the_allowed_ones():
    import dataclasses

    from game.view import SeatView

    assert {f.name for f in dataclasses.fields(SeatView)} == SEAT_VIEW_FIELDS


def test_every_field_of_a_match_is_placed_and_the_view_copies_only_those():
    """Each Match attribute is public, the seat's own entry only, hidden or
    redacted (game/view.py): a new field fails here until it is placed, and a
    field in none of the lists never reaches a view."""
    from game.view import HIDDEN_FIELDS, OWN_FIELDS, PUBLIC_FIELDS, REDACTED_FIELDS

    placed = PUBLIC_FIELDS | OWN_FIELDS | set(HIDDEN_FIELDS) | REDACTED_FIELDS
    assert len(placed) == len(PUBLIC_FIELDS) + len(OWN_FIELDS) + len(HIDDEN_FIELDS) + len(REDACTED_FIELDS)
    phases = set()
    for m in positions():
        phases.add(m.phase)
        assert set(m.__dict__) == placed, set(m.__dict__) ^ placed
        for seat in range(m.players):
            public = m.view(seat)._public
            assert set(public.__dict__) == placed
            for name in OWN_FIELDS:
                assert all(v == 0 for s, v in enumerate(getattr(public, name)) if s != seat), name
            assert public.seed == "hidden" and public.stock == [] and public.actions == [] and not any(public.dealt)
    assert phases >= {"cut", "deal", "draw", "pass", "bid", "play", "hand_over"}, phases
    m = new_match("hearts", "standard", seed=1)
    m.secret = 1 << 49  # a field nobody placed: it stays in the engine
    assert not hasattr(m.view(0)._public, "secret")
