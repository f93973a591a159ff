# The rules guide's lessons in English (positions and tasks: lessons.json).
# Per lesson: -title, -text (the rule), -task (what to do), -done (why it worked),
# and -option-N for a question's answers.

learn-king-title = The king
learn-king-text = The king moves one square in any direction: along a file, a rank or a diagonal. It captures the same way, by moving onto the enemy piece's square. It may never move to a square the opponent attacks.
learn-king-task = Capture the black pawn with your king.
learn-king-done = The king stepped one square diagonally and captured. Kings alone cannot checkmate each other, so the game is over: a draw.

learn-rook-title = The rook
learn-rook-text = The rook moves any number of squares along a file or a rank, but it cannot jump: a piece in its way stops it. It captures by moving onto the enemy piece's square.
learn-rook-task = Capture the black knight with your rook.
learn-rook-done = Straight up the a-file. Try Rh1 too: your own king blocks the way.

learn-bishop-title = The bishop
learn-bishop-text = The bishop moves any number of squares along a diagonal, without jumping. A bishop stays on the colour of square it starts on for the whole game.
learn-bishop-task = Capture the black rook with your bishop.
learn-bishop-done = Along the long diagonal. Your bishop is a dark-squared bishop: it will never stand on a light square.

learn-queen-title = The queen
learn-queen-text = The queen moves like a rook and a bishop together: any number of squares along a file, a rank or a diagonal, without jumping. She is the strongest piece.
learn-queen-task = Capture the black rook with your queen.
learn-queen-done = A long diagonal move. The queen cannot jump like a knight, though: d1–e3 is not a queen move.

learn-knight-title = The knight
learn-knight-text = The knight moves in an L: two squares along a file or rank and then one square to the side. It is the only piece that jumps over others; it captures on the square it lands on.
learn-knight-task = Jump over your pawns and capture the black pawn.
learn-knight-done = The knight jumped over the pawns on the second rank. It cannot land on d2: your own pawn stands there.

learn-pawn-title = The pawn
learn-pawn-text = The pawn moves straight forward one square (two from its starting square), but it captures one square diagonally forward. A pawn blocked by any piece in front of it cannot move straight on.
learn-pawn-task = Your pawn on e4 is blocked. Capture the pawn on d5 instead.
learn-pawn-done = Pawns capture diagonally — the only piece that captures differently from the way it moves.

learn-castling-title = Castling
learn-castling-text = Castling moves the king two squares towards a rook, and that rook to the square the king crossed. It is allowed only if: (1) the king has not moved, (2) that rook has not moved, (3) no piece stands between them, (4) the king is not in check, and (5) the king does not pass through or land on a square the opponent attacks.
learn-castling-task = Try to castle queenside (drag the king to c1) — it is refused. Which condition is not met?
learn-castling-option-1 = The king has already moved.
learn-castling-option-2 = The rook on a1 has already moved.
learn-castling-option-3 = A piece stands between the king and the rook.
learn-castling-option-4 = The king is in check.
learn-castling-option-5 = The king would pass through a square the opponent attacks.
learn-castling-done = Right: the bishop on g4 attacks d1, the square the king would cross. Castling kingside is still allowed here.

learn-en-passant-title = En passant
learn-en-passant-text = When a pawn advances two squares from its starting square and lands beside an enemy pawn, that enemy pawn may capture it as if it had moved only one square — but only on the very next move. This is capturing “en passant” (in passing).
learn-en-passant-task = Black has just played d7–d5. Capture the pawn en passant with your e5 pawn.
learn-en-passant-done = Your pawn went to d6 and the pawn on d5 was removed. Wait one move and the right is gone.

learn-promotion-title = Promotion
learn-promotion-text = A pawn that reaches the last rank must at once be exchanged for a queen, rook, bishop or knight of its own colour, chosen by the player — even if such a piece is still on the board.
learn-promotion-task = Advance the pawn to a8 and choose its new piece.
learn-promotion-done = Promoted. Usually a queen; sometimes a knight or a rook is better, for example to avoid stalemate.

learn-check-title = Check, discovered and double check
learn-check-text = A king attacked by an enemy piece is in check, and the player must escape it at once: move the king, capture the attacker, or block the line. A discovered check comes from a piece that another piece's move unmasks; in a double check two pieces attack the king, and only a king move helps.
learn-check-task = Give a double check: move the knight so that it checks too, unmasking the rook.
learn-check-done = Knight and rook both check: the black king must move.

learn-checkmate-title = Checkmate
learn-checkmate-text = Checkmate is a check the king cannot escape. It ends the game at once: the side that gives mate wins. A classic picture: a king on the back rank, shut in by its own pawns.
learn-checkmate-task = Checkmate in one move.
learn-checkmate-done = A back-rank mate: the pawns on f7, g7 and h7 leave the king no square.

learn-stalemate-title = Stalemate
learn-stalemate-text = If the player to move has no legal move and is not in check, the game ends at once in a draw: stalemate. The stronger side must take care to leave the opponent a move.
learn-stalemate-task = Find the queen move that stalemates Black — the move to avoid in a real game.
learn-stalemate-done = Black is not in check but cannot move: stalemate, a draw. Qc8 would have been mate.

learn-repetition-title = Threefold repetition
learn-repetition-text = When the same position occurs for the third time, with the same player to move and the same possible moves, the player to move may claim a draw. At the fifth time the game is drawn without a claim.
learn-repetition-task = The knights have danced twice already. Play Black's move that repeats the position a third time, then claim the draw.
learn-repetition-done = Correct claim: the start position stood on the board for the third time.

learn-fifty-moves-title = The fifty-move rule
learn-fifty-moves-text = If each player has made fifty moves in a row without any capture or pawn move, the player to move may claim a draw. After seventy-five such moves the game is drawn without a claim.
learn-fifty-moves-task = The last 99 half-moves had no capture or pawn move. Make one more quiet move, then claim the draw.
learn-fifty-moves-done = The fiftieth move pair is complete: the claim is correct.

learn-insufficient-material-title = Insufficient material
learn-insufficient-material-text = When neither side has the pieces to checkmate — king against king, king and bishop or king and knight against king, or bishops all on squares of one colour — the game ends at once in a draw.
learn-insufficient-material-task = Capture Black's last pawn.
learn-insufficient-material-done = King and bishop against a lone king cannot checkmate: a draw at once.

learn-dead-position-title = Dead position
learn-dead-position-text = A position where neither player can checkmate by any series of legal moves is dead, and the game ends at once as a draw — even with many pieces on the board, for example when locked pawns form a wall the kings cannot cross.
learn-dead-position-task = Close the last gap in the pawn wall.
learn-dead-position-done = Every pawn is blocked and neither king can pass: nobody can ever mate, the position is dead.

learn-agreement-title = A draw by agreement
learn-agreement-text = The players may agree a draw. A player offers it after making a move and before pressing the clock; the opponent accepts or declines, by word or by making a move. Some competitions forbid offers before a given move (for example move 30).
learn-agreement-task = When is the right moment to offer a draw?
learn-agreement-option-1 = While the opponent is thinking about a move.
learn-agreement-option-2 = After making my own move, before pressing my clock.
learn-agreement-option-3 = Any time, even before the game starts.
learn-agreement-done = Right: offer with your move, then press the clock. Offering while the opponent thinks disturbs them.

learn-touch-move-title = Touch-move
learn-touch-move-text = A player who deliberately touches one of their pieces must move it, if it can move; one who touches an enemy piece must capture it, if it can be captured. To adjust a piece without obligation, say “j'adoube” (“I adjust”) first.
learn-touch-move-task = You have touched the knight on g1. Try to play e4 — then make the move the rule requires.
learn-touch-move-done = The touched knight moved, as the rule requires.

learn-clock-title = The clock and the flag
learn-clock-text = A player who has not completed the required moves when their time runs out loses — unless the opponent cannot checkmate by any series of legal moves: then the game is drawn.
learn-clock-task = Black's time runs out here. Press “The flag falls” to see the rules decide, and answer: what is the result?
learn-clock-option-1 = White wins: Black ran out of time.
learn-clock-option-2 = A draw: White has only the king and cannot checkmate.
learn-clock-option-3 = Black wins: Black has the queen.
learn-clock-done = A draw: a lone king can never checkmate, so Black's fallen flag does not lose.

learn-notation-title = Notation with Hungarian letters
learn-notation-text = Moves are written with the piece's letter and the target square; pawn moves have no letter. In Hungarian the letters are K (király, king), V (vezér, queen), B (bástya, rook), F (futó, bishop) and H (huszár, knight); in English K, Q, R, B, N. A capture adds x (Hxe5), check + and mate #; castling is O-O and O-O-O.
learn-notation-task = Type the move that brings the knight from g1 to f3, in Hungarian notation.
learn-notation-done = Hf3 — in English the same move is Nf3.
learn-other-letters = { $text } is that move in other letters: write it with the Hungarian ones (king K, queen V, rook B, bishop F, knight H).
learn-offline = No connection: the guide checks each move with the server. The lessons and their questions still work; moves will again once the network is back.
