"""English: the reference catalogue (every key of every other language).

The options of the New game dialog and the rules panel are named here
from ui/settings.py's own English (``opt.<name>``, ``opt.<name>.help``,
``opt.<name>.<value>``), so that file stays the one place that describes
them; the other catalogues translate the same keys.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, Any] = {
    # Cards: the pattern of a card's name, ranks 2..Ace, suits clubs..spades,
    # the article a card takes in a sentence, and how a list ends.
    "card.pattern": "{rank} of {suit}",
    "card.capital": "yes",  # rank names keep their capital after the article
    "rank.0": "2", "rank.1": "3", "rank.2": "4", "rank.3": "5", "rank.4": "6", "rank.5": "7", "rank.6": "8",
    "rank.7": "9", "rank.8": "10", "rank.9": "Jack", "rank.10": "Queen", "rank.11": "King", "rank.12": "Ace",
    "suit.0": "clubs", "suit.1": "diamonds", "suit.2": "hearts", "suit.3": "spades",
    "article.0": "the", "article.1": "the", "article.2": "the", "article.3": "the", "article.4": "the",
    "article.5": "the", "article.6": "the", "article.7": "the", "article.8": "the", "article.9": "the",
    "article.10": "the", "article.11": "the", "article.12": "the",
    "card.name": "{card}",
    "list.pattern": "{first} and {last}",
    "number.decimal": ".",  # the decimal point of a number with a fraction: "2.5"
    # Seats
    "seat.you": "You",
    "compass.0": "South", "compass.1": "South-west", "compass.2": "West", "compass.3": "North-west",
    "compass.4": "North", "compass.5": "North-east", "compass.6": "East", "compass.7": "South-east",
    "compass.short.0": "S", "compass.short.1": "SW", "compass.short.2": "W", "compass.short.3": "NW",
    "compass.short.4": "N", "compass.short.5": "NE", "compass.short.6": "E", "compass.short.7": "SE",
    "seat.bid": "Bid {bid}",
    "seat.bidding": "Bidding…",
    "seat.no_bid": "No bid yet",
    "seat.score_bags": {"one": "{score}, {n} bag", "other": "{score}, {n} bags"},
    "seat.your_turn": "Your turn",
    "seat.thinking": "Thinking…",
    "level.random": "Random", "level.easy": "Easy", "level.normal": "Normal", "level.hard": "Hard",
    "bid.nil_text": "Nil",
    "bid.blind_nil_text": "Blind nil",
    "bid.auction_text": "{n} {suit}",
    # The middle of the table
    "cut.deals": "{name} cut the highest card and deals.",
    "cut.you_deal": "You cut the highest card and deal.",
    "cut.cutting": "Cutting for the deal: the highest card deals.",
    "cut.tie": "A tie for the highest card: those players cut again.",
    "trick.number": "Trick {number} of {total}",
    "trick.you_take": "You take the trick.",
    "trick.takes": "{name} takes the trick.",
    "trick.you_lead": "Trick {number} of {total}: You lead.",
    "trick.leads": "Trick {number} of {total}: {name} leads.",
    "last.by_you": "Last trick, won by you",
    "last.by": "Last trick, won by {name}",
    # Your hand and your choices
    "hand.face_down": {"one": "Your hand, {n} card face down", "other": "Your hand, {n} cards face down"},
    "hand.label": {"one": "Your hand, {n} card", "other": "Your hand, {n} cards"},
    "hand.label_playable": {"one": "Your hand, {n} card, {playable} playable",
                            "other": "Your hand, {n} cards, {playable} playable"},
    "pass.left": "left", "pass.right": "right", "pass.across": "across", "pass.hold": "no pass",
    "dir.left": "left", "dir.right": "right", "dir.across": "across", "dir.hold": "hold",
    "pass.waiting": "Waiting for the others to choose their passes.",
    "pass.button": {"one": "Pass {n} card {direction}", "other": "Pass {n} cards {direction}"},
    "pass.prompt": {"one": "Choose {n} card to pass {direction}, to {name}.",
                    "other": "Choose {n} cards to pass {direction}, to {name}."},
    "pass.first": "{name} chooses first.",
    "pass.clear": "Clear",
    "draw.prompt": ("Top of the stock: {card:the}. Keep it (the next card is thrown away unseen), "
                    "or discard it and take the next card. You have {n} of 13 cards."),
    "draw.keep": "Keep it",
    "draw.discard": "Discard it, take the next",
    "moon.prompt": "You took every point: you shot the moon! How do you score it?",
    "moon.others": "Everyone else +{total}",
    "moon.self": "Me −{total}",
    "blind.prompt": "Bid blind nil now, before you see your cards (+200 or −200), or look at them first.",
    "blind.bid": "Bid blind nil",
    "blind.look": "Look at my cards",
    "bid.partner": "Your partner bid {bid}.",
    "bid.nil": "Nil",
    "bid.auction_choice": "{n} {suit}",
    "bid.auction_prompt": "Your bid: tricks, then the trump suit. The highest bid names trump.",
    "bid.prompt": "Your bid: how many tricks will you take?",
    # The status line
    "status.cutting": "Cutting for the first dealer.",
    "status.you_deal": "You deal.",
    "status.deals": "{name} deals.",
    "status.your_draw": "Your draw.",
    "status.drawing": "{name} is drawing from the stock.",
    "status.waiting_passes": "Waiting for the others to pass.",
    "status.your_pass": "Choose your cards to pass.",
    "status.passing": "{name} is choosing cards to pass.",
    "status.your_bid": "Your bid.",
    "status.bidding": "{name} is bidding.",
    "status.leads_next": "{name} leads next.",
    "status.your_lead": "Your lead: play a card.",
    "status.your_play": "Your turn: play a card.",
    "status.playing": "{name} is playing.",
    "status.your_moon": "Choose how to score your moon.",
    "status.moon": "{name} shot the moon and is choosing.",
    "status.you_take_last": "You take the last trick.",
    "status.takes_last": "{name} takes the last trick.",
    "status.hand_over": "Hand {number} is over.",
    "status.game_over": "The game is over.",
    "notice.another": "another player",
    "notice.received": "You received {cards} from {name}.",
    "notice.no_pass": "No passing this hand.",
    # The rules panel and the title
    "rules.on": "on", "rules.off": "off", "rules.none": "none",
    "rules.players": "Players", "rules.target": "Target score",
    "title": {"one": "{game}{preset} · {n} player · to {target}",
              "other": "{game}{preset} · {n} players · to {target}"},
    "game.hearts": "Hearts", "game.spades": "Spades",
    # The controller's messages
    "msg.hint": "Hint: {reason}",
    "msg.wait_deal": "Wait for the deal.",
    "msg.hand_over": "The hand is over.",
    "msg.game_over": "The game is over.",
    "msg.wait.bid": "Wait: it is {name}'s turn to bid.",
    "msg.wait.play": "Wait: it is {name}'s turn to play.",
    "msg.wait.pass": "Wait: it is {name}'s turn to pass.",
    "msg.wait.draw": "Wait: it is {name}'s turn to draw.",
    "msg.wait.moon": "Wait: it is {name}'s turn to choose.",
    "msg.wait.other": "Wait: it is {name}'s turn to act.",
    "msg.someone": "someone else",
    "msg.pass_full": {"one": "You have chosen {n} card already: click it to put it back.",
                      "other": "You have chosen {n} cards already: click one of them to put it back."},
    "msg.pass_count": {"one": "Choose {n} card to pass: you have chosen {chosen}.",
                       "other": "Choose {n} cards to pass: you have chosen {chosen}."},
    "msg.bot_failed": "Something went wrong with a computer player. Start a new game to go on.",
    "msg.broken": "Something went wrong. Start a new game if the table does not respond.",
    "msg.new_game": {"one": "New game of {game}: {n} player, to {target} points.",
                     "other": "New game of {game}: {n} players, to {target} points."},
    "msg.restored": "Game restored: {game}, hand {number}.",
    # The score sheet and the hand summary (ui/score_sheet.py)
    "sheet.bid": "Bid", "sheet.won": "Won", "sheet.pts": "Pts", "sheet.total": "Total", "sheet.bags": "Bags",
    "sheet.bid_short": "Bid", "sheet.won_short": "Won", "sheet.pts_short": "Pts", "sheet.total_short": "Tot.",
    "sheet.bags_short": "Bags",
    "sheet.total_bags": {"one": "{score} ({n} bag)", "other": "{score} ({n} bags)"},
    "sheet.bags_note": "Bags are overtricks: every {limit} cost {penalty}.",
    "sheet.lowest_wins": "Lowest score wins when someone reaches {target}.",
    "sheet.highest_wins": "Highest score wins at {target}.",
    "sheet.nil": "{name}: {kind} {result}",
    "sheet.nil_made": "made",
    "sheet.nil_failed": {"one": "failed ({n} trick)", "other": "failed ({n} tricks)"},
    "sheet.contract_made": "bid {bid}, took {took}: made",
    "sheet.contract_set": "bid {bid}, took {took}: set",
    "sheet.bag_penalty": "bag penalty −{points}",
    "sheet.hearts": {"one": "{n} heart", "other": "{n} hearts"},
    "sheet.no_points": "no points",
    "sheet.moon": "{name} shot the moon!",
    "sheet.moon_took": "{name} shot the moon and took −{total}!",
    "win.you": "You win!",
    "win.you_partner": "You and your partner win!",
    "win.one": "{name} wins.",
    "win.many": "{name} win.",
    "summary.game_over": {"one": "Game over after {n} hand", "other": "Game over after {n} hands"},
    "summary.hand_over": "Hand {number} is over",
    "summary.again": "Play again",
    "summary.new_game": "New game…",
    "summary.next": "Next hand",
    # What a screen reader hears (ui/announce.py)
    "ann.cut": "{name} cuts the highest card and deals.",
    "ann.cut.you": "You cut the highest card and deal.",
    "ann.play": "{name} plays {card:the}.",
    "ann.play.you": "You play {card:the}.",
    "ann.take": "{name} takes the trick{points}.",
    "ann.take.you": "You take the trick{points}.",
    "ann.trick_points": {"one": ", {n} point", "other": ", {n} points"},
    "ann.bid": "{name} bids {bid}.",
    "ann.bid.you": "You bid {bid}.",
    "ann.passed": "The cards are passed. You received {cards} from {name}.",
    "ann.moon_self": "{name} takes −{total} for the moon.",
    "ann.moon_self.you": "You take −{total} for the moon.",
    "ann.moon_others": "{name} gives {total} points to everyone else for the moon.",
    "ann.moon_others.you": "You give {total} points to everyone else for the moon.",
    "ann.shot_moon": "{name} shot the moon!",
    "ann.shot_moon.you": "You shot the moon!",
    "ann.hand": "Hand {number}.",
    "ann.deal": "{name} deals.",
    "ann.deal.you": "You deal.",
    "ann.pass": {"one": "Pass {n} card {direction}.", "other": "Pass {n} cards {direction}."},
    "ann.line": {"one": "{name}: {points} point, total {total}{detail}.",
                 "other": "{name}: {points} points, total {total}{detail}."},
    "ann.hand_over": "Hand {number} is over.",
    "ann.your_lead": "Your lead, trick {number} of {total}.",
    "ann.your_bid": "Your turn to bid.",
    "ann.your_blind": "Your turn: bid blind nil, or look at your cards.",
    "ann.your_pass": {"one": "Your turn: choose {n} card to pass {direction}.",
                      "other": "Your turn: choose {n} cards to pass {direction}."},
    "ann.your_pass_to": {"one": "Your turn: choose {n} card to pass {direction}, to {name}.",
                         "other": "Your turn: choose {n} cards to pass {direction}, to {name}."},
    "ann.your_draw": "Your draw: {card:the} is on top of the stock.",
    "ann.your_moon": "You took every point: choose how to score your moon.",
    "claim.button": "Claim the rest",
    "claim.checking": "Checking your claim…",
    "claim.refused": "Claim refused: {reason}",
    "claim.accepted": "Claim accepted: {reason}",
    # Saves & stats (ui/saves/manager.py, ui/saves/dom.py, ui/saves/store.py)
    # The stored data a sentence is about ({what}); n is 1 for a singular subject, 2 for a plural one
    "saves.the.match": "The saved game",
    "saves.the.settings": "The saved settings",
    "saves.the.stats": "The saved statistics",
    "saves.the.history": "The saved list of finished games",
    "saves.the.quarantine": "The list of unreadable saves",
    "saves.the.data": "The saved data",
    "saves.the.file": "The file",
    "saves.doc.json": {"one": "{what} is not valid JSON ({detail}).", "other": "{what} are not valid JSON ({detail})."},
    "saves.doc.deep": {"one": "{what} is not valid: its JSON is nested more than {depth} deep.",
                       "other": "{what} are not valid: its JSON is nested more than {depth} deep."},
    "saves.doc.not_text": "{what} must be JSON text.",
    "saves.doc.no_version": {"one": "{what} has no valid version number.",
                             "other": "{what} have no valid version number."},
    "saves.doc.not_baza": {"one": "{what} is not Baza data (no 'baza-save' envelope).",
                           "other": "{what} are not Baza data (no 'baza-save' envelope)."},
    "saves.doc.newer": {"one": "{what} comes from a newer version of Baza (data version {version}; this one reads "
                               "{target}).",
                        "other": "{what} come from a newer version of Baza (data version {version}; this one reads "
                                 "{target})."},
    "saves.doc.cannot_update": {"one": "{what} has data version {version}, which this version of Baza cannot update.",
                                "other": "{what} have data version {version}, which this version of Baza cannot "
                                         "update."},
    "saves.doc.not_updated": "{what} could not be updated from data version {version}.",
    "saves.doc.bare": {"one": "{what} is a bare saved game, not {kind} data.",
                       "other": "{what} are a bare saved game, not {kind} data."},
    "saves.doc.other_kind": {"one": "{what} is {found} data, not {kind}.",
                             "other": "{what} are {found} data, not {kind}."},
    "saves.doc.empty": {"one": "{what} is empty (no 'data' field).", "other": "{what} are empty (no 'data' field)."},
    "saves.doc.quarantine": "The unreadable saves kept aside are not a list.",
    # Checks of the saved settings, game, statistics and finished games
    "saves.settings.not_object": "The saved settings are not an object.",
    "saves.settings.unknown_game": "The saved settings name an unknown game {game}.",
    "saves.settings.no_options": "The saved settings have no options.",
    "saves.settings.unknown_option": "The saved settings have an unknown option {option}.",
    "saves.settings.numbers": "The saved settings need whole numbers of players and points.",
    "saves.settings.levels": "The saved settings have bot levels that do not fit.",
    "saves.settings.speed": "The saved settings have an unknown speed.",
    "saves.settings.refused": "The saved settings are refused: {problem}",
    "saves.game.not_object": "The saved game is not an object.",
    "saves.game.no_match": "The saved game holds no match.",
    "saves.stats.form": "The saved statistics are not in the expected form.",
    "saves.stats.not_object": "The saved statistics of {game} are not an object.",
    "saves.stats.bad_count": "The saved statistics have a bad {field} count.",
    "saves.stats.bad_score": "The saved statistics have a bad {field} score.",
    "saves.stats.sum": "The saved statistics do not add up.",
    "saves.field.played": "played", "saves.field.won": "won", "saves.field.abandoned": "abandoned",
    "saves.field.hands": "hands", "saves.field.points": "points", "saves.field.nils_bid": "nils bid",
    "saves.field.nils_made": "nils made", "saves.field.moons": "moons", "saves.field.best": "best",
    "saves.field.worst": "worst",
    "saves.history.form": "The saved list of finished games is not in the expected form.",
    "saves.history.unreadable": ("That game cannot be read any more: {reason} It is now kept aside with the "
                                 "unreadable saves, for download."),
    "saves.history.unreadable_stuck": "That game cannot be read any more: {reason}",
    "saves.history.game_form": "Finished game {number} of the saved list is not in the expected form.",
    # One line about a game (the panel, the finished games, the confirmation of a load)
    "saves.describe.won": {"one": "{game}, {players} players: you won {mine} to {best} after {n} hand",
                           "other": "{game}, {players} players: you won {mine} to {best} after {n} hands"},
    "saves.describe.lost": {"one": "{game}, {players} players: you lost {mine} to {best} after {n} hand",
                            "other": "{game}, {players} players: you lost {mine} to {best} after {n} hands"},
    "saves.describe.playing": "{game}, {players} players, hand {number}, in progress",
    "saves.describe.between": "{game}, {players} players, hand {number} finished, game in progress",
    # A file the player picks
    "saves.file.default": "the file",
    "saves.file.unnamed": "The file",
    "saves.file.too_large": "The file is too large for a Baza game ({size} kB).",
    "saves.file.not_game": "The file is not a Baza game.",
    "saves.file.no_version": "The file has no valid version number.",
    "saves.file.newer": ("The file comes from a newer version of Baza (file version {version}; "
                         "this one reads {target})."),
    "saves.file.game": "The file's game cannot be loaded: {reason}",
    "saves.file.records_list": "The file's hand histories are not a list.",
    "saves.file.records_count": {"one": "The file has {n} hand history, but its moves finish {hands} hands.",
                                 "other": "The file has {n} hand histories, but its moves finish {hands} hands."},
    "saves.file.record_differs": "Hand history {number} of the file does not match its moves.",
    "saves.import.refused": "{name} was not loaded: {reason}",
    "saves.import.unreadable": "{name} was not loaded: it could not be read.",
    "saves.import.too_large": "{name} was not loaded: it is too large for a Baza game.",
    "saves.import.browser": "{name} was not loaded: the browser could not read it.",
    "saves.import.title": "Load this game?",
    "saves.import.text": "{game}. It replaces the game in progress ({current}), which then counts as abandoned.",
    "saves.import.same": ("{game}. It is the game in progress ({current}) as the file keeps it: it goes on "
                          "from there and does not count as abandoned."),
    "saves.import.yes": "Load it",
    "saves.import.loaded": "Loaded: {game}.",
    # The note under the top bar
    "saves.note.blocked": ("This browser does not let Baza store anything here (blocked storage or a private "
                           "window): this game will not be saved."),
    "saves.note.sandboxed": ("The page that embeds Baza keeps this frame from storing anything (its sandbox "
                             "leaves out allow-same-origin): this game will not be saved."),
    "saves.note.link_button": "Start the link's game",
    "saves.note.match": "Your saved game could not be read, so a new game has started.",
    "saves.note.settings": "Your saved settings could not be read: the usual ones are back.",
    "saves.note.stats": "Your statistics could not be read and start again.",
    "saves.note.history": "Your list of finished games could not be read.",
    "saves.note.history_games": {"one": "{n} finished game of the saved list could not be read.",
                                 "other": "{n} finished games of the saved list could not be read."},
    "saves.note.kept_entries": {"one": ("{n} entry of the unreadable saves kept aside was damaged: it is kept as it "
                                        "was found, in Saves & stats."),
                                "other": ("{n} entries of the unreadable saves kept aside were damaged: they are kept"
                                          " as they were found, in Saves & stats.")},
    "saves.note.kept": "What could not be read is kept: Saves & stats offers it for download.",
    "saves.note.download": "Download it",
    "saves.note.stuck": "Storage is full: an unreadable save could not be moved aside, and stays where it was.",
    "saves.note.migrated": "Your saved game came from an older version of Baza and was updated.",
    "saves.note.link": "Your game in progress is back; the link's game can wait.",
    "saves.note.stopped": "Storage stopped working: this game will not be saved.",
    "saves.note.trimmed": {"one": "Storage was full: the {n} oldest finished game was removed to make room.",
                           "other": "Storage was full: the {n} oldest finished games were removed to make room."},
    "saves.note.room": "There is room again: the game is saved.",
    "saves.note.full": ("Storage is full: the game goes on, but is not being saved. Deleting kept-aside saves "
                        "in Saves & stats, or other sites' data, makes room."),
    "saves.note.new_tab": "Another tab started a new game: this tab shows it now.",
    "saves.note.went_on": "This game went on in another tab: this tab shows where it stands now.",
    "saves.note.broken": "Something went wrong with saving. The game goes on.",
    "saves.note.dismiss": "Dismiss",
    # In a blog's frame where the browser refuses storage (ui/saves/manager.py): one calm line.
    "saves.note.embed": "This game will not be saved here.",
    "saves.note.own_tab": "Open in its own tab",
    # Confirmations
    "saves.cancel": "Cancel",
    "saves.drop.title": "Delete this unreadable save?",
    "saves.drop.text": "It cannot be brought back.",
    "saves.drop.yes": "Delete it",
    "saves.reset.title": "Reset the statistics?",
    "saves.reset.text": ("Games played and won, points, nils and moons of both games go back to zero. "
                         "Saved games are kept."),
    "saves.reset.yes": "Reset",
    "saves.reset.done": "The statistics are back to zero.",
    # The Saves & statistics dialog
    "saves.title": "Saves and statistics",
    "saves.saving.off": "Games are not saved: this browser does not let Baza use its storage here.",
    "saves.saving.full": "Storage is full: the game on the table is not being saved.",
    "saves.saving.on": "Every move is saved in this browser, so a reload or a closed tab loses nothing.",
    "saves.this_game": "This game",
    "saves.export": "Download this game",
    "saves.import.label": "Load a game from a file (to go on or to review):",
    "saves.stats": "Statistics",
    "saves.stats.caption": "Statistics of finished games",
    "saves.stats.note": "Counted when a game ends; points are yours (your side's in partnership Spades).",
    "saves.stats.reset": "Reset statistics…",
    "saves.row.played": "Games played",
    "saves.row.won": "Games won",
    "saves.row.abandoned": "Games abandoned",
    "saves.row.hands": "Hands played (finished games)",
    "saves.row.average": "Average points per hand",
    "saves.row.best": "Best game",
    "saves.row.worst": "Worst game",
    "saves.row.nils": "Nils bid / made",
    "saves.row.moons": "Moons shot",
    "saves.finished": "Finished games",
    "saves.finished.none": "No finished game yet.",
    "saves.kept": "Unreadable saves kept aside",
    "saves.kept.match": "Unreadable saved game",
    "saves.kept.settings": "Unreadable saved settings",
    "saves.kept.stats": "Unreadable saved statistics",
    "saves.kept.history": "Unreadable saved list of finished games",
    "saves.kept.quarantine": "Unreadable list of unreadable saves",
    "saves.kept.data": "Unreadable data",
    "saves.kept.entry_form": "This entry of the list of unreadable saves was damaged; it is kept as it was found.",
    "saves.kept.cut": {"one": "{reason} (kept cut: {n} character left out)",
                       "other": "{reason} (kept cut: {n} characters left out)"},
    "saves.download": "Download",
    "saves.delete": "Delete",
    "saves.usage": "Baza uses {kb} kB of this browser's storage.",
    "saves.close": "Close",
    # How to play (the rules page of each game, ui/help_model.py)
    "help.open": "How to play {game}",
    "help.close": "Close",
    "help.options": "The options of this game",
    "help.hearts.title": "How to play Hearts",
    "help.hearts.h1": "The aim",
    "help.hearts.t1": ("Avoid points. Every heart you take costs 1 point and the Queen of spades 13. When someone "
                       "reaches the target score, the game ends and the lowest score wins."),
    "help.hearts.h2": "Passing",
    "help.hearts.t2": ("Before each hand everyone passes cards to another player: to the left, the right, across "
                       "or not at all, in turn from hand to hand. Pass the cards that would take points."),
    "help.hearts.h3": "Tricks",
    "help.hearts.t3": ("The holder of the 2 of clubs leads it to the first trick. Everyone must follow the suit "
                       "led if they can; otherwise any card may be played. The highest card of the suit led takes "
                       "the trick, and its taker leads the next one."),
    "help.hearts.h4": "Hearts",
    "help.hearts.t4": ("Hearts cannot be led until a heart has been played on an earlier trick (hearts are "
                       "broken), unless you hold nothing else."),
    "help.hearts.h5": "Shooting the moon",
    "help.hearts.t5": ("Take every heart and the Queen of spades and you shoot the moon: everyone else scores the "
                       "points instead of you (or, where the game allows it, you take them off your own score)."),
    "help.spades.title": "How to play Spades",
    "help.spades.h1": "The aim",
    "help.spades.t1": ("Win at least as many tricks as you bid. Spades are always trump. The game ends after the "
                       "hand in which a side reaches the target score, and the highest score wins."),
    "help.spades.h2": "Bidding",
    "help.spades.t2": ("After the deal each player bids how many tricks they will take, once, starting left of the "
                       "dealer. Partners' bids count together. A nil bid promises no trick at all; a blind nil is "
                       "bid before looking at your cards."),
    "help.spades.h3": "Tricks",
    "help.spades.t3": ("Everyone must follow the suit led if they can; otherwise any card may be played, a spade "
                       "too. The highest spade takes the trick, or with no spade the highest card of the suit led. "
                       "Spades cannot be led until a spade has been played, unless you hold nothing else."),
    "help.spades.h4": "Scoring",
    "help.spades.t4": ("Make your bid and score 10 points per trick bid, plus 1 for each trick over it (a bag). "
                       "Fail, and you lose 10 points per trick bid. Nil scores 100 if you take no trick and loses "
                       "100 if you take one; blind nil doubles both."),
    "help.spades.h5": "Bags",
    "help.spades.t5": ("Tricks over the bid pile up as bags. Where the game counts them, every so many bags cost a "
                       "penalty: bid close to what you can take."),
    # The page around the table
    "page.new_game": "New game",
    "page.last_trick": "Last trick",
    "page.hint": "Hint",
    "page.hint_title": "What a good player would do now, and why",
    "page.saves_short": "Saves",
    "page.saves_long": " & stats",
    "page.rules": "Rules of this game",
    "page.tools": "Game",
    "page.table": "Card table",
    "page.events": "Game events",
    "page.side": "Scores and rules",
    "page.choices": "Your choices",
    "page.speed": "Speed",
    "page.deck": "Card colours",
    "page.language": "Language",
    "page.sound": "Sounds",
    "page.update_ready": "A new version of Baza is ready.",
    "page.update_reload": "Reload",
    "page.update_later": "Later",
    "page.footer": "Python {python}, engine loaded.",
    "dom.level_title": "Computer player level",
    "dom.dealer": "Dealer",
    "dom.dealer_mark": "D",
    "dom.tricks": "Tricks {n}",
    "dom.cards": {"one": "{n} card", "other": "{n} cards"},
    "dom.hand_points": {"one": "{n} point this hand", "other": "{n} points this hand"},
    "dom.score": "Score {score}",
    "dom.on_table": "Cards on the table",
    "dom.close": "Close",
    "dom.dismiss": "Dismiss",
    "dom.group_tricks": "Tricks",
    "dom.group_trump": "Trump suit",
    "dom.group_choices": "Choices",
    "dom.sheet_hand": "Hand",
    "dom.sheet": "Score sheet",
    "dom.side": "Side",
    "dom.player": "Player",
    "dom.this_hand": "This hand",
    "dom.points": "Points",
    "dom.hand_scores": "Scores of the hand",
    "dom.new": "new",
    "dom.now": "now",
    "dialog.game": "Game",
    "dialog.bots": "Computer players",
    "dialog.names": "Names",
    "dialog.start": "Start game",
    "dialog.needs_4": "Needs 4 players.",
    "dialog.bad_value": "{name}: enter a whole number.",
    "dialog.range": "{name} must be from {low} to {high}.",
    "dialog.range_low": "{name} must be at least {low}.",
    "dialog.divides": "The deck divides evenly for this many players.",
    "dialog.preset": "Preset",
    "dialog.preset_help": "Each sets every rule; change any of them under More options.",
    "dialog.more": "More options",
    "dialog.players_help": "You and the computer players.",
    "dialog.your_name": "Your name",
    "dialog.name_for": "Name for {name}",
    "dialog.trick_clear": "A finished trick",
    "dialog.trick_clear_help": "Stays on the table for a moment, or until you click Next trick.",
    "trick_clear.pause": "Leaves after a pause",
    "trick_clear.click": "Waits for a click",
    "trick.continue": "Next trick",
    "trick.continue_prompt": "Look at the trick, then go on.",
    "status.trick_held": "{name} takes the trick: click Next trick to go on.",
    "status.trick_held.you": "You take the trick: click Next trick to go on.",
    "dialog.strict": "Strict play (no undo)",
    "dialog.strict_help": "Off: you may take back your last card or bid against the computer players.",
    "page.undo": "Undo",
    "page.undo_title": "Take back your last card or bid",
    "msg.undone": "Taken back: it is your turn again.",
    "msg.no_undo": "Nothing to take back in this hand.",
    "msg.strict": "Strict play: no undo in this game.",
    "dialog.speed": "Speed of play",
    "dialog.speed_help": "How long the computer players take for each card.",
    "dialog.cancel": "Cancel",
    "speed.slow": "Slow", "speed.normal": "Normal", "speed.fast": "Fast", "speed.instant": "Instant",
    "deck.two": "Two colours (red and black)",
    "deck.four": "Four colours (clubs green, diamonds blue)",
    # Watch mode: a computer player in every seat (ui/settings.py watch).
    "dialog.watch": "Watch: a computer player in every seat",
    "dialog.watch_help": "You watch the computer players play; a watched game does not count in your statistics.",
    "dialog.face_up": "Show every hand",
    "dialog.face_up_help": "Off: you see South's cards only, as South does.",
    "watch.title": "Watching · {title}",
    "watch.prompt": "You are watching: a computer player in every seat. This game does not count in your statistics.",
    "watch.face_up": "Every hand face up",
    "watch.take": "Play South's hand",
    "watch.refused": "You are watching this game. Press Play South's hand to play.",
    "watch.taken": "You play South's hand from here. This game does not count in your statistics.",
    "watch.hand": {"one": "{name}'s hand, {n} card", "other": "{name}'s hand, {n} cards"},
    "watch.seat_hand": "{name}'s hand: {cards}",
    "watch.started": "You are watching: a computer player in every seat.",
    # Review of a finished hand (ui/review.py, ui/review_dom.py).
    "review.title": "Review of hand {number}",
    "review.open": "Review",
    "review.open_hand": "Review hand {number}",
    "review.summary": "Review hand",
    "review.step": "Step {number} of {total}",
    "review.first": "First", "review.back": "Back", "review.next": "Next", "review.last": "Last",
    "review.close": "Close",
    "review.keys": "The arrow keys step through the hand; Home and End go to the deal and to the result.",
    "review.trick_label": "The trick",
    "review.hands_label": "Every hand, face up",
    "review.lead_mark": "led",
    "review.took_mark": "took it",
    "review.deal_title": "The deal",
    "review.deal": "Every hand face up, as dealt.",
    "review.pass_title": "The pass ({direction})",
    "review.passed": "{name} passes {cards} to {to}.",
    "review.passed.you": "You pass {cards} to {to}.",
    "review.to_you": "you",
    "review.bids_title": "The bids",
    "review.lead": "{name} leads {card:the}.",
    "review.lead.you": "You lead {card:the}.",
    "review.count": "{name} {n}",
    "review.tricks_so_far": "Tricks so far: {counts}.",
    "review.points_so_far": "Points so far: {counts}.",
    "review.result_title": "The result",
    "review.result.hearts": {"one": "{name}: {tricks} tricks taken, {n} point.",
                             "other": "{name}: {tricks} tricks taken, {n} points."},
    "review.result.spades": {"one": "{name}: bid {bids}, {tricks} tricks taken, {n} point.",
                             "other": "{name}: bid {bids}, {tricks} tricks taken, {n} points."},
    "review.seat_hand": "{name}: {cards}",
    "review.seat_empty": "{name}: no cards left",
    "review.refused": "This hand cannot be reviewed: {reason}",
    # The card room (first dealer, title, guide, the game's end)
    "cut.result": "{name} deals first: drew {card:the}, the highest card.",
    "cut.result_you": "You deal first: you drew {card:the}, the highest card.",
    "page.title": "Baza: Spades & Hearts",
    "page.title_turn": "Your turn · Baza",
    "page.help_short": "How to play",
    "page.menu": "Scores and settings",
    "page.about": "About Baza",
    "page.claim_title": "Claim the remaining tricks: the engine checks the claim",
    "dom.team_score": "Team {score}",
    "dom.partner": "Partner",
    "guide.title": "How to play",
    "guide.close": "Got it",
    "guide.hearts.1": "Avoid points: each heart is 1, the queen of spades 13. Lowest score wins.",
    "guide.hearts.2": "First pick 3 cards to pass, then follow the suit led if you can.",
    "guide.hearts.3": "Tap a raised card to play it. Hint explains a good move; ? has the rules.",
    "guide.spades.1": "Bid the tricks you expect to win; your side must take at least its bid.",
    "guide.spades.2": "Follow the suit led if you can; spades are trumps and beat any other suit.",
    "guide.spades.3": "Tap a raised card to play it. Hint explains a good move; ? has the rules.",
    "end.rank": "{place}. {name}, {score}",
    "end.wins": {"one": "{n} win", "other": "{n} wins"},
    "end.record": {"one": "{wins} in {n} game", "other": "{wins} in {n} games"},
    "end.record_best": "{record}, best score {best}",
}


def _engine_messages() -> dict[str, str]:
    """The engine's refusals (game/explain.py), with the card named the
    way this catalogue names cards."""
    from game.explain import MESSAGES as ENGINE

    out = {}
    for key, text in ENGINE.items():
        text = text.replace("the {card}", "{card:the}").replace("{suit} are not", "{suit:cap} are not")
        out["engine." + key] = text
    return out


def _bot_messages() -> dict[str, Any]:
    """The bots' reasons, shown by the Hint button (game/bots/reasons.py),
    with the cards named the way this catalogue names cards."""
    import re

    from game.bots.reasons import MESSAGES as BOT

    def named(text: str) -> str:
        # Cards named by this catalogue; seats by the table's names ("West"), not "seat 1".
        text = re.sub(r"the \{(\w*card)\}", r"{\1:the}", text)
        return re.sub(r"\b[Ss]eat \{(\w*seat)\}", r"{\1}", text)

    out: dict[str, Any] = {}
    for key, text in BOT.items():
        out["bot." + key] = {form: named(t) for form, t in text.items()} if isinstance(text, dict) else named(text)
    return out


def _save_messages() -> dict[str, str]:
    """Why a saved match or a hand record is refused (game/save_messages.py)."""
    from game.save_messages import MESSAGES as SAVE
    from ui.saves.store import NOT_JSON  # not JSON at all: the table's own saves.doc.* sentences say it

    out = {"save." + key: text for key, text in SAVE.items() if key not in NOT_JSON}
    for field in ("phase", "to_act", "hand_number", "dealer", "hands", "scores", "bags"):  # game.save._check
        out["save.check." + field] = field.replace("_", " ")
    return out


def _claim_messages() -> dict[str, str]:
    """The reasons the engine gives for a claim (game/claim.py), seats by name."""
    from game.claim import MESSAGES as CLAIM

    return {"claim.r." + key: text.replace("the {card}", "{card:the}") for key, text in CLAIM.items()}


def _option_messages() -> dict[str, str]:
    """Labels, one-line help and choices of every rule option, from ui/settings.py."""
    from ui import settings as S

    out = {}
    for game, groups in S.OPTION_GROUPS.items():
        for title, specs in groups:
            out[f"group.{game}.{S.slug(title)}"] = title
            for spec in specs:
                out[f"opt.{spec.name}"] = spec.label
                out[f"opt.{spec.name}.help"] = spec.help
                for value, label in spec.choices:
                    out[f"opt.{spec.name}.{value or 'usual'}"] = label
        out[f"target.help.{game}"] = S.TARGET_HELP[game]
    for (game, preset), note in S.PRESET_NOTES.items():
        out[f"preset.{game}.{preset}"] = preset.capitalize()
        out[f"preset.{game}.{preset}.note"] = note
    for level, label in S.LEVEL_NAMES.items():
        out[f"level.{level}.long"] = label
    return out


MESSAGES.update(_engine_messages())
MESSAGES.update(_bot_messages())
MESSAGES.update(_claim_messages())
MESSAGES.update(_save_messages())
MESSAGES.update(_option_messages())
