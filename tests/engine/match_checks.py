"""What must hold at every step of any match, and random legal play that checks it.

At every step: every card of the deck is in exactly one place, legal actions
exist whenever someone is to act, a refused action changes nothing, a seat's
view shows no other seat's cards, sampled deals agree with what the seat knows,
and a save restores the same match. At every finished hand the record is
checked against rules_model.check_record.

Not a test module: the property tests import it by name, as they import conftest.
"""

import random

import pytest
from rules_model import SUITS, cards_in_play, check_record, decks_of, expected_sizes, masks_from_texts, texts

from game.actions import action_to_json
from game.cards import SUIT_MASKS, card_text, iter_cards, popcount
from game.errors import IllegalAction
from game.save import match_from_json, match_to_json
from game.state import PHASES
from game.view import sample_hands

# ----------------------------------------------------------------- per-step checks


def public_snapshot(m):
    # Lists hold ints, tuples or finished records: a shallow copy is a snapshot.
    return {k: (v.copy() if isinstance(v, list) else v) for k, v in m.__dict__.items() if not k.startswith("_")}


def illegal_candidates(m, rng):
    legal = set(m.legal_actions())
    decks = decks_of(m.game, m.players)
    pool = list(range(52 * decks)) + [190, 191, 192, 193, 194, 195, 198, 199, 200]
    pool += [200 + k for k in range(1, 18)] + [300 + 4 * k + s for k in (1, 7, 17) for s in range(4)]
    if m.to_act is not None:
        # Cards of the seat to act that it may not play now are the interesting ones.
        pool += [c for c in iter_cards(m.hands[m.to_act]) if c not in legal] * 4
    # With two decks either id of a card may name the copy the seat can
    # play (see test_second_copy_of_a_card_names_the_same_choice): card ids
    # are judged by their text.
    legal_texts = {card_text(a) for a in legal if a < 104}
    return [a for a in pool if a not in legal and not (a < 104 and card_text(a) in legal_texts)], legal


def check_refusal(m, rng):
    """A refused action raises IllegalAction with a sentence and changes nothing."""
    candidates, legal = illegal_candidates(m, rng)
    action = rng.choice(candidates)
    before = public_snapshot(m)
    legal_before = m.legal_actions()
    with pytest.raises(IllegalAction) as err:
        m.apply(action)
    message = str(err.value)
    assert message.endswith(".") and len(message) > 10
    assert m.explain(action) != ""
    assert public_snapshot(m) == before
    assert m.legal_actions() == legal_before
    # The JSON form is refused too (two-deck cards may name the other copy;
    # a JSON bid is a bare int, which apply() reads as an action id).
    form = action_to_json(action)
    if not (action < 104 and decks_of(m.game, m.players) == 2) and not isinstance(form, int):
        with pytest.raises(IllegalAction):
            m.apply(form)
        assert public_snapshot(m) == before
    for a in legal:
        # (LOOK is checked on its own: test_explain_is_empty_for_a_legal_look.)
        assert a == 198 or m.explain(a) == ""


def scan_ints(value, out, depth=0):
    """Every int (and str) reachable from a view's data."""
    if depth > 6:
        return
    if isinstance(value, bool):
        return
    if isinstance(value, (int, str)):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            scan_ints(v, out, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            scan_ints(v, out, depth + 1)


def check_views(m, scan_seat=None):
    n = m.players
    hidden = [m.hands[s] for s in range(n)]
    for s in range(n):
        v = m.view(s)
        assert v.seat == s and v.phase == m.phase and v.to_act == m.to_act
        assert v.hand == (m.hands[s] if v.looked else 0)
        assert v.hand_sizes == tuple(popcount(h) for h in m.hands)
        assert v.legal == (tuple(m.legal_actions()) if m.to_act == s else ())
        assert v.draw_card is None or (m.phase == "draw" and m.to_act == s)
        if m.phase == "pass":
            assert v.received == 0
        pub = v._public
        assert pub.seed == "hidden"
        assert all(pub.hands[o] == 0 for o in range(n) if o != s)
        assert pub.hands[s] == v.hand
        assert not any(pub.dealt) and pub.stock == [] and pub.actions == []
        assert all(pub.pass_chosen[o] == 0 for o in range(n) if o != s)
        if s != scan_seat:
            continue
        # No value anywhere in the view or its public match equals another
        # seat's hidden hand or the match's seed.
        # (Finished hands' records are public and left out.)
        seen = set()
        scan_ints([getattr(v, f) for f in v.__dataclass_fields__ if f not in ("_public", "records")], seen)
        # Private attributes (caches) included.
        scan_ints([x for k, x in pub.__dict__.items() if k not in ("records", "_records", "_hand_log")], seen)
        for o in range(n):
            # (A mask of low cards only is a small number that card ids and
            # scores can equal by chance: those are left out.)
            # Nor a hand made only of cards this seat passed to it (it knows them).
            known = v.passed if o == v.pass_target and m.phase != "pass" else 0
            if o != s and popcount(hidden[o]) >= 2 and hidden[o] >= 1 << 20 and hidden[o] & ~known:
                assert hidden[o] not in seen, f"seat {s}'s view holds seat {o}'s hand"
        assert m.seed not in seen


def check_sampling(m, seat, rng):
    v = m.view(seat)
    n = m.players
    hands = sample_hands(v, random.Random(rng.random()))
    assert len(hands) == n
    if v.looked:
        assert hands[seat] == v.hand
    assert [popcount(h) for h in hands] == list(v.hand_sizes)
    union = 0
    for s in range(n):
        assert not union & hands[s], "a card is dealt twice"
        union |= hands[s]
        for suit in range(4):
            if v.voids[s] >> suit & 1:
                assert not hands[s] & SUIT_MASKS[suit], f"seat {s} has shown it holds no {SUITS[suit]}"
    assert not union & v.played
    assert not union & v.seen_discards
    in_play = cards_in_play(m.game, n, getattr(m.rules, "odd_cards", "double_first"))
    assert not texts(union) - in_play
    if not (m.game == "spades" and n == 2):
        assert union | v.played == sum(1 << c for h in m.hands for c in iter_cards(h)) | v.played
    if v.pass_target is not None and m.phase != "pass":
        assert v.passed & ~v.played & ~hands[v.pass_target] == 0, "cards passed are not where they went"
    # A forced first lead (the lowest club) shows every seat who holds that card.
    legal = m.legal_actions()
    forced = m.game == "hearts" or m.rules.first_lead == "two_of_clubs"
    if m.phase == "play" and not v.played and forced and len(legal) == 1 and not (m.game == "spades" and n == 2):
        lead = legal[0] % 52
        assert (hands[m.to_act] >> lead | hands[m.to_act] >> (lead + 52)) & 1, "the forced lead is dealt elsewhere"


def check_state(m):
    assert m.phase in PHASES
    legal = m.legal_actions()
    if m.phase == "game_over":
        assert legal == [] and m.to_act is None
        assert m.winners
    else:
        assert legal, f"no legal action in phase {m.phase}"
        assert m.to_act is not None and 0 <= m.to_act < m.players
        assert len(set(legal)) == len(legal)
    # Every card is in exactly one place: a hand, or played this hand.
    if m.phase in ("pass", "bid", "play", "moon", "hand_over") or (m.phase == "game_over" and m.records):
        played = m.view(0).played
        union = played
        count = popcount(played)
        for h in m.hands:
            assert not union & h, "a card is in two places"
            union |= h
            count += popcount(h)
        assert count == popcount(union)
        if m.game == "spades" and m.players == 2:
            assert count == 26 and union & in_play_mask(m) == union
        else:
            assert union == in_play_mask(m)


_IN_PLAY = {}


def in_play_mask(m):
    """cards_in_play() as a mask over both decks' ids."""
    key = (m.game, m.players, getattr(m.rules, "odd_cards", "double_first"))
    if key not in _IN_PLAY:
        _IN_PLAY[key] = masks_from_texts([list(cards_in_play(*key).elements())])[0]
    return _IN_PLAY[key]


def same_match(a, b):
    assert a.phase == b.phase and a.to_act == b.to_act
    assert a.legal_actions() == b.legal_actions()
    assert a.hands == b.hands
    assert a.records == b.records
    for s in range(a.players):
        assert a.view(s) == b.view(s)


def play_match(m, rng, max_hands, save_every=0):
    """Random legal play with every check; returns the match."""
    scores_before = list(m.scores)
    hand_start = m.hand_number
    # Bigger deals have more steps and longer saves: check them less often.
    scale = 52 / popcount(in_play_mask(m)) * 4 / m.players
    save_every *= scale
    while m.phase != "game_over" and len(m.records) < max_hands:
        check_state(m)
        if rng.random() < 0.3 * scale:
            check_views(m, scan_seat=rng.randrange(m.players))
        if m.phase in ("pass", "bid", "play", "draw") and rng.random() < 0.2:
            check_sampling(m, rng.randrange(m.players), rng)
        if rng.random() < 0.3:
            check_refusal(m, rng)
        if m.hand_number != hand_start and m.phase in ("pass", "bid", "play") and not m.view(0).played:
            hand_start = m.hand_number
            sizes = [popcount(h) for h in m.hands]
            odd = getattr(m.rules, "odd_cards", "double_first")
            assert sizes == expected_sizes(m.game, m.players, odd, m.dealer)
        if save_every and (rng.random() < save_every or m.phase in ("moon", "hand_over")):
            same_match(m, match_from_json(match_to_json(m)))
        action = rng.choice(m.legal_actions())
        before = len(m.records)
        m.apply(action)
        if len(m.records) > before:
            check_record(m, m.records[-1], scores_before)
            scores_before = list(m.scores)
    check_state(m)
    check_views(m)
    if m.phase == "game_over":
        check_game_over(m)
    if save_every:
        same_match(m, match_from_json(match_to_json(m)))
    return m


def check_game_over(m):
    scores = list(m.scores)
    if m.game == "hearts":
        assert max(scores) >= m.rules.target
        assert m.winners == [scores.index(min(scores))] and scores.count(min(scores)) == 1
    else:
        mercy = m.rules.mercy
        assert max(scores) >= m.rules.target or (mercy and min(scores) <= mercy)
        assert m.winners == [scores.index(max(scores))] and scores.count(max(scores)) == 1


