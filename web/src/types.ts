// Generated from the wire types (sakk-play's wire module, the server's answers) by
// `SAKK_WRITE_TYPES=1 cargo test -p sakk-server typescript`: do not edit.

export type SquareName = `${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

export type PgnResult = "1-0" | "0-1" | "1/2-1/2" | "*";

export type TerminationCode = "checkmate" | "resignation" | "timeout" | "stalemate" | "insufficient_material" | "dead_position" | "fivefold_repetition" | "seventyfive_moves" | "threefold_repetition" | "fifty_moves" | "agreement" | "aborted";

export type FactCode = "checkmate" | "stalemate" | "double_check" | "discovered_check" | "check" | "royal_fork" | "family_fork" | "fork" | "double_attack" | "capture" | "en_passant" | "castling" | "promotion";

export type Side = "white" | "black";

export type Opponent = "local" | "friend" | "computer";

export type GameStatus = "created" | "started" | "aborted" | "mate" | "resign" | "stalemate" | "outoftime" | "draw";

export type DelayKind = "simple" | "bronstein";

export type ClockPeriod = { 
/**
 * Moves to make in it; absent for the rest of the game.
 */
moves: number | null, 
/**
 * Time given for it.
 */
time: number, 
/**
 * Added after each move (Fischer).
 */
increment: number, 
/**
 * Delay per move.
 */
delay: number, 
/**
 * How the delay works; absent without a delay.
 */
delay_kind: DelayKind | null, };

export type ClockInUse = { 
/**
 * The starting time, in milliseconds.
 */
initial: number, 
/**
 * The first period's increment, in milliseconds.
 */
increment: number, 
/**
 * The first period's delay, in milliseconds.
 */
delay: number, 
/**
 * How the delay works; absent without a delay.
 */
delay_kind: DelayKind | null, 
/**
 * Every period (one for most games; the last repeats when it has a
 * move count).
 */
periods: Array<ClockPeriod>, 
/**
 * A sandclock (hourglass): the time one side uses flows to the other.
 */
sandclock: boolean, 
/**
 * Correspondence: days a move (then `periods` is empty and `initial`
 * is the days in milliseconds); absent for a clock.
 */
days?: number, 
/**
 * The PGN `TimeControl` tag's value.
 */
pgn: string, };

export type NextControlView = { 
/**
 * Moves still to make before it.
 */
moves: number, 
/**
 * The time it adds, in milliseconds.
 */
adds: number, };

export type RejectedClaim = { 
/**
 * The claimant.
 */
by: Side, 
/**
 * How often the position (after the declared move) had occurred.
 */
repetitions: number, 
/**
 * Moves by each side without a capture or pawn move.
 */
moves: number, 
/**
 * The declared move, in UCI, played.
 */
declared: string | null, 
/**
 * Milliseconds added to the opponent's clock (0 untimed).
 */
added_ms: number, };

export type OpeningInfo = { 
/**
 * The ECO code.
 */
eco: string, 
/**
 * The name.
 */
name: string, 
/**
 * Its class as the documents define them: `open` (1.e4 e5),
 * `semi_open` (1.e4, another reply), `closed` (everything else).
 */
class: "open" | "semi_open" | "closed" | null, };

export type MoveMarks = { 
/**
 * Codes, most telling first: `checkmate`, `stalemate`,
 * `double_check`, `discovered_check`, `check`, `royal_fork`,
 * `family_fork`, `fork`, `double_attack`, `capture`, `en_passant`,
 * `castling`, `promotion`.
 */
facts: Array<FactCode>, 
/**
 * The squares of the pieces a forking knight attacks besides the king,
 * else those of a double attack.
 */
forked: Array<SquareName>, };

export type Phase = "opening" | "middlegame" | "endgame";

export type NamedMate = "fools_mate" | "scholars_mate" | "smothered_mate" | "back_rank_mate";

export type ClockSpec = { 
/**
 * Initial time in seconds.
 */
limit?: number, 
/**
 * Fischer increment in seconds.
 */
increment?: number, 
/**
 * Delay in seconds.
 */
delay?: number, 
/**
 * How the delay works.
 */
delay_kind?: DelayKind, 
/**
 * A preset label instead (`5+3`, `40/90+30`).
 */
preset?: string, 
/**
 * Or any control in the PGN `TimeControl` form: periods
 * (`40/5400+30:1800+30`: 40 moves in 90 minutes, then 30 minutes,
 * +30 s a move), `300+3`, or a sandclock (`*180`: an hourglass of 3
 * minutes).
 */
control?: string, 
/**
 * Or a control as a player types it (`TimeControl::from_typed`): a
 * preset's label, else minutes + seconds a move (`15+10`), periods
 * (`40/90+30:30+30`), delays (`5+0d3`).
 */
text?: string, 
/**
 * Or correspondence: days a move (lichess's `days`), each move within
 * that many days of the opponent's.
 */
days?: number, };

export type GameVariant = "standard" | "chess960";

export type RulesSpec = { 
/**
 * Touch-move.
 */
touch_move: boolean, 
/**
 * No draw offer before this move.
 */
no_draw_offer_before: number, 
/**
 * The variant: standard chess (left out) or Chess960. Set from the
 * game's start position when it is made, not by the caller.
 */
variant?: GameVariant, };

export type GameState = { 
/**
 * The game id.
 */
id: string, 
/**
 * Who plays the other side.
 */
opponent: Opponent, 
/**
 * The computer's level, 1–8.
 */
level: number | null, 
/**
 * The human's colour against the computer.
 */
human_color: Side | null, 
/**
 * The start position.
 */
initial_fen: string, 
/**
 * The position now.
 */
fen: string, 
/**
 * The side to move.
 */
turn: Side, 
/**
 * The side to move is in check.
 */
check: boolean, 
/**
 * The moves in UCI, separated by spaces.
 */
moves: string, 
/**
 * The moves in SAN.
 */
san: Array<string>, 
/**
 * What each move did (one [`MoveMarks`] entry a move).
 */
marks: Array<MoveMarks>, 
/**
 * The phase of the game now.
 */
phase: Phase, 
/**
 * White's material minus Black's, by the documents' values (pawn 1,
 * knight and bishop 3, rook 5, queen 9).
 */
material: number, 
/**
 * The named mate the game ended with.
 */
named_mate: NamedMate | null, 
/**
 * Where the game stands, with lichess's names.
 */
status: GameStatus, 
/**
 * `1-0`, `0-1` or `1/2-1/2`, once over (absent for an aborted game).
 */
result: PgnResult | null, 
/**
 * How it ended.
 */
termination: TerminationCode | null, 
/**
 * The winner.
 */
winner: Side | null, 
/**
 * The side whose resignation or flag ended the game (with `result`,
 * `termination` and `winner`, all a client needs to say how it ended
 * in its own words: "White's time ran out, but Black cannot
 * checkmate: draw").
 */
ended_by: Side | null, 
/**
 * White's time left, in milliseconds.
 */
wtime: number | null, 
/**
 * Black's time left, in milliseconds.
 */
btime: number | null, 
/**
 * White's increment now, in milliseconds.
 */
winc: number | null, 
/**
 * Black's increment now, in milliseconds.
 */
binc: number | null, 
/**
 * White's next time control, when one is ahead (periods such as
 * 40 moves in 90 minutes, then 30 minutes).
 */
wnext: NextControlView | null, 
/**
 * Black's next time control, when one is ahead.
 */
bnext: NextControlView | null, 
/**
 * The clock that is running (none once the game is over).
 */
clock_running: Side | null, 
/**
 * The clock in use.
 */
clock: ClockInUse | null, 
/**
 * White offers a draw.
 */
wdraw: boolean, 
/**
 * Black offers a draw.
 */
bdraw: boolean, 
/**
 * White asks to take back.
 */
wtakeback: boolean, 
/**
 * Black asks to take back.
 */
btakeback: boolean, 
/**
 * The draws the side to move may claim now.
 */
claimable: Array<TerminationCode>, 
/**
 * The game may be aborted now (not both sides have moved).
 */
can_abort: boolean, 
/**
 * A takeback may be asked for now (a move to take back, no question
 * pending).
 */
can_takeback: boolean, 
/**
 * The side to move may offer a draw with its next move.
 */
can_offer_draw: boolean, 
/**
 * The last move (UCI) was declared with a correct draw claim: it is on
 * the scoresheet, and the claim was about the position after it.
 */
declared_move: string | null, 
/**
 * The incorrect draw claim just made, until the next move.
 */
rejected_claim: RejectedClaim | null, 
/**
 * The event rules.
 */
rules: RulesSpec, 
/**
 * Squares touched under touch-move.
 */
touched: Array<SquareName>, 
/**
 * Milliseconds since the Unix epoch.
 */
created_at: number, 
/**
 * The opening, when known.
 */
opening: OpeningInfo | null, 
/**
 * The rematch's game id, once started.
 */
rematch: string | null, 
/**
 * The tournament this game is a board of (no rematch then: the
 * tournament pairs the next game).
 */
tournament: string | null, };

export type ChatRoom = "player" | "spectator";

export type ChatLine = { 
/**
 * The room it was said in.
 */
room: ChatRoom, 
/**
 * Who said it (the account's name).
 */
username: string, 
/**
 * What was said.
 */
text: string, };

export type Event = { "type": "gameFull", 
/**
 * The game id.
 */
id: string, 
/**
 * The start position.
 */
initialFen: string, 
/**
 * The clock in use.
 */
clock: ClockInUse | null, 
/**
 * The state.
 */
state: GameState, } | { "type": "gameState" } & GameState | { "type": "gameDelta", 
/**
 * How many moves of the lists the watcher has stay as they are.
 */
from: number, 
/**
 * The game id.
 */
id: string, 
/**
 * Who plays the other side.
 */
opponent: Opponent, 
/**
 * The computer's level, 1–8.
 */
level: number | null, 
/**
 * The human's colour against the computer.
 */
human_color: Side | null, 
/**
 * The start position.
 */
initial_fen: string, 
/**
 * The position now.
 */
fen: string, 
/**
 * The side to move.
 */
turn: Side, 
/**
 * The side to move is in check.
 */
check: boolean, 
/**
 * The moves in UCI, separated by spaces.
 */
moves: string, 
/**
 * The moves in SAN.
 */
san: Array<string>, 
/**
 * What each move did (one [`MoveMarks`] entry a move).
 */
marks: Array<MoveMarks>, 
/**
 * The phase of the game now.
 */
phase: Phase, 
/**
 * White's material minus Black's, by the documents' values (pawn 1,
 * knight and bishop 3, rook 5, queen 9).
 */
material: number, 
/**
 * The named mate the game ended with.
 */
named_mate: NamedMate | null, 
/**
 * Where the game stands, with lichess's names.
 */
status: GameStatus, 
/**
 * `1-0`, `0-1` or `1/2-1/2`, once over (absent for an aborted game).
 */
result: PgnResult | null, 
/**
 * How it ended.
 */
termination: TerminationCode | null, 
/**
 * The winner.
 */
winner: Side | null, 
/**
 * The side whose resignation or flag ended the game (with `result`,
 * `termination` and `winner`, all a client needs to say how it ended
 * in its own words: "White's time ran out, but Black cannot
 * checkmate: draw").
 */
ended_by: Side | null, 
/**
 * White's time left, in milliseconds.
 */
wtime: number | null, 
/**
 * Black's time left, in milliseconds.
 */
btime: number | null, 
/**
 * White's increment now, in milliseconds.
 */
winc: number | null, 
/**
 * Black's increment now, in milliseconds.
 */
binc: number | null, 
/**
 * White's next time control, when one is ahead (periods such as
 * 40 moves in 90 minutes, then 30 minutes).
 */
wnext: NextControlView | null, 
/**
 * Black's next time control, when one is ahead.
 */
bnext: NextControlView | null, 
/**
 * The clock that is running (none once the game is over).
 */
clock_running: Side | null, 
/**
 * The clock in use.
 */
clock: ClockInUse | null, 
/**
 * White offers a draw.
 */
wdraw: boolean, 
/**
 * Black offers a draw.
 */
bdraw: boolean, 
/**
 * White asks to take back.
 */
wtakeback: boolean, 
/**
 * Black asks to take back.
 */
btakeback: boolean, 
/**
 * The draws the side to move may claim now.
 */
claimable: Array<TerminationCode>, 
/**
 * The game may be aborted now (not both sides have moved).
 */
can_abort: boolean, 
/**
 * A takeback may be asked for now (a move to take back, no question
 * pending).
 */
can_takeback: boolean, 
/**
 * The side to move may offer a draw with its next move.
 */
can_offer_draw: boolean, 
/**
 * The last move (UCI) was declared with a correct draw claim: it is on
 * the scoresheet, and the claim was about the position after it.
 */
declared_move: string | null, 
/**
 * The incorrect draw claim just made, until the next move.
 */
rejected_claim: RejectedClaim | null, 
/**
 * The event rules.
 */
rules: RulesSpec, 
/**
 * Squares touched under touch-move.
 */
touched: Array<SquareName>, 
/**
 * Milliseconds since the Unix epoch.
 */
created_at: number, 
/**
 * The opening, when known.
 */
opening: OpeningInfo | null, 
/**
 * The rematch's game id, once started.
 */
rematch: string | null, 
/**
 * The tournament this game is a board of (no rematch then: the
 * tournament pairs the next game).
 */
tournament: string | null, } | { "type": "chatLine" } & ChatLine;

export type ErrorBody = { 
/**
 * A stable code.
 */
error: string, 
/**
 * The words, in the language the request asked for (`?lang=en|hu`,
 * else `Accept-Language`; English by default).
 */
message: string, 
/**
 * In Hungarian (kept for clients written when `message` was always
 * English).
 */
message_hu: string, 
/**
 * The parameters of the message, by name (stable, like the code).
 */
params: Record<string, string>, };

export type Seats<T> = { 
/**
 * White's.
 */
white?: T, 
/**
 * Black's.
 */
black?: T, };

export type Links = { 
/**
 * The link for spectators.
 */
spectator: string, 
/**
 * White's.
 */
white?: string, 
/**
 * Black's.
 */
black?: string, };

export type Created = { 
/**
 * The game id.
 */
id: string, 
/**
 * The colour the creator plays: against the computer, and in a game
 * by link the seat whose link the creator keeps (the other link is for
 * the friend). Absent in a local game, where one device plays both.
 */
color: Side | null, 
/**
 * The seat tokens the creator holds (shown once: only their hashes are
 * stored).
 */
tokens: Seats<string>, 
/**
 * The links.
 */
urls: Links, };

export type Summary = { 
/**
 * The game id.
 */
id: string, 
/**
 * Who plays the other side.
 */
opponent: Opponent, 
/**
 * The computer's level.
 */
level: number | null, 
/**
 * The human's colour against the computer.
 */
human_color: Side | null, 
/**
 * Where the game stands, with lichess's names.
 */
status: GameStatus, 
/**
 * The result, once over (`*` for an aborted game).
 */
result: PgnResult | null, 
/**
 * How it ended, once over.
 */
termination: TerminationCode | null, 
/**
 * The clock in use.
 */
clock: ClockInUse | null, 
/**
 * Plies played.
 */
moves: number, 
/**
 * Milliseconds since the Unix epoch.
 */
created_at: number, 
/**
 * Milliseconds since the Unix epoch.
 */
updated_at: number, 
/**
 * White's name: the account's, or the tournament's entrant's.
 */
white_name: string | null, 
/**
 * Black's name, likewise.
 */
black_name: string | null, 
/**
 * White's title: `BOT` for a bot account, the tournament's entry
 * (`FM`) for an entrant.
 */
white_title: string | null, 
/**
 * Black's title, likewise.
 */
black_title: string | null, 
/**
 * White's rating as the game began: the account's in the game's
 * category, or the tournament's entry.
 */
white_rating: number | null, 
/**
 * Black's rating, likewise.
 */
black_rating: number | null, 
/**
 * Whether White's rating was provisional as the game began (`?`).
 */
white_provisional: boolean, 
/**
 * Whether Black's rating was provisional as the game began.
 */
black_provisional: boolean, 
/**
 * Whether the game counts for the players' ratings.
 */
rated: boolean, 
/**
 * The tournament and round, for a tournament's game.
 */
event: SummaryEvent | null, };

export type SummaryEvent = { 
/**
 * The tournament's id.
 */
id: string, 
/**
 * The tournament's name.
 */
name: string, 
/**
 * The round, from 1.
 */
round: number, };

export type GameList = { 
/**
 * The games, newest first.
 */
games: Array<Summary>, 
/**
 * Pass as `?after=` for the next page; absent on the last.
 */
next?: string, };

export type SeatReply = { 
/**
 * The colours the token plays.
 */
colors: Array<Side>, };

export type RematchReply = { 
/**
 * The new game.
 */
id: string, 
/**
 * The caller's colour in it.
 */
color: Side, 
/**
 * The caller's token in it (the same token as in the old game).
 */
token: string, 
/**
 * The caller's link.
 */
url: string, };

export type NewGameRequest = { 
/**
 * `local`, `friend` or `computer`.
 */
opponent: Opponent, 
/**
 * The creator's colour: `white`, `black` or `random` (not for a local
 * game).
 */
color?: Side | "random", 
/**
 * The computer's level, 1–8 (only against the computer).
 */
level?: number, 
/**
 * The clock, or none.
 */
clock?: ClockSpec, 
/**
 * Event rules.
 */
rules?: RulesSpec, 
/**
 * A start position other than the standard one (FEN, or `startpos`).
 */
fen?: string, 
/**
 * `standard` (the default) or `chess960`: then the start position is
 * `chess960`'s number, or the `fen` read as Chess960, or one drawn at
 * random.
 */
variant?: GameVariant, 
/**
 * A Chess960 start position's number, 0–959 (Scharnagl's; 518 is the
 * standard array).
 */
chess960?: number, };

export type Analysed = { 
/**
 * Centipawns from White's side (none when a mate is seen).
 */
cp: number | null, 
/**
 * Mate in this many moves from White's side (negative: Black mates).
 */
mate: number | null, 
/**
 * The best move, in UCI.
 */
best: string | null, 
/**
 * The best line, in UCI.
 */
pv: Array<string>, };

export type Analysis = { 
/**
 * Nodes searched per position.
 */
nodes: number, 
/**
 * One entry per position analysed, from the start.
 */
plies: Array<Analysed>, 
/**
 * The game had more positions than are analysed.
 */
truncated: boolean, };

export type TrialAction = { "kind": "move", 
/**
 * The move's text.
 */
text: string, 
/**
 * The piece letters of a SAN text.
 */
lang?: string, } | { "kind": "flag" } | { "kind": "claim" };

export type Trial = { 
/**
 * The start position (FEN).
 */
fen: string, 
/**
 * The moves played since (UCI), at most [`MAX_TRIAL_MOVES`]: they make
 * the history that repetition and the fifty-move rule count.
 */
moves?: Array<string>, 
/**
 * Squares the side to move has touched, in order: touch-move is in
 * force when there are any.
 */
touched?: Array<string>, 
/**
 * The action.
 */
action: TrialAction, };

export type TrialResult = { 
/**
 * The position now (FEN).
 */
fen: string, 
/**
 * The side to move now.
 */
turn: Side, 
/**
 * The side to move is in check.
 */
check: boolean, 
/**
 * The move played (UCI), for a move.
 */
uci: string | null, 
/**
 * The move played (SAN), for a move.
 */
san: string | null, 
/**
 * What the move did, for a move.
 */
marks: MoveMarks | null, 
/**
 * How the game ended, if it did.
 */
termination: TerminationCode | null, 
/**
 * `1-0`, `0-1` or `1/2-1/2`, if it ended.
 */
result: PgnResult | null, 
/**
 * The winner, if any.
 */
winner: Side | null, 
/**
 * The named mate the game ended with.
 */
named_mate: NamedMate | null, 
/**
 * The side whose flag fell, when a flag ended the game (as a game's
 * `ended_by`): what a client needs, with the result and the
 * termination, to say how it ended.
 */
ended_by: Side | null, 
/**
 * The draws the side to move may claim now.
 */
claimable: Array<TerminationCode>, };

export type TrialAnswer = { "accepted": TrialResult } | { "refused": number };

export type Answers = { 
/**
 * The position answered (FEN, after the moves).
 */
fen: string, 
/**
 * The side to move is in check there.
 */
check: boolean, 
/**
 * The last of the moves (UCI), if any.
 */
last: string | null, 
/**
 * The last move as a trial answers it (its result from the position
 * before), if there are moves: what a page shows for the position.
 */
last_answer: TrialResult | null, 
/**
 * Every refusal below, once: the error a trial answers, its words in
 * English and Hungarian.
 */
refusals: Array<ErrorBody>, 
/**
 * Each board move (UCI: `e2e4`, `e7e8q`), answered.
 */
moves: { [key in string]: TrialAnswer }, 
/**
 * Each legal move written out (SAN in `lang`'s letters, with and
 * without its check sign, and UCI), answered in those letters.
 */
written: { [key in string]: TrialAnswer }, 
/**
 * The same texts answered in any letters (a move written in other
 * letters is still a move).
 */
written_any: { [key in string]: TrialAnswer }, 
/**
 * A draw claimed now.
 */
claim: TrialAnswer, 
/**
 * The side to move's flag falling now.
 */
flag: TrialAnswer, };

export type LessonAnswers = { 
/**
 * The lesson's id.
 */
lesson: string, 
/**
 * Its start position (FEN).
 */
fen: string, 
/**
 * Its own moves (UCI), played before the learner's.
 */
moves: Array<string>, 
/**
 * The answers in the position after them.
 */
answers: Answers, };

export type ControlRead = { 
/**
 * The clock, period by period.
 */
clock: ClockInUse, };

export type StartSpec = { 
/**
 * The start position (FEN); the standard one when absent. Shredder
 * castling letters, or a castling king off the e-file, read as
 * Chess960 by themselves.
 */
fen?: string, 
/**
 * The variant; Chess960 reads `KQkq` as its outermost rooks.
 */
variant?: GameVariant, };

export type LineRequest = { 
/**
 * The moves (UCI), at most [`MAX_ANALYSIS_MOVES`].
 */
moves?: Array<string>, 
/**
 * The start position (FEN); the standard one when absent. Shredder
 * castling letters, or a castling king off the e-file, read as
 * Chess960 by themselves.
 */
fen?: string, 
/**
 * The variant; Chess960 reads `KQkq` as its outermost rooks.
 */
variant?: GameVariant, };

export type BoardNode = { 
/**
 * The position (FEN).
 */
fen: string, 
/**
 * The side to move.
 */
turn: Side, 
/**
 * The side to move is in check.
 */
check: boolean, 
/**
 * The named opening this position is, if it is one.
 */
opening: OpeningInfo | null, 
/**
 * How a game would have ended here: checkmate, stalemate, a dead
 * position, insufficient material.
 */
ended: TerminationCode | null, 
/**
 * The result that ending gives.
 */
result: PgnResult | null, };

export type BoardPly = { 
/**
 * The move (UCI).
 */
uci: string, 
/**
 * The move (SAN, English letters).
 */
san: string, 
/**
 * What the move did.
 */
marks: MoveMarks, 
/**
 * The position after it.
 */
node: BoardNode, };

export type LineRead = { 
/**
 * The variant the line is played in.
 */
variant: GameVariant, 
/**
 * The start position.
 */
start: BoardNode, 
/**
 * Its moves, in order.
 */
plies: Array<BoardPly>, };

export type TreeMove = { 
/**
 * The move (UCI).
 */
uci: string, 
/**
 * Its annotation glyphs (`1` = `!`, `2` = `?`, … PGN's NAGs).
 */
nags?: Array<number>, 
/**
 * A comment after it.
 */
comment?: string, 
/**
 * Lines played instead of it, from the position before it.
 */
variations?: Array<TreeLine>, };

export type TreeLine = { 
/**
 * A comment before its first move.
 */
comment?: string, 
/**
 * Its moves.
 */
moves: Array<TreeMove>, };

export type TagPair = { 
/**
 * The tag's name: letters, digits and `_`.
 */
name: string, 
/**
 * Its value.
 */
value: string, };

export type TreeRequest = { 
/**
 * Tags to write (the seven-tag roster is always written, `?` where
 * not given).
 */
tags?: Array<TagPair>, 
/**
 * The main line, with its comment before the first move.
 */
line: TreeLine, 
/**
 * The start position (FEN); the standard one when absent. Shredder
 * castling letters, or a castling king off the e-file, read as
 * Chess960 by themselves.
 */
fen?: string, 
/**
 * The variant; Chess960 reads `KQkq` as its outermost rooks.
 */
variant?: GameVariant, };

export type ImportRequest = { 
/**
 * One game or many, in PGN.
 */
pgn: string, };

export type ImportedSummary = { 
/**
 * Its id.
 */
id: string, 
/**
 * Where it opens (the analysis board).
 */
url: string, 
/**
 * The `White` tag.
 */
white: string, 
/**
 * The `Black` tag.
 */
black: string, 
/**
 * The result.
 */
result: string, 
/**
 * The `Event` tag.
 */
event: string, 
/**
 * The `Date` tag.
 */
date: string, 
/**
 * Plies of its main line.
 */
plies: number, };

export type MessageRef = { 
/**
 * The message's id (`rule-cannot-move-that-way`, `fen-invalid-piece`).
 */
id: string, 
/**
 * Its parameters.
 */
params: { [key in string]: string }, };

export type ImportProblem = { 
/**
 * The game's number in the file, from 1.
 */
game: number, 
/**
 * The line, from 1.
 */
line: number, 
/**
 * The problem's message (`pgn-bad-move`, …) and its parameters
 * (`move`: `12... Nf6`), whose `why` is `cause` in words.
 */
problem: MessageRef, 
/**
 * The move's refusal by the rules, or the FEN's reason.
 */
cause: MessageRef | null, };

export type ImportResult = { 
/**
 * The first game imported (lichess's answer names one game).
 */
id: string, 
/**
 * Where it opens.
 */
url: string, 
/**
 * Every game imported, in the file's order.
 */
games: Array<ImportedSummary>, 
/**
 * The games that were not.
 */
problems: Array<ImportProblem>, };

export type ImportedMove = { 
/**
 * Its annotation glyphs.
 */
nags: Array<number>, 
/**
 * Its comments, as one.
 */
comment: string | null, 
/**
 * Lines played instead of it.
 */
variations: Array<ImportedLine>, 
/**
 * The move (UCI).
 */
uci: string, 
/**
 * The move (SAN, English letters).
 */
san: string, 
/**
 * What the move did.
 */
marks: MoveMarks, 
/**
 * The position after it.
 */
node: BoardNode, };

export type ImportedLine = { 
/**
 * A comment before its first move.
 */
comment: string | null, 
/**
 * Its moves.
 */
moves: Array<ImportedMove>, };

export type ImportedGame = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its tags, in the file's order.
 */
tags: Array<TagPair>, 
/**
 * Its variant.
 */
variant: GameVariant, 
/**
 * Its start position.
 */
start: BoardNode, 
/**
 * Its moves, with their variations.
 */
line: ImportedLine, 
/**
 * Its PGN.
 */
pgn: string, };

export type EvalLine = { 
/**
 * Centipawns from White's side (none when a mate is seen).
 */
cp: number | null, 
/**
 * Mate in this many moves from White's side (negative: Black mates).
 */
mate: number | null, 
/**
 * The line, in UCI.
 */
pv: Array<string>, 
/**
 * The line, in SAN (English letters).
 */
san: Array<string>, };

export type EvalFrame = { 
/**
 * The depth completed.
 */
depth: number, 
/**
 * The deepest ply reached.
 */
seldepth: number, 
/**
 * Nodes searched so far.
 */
nodes: number, 
/**
 * Milliseconds since the search began.
 */
time_ms: number, 
/**
 * The best lines, best first (none in a position without moves).
 */
lines: Array<EvalLine>, 
/**
 * The search is over (the last frame).
 */
done: boolean, };

export type SystemKind = "swiss" | "round_robin";

export type NewTournament = { 
/**
 * The name.
 */
name: string, 
/**
 * The pairing system.
 */
system: SystemKind, 
/**
 * A Swiss tournament's planned rounds.
 */
rounds?: number, 
/**
 * A double round robin.
 */
double?: boolean, 
/**
 * The tie-breaks by FIDE code (`BH-C1`, `SB`, …); FIDE's suggestion for
 * the system when absent.
 */
tiebreaks?: Array<string>, 
/**
 * The time control, PGN style (`5400+30`, `40/7200:1800+30`).
 */
time_control?: string, 
/**
 * No draw offers before this move.
 */
no_draw_before?: number, 
/**
 * Played online: each pairing becomes a game on the server.
 */
online?: boolean, 
/**
 * Chess960: each round begins from one start position drawn for it.
 */
chess960?: boolean, 
/**
 * Rated (online only): a game between two players who are accounts
 * moves their ratings in the tournament's category.
 */
rated?: boolean, 
/**
 * A tournament begun elsewhere, to be continued here: its TRF (players
 * by their starting ranks, the rounds played; `XXR` gives the rounds
 * when `rounds` does not, `012` the name when `name` is empty).
 */
trf?: string, 
/**
 * Where and when, and who directs (a TRF's own when absent).
 */
details?: DetailsView, };

export type TournamentCreated = { 
/**
 * The tournament id.
 */
id: string, 
/**
 * The organiser's token: it alone changes the tournament. Shown once.
 */
organiser_token: string, 
/**
 * The organiser's link (the token in its fragment).
 */
organiser_url: string, 
/**
 * The public page: pairings and standings.
 */
public_url: string, };

export type ResultCode = "1-0" | "1/2-1/2" | "0-1" | "+/-" | "-/+" | "-/-";

export type ByeCode = "pairing" | "half" | "zero" | "full" | "absent";

export type TournamentAction = { "type": "add_player", 
/**
 * The name.
 */
name: string, 
/**
 * The rating.
 */
rating?: number, 
/**
 * The title.
 */
title?: string, 
/**
 * The federation.
 */
federation?: string, 
/**
 * The club.
 */
club?: string, 
/**
 * The FIDE id.
 */
fide_id?: bigint, } | { "type": "withdraw", 
/**
 * The player's entry number.
 */
player: number, } | { "type": "reinstate", 
/**
 * The player's entry number.
 */
player: number, } | { "type": "request_bye", 
/**
 * The player's entry number.
 */
player: number, 
/**
 * The round.
 */
round: number, 
/**
 * Half a point (else none).
 */
half: boolean, } | { "type": "set_forbidden", 
/**
 * One player's entry number.
 */
a: number, 
/**
 * The other's.
 */
b: number, 
/**
 * Must not meet (else: may).
 */
forbidden: boolean, } | { "type": "cancel_bye", 
/**
 * The player's entry number.
 */
player: number, 
/**
 * The round.
 */
round: number, } | { "type": "set_details", 
/**
 * The details (all of them: what is left out is cleared).
 */
details: DetailsView, } | { "type": "pair_round" } | { "type": "draw_lots" } | { "type": "unpair_round" } | { "type": "set_result", 
/**
 * The round, from 1.
 */
round: number, 
/**
 * The board, from 1.
 */
board: number, 
/**
 * The result, or none to clear it.
 */
result: ResultCode | null, };

export type RequestedByeView = { 
/**
 * The round.
 */
round: number, 
/**
 * Half a point (else none).
 */
half: boolean, };

export type PlayerView = { 
/**
 * The entry number (what actions name).
 */
id: number, 
/**
 * The starting rank.
 */
rank: number, 
/**
 * The name.
 */
name: string, 
/**
 * The rating.
 */
rating: number | null, 
/**
 * The title.
 */
title: string, 
/**
 * The federation.
 */
federation: string, 
/**
 * The club.
 */
club: string, 
/**
 * The FIDE id.
 */
fide_id: bigint | null, 
/**
 * The player's account on this server (its id), if the entry is one.
 */
account: string | null, 
/**
 * The score (`2.5`).
 */
points: string, 
/**
 * Withdrawn from this round on.
 */
withdrawn: number | null, 
/**
 * Byes asked for rounds not yet paired: `(round, half)`.
 */
byes: Array<RequestedByeView>, 
/**
 * The performance rating over the games played against rated
 * opponents.
 */
performance: number | null, 
/**
 * The estimated rating change by the FIDE Rating Regulations (`+12.4`;
 * K 20, or 10 from 2400, as for an established adult player), for a
 * rated player.
 */
rating_change: string | null, };

export type BoardView = { 
/**
 * The board number, from 1.
 */
board: number, 
/**
 * White's entry number.
 */
white: number, 
/**
 * Black's entry number.
 */
black: number, 
/**
 * White's score before the round.
 */
white_points: string, 
/**
 * Black's score before the round.
 */
black_points: string, 
/**
 * The result, once entered.
 */
result: ResultCode | null, 
/**
 * The game played online for it.
 */
game: string | null, };

export type ByeView = { 
/**
 * The player's entry number.
 */
player: number, 
/**
 * Why.
 */
kind: ByeCode, };

export type Chess960Start = { 
/**
 * Its number, 0–959 (Scharnagl's; 518 is the standard array).
 */
number: number, 
/**
 * Its FEN.
 */
fen: string, };

export type RoundView = { 
/**
 * The round number, from 1.
 */
number: number, 
/**
 * The boards.
 */
boards: Array<BoardView>, 
/**
 * The byes.
 */
byes: Array<ByeView>, 
/**
 * In a Chess960 tournament, the round's start position: its number
 * and FEN, the same on every board.
 */
chess960?: Chess960Start, };

export type StandingView = { 
/**
 * The place (shared when tied on everything).
 */
place: number, 
/**
 * The player's entry number.
 */
player: number, 
/**
 * The score.
 */
points: string, 
/**
 * Each tie-break's value as printed, in the tournament's order.
 */
values: Array<string>, };

export type CrossCell = { 
/**
 * The opponent's starting rank.
 */
opponent: number | null, 
/**
 * The player's colour.
 */
color: Side | null, 
/**
 * The TRF code of the outcome (`1`, `=`, `0`, `+`, `-`, `U`, `H`, `Z`),
 * none while the game goes on.
 */
outcome: string | null, };

export type NextStep = "add_players" | "pair" | "results" | "finished";

export type DetailsView = { 
/**
 * The town or city.
 */
city: string, 
/**
 * The federation's three-letter code (`HUN`).
 */
federation: string, 
/**
 * The first day.
 */
start: string | null, 
/**
 * The last day.
 */
end: string | null, 
/**
 * The chief arbiter.
 */
chief_arbiter: string, 
/**
 * The deputy chief arbiters.
 */
deputy_arbiters: Array<string>, 
/**
 * Each round's start, round 1 first (none: not set).
 */
rounds: Array<RoundStartView | null>, };

export type RoundStartView = { 
/**
 * The day (`2026-03-14`).
 */
date: string, 
/**
 * The time of day (`15:00`), if set.
 */
time: string | null, };

export type GameInTournament = { 
/**
 * The tournament's id.
 */
id: string, 
/**
 * The tournament's name.
 */
name: string, 
/**
 * The round, from 1.
 */
round: number, 
/**
 * The board, from 1.
 */
board: number, 
/**
 * White as entered.
 */
white: Entered, 
/**
 * Black as entered.
 */
black: Entered, };

export type Entered = { 
/**
 * The name.
 */
name: string, 
/**
 * The title, if any (`FM`).
 */
title: string, 
/**
 * The rating, if any.
 */
rating: number | null, };

export type TournamentView = { 
/**
 * The id.
 */
id: string, 
/**
 * Bumped by every change.
 */
version: number, 
/**
 * The name.
 */
name: string, 
/**
 * The pairing system.
 */
system: SystemKind, 
/**
 * A double round robin.
 */
double: boolean, 
/**
 * Played online: each board is a game on the server.
 */
online: boolean, 
/**
 * Paired by the 2017 text of the Dutch rules (a tournament begun
 * before February 2026).
 */
rules_2017: boolean, 
/**
 * Tie-breaks by the 2024 text of the Tie-Break Regulations (a
 * tournament begun before March 2026).
 */
tiebreak_rules_2024: boolean, 
/**
 * A round robin's numbers were drawn by lot.
 */
lots_drawn: boolean, 
/**
 * Pairs of players (entry numbers) who must not meet.
 */
forbidden: Array<[number, number]>, 
/**
 * The planned rounds.
 */
rounds_planned: number, 
/**
 * The time control, PGN style.
 */
time_control: string | null, 
/**
 * The time control as the rules library reads it (its periods), for
 * the page to say in words.
 */
control: ClockInUse | null, 
/**
 * No draw offers before this move.
 */
no_draw_before: number | null, 
/**
 * Chess960: each round begins from one start position drawn for it.
 */
chess960: boolean, 
/**
 * Rated: games between accounts move their ratings.
 */
rated: boolean, 
/**
 * Where and when, and who directs.
 */
details: DetailsView, 
/**
 * The tie-breaks' FIDE codes, in order.
 */
tiebreaks: Array<string>, 
/**
 * The players, by starting rank.
 */
players: Array<PlayerView>, 
/**
 * The rounds paired.
 */
rounds: Array<RoundView>, 
/**
 * The standings.
 */
standings: Array<StandingView>, 
/**
 * The crosstable: by starting rank, a cell a round.
 */
crosstable: Array<Array<CrossCell>>, 
/**
 * What the organiser does next.
 */
next: NextStep, };

export type TournamentChanged = { 
/**
 * The version now stored.
 */
version: number, };

export type JoinRequest = { 
/**
 * The name (an account's own when empty).
 */
name?: string, 
/**
 * The join link's token, when the request's bearer (or cookie) is the
 * account's.
 */
password?: string, 
/**
 * Enter as the account the request comes from (its session, or a
 * personal token with `tournament:write`; the link's token then as
 * `password`): its games are then the account's.
 */
account?: boolean, 
/**
 * The rating.
 */
rating?: number, 
/**
 * The title.
 */
title?: string, 
/**
 * The federation.
 */
federation?: string, 
/**
 * The club.
 */
club?: string, };

export type Joined = { 
/**
 * The new player's entry number.
 */
player: number, 
/**
 * Their token: their link to the tournament and their seat in each of
 * their games. Shown once.
 */
token: string, 
/**
 * Their link.
 */
url: string, 
/**
 * The tournament now.
 */
tournament: TournamentView, };

export type Me = { 
/**
 * The entry number.
 */
player: number, };

export type PlayerLink = { 
/**
 * The entry number.
 */
player: number, 
/**
 * The link; none for a player who joined by the join link (theirs
 * alone).
 */
url: string | null, };

export type TournamentLinks = { 
/**
 * The join link: whoever has it can enter themselves.
 */
join_url: string, 
/**
 * Each player's link.
 */
players: Array<PlayerLink>, };

export type Scope = "board:play" | "bot:play" | "challenge:read" | "challenge:write" | "tournament:write" | "preference:read";

export type PerfView = { 
/**
 * Rated games played in the category.
 */
games: number, 
/**
 * The rating, whole.
 */
rating: number, 
/**
 * The rating deviation, whole.
 */
rd: number, 
/**
 * Provisional (shown with `?`).
 */
prov?: boolean, };

export type Account = { 
/**
 * The name in lower case.
 */
id: string, 
/**
 * The name as its owner wrote it.
 */
username: string, 
/**
 * When it was made, milliseconds since the Unix epoch.
 */
createdAt: number, 
/**
 * `BOT` for a bot account.
 */
title?: string, 
/**
 * Closed (lichess: `disabled`).
 */
disabled?: boolean, 
/**
 * The player's page.
 */
url: string, 
/**
 * The ratings by category (lichess's keys: `bullet`, `blitz`, …),
 * the starting one where no rated game was played.
 */
perfs?: { [key in string]: PerfView }, 
/**
 * The account's games counted (lichess's `count`; with the ratings).
 */
count?: Count, };

export type Credentials = { 
/**
 * The name (any case, to log in).
 */
username: string, 
/**
 * The password.
 */
password: string, };

export type PasswordChange = { 
/**
 * The password now.
 */
currentPassword: string, 
/**
 * The password from now on.
 */
newPassword: string, };

export type CloseAccount = { 
/**
 * The password.
 */
password: string, };

export type NewToken = { 
/**
 * What it is for, to recognise it in the list (1 to 100 characters).
 */
description: string, 
/**
 * What it may do.
 */
scopes: Array<Scope>, };

export type TokenView = { 
/**
 * How it is named to revoke it.
 */
id: string, 
/**
 * What it is for.
 */
description: string, 
/**
 * What it may do.
 */
scopes: Array<Scope>, 
/**
 * When it was made, milliseconds since the Unix epoch.
 */
createdAt: number, };

export type TokenCreated = { 
/**
 * The token (`Authorization: Bearer …`).
 */
token: string, 
/**
 * How it is named to revoke it.
 */
id: string, 
/**
 * What it is for.
 */
description: string, 
/**
 * What it may do.
 */
scopes: Array<Scope>, 
/**
 * When it was made, milliseconds since the Unix epoch.
 */
createdAt: number, };

export type Count = { 
/**
 * Every game.
 */
all: number, 
/**
 * The rated ones.
 */
rated: number, 
/**
 * Won.
 */
win: number, 
/**
 * Lost.
 */
loss: number, 
/**
 * Drawn.
 */
draw: number, 
/**
 * In play now.
 */
playing: number, };

export type RatingHistory = { 
/**
 * lichess's name of the category (`Blitz`).
 */
name: string, 
/**
 * The points, oldest first.
 */
points: Array<[number, number, number, number]>, };

export type GamePlayer = { 
/**
 * The account id.
 */
id: string, 
/**
 * The name as written.
 */
name: string, 
/**
 * `BOT`, or none.
 */
title: string | null, 
/**
 * The rating in the game's category as the game began.
 */
rating: number | null, 
/**
 * Whether that rating was provisional (shown with `?`).
 */
provisional?: boolean, 
/**
 * The rating's change, once the game is rated.
 */
diff: number | null, };

export type GamePlayers = { 
/**
 * White, when an account plays it.
 */
white: GamePlayer | null, 
/**
 * Black, when an account plays it.
 */
black: GamePlayer | null, 
/**
 * Whether the game counts for the ratings.
 */
rated: boolean, 
/**
 * The tournament board this game is, with the players as entered.
 */
tournament: GameInTournament | null, };

export type UserStatus = { 
/**
 * The account id.
 */
id: string, 
/**
 * The name as written.
 */
name: string, 
/**
 * `BOT`, or none.
 */
title?: string, 
/**
 * Online now (its event stream open, on any node).
 */
online?: boolean, 
/**
 * In a game now.
 */
playing?: boolean, };

export type Found = { 
/**
 * The accounts, by name, with whether they are online and playing.
 */
result: Array<UserStatus>, };

export type SeekColor = "white" | "black" | "random";

export type NewSeek = { 
/**
 * Rated (JSON `true`, or the form's `true`).
 */
rated?: boolean, 
/**
 * The clock's initial time, in minutes (`0.5`, `3`, `15`).
 */
time?: number, 
/**
 * The clock's increment, seconds.
 */
increment?: number, 
/**
 * Days a move (correspondence, which the lobby does not take yet).
 */
days?: number, 
/**
 * The variant's key (`standard`).
 */
variant?: string, 
/**
 * The seeker's colour: `white`, `black`, `random` (a rated seek:
 * `random` only).
 */
color?: string, 
/**
 * The opponents' ratings wanted, as `1500-1800`.
 */
ratingRange?: string, };

export type SeekView = { 
/**
 * Its id (what accepting it names).
 */
id: string, 
/**
 * The seeker's name.
 */
user: string, 
/**
 * `BOT`, or none.
 */
title: string | null, 
/**
 * The seeker's rating in the seek's category.
 */
rating: bigint, 
/**
 * Whether that rating is provisional (shown with `?`).
 */
provisional: boolean, 
/**
 * Rated, or casual.
 */
rated: boolean, 
/**
 * The clock's initial time, seconds.
 */
limit: number, 
/**
 * The clock's increment, seconds.
 */
increment: number, 
/**
 * The category.
 */
speed: 'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence', 
/**
 * The colour the seeker asked for.
 */
color: SeekColor, 
/**
 * The ratings an opponent may have (none: any).
 */
rating_range: [bigint, bigint] | null, };

export type PoolView = { 
/**
 * Its id: the clock as `3+2` (minutes + seconds).
 */
id: string, 
/**
 * The clock's initial time, seconds.
 */
limit: number, 
/**
 * The clock's increment, seconds.
 */
increment: number, 
/**
 * The category.
 */
speed: 'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence', 
/**
 * The players waiting in it now.
 */
waiting: number, };

export type LobbyEvent = { "t": "lobby", 
/**
 * The seeks, oldest first.
 */
seeks: Array<SeekView>, 
/**
 * The pools.
 */
pools: Array<PoolView>, } | { "t": "seekAdded", 
/**
 * The seek.
 */
seek: SeekView, } | { "t": "seekRemoved", 
/**
 * The seek's id.
 */
id: string, 
/**
 * The game, when it was accepted.
 */
game: string | null, } | { "t": "pools", 
/**
 * The pools.
 */
pools: Array<PoolView>, } | { "t": "paired", 
/**
 * The memberships.
 */
members: [string, string], 
/**
 * The game.
 */
game: string, };

export type LobbyGame = { 
/**
 * The game's id.
 */
gameId: string, 
/**
 * Where it is played.
 */
url: string, };

export type Speed = "ultraBullet" | "bullet" | "blitz" | "rapid" | "classical" | "correspondence" | "chess960";

export type ChallengeStatus = "created" | "accepted" | "declined" | "canceled" | "expired";

export type LightUser = { 
/**
 * The account id.
 */
id: string, 
/**
 * The name as written.
 */
name: string, 
/**
 * `BOT`, or none.
 */
title: string | null, 
/**
 * The rating in the challenge's category.
 */
rating: number, 
/**
 * Whether that rating is provisional.
 */
provisional?: boolean, };

export type Variant = { 
/**
 * `standard`.
 */
key: string, 
/**
 * `Standard`.
 */
name: string, 
/**
 * `Std`.
 */
short: string, };

export type TimeControl = { "type": "clock", 
/**
 * Initial time, seconds.
 */
limit: number, 
/**
 * Increment, seconds.
 */
increment: number, 
/**
 * As shown: `5+3`.
 */
show: string, } | { "type": "correspondence", 
/**
 * The days.
 */
daysPerTurn: number, } | { "type": "unlimited" };

export type PerfName = { 
/**
 * `Blitz`, `Rapid`, …
 */
name: string, };

export type NewChallenge = { 
/**
 * Rated (JSON `true`, or the form's `true`).
 */
rated?: boolean, 
/**
 * The clock's initial time, seconds.
 */
"clock.limit"?: number, 
/**
 * The clock's increment, seconds.
 */
"clock.increment"?: number, 
/**
 * Days a move (correspondence).
 */
days?: number, 
/**
 * The challenger's colour: `white`, `black` or `random`.
 */
color?: string, 
/**
 * The variant's key.
 */
variant?: string, 
/**
 * A start position (FEN).
 */
fen?: string, };

export type Challenge = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its page.
 */
url: string, 
/**
 * Where it stands.
 */
status: ChallengeStatus, 
/**
 * Who challenges.
 */
challenger: LightUser, 
/**
 * Who is challenged.
 */
destUser: LightUser, 
/**
 * Standard, or from a position.
 */
variant: Variant, 
/**
 * Rated or casual.
 */
rated: boolean, 
/**
 * The category.
 */
speed: Speed, 
/**
 * The clock.
 */
timeControl: TimeControl, 
/**
 * The colour the challenger asked for.
 */
color: SeekColor, 
/**
 * The challenger's colour, drawn when the challenge was made.
 */
finalColor: Side, 
/**
 * The category's name.
 */
perf: PerfName, 
/**
 * The start position, when not the usual one.
 */
initialFen?: string, 
/**
 * `in` or `out`, in a list of the reader's.
 */
direction?: string, 
/**
 * The reason it was declined, in English.
 */
declineReason?: string, 
/**
 * The reason's key.
 */
declineReasonKey?: string, 
/**
 * The game it made, once accepted (sakk's addition).
 */
gameId?: string, };

export type Challenges = { 
/**
 * To the reader.
 */
in: Array<Challenge>, 
/**
 * From the reader.
 */
out: Array<Challenge>, };

export type NewOpenChallenge = { 
/**
 * Rated.
 */
rated?: boolean, 
/**
 * The clock's initial time, seconds.
 */
"clock.limit"?: number, 
/**
 * The clock's increment, seconds.
 */
"clock.increment"?: number, 
/**
 * Days a move (correspondence).
 */
days?: number, 
/**
 * The variant's key.
 */
variant?: string, 
/**
 * A start position (FEN).
 */
fen?: string, 
/**
 * A name shown on its page.
 */
name?: string, 
/**
 * The two accounts it is kept for, White's first, comma-separated.
 */
users?: string, 
/**
 * When it lapses, milliseconds since the Unix epoch (default: a day
 * from now; at most two weeks).
 */
expiresAt?: number, };

export type Open = { 
/**
 * White's and Black's ids (none: anyone).
 */
userIds?: [string, string], };

export type OpenChallenge = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its page.
 */
url: string, 
/**
 * Its page, joining as White.
 */
urlWhite: string, 
/**
 * Its page, joining as Black.
 */
urlBlack: string, 
/**
 * Where it stands.
 */
status: ChallengeStatus, 
/**
 * The first player who joined, if any (lichess: none).
 */
challenger: LightUser | null, 
/**
 * None: anyone may take it.
 */
destUser: LightUser | null, 
/**
 * Standard, or from a position.
 */
variant: Variant, 
/**
 * Rated or casual.
 */
rated: boolean, 
/**
 * The category.
 */
speed: Speed, 
/**
 * The clock.
 */
timeControl: TimeControl, 
/**
 * `random`: each joins as the colour they ask for.
 */
color: string, 
/**
 * The category's name.
 */
perf: PerfName, 
/**
 * The start position, when not the usual one.
 */
initialFen?: string, 
/**
 * The name shown on its page.
 */
name?: string, 
/**
 * Whom it is kept for.
 */
open: Open, 
/**
 * When it lapses, milliseconds since the Unix epoch.
 */
expiresAt: number, 
/**
 * The game it made, once accepted (sakk's addition).
 */
gameId?: string, };

export type AnyChallenge = Challenge | OpenChallenge;

export type Compat = { 
/**
 * The Bot API.
 */
bot: boolean, 
/**
 * The Board API.
 */
board: boolean, };

export type StatusObject = { 
/**
 * lichess's number for it.
 */
id: number, 
/**
 * Its name: `started`, `mate`, `resign`, …
 */
name: string, };

export type GameOpponent = { 
/**
 * Their id (none: the computer).
 */
id: string | null, 
/**
 * Their name (the computer's: `A.I. level 3`).
 */
username: string, 
/**
 * Their rating as the game began.
 */
rating?: number, 
/**
 * The computer's level, when the computer plays.
 */
ai?: number, };

export type GameEvent = { 
/**
 * The game id.
 */
gameId: string, 
/**
 * The same (lichess's `fullId` adds the player's part).
 */
fullId: string, 
/**
 * The same (what lichess-bot reads).
 */
id: string, 
/**
 * The position now.
 */
fen: string, 
/**
 * The reader's colour.
 */
color: string, 
/**
 * The last move, UCI.
 */
lastMove: string, 
/**
 * How the game came to be: `friend` (between accounts), `ai`
 * (against the computer).
 */
source: string, 
/**
 * Where it stands.
 */
status: StatusObject, 
/**
 * Standard, or from a position.
 */
variant: Variant, 
/**
 * The category.
 */
speed: Speed, 
/**
 * The category's key.
 */
perf: Speed, 
/**
 * Rated or casual.
 */
rated: boolean, 
/**
 * Whether the reader has moved.
 */
hasMoved: boolean, 
/**
 * The other player.
 */
opponent: GameOpponent, 
/**
 * Whether it is the reader's turn.
 */
isMyTurn: boolean, 
/**
 * The reader's time left, seconds.
 */
secondsLeft?: number, 
/**
 * Which APIs may play it.
 */
compat: Compat, 
/**
 * The winner, once over.
 */
winner?: string, 
/**
 * The reader's rating change, once rated.
 */
ratingDiff?: number, };

export type NowPlaying = { 
/**
 * The games.
 */
nowPlaying: Array<GameEvent>, };

export type AccountEvent = { "type": "challenge", 
/**
 * The challenge.
 */
challenge: Challenge, 
/**
 * Which APIs may play it.
 */
compat: Compat, } | { "type": "challengeCanceled", 
/**
 * The challenge.
 */
challenge: Challenge, } | { "type": "challengeDeclined", 
/**
 * The challenge.
 */
challenge: Challenge, } | { "type": "gameStart", 
/**
 * The game.
 */
game: GameEvent, } | { "type": "gameFinish", 
/**
 * The game.
 */
game: GameEvent, };

export type AiGame = { 
/**
 * The game id.
 */
id: string, 
/**
 * The same (lichess adds the player's part).
 */
fullId: string, 
/**
 * Standard, or from a position.
 */
variant: Variant, 
/**
 * The category.
 */
speed: Speed, 
/**
 * The category's key.
 */
perf: Speed, 
/**
 * Never rated.
 */
rated: boolean, 
/**
 * The start position.
 */
fen: string, 
/**
 * Plies played (the computer's first move comes after).
 */
turns: number, 
/**
 * `ai`.
 */
source: string, 
/**
 * `started`.
 */
status: StatusObject, 
/**
 * Milliseconds since the Unix epoch.
 */
createdAt: number, 
/**
 * The account's colour.
 */
player: string, };

export type Say = { 
/**
 * The room (none: the speaker's own).
 */
room?: ChatRoom, 
/**
 * What to say.
 */
text: string, };

export type ChatView = { 
/**
 * The room the reader speaks in and hears.
 */
room: ChatRoom, 
/**
 * Its lines, oldest first.
 */
lines: Array<ChatLine>, };

/** The piece letters of each UI language, keyed by the English letter (sakk::Lang::letter). */
export const PIECE_LETTERS = { en: { K: "K", Q: "Q", R: "R", B: "B", N: "N" }, hu: { K: "K", Q: "V", R: "B", B: "F", N: "H" } } as const;

/** lichess's reasons to decline a challenge (challenges::wire::DECLINE_REASONS). */
export const DECLINE_REASONS = ['generic', 'later', 'tooFast', 'tooSlow', 'timeControl', 'rated', 'casual', 'standard', 'variant', 'noBot', 'onlyBot'] as const;
