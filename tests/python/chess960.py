#!/usr/bin/env python3
"""Chess960 in the `sakk` command against python-chess.

- The start positions: `sakk perft --chess960=N` against python-chess's
  perft of `Board.from_chess960_pos(N)` (a sample at depth 3 and 4 here;
  `--all` takes all 960 at depth 4, a benchmark of some minutes).
- Random games from random start positions, castling taken whenever
  python-chess offers it half of the time, replayed with `sakk replay
  --each` and compared ply by ply: the board, side to move, castling
  rights (X-FEN), check, the legal moves in Chess960's UCI (king takes
  rook) and each move's SAN. The start is given three ways: `--chess960=N`,
  a Shredder-FEN read as Chess960 by itself, an X-FEN with `--chess960`.
- PGN: the games written by python-chess (`Variant "Chess960"`, `FEN`),
  checked by `sakk pgn check` and written back by `sakk pgn export`, read
  again by python-chess with the same moves.
- The engine: `sakk uci` driven by python-chess's engine module (which
  sets `UCI_Chess960` itself) plays whole games from Chess960 starts;
  python-chess refuses any illegal move. A search limited to a castling
  move (`searchmoves`) must answer that castling move.

Usage: chess960.py SAKK_BINARY [--games N] [--seed S] [--all]
Exits non-zero on the first disagreement.
"""

import argparse
import io
import json
import random
import subprocess
import sys

import chess
import chess.engine
import chess.pgn


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def sakk_perft(binary, number, depth):
    out = subprocess.run(
        [binary, "perft", f"--chess960={number}", str(depth)],
        capture_output=True, text=True, check=True,
    ).stdout
    return int(out.split()[-1])


def check_perft(binary, numbers, depth):
    for n in numbers:
        want = perft(chess.Board.from_chess960_pos(n), depth)
        got = sakk_perft(binary, n, depth)
        if got != want:
            raise AssertionError(f"perft({depth}) of Chess960 #{n}: sakk {got}, python-chess {want}")
    print(f"perft depth {depth}: {len(numbers)} start positions agree")


def random_game(rng, number, plies):
    board = chess.Board.from_chess960_pos(number)
    moves = []
    while board.outcome(claim_draw=False) is None and len(moves) < plies:
        legal = list(board.legal_moves)
        castles = [m for m in legal if board.is_castling(m)]
        if castles and rng.random() < 0.5:
            m = rng.choice(castles)
        else:
            m = rng.choice(legal)
        moves.append(m)
        board.push(m)
    return board, moves


def expected(number, moves):
    board = chess.Board.from_chess960_pos(number)
    states = [state(board, None)]
    for m in moves:
        san = board.san(m)
        board.push(m)
        states.append(state(board, (m.uci(), san)))
    return states


def state(board, last):
    return {
        "board": board.board_fen(),
        "turn": "white" if board.turn else "black",
        "castling": board.castling_xfen(),
        "check": board.is_check(),
        "legal_moves": sorted(m.uci() for m in board.legal_moves),
        "moves": [] if last is None else [{"uci": last[0], "san": last[1]}],
    }


def actual(binary, start_args, moves):
    proc = subprocess.run(
        [binary, "replay", "--each", *start_args, *(m.uci() for m in moves)],
        capture_output=True, text=True, check=False,
    )
    if proc.returncode != 0:
        raise AssertionError(f"sakk replay {start_args} failed ({proc.returncode}): {proc.stderr}")
    states = []
    for line in proc.stdout.splitlines():
        v = json.loads(line)
        fields = v["fen"].split(" ")
        states.append({
            "board": fields[0],
            "turn": v["turn"],
            "castling": fields[2],
            "check": v["check"],
            "legal_moves": sorted(v["legal_moves"]),
            "moves": v["moves"],
        })
    return states


def check_games(binary, rng, games):
    castled = 0
    pgn = io.StringIO()
    played = []
    for i in range(games):
        number = rng.randrange(960)
        board, moves = random_game(rng, number, 120)
        start = chess.Board.from_chess960_pos(number)
        ways = [
            [f"--chess960={number}"],
            ["--fen", start.shredder_fen()],
            ["--chess960", "--fen", start.fen()],
        ]
        start_args = ways[i % 3]
        want = expected(number, moves)
        got = actual(binary, start_args, moves)
        if len(got) != len(want):
            raise AssertionError(f"#{number} {start_args}: {len(got)} states, want {len(want)}")
        for ply, (w, g) in enumerate(zip(want, got)):
            if w != g:
                diff = {k: (w[k], g[k]) for k in w if w[k] != g[k]}
                raise AssertionError(f"#{number} {start_args}, ply {ply}: (python-chess, sakk) {diff}")
        replay = chess.Board.from_chess960_pos(number)
        for m in moves:
            castled += replay.is_castling(m)
            replay.push(m)
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Chess960 #{number}"
        print(game, file=pgn, end="\n\n")
        played.append(moves)
    if castled == 0:
        raise AssertionError("no game castled: the test did not test castling")
    print(f"{games} random games agree ply by ply ({castled} castlings)")
    return pgn.getvalue(), played


def check_pgn(binary, text, played, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    check = subprocess.run([binary, "pgn", "check", path], capture_output=True, text=True, check=False)
    last = check.stdout.strip().splitlines()[-1] if check.stdout.strip() else ""
    # A random game may end with a result the final position contradicts
    # (python-chess writes `*` for an unfinished one): only reading errors
    # and the count matter here.
    if f"games: {len(played)}," not in last or "move" in check.stdout.split("games:")[0]:
        raise AssertionError(f"sakk pgn check: {check.stdout}{check.stderr}")
    export = subprocess.run([binary, "pgn", "export", path], capture_output=True, text=True, check=True).stdout
    stream = io.StringIO(export)
    for i, moves in enumerate(played):
        game = chess.pgn.read_game(stream)
        if game is None:
            raise AssertionError(f"the export has {i} games, not {len(played)}")
        if game.headers.get("Variant", "").lower() != "chess960" or not game.board().chess960:
            raise AssertionError(f"game {i + 1}: not Chess960 in the export: {game.headers}")
        if game.errors:
            raise AssertionError(f"game {i + 1}: python-chess reads the export with errors {game.errors}")
        if list(game.mainline_moves()) != moves:
            raise AssertionError(f"game {i + 1}: other moves after sakk pgn export")
    print(f"PGN: {len(played)} games checked, exported and read back with the same moves")


def check_engine(binary, rng, games):
    with chess.engine.SimpleEngine.popen_uci([binary, "uci"]) as engine:
        if "UCI_Chess960" not in engine.options:
            raise AssertionError("sakk uci offers no UCI_Chess960")
        plies = 0
        for _ in range(games):
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            while board.outcome(claim_draw=True) is None and board.ply() < 200:
                # python-chess raises on a move that is not legal here.
                result = engine.play(board, chess.engine.Limit(depth=3))
                board.push(result.move)
                plies += 1
        # A castling move, and only it, searched: it comes back as such.
        asked = 0
        for _ in range(200):
            board, _ = random_game(rng, rng.randrange(960), rng.randrange(4, 30))
            castles = [m for m in board.legal_moves if board.is_castling(m)]
            if not castles or board.is_game_over():
                continue
            m = rng.choice(castles)
            result = engine.play(board, chess.engine.Limit(depth=2), root_moves=[m])
            if result.move != m:
                raise AssertionError(f"{board.fen()}: searched only {m.uci()}, answered {result.move}")
            asked += 1
            if asked == 10:
                break
        if asked == 0:
            raise AssertionError("no position with castling to ask the engine about")
    print(f"engine: {games} games, {plies} legal moves; {asked} castlings searched alone came back")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=960)
    parser.add_argument("--all", action="store_true", help="perft of all 960 start positions at depth 4")
    parser.add_argument("--pgn", default="/tmp/sakk-chess960.pgn")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.all:
        check_perft(args.binary, range(960), 4)
        return 0
    sample = sorted({518, 0, 959, *rng.sample(range(960), 30)})
    check_perft(args.binary, sample, 3)
    check_perft(args.binary, sample[:6], 4)
    text, played = check_games(args.binary, rng, args.games)
    check_pgn(args.binary, text, played, args.pgn)
    check_engine(args.binary, rng, 2)
    print("chess960: all agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
