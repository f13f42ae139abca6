"""The bots' one-line reasons, as messages: a key and its parameters.

A bot's decision comes with a message ``(key, params)``: the key of
:data:`MESSAGES` (its English template) and the numbers that fill it in. The
table shows it in the player's language from the same key and parameters
(ui/lang/*.py, "bot." + key); :func:`render` gives the English sentence, for
the command line, the arena and the tests.

Parameters follow game/explain.py: one whose name ends in ``card`` is a card
id ("the {card}": "the Queen of spades"), one ending in ``suit`` a suit, one
ending in ``seat`` a seat number. One ending in ``why`` is the key of another
message, a part of the sentence, filled in from the same parameters less
that one and those ending in "_" + its name (:func:`inner_params`): the aim
of a Spades trick in ``why``; the normal reason a search kept in
``base_why``, with its own ``why``. A template may be a dict of plural forms
``{"one": ..., "other": ...}``, chosen by ``n``.

>>> render(("hearts.discard.queen", {"card": 49, "suit": 0, "seat": 0}))
'Discard the Queen of spades: you are void in clubs, and seat 0 takes her.'
>>> render(("spades.follow.under", {"card": 2, "best_card": 12, "why": "spades.why.need", "n": 2}))
'Play the 4 of clubs under the Ace of clubs: your side needs 2 more tricks.'
"""

from __future__ import annotations

from typing import Any

from .. import messages
from ..messages import Message, inner_params

_BID_COUNT = "Bid {bid}: the hand counts about {tricks:.1f} tricks"
_WITH_PARTNER = ", with the partner's {partner}"
_BAGS = "; bid close to avoid bags"
_SAFE = "; bid safe, a set costs more than an overtrick"
_SEARCH = "over {samples} sampled deals it averaged {mean:.1f} "

MESSAGES: dict[str, Any] = messages.register("bot", {
    # Any game
    "only.card": "Play the {card}: the only legal card.",
    "only.cut": "Cut the deck: the highest card deals.",
    "only.deal": "Deal the cards.",
    "only.choice": "The only choice.",
    "random": "A random legal move.",
    "play": "Play the {card}.",
    # Hearts: passing
    "hearts.pass.moon": "Pass the {card}: this hand can shoot the moon, so pass the small cards.",
    "hearts.pass.queen": "Pass the {card}: too few small spades to hide her.",
    "hearts.pass.high_spade": "Pass the {card}: it would catch the queen of spades.",
    "hearts.pass.heart": "Pass the {card}: high hearts take points.",
    "hearts.pass.void": "Pass the {card}: it helps make a void in {suit}.",
    "hearts.pass.high": "Pass the {card}: high cards win tricks you do not want.",
    "hearts.pass.stopper": "Pass the {card}: keep the {stopper_card} to stop a moon.",
    # Hearts: shooting the moon
    "hearts.shoot.lead_top": "Shoot the moon: lead the {card}, the highest card left in its suit.",
    "hearts.shoot.lead_back": "Shoot the moon: lead the {card} to take the lead back.",
    "hearts.shoot.win": "Shoot the moon: win the trick with the {card}.",
    "hearts.shoot.keep": "Shoot the moon: the {card} cannot win, keep the winners.",
    # Hearts: following suit
    "hearts.follow.stop_moon": (
        "Stop the moon: win this trick with the {card} so seat {seat} cannot take every point."
    ),
    "hearts.follow.drop_queen": "Drop the {card} under the {best_card}: it goes to seat {seat}.",
    "hearts.follow.first_trick": "No points can fall on the first trick: shed the {card} now.",
    "hearts.follow.jack": "Win the trick with the {card}: it holds the jack of diamonds.",
    "hearts.follow.last_clean": "Last to a clean trick: take it with the {card} to shed a high card.",
    "hearts.follow.shed": (
        "Take this clean trick with the {card}: the players after you still hold {suit}, "
        "so nobody can throw a point on it; shed a high card while it is safe."
    ),
    "hearts.follow.duck_points": {
        "one": "Duck with the {card}: a higher card would take {n} point.",
        "other": "Duck with the {card}: a higher card would take {n} points.",
    },
    "hearts.follow.duck_queen": "Duck with the {card}: a higher spade could catch the queen of spades.",
    "hearts.follow.duck": "Duck with the {card}, the highest card that still loses to the {best_card}.",
    "hearts.follow.yours": "This trick is yours anyway: take it with the {card}, your highest {suit}.",
    "hearts.follow.later": "Play the {card}: a later player may still win this trick.",
    "hearts.follow.must_win": "You must win this trick: take it with the {card} and keep the lower cards as exits.",
    # Hearts: discarding on a void
    "hearts.discard.stop_moon": "Stop the moon: give the {card} to seat {seat}, not to seat {threat_seat}.",
    "hearts.discard.keep_hearts": "Keep your hearts to stop seat {seat}'s moon: throw the {card}.",
    "hearts.discard.queen": "Discard the {card}: you are void in {suit}, and seat {seat} takes her.",
    "hearts.discard.high_spade": "Discard the {card}: it could catch the queen of spades later.",
    "hearts.discard.heart": "Discard the {card}: void in {suit}, give the points to seat {seat}.",
    "hearts.discard.high": "Discard the {card}: void in {suit}, shed the card most likely to win a trick later.",
    # Hearts: leading
    "hearts.lead.stop_moon": "Stop the moon: lead the {card}, it wins and takes a heart from seat {seat}.",
    "hearts.lead.stop_moon_void": (
        "Stop the moon: lead the {card}; seat {seat} has no {suit}, so it cannot win this trick."
    ),
    "hearts.lead.smoke": "Lead the {card}: small spades force out the queen of spades.",
    "hearts.lead.risky": "Lead the {card}: nothing safer, though the queen of spades is still out.",
    # one key a suit: "no lower club / diamond / heart / spade" (see below)
    "hearts.lead.heart": "Lead the {card}: a small heart that others will probably beat.",
    "hearts.lead.shed": (
        "Lead the {card}: everyone still holds {suit}, so the trick stays clean; "
        "shed a high card while it is safe and keep the low ones as exits."
    ),
    "hearts.lead.safe": "Lead the {card}: the safest lead, unlikely to win a trick with points.",
    # Hearts: scoring a moon (total: 26, or 52 with two decks)
    "hearts.moon.others_win": "Give {total} to everyone else: it ends the game and you win.",
    "hearts.moon.self_behind": "Take -{total} yourself: +{total} to the others would end the game with you behind.",
    "hearts.moon.self": "Take -{total} yourself.",
    "hearts.moon.others_lead": "Give {total} to everyone else: you lead, and that brings the end nearer.",
    "hearts.moon.self_behind_keep": "Take -{total} yourself: you are behind, so keep the game going.",
    # Hearts: the easy level
    "hearts.easy.pass": "Pass the {card}: a high card.",
    "hearts.easy.lead": "Lead the {card}: the lowest card.",
    "hearts.easy.duck": "Duck with the {card}.",
    "hearts.easy.nothing_lower": "Play the {card}: nothing lower.",
    "hearts.easy.discard": "Discard the {card}.",
    "hearts.easy.moon": "Give the others the points.",
    # Spades: bidding (risk, tricks: a number with one decimal)
    "spades.nil": "Nil: no high {suit} and few high cards (risk {risk:.1f}).",
    "spades.bid": _BID_COUNT + ".",
    "spades.bid.bags": _BID_COUNT + _BAGS + ".",
    "spades.bid.safe": _BID_COUNT + _SAFE + ".",
    "spades.bid.partner": _BID_COUNT + _WITH_PARTNER + ".",
    "spades.bid.partner.bags": _BID_COUNT + _WITH_PARTNER + _BAGS + ".",
    "spades.bid.partner.safe": _BID_COUNT + _WITH_PARTNER + _SAFE + ".",
    "spades.blind_nil": "Blind nil: {behind} points behind and the game is nearly over.",
    "spades.look": "Look at your cards: blind nil is too big a gamble here.",
    "spades.auction": "Bid {bid} in {suit}: the hand counts {tricks:.1f} tricks with that trump.",
    "spades.auction.lowest": "The lowest bid left.",
    # Spades: the two-player draw
    "spades.draw.keep_card": "Keep the card.",
    "spades.draw.keep": "Keep the {card}: better than an average unseen card.",
    "spades.draw.discard": "Discard the {card}: an unseen card is worth more on average.",
    # Spades: the aim of a trick, the {why} of the sentences below
    "spades.why.my_nil": "you bid nil",
    "spades.why.cover": "cover your partner's nil",
    "spades.why.overtake": "your partner's nil is winning this trick: overtake",
    "spades.why.nil_winning": "seat {seat} bid nil and is winning this trick",
    "spades.why.nil_after": "seat {seat} bid nil and plays after you",
    "spades.why.need": {"one": "your side needs {n} more trick", "other": "your side needs {n} more tricks"},
    "spades.why.set": "a trick or two more sets the opponents",
    "spades.why.every": "every trick scores",
    "spades.why.bags": "the contract is safe, so avoid bags",
    # Spades: following
    "spades.follow.under": "Play the {card} under the {best_card}: {why}.",
    "spades.follow.every_wins": "Play the {card}: every card wins, {why}.",
    "spades.follow.low": "Play the {card} low: {why}, make it win the trick.",
    "spades.follow.cover": "Cover with the {card}: {why}, so the partner can play under it.",
    "spades.follow.cannot_cover": "Play the {card}: nothing beats the {best_card}.",
    "spades.follow.partner_wins": "Your partner's the {best_card} already wins: play the {card} and do not overtake.",
    "spades.follow.nothing_beats": "Play the {card}: nothing here beats the {best_card}.",
    "spades.follow.last": "Win with the {card}, the cheapest card that takes it: {why}.",
    "spades.follow.hold": "Win with the {card}: it should hold, {why}.",
    "spades.follow.second_low": "Second hand low with the {card}: your partner plays after you.",
    "spades.follow.cheapest": "Play the {card}, the cheapest card that wins for now: {why}.",
    # Spades: leading
    "spades.lead.lose": "Lead the {card}, the card least likely to win: {why}.",
    "spades.lead.nil_top": "Lead the {card}, a sure winner: the partner's nil plays under it.",
    "spades.lead.nil_high": "Lead the {card}, a high card: cover your partner's nil.",
    "spades.lead.top_trump": "Lead the {card}, the top trump: draw the opponents' trumps ({why}).",
    "spades.lead.low_trump": "Lead the {card}, a low trump: pull the opponents' trumps so your winners stand.",
    "spades.lead.cash": "Cash the {card}, the highest card left in {suit}: {why}.",
    "spades.lead.partner_void": "Lead the {card}: your partner is void in {suit} and can ruff.",
    "spades.lead.only_trumps": "Lead the {card}: only trumps left.",
    "spades.lead.low": "Lead the {card}, low from {suit}: keep the high cards for later ({why}).",
    # Spades: the easy level
    "spades.easy.look": "Look at your cards.",
    "spades.easy.bid": "Bid {bid}: aces and high spades.",
    "spades.easy.lowest": "The lowest bid.",
    "spades.easy.keep": "Keep the {card}.",
    "spades.easy.discard": "Discard it.",
    "spades.easy.lead": "Lead the {card}.",
    "spades.easy.win": "Win with the {card}.",
    "spades.easy.low": "Play the {card} low.",
    # The hard level: what the search found (mean: points, one decimal)
    "search.agrees": "{base_why} (Search agrees over {samples} sampled deals.)",
    "search.hearts": "Play the {card}: " + _SEARCH + "points, against {base_mean:.1f} for the {base_card}.",
    "search.spades": (
        "Play the {card}: " + _SEARCH + "points for your side, against {base_mean:.1f} for the {base_card}."
    ),
    "search.bid": "Bid {bid}: " + _SEARCH + "points for your side, against {base_mean:.1f} for a bid of {base_bid}.",
    "search.bid_not_nil": "Bid {bid}: " + _SEARCH + "points for your side, against {base_mean:.1f} for nil.",
    "search.nil": "Bid nil: " + _SEARCH + "points for your side, against {base_mean:.1f} for a bid of {base_bid}.",
})

# "Lead the 2 of clubs: no lower club is out, so someone else wins it.": one
# key a suit, for the languages where the word changes with the suit.
SUIT_WORDS = ("club", "diamond", "heart", "spade")
for _suit, _word in enumerate(SUIT_WORDS):
    MESSAGES[f"hearts.lead.lowest.{_word}"] = f"Lead the {{card}}: no lower {_word} is out, so someone else wins it."


def template(key: str, params: dict[str, Any]) -> str:
    """The English template of ``key`` (the plural form for ``n``)."""
    return messages.template("bot", key, params)


def render(message: Message | None) -> str:
    """The English sentence of a message ("" for None): :func:`game.messages.render`.

    >>> render(("only.card", {"card": 0}))
    'Play the 2 of clubs: the only legal card.'
    >>> render(("hearts.follow.duck_points", {"card": 31, "n": 1}))
    'Duck with the 7 of hearts: a higher card would take 1 point.'
    """
    return messages.render("bot", message)


__all__ = ["MESSAGES", "Message", "SUIT_WORDS", "inner_params", "render", "template"]
