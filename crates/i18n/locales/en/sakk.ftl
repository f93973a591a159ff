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
rule-claim-refused = The claim is not correct: the position has occurred { $repetitions ->
    [one] once
   *[other] { $repetitions } times
} (three are needed) and { $moves } moves have been made without a capture or pawn move (fifty are needed).{ $played ->
    [yes] { " " }The declared move stands and has been played.
   *[no] {""}
}
rule-abort-too-late = Both players have moved: the game can no longer be aborted.
rule-nothing-to-take-back = There is no move to take back.
rule-touch-move-off = Touch-move is not a rule of this game.
rule-unreadable-move = This is not a move: write it like e4, Nf3, exd5, O-O, e8=Q or g1f3.
rule-ambiguous-move = More than one piece can make this move: add the file or rank it comes from (e.g. Nbd2).

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
error-too-large = The request body is too large.
error-storage-unavailable = The change could not be stored, so nothing was changed. Try again in a moment.
error-rate-limited = Too many requests; try again in { $seconds } s.
error-engine-busy = The engine is busy; try again in a moment.
error-shutting-down = The server is restarting; try again in a moment.
error-internal = Something went wrong on the server; nothing was changed.
error-bad-request = Bad request: { $detail }
error-bad-opponent = opponent must be local, friend or computer.
error-bad-color = color must be white, black or random.
error-bad-level = level must be 1 to 8.
error-bad-fen = Bad FEN: { $detail }
error-bad-clock = Bad clock: { $detail }
error-bad-lang = lang must be en, hu, de or fr.
error-bad-square = Not a square like e4.
error-bad-answer = Answer yes or no.
error-bad-status = status must be created, started or ended.
error-bad-cursor = after: not a page cursor.
error-game-not-over = This is possible only after the game.

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
