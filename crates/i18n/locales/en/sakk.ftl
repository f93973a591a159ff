# sakk's words in English: one catalogue for the server, the terminal and
# the command line. Message ids are the stable codes the core speaks in
# (`rule-pinned` for the rules' code `pinned`), with their parameters.

## Sides and pieces

side = { $side ->
    [white] White
   *[black] Black
}

## The rules: why a move or an action is refused

rule-no-piece = There is no piece on { $square }.
rule-not-your-piece = The piece on { $square } is not yours to move.
rule-cannot-move-that-way = { $role ->
    [pawn] A pawn cannot move that way: it moves one square forward (two from its starting square) and captures one square diagonally forward.
   *[other] A { $role } cannot move that way.
}
rule-own-piece-on-target = You cannot capture your own piece on { $square }.
rule-path-blocked = The way is blocked by the piece on { $square }.
rule-king-in-check = After this move your king would be in check.
rule-pinned = The piece is pinned: moving it would expose your king to the piece on { $square }.
rule-double-check = Double check: only a king move can answer it.
rule-castling-king-moved = You cannot castle: the king has already moved.
rule-castling-rook-moved = You cannot castle on this side: that rook has already moved (or was captured).
rule-castling-pieces-between = You cannot castle: there are pieces between the king and the rook.
rule-castling-in-check = You cannot castle out of check.
rule-castling-through-check = You cannot castle: the king would pass through { $square }, which is attacked.
rule-castling-into-check = You cannot castle: the king would land in check.
rule-en-passant-expired = En passant is no longer possible: it must be played on the very next move after the pawn's double step.
rule-promotion-missing = The pawn reaches the last rank: choose a queen, rook, bishop or knight.
rule-promotion-not-allowed = Only a pawn reaching the last rank promotes, and only to a queen, rook, bishop or knight.
rule-game-over = The game is already over.
rule-touched-piece-must-move = Touch-move: you touched your piece on { $square }, so you must move it.
rule-touched-piece-must-be-captured = Touch-move: you touched the opponent's piece on { $square }, so you must capture it.
rule-touched-must-castle = Touch-move: you touched the king and then the rook, so you must castle.
rule-not-your-turn = It is not your turn.
rule-draw-offer-too-early = A draw can be agreed only after both players have made a move.
rule-draw-offer-before-move = The rules of this event allow no draw offer before move { $move }.
rule-no-draw-offer = There is no draw offer to answer.
rule-draw-offer-with-move = A draw is offered together with your own move: offer it with your next move.
rule-claim-refused = The claim is not correct: the position has occurred { $repetitions ->
    [one] once
   *[other] { $repetitions } times
} (three are needed) and { $moves ->
    [one] 1 move has
   *[other] { $moves } moves have
} been made without a capture or pawn move (fifty are needed).{ $played ->
    [yes] { " " }The declared move stands and has been played.
   *[no] {""}
} The claim stands as a draw offer.{ $added_minutes ->
    [0] {""}
    [one] { " " }The opponent gets 1 more minute.
    [other] { " " }The opponent gets { $added_minutes } more minutes.
   *[none] {""}
}
rule-abort-too-late = Both players have moved: the game can no longer be aborted.
rule-nothing-to-take-back = There is no move to take back.
rule-touch-move-off = Touch-move is not a rule of this game.
rule-unreadable-move = This is not a move: write it like e4, Nf3, exd5, O-O, e8=Q or g1f3.
rule-ambiguous-move = More than one piece can make this move: add the file or rank it comes from (e.g. Nbd2).
rule-ambiguous-language = This move reads differently in different languages: { $first } (in { $first_lang ->
       *[en] English
        [hu] Hungarian
        [de] German
        [fr] French
        [fig] figurines
    }) or { $second } (in { $second_lang ->
       *[en] English
        [hu] Hungarian
        [de] German
        [fr] French
        [fig] figurines
    }). Say which language it is written in, or write it in UCI.

## How a game ends

termination-checkmate = checkmate
termination-resignation = resignation
termination-timeout = time ran out
termination-stalemate = stalemate
termination-insufficient-material = insufficient material
termination-dead-position = dead position
termination-fivefold-repetition = fivefold repetition
termination-seventyfive-moves = 75-move rule
termination-threefold-repetition = threefold repetition
termination-fifty-moves = fifty-move rule
termination-agreement = agreement
termination-aborted = aborted

outcome-aborted = Game aborted
outcome-won = { side } won — { $how }
outcome-draw = Draw — { $how }
outcome-timeout-draw = { $side ->
    [white] White's time ran out, but Black cannot checkmate: draw
    [black] Black's time ran out, but White cannot checkmate: draw
   *[other] A player's time ran out, but the opponent cannot checkmate: draw
}
outcome-resignation-draw = Resigned, but the opponent cannot checkmate: draw

## The server's answers

error-bad-token = This needs the seat token of a player of this game (Authorization: Bearer …).
error-not-your-turn = It is not your turn.
error-not-found = There is no such game.
error-game-over = The game is already over.
error-request-timeout = The request came too slowly: its body must arrive within the time the server allows.
error-too-many-watchers = Too many games are being watched from this address at once; close some tabs or streams and try again.
error-server-busy = The server is busy with other heavy requests; try again in a moment.
# The installed app (its web app manifest).
app-description = Chess by the rules: play online or over the board with a chess clock, learn the rules, run tournaments.
page-no-front-end = This server was built without its browser front-end: Node.js and npm were not found when it was built. The API works; for the pages, install Node.js 20+ and npm and build it again.
error-too-large = The request body is too large.
error-storage-unavailable = The change could not be stored, so nothing was changed. Try again in a moment.
error-rate-limited = Too many requests; try again in { $seconds } s.
error-engine-busy = The engine is busy; try again in a moment.
error-shutting-down = The server is restarting; try again in a moment.
error-not-owner = This game has just moved to another server; try again.
error-bus-unavailable = The servers cannot reach each other just now; try again in a moment.
error-node-unavailable = This server has lost its link to the database, so it holds no games just now; try again in a moment.
error-owner-unavailable = The server that holds this game does not answer; another takes it over within seconds. Try again in a moment.
error-internal = Something went wrong on the server; nothing was changed.
error-bad-request = Bad request: { $detail }
error-bad-query = Bad query parameter: { $detail }
error-bad-path = The address is not valid: it must be UTF-8 text.
error-bad-limit = limit must be 1 to 100 games a page.
error-no-route = There is no such address in the API: { $path }
error-method-not-allowed = { $method } is not allowed at this address.
error-uri-too-long = The address is too long (at most { $max } bytes).
error-websocket-upgrade = This address takes a WebSocket connection (Upgrade: websocket).
error-missing-token = This needs the seat token of a player of this game: Authorization: Bearer <token>.
error-no-takeback-request = There is no takeback request to answer.
error-field-not-for-opponent = { $field ->
    [level] A level applies only to a game against the computer.
   *[color] A local game has no colour to choose: one device plays both sides.
}
error-position-over = This position is already over ({ $termination ->
    [checkmate] checkmate
    [stalemate] stalemate
    [insufficient_material] neither side can checkmate
    [dead_position] neither side can checkmate
    [fivefold_repetition] fivefold repetition
    [seventyfive_moves] the 75-move rule
   *[other] drawn
}): there is no game to play from it.
error-clock-preset-with-fields = Give a clock as a preset or as limit, increment and delay, not both.
error-clock-unknown-preset = There is no clock preset “{ $detail }”.
error-clock-control-with-fields = A clock is a preset, a control, or a time with an increment or a delay: not a control together with other fields.
error-clock-bad-control = This is not a time control. Typed, it is minutes + seconds a move (15+10, 40/90+30, 40/90+30:30+30); in PGN form, seconds (40/5400+30:1800+30, 300+3, *180): { $detail }
error-clock-bad-days = Days a move are 1, 2, 3, 5, 7, 10 or 14.
error-clock-too-short = A clock needs a starting time of at least { $seconds } seconds.
error-clock-out-of-range = The clock's times must be between 0 and 86,400 seconds (a day).
error-clock-delay-kind-missing = A delay needs its kind: delay_kind bronstein or simple.
error-clock-delay-kind-without-delay = delay_kind is given without a delay.
error-bad-opponent = opponent must be local, friend or computer.
error-bad-color = color must be white, black or random.
error-bad-level = level must be 1 to 8.
error-bad-chess960 = chess960 is the number of a Chess960 start position, 0 to 959, for a Chess960 game without a FEN.
error-bad-lang = lang must be en, hu, de or fr.
error-bad-square = Not a square like e4.
error-too-many-moves = A trial replays at most 300 moves.
error-bad-trial-move = A move before the trial is not legal: { $detail }
error-analysis-too-long = An analysis holds at most 3,000 moves, its variations included.
error-bad-analysis-move = The move { $detail } is not legal in its position.
error-bad-analysis-tag = A PGN tag's name is made of letters, digits and _: { $detail }
error-variations-too-deep = Variations may be nested at most 24 deep.
pgn-unsupported-variant = The variant “{ $variant }” is not played here: sakk reads standard chess and Chess960.
pgn-bad-fen = The FEN tag does not read: { $why }
pgn-bad-move = Move { $move }: { $why }
pgn-piece-drop = Move { $move } drops a piece (crazyhouse, bughouse): no move of standard chess.
pgn-null-move-in-check = Move { $move } is a null move, but the side to move is in check.
pgn-variation-without-move = A variation comes before any move it could replace.
pgn-variations-too-deep = Variations may be nested at most { $depth } deep.
error-bad-pgn = Game { $game }, line { $line }: { $why }
error-too-many-games = One import reads at most { $max } games.
error-no-pgn-game = There is no game in this PGN.
error-no-import = No imported game has this id.
error-bad-answer = Answer yes or no.
error-bad-status = status must be created, started or ended.
error-bad-cursor = after: not a page cursor.
error-game-not-over = This is possible only after the game.
error-tournament-no-abort = A tournament game cannot be aborted: the pairing stands (the organiser can take the round back).
error-tournament-game = A tournament game has no rematch: the tournament pairs the next round.

## Accounts: names, passwords, sessions and tokens.
error-username-length = A username has 2 to 20 characters.
error-username-chars = A username may contain only letters (a–z, A–Z), digits, underscores and hyphens, with no two underscores or hyphens in a row.
error-username-prefix = A username must begin with a letter.
error-username-suffix = A username must end with a letter or a digit.
error-username-reserved = This username is reserved; choose another.
error-username-taken = This username is taken (names are the same whatever their capitals); choose another.
error-password-too-short = A password needs at least 8 characters.
error-password-too-long = A password may have at most 256 characters.
error-bad-credentials = Wrong username or password.
error-not-logged-in = This needs an account: log in, or send a personal API token (Authorization: Bearer …).
error-bad-api-token = This is not a valid personal API token (it may have been revoked, or its account closed).
error-cross-site = This change came from another site with your login cookie, so it was refused.
error-missing-scope = This token may not do that: it needs the { $scope } scope.
error-bad-scope = Choose at least one thing the token may do.
error-token-description = Describe the token in 1 to 100 characters (no line breaks).
error-no-such-user = There is no such player.
error-no-such-token = You have no such token.
error-session-only = This can be done only while logged in in the browser, not with a token.
error-no-such-challenge = There is no open challenge of that id for you (it may have been answered, canceled or have lapsed).
error-challenge-yourself = You cannot challenge yourself.
error-variant-unavailable = This server plays standard chess only.
error-correspondence-unavailable = The lobby takes games with a clock only: for days a move, challenge a player (days).
error-rated-from-position = A game from a set-up position cannot be rated.
error-rated-without-clock = A game without a clock cannot be rated.
error-chat-text = A chat line has 1 to 140 characters, without line breaks, in the room "player" or "spectator".
error-not-your-game = This is not a game of yours.
error-bot-upgrade-refused = Only an account that has played no game can become a BOT account (and only once).
error-not-a-bot = The Bot API is for BOT accounts: upgrade the account first (POST /api/bot/account/upgrade).
error-bot-on-board = A BOT account plays through the Bot API (/api/bot/…), not the Board API.
error-bot-in-lobby = A BOT account plays challenges only, not in the lobby.
error-seek-clock = A seek needs a clock: the time in minutes (whole seconds, such as 0.5 or 3) and the increment in seconds.
error-rated-seek-color = A rated seek plays either colour: choose random.
error-bad-rating-range = A rating range is written as 1500-1800, between 400 and 4000.
error-too-many-seeks = You have as many seeks open as one player may; wait for one to be accepted or withdraw one.
error-no-such-seek = That seek is no longer in the lobby: someone else accepted it, or its player withdrew it.
error-own-seek = You cannot accept your own seek.
error-outside-rating-range = Your rating is outside the range this seek asks for.
error-no-such-pool = There is no pool { $pool }.
error-not-invited = This open challenge is kept for two other players.
error-bad-users = Name two different players, separated by a comma.
error-bad-expiry = The challenge must expire in the future, within two weeks.

## Tournaments: what the organiser's actions are refused for.
error-no-such-tournament = There is no such tournament.
error-missing-organiser-token = This needs the organiser's token of this tournament: Authorization: Bearer <token>.
error-bad-organiser-token = This is not the organiser's token of this tournament.
error-missing-join-token = This needs the tournament's join link (its token: as the password field, or Authorization: Bearer <token>; as the password field to enter with an account).
error-bad-join-token = This is not the join link of this tournament.
error-bad-player-token = This is not the link of a player of this tournament.
error-already-entered = This account is entered in this tournament already.
error-rated-not-online = Only an online tournament can be rated: its games are played on the server.
error-name-empty = A name is needed.
error-name-too-long = A name may be at most { $max } characters long.
error-name-invalid = A name may not contain line breaks, tabs or other control characters.
error-rating-out-of-range = A rating must be between 0 and 3500.
error-rounds-out-of-range = A Swiss tournament has 1 to { $max } rounds.
error-too-many-players = A tournament takes at most { $max } players.
error-no-such-player = There is no player number { $player } in this tournament.
error-no-such-round = There is no round { $round } in this tournament.
error-no-such-board = Round { $round } has no board { $board }.
error-tournament-started = The round robin has begun: its players are fixed once round 1 is paired.
error-tournament-finished = All { $rounds } rounds of the tournament have been paired.
error-federation-invalid = A federation is written as its three capital letters, as FIDE writes it (HUN, GER, ENG).
error-date-invalid = That is not a date in the calendar.
error-time-invalid = A time of day is written as hours and minutes (15:00).
error-end-before-start = The tournament cannot end before it begins.
error-too-many-deputies = At most { $max } deputy arbiters can be given.
error-too-many-round-dates = There are only { $rounds } rounds to give dates to.
error-round-date-century = Round dates are kept for the years 2000–2099: the TRF writes their year in two digits.
error-round-incomplete = Round { $round } still has { $missing ->
    [one] a board
   *[other] { $missing } boards
} without a result: enter the results before pairing the next round.
error-nothing-to-unpair = No round has been paired yet.
error-round-has-results = Round { $round } has results already: clear them before taking back its pairing.
error-round-games-begun = A game of this round is under way: its pairing can no longer be taken back.
error-later-round-paired = A later round is paired already: a result of round { $round } can be corrected but not cleared.
error-round-paired = Round { $round } is paired already: a bye can be asked for a later round only.
error-not-swiss = Byes are asked for in a Swiss tournament; in a round robin every player plays every round.
error-same-player = Choose two different players.
error-not-round-robin = Lots are drawn for the numbers of a round robin; a Swiss tournament ranks its players by rating.
error-already-withdrawn = This player has withdrawn already.
error-not-withdrawn = This player has not withdrawn.
error-no-such-bye = No bye was asked for that round.
error-full-bye-requested = The file asks for a full-point bye in round { $round }, which is not paired yet: a full point without a game goes only to the pairing-allocated bye. Remove it from the file, or ask for a half-point bye instead (240 H).
error-no-legal-pairing = No pairing meets FIDE's absolute criteria: players who met may not meet again, and a player who had the bye or a forfeit win may not get it again.
error-too-few-players = At least two players are needed to pair a round.
error-pairing-too-large = Too many players and score groups to pair.
error-rounds-unknown = Acceleration needs the number of rounds.
error-double-not-for-swiss = A Swiss tournament is not double; that is for a round robin.
error-rounds-missing = A Swiss tournament needs its number of rounds.
error-rounds-not-for-round-robin = A round robin's number of rounds follows from its players: give none.
error-bad-tiebreak = Not a tie-break: { $detail }
error-bad-time-control = This is not a time control in PGN form (such as 5400+30): { $detail }
error-bad-trf = The tournament file (TRF) is not valid at line { $line }: { $detail }

## The game in the terminal (`sakk play`)

play-your-move = Your move
play-computer-plays = sakk plays
play-illegal = Illegal
play-help = Type a move (Nf3, e4, g1f3, O-O), or: undo, claim, resign, board, quit.
play-taken-back = Taken back.
play-nothing-to-take-back = Nothing to take back.
play-no-claim = No draw can be claimed now.
play-quit = Game left unfinished.
play-you-play = You play { $side ->
    [white] White
   *[black] Black
}

## The browser (web/src/i18n.ts reads these: web-<key>)

web-app-name = sakk
web-nav-play = Play
web-nav-clock = Chess clock
web-nav-history = Games
web-nav-analysis = Analysis board
web-an-opening = Opening
web-an-moves = Moves
web-an-no-moves = No moves yet: play one on the board.
web-an-comment = Comment on the move
web-an-glyphs = How good the move is
web-an-promote = Promote variation
web-an-main-line = Make main line
web-an-delete = Delete from here
web-an-fen = FEN
web-an-copy-pgn = Copy PGN
web-an-download-pgn = Download PGN
web-an-engine = Engine
web-an-lines = Lines
web-an-depth = Depth
web-an-eval-bar = Evaluation
web-im-title = Import PGN
web-im-paste = One game or many, in PGN
web-im-file = Or a PGN file
web-im-submit = Import
web-im-importing = Importing…
web-im-imported = Imported games
web-im-problems = Not imported
web-im-open = Open in the analysis board
web-im-event = Event
web-ed-title = Board editor
web-ed-turn = Side to move
web-ed-castling = Castling rights
web-ed-en-passant = En passant square
web-ed-none = none
web-ed-start = Start position
web-ed-clear = Clear board
web-ed-pointer = Move pieces
web-ed-trash = Remove pieces
web-ed-legal = A legal position.
web-ed-analyse = Analyse
web-ed-computer = Play against the computer
web-ed-friend = Play with a friend
web-language = Language
web-theme = Theme
web-theme-light = Light
web-theme-dark = Dark
web-theme-auto = Auto
web-new-game = New game
web-opponent = Opponent
web-opp-local = On this device
web-opp-local-hint = Two people at one screen
web-opp-friend = With a friend
web-opp-friend-hint = Send a link
web-opp-computer = Against the computer
web-opp-computer-hint = Levels 1–8
web-level = Level
web-level-names-1 = Beginner
web-level-names-2 = Novice
web-level-names-3 = Casual
web-level-names-4 = Club
web-level-names-5 = Strong club
web-level-names-6 = Expert
web-level-names-7 = Master
web-level-names-8 = Full strength
web-color = Your colour
web-white = White
web-black = Black
web-random = Random
web-time-control = Time control
web-no-clock = No clock
web-custom = Custom
web-bullet = Bullet
web-blitz = Blitz
web-rapid = Rapid
web-classical = Classical
web-minutes = Minutes
web-increment = Increment (s)
web-delay = Delay (s)
web-delay-kind = Delay kind
web-delay-bronstein = Bronstein
web-delay-simple = Simple (US)
web-control-pgn = Or type the control, in minutes + seconds a move: 15+10, the seed's 40/90+30, periods 40/90+30:30+30, a delay 5+0d3 (simple) or 5+0b3 (Bronstein); an hourglass in seconds: *180
web-tc-minutes = { $n ->
    [one] { $shown } minute
   *[other] { $shown } minutes
}
web-tc-seconds = { $n ->
    [one] { $shown } second
   *[other] { $shown } seconds
}
web-tc-moves-in = { $moves } moves in { $time }
web-tc-game = { $time } for the game
web-tc-rest = { $time } for the rest of the game
web-tc-then = then
web-tc-repeating = the same again every { $moves } moves
web-tc-increment = +{ $seconds } s a move
web-tc-delay-simple = a { $seconds } s delay a move
web-tc-delay-bronstein = a { $seconds } s Bronstein delay a move
web-tc-hourglass = an hourglass of { $time }
web-tc-unlimited = no clock
web-tc-days = { $n ->
    [one] one day a move
   *[other] { $n } days a move
}
web-tc-days-short = { $n ->
    [one] 1 day
   *[other] { $n } days
}
web-clock-days = { $days }d { $hours }h
web-corr-deadline = Move by { $time }
web-correspondence = Correspondence
web-chal-days = Days a move
web-chal-with-clock = With a clock
web-playing-title = Your games in play
web-playing-your-turn = Your turn
web-playing-waiting = Waiting for the opponent
web-tc-other = Other
web-tc-next = { $moves ->
    [one] { $moves } move to the time control, then +{ $time }
   *[other] { $moves } moves to the time control, then +{ $time }
}
web-sandclock = Hourglass
web-rules = Rules
web-touch-move = Touch-move (a touched piece must be moved)
web-no-early-draw = No draw offer before move 30
web-variant = Variant
web-variant-standard = Standard
web-variant-chess960 = Chess960
web-variant-chess960-hint = the pieces behind the pawns shuffled; castle by moving the king onto its rook
web-chess960-number = Start position (0–959, empty: at random)
web-start = Start the game
web-creating = Creating…
web-send-link = Send this link to your friend (they play
web-your-link = Your own link (keep it, it is your seat)
web-spectator-link = Link for spectators
web-copy = Copy
web-copied = Copied
web-go-to-game = Go to the game
web-waiting-opponent = Waiting for the opponent’s first move
web-your-turn = Your turn
web-white-to-move = White to move
web-black-to-move = Black to move
web-computer-thinking = The computer is thinking…
web-spectating = You are watching this game
web-flip = Flip board
web-offer-draw = Offer draw
web-draw-offered = Draw offer sent — it is made with your next move
web-draw-offer-with-move = Your next move will offer a draw
web-accept-draw = Accept draw
web-decline-draw = Decline
web-opponent-offers-draw = Your opponent offers a draw
web-claim-draw = Claim draw
web-claim-threefold = Claim draw: threefold repetition
web-claim-fifty = Claim draw: fifty-move rule
web-claim-with-move = Claim with a move: type the move, then claim
web-claim-with-this-move = Claim draw with this move
web-resign = Resign
web-resign-confirm = Really resign?
web-yes = Yes
web-no = No
web-abort = Abort
web-takeback = Ask for takeback
web-takeback-offered = Your opponent asks to take back a move
web-accept = Accept
web-decline = Decline
web-rematch = Rematch
web-rematch-offered = A rematch is ready
web-join-rematch = Join the rematch
web-moves = Moves
web-move-input = Type a move (e.g. Nf3, Hf3 or g1f3)
web-move-input-label = Move
web-play = Play
web-refused = Illegal move
web-promote-to = Promote to
web-queen = Queen
web-rook = Rook
web-bishop = Bishop
web-knight = Knight
web-material = Material
web-opening = Opening
web-result = Result
web-ongoing = Ongoing
web-sound = Sound
web-mute = Mute
web-unmute = Sound on
web-download-pgn = Download PGN
web-copy-fen = Copy FEN
web-analyse = Analyse with the engine
web-analysing = The engine is analysing the game…
web-analysis = Analysis
web-best-line = Best line
web-blunder = Blunder
web-mistake = Mistake
web-inaccuracy = Inaccuracy
web-eval-graph = Evaluation of the game
web-connection-lost = Connection lost — reconnecting…
web-reconnected = Reconnected
web-not-found = No such game.
web-touched = Touched piece — it must be moved
web-clock-title = Chess clock
web-clock-hint = Tap your side after your move. Hold the phone flat between the players.
web-pause = Pause
web-resume = Resume
web-reset = New setting
web-start-clock = Start
web-move-count = Moves
web-flagged = Time is up
web-history-title = Games
web-history-empty = No games yet.
web-history-mine = My games (this browser’s)
web-history-others = Other games on this server
web-date = Date
web-players = Players
web-status = Status
web-reason = Reason
web-open = Open
web-status-created = Not started
web-status-started = In progress
web-status-ended = Finished
web-computer-level = Computer, level
web-you = You
web-first = First move
web-declared-move = Declared with the draw claim (on the scoresheet)
web-class-open = Open game (1.e4 e5)
web-class-semi-open = Semi-open game (1.e4, another reply)
web-class-closed = Closed game
web-phase-opening = Opening
web-phase-middlegame = Middlegame
web-phase-endgame = Endgame
web-phase = Phase
web-network-error = The server cannot be reached.
web-fact-checkmate = Checkmate
web-fact-stalemate = Stalemate
web-fact-double-check = Double check
web-fact-discovered-check = Discovered check
web-fact-check = Check
web-fact-royal-fork = Royal fork (check and the queen attacked)
web-fact-family-fork = Family fork (check and several heavy pieces attacked)
web-fact-fork = Fork (check and a rook attacked)
web-fact-double-attack = Double attack (two or more pieces hit at once)
web-fact-capture = Capture
web-fact-en-passant = En passant capture
web-fact-castling = Castling
web-fact-promotion = Promotion
web-named-fools-mate = Fool's mate
web-named-scholars-mate = Scholar's mate
web-named-smothered-mate = Smothered mate
web-named-back-rank-mate = Back-rank mate
web-prev = Previous move
web-next = Next move
web-last = Last move
web-error = Error
web-white-wins = White wins
web-black-wins = Black wins
web-draw = Draw
web-low-time = Low time
web-period-moves = Moves in the first period (0: one period)
web-period-then = Then minutes more
web-cancel = Cancel
web-king = king
web-pawn = pawn
web-empty-square = empty
web-board-keys = Chessboard. Arrow keys move between squares; Enter or Space picks up a piece and puts it down; Escape lets go.
web-selected = picked up
web-nav-learn = Rules
web-learn-title = Learn the rules
web-learn-intro = One short lesson for each rule of the game. Read the rule, then try it on the board: the same rules judge your moves as in a real game, and a refused move says which rule forbids it.
web-learn-lessons = Lessons
web-learn-progress = { $done } of { $total } lessons done
web-learn-task = Task
web-learn-reset = Start again
web-learn-next = Next lesson
web-learn-done = Lesson done!
web-learn-wrong = Not quite — read the rule again and try once more.
web-learn-flag = The flag falls
web-learn-claim = Claim a draw
web-learn-played = Played
web-learn-type-move = Your move in notation
web-learn-check = Check

## A position (FEN) that cannot be read

fen-empty = The FEN is empty.
fen-field-count = A FEN has 4 to 6 fields separated by spaces (board, side to move, castling, en passant, halfmove clock, move number); this one has { $count }.
fen-rank-count = The board of a FEN has 8 ranks separated by “/”; this one has { $count }.
fen-rank-length = Rank { $rank } of the FEN board does not describe exactly 8 squares.
fen-invalid-piece = “{ $char }” is not a piece letter (PNBRQK, pnbrqk) or a digit 1–8.
fen-invalid-turn = The side to move must be “w” or “b”.
fen-invalid-castling = The castling rights must be “-” or letters from KQkq.
fen-invalid-en-passant = The en passant field must be “-” or a square like e3.
fen-invalid-halfmoves = The halfmove clock must be a whole number, 0 or more.
fen-invalid-fullmoves = The move number must be a whole number, 1 or more.
fen-missing-king = { side } has no king.
fen-too-many-kings = { side } has more than one king.
fen-pawn-on-back-rank = A pawn on { $square }: pawns cannot stand on the first or the last rank.
fen-too-much-material = { side } has more pieces than a game can produce.
fen-opposite-check = The side that is not to move is in check.
fen-invalid-castling-right = A castling right with the rook on { $square }, but the king and that rook are not on their squares.
fen-impossible-en-passant = The en passant square { $square } is impossible: no pawn can have just passed it.

# Tournaments (the browser's pages).
web-nav-tournaments = Tournaments
web-nav-account = Account
web-acc-title = Your account
web-acc-intro = Log in, or choose a name and a password to sign up. No e-mail is needed; playing by link needs no account.
web-acc-log-in = Log in
web-acc-sign-up = Sign up
web-acc-username = Username
web-acc-password = Password
web-acc-signed-in-as = Logged in as
web-acc-log-out = Log out
web-acc-my-games = My games and profile
web-acc-tokens = Personal API tokens
web-acc-tokens-intro = A token lets a program — a bot, berserk, lichess-bot — act for your account, within the scopes you tick. It is shown once.
web-acc-token-description = What it is for
web-acc-token-scopes = What it may do
web-acc-token-create = Make a token
web-acc-token-shown-once = Copy it now: it is not shown again.
web-acc-token-revoke = Revoke
web-acc-token-none = No tokens yet.
web-acc-change-password = Change the password
web-acc-current-password = Current password
web-acc-new-password = New password
web-acc-password-changed = The password is changed; your other sessions have ended.
web-acc-close = Close the account
web-acc-close-warning = A closed account cannot log in again; its games stay, and its name is not given to anyone else.
web-acc-rating = rated games:
web-acc-ultra-bullet = UltraBullet
web-acc-correspondence = Correspondence
web-lobby = Lobby
web-lobby-quick = Quick pairing
web-lobby-seeks = Open games
web-lobby-no-seeks = No one is seeking a game right now: create one, or wait in a pool.
web-lobby-searching = Searching for an opponent…
web-lobby-cancel = Cancel
web-lobby-create = Create a game
web-lobby-accept = Play
web-lobby-log-in = Log in or sign up to play in the lobby
web-lobby-rating = Rating
web-lobby-player = Player
web-lobby-mode = Mode
web-lobby-rated = Rated
web-lobby-casual = Casual
web-lobby-rating-range = Rating range
web-prof-ratings = Ratings
web-prof-rated-games = { $count ->
    [one] 1 rated game
   *[other] { $count } rated games
}
web-prof-member-since = Member since
web-prof-games = Games
web-prof-wins = Won
web-prof-draws = Drawn
web-prof-losses = Lost
web-prof-playing = Playing now
web-prof-rating-chart = Rating history
web-prof-no-rated-games = No rated games yet.
web-prof-download = Download the games (PGN)
web-prof-closed = This account is closed.
web-prof-recent = Recent games
web-prof-no-games = No games yet.
web-prof-category = Category
web-prof-all-categories = All categories
web-prof-both-colours = Both colours
web-prof-rated-and-casual = Rated and casual
web-prof-vs = Against (name)
web-prof-playing-now = Playing now
web-chat-title = Chat
web-chat-players = Chat with your opponent
web-chat-spectators = Spectators' chat
web-chat-say = Say something…
web-chat-send = Send
web-chat-log-in = Log in to chat
web-players-title = Players
web-players-search = Search by name
web-players-none = No player by that name.
web-players-online = Online
web-players-find = Find a player
web-chal-challenge = Challenge to a game
web-chal-send = Send the challenge
web-chal-from = { $name } challenges you
web-chal-to = Waiting for { $name } to answer…
web-chal-accept = Accept
web-chal-decline = Decline
web-chal-reason = Reason
web-chal-cancel = Cancel the challenge
web-chal-declined = { $name } declined: { $reason }
web-chal-canceled = The challenge was canceled.
web-chal-expired = The challenge expired.
web-chal-accepted = The game has begun.
web-chal-open = Open challenge
web-chal-open-hint = The first two players who open this link and join play each other.
web-chal-join = Join
web-chal-join-white = Join as White
web-chal-join-black = Join as Black
web-chal-waiting-second = You are in. Waiting for the second player…
web-chal-log-in = Log in to play
web-chal-reserved = Kept for { $white } (White) and { $black } (Black).
web-chal-link-any = Link for anyone
web-chal-link-white = Link for White
web-chal-link-black = Link for Black
web-chal-view = Open
web-chal-new = New challenge
decline-generic = I'm not accepting challenges at the moment.
decline-later = This is not the right time for me, please ask again later.
decline-too-fast = This time control is too fast for me, please challenge again with a slower game.
decline-too-slow = This time control is too slow for me, please challenge again with a faster game.
decline-time-control = I'm not accepting challenges with this time control.
decline-rated = Please send me a rated challenge instead.
decline-casual = Please send me a casual challenge instead.
decline-standard = I'm not accepting variant challenges right now.
decline-variant = I'm not willing to play this variant right now.
decline-no-bot = I'm not accepting challenges from bots.
decline-only-bot = I'm only accepting challenges from bots.
web-lobby-waiting = { $count ->
    [one] 1 waiting
   *[other] { $count } waiting
}
web-tour-title = Tournaments
web-tour-intro = Run a club tournament: Swiss by the FIDE Dutch system or round robin, pairings with one click, standings with FIDE tie-breaks, printable sheets.
web-tour-new = New tournament
web-tour-name = Name
web-tour-system = System
web-tour-swiss = Swiss (FIDE Dutch)
web-tour-round-robin = Round robin
web-tour-rounds = Rounds
web-tour-double = Double round robin
web-tour-time-control = Time control (minutes + seconds a move: 90+30, 40/90+30)
web-tour-no-delay = A tournament's clock takes no delay (PGN cannot write one): leave out the d or b.
web-tour-no-draw-before = No draw offers before move
web-tour-create = Create tournament
web-tour-mine = Tournaments you organise
web-tour-none = None yet.
web-tour-organiser-link = Organiser link (keep it: it alone changes the tournament)
web-tour-public-link = Public link (pairings and standings)
web-tour-players = Players
web-tour-add-player = Add player
web-tour-player-name = Name
web-tour-rating = Rating
web-tour-player-title = Title
web-tour-federation = Fed.
web-tour-club = Club
web-tour-add = Add
web-tour-withdraw = Withdraw
web-tour-reinstate = Reinstate
web-tour-withdrawn = withdrawn
web-tour-round = Round
web-qr-code = QR code
web-tour-grid = The table (each pairing where the rows and columns cross)
web-tour-by-round = Round by round
web-tour-round-n = Round { $round }
web-tour-round-board = Round { $round }, board { $board }
web-tour-details = Event details
web-tour-city = Town or city
web-tour-start = First day
web-tour-end = Last day
web-tour-arbiter = Chief arbiter
web-tour-deputies = Deputy chief arbiters (one a line)
web-tour-deputies-short = Deputies
web-tour-schedule = Round dates and start times
web-tour-round-date = Date
web-tour-round-time = Start
web-tour-save-details = Save the details
web-tour-details-saved = Details saved.
web-tour-details-hint = They go into the TRF (for the rating report) and into each game’s PGN.
web-tour-family-name = Family name
web-tour-given-name = Given name
web-tour-no-round-yet = No round is paired yet.
web-tour-title-field = FIDE title (GM, IM, FM…)
web-tour-federation-field = Federation (HUN, AUT…)
web-tour-board = Board
web-tour-pair-round = Pair round { $round }
web-tour-unpair-round = Take back the pairing
web-tour-draw-lots = Draw the numbers by lot
web-tour-forbidden = Must not meet
web-tour-forbid-pair = Keep apart
web-tour-allow-pair = Allow
web-tour-lots-drawn = numbers drawn by lot
web-tour-pairings = Pairings
web-tour-standings = Standings
web-tour-crosstable = Crosstable
web-tour-place = Place
web-tour-rank = No.
web-tour-points = Pts
web-tour-bye = Bye
web-tour-bye-pairing = bye (1 point)
web-tour-bye-half = half-point bye
web-tour-bye-zero = zero-point bye
web-tour-bye-absent = not playing
web-tour-result = Result
web-tour-download-trf = Download TRF
web-tour-download-pgn = Download PGN
web-tour-print = Print
web-tour-finished = The tournament is over.
web-tour-next-add-players = Enter at least two players.
web-tour-next-results = Enter the results of the round.
web-tour-request-bye = Bye next round
web-tour-bye-none = none
web-tour-open = Open
web-tour-not-found = There is no such tournament.
web-tour-online = Online: each pairing becomes a game on this server, its result comes in by itself
web-tour-online-mode = online
web-tour-chess960 = Chess960: each round begins from a start position drawn for it, the same on every board
web-tour-rated = Rated: a game between two players with accounts moves their ratings on this server (online only)
web-tour-rated-mode = rated
web-tour-join-as-account = Enter with my account
web-tour-round-start960 = Chess960 position No. { $number }: { $rank }
web-tour-rules2017 = paired by the Dutch rules of 2017
web-tour-tiebreak-rules2024 = tie-breaks by the 2024 regulations
web-tour-you-are = You play as
web-tour-your-game = Play your game
web-tour-your-bye = You have no game this round.
web-tour-join = Join the tournament
web-tour-join-button = Join
web-tour-join-link = Join link (anyone who has it can enter)
web-tour-player-links = Players' links (each player's page and seat in their games)
web-tour-watch = Watch
web-tour-back = Back to the tournament
web-tour-performance = Perf.
web-tour-rating-change = Rtg ±
web-tour-bye-full = full-point bye
web-tour-import = Or continue a tournament begun elsewhere (Swiss-Manager, Vega…): its TRF file
